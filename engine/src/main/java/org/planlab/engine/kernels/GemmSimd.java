package org.planlab.engine.kernels;

import java.util.Arrays;
import jdk.incubator.vector.DoubleVector;
import jdk.incubator.vector.VectorSpecies;

/**
 * Dense {@code C = A B} for rows [rl, ru) of row-major A (m x k), B (k x n) and C (m x n) with a
 * register-blocked micro-kernel on explicit SIMD, blocked as the GotoBLAS/BLIS kernels are:
 * <ul>
 *   <li>B is packed, per block of {@link #KC} rows and up to {@link #NC} columns, into panels
 *   of {@link #NR} columns stored row after row;</li>
 *   <li>A is packed, per block of up to {@link #MC} rows and the same KC columns, into groups
 *   of {@link #MR} rows stored column after column;</li>
 *   <li>each step of the micro-kernel adds the products of a group's four elements with one
 *   panel row into an MR x NR tile of C held in twelve vector registers: every element of B
 *   loaded feeds four fused multiply-adds, every element of A one broadcast for NR.</li>
 * </ul>
 * For one panel, the micro-kernel runs over all groups of the A block: the panel (KC x NR
 * doubles, 12 KiB) stays in the level-1 cache and the packed groups stream from the level-2
 * cache (MC x KC, 64 KiB) in the order they are stored, so no step reads A through a stride.
 *
 * <p>A is read through two strides when it is packed, so the same kernel computes
 * {@code t(A) %*% B} from A as stored (k x m): a transposed copy would cost a pass over A and a
 * pass over the result.
 *
 * <p>A cell of C sums its k products in order within a block (one fused multiply-add chain from
 * zero) and the blocks in order, whatever the row range and block sizes MC and NC, so results do
 * not depend on the thread count, nor on whether A is read transposed. Each call zeroes its rows
 * of C first, on the thread that then fills them, so C need not come zeroed. A partial panel is
 * packed with zero columns, a partial group with zero rows, and their tiles are added through a
 * scratch tile. Shared by every caller, so the JIT compiles it once per JVM; only {@link
 * MatMultKernels} calls it, and only when {@code jdk.incubator.vector} is present.
 */
final class GemmSimd {
  private static final VectorSpecies<Double> SPECIES = SimdPrimitives.SPECIES;
  private static final int L = SPECIES.length();

  /** Rows of A per group: the tile's rows. */
  static final int MR = 4;
  /** Columns per panel: three vectors. */
  static final int NR = 3 * L;
  /** Rows of B (and columns of A) per packed block. */
  static final int KC = 128;
  /** Rows of A per packed block: whole groups. */
  static final int MC = 16 * MR;
  /** Columns of B per packed block, at most: whole panels. */
  static final int NC = 80 * NR;
  /** Products over a few steps of k per batch of the warm-up ({@link WarmUpProducts}). */
  private static final int SHORT_PRODUCTS = 16;

  /**
   * This JVM's warm-up of the tile loop, which counts it as compiled once it has measured it so
   * ({@link JitWarmUp#untilCompiled}). Until then products run the tile's scalar twin ({@link
   * #tileScalar}), which gives the same results bit for bit: the Vector API before C2 runs as
   * allocating library code, two orders of magnitude slower than the twin compiled by C1; a
   * warm-up that never sees C2's code leaves products on the twin.
   */
  private static final JitWarmUp WARM_UP = new JitWarmUp("planlab-gemm-warmup", true);

  private GemmSimd() {
  }

  /**
   * Starts this JVM's warm-up of the kernel on a daemon thread unless one has started; returns
   * at once. Products of a few thousand rows reach the tile loop's compile thresholds within
   * their first panels, but at a script's start C2's queue is long: the first such product ran
   * its tiles interpreted or in C1's code, on the allocating library code of the Vector API,
   * for most of its time (tens of times its steady time).
   */
  static void startWarmUp() {
    WARM_UP.start(() -> JitWarmUp.untilCompiled(new WarmUpProducts()));
  }

  /** Whether C2 has compiled the tile loop (see {@link #WARM_UP}). */
  static boolean compiled() {
    return WARM_UP.compiled();
  }

  /**
   * A batch of the warm-up: products and transposed-left products of small synthetic matrices
   * on the SIMD tile, over whole and partial groups and panels: one over two blocks of k, and
   * {@link #SHORT_PRODUCTS} over a few steps of k. C2 compiles the tile once it has been called
   * often enough, and before that each of its steps runs the Vector API's allocating library
   * code: short tiles reach that count in a fraction of the time long ones take, which matters
   * at a script's start, when a long compile queue raises the count. The matrices are made once,
   * so that a batch allocates little but the vectors of code C2 has not compiled.
   */
  private static final class WarmUpProducts implements Runnable {
    private static final int M = 9;
    private static final int N = 2 * NR + 5;
    private final double[][] longProduct = operands(KC + 8);
    private final double[][] shortProduct = operands(4);

    @Override
    public void run() {
      multiply(longProduct, KC + 8, 1);
      multiply(shortProduct, 4, SHORT_PRODUCTS);
    }

    /** A (M x k), B (k x N) and C (M x N). */
    private static double[][] operands(int k) {
      double[] a = new double[M * k];
      double[] b = new double[k * N];
      for (int i = 0; i < a.length; i++) {
        a[i] = (i % 7) - 3;
      }
      for (int i = 0; i < b.length; i++) {
        b[i] = (i % 5) - 2;
      }
      return new double[][] {a, b, new double[M * N]};
    }

    private static void multiply(double[][] abc, int k, int times) {
      for (int t = 0; t < times; t++) {
        multiplyRows(abc[0], k, 1, abc[1], abc[2], k, N, 0, M, Tiles.SIMD);
        multiplyRows(abc[0], 1, M, abc[1], abc[2], k, N, 0, M, Tiles.SIMD);
      }
    }
  }

  /** Which tile a product runs: both give the same results bit for bit. */
  enum Tiles {
    /** The SIMD tile. */
    SIMD,
    /** The scalar twin. */
    TWIN,
    /**
     * The scalar twin until the warm-up counts the SIMD tile compiled, then the SIMD tile from
     * the next block of rows on: a product that started before C2 compiled the tile does not
     * run all of its blocks on the slower twin.
     */
    TWIN_UNTIL_COMPILED
  }

  /**
   * Whether products with n columns in B (and the result) go to this kernel: the Vector API is
   * present and B has at least one whole panel of columns.
   */
  static boolean applies(int n) {
    return VectorPrimitives.SIMD && n >= NR;
  }

  /** Rows [rl, ru) of {@code c = a b}; a is m x k, b is k x n, all row-major. */
  static void multiplyRows(double[] a, double[] b, double[] c, int k, int n, int rl, int ru) {
    multiplyRows(a, k, 1, b, c, k, n, rl, ru, tilesNow());
  }

  /**
   * Rows [rl, ru) of {@code c = t(a) b}; a is k x m, b is k x n, c is m x n, all row-major:
   * element (i, p) of {@code t(a)} is {@code a[p*m + i]}.
   */
  static void transposedLeftRows(double[] a, int m, double[] b, double[] c, int k, int n, int rl,
      int ru) {
    multiplyRows(a, 1, m, b, c, k, n, rl, ru, tilesNow());
  }

  /**
   * The tiles of a product starting now: SIMD once C2 has compiled it; else the scalar twin
   * until it has, and the warm-up starts unless it has.
   */
  private static Tiles tilesNow() {
    if (compiled()) {
      return Tiles.SIMD;
    }
    startWarmUp();
    return Tiles.TWIN_UNTIL_COMPILED;
  }

  /**
   * Rows [rl, ru) of {@code c = A b} with element (i, p) of A at {@code a[i*rs + p*cs]}, on the
   * tiles {@code tiles} names, which give the same results bit for bit.
   */
  static void multiplyRows(double[] a, int rs, int cs, double[] b, double[] c, int k, int n,
      int rl, int ru, Tiles tiles) {
    Arrays.fill(c, rl * n, ru * n, 0.0);
    if (ru <= rl) {
      return;
    }
    // column blocks of about equal width, whole panels, at most NC wide
    int blocks = (n + NC - 1) / NC;
    int ncMax = roundUp((n + blocks - 1) / blocks, NR);
    int kcMax = Math.min(k, KC);
    double[] packedB = new double[kcMax * ncMax];
    double[] packedA = new double[kcMax * roundUp(Math.min(ru - rl, MC), MR)];
    double[] edge = new double[MR * NR];
    double[] twin = tiles == Tiles.SIMD ? null : new double[MR * NR];
    for (int jc = 0; jc < n; jc += ncMax) {
      int nc = Math.min(n, jc + ncMax) - jc;
      int panels = (nc + NR - 1) / NR;
      for (int pc = 0; pc < k; pc += KC) {
        int kc = Math.min(k, pc + KC) - pc;
        packB(b, n, pc, kc, jc, nc, panels, packedB);
        for (int ic = rl; ic < ru; ic += MC) {
          if (twin != null && tiles == Tiles.TWIN_UNTIL_COMPILED && compiled()) {
            twin = null;
          }
          int mc = Math.min(ru, ic + MC) - ic;
          int groups = (mc + MR - 1) / MR;
          packA(a, rs, cs, ic, mc, pc, kc, groups, packedA);
          for (int q = 0; q < panels; q++) {
            int j0 = jc + q * NR;
            int w = Math.min(NR, nc - q * NR);
            for (int g = 0; g < groups; g++) {
              int i0 = ic + g * MR;
              int h = Math.min(MR, mc - g * MR);
              int ao = g * kc * MR;
              int bo = q * kc * NR;
              if (w == NR && h == MR) {
                tile(packedA, ao, packedB, bo, kc, c, i0 * n + j0, n, twin);
              } else {
                Arrays.fill(edge, 0.0);
                tile(packedA, ao, packedB, bo, kc, edge, 0, NR, twin);
                for (int r = 0; r < h; r++) {
                  for (int j = 0, co = (i0 + r) * n + j0; j < w; j++) {
                    c[co + j] += edge[r * NR + j];
                  }
                }
              }
            }
          }
        }
      }
    }
  }

  private static int roundUp(int x, int multiple) {
    return (x + multiple - 1) / multiple * multiple;
  }

  /**
   * The block (pc, jc) of B as panels: {@code packed[q*kc*NR + p*NR + j] = b[(pc+p)*n + jc +
   * q*NR + j]}, columns past the block's {@code nc} as zeros.
   */
  private static void packB(double[] b, int n, int pc, int kc, int jc, int nc, int panels,
      double[] packed) {
    for (int q = 0; q < panels; q++) {
      int base = q * kc * NR;
      int w = Math.min(NR, nc - q * NR);
      for (int p = 0; p < kc; p++) {
        System.arraycopy(b, (pc + p) * n + jc + q * NR, packed, base + p * NR, w);
        if (w < NR) {
          Arrays.fill(packed, base + p * NR + w, base + (p + 1) * NR, 0.0);
        }
      }
    }
  }

  /**
   * The block (ic, pc) of A as groups: {@code packed[g*kc*MR + p*MR + r] = A[ic + g*MR + r, pc +
   * p]}, rows past the block's {@code mc} as zeros. Row-major A is read row by row, A read
   * transposed (rs 1) along its stored rows, so both read memory in order.
   */
  private static void packA(double[] a, int rs, int cs, int ic, int mc, int pc, int kc,
      int groups, double[] packed) {
    for (int g = 0; g < groups; g++) {
      int base = g * kc * MR;
      int h = Math.min(MR, mc - g * MR);
      if (rs == 1) {
        for (int p = 0; p < kc; p++) {
          int ao = (pc + p) * cs + ic + g * MR;
          int po = base + p * MR;
          for (int r = 0; r < MR; r++) {
            packed[po + r] = r < h ? a[ao + r] : 0.0;
          }
        }
      } else {
        for (int r = 0; r < MR; r++) {
          int ao = (ic + g * MR + r) * rs + pc * cs;
          for (int p = 0; p < kc; p++) {
            packed[base + p * MR + r] = r < h ? a[ao + p * cs] : 0.0;
          }
        }
      }
    }
  }

  /**
   * Adds the MR x NR tile of a packed group times a packed panel (kc steps) into {@code c} at
   * {@code off}, rows {@code ldc} apart: on SIMD, or by the scalar twin into the accumulators
   * {@code twin} when it is not null.
   */
  private static void tile(double[] pa, int ao, double[] pb, int bo, int kc, double[] c, int off,
      int ldc, double[] twin) {
    if (twin == null) {
      tileSimd(pa, ao, pb, bo, kc, c, off, ldc);
    } else {
      tileScalar(pa, ao, pb, bo, kc, c, off, ldc, twin);
    }
  }

  /** {@link #tile} on SIMD: the tile in twelve vector registers. */
  private static void tileSimd(double[] pa, int ao, double[] pb, int bo, int kc, double[] c,
      int off, int ldc) {
    DoubleVector c00 = DoubleVector.zero(SPECIES);
    DoubleVector c01 = c00;
    DoubleVector c02 = c00;
    DoubleVector c10 = c00;
    DoubleVector c11 = c00;
    DoubleVector c12 = c00;
    DoubleVector c20 = c00;
    DoubleVector c21 = c00;
    DoubleVector c22 = c00;
    DoubleVector c30 = c00;
    DoubleVector c31 = c00;
    DoubleVector c32 = c00;
    for (int p = 0; p < kc; p++, ao += MR, bo += NR) {
      DoubleVector b0 = DoubleVector.fromArray(SPECIES, pb, bo);
      DoubleVector b1 = DoubleVector.fromArray(SPECIES, pb, bo + L);
      DoubleVector b2 = DoubleVector.fromArray(SPECIES, pb, bo + 2 * L);
      DoubleVector x = DoubleVector.broadcast(SPECIES, pa[ao]);
      c00 = b0.fma(x, c00);
      c01 = b1.fma(x, c01);
      c02 = b2.fma(x, c02);
      x = DoubleVector.broadcast(SPECIES, pa[ao + 1]);
      c10 = b0.fma(x, c10);
      c11 = b1.fma(x, c11);
      c12 = b2.fma(x, c12);
      x = DoubleVector.broadcast(SPECIES, pa[ao + 2]);
      c20 = b0.fma(x, c20);
      c21 = b1.fma(x, c21);
      c22 = b2.fma(x, c22);
      x = DoubleVector.broadcast(SPECIES, pa[ao + 3]);
      c30 = b0.fma(x, c30);
      c31 = b1.fma(x, c31);
      c32 = b2.fma(x, c32);
    }
    add(c, off, c00, c01, c02);
    add(c, off + ldc, c10, c11, c12);
    add(c, off + 2 * ldc, c20, c21, c22);
    add(c, off + 3 * ldc, c30, c31, c32);
  }

  private static void add(double[] c, int off, DoubleVector x0, DoubleVector x1,
      DoubleVector x2) {
    DoubleVector.fromArray(SPECIES, c, off).add(x0).intoArray(c, off);
    DoubleVector.fromArray(SPECIES, c, off + L).add(x1).intoArray(c, off + L);
    DoubleVector.fromArray(SPECIES, c, off + 2 * L).add(x2).intoArray(c, off + 2 * L);
  }

  /**
   * The scalar twin of {@link #tileSimd}: every cell of the tile is one lane of a vector there,
   * its products summed by {@link Math#fma} from zero in the same order, then added to C, so it
   * rounds as the vector loop does, bit for bit. {@code acc} holds the tile's MR x NR sums.
   */
  private static void tileScalar(double[] pa, int ao, double[] pb, int bo, int kc, double[] c,
      int off, int ldc, double[] acc) {
    Arrays.fill(acc, 0.0);
    for (int p = 0; p < kc; p++, ao += MR, bo += NR) {
      for (int r = 0; r < MR; r++) {
        double x = pa[ao + r];
        for (int j = 0, t = r * NR; j < NR; j++, t++) {
          acc[t] = Math.fma(pb[bo + j], x, acc[t]);
        }
      }
    }
    for (int r = 0; r < MR; r++) {
      for (int j = 0, co = off + r * ldc, t = r * NR; j < NR; j++) {
        c[co + j] += acc[t + j];
      }
    }
  }
}
