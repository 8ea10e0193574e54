package org.planlab.engine.matrix;

/**
 * Read API shared by the two sparse representations of a {@link MatrixBlock}.
 *
 * <p>Row {@code r} holds {@code size(r)} non-zeros at positions {@code pos(r) .. pos(r)+size(r)-1}
 * of the arrays {@code indexes(r)} (column indexes, ascending) and {@code values(r)}. For CSR the
 * arrays are shared by all rows and {@code pos} is the row pointer; for MCSR each row owns its
 * arrays and {@code pos} is 0. Kernels iterate both the same way:
 *
 * <pre>{@code
 * int apos = sb.pos(r), alen = sb.size(r);
 * int[] aix = sb.indexes(r); double[] avals = sb.values(r);
 * for (int k = apos; k < apos + alen; k++) { int c = aix[k]; double v = avals[k]; ... }
 * }</pre>
 *
 * Stored values are never 0.0 (explicit zeros are not kept), so {@link #size()} is the nnz.
 */
public abstract sealed class SparseBlock permits SparseBlockCSR, SparseBlockMCSR {

  /** Number of rows this block spans. */
  public abstract int numRows();

  /** Total number of stored non-zeros. */
  public abstract long size();

  /** Number of non-zeros in row {@code r}. */
  public abstract int size(int r);

  public boolean isEmpty(int r) {
    return size(r) == 0;
  }

  /** Offset of row {@code r}'s first entry in {@link #indexes(int)} / {@link #values(int)}. */
  public abstract int pos(int r);

  /** Column index array holding row {@code r}'s entries (may be shared with other rows). */
  public abstract int[] indexes(int r);

  /** Value array holding row {@code r}'s entries (may be shared with other rows). */
  public abstract double[] values(int r);

  /** Value at (r, c), 0 when not stored; binary search within the row. */
  public double get(int r, int c) {
    int apos = pos(r);
    int alen = size(r);
    if (alen == 0) {
      return 0;
    }
    int ix = java.util.Arrays.binarySearch(indexes(r), apos, apos + alen, c);
    return ix >= 0 ? values(r)[ix] : 0;
  }

  /** Deep copy in the same representation. */
  public abstract SparseBlock copy();
}
