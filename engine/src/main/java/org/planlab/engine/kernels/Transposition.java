package org.planlab.engine.kernels;

import org.planlab.engine.matrix.MatrixBlock;
import org.planlab.engine.matrix.SparseBlock;
import org.planlab.engine.matrix.SparseBlockCSR;

/**
 * Transposed copies used inside the multiplication kernels (tsmm, t(X) %*% Y): dense stays
 * dense, sparse becomes CSR with ascending column indexes. The format is kept as it is; callers
 * that return such a block call {@code examSparsity()} themselves.
 */
final class Transposition {
  /** Tile edge of the dense transpose: 32x32 doubles per tile, source and target in L1. */
  private static final int TILE = 32;

  private Transposition() {
  }

  /** A new block holding the transpose of {@code x}, same format, exact nnz. */
  static MatrixBlock transpose(MatrixBlock x) {
    int rows = x.rows();
    int cols = x.cols();
    if (x.isEmpty()) {
      return MatrixBlock.empty(cols, rows, x.isSparse());
    }
    if (!x.isSparse()) {
      double[] a = x.denseValues();
      MatrixBlock out = MatrixBlock.dense(cols, rows);
      double[] c = out.denseValues();
      for (int bi = 0; bi < rows; bi += TILE) {
        int imax = Math.min(rows, bi + TILE);
        for (int bj = 0; bj < cols; bj += TILE) {
          int jmax = Math.min(cols, bj + TILE);
          for (int i = bi; i < imax; i++) {
            int ai = i * cols;
            for (int j = bj; j < jmax; j++) {
              c[j * rows + i] = a[ai + j];
            }
          }
        }
      }
      out.setNonZeros(x.nnz());
      return out;
    }
    return MatrixBlock.sparse(cols, rows, transpose(x.sparseRows(), cols));
  }

  /** CSR transpose of a sparse block with {@code cols} columns (counting sort by column). */
  static SparseBlockCSR transpose(SparseBlock sb, int cols) {
    int rows = sb.numRows();
    int nnz = Math.toIntExact(sb.size());
    int[] ptr = new int[cols + 1];
    for (int r = 0; r < rows; r++) {
      int apos = sb.pos(r);
      int alen = sb.size(r);
      int[] aix = sb.indexes(r);
      for (int k = apos; k < apos + alen; k++) {
        ptr[aix[k] + 1]++;
      }
    }
    for (int c = 0; c < cols; c++) {
      ptr[c + 1] += ptr[c];
    }
    int[] next = new int[cols];
    System.arraycopy(ptr, 0, next, 0, cols);
    int[] ix = new int[nnz];
    double[] v = new double[nnz];
    // rows are visited in ascending order, so every target row receives ascending indexes
    for (int r = 0; r < rows; r++) {
      int apos = sb.pos(r);
      int alen = sb.size(r);
      int[] aix = sb.indexes(r);
      double[] avals = sb.values(r);
      for (int k = apos; k < apos + alen; k++) {
        int p = next[aix[k]]++;
        ix[p] = r;
        v[p] = avals[k];
      }
    }
    return new SparseBlockCSR(ptr, ix, v);
  }
}
