package org.planlab.engine.kernels;

/**
 * Loops over slices of {@code double[]} that the matrix-multiplication kernels (and later the
 * fused operators) are built from: dot products and "vector multiply-add" (axpy) updates, dense
 * and with sparse index arrays. Slices are given as (array, offset, length) so that rows of
 * row-major blocks and of sparse blocks are passed without copying.
 *
 * <p>Why the shapes: C2 auto-vectorizes a plain {@code c[j] += s * a[j]} loop, so the axpy forms
 * stay simple loops (several source rows per pass cut the loads and stores of {@code c}); it does
 * not vectorize a floating-point sum with one accumulator, so the dot products keep eight
 * independent accumulators. Every function sums in a fixed order that depends only on its
 * arguments, so results are reproducible.
 */
public final class VectorPrimitives {
  private VectorPrimitives() {
  }

  /** {@code sum_j a[ai+j] * b[bi+j]} for j in [0, len), with eight accumulators. */
  public static double dotProduct(double[] a, double[] b, int ai, int bi, int len) {
    double s0 = 0;
    double s1 = 0;
    double s2 = 0;
    double s3 = 0;
    double s4 = 0;
    double s5 = 0;
    double s6 = 0;
    double s7 = 0;
    int j = 0;
    for (; j + 7 < len; j += 8) {
      s0 += a[ai + j] * b[bi + j];
      s1 += a[ai + j + 1] * b[bi + j + 1];
      s2 += a[ai + j + 2] * b[bi + j + 2];
      s3 += a[ai + j + 3] * b[bi + j + 3];
      s4 += a[ai + j + 4] * b[bi + j + 4];
      s5 += a[ai + j + 5] * b[bi + j + 5];
      s6 += a[ai + j + 6] * b[bi + j + 6];
      s7 += a[ai + j + 7] * b[bi + j + 7];
    }
    for (; j < len; j++) {
      s0 += a[ai + j] * b[bi + j];
    }
    return ((s0 + s1) + (s2 + s3)) + ((s4 + s5) + (s6 + s7));
  }

  /**
   * Sparse-dense dot product {@code sum_j a[ai+j] * b[bi + aix[ai+j]]} for j in [0, len): the
   * entries of a sparse row (values {@code a}, column indexes {@code aix}) against a dense slice.
   */
  public static double dotProduct(double[] a, double[] b, int[] aix, int ai, int bi, int len) {
    double s0 = 0;
    double s1 = 0;
    double s2 = 0;
    double s3 = 0;
    int j = 0;
    for (; j + 3 < len; j += 4) {
      s0 += a[ai + j] * b[bi + aix[ai + j]];
      s1 += a[ai + j + 1] * b[bi + aix[ai + j + 1]];
      s2 += a[ai + j + 2] * b[bi + aix[ai + j + 2]];
      s3 += a[ai + j + 3] * b[bi + aix[ai + j + 3]];
    }
    for (; j < len; j++) {
      s0 += a[ai + j] * b[bi + aix[ai + j]];
    }
    return (s0 + s1) + (s2 + s3);
  }

  /** {@code c[ci+j] += aval * a[ai+j]} for j in [0, len) (axpy). */
  public static void vectMultAdd(double[] a, double aval, double[] c, int ai, int ci, int len) {
    for (int j = 0; j < len; j++) {
      c[ci + j] += aval * a[ai + j];
    }
  }

  /**
   * Scatter axpy {@code c[ci + aix[ai+j]] += aval * a[ai+j]} for j in [0, len): a scaled sparse
   * row added into a dense slice.
   */
  public static void vectMultAdd(double[] a, double aval, double[] c, int[] aix, int ai, int ci,
      int len) {
    for (int j = 0; j < len; j++) {
      c[ci + aix[ai + j]] += aval * a[ai + j];
    }
  }

  /**
   * Four scaled slices of {@code b} added into one slice of {@code c} in one pass:
   * {@code c[ci+j] += a0*b[b0+j] + a1*b[b1+j] + a2*b[b2+j] + a3*b[b3+j]}. Reads and writes
   * {@code c} once instead of four times.
   */
  public static void vectMultAdd4(double a0, double a1, double a2, double a3, double[] b, int b0,
      int b1, int b2, int b3, double[] c, int ci, int len) {
    for (int j = 0; j < len; j++) {
      c[ci + j] += a0 * b[b0 + j] + a1 * b[b1 + j] + a2 * b[b2 + j] + a3 * b[b3 + j];
    }
  }

  /**
   * Two rows of {@link #vectMultAdd4} sharing the four slices of {@code b}: row {@code c0} with
   * scalars {@code a0..a3}, row {@code c1} with {@code e0..e3}. Each value of {@code b} is loaded
   * once for both rows; per cell the arithmetic is exactly that of {@link #vectMultAdd4}.
   */
  public static void vectMultAdd4x2(double a0, double a1, double a2, double a3, double e0,
      double e1, double e2, double e3, double[] b, int b0, int b1, int b2, int b3, double[] c,
      int c0, int c1, int len) {
    for (int j = 0; j < len; j++) {
      double x0 = b[b0 + j];
      double x1 = b[b1 + j];
      double x2 = b[b2 + j];
      double x3 = b[b3 + j];
      c[c0 + j] += a0 * x0 + a1 * x1 + a2 * x2 + a3 * x3;
      c[c1 + j] += e0 * x0 + e1 * x1 + e2 * x2 + e3 * x3;
    }
  }

  /** {@code c[ci+j] += a[ai+j]} for j in [0, len). */
  public static void vectAdd(double[] a, double[] c, int ai, int ci, int len) {
    for (int j = 0; j < len; j++) {
      c[ci + j] += a[ai + j];
    }
  }
}
