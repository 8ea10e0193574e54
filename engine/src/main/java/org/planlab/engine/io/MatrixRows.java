package org.planlab.engine.io;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.planlab.engine.matrix.MatrixBlock;
import org.planlab.engine.matrix.SparseBlock;
import org.planlab.engine.matrix.SparseBlockCSR;

/** Row slicing and row-wise concatenation of blocks, for moving between block sizes. */
public final class MatrixRows {
  private MatrixRows() {
  }

  /** Copy of rows {@code [from, to)} of {@code m}, in the format its nnz prefers, nnz exact. */
  public static MatrixBlock slice(MatrixBlock m, int from, int to) {
    if (from < 0 || to < from || to > m.rows()) {
      throw new IllegalArgumentException("row range [" + from + ", " + to + ") is outside a "
          + m.shape() + " matrix");
    }
    int n = to - from;
    int cols = m.cols();
    if (m.isEmpty()) {
      return MatrixBlock.empty(n, cols);
    }
    if (!m.isSparse()) {
      double[] v = new double[n * cols];
      System.arraycopy(m.denseValues(), from * cols, v, 0, n * cols);
      return MatrixBlock.dense(n, cols, v).examSparsity();
    }
    SparseBlock sb = m.sparseRows();
    long nnz = 0;
    for (int r = from; r < to; r++) {
      nnz += sb.size(r);
    }
    int[] ptr = new int[n + 1];
    int[] ix = new int[(int) nnz];
    double[] vals = new double[(int) nnz];
    int p = 0;
    for (int r = from; r < to; r++) {
      int apos = sb.pos(r);
      int alen = sb.size(r);
      System.arraycopy(sb.indexes(r), apos, ix, p, alen);
      System.arraycopy(sb.values(r), apos, vals, p, alen);
      p += alen;
      ptr[r - from + 1] = p;
    }
    return MatrixBlock.sparse(n, cols, new SparseBlockCSR(ptr, ix, vals)).examSparsity();
  }

  /**
   * The blocks stacked on top of each other (all with {@code cols} columns), in the format the
   * total nnz prefers; nnz exact.
   */
  public static MatrixBlock rbind(List<MatrixBlock> blocks, int cols) {
    long rows = 0;
    long nnz = 0;
    for (MatrixBlock b : blocks) {
      if (b.cols() != cols) {
        throw new IllegalArgumentException("cannot stack a " + b.shape() + " block under blocks of "
            + cols + " columns");
      }
      rows += b.rows();
      nnz += b.nnz();
    }
    if (rows > Integer.MAX_VALUE - 8L) {
      throw new org.planlab.engine.matrix.MatrixSizeException("stacking " + rows + " rows x "
          + cols + " exceeds the in-memory block limit of 2^31-1 rows");
    }
    int n = (int) rows;
    if (blocks.size() == 1) {
      return blocks.get(0).copy().examSparsity();
    }
    if (nnz == 0) {
      return MatrixBlock.empty(n, cols);
    }
    if (!MatrixBlock.preferSparse(n, cols, nnz)) {
      MatrixBlock out = MatrixBlock.dense(n, cols);
      double[] a = out.denseValues();
      int row = 0;
      for (MatrixBlock b : blocks) {
        copyInto(b, a, row * cols);
        row += b.rows();
      }
      out.setNonZeros(nnz);
      return out;
    }
    if (nnz > Integer.MAX_VALUE - 8L) {
      throw new org.planlab.engine.matrix.MatrixSizeException("stacking blocks with " + nnz
          + " non-zeros exceeds the sparse block limit of 2^31-1 entries");
    }
    int[] ptr = new int[n + 1];
    int[] ix = new int[(int) nnz];
    double[] v = new double[(int) nnz];
    int p = 0;
    int row = 0;
    for (MatrixBlock b : blocks) {
      p = appendRows(b, ptr, ix, v, row, p);
      row += b.rows();
    }
    return MatrixBlock.sparse(n, cols, new SparseBlockCSR(ptr, ix, v));
  }

  /** All blocks of {@code source} stacked into one in-memory block. */
  public static MatrixBlock readAll(RowBlocks source) throws IOException {
    List<MatrixBlock> blocks = new ArrayList<>(source.blockCount());
    for (int i = 0; i < source.blockCount(); i++) {
      blocks.add(source.block(i));
    }
    if (blocks.isEmpty()) {
      return MatrixBlock.empty(0, source.cols());
    }
    return rbind(blocks, source.cols());
  }

  static void copyInto(MatrixBlock b, double[] a, int offset) {
    if (b.isEmpty()) {
      return;
    }
    if (!b.isSparse()) {
      double[] src = b.denseValues();
      System.arraycopy(src, 0, a, offset, src.length);
      return;
    }
    SparseBlock sb = b.sparseRows();
    int cols = b.cols();
    for (int r = 0; r < b.rows(); r++) {
      int apos = sb.pos(r);
      int alen = sb.size(r);
      int[] aix = sb.indexes(r);
      double[] av = sb.values(r);
      int off = offset + r * cols;
      for (int k = apos; k < apos + alen; k++) {
        a[off + aix[k]] = av[k];
      }
    }
  }

  /** Appends b's rows as CSR rows starting at output row {@code row}; returns the new fill. */
  private static int appendRows(MatrixBlock b, int[] ptr, int[] ix, double[] v, int row, int p) {
    int cols = b.cols();
    if (b.isEmpty()) {
      for (int r = 0; r < b.rows(); r++) {
        ptr[row + r + 1] = p;
      }
      return p;
    }
    if (!b.isSparse()) {
      double[] a = b.denseValues();
      for (int r = 0; r < b.rows(); r++) {
        for (int c = 0, off = r * cols; c < cols; c++) {
          double x = a[off + c];
          if (x != 0) {
            ix[p] = c;
            v[p++] = x;
          }
        }
        ptr[row + r + 1] = p;
      }
      return p;
    }
    SparseBlock sb = b.sparseRows();
    for (int r = 0; r < b.rows(); r++) {
      int apos = sb.pos(r);
      int alen = sb.size(r);
      System.arraycopy(sb.indexes(r), apos, ix, p, alen);
      System.arraycopy(sb.values(r), apos, v, p, alen);
      p += alen;
      ptr[row + r + 1] = p;
    }
    return p;
  }
}
