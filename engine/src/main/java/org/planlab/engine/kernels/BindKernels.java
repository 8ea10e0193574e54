package org.planlab.engine.kernels;

import java.util.List;
import java.util.Objects;
import org.planlab.engine.matrix.DimensionMismatchException;
import org.planlab.engine.matrix.MatrixBlock;
import org.planlab.engine.matrix.MatrixSizeException;
import org.planlab.engine.matrix.SparseBlockCSR;

/**
 * DML's n-ary {@code cbind} and {@code rbind}. The result's nnz is the sum of the operands',
 * so its format is decided before writing, and each output row is written once.
 */
public final class BindKernels {
  private BindKernels() {
  }

  /**
   * Places the operands side by side; all must have the same number of rows.
   *
   * @throws DimensionMismatchException naming the first operand (1-based) whose row count
   *     differs from the first operand's
   */
  public static MatrixBlock cbind(List<MatrixBlock> blocks) {
    checkOperands("cbind", blocks);
    MatrixBlock first = blocks.get(0);
    int rows = first.rows();
    long cols = 0;
    long nnz = 0;
    for (int i = 0; i < blocks.size(); i++) {
      MatrixBlock b = blocks.get(i);
      if (b.rows() != rows) {
        throw mismatch("cbind", i, b, first, "rows");
      }
      cols += b.cols();
      nnz += b.nnz();
    }
    int outCols = checkedDim("cbind", rows, cols, false);
    if (nnz == 0) {
      return MatrixBlock.empty(rows, outCols);
    }
    if (!MatrixBlock.preferSparse(rows, outCols, nnz)) {
      MatrixBlock out = MatrixBlock.dense(rows, outCols);
      double[] c = out.denseValues();
      int off = 0;
      for (MatrixBlock b : blocks) {
        int w = b.cols();
        if (b.nnz() == 0) {
          // the output is zeroed already: a constant zero column (MLogreg's cbind(X B, 0))
          // costs nothing
        } else if (!b.isSparse() && w == 1) {
          double[] bv = b.denseValues();
          for (int r = 0, o = off; r < rows; r++, o += outCols) {
            c[o] = bv[r];
          }
        } else if (!b.isSparse()) {
          double[] bv = b.denseValues();
          for (int r = 0; r < rows; r++) {
            System.arraycopy(bv, r * w, c, r * outCols + off, w);
          }
        } else {
          for (int r = 0; r < rows; r++) {
            RowSegments.scatterRow(b, r, 0, w, c, r * outCols + off);
          }
        }
        off += w;
      }
      out.setNonZeros(nnz);
      return out;
    }
    int[] ptr = new int[rows + 1];
    int[] ix = new int[RowSegments.csrCapacity(nnz, "cbind", rows, outCols)];
    double[] v = new double[ix.length];
    int p = 0;
    for (int r = 0; r < rows; r++) {
      int off = 0;
      for (MatrixBlock b : blocks) {
        p = RowSegments.appendRow(b, r, 0, b.cols(), off, ix, v, p);
        off += b.cols();
      }
      ptr[r + 1] = p;
    }
    return MatrixBlock.sparse(rows, outCols, new SparseBlockCSR(ptr, ix, v));
  }

  /**
   * Stacks the operands top to bottom; all must have the same number of columns.
   *
   * @throws DimensionMismatchException naming the first operand (1-based) whose column count
   *     differs from the first operand's
   */
  public static MatrixBlock rbind(List<MatrixBlock> blocks) {
    checkOperands("rbind", blocks);
    MatrixBlock first = blocks.get(0);
    int cols = first.cols();
    long rows = 0;
    long nnz = 0;
    for (int i = 0; i < blocks.size(); i++) {
      MatrixBlock b = blocks.get(i);
      if (b.cols() != cols) {
        throw mismatch("rbind", i, b, first, "columns");
      }
      rows += b.rows();
      nnz += b.nnz();
    }
    int outRows = checkedDim("rbind", rows, cols, true);
    if (nnz == 0) {
      return MatrixBlock.empty(outRows, cols);
    }
    if (!MatrixBlock.preferSparse(outRows, cols, nnz)) {
      MatrixBlock out = MatrixBlock.dense(outRows, cols);
      double[] c = out.denseValues();
      int row = 0;
      for (MatrixBlock b : blocks) {
        if (!b.isEmpty() && !b.isSparse()) {
          // row-major blocks of equal width stack by one copy
          System.arraycopy(b.denseValues(), 0, c, row * cols, b.rows() * cols);
        } else {
          for (int r = 0; r < b.rows(); r++) {
            RowSegments.scatterRow(b, r, 0, cols, c, (row + r) * cols);
          }
        }
        row += b.rows();
      }
      out.setNonZeros(nnz);
      return out;
    }
    int[] ptr = new int[outRows + 1];
    int[] ix = new int[RowSegments.csrCapacity(nnz, "rbind", outRows, cols)];
    double[] v = new double[ix.length];
    int p = 0;
    int row = 0;
    for (MatrixBlock b : blocks) {
      for (int r = 0; r < b.rows(); r++) {
        p = RowSegments.appendRow(b, r, 0, cols, 0, ix, v, p);
        ptr[++row] = p;
      }
    }
    return MatrixBlock.sparse(outRows, cols, new SparseBlockCSR(ptr, ix, v));
  }

  private static void checkOperands(String op, List<MatrixBlock> blocks) {
    Objects.requireNonNull(blocks, "blocks is null");
    if (blocks.isEmpty()) {
      throw new IllegalArgumentException(op + " needs at least one operand, got none");
    }
    for (int i = 0; i < blocks.size(); i++) {
      Objects.requireNonNull(blocks.get(i), op + " operand " + (i + 1) + " is null");
    }
  }

  private static DimensionMismatchException mismatch(String op, int i, MatrixBlock b,
      MatrixBlock first, String what) {
    return new DimensionMismatchException("dimension mismatch in " + op + ": operand " + (i + 1)
        + " is " + b.shape() + " but operand 1 is " + first.shape() + " (all operands need the"
        + " same number of " + what + ")");
  }

  /** The bound dimension as an int, or an error when the sum exceeds the block limit. */
  private static int checkedDim(String op, long rows, long cols, boolean rowsGrow) {
    long d = rowsGrow ? rows : cols;
    if (d > Integer.MAX_VALUE - 8L) {
      throw new MatrixSizeException("the result of " + op + " would be "
          + rows + "x" + cols + ", beyond the in-memory block limit of 2^31-1 "
          + (rowsGrow ? "rows" : "columns"));
    }
    return (int) d;
  }
}
