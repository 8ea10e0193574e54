package org.planlab.engine.kernels;

import java.util.Arrays;
import org.planlab.engine.matrix.SparseBlockMCSR;

/**
 * Dense accumulator for one sparse output row (Gustavson): values by column, plus the list of
 * touched columns so that clearing and extracting cost the touched count, not n.
 */
final class SparseRowAccumulator {
  /** A row with at most n / this many touched columns is sorted, else scanned in order. */
  private static final int SCAN_RATIO = 16;

  private final double[] vals;
  private final boolean[] touched;
  private int[] list;
  private int count;

  SparseRowAccumulator(int n) {
    vals = new double[n];
    touched = new boolean[n];
    list = new int[16];
  }

  /** vals[bix[p]] += s * bvals[p] for p in [pos, pos+len). */
  void add(double s, double[] bvals, int[] bix, int pos, int len) {
    for (int p = pos; p < pos + len; p++) {
      int j = bix[p];
      if (!touched[j]) {
        touched[j] = true;
        if (count == list.length) {
          list = Arrays.copyOf(list, Math.min(vals.length, 2 * count));
        }
        list[count++] = j;
      }
      vals[j] += s * bvals[p];
    }
  }

  /** Number of columns touched since the last reset (an upper bound of the row's nnz). */
  int touchedCount() {
    return count;
  }

  /** Writes the non-zeros (ascending columns) into row i of sc and resets the accumulator. */
  void moveTo(SparseBlockMCSR sc, int i) {
    if (count == 0) {
      return;
    }
    int[] ix = new int[count];
    double[] v = new double[count];
    int p = drain(ix, v);
    if (p > 0) {
      sc.setRow(i, ix, v, p);
    }
  }

  /**
   * Copies the non-zeros in ascending column order into {@code ixOut}/{@code vOut} (each at least
   * {@link #touchedCount()} long), resets the accumulator and returns the number copied.
   */
  int drain(int[] ixOut, double[] vOut) {
    int p = 0;
    if (count > vals.length / SCAN_RATIO) {
      // many touched columns: a scan in column order is cheaper than sorting them
      for (int j = 0; j < vals.length; j++) {
        if (touched[j]) {
          if (vals[j] != 0) {
            ixOut[p] = j;
            vOut[p++] = vals[j];
          }
          vals[j] = 0;
          touched[j] = false;
        }
      }
    } else {
      Arrays.sort(list, 0, count);
      for (int q = 0; q < count; q++) {
        int j = list[q];
        if (vals[j] != 0) {
          ixOut[p] = j;
          vOut[p++] = vals[j];
        }
        vals[j] = 0;
        touched[j] = false;
      }
    }
    count = 0;
    return p;
  }
}
