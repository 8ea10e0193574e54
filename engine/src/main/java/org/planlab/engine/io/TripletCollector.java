package org.planlab.engine.io;

import java.util.Arrays;
import org.planlab.engine.matrix.MatrixBlock;
import org.planlab.engine.matrix.MatrixSizeException;
import org.planlab.engine.matrix.SparseBlockCSR;

/**
 * Collects (row, col, value) entries in any order and assembles a block. Entries in row-major
 * order (what planlab writes) need no sort and reveal a duplicate at once; others are sorted by a
 * counting sort on rows and a sort within each row.
 */
final class TripletCollector {
  private final int rows;
  private final int cols;
  private int[] ri = new int[1024];
  private int[] ci = new int[1024];
  private double[] v = new double[1024];
  private int n;
  private boolean ordered = true;
  private long lastKey = -1;

  /** A duplicate entry found while assembling: its 0-based position. */
  record Duplicate(int row, int col) {
  }

  TripletCollector(int rows, int cols) {
    this.rows = rows;
    this.cols = cols;
  }

  /**
   * Adds an entry (0-based, in range); zeros are dropped. Returns false when the entry repeats
   * the previous position of row-major input (a duplicate the caller reports at its line).
   */
  boolean add(int r, int c, double x) {
    long key = (long) r * cols + c;
    if (key == lastKey) {
      return false;
    }
    if (key < lastKey) {
      ordered = false;
    }
    lastKey = Math.max(lastKey, key);
    if (x == 0) {
      return true;
    }
    if (n == ri.length) {
      if (n >= Integer.MAX_VALUE - 8) {
        throw new MatrixSizeException("more than 2^31-1 non-zeros do not fit one block");
      }
      int cap = (int) Math.min(Integer.MAX_VALUE - 8L, 2L * n);
      ri = Arrays.copyOf(ri, cap);
      ci = Arrays.copyOf(ci, cap);
      v = Arrays.copyOf(v, cap);
    }
    ri[n] = r;
    ci[n] = c;
    v[n++] = x;
    return true;
  }

  /**
   * The assembled block (format by nnz), or throws {@link DuplicateEntryException} naming the
   * first repeated position of unordered input.
   */
  MatrixBlock build() throws DuplicateEntryException {
    int[] ptr = new int[rows + 1];
    for (int k = 0; k < n; k++) {
      ptr[ri[k] + 1]++;
    }
    for (int r = 0; r < rows; r++) {
      ptr[r + 1] += ptr[r];
    }
    int[] ix;
    double[] vals;
    if (ordered) {
      ix = Arrays.copyOf(ci, n);
      vals = Arrays.copyOf(v, n);
    } else {
      ix = new int[n];
      vals = new double[n];
      int[] fill = Arrays.copyOf(ptr, rows);
      for (int k = 0; k < n; k++) {
        int p = fill[ri[k]]++;
        ix[p] = ci[k];
        vals[p] = v[k];
      }
      sortRows(ptr, ix, vals);
    }
    ri = null;
    ci = null;
    v = null;
    return MatrixBlock.sparse(rows, cols, new SparseBlockCSR(ptr, ix, vals)).examSparsity();
  }

  private void sortRows(int[] ptr, int[] ix, double[] vals) throws DuplicateEntryException {
    long[] keys = new long[0];
    double[] tmp = new double[0];
    for (int r = 0; r < rows; r++) {
      int from = ptr[r];
      int len = ptr[r + 1] - from;
      boolean sorted = true;
      for (int k = from + 1; k < from + len && sorted; k++) {
        sorted = ix[k] > ix[k - 1];
      }
      if (!sorted) {
        // sort (column, original position) pairs packed into longs, then permute the values
        if (keys.length < len) {
          keys = new long[len];
          tmp = new double[len];
        }
        for (int k = 0; k < len; k++) {
          keys[k] = ((long) ix[from + k] << 32) | k;
          tmp[k] = vals[from + k];
        }
        Arrays.sort(keys, 0, len);
        for (int k = 0; k < len; k++) {
          ix[from + k] = (int) (keys[k] >>> 32);
          vals[from + k] = tmp[(int) keys[k]];
        }
      }
      for (int k = from + 1; k < from + len; k++) {
        if (ix[k] == ix[k - 1]) {
          throw new DuplicateEntryException(new Duplicate(r, ix[k]));
        }
      }
    }
  }

  /** Thrown by {@link #build} for a position given twice; readers turn it into a line. */
  static final class DuplicateEntryException extends Exception {
    private static final long serialVersionUID = 1L;
    private final transient Duplicate duplicate;

    DuplicateEntryException(Duplicate d) {
      super("duplicate entry (" + (d.row() + 1) + ", " + (d.col() + 1) + ")", null, false, false);
      this.duplicate = d;
    }

    Duplicate duplicate() {
      return duplicate;
    }
  }
}
