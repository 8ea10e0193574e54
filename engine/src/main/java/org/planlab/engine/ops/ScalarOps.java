package org.planlab.engine.ops;

import org.planlab.engine.data.ScalarValue;
import org.planlab.engine.lang.types.ValueType;

/**
 * DML's scalar operators: integer op integer stays integer for + - * %/% %% min max (booleans
 * count as integers 0/1), {@code /}, {@code ^} and log give doubles, comparisons and logical
 * operators give booleans, and {@code +} with a string operand concatenates. As SystemDS 3.3.0:
 * on two integers {@code %/%} and {@code %%} cast the double result to {@code long}, so
 * {@code 7 %% 0} and {@code 0 %/% 0} are 0 and {@code -7 %/% 0} is -2<sup>63</sup>, while a
 * result of 2<sup>63</sup> or more ({@code 7 %/% 0}) is an overflow error; the bitwise operators
 * give an integer on two integers ({@link BinaryOp#applyIntegers}) and a double otherwise,
 * booleans included; {@code xor} gives a boolean on two booleans and 1.0/0.0 otherwise; the
 * cell-wise predicates {@code isNaN}, {@code is.na}, {@code is.nan} and {@code is.infinite}
 * give 1.0/0.0. The one copy of
 * these semantics: the runtime's scalar instructions, compile-time constant folding (optimizer
 * paper, sec. 3.1) and the scalar values size propagation derives (sec. 3.2, 4.2) all call it, so
 * a folded value is exactly the value the runtime would compute. Operations the runtime rejects
 * throw {@link IllegalArgumentException}.
 */
public final class ScalarOps {
  private ScalarOps() {
  }

  /** {@code a op b} on scalars. */
  public static ScalarValue binary(BinaryOp op, ScalarValue a, ScalarValue b) {
    boolean strings = a.valueType() == ValueType.STRING || b.valueType() == ValueType.STRING;
    if (op == BinaryOp.PLUS && strings) {
      return ScalarValue.of(a.asString() + b.asString());
    }
    switch (op) {
      case EQ, NEQ, LT, LE, GT, GE:
        if (strings) {
          // a string compared with a number compares the number's text, as SystemDS does
          // (1.5 == "1.5" is TRUE, 0 == "NaN" FALSE)
          return ScalarValue.of(compare(op, a.asString().compareTo(b.asString())));
        }
        return ScalarValue.of(op.apply(a.asDouble(), b.asDouble()) != 0);
      case AND:
        return ScalarValue.of(a.asBoolean() && b.asBoolean());
      case OR:
        return ScalarValue.of(a.asBoolean() || b.asBoolean());
      default:
        break;
    }
    if (strings) {
      throw new IllegalArgumentException("operator " + op.symbol() + " is not defined for "
          + "strings (\"" + a.asString() + "\", \"" + b.asString() + "\")");
    }
    if (op == BinaryOp.XOR) {
      return a.valueType() == ValueType.BOOLEAN && b.valueType() == ValueType.BOOLEAN
          ? ScalarValue.of(a.asBoolean() != b.asBoolean())
          : ScalarValue.of(op.apply(a.asDouble(), b.asDouble()));
    }
    if (op.bitwise()) {
      return a.valueType() == ValueType.INTEGER && b.valueType() == ValueType.INTEGER
          ? ScalarValue.of(op.applyIntegers(a.asLong(), b.asLong()))
          : ScalarValue.of(op.apply(a.asDouble(), b.asDouble()));
    }
    double r = op.apply(a.asDouble(), b.asDouble());
    if ((op == BinaryOp.INTDIV || op == BinaryOp.MOD) && integral(a) && integral(b)) {
      if (r >= 0x1p63) {
        throw new IllegalArgumentException("integer operation " + a.asString() + " "
            + op.symbol() + " " + b.asString() + " overflows a long (" + r + ")");
      }
      return ScalarValue.of((long) r);
    }
    if (integral(a) && integral(b) && keepsIntegers(op) && r == Math.rint(r)
        && Math.abs(r) < 0x1p63) {
      return ScalarValue.of((long) r);
    }
    return ScalarValue.of(r);
  }

  /** {@code op a} on a scalar. */
  public static ScalarValue unary(UnaryOp op, ScalarValue a) {
    switch (op) {
      case NOT:
        return ScalarValue.of(!a.asBoolean());
      case ISNAN, ISINF:
        return ScalarValue.of(op.apply(a.asDouble()));
      case NEG, ABS, SIGN:
        if (integral(a)) {
          return ScalarValue.of((long) op.apply(a.asDouble()));
        }
        return ScalarValue.of(op.apply(a.asDouble()));
      default:
        return ScalarValue.of(op.apply(a.asDouble()));
    }
  }

  /** {@code op(a, b, c, ...)} of DML's n-ary min and max: the binary operator left to right. */
  public static ScalarValue nary(BinaryOp op, java.util.List<ScalarValue> operands) {
    ScalarValue acc = operands.get(0);
    for (int i = 1; i < operands.size(); i++) {
      acc = binary(op, acc, operands.get(i));
    }
    return acc;
  }

  /**
   * {@code as.double}, {@code as.integer}, {@code as.logical} and {@code toString}-style casts of
   * a scalar: doubles truncate toward zero to integers, strings parse (or are rejected).
   */
  public static ScalarValue cast(ScalarValue v, ValueType to) {
    return switch (to) {
      case DOUBLE -> ScalarValue.of(v.asDouble());
      case INTEGER -> ScalarValue.of(v.asLong());
      case BOOLEAN -> ScalarValue.of(v.asBoolean());
      case STRING -> ScalarValue.of(v.asString());
      default -> v;
    };
  }

  private static boolean compare(BinaryOp op, int c) {
    return switch (op) {
      case EQ -> c == 0;
      case NEQ -> c != 0;
      case LT -> c < 0;
      case LE -> c <= 0;
      case GT -> c > 0;
      default -> c >= 0;
    };
  }

  private static boolean integral(ScalarValue v) {
    return v.valueType() == ValueType.INTEGER || v.valueType() == ValueType.BOOLEAN;
  }

  private static boolean keepsIntegers(BinaryOp op) {
    return switch (op) {
      case PLUS, MINUS, MULT, INTDIV, MOD, MIN, MAX -> true;
      default -> false;
    };
  }
}
