package org.planlab.engine.matrix;

import java.util.Arrays;
import java.util.Objects;

/**
 * Compressed sparse rows: one row-pointer array and shared column-index/value arrays. The
 * read-optimized sparse form (compact, one allocation per array); blocks are built as
 * {@link SparseBlockMCSR} and compacted to CSR, or assembled directly by kernels that know their
 * output row by row.
 */
public final class SparseBlockCSR extends SparseBlock {
  private final int[] rowPtr;
  private final int[] colIdx;
  private final double[] vals;

  /**
   * Wraps the given arrays (not copied). {@code rowPtr} has {@code rows + 1} entries, is
   * non-decreasing, and column indexes are strictly ascending within each row.
   */
  public SparseBlockCSR(int[] rowPtr, int[] colIdx, double[] vals) {
    this.rowPtr = Objects.requireNonNull(rowPtr, "rowPtr is null");
    this.colIdx = Objects.requireNonNull(colIdx, "colIdx is null");
    this.vals = Objects.requireNonNull(vals, "vals is null");
    if (rowPtr.length < 1 || rowPtr[0] != 0) {
      throw new IllegalArgumentException("CSR row pointer must start with 0");
    }
    int nnz = rowPtr[rowPtr.length - 1];
    if (colIdx.length < nnz || vals.length < nnz) {
      throw new IllegalArgumentException(
          "CSR arrays hold fewer entries than the row pointer says: " + nnz);
    }
  }

  /** An all-zero CSR block of {@code rows} rows. */
  public static SparseBlockCSR empty(int rows) {
    return new SparseBlockCSR(new int[rows + 1], new int[0], new double[0]);
  }

  /** Compacts a row-wise block into CSR. */
  public static SparseBlockCSR from(SparseBlock sb) {
    if (sb instanceof SparseBlockCSR csr) {
      return csr;
    }
    int rows = sb.numRows();
    long nnz = sb.size();
    if (nnz > Integer.MAX_VALUE - 8) {
      throw new MatrixSizeException("sparse block with " + nnz
          + " non-zeros exceeds the per-block limit of 2^31-1 entries");
    }
    int[] ptr = new int[rows + 1];
    int[] ix = new int[(int) nnz];
    double[] v = new double[(int) nnz];
    int p = 0;
    for (int r = 0; r < rows; r++) {
      int alen = sb.size(r);
      if (alen > 0) {
        System.arraycopy(sb.indexes(r), sb.pos(r), ix, p, alen);
        System.arraycopy(sb.values(r), sb.pos(r), v, p, alen);
        p += alen;
      }
      ptr[r + 1] = p;
    }
    return new SparseBlockCSR(ptr, ix, v);
  }

  @Override
  public int numRows() {
    return rowPtr.length - 1;
  }

  @Override
  public long size() {
    return rowPtr[rowPtr.length - 1];
  }

  @Override
  public int size(int r) {
    return rowPtr[r + 1] - rowPtr[r];
  }

  @Override
  public int pos(int r) {
    return rowPtr[r];
  }

  @Override
  public int[] indexes(int r) {
    return colIdx;
  }

  @Override
  public double[] values(int r) {
    return vals;
  }

  /** The row pointer array (length rows + 1), not copied. */
  public int[] rowPointers() {
    return rowPtr;
  }

  /** The shared column-index array, not copied. */
  public int[] columnIndexes() {
    return colIdx;
  }

  /** The shared value array, not copied. */
  public double[] valueArray() {
    return vals;
  }

  @Override
  public SparseBlockCSR copy() {
    int nnz = (int) size();
    return new SparseBlockCSR(rowPtr.clone(), Arrays.copyOf(colIdx, nnz), Arrays.copyOf(vals, nnz));
  }
}
