package org.planlab.engine.kernels;

import java.util.concurrent.atomic.AtomicInteger;
import jdk.incubator.vector.DoubleVector;
import jdk.incubator.vector.VectorOperators;
import jdk.incubator.vector.VectorSpecies;

/**
 * The Outer template's per-row loops over the non-zeros {@code X[i, j_q]} with explicit SIMD
 * (fusion paper sec. 2.2: the sparsity-exploiting outer product {@code X * (U V^T)} and its
 * products with U and V), for ranks k of one to {@link #MAX_VECTORS} vectors plus a scalar
 * tail: U's row is loaded once per row of X into vector registers, each non-zero's row of V once
 * for its dot product and, in {@link #right}, also for the output row, which stays in
 * registers over the row. Against dot products read from memory and a second pass that gathers
 * V's rows again, this halves the loads per non-zero. The product with U, {@code t(W) %*% U},
 * runs on {@link #right} over the rows of {@code t(X)} with U and V swapped.
 *
 * <p>The row's vectors are named variables used only when the rank has that many vectors, since
 * the JIT keeps variables, not arrays of vectors, in registers; the vector-count tests are the
 * same for every non-zero, and the JIT compiles only the branches of the rank a run uses (see
 * {@link #warmUp}). The vectors have the shape of {@link SimdPrimitives#SPECIES}.
 *
 * <p>Shared by every operator (not copied with the skeletons), so the JIT compiles it once per
 * JVM: code on the Vector API runs orders of magnitude slower before C2 has compiled it, which a
 * per-operator copy would pay again for every operator. Only {@link VectorPrimitives} calls this
 * class, and only when {@code jdk.incubator.vector} is present. Sums run in an order that depends
 * only on the rank, so results do not depend on the thread count.
 */
final class OuterSimd {
  private static final VectorSpecies<Double> SPECIES = SimdPrimitives.SPECIES;
  private static final int L = SPECIES.length();

  /** The most vectors of a row these loops hold in registers. */
  static final int MAX_VECTORS = 8;

  private OuterSimd() {
  }

  /**
   * The one rank these loops run for in this JVM, 0 before the first. The loops test the
   * rank's vector count per non-zero; the JIT compiles only the branches a run takes. Run for a
   * second rank, they would take other branches, and where those merge, the JIT no longer knows
   * the vectors' class and runs them as allocating library code: four times slower than the
   * generic loops, measured with ranks 10 and 20 in one process. So the first rank claims them
   * for the JVM (the JIT's compiled code is per JVM, so this state is too), and other ranks take
   * the generic loops of {@link VectorPrimitives}.
   */
  private static final AtomicInteger RANK = new AtomicInteger();

  /**
   * Whether rank {@code k} runs on these loops: it has between one and {@link #MAX_VECTORS}
   * whole vectors, and it is this JVM's rank (claimed here by the first rank that asks).
   */
  static boolean fits(int k) {
    if (!vectorsFit(k)) {
      return false;
    }
    int rank = RANK.get();
    return rank == k || rank == 0 && (RANK.compareAndSet(0, k) || RANK.get() == k);
  }

  /**
   * This JVM's warm-up of these loops (and of the gather and scatter loops of {@link
   * SimdPrimitives} that Outer operators with other cells use), which counts them as compiled
   * once it has measured them so ({@link #warmUp}). Until then the Outer template runs their
   * scalar twins ({@link OuterScalar}), which give the same results bit for bit, or waits
   * ({@link VectorPrimitives#outerRegisters}). Per JVM, as {@link #RANK}. Without twins for the
   * vector shape (not four lanes), the loops count as compiled from the start and run cold.
   */
  private static final JitWarmUp WARM_UP =
      new JitWarmUp("planlab-outer-warmup", L == OuterScalar.LANES);
  /** The longest an operator waits for the loops to be compiled ({@link #awaitCompiled}). */
  private static final long WAIT_MS = 2000;

  /** Iterations of the loops per timed batch of the warm-up. */
  private static final int BATCH = 100;

  /** Whether C2 has compiled the loops (see {@link #WARM_UP}). */
  static boolean compiled() {
    return WARM_UP.compiled();
  }

  /**
   * Starts this JVM's warm-up of the loops for rank {@code k} on a daemon thread unless one has
   * started; returns at once.
   */
  static void startWarmUp(int k) {
    WARM_UP.start(() -> JitWarmUp.untilCompiled(new WarmUpLoops(k)));
  }

  /**
   * Starts the warm-up for rank {@code k} unless it has started and waits, at most {@link
   * #WAIT_MS}, until it has ended: the warm-up thread and the compiler then have the cores, and
   * the caller runs compiled code from its first row. A wait that times out is the last: later
   * callers take the scalar twins until the warm-up sees the loops compiled.
   */
  static void awaitCompiled(int k) {
    startWarmUp(k);
    WARM_UP.await(WAIT_MS);
  }

  /** Whether rank {@code k} has between one and {@link #MAX_VECTORS} whole vectors. */
  static boolean vectorsFit(int k) {
    int nv = k / L;
    return nv >= 1 && nv <= MAX_VECTORS;
  }

  /** The rank claimed in this JVM, 0 if none yet (for tests). */
  static int claimedRank() {
    return RANK.get();
  }

  /** Vector {@code idx} of the row at {@code off}, or zero when the rank has fewer vectors. */
  private static DoubleVector row(double[] a, int off, int idx, int nv) {
    return idx < nv ? DoubleVector.fromArray(SPECIES, a, off + idx * L)
        : DoubleVector.zero(SPECIES);
  }

  private static DoubleVector at(double[] a, int off) {
    return DoubleVector.fromArray(SPECIES, a, off);
  }

  private static void store(DoubleVector x, double[] c, int ci, int idx, int nv) {
    if (idx < nv) {
      x.intoArray(c, ci + idx * L);
    }
  }

  /**
   * {@code uv[q] = U[i,] . V[ix[p0+q],]} for q in [0, len), U's row at {@code ui} held in
   * registers; even and odd vectors in two chains, joined, then the lanes, then the tail.
   */
  static void dots(double[] u, int ui, double[] v, int k, int[] ix, int p0, int len,
      double[] uv) {
    int nv = k / L;
    int tail = nv * L;
    DoubleVector u0 = row(u, ui, 0, nv);
    DoubleVector u1 = row(u, ui, 1, nv);
    DoubleVector u2 = row(u, ui, 2, nv);
    DoubleVector u3 = row(u, ui, 3, nv);
    DoubleVector u4 = row(u, ui, 4, nv);
    DoubleVector u5 = row(u, ui, 5, nv);
    DoubleVector u6 = row(u, ui, 6, nv);
    DoubleVector u7 = row(u, ui, 7, nv);
    DoubleVector zero = DoubleVector.zero(SPECIES);
    for (int q = 0; q < len; q++) {
      int vi = ix[p0 + q] * k;
      DoubleVector e = u0.mul(at(v, vi));
      DoubleVector o = nv > 1 ? u1.mul(at(v, vi + L)) : zero;
      if (nv > 2) {
        e = u2.fma(at(v, vi + 2 * L), e);
      }
      if (nv > 3) {
        o = u3.fma(at(v, vi + 3 * L), o);
      }
      if (nv > 4) {
        e = u4.fma(at(v, vi + 4 * L), e);
      }
      if (nv > 5) {
        o = u5.fma(at(v, vi + 5 * L), o);
      }
      if (nv > 6) {
        e = u6.fma(at(v, vi + 6 * L), e);
      }
      if (nv > 7) {
        o = u7.fma(at(v, vi + 7 * L), o);
      }
      double d = e.add(o).reduceLanes(VectorOperators.ADD);
      for (int t = tail; t < k; t++) {
        d += u[ui + t] * v[vi + t];
      }
      uv[q] = d;
    }
  }

  /**
   * {@code c[ci + l] += sum_q w_q * V[j_q, l]} with {@code w_q = a_q * (U[i,] . V[j_q,])}: each
   * row of V loaded once for its dot product and its share of the output row, U's row and the
   * output row held in registers. The dot product as in {@link #dots}.
   */
  static void right(double[] u, int ui, double[] v, int k, double[] av, int[] ix, int p0,
      int len, double[] c, int ci) {
    int nv = k / L;
    int tail = nv * L;
    DoubleVector u0 = row(u, ui, 0, nv);
    DoubleVector u1 = row(u, ui, 1, nv);
    DoubleVector u2 = row(u, ui, 2, nv);
    DoubleVector u3 = row(u, ui, 3, nv);
    DoubleVector u4 = row(u, ui, 4, nv);
    DoubleVector u5 = row(u, ui, 5, nv);
    DoubleVector u6 = row(u, ui, 6, nv);
    DoubleVector u7 = row(u, ui, 7, nv);
    DoubleVector c0 = row(c, ci, 0, nv);
    DoubleVector c1 = row(c, ci, 1, nv);
    DoubleVector c2 = row(c, ci, 2, nv);
    DoubleVector c3 = row(c, ci, 3, nv);
    DoubleVector c4 = row(c, ci, 4, nv);
    DoubleVector c5 = row(c, ci, 5, nv);
    DoubleVector c6 = row(c, ci, 6, nv);
    DoubleVector c7 = row(c, ci, 7, nv);
    DoubleVector zero = DoubleVector.zero(SPECIES);
    for (int q = 0; q < len; q++) {
      int vi = ix[p0 + q] * k;
      DoubleVector v0 = at(v, vi);
      DoubleVector v1 = nv > 1 ? at(v, vi + L) : zero;
      DoubleVector v2 = nv > 2 ? at(v, vi + 2 * L) : zero;
      DoubleVector v3 = nv > 3 ? at(v, vi + 3 * L) : zero;
      DoubleVector v4 = nv > 4 ? at(v, vi + 4 * L) : zero;
      DoubleVector v5 = nv > 5 ? at(v, vi + 5 * L) : zero;
      DoubleVector v6 = nv > 6 ? at(v, vi + 6 * L) : zero;
      DoubleVector v7 = nv > 7 ? at(v, vi + 7 * L) : zero;
      DoubleVector e = u0.mul(v0);
      DoubleVector o = nv > 1 ? u1.mul(v1) : zero;
      if (nv > 2) {
        e = u2.fma(v2, e);
      }
      if (nv > 3) {
        o = u3.fma(v3, o);
      }
      if (nv > 4) {
        e = u4.fma(v4, e);
      }
      if (nv > 5) {
        o = u5.fma(v5, o);
      }
      if (nv > 6) {
        e = u6.fma(v6, e);
      }
      if (nv > 7) {
        o = u7.fma(v7, o);
      }
      double d = e.add(o).reduceLanes(VectorOperators.ADD);
      for (int t = tail; t < k; t++) {
        d += u[ui + t] * v[vi + t];
      }
      double w = av[p0 + q] * d;
      DoubleVector wv = DoubleVector.broadcast(SPECIES, w);
      c0 = v0.fma(wv, c0);
      if (nv > 1) {
        c1 = v1.fma(wv, c1);
      }
      if (nv > 2) {
        c2 = v2.fma(wv, c2);
      }
      if (nv > 3) {
        c3 = v3.fma(wv, c3);
      }
      if (nv > 4) {
        c4 = v4.fma(wv, c4);
      }
      if (nv > 5) {
        c5 = v5.fma(wv, c5);
      }
      if (nv > 6) {
        c6 = v6.fma(wv, c6);
      }
      if (nv > 7) {
        c7 = v7.fma(wv, c7);
      }
      for (int t = tail; t < k; t++) {
        c[ci + t] += w * v[vi + t];
      }
    }
    store(c0, c, ci, 0, nv);
    store(c1, c, ci, 1, nv);
    store(c2, c, ci, 2, nv);
    store(c3, c, ci, 3, nv);
    store(c4, c, ci, 4, nv);
    store(c5, c, ci, 5, nv);
    store(c6, c, ci, 6, nv);
    store(c7, c, ci, 7, nv);
  }

  /**
   * Runs {@link #dots} and {@link #right} for rank {@code k} (where these loops serve it) and
   * the gather and scatter products of {@link SimdPrimitives} on small synthetic rows, in timed
   * batches, until C2 has compiled them ({@link JitWarmUp#untilCompiled}), on the calling
   * thread; then they count as compiled (not when it gives up or a batch fails). Only rank k
   * runs, since the compiled loops keep only the branches the calls took (a rank's vector
   * count). Touches only its own arrays.
   */
  static void warmUp(int k) {
    WARM_UP.run(() -> JitWarmUp.untilCompiled(new WarmUpLoops(k)));
  }

  /**
   * A batch of the warm-up for rank k over synthetic rows made once, so that a batch allocates
   * nothing but the vectors of code C2 has not compiled.
   */
  private static final class WarmUpLoops implements Runnable {
    private static final int ROWS = 64;
    private static final int LEN = 24;
    private final int k;
    /** Whether rank k runs on the register loops ({@link #fits}, which claims the rank). */
    private final boolean registers;
    private final double[] u;
    private final double[] v;
    private final double[] c;
    private final double[] av = new double[LEN];
    private final double[] uv = new double[LEN];
    private final int[] ix = new int[LEN];

    WarmUpLoops(int k) {
      this.k = k;
      this.registers = fits(k);
      this.u = new double[k];
      this.v = new double[ROWS * k];
      this.c = new double[ROWS * k];
      for (int q = 0; q < LEN; q++) {
        ix[q] = (q * 7) % ROWS;
        av[q] = 1.0 / (q + 1);
      }
      for (int i = 0; i < v.length; i++) {
        v[i] = ((i * 31) % 17) / 17.0 - 0.5;
      }
      for (int l = 0; l < k; l++) {
        u[l] = ((l * 13) % 11) / 11.0 - 0.5;
      }
    }

    @Override
    public void run() {
      for (int it = 0; it < BATCH; it++) {
        if (registers) {
          dots(u, 0, v, k, ix, 0, LEN, uv);
          right(u, 0, v, k, av, ix, 0, LEN, c, 0);
        }
        // the RIGHT and LEFT products of operators whose cell is not linear
        SimdPrimitives.gatherMultAdd(uv, ix, 0, LEN, v, k, c, 0);
        SimdPrimitives.scatterMultAdd(u, 0, uv, ix, 0, LEN, c, k);
      }
    }
  }
}
