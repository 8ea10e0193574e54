package org.planlab.engine.kernels;

import java.util.concurrent.atomic.AtomicLong;

/**
 * Loops over slices of {@code double[]} that the matrix-multiplication kernels (and later the
 * fused operators) are built from: dot products and "vector multiply-add" (axpy) updates, dense
 * and with sparse index arrays. Slices are given as (array, offset, length) so that rows of
 * row-major blocks and of sparse blocks are passed without copying.
 *
 * <p>Why the shapes. C2 (JDK 17) never vectorizes a floating-point sum (it must keep the order),
 * so the dot products run scalar with several independent accumulators ({@link #dotProduct4}
 * also shares each load of the vector among four rows). C2 does vectorize an axpy loop, but only
 * when all array accesses in the loop use the same offset: with {@code c[ci+j] += s * a[ai+j]}
 * it cannot rule out that a and c are the same array with overlapping slices and emits scalar
 * code (measured about 3x slower on a 1000-element loop). The {@code Range} forms index every
 * array by the same j; they are for callers that stage rows into scratch arrays first (the
 * dense matrix multiplication doubled its speed that way). Several source rows per pass cut the
 * loads and stores of {@code c}. Every function sums in a fixed order that depends only on its
 * arguments, so results are reproducible.
 *
 * <p>Where the JDK's Vector API is available ({@link #SIMD}), the dense {@link #dotProduct} and
 * {@link #vectMultAdd} run on {@link SimdPrimitives} instead, which removes both limits.
 */
public final class VectorPrimitives {
  /**
   * Whether explicit SIMD is used: the module {@code jdk.incubator.vector} is loaded (the build,
   * tests and launchers add it) and the system property {@code planlab.simd} is not "false".
   */
  public static final boolean SIMD =
      ModuleLayer.boot().findModule("jdk.incubator.vector").isPresent()
          && !"false".equals(System.getProperty("planlab.simd"));

  /** Slices shorter than this stay on the scalar loops (vector setup does not pay). */
  private static final int SIMD_MIN_LENGTH = 16;

  private VectorPrimitives() {
  }

  /** {@code sum_j a[ai+j] * b[bi+j]} for j in [0, len): SIMD, or eight scalar accumulators. */
  public static double dotProduct(double[] a, double[] b, int ai, int bi, int len) {
    if (SIMD && len >= SIMD_MIN_LENGTH) {
      return SimdPrimitives.dot(a, b, ai, bi, len);
    }
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

  /**
   * Four dot products against one vector in one pass: {@code out[op+r] = sum_j ar[j] * b[j]} for
   * the rows a0..a3 (slices from 0), four accumulators per row. Each {@code b[j]} is loaded once
   * for all four rows, and the sixteen independent sums keep the FP units busy.
   */
  public static void dotProduct4(double[] a0, double[] a1, double[] a2, double[] a3, double[] b,
      int len, double[] out, int op) {
    double p0 = 0;
    double p1 = 0;
    double p2 = 0;
    double p3 = 0;
    double q0 = 0;
    double q1 = 0;
    double q2 = 0;
    double q3 = 0;
    double r0 = 0;
    double r1 = 0;
    double r2 = 0;
    double r3 = 0;
    double s0 = 0;
    double s1 = 0;
    double s2 = 0;
    double s3 = 0;
    int j = 0;
    for (; j + 3 < len; j += 4) {
      double b0 = b[j];
      double b1 = b[j + 1];
      double b2 = b[j + 2];
      double b3 = b[j + 3];
      p0 += a0[j] * b0;
      p1 += a0[j + 1] * b1;
      p2 += a0[j + 2] * b2;
      p3 += a0[j + 3] * b3;
      q0 += a1[j] * b0;
      q1 += a1[j + 1] * b1;
      q2 += a1[j + 2] * b2;
      q3 += a1[j + 3] * b3;
      r0 += a2[j] * b0;
      r1 += a2[j + 1] * b1;
      r2 += a2[j + 2] * b2;
      r3 += a2[j + 3] * b3;
      s0 += a3[j] * b0;
      s1 += a3[j + 1] * b1;
      s2 += a3[j + 2] * b2;
      s3 += a3[j + 3] * b3;
    }
    for (; j < len; j++) {
      double bj = b[j];
      p0 += a0[j] * bj;
      q0 += a1[j] * bj;
      r0 += a2[j] * bj;
      s0 += a3[j] * bj;
    }
    out[op] = (p0 + p1) + (p2 + p3);
    out[op + 1] = (q0 + q1) + (q2 + q3);
    out[op + 2] = (r0 + r1) + (r2 + r3);
    out[op + 3] = (s0 + s1) + (s2 + s3);
  }

  /** {@code c[ci+j] += aval * a[ai+j]} for j in [0, len) (axpy). */
  public static void vectMultAdd(double[] a, double aval, double[] c, int ai, int ci, int len) {
    if (SIMD && len >= SIMD_MIN_LENGTH) {
      SimdPrimitives.axpy(a, aval, c, ai, ci, len);
      return;
    }
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
   * Gathered rows combined into one slice: {@code c[ci+l] += sum_q w[q] * b[aix[ai+q]*k + l]}
   * for l in [0, k) and q in [0, len), the rows of b (row-major, k columns) picked by an index
   * array. Two accumulators per element, taking even and odd q, then added; every element is
   * one multiply and one add per term, so the SIMD and scalar paths round alike. The sums stay
   * in registers (SIMD) or local variables ({@link GatherRows}) over all the gathered rows
   * instead of being read and written in c once per row (the Outer template's RIGHT product,
   * fusion paper sec. 2.2).
   */
  public static void gatherMultAdd(double[] w, int[] aix, int ai, int len, double[] b, int k,
      double[] c, int ci) {
    int from = 0;
    if (outerSimd(k)) {
      from = SimdPrimitives.gatherMultAdd(w, aix, ai, len, b, k, c, ci);
    }
    if (from < k) {
      GatherRows.evenOdd(w, aix, ai, len, b, k, c, ci, from);
    }
  }

  /**
   * Indexed rows gathered into one slice in order: {@code c[ci+l] += w[q] * b[aix[ai+q]*k + l]}
   * for q in [0, len) one after another, and l in [0, k), b row-major with k columns. Each
   * element of the slice gains its products multiplied, then added, in ascending q: what
   * {@link #scatterMultAdd} adds into each row it scatters into, so that a product computed by
   * either gives the same sums.
   */
  public static void gatherMultAddInOrder(double[] w, int[] aix, int ai, int len, double[] b,
      int k, double[] c, int ci) {
    GatherRows.inOrder(w, aix, ai, len, b, k, c, ci, 0);
  }

  /**
   * One slice scattered into indexed rows: {@code c[aix[ai+q]*k + l] += w[q] * a[ui + l]} for
   * q in [0, len) and l in [0, k), c row-major with k columns (the Outer template's LEFT
   * product, fusion paper sec. 2.2). Multiply then add, as {@link #vectMultAdd}; with SIMD, one
   * vector of {@code a} stays in a register while it is added into all the rows.
   */
  public static void scatterMultAdd(double[] a, int ui, double[] w, int[] aix, int ai, int len,
      double[] c, int k) {
    int from = 0;
    if (outerSimd(k)) {
      from = SimdPrimitives.scatterMultAdd(a, ui, w, aix, ai, len, c, k);
    }
    for (int q = 0; q < len; q++) {
      double s = w[q];
      int ci = aix[ai + q] * k;
      for (int l = from; l < k; l++) {
        c[ci + l] += s * a[ui + l];
      }
    }
  }

  /**
   * Whether the Outer template's loops for rank {@code k} hold rows in registers: SIMD present,
   * a rank of one to eight vectors, and the rank this JVM runs them for (the first to ask;
   * other ranks take the generic loops, see {@link OuterSimd#fits}). When false,
   * {@link #outerRight} runs as a scalar loop, so a caller with a SIMD
   * alternative (gathering with {@link #gatherMultAdd}) takes that instead. Before C2 has
   * compiled the register loops, their scalar twins run in their place with the same results
   * ({@link OuterScalar}), or the caller waits for them (see {@link #EAGER_VECTORS}).
   */
  public static boolean outerRegisters(int k) {
    return SIMD && OuterSimd.fits(k);
  }

  /**
   * Ranks of at least this many vectors wait for the Outer template's SIMD loops to be compiled
   * (at most a few seconds, once per JVM) and warm them up from the first Outer operator that
   * code generation builds; smaller ranks run the scalar loops, which give the same results,
   * until they have spent {@link #SCALAR_BUDGET_NANOS} (ski rental: rent until the rent equals
   * the price). The scalar twins fall further behind the register loops the more vectors a row
   * holds (they load and multiply element by element what those do vector by vector), while a
   * warm-up costs a core for as long as C2 takes to compile the loops at the start of a script,
   * a large share of a short run.
   */
  public static final int EAGER_VECTORS = 4;
  /**
   * The time Outer operators of smaller ranks may run on the scalar loops before the SIMD
   * loops are warmed up: about the processor time a warm-up takes.
   */
  static final long SCALAR_BUDGET_NANOS = 1_000_000_000L;
  /** The time spent so far (per JVM, as the JIT's compiled code the warm-up is for). */
  private static final AtomicLong SCALAR_NANOS = new AtomicLong();

  private static boolean eager(int k) {
    return k / SimdPrimitives.lanes() >= EAGER_VECTORS;
  }

  /**
   * Whether the Outer template's gather and scatter products of rank {@code k} run on SIMD
   * now: SIMD present, at least a vector's width, and the loops compiled by C2 (see
   * {@link #outerCompiled}); else the scalar loops, which round alike.
   */
  private static boolean outerSimd(int k) {
    return SIMD && k >= SimdPrimitives.lanes() && outerCompiled(k);
  }

  /**
   * Whether the Outer template's SIMD loops run now: C2 has compiled them, after a wait for
   * their warm-up if rank {@code k} has {@link #EAGER_VECTORS}.
   */
  private static boolean outerCompiled(int k) {
    if (OuterSimd.compiled()) {
      return true;
    }
    if (eager(k)) {
      OuterSimd.awaitCompiled(k);
      return OuterSimd.compiled();
    }
    return false;
  }

  /**
   * Reports that an Outer operator of rank {@code k} ran {@code nanos} while the SIMD loops
   * were not compiled; once such runs add up to {@link #SCALAR_BUDGET_NANOS}, the warm-up
   * starts.
   */
  public static void outerScalarRun(int k, long nanos) {
    if (SIMD && !OuterSimd.compiled() && SCALAR_NANOS.addAndGet(nanos) >= SCALAR_BUDGET_NANOS) {
      OuterSimd.startWarmUp(k);
    }
  }

  /**
   * The Outer template's dot products for one row of X: {@code uv[q] = u[ui..ui+k) .
   * v[ix[p0+q]*k ..+k)} for q in [0, len), u and v row-major with k columns. With SIMD and a
   * rank that {@link OuterSimd} holds in registers, U's row is loaded once for all of them.
   */
  public static void outerDots(double[] u, int ui, double[] v, int k, int[] ix, int p0, int len,
      double[] uv) {
    if (outerRegisters(k)) {
      if (outerCompiled(k)) {
        OuterSimd.dots(u, ui, v, k, ix, p0, len, uv);
      } else {
        OuterScalar.dots(u, ui, v, k, ix, p0, len, uv);
      }
      return;
    }
    for (int q = 0; q < len; q++) {
      uv[q] = dotProduct(u, v, ui, ix[p0 + q] * k, k);
    }
  }

  /**
   * Starts warming the JIT up on the Outer template's SIMD loops ({@link #outerDots},
   * {@link #outerRight}, {@link #gatherMultAdd}, {@link #scatterMultAdd})
   * for rank {@code k} on a daemon thread, once per JVM, when the rank has
   * {@link #EAGER_VECTORS}; returns at once. Code generation asks as soon as it has built an
   * Outer operator.
   */
  public static void requestOuterWarmUp(int k) {
    if (SIMD && eager(k)) {
      OuterSimd.startWarmUp(k);
    }
  }

  /**
   * Runs the warm-up of {@link #requestOuterWarmUp} on the calling thread, until the loops are
   * compiled (for tests); nothing without SIMD.
   */
  public static void warmUpOuter(int k) {
    if (SIMD) {
      OuterSimd.warmUp(k);
    }
  }

  /**
   * The Outer template's RIGHT product for one row i of X with a linear cell, {@code w_q = a_q *
   * (U[i,] . V[j_q,])}: {@code c[ci+l] += sum_q w_q * V[j_q, l]} for l in [0, k), the non-zeros
   * given as values {@code av} and columns {@code ix} from {@code p0}. With SIMD, one pass over
   * the gathered rows of V with U's row and the output row in registers.
   */
  public static void outerRight(double[] u, int ui, double[] v, int k, double[] av, int[] ix,
      int p0, int len, double[] c, int ci) {
    if (outerRegisters(k)) {
      if (outerCompiled(k)) {
        OuterSimd.right(u, ui, v, k, av, ix, p0, len, c, ci);
      } else {
        OuterScalar.right(u, ui, v, k, av, ix, p0, len, c, ci);
      }
      return;
    }
    for (int q = 0; q < len; q++) {
      int vi = ix[p0 + q] * k;
      double w = av[p0 + q] * dotProduct(u, v, ui, vi, k);
      for (int l = 0; l < k; l++) {
        c[ci + l] += w * v[vi + l];
      }
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
   * {@code c[j] += a0*b0[j] + a1*b1[j] + a2*b2[j] + a3*b3[j]} for j in [from, to): the same
   * arithmetic as {@link #vectMultAdd4(double, double, double, double, double[], int, int, int,
   * int, double[], int, int)}, but with every array indexed by the same j, which C2 vectorizes.
   */
  public static void vectMultAdd4Range(double a0, double a1, double a2, double a3, double[] b0,
      double[] b1, double[] b2, double[] b3, double[] c, int from, int to) {
    for (int j = from; j < to; j++) {
      c[j] += a0 * b0[j] + a1 * b1[j] + a2 * b2[j] + a3 * b3[j];
    }
  }

  /**
   * Two rows of {@link #vectMultAdd4Range} sharing the slices b0..b3: row {@code c0} with
   * scalars {@code a0..a3}, row {@code c1} with {@code e0..e3}, j in [from, to). Each value of b
   * is loaded once for both rows; per cell the arithmetic is exactly that of the one-row form.
   */
  public static void vectMultAdd4x2Range(double a0, double a1, double a2, double a3, double e0,
      double e1, double e2, double e3, double[] b0, double[] b1, double[] b2, double[] b3,
      double[] c0, double[] c1, int from, int to) {
    for (int j = from; j < to; j++) {
      double x0 = b0[j];
      double x1 = b1[j];
      double x2 = b2[j];
      double x3 = b3[j];
      c0[j] += a0 * x0 + a1 * x1 + a2 * x2 + a3 * x3;
      c1[j] += e0 * x0 + e1 * x1 + e2 * x2 + e3 * x3;
    }
  }

  /** {@code c[j] += aval * a[j]} for j in [from, to), both indexed by the same j (vectorized). */
  public static void vectMultAddRange(double[] a, double aval, double[] c, int from, int to) {
    for (int j = from; j < to; j++) {
      c[j] += aval * a[j];
    }
  }

  /** {@code c[ci+j] += a[ai+j]} for j in [0, len). */
  public static void vectAdd(double[] a, double[] c, int ai, int ci, int len) {
    for (int j = 0; j < len; j++) {
      c[ci + j] += a[ai + j];
    }
  }

  /** Smallest of a[from..to), +Inf if empty, NaN if any is NaN (4 chains for throughput). */
  public static double min(double[] a, int from, int to) {
    double m0 = Double.POSITIVE_INFINITY;
    double m1 = m0;
    double m2 = m0;
    double m3 = m0;
    int i = from;
    for (; i + 4 <= to; i += 4) {
      m0 = Math.min(m0, a[i]);
      m1 = Math.min(m1, a[i + 1]);
      m2 = Math.min(m2, a[i + 2]);
      m3 = Math.min(m3, a[i + 3]);
    }
    for (; i < to; i++) {
      m0 = Math.min(m0, a[i]);
    }
    return Math.min(Math.min(m0, m1), Math.min(m2, m3));
  }

  /** Largest of a[from..to), -Inf if empty, NaN if any is NaN. */
  public static double max(double[] a, int from, int to) {
    double m0 = Double.NEGATIVE_INFINITY;
    double m1 = m0;
    double m2 = m0;
    double m3 = m0;
    int i = from;
    for (; i + 4 <= to; i += 4) {
      m0 = Math.max(m0, a[i]);
      m1 = Math.max(m1, a[i + 1]);
      m2 = Math.max(m2, a[i + 2]);
      m3 = Math.max(m3, a[i + 3]);
    }
    for (; i < to; i++) {
      m0 = Math.max(m0, a[i]);
    }
    return Math.max(Math.max(m0, m1), Math.max(m2, m3));
  }
}
