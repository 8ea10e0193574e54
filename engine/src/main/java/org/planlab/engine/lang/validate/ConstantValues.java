package org.planlab.engine.lang.validate;

import org.planlab.engine.data.ScalarValue;
import org.planlab.engine.lang.ast.BinaryOperator;
import org.planlab.engine.ops.BinaryOp;
import org.planlab.engine.ops.ScalarOps;

/**
 * The values of binary operators on scalar constants (Long, Double, Boolean, String), for the
 * size checks of validation. Computed by the runtime's scalar semantics ({@link ScalarOps}), so
 * a size validation derives is the size the runtime will see; an operation the runtime rejects
 * has no value here either.
 */
final class ConstantValues {
  private ConstantValues() {}

  /** The value of {@code a op b}, or null when an operand is not constant or the runtime fails. */
  static Object binary(BinaryOperator op, Object a, Object b) {
    if (a == null || b == null || op == BinaryOperator.MATMULT) {
      return null;
    }
    ScalarValue x = wrap(a);
    ScalarValue y = wrap(b);
    if (x == null || y == null) {
      return null;
    }
    try {
      return unwrap(ScalarOps.binary(BinaryOp.fromSymbol(op.symbol()), x, y));
    } catch (IllegalArgumentException e) {
      return null;
    }
  }

  private static ScalarValue wrap(Object v) {
    if (v instanceof Long l) {
      return ScalarValue.of(l.longValue());
    } else if (v instanceof Double d) {
      return ScalarValue.of(d.doubleValue());
    } else if (v instanceof Boolean b) {
      return ScalarValue.of(b.booleanValue());
    } else if (v instanceof String s) {
      return ScalarValue.of(s);
    }
    return null;
  }

  private static Object unwrap(ScalarValue v) {
    if (v instanceof ScalarValue.IntValue i) {
      return i.value();
    } else if (v instanceof ScalarValue.DoubleValue d) {
      return d.value();
    } else if (v instanceof ScalarValue.BoolValue b) {
      return b.value();
    }
    return v.asString();
  }
}
