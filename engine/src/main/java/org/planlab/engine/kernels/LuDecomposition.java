package org.planlab.engine.kernels;

import java.util.Arrays;
import org.planlab.engine.matrix.MatrixBlock;
import org.planlab.engine.parallel.KernelPool;

/**
 * LU decomposition with partial pivoting, {@code P A = L U}, blocked and right-looking as
 * LAPACK's {@code dgetrf}: a panel of {@link #PANEL} columns is factored column by column (the
 * pivot of a column is its largest magnitude on or below the diagonal), the panel's block row
 * of U is solved with the panel's unit lower triangle, and the trailing matrix is updated by the
 * rank-{@value #PANEL} product of the panel's L and that block row of U. The update, almost all
 * of the n^3 / 3 multiply-adds, streams each trailing row once per panel against a copy of the
 * block row of U that stays in cache, in loops that vectorize, split over the kernel pool by
 * rows; commons-math's unblocked Crout elimination walks the columns of a row-array matrix and
 * is several times slower at the sizes of normal equations. Every cell's arithmetic is fixed
 * by n alone, so the result is the same for any number of threads.
 */
final class LuDecomposition {
  /** Columns per panel: the block row of U (PANEL x n doubles) stays in L2. */
  static final int PANEL = 32;

  private final int n;
  /** L below the diagonal (unit diagonal implied) and U on and above it, row-major. */
  private final double[] lu;
  /** Row i of P A is row perm[i] of A. */
  private final int[] perm;
  private final boolean oddSwaps;
  /** The smallest magnitude of a pivot (of U's diagonal). */
  private final double minPivot;

  private LuDecomposition(int n, double[] lu, int[] perm, boolean oddSwaps, double minPivot) {
    this.n = n;
    this.lu = lu;
    this.perm = perm;
    this.oddSwaps = oddSwaps;
    this.minPivot = minPivot;
  }

  /** Factors the square {@code a} (dense or sparse; the factors are dense). */
  static LuDecomposition factor(MatrixBlock a, KernelPool pool) {
    int n = a.rows();
    double[] lu = a.copy().toDenseInPlace().denseValues();
    int[] perm = new int[n];
    for (int i = 0; i < n; i++) {
      perm[i] = i;
    }
    boolean odd = false;
    double minPivot = Double.POSITIVE_INFINITY;
    for (int k0 = 0; k0 < n; k0 += PANEL) {
      int k1 = Math.min(n, k0 + PANEL);
      for (int j = k0; j < k1; j++) {
        int p = j;
        double max = Math.abs(lu[j * n + j]);
        for (int i = j + 1; i < n; i++) {
          double v = Math.abs(lu[i * n + j]);
          if (v > max) {
            max = v;
            p = i;
          }
        }
        if (p != j) {
          swapRows(lu, n, p, j);
          int t = perm[p];
          perm[p] = perm[j];
          perm[j] = t;
          odd = !odd;
        }
        minPivot = Math.min(minPivot, max);
        if (max == 0) {
          continue; // nothing below to eliminate; the matrix is singular
        }
        double pivot = lu[j * n + j];
        int rj = j * n;
        for (int i = j + 1; i < n; i++) {
          int ri = i * n;
          double l = lu[ri + j] / pivot;
          lu[ri + j] = l;
          if (l != 0) {
            for (int c = j + 1; c < k1; c++) {
              lu[ri + c] -= l * lu[rj + c];
            }
          }
        }
      }
      if (k1 < n) {
        updateTrailing(lu, n, k0, k1, pool);
      }
    }
    return new LuDecomposition(n, lu, perm, odd, minPivot);
  }

  private static void swapRows(double[] a, int n, int p, int q) {
    int rp = p * n;
    int rq = q * n;
    for (int c = 0; c < n; c++) {
      double t = a[rp + c];
      a[rp + c] = a[rq + c];
      a[rq + c] = t;
    }
  }

  /**
   * U12 = inv(L11) A12 for the panel's rows [k0, k1), then A22 -= L21 U12 for the rows and
   * columns from k1 on.
   */
  private static void updateTrailing(double[] lu, int n, int k0, int k1, KernelPool pool) {
    int w = n - k1;
    int nb = k1 - k0;
    double[][] u = new double[nb][];
    for (int i = k0; i < k1; i++) {
      int ri = i * n + k1;
      for (int p = k0; p < i; p++) {
        double l = lu[i * n + p];
        if (l != 0) {
          double[] up = u[p - k0];
          for (int c = 0; c < w; c++) {
            lu[ri + c] -= l * up[c];
          }
        }
      }
      u[i - k0] = Arrays.copyOfRange(lu, ri, ri + w);
    }
    pool.parallelFor(w, 2L * w * w * nb, (from, to) -> {
      for (int i = k1 + from; i < k1 + to; i++) {
        int ri = i * n;
        int out = ri + k1;
        int q = 0;
        for (; q + 4 <= nb; q += 4) {
          double l0 = lu[ri + k0 + q];
          double l1 = lu[ri + k0 + q + 1];
          double l2 = lu[ri + k0 + q + 2];
          double l3 = lu[ri + k0 + q + 3];
          double[] u0 = u[q];
          double[] u1 = u[q + 1];
          double[] u2 = u[q + 2];
          double[] u3 = u[q + 3];
          for (int c = 0; c < w; c++) {
            lu[out + c] -= l0 * u0[c] + l1 * u1[c] + l2 * u2[c] + l3 * u3[c];
          }
        }
        for (; q < nb; q++) {
          double l = lu[ri + k0 + q];
          double[] uq = u[q];
          for (int c = 0; c < w; c++) {
            lu[out + c] -= l * uq[c];
          }
        }
      }
    });
  }

  /** The smallest magnitude of a pivot: 0 when the matrix is exactly singular. */
  double minPivot() {
    return minPivot;
  }

  /** The determinant: the product of the pivots, negated for an odd number of row swaps. */
  double determinant() {
    double d = oddSwaps ? -1 : 1;
    for (int i = 0; i < n; i++) {
      d *= lu[i * n + i];
    }
    return d;
  }

  /**
   * X with {@code A X = B} for {@code b} (n x k, row-major): forward substitution with L on the
   * permuted rows of B, then back substitution with U. Needs a non-zero {@link #minPivot}.
   */
  double[] solve(double[] b, int k) {
    double[] x = new double[n * k];
    for (int i = 0; i < n; i++) {
      System.arraycopy(b, perm[i] * k, x, i * k, k);
    }
    for (int i = 0; i < n; i++) {
      int ri = i * n;
      int xi = i * k;
      for (int p = 0; p < i; p++) {
        double l = lu[ri + p];
        if (l != 0) {
          int xp = p * k;
          for (int c = 0; c < k; c++) {
            x[xi + c] -= l * x[xp + c];
          }
        }
      }
    }
    for (int i = n - 1; i >= 0; i--) {
      int ri = i * n;
      int xi = i * k;
      for (int p = i + 1; p < n; p++) {
        double v = lu[ri + p];
        if (v != 0) {
          int xp = p * k;
          for (int c = 0; c < k; c++) {
            x[xi + c] -= v * x[xp + c];
          }
        }
      }
      double d = lu[ri + i];
      for (int c = 0; c < k; c++) {
        x[xi + c] /= d;
      }
    }
    return x;
  }
}
