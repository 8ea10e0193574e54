package org.planlab.engine.codegen.runtime;

import java.util.Arrays;
import org.planlab.engine.kernels.VectorPrimitives;
import org.planlab.engine.ops.BinaryOp;
import org.planlab.engine.ops.UnaryOp;

/**
 * The vector primitives that generated Row and Outer operators call (fusion paper, sec. 2.2:
 * "vector primitives" over row slices). Slices are (array, offset, length); sparse slices are
 * (values, indexes, pos, count) as the sparse blocks store a row. Results of the {@code *Write}
 * functions and {@code vectMatMult} are fresh arrays from the caller's {@link VectorBuffer}
 * (offset 0), so a row body allocates nothing after its first row.
 *
 * <p>Semantics are those of the unfused kernels: binary and unary element-wise ops are exactly
 * {@link BinaryOp#apply} and {@link UnaryOp#apply} (dedicated loops for + - * / compute the same
 * IEEE operation), and min/max follow {@link Math#min}/{@link Math#max} (NaN propagates) with
 * +Inf/-Inf over no values, as {@code AggregateKernels} does. Reductions use several independent
 * accumulators, because C2 never vectorizes a single floating-point chain; dense dot products
 * and axpy updates delegate to {@link VectorPrimitives} (explicit SIMD where available).
 */
public final class VectorOps {
  private VectorOps() {
  }

  // ---------------------------------------------------------------- products

  /** {@code sum_j a[ai+j] * b[bi+j]} for j in [0, len). */
  public static double dotProduct(double[] a, double[] b, int ai, int bi, int len) {
    return VectorPrimitives.dotProduct(a, b, ai, bi, len);
  }

  /** Sparse a: {@code sum_k avals[k] * b[bi + aix[k]]} for k in [apos, apos+alen). */
  public static double dotProduct(double[] avals, int[] aix, int apos, int alen, double[] b,
      int bi) {
    return VectorPrimitives.dotProduct(avals, b, aix, apos, bi, alen);
  }

  /** {@code c[ci+j] += s * a[ai+j]} for j in [0, len). */
  public static void vectMultAdd(double[] a, double s, double[] c, int ai, int ci, int len) {
    VectorPrimitives.vectMultAdd(a, s, c, ai, ci, len);
  }

  /** Sparse a: {@code c[ci + aix[k]] += s * avals[k]} for k in [apos, apos+alen). */
  public static void vectMultAdd(double[] avals, int[] aix, int apos, int alen, double s,
      double[] c, int ci) {
    for (int k = apos; k < apos + alen; k++) {
      c[ci + aix[k]] += s * avals[k];
    }
  }

  /** {@code c[ci+j] += a[ai+j]} for j in [0, len). */
  public static void vectAdd(double[] a, double[] c, int ai, int ci, int len) {
    for (int j = 0; j < len; j++) {
      c[ci + j] += a[ai + j];
    }
  }

  /** A buffer array of {@code len} copies of {@code s}. */
  public static double[] vectFill(double s, int len, VectorBuffer buf) {
    double[] c = buf.next(len);
    Arrays.fill(c, 0, len, s);
    return c;
  }

  /** Copies {@code a[ai..ai+len)} to {@code c[ci..ci+len)}. */
  public static void vectWrite(double[] a, double[] c, int ai, int ci, int len) {
    System.arraycopy(a, ai, c, ci, len);
  }

  /**
   * Row vector times matrix: {@code a[ai..ai+len)} times M (len x p, row-major from offset 0),
   * a new vector of length p from {@code buf}. Accumulated row by row of M (axpy), so every output
   * element sums its len products in index order.
   */
  public static double[] vectMatMult(double[] a, int ai, double[] m, int len, int p,
      VectorBuffer buf) {
    double[] c = buf.next(p);
    Arrays.fill(c, 0);
    if (p > SMALL) {
      for (int i = 0; i < len; i++) {
        VectorPrimitives.vectMultAdd(m, a[ai + i], c, i * p, 0, p);
      }
    } else if (p == 2) {
      // the skinny products of Row operators (e.g. X %*% V with V n x 2): locals, no calls
      double c0 = 0;
      double c1 = 0;
      for (int i = 0; i < len; i++) {
        double x = a[ai + i];
        c0 += x * m[2 * i];
        c1 += x * m[2 * i + 1];
      }
      c[0] = c0;
      c[1] = c1;
    } else {
      for (int i = 0; i < len; i++) {
        double x = a[ai + i];
        int off = i * p;
        for (int j = 0; j < p; j++) {
          c[j] += x * m[off + j];
        }
      }
    }
    return c;
  }

  /**
   * Widest product row handled by plain nested loops: for short rows the setup of a SIMD
   * primitive call costs more than it saves.
   */
  private static final int SMALL = 16;

  /** Sparse row vector times M (row-major, p columns): only the rows of M at {@code aix}. */
  public static double[] vectMatMult(double[] avals, int[] aix, int apos, int alen, double[] m,
      int p, VectorBuffer buf) {
    double[] c = buf.next(p);
    Arrays.fill(c, 0);
    for (int k = apos; k < apos + alen; k++) {
      if (p > SMALL) {
        VectorPrimitives.vectMultAdd(m, avals[k], c, aix[k] * p, 0, p);
      } else {
        double x = avals[k];
        int off = aix[k] * p;
        for (int j = 0; j < p; j++) {
          c[j] += x * m[off + j];
        }
      }
    }
    return c;
  }

  /** Outer product added into c: {@code c[ci + i*lb + j] += a[ai+i] * b[bi+j]}. */
  public static void vectOuterMultAdd(double[] a, double[] b, double[] c, int ai, int bi,
      int ci, int la, int lb) {
    if (lb > SMALL) {
      for (int i = 0; i < la; i++) {
        VectorPrimitives.vectMultAdd(b, a[ai + i], c, bi, ci + i * lb, lb);
      }
    } else if (lb == 2) {
      double b0 = b[bi];
      double b1 = b[bi + 1];
      for (int i = 0; i < la; i++) {
        double x = a[ai + i];
        c[ci + 2 * i] += x * b0;
        c[ci + 2 * i + 1] += x * b1;
      }
    } else {
      for (int i = 0; i < la; i++) {
        double x = a[ai + i];
        int off = ci + i * lb;
        for (int j = 0; j < lb; j++) {
          c[off + j] += x * b[bi + j];
        }
      }
    }
  }

  /** Sparse a: {@code c[ci + aix[k]*lb + j] += avals[k] * b[bi+j]}. */
  public static void vectOuterMultAdd(double[] avals, int[] aix, int apos, int alen, double[] b,
      int bi, double[] c, int ci, int lb) {
    for (int k = apos; k < apos + alen; k++) {
      if (lb > SMALL) {
        VectorPrimitives.vectMultAdd(b, avals[k], c, bi, ci + aix[k] * lb, lb);
      } else {
        double x = avals[k];
        int off = ci + aix[k] * lb;
        for (int j = 0; j < lb; j++) {
          c[off + j] += x * b[bi + j];
        }
      }
    }
  }

  // ---------------------------------------------------------------- element-wise

  /** {@code op(a[ai+i], b[bi+i])} for i in [0, len), into a buffer vector. */
  public static double[] vectBinaryWrite(BinaryOp op, double[] a, double[] b, int ai, int bi,
      int len, VectorBuffer buf) {
    double[] c = buf.next(len);
    switch (op) {
      case PLUS -> {
        for (int i = 0; i < len; i++) {
          c[i] = a[ai + i] + b[bi + i];
        }
      }
      case MINUS -> {
        for (int i = 0; i < len; i++) {
          c[i] = a[ai + i] - b[bi + i];
        }
      }
      case MULT -> {
        for (int i = 0; i < len; i++) {
          c[i] = a[ai + i] * b[bi + i];
        }
      }
      case DIV -> {
        for (int i = 0; i < len; i++) {
          c[i] = a[ai + i] / b[bi + i];
        }
      }
      default -> {
        for (int i = 0; i < len; i++) {
          c[i] = op.apply(a[ai + i], b[bi + i]);
        }
      }
    }
    return c;
  }

  /** {@code op(a[ai+i], s)} for i in [0, len), into a buffer vector. */
  public static double[] vectBinaryWrite(BinaryOp op, double[] a, double s, int ai, int len,
      VectorBuffer buf) {
    double[] c = buf.next(len);
    switch (op) {
      case PLUS -> {
        for (int i = 0; i < len; i++) {
          c[i] = a[ai + i] + s;
        }
      }
      case MINUS -> {
        for (int i = 0; i < len; i++) {
          c[i] = a[ai + i] - s;
        }
      }
      case MULT -> {
        for (int i = 0; i < len; i++) {
          c[i] = a[ai + i] * s;
        }
      }
      case DIV -> {
        for (int i = 0; i < len; i++) {
          c[i] = a[ai + i] / s;
        }
      }
      default -> {
        for (int i = 0; i < len; i++) {
          c[i] = op.apply(a[ai + i], s);
        }
      }
    }
    return c;
  }

  /** {@code op(s, b[bi+i])} for i in [0, len), into a buffer vector. */
  public static double[] vectBinaryWrite(BinaryOp op, double s, double[] b, int bi, int len,
      VectorBuffer buf) {
    double[] c = buf.next(len);
    switch (op) {
      case PLUS -> {
        for (int i = 0; i < len; i++) {
          c[i] = s + b[bi + i];
        }
      }
      case MINUS -> {
        for (int i = 0; i < len; i++) {
          c[i] = s - b[bi + i];
        }
      }
      case MULT -> {
        for (int i = 0; i < len; i++) {
          c[i] = s * b[bi + i];
        }
      }
      case DIV -> {
        for (int i = 0; i < len; i++) {
          c[i] = s / b[bi + i];
        }
      }
      default -> {
        for (int i = 0; i < len; i++) {
          c[i] = op.apply(s, b[bi + i]);
        }
      }
    }
    return c;
  }

  /** {@code op(a[ai+i])} for i in [0, len), into a buffer vector. */
  public static double[] vectUnaryWrite(UnaryOp op, double[] a, int ai, int len,
      VectorBuffer buf) {
    double[] c = buf.next(len);
    switch (op) {
      case NEG -> {
        for (int i = 0; i < len; i++) {
          c[i] = -a[ai + i];
        }
      }
      case ABS -> {
        for (int i = 0; i < len; i++) {
          c[i] = Math.abs(a[ai + i]);
        }
      }
      case EXP -> {
        for (int i = 0; i < len; i++) {
          c[i] = Math.exp(a[ai + i]);
        }
      }
      case LOG -> {
        for (int i = 0; i < len; i++) {
          c[i] = Math.log(a[ai + i]);
        }
      }
      case SQRT -> {
        for (int i = 0; i < len; i++) {
          c[i] = Math.sqrt(a[ai + i]);
        }
      }
      default -> {
        for (int i = 0; i < len; i++) {
          c[i] = op.apply(a[ai + i]);
        }
      }
    }
    return c;
  }

  // ---------------------------------------------------------------- reductions

  /**
   * {@code sum a[ai..ai+len)} (0 if empty), four accumulators. Also the sparse form
   * {@code vectSum(avals, apos, alen)} of the contract: it has the same signature, and the
   * implicit zeros of a sparse vector add nothing.
   */
  public static double vectSum(double[] a, int ai, int len) {
    double s0 = 0;
    double s1 = 0;
    double s2 = 0;
    double s3 = 0;
    int i = ai;
    int end = ai + len;
    for (; i + 4 <= end; i += 4) {
      s0 += a[i];
      s1 += a[i + 1];
      s2 += a[i + 2];
      s3 += a[i + 3];
    }
    for (; i < end; i++) {
      s0 += a[i];
    }
    return (s0 + s1) + (s2 + s3);
  }

  /**
   * {@code sum a[i]^2} over a[ai..ai+len), four accumulators; also the sparse form
   * {@code vectSumSq(avals, apos, alen)} (same signature, zeros add nothing).
   */
  public static double vectSumSq(double[] a, int ai, int len) {
    return sumSqRange(a, ai, ai + len);
  }

  private static double sumSqRange(double[] a, int from, int to) {
    double s0 = 0;
    double s1 = 0;
    double s2 = 0;
    double s3 = 0;
    int i = from;
    for (; i + 4 <= to; i += 4) {
      s0 += a[i] * a[i];
      s1 += a[i + 1] * a[i + 1];
      s2 += a[i + 2] * a[i + 2];
      s3 += a[i + 3] * a[i + 3];
    }
    for (; i < to; i++) {
      s0 += a[i] * a[i];
    }
    return (s0 + s1) + (s2 + s3);
  }

  /** Smallest of a[ai..ai+len): +Inf if empty, NaN if any value is NaN ({@link Math#min}). */
  public static double vectMin(double[] a, int ai, int len) {
    return VectorPrimitives.min(a, ai, ai + len);
  }

  /**
   * Smallest of a sparse vector of logical length {@code len} with stored values
   * {@code avals[apos..apos+alen)}: the implicit zeros count when {@code alen < len}.
   */
  public static double vectMin(double[] avals, int apos, int alen, int len) {
    double m = VectorPrimitives.min(avals, apos, apos + alen);
    return alen < len ? Math.min(m, 0) : m;
  }

  /** Largest of a[ai..ai+len): -Inf if empty, NaN if any value is NaN ({@link Math#max}). */
  public static double vectMax(double[] a, int ai, int len) {
    return VectorPrimitives.max(a, ai, ai + len);
  }

  /** Largest of a sparse vector of logical length {@code len} (implicit zeros count). */
  public static double vectMax(double[] avals, int apos, int alen, int len) {
    double m = VectorPrimitives.max(avals, apos, apos + alen);
    return alen < len ? Math.max(m, 0) : m;
  }
}
