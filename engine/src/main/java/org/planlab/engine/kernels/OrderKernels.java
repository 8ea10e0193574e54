package org.planlab.engine.kernels;

import org.planlab.engine.matrix.MatrixBlock;
import org.planlab.engine.parallel.KernelPool;

/**
 * DML's {@code order(target=X, by=c, decreasing=, index.return=)}: a stable sort of the rows of
 * X by one column.
 *
 * <p>Stable in both directions: rows with equal keys keep their original relative order, also
 * when sorting decreasingly (a decreasing sort is not the reverse of an increasing one). Keys
 * compare numerically, so -0.0 equals 0.0. NaN keys sort last in both directions, in their
 * original order (R's {@code na.last = TRUE}).
 *
 * <p>The sort is a bottom-up merge sort over (key, row) pairs whose runs and merges are
 * independent tasks; since a stable order is unique, the result does not depend on the number
 * of threads.
 */
public final class OrderKernels {
  /** Length of the runs sorted by insertion sort before merging. */
  private static final int RUN = 32;

  private OrderKernels() {
  }

  /**
   * The rows of X sorted by column {@code byColumn} (1-based, as in DML), or with {@code
   * indexReturn} the n x 1 vector of the sorted rows' 1-based original indexes.
   *
   * @throws IllegalArgumentException when {@code byColumn} is not a column of X
   */
  public static MatrixBlock order(MatrixBlock x, int byColumn, boolean decreasing,
      boolean indexReturn, KernelPool pool) {
    if (byColumn < 1 || byColumn > x.cols()) {
      throw new IllegalArgumentException("order: by column " + byColumn
          + " is not a column of a " + x.shape() + " matrix (columns are numbered 1 to "
          + x.cols() + ")");
    }
    int n = x.rows();
    int[] perm = sortedRows(x, byColumn - 1, decreasing, pool);
    if (indexReturn) {
      double[] idx = new double[n];
      for (int i = 0; i < n; i++) {
        idx[i] = perm[i] + 1;
      }
      return MatrixBlock.dense(n, 1, idx);
    }
    return RowSegments.gatherRows(x, perm, n, x.nnz(), pool);
  }

  /** The original row indexes (0-based) in sorted order. */
  private static int[] sortedRows(MatrixBlock x, int col, boolean decreasing, KernelPool pool) {
    int n = x.rows();
    double[] column = keysOf(x, col);
    // stable partition: non-NaN keys first, NaN rows after them in original order
    double[] keys = new double[n];
    int[] perm = new int[n];
    int m = 0;
    for (int i = 0; i < n; i++) {
      if (!Double.isNaN(column[i])) {
        // negating turns a decreasing sort into an increasing one and keeps ties tied
        keys[m] = decreasing ? -column[i] : column[i];
        perm[m++] = i;
      }
    }
    for (int i = 0, t = m; i < n; i++) {
      if (Double.isNaN(column[i])) {
        perm[t++] = i;
      }
    }
    mergeSort(keys, perm, m, pool);
    return perm;
  }

  private static double[] keysOf(MatrixBlock x, int col) {
    int n = x.rows();
    double[] k = new double[n];
    if (x.isEmpty()) {
      return k;
    }
    if (x.isSparse()) {
      for (int r = 0; r < n; r++) {
        k[r] = x.sparseRows().get(r, col);
      }
    } else {
      double[] a = x.denseValues();
      int cols = x.cols();
      for (int r = 0; r < n; r++) {
        k[r] = a[r * cols + col];
      }
    }
    return k;
  }

  /**
   * Sorts {@code keys[0, n)} ascending (no NaN), permuting {@code perm} alongside, stably:
   * insertion-sorted runs, then rounds of pairwise merges, each round's merges in parallel.
   */
  private static void mergeSort(double[] keys, int[] perm, int n, KernelPool pool) {
    int runs = (n + RUN - 1) / RUN;
    pool.parallelFor(runs, (long) n * RUN / 4, (from, to) -> {
      for (int q = from; q < to; q++) {
        insertionSort(keys, perm, q * RUN, Math.min(n, q * RUN + RUN));
      }
    });
    if (n <= RUN) {
      return;
    }
    double[] srcK = keys;
    int[] srcP = perm;
    double[] dstK = new double[n];
    int[] dstP = new int[n];
    for (int width = RUN; width < n; width *= 2) {
      int w = width;
      double[] sk = srcK;
      int[] sp = srcP;
      double[] dk = dstK;
      int[] dp = dstP;
      int pairs = (int) ((n + 2L * w - 1) / (2L * w));
      pool.parallelFor(pairs, n, (from, to) -> {
        for (int q = from; q < to; q++) {
          int lo = (int) Math.min(n, 2L * w * q);
          int mid = (int) Math.min(n, (long) lo + w);
          int hi = (int) Math.min(n, (long) lo + 2L * w);
          merge(sk, sp, lo, mid, hi, dk, dp);
        }
      });
      srcK = dk;
      srcP = dp;
      dstK = sk;
      dstP = sp;
    }
    if (srcK != keys) {
      System.arraycopy(srcK, 0, keys, 0, n);
      System.arraycopy(srcP, 0, perm, 0, n);
    }
  }

  private static void insertionSort(double[] k, int[] p, int lo, int hi) {
    for (int i = lo + 1; i < hi; i++) {
      double key = k[i];
      int row = p[i];
      int j = i - 1;
      // strict comparison: equal keys are never moved past each other
      while (j >= lo && k[j] > key) {
        k[j + 1] = k[j];
        p[j + 1] = p[j];
        j--;
      }
      k[j + 1] = key;
      p[j + 1] = row;
    }
  }

  /** Merges the sorted runs [lo, mid) and [mid, hi); on ties the left run goes first. */
  private static void merge(double[] sk, int[] sp, int lo, int mid, int hi, double[] dk,
      int[] dp) {
    int i = lo;
    int j = mid;
    int o = lo;
    while (i < mid && j < hi) {
      if (sk[j] < sk[i]) {
        dk[o] = sk[j];
        dp[o++] = sp[j++];
      } else {
        dk[o] = sk[i];
        dp[o++] = sp[i++];
      }
    }
    System.arraycopy(sk, i, dk, o, mid - i);
    System.arraycopy(sp, i, dp, o, mid - i);
    o += mid - i;
    System.arraycopy(sk, j, dk, o, hi - j);
    System.arraycopy(sp, j, dp, o, hi - j);
  }
}
