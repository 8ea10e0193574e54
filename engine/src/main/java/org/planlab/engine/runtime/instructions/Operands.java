package org.planlab.engine.runtime.instructions;

import org.planlab.engine.data.Data;
import org.planlab.engine.data.MatrixData;
import org.planlab.engine.data.MatrixValue;
import org.planlab.engine.data.ScalarValue;
import org.planlab.engine.matrix.MatrixBlock;

/** Conversions of operand values with DML's rules and clear messages. */
public final class Operands {
  private Operands() {
  }

  public static MatrixBlock matrix(Data d) {
    if (d instanceof MatrixValue m) {
      return m.block();
    } else if (d instanceof MatrixData m) {
      return m.acquireLocal();
    }
    return MatrixBlock.scalar(((ScalarValue) d).asDouble());
  }

  public static ScalarValue scalar(Data d, String what) {
    if (d instanceof ScalarValue s) {
      return s;
    }
    MatrixBlock m = matrix(d);
    if (m.rows() != 1 || m.cols() != 1) {
      throw new IllegalArgumentException(what + " expects a scalar, got a " + m.shape()
          + " matrix");
    }
    return ScalarValue.of(m.get(0, 0));
  }

  public static double dbl(Data d, String what) {
    return scalar(d, what).asDouble();
  }

  public static long lng(Data d, String what) {
    return scalar(d, what).asLong();
  }

  /** A dimension or index that must fit an int. */
  public static int intArg(Data d, String what) {
    double v = scalar(d, what).asDouble();
    if (v != Math.rint(v) || v > Integer.MAX_VALUE || v < Integer.MIN_VALUE) {
      throw new IllegalArgumentException(what + " must be an integer in the int range, was "
          + ScalarValue.of(v).asString());
    }
    return (int) v;
  }

  public static boolean bool(Data d, String what) {
    return scalar(d, what).asBoolean();
  }

  public static String str(Data d, String what) {
    return scalar(d, what).asString();
  }

  public static boolean isMatrix(Data d) {
    return d instanceof MatrixData;
  }

  public static MatrixValue wrap(MatrixBlock b) {
    return new MatrixValue(b);
  }
}
