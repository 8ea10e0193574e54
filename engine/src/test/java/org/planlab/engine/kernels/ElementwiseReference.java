package org.planlab.engine.kernels;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.function.Function;
import org.apache.commons.math3.util.FastMath;
import org.planlab.engine.matrix.MatrixBlock;
import org.planlab.engine.matrix.MatrixComparison;
import org.planlab.engine.matrix.SparseBlock;
import org.planlab.engine.ops.BinaryOp;
import org.planlab.engine.ops.UnaryOp;
import org.planlab.engine.parallel.KernelPool;

/**
 * Independent references for the element-wise kernel tests: the operators written out with
 * plain Java operators over {@code double[][]} (not {@link BinaryOp#apply}), and the checks every
 * result must pass.
 */
public final class ElementwiseReference {
  private ElementwiseReference() {
  }

  static double binary(BinaryOp op, double x, double y) {
    switch (op) {
      case PLUS: return x + y;
      case MINUS: return x - y;
      case MULT: return x * y;
      case DIV: return x / y;
      case POW: return Math.pow(x, y);
      case MOD: return x - truncatedQuotient(x, y) * y;
      case INTDIV: return truncatedQuotient(x, y);
      case MIN: return Double.isNaN(x) || Double.isNaN(y) ? Double.NaN : x < y ? x : y;
      case MAX: return Double.isNaN(x) || Double.isNaN(y) ? Double.NaN : x > y ? x : y;
      case EQ: return x == y ? 1 : 0;
      case NEQ: return x != y ? 1 : 0;
      case LT: return x < y ? 1 : 0;
      case LE: return x <= y ? 1 : 0;
      case GT: return x > y ? 1 : 0;
      case GE: return x >= y ? 1 : 0;
      case AND: return x != 0 && y != 0 ? 1 : 0;
      case OR: return x != 0 || y != 0 ? 1 : 0;
      case LOG: return Math.log(x) / Math.log(y);
      case XOR: return (x == 0) == (y == 0) ? 0 : 1;
      case BITW_AND: return int32(x) & int32(y);
      case BITW_OR: return int32(x) | int32(y);
      case BITW_XOR: return int32(x) ^ int32(y);
      case BITW_SHIFTL: {
        long r = (long) int32(x) << (int32(y) & 31);
        int low = (int) r;
        return low == Integer.MIN_VALUE ? Double.NaN : low;
      }
      case BITW_SHIFTR: return Math.floorDiv((long) int32(x), 1L << (int32(y) & 31));
      default: throw new AssertionError(op);
    }
  }

  /** x/y rounded toward zero and clamped to the long range; NaN and ±Inf kept. */
  private static double truncatedQuotient(double x, double y) {
    double q = x / y;
    if (Double.isNaN(q) || Double.isInfinite(q)) {
      return q;
    }
    double t = q < 0 ? Math.ceil(q) : Math.floor(q);
    return Math.max(-0x1p63, Math.min(0x1p63, t)) + 0.0; // + 0.0 turns -0 into 0
  }

  /** Rounded toward zero and clamped to the int range, NaN as 0. */
  private static int int32(double x) {
    if (Double.isNaN(x)) {
      return 0;
    }
    double t = x < 0 ? Math.ceil(x) : Math.floor(x);
    return (int) Math.max(Integer.MIN_VALUE, Math.min(Integer.MAX_VALUE, t));
  }

  public static double unary(UnaryOp op, double x) {
    switch (op) {
      case ABS: return x < 0 ? -x : x;
      case EXP: return Math.exp(x);
      case LOG: return Math.log(x);
      case SQRT: return Math.sqrt(x);
      case ROUND:
        return Double.isNaN(x) || Double.isInfinite(x) ? x
            : new BigDecimal(x).add(new BigDecimal("0.5")).setScale(0, RoundingMode.FLOOR).doubleValue();
      case FLOOR: return Math.floor(x);
      case CEIL: return Math.ceil(x);
      case SIGN: return Double.isNaN(x) ? x : x > 0 ? 1 : x < 0 ? -1 : 0;
      case SIGMOID: return 1 / (1 + Math.exp(-x));
      case TANH: return Math.tanh(x);
      case SIN: return Math.sin(x);
      case COS: return Math.cos(x);
      case ISNAN: return Double.isNaN(x) ? 1 : 0;
      case NOT: return x == 0 ? 1 : 0;
      case NEG: return -x;
      case ISINF: return x == Double.POSITIVE_INFINITY || x == Double.NEGATIVE_INFINITY ? 1 : 0;
      case TAN: return FastMath.tan(x);
      case ASIN: return FastMath.asin(x);
      case ACOS: return FastMath.acos(x);
      case ATAN: return FastMath.atan(x);
      case SINH: return FastMath.sinh(x);
      case COSH: return FastMath.cosh(x);
      default: throw new AssertionError(op);
    }
  }

  /**
   * {@code a op b} cell by cell over a rows x cols result; an operand with one row or one column
   * where the result has more is read at row 0 or column 0 (broadcast).
   */
  static double[][] binary(double[][] a, int aRows, int aCols, double[][] b, int bRows, int bCols,
      BinaryOp op, int rows, int cols) {
    double[][] out = new double[rows][cols];
    for (int r = 0; r < rows; r++) {
      for (int c = 0; c < cols; c++) {
        double x = a[aRows == 1 ? 0 : r][aCols == 1 ? 0 : c];
        double y = b[bRows == 1 ? 0 : r][bCols == 1 ? 0 : c];
        out[r][c] = binary(op, x, y);
      }
    }
    return out;
  }

  static double[][] withScalar(double[][] a, double s, boolean scalarOnLeft, BinaryOp op) {
    double[][] out = new double[a.length][];
    for (int r = 0; r < a.length; r++) {
      out[r] = new double[a[r].length];
      for (int c = 0; c < a[r].length; c++) {
        out[r][c] = scalarOnLeft ? binary(op, s, a[r][c]) : binary(op, a[r][c], s);
      }
    }
    return out;
  }

  static double[][] unary(double[][] a, UnaryOp op) {
    double[][] out = new double[a.length][];
    for (int r = 0; r < a.length; r++) {
      out[r] = new double[a[r].length];
      for (int c = 0; c < a[r].length; c++) {
        out[r][c] = unary(op, a[r][c]);
      }
    }
    return out;
  }

  /**
   * Runs a kernel on one thread and on two, asserts identical results (values, nnz, format),
   * and returns the result.
   */
  static MatrixBlock onBothPools(KernelPool two, Function<KernelPool, MatrixBlock> kernel,
      String what) {
    MatrixBlock one = kernel.apply(KernelPool.sequential());
    MatrixBlock other = kernel.apply(two);
    String diff = MatrixComparison.firstDifference(one, other, 0, 0);
    if (diff != null) {
      fail(what + ": 1 vs 2 threads: " + diff);
    }
    assertEquals(one.nnz(), other.nnz(), what + ": 1 vs 2 threads nnz");
    assertEquals(one.isSparse(), other.isSparse(), what + ": 1 vs 2 threads format");
    return one;
  }

  /**
   * Asserts {@code actual} equals {@code expected} within {@code relTol} (NaN matching NaN), with
   * an exact nnz, a well-formed sparse structure if sparse, and the format of the format rule.
   */
  static void assertBlock(double[][] expected, int rows, int cols, MatrixBlock actual,
      double relTol, String what) {
    assertEquals(rows + "x" + cols, actual.shape(), what + ": shape");
    double[][] got = actual.toArray();
    long nnz = 0;
    for (int r = 0; r < rows; r++) {
      for (int c = 0; c < cols; c++) {
        double e = expected[r][c];
        double g = got[r][c];
        if (!MatrixComparison.close(e, g, relTol, 1e-300)) {
          fail(what + ": cell (" + r + ", " + c + ") expected " + e + " but was " + g);
        }
        nnz += e != 0 ? 1 : 0;
      }
    }
    assertEquals(nnz, actual.nnz(), what + ": nnz");
    if (actual.isSparse() && actual.isAllocated()) {
      SparseBlock sb = actual.sparseRows();
      assertEquals(nnz, sb.size(), what + ": stored entries");
      for (int r = 0; r < rows; r++) {
        int pos = sb.pos(r);
        int[] ix = sb.indexes(r);
        double[] v = sb.values(r);
        for (int k = pos; k < pos + sb.size(r); k++) {
          assertTrue(v[k] != 0, what + ": stored zero in row " + r);
          assertTrue(k == pos || ix[k - 1] < ix[k], what + ": unsorted row " + r);
        }
      }
    }
    assertEquals(MatrixBlock.preferSparse(rows, cols, actual.nnz()), actual.isSparse(),
        what + ": format for nnz " + actual.nnz());
  }
}
