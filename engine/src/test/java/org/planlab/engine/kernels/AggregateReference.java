package org.planlab.engine.kernels;

import java.math.BigDecimal;
import java.math.MathContext;
import org.planlab.engine.matrix.MatrixBlock;
import org.planlab.engine.ops.AggregateOp;
import org.planlab.engine.ops.Direction;

/**
 * Independent reference for the aggregate tests: cells gathered from {@link MatrixBlock#toArray()}
 * (so implicit zeros are plain zeros) and reduced with {@link BigDecimal}: sums, means and
 * variances exactly up to one final division and rounding, products to 40 digits. Finite inputs
 * only.
 */
final class AggregateReference {
  private static final MathContext DIGITS_40 = new MathContext(40);

  private AggregateReference() {
  }

  /** The expected result block of {@code op} in direction {@code dir}. */
  static MatrixBlock expected(MatrixBlock in, AggregateOp op, Direction dir) {
    double[][] a = in.toArray();
    int rows = in.rows();
    int cols = in.cols();
    switch (dir) {
      case FULL: {
        double[] all = new double[rows * cols];
        for (int r = 0; r < rows; r++) {
          System.arraycopy(a[r], 0, all, r * cols, cols);
        }
        return MatrixBlock.scalar(of(all, op));
      }
      case ROW: {
        double[] out = new double[rows];
        for (int r = 0; r < rows; r++) {
          out[r] = of(a[r], op);
        }
        return MatrixBlock.dense(rows, 1, out);
      }
      default: {
        double[] out = new double[cols];
        for (int c = 0; c < cols; c++) {
          double[] col = new double[rows];
          for (int r = 0; r < rows; r++) {
            col[r] = a[r][c];
          }
          out[c] = of(col, op);
        }
        return MatrixBlock.dense(1, cols, out);
      }
    }
  }

  /** {@code op} over the values {@code v}. */
  static double of(double[] v, AggregateOp op) {
    int n = v.length;
    switch (op) {
      case SUM:
        return exactSum(v).doubleValue();
      case SUM_SQ: {
        BigDecimal s = BigDecimal.ZERO;
        for (double x : v) {
          if (x != 0) {
            BigDecimal b = new BigDecimal(x);
            s = s.add(b.multiply(b));
          }
        }
        return s.doubleValue();
      }
      case MEAN:
        return n == 0 ? Double.NaN
            : exactSum(v).divide(BigDecimal.valueOf(n), DIGITS_40).doubleValue();
      case VAR:
        return variance(v);
      case SD:
        return Math.sqrt(variance(v));
      case MIN: {
        double m = Double.POSITIVE_INFINITY;
        for (double x : v) {
          m = Math.min(m, x);
        }
        return m;
      }
      case MAX: {
        double m = Double.NEGATIVE_INFINITY;
        for (double x : v) {
          m = Math.max(m, x);
        }
        return m;
      }
      case PROD: {
        BigDecimal p = BigDecimal.ONE;
        for (double x : v) {
          if (x == 0) {
            return 0;
          }
          p = p.multiply(new BigDecimal(x), DIGITS_40);
        }
        return p.doubleValue();
      }
      default:
        throw new AssertionError(op);
    }
  }

  static BigDecimal exactSum(double[] v) {
    BigDecimal s = BigDecimal.ZERO;
    for (double x : v) {
      if (x != 0) {
        s = s.add(new BigDecimal(x));
      }
    }
    return s;
  }

  /**
   * Sample variance in exact arithmetic, (n sum x^2 - (sum x)^2) / (n (n - 1)), rounded once:
   * no cancellation can hurt an exact computation, and it avoids a rounding per value.
   */
  static double variance(double[] v) {
    int n = v.length;
    if (n < 2) {
      return Double.NaN;
    }
    BigDecimal s1 = BigDecimal.ZERO;
    BigDecimal s2 = BigDecimal.ZERO;
    for (double x : v) {
      if (x != 0) {
        BigDecimal b = new BigDecimal(x);
        s1 = s1.add(b);
        s2 = s2.add(b.multiply(b));
      }
    }
    BigDecimal bn = BigDecimal.valueOf(n);
    BigDecimal m2n = bn.multiply(s2).subtract(s1.multiply(s1));
    return m2n.divide(bn.multiply(BigDecimal.valueOf(n - 1L)), DIGITS_40).doubleValue();
  }

}
