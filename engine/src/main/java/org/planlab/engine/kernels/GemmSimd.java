package org.planlab.engine.kernels;

import jdk.incubator.vector.DoubleVector;
import jdk.incubator.vector.VectorSpecies;

/**
 * Dense {@code C = A B} for rows [rl, ru) of row-major A (m x k), B (k x n) and C (m x n) with a
 * register-blocked micro-kernel on explicit SIMD: B is packed, per block of {@link #KC} rows and
 * {@link #NC} columns, into panels of {@link #NR} columns stored row after row, and each step of
 * the kernel adds the products of four rows of A with one panel row into a 4 x NR tile of C held
 * in twelve vector registers. Every element of B loaded from the panel feeds four fused
 * multiply-adds and every element of A one broadcast for NR, where a row-at-a-time update loads
 * and stores C for every k. The blocking is the usual one for this kind of kernel: a panel
 * (KC x NR doubles, 12 KiB) stays in the level-1 cache while the four rows of A stream through,
 * the packed block (KC x NC, 192 KiB) in the level-2 cache.
 *
 * <p>A is read through two strides, so the same kernel computes {@code t(A) %*% B} from A as
 * stored (k x m): the four elements of a step are then adjacent in A's row p, where a
 * transposed copy would cost a pass over A and a pass over the result.
 *
 * <p>A cell of C sums its k products in order within a block (one fused multiply-add chain) and
 * the blocks in order, whatever the row range, so results do not depend on the thread count,
 * nor on whether A is read transposed. Each call zeroes its rows of C first, on the thread that
 * then fills them, so C need not come zeroed.
 * A last partial panel is packed with zero columns and its tiles added through a scratch tile;
 * rows beyond the last group of four take a one-row tile with the same order. Shared by every
 * caller, so the JIT compiles it once per JVM; only {@link MatMultKernels} calls it, and only
 * when {@code jdk.incubator.vector} is present.
 */
final class GemmSimd {
  private static final VectorSpecies<Double> SPECIES = SimdPrimitives.SPECIES;
  private static final int L = SPECIES.length();

  /** Columns per panel: three vectors. */
  static final int NR = 3 * L;
  /** Rows of B per packed block. */
  static final int KC = 128;
  /** Columns of B per packed block: whole panels. */
  static final int NC = 16 * NR;

  private GemmSimd() {
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
    multiplyRows(a, k, 1, b, c, k, n, rl, ru);
  }

  /**
   * Rows [rl, ru) of {@code c = t(a) b}; a is k x m, b is k x n, c is m x n, all row-major:
   * element (i, p) of {@code t(a)} is {@code a[p*m + i]}.
   */
  static void transposedLeftRows(double[] a, int m, double[] b, double[] c, int k, int n, int rl,
      int ru) {
    multiplyRows(a, 1, m, b, c, k, n, rl, ru);
  }

  /**
   * Rows [rl, ru) of {@code c = A b} with element (i, p) of A at {@code a[i*rs + p*cs]}.
   */
  private static void multiplyRows(double[] a, int rs, int cs, double[] b, double[] c, int k,
      int n, int rl, int ru) {
    java.util.Arrays.fill(c, rl * n, ru * n, 0.0);
    double[] packed = new double[KC * NC];
    double[] edge = new double[4 * NR];
    for (int jb = 0; jb < n; jb += NC) {
      int jn = Math.min(n, jb + NC) - jb;
      int panels = (jn + NR - 1) / NR;
      // the last panel of the last block may be partial: packed with zero columns, its tiles
      // go to a scratch tile first and only its real columns into C
      int lastWidth = jn - (panels - 1) * NR;
      for (int kb = 0; kb < k; kb += KC) {
        int kn = Math.min(k, kb + KC) - kb;
        pack(b, n, kb, kn, jb, jn, panels, packed);
        int i = rl;
        for (; i + 3 < ru; i += 4) {
          for (int q = 0; q < panels; q++) {
            int j0 = jb + q * NR;
            if (q < panels - 1 || lastWidth == NR) {
              tile4(a, rs, cs, i, kb, kn, packed, q * kn * NR, c, i * n + j0, n);
            } else {
              java.util.Arrays.fill(edge, 0);
              tile4(a, rs, cs, i, kb, kn, packed, q * kn * NR, edge, 0, NR);
              for (int r = 0; r < 4; r++) {
                addEdge(edge, r * NR, c, (i + r) * n + j0, lastWidth);
              }
            }
          }
        }
        for (; i < ru; i++) {
          for (int q = 0; q < panels; q++) {
            int j0 = jb + q * NR;
            if (q < panels - 1 || lastWidth == NR) {
              tile1(a, rs, cs, i, kb, kn, packed, q * kn * NR, c, i * n + j0);
            } else {
              java.util.Arrays.fill(edge, 0, NR, 0);
              tile1(a, rs, cs, i, kb, kn, packed, q * kn * NR, edge, 0);
              addEdge(edge, 0, c, i * n + j0, lastWidth);
            }
          }
        }
      }
    }
  }

  private static void addEdge(double[] edge, int from, double[] c, int to, int width) {
    for (int j = 0; j < width; j++) {
      c[to + j] += edge[from + j];
    }
  }

  /**
   * The block (kb, jb) of B as panels: {@code packed[q*kn*NR + p*NR + j] = b[(kb+p)*n + jb +
   * q*NR + j]}, columns past the block's {@code jn} as zeros.
   */
  private static void pack(double[] b, int n, int kb, int kn, int jb, int jn, int panels,
      double[] packed) {
    for (int q = 0; q < panels; q++) {
      int base = q * kn * NR;
      int w = Math.min(NR, jn - q * NR);
      for (int p = 0; p < kn; p++) {
        System.arraycopy(b, (kb + p) * n + jb + q * NR, packed, base + p * NR, w);
        if (w < NR) {
          java.util.Arrays.fill(packed, base + p * NR + w, base + (p + 1) * NR, 0);
        }
      }
    }
  }

  /**
   * Adds the 4 x NR tile of rows i..i+3 of A times a panel (the block's kn rows) into
   * {@code c} at {@code off}, rows {@code ldc} apart.
   */
  private static void tile4(double[] a, int rs, int cs, int i, int kb, int kn, double[] packed,
      int pbase, double[] c, int off, int ldc) {
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
    for (int p = 0, ap = i * rs + kb * cs; p < kn; p++, ap += cs) {
      int bo = pbase + p * NR;
      DoubleVector b0 = DoubleVector.fromArray(SPECIES, packed, bo);
      DoubleVector b1 = DoubleVector.fromArray(SPECIES, packed, bo + L);
      DoubleVector b2 = DoubleVector.fromArray(SPECIES, packed, bo + 2 * L);
      DoubleVector x = DoubleVector.broadcast(SPECIES, a[ap]);
      c00 = b0.fma(x, c00);
      c01 = b1.fma(x, c01);
      c02 = b2.fma(x, c02);
      x = DoubleVector.broadcast(SPECIES, a[ap + rs]);
      c10 = b0.fma(x, c10);
      c11 = b1.fma(x, c11);
      c12 = b2.fma(x, c12);
      x = DoubleVector.broadcast(SPECIES, a[ap + 2 * rs]);
      c20 = b0.fma(x, c20);
      c21 = b1.fma(x, c21);
      c22 = b2.fma(x, c22);
      x = DoubleVector.broadcast(SPECIES, a[ap + 3 * rs]);
      c30 = b0.fma(x, c30);
      c31 = b1.fma(x, c31);
      c32 = b2.fma(x, c32);
    }
    add(c, off, c00, c01, c02);
    add(c, off + ldc, c10, c11, c12);
    add(c, off + 2 * ldc, c20, c21, c22);
    add(c, off + 3 * ldc, c30, c31, c32);
  }

  /** One row's 1 x NR tile into {@code c} at {@code off}, in the order of {@link #tile4}. */
  private static void tile1(double[] a, int rs, int cs, int i, int kb, int kn, double[] packed,
      int pbase, double[] c, int off) {
    DoubleVector c0 = DoubleVector.zero(SPECIES);
    DoubleVector c1 = c0;
    DoubleVector c2 = c0;
    for (int p = 0, ap = i * rs + kb * cs; p < kn; p++, ap += cs) {
      int bo = pbase + p * NR;
      DoubleVector x = DoubleVector.broadcast(SPECIES, a[ap]);
      c0 = DoubleVector.fromArray(SPECIES, packed, bo).fma(x, c0);
      c1 = DoubleVector.fromArray(SPECIES, packed, bo + L).fma(x, c1);
      c2 = DoubleVector.fromArray(SPECIES, packed, bo + 2 * L).fma(x, c2);
    }
    add(c, off, c0, c1, c2);
  }

  private static void add(double[] c, int off, DoubleVector x0, DoubleVector x1,
      DoubleVector x2) {
    DoubleVector.fromArray(SPECIES, c, off).add(x0).intoArray(c, off);
    DoubleVector.fromArray(SPECIES, c, off + L).add(x1).intoArray(c, off + L);
    DoubleVector.fromArray(SPECIES, c, off + 2 * L).add(x2).intoArray(c, off + 2 * L);
  }
}
