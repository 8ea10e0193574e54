package org.planlab.engine.lang.validate;

import org.planlab.engine.lang.ast.BinaryOperator;

/**
 * Folds binary operators on scalar constants (Long, Double, Boolean, String), for the size checks
 * of validation. Deliberately small: integer division, modulo and string formatting of numbers are
 * left to the compiler's constant folding, so no semantics are decided twice.
 */
final class ConstantFolding {
  private ConstantFolding() {}

  /** The value of {@code a op b}, or null if not folded. */
  static Object fold(BinaryOperator op, Object a, Object b) {
    if (a == null || b == null) {
      return null;
    }
    if (a instanceof String sa && b instanceof String sb) {
      return strings(op, sa, sb);
    }
    if (a instanceof String || b instanceof String) {
      return null;
    }
    if (op.isLogical()) {
      boolean x = truth(a);
      boolean y = truth(b);
      return op == BinaryOperator.AND ? x && y : x || y;
    }
    Object x = a instanceof Boolean ba ? (Object) (ba ? 1L : 0L) : a;
    Object y = b instanceof Boolean bb ? (Object) (bb ? 1L : 0L) : b;
    if (op.isComparison()) {
      int cmp =
          x instanceof Long lx && y instanceof Long ly
              ? Long.compare(lx, ly)
              : Double.compare(((Number) x).doubleValue(), ((Number) y).doubleValue());
      boolean nan =
          Double.isNaN(((Number) x).doubleValue()) || Double.isNaN(((Number) y).doubleValue());
      return switch (op) {
        case LESS -> !nan && cmp < 0;
        case LESS_EQUAL -> !nan && cmp <= 0;
        case GREATER -> !nan && cmp > 0;
        case GREATER_EQUAL -> !nan && cmp >= 0;
        case EQUAL -> !nan && cmp == 0;
        case NOT_EQUAL -> nan || cmp != 0;
        default -> null;
      };
    }
    if (x instanceof Long lx && y instanceof Long ly) {
      try {
        return switch (op) {
          case PLUS -> Math.addExact(lx, ly);
          case MINUS -> Math.subtractExact(lx, ly);
          case MULT -> Math.multiplyExact(lx, ly);
          case DIV -> (double) lx / (double) ly;
          case POW -> Math.pow(lx, ly);
          default -> null;
        };
      } catch (ArithmeticException overflow) {
        return null;
      }
    }
    double dx = ((Number) x).doubleValue();
    double dy = ((Number) y).doubleValue();
    return switch (op) {
      case PLUS -> dx + dy;
      case MINUS -> dx - dy;
      case MULT -> dx * dy;
      case DIV -> dx / dy;
      case POW -> Math.pow(dx, dy);
      default -> null;
    };
  }

  private static Object strings(BinaryOperator op, String a, String b) {
    return switch (op) {
      case PLUS -> a + b;
      case EQUAL -> a.equals(b);
      case NOT_EQUAL -> !a.equals(b);
      default -> null;
    };
  }

  private static boolean truth(Object v) {
    if (v instanceof Boolean b) {
      return b;
    }
    return ((Number) v).doubleValue() != 0;
  }
}
