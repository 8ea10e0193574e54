package org.planlab.engine.kernels;

import java.util.Arrays;
import java.util.concurrent.atomic.AtomicLong;
import org.planlab.engine.matrix.MatrixBlock;
import org.planlab.engine.matrix.SparseBlock;
import org.planlab.engine.matrix.SparseBlockCSR;
import org.planlab.engine.parallel.KernelPool;

/**
 * Right indexing ({@code X[a:b, c:d]}) and left indexing ({@code X[a:b, c:d] = Y}) of one block.
 *
 * <p>The API is 0-based with exclusive upper bounds, as every array in the engine; error
 * messages show the range as DML users wrote it, 1-based and inclusive: the 0-based rows
 * [2, 12) appear as {@code [3:12]}.
 */
public final class IndexingKernels {
  private IndexingKernels() {
  }

  // ---------------------------------------------------------------- right indexing

  /**
   * A copy of {@code X[rowFrom:rowTo), [colFrom:colTo)}. Sparse inputs are cut row by row
   * with a binary search for the column range, and the result takes the format {@link
   * MatrixBlock#preferSparse} picks for its nnz.
   *
   * @throws IndexOutOfBoundsException when the range exceeds X or is reversed
   */
  public static MatrixBlock slice(MatrixBlock x, int rowFrom, int rowTo, int colFrom, int colTo) {
    return slice(x, rowFrom, rowTo, colFrom, colTo, KernelPool.sequential());
  }

  /**
   * {@link #slice(MatrixBlock, int, int, int, int)} with a dense input's rows copied in
   * parallel on {@code pool}: whole rows as one block copy, a single column (e.g. {@code
   * P[, 1:K]} of a two-column P) as a strided gather.
   */
  public static MatrixBlock slice(MatrixBlock x, int rowFrom, int rowTo, int colFrom, int colTo,
      KernelPool pool) {
    checkRange(x, rowFrom, rowTo, colFrom, colTo);
    int rows = rowTo - rowFrom;
    int cols = colTo - colFrom;
    if (x.isEmpty() || rows == 0 || cols == 0) {
      return MatrixBlock.empty(rows, cols);
    }
    if (!x.isSparse()) {
      MatrixBlock out = MatrixBlock.dense(rows, cols);
      double[] a = x.denseValues();
      double[] c = out.denseValues();
      int n = x.cols();
      AtomicLong nnz = new AtomicLong();
      pool.parallelFor(rows, (long) rows * cols, (i0, i1) -> {
        long count = 0;
        if (cols == n) {
          System.arraycopy(a, (rowFrom + i0) * n, c, i0 * n, (i1 - i0) * n);
          for (int k = i0 * n; k < i1 * n; k++) {
            count += c[k] != 0 ? 1 : 0;
          }
        } else if (cols == 1) {
          for (int i = i0, s = (rowFrom + i0) * n + colFrom; i < i1; i++, s += n) {
            double v = a[s];
            c[i] = v;
            count += v != 0 ? 1 : 0;
          }
        } else {
          for (int i = i0; i < i1; i++) {
            int soff = (rowFrom + i) * n + colFrom;
            int doff = i * cols;
            for (int j = 0; j < cols; j++) {
              double v = a[soff + j];
              c[doff + j] = v;
              count += v != 0 ? 1 : 0;
            }
          }
        }
        nnz.addAndGet(count);
      });
      out.setNonZeros(nnz.get());
      return out.examSparsity();
    }
    SparseBlock sb = x.sparseRows();
    boolean allCols = colFrom == 0 && colTo == x.cols();
    // per output row, the position range [lo[i], hi[i]) of its entries in the input row
    int[] lo = new int[rows];
    int[] hi = new int[rows];
    long nnz = 0;
    for (int i = 0; i < rows; i++) {
      int r = rowFrom + i;
      int apos = sb.pos(r);
      int aend = apos + sb.size(r);
      int[] aix = sb.indexes(r);
      lo[i] = allCols ? apos : RowSegments.lowerBound(aix, apos, aend, colFrom);
      hi[i] = allCols ? aend : RowSegments.lowerBound(aix, lo[i], aend, colTo);
      nnz += hi[i] - lo[i];
    }
    if (nnz == 0) {
      return MatrixBlock.empty(rows, cols);
    }
    if (!MatrixBlock.preferSparse(rows, cols, nnz)) {
      MatrixBlock out = MatrixBlock.dense(rows, cols);
      double[] c = out.denseValues();
      for (int i = 0; i < rows; i++) {
        int r = rowFrom + i;
        int[] aix = sb.indexes(r);
        double[] av = sb.values(r);
        int base = i * cols - colFrom;
        for (int k = lo[i]; k < hi[i]; k++) {
          c[base + aix[k]] = av[k];
        }
      }
      out.setNonZeros(nnz);
      return out;
    }
    int[] ptr = new int[rows + 1];
    int[] ix = new int[RowSegments.csrCapacity(nnz, "indexing", rows, cols)];
    double[] v = new double[ix.length];
    int p = 0;
    for (int i = 0; i < rows; i++) {
      int r = rowFrom + i;
      int[] aix = sb.indexes(r);
      int len = hi[i] - lo[i];
      for (int k = 0; k < len; k++) {
        ix[p + k] = aix[lo[i] + k] - colFrom;
      }
      System.arraycopy(sb.values(r), lo[i], v, p, len);
      p += len;
      ptr[i + 1] = p;
    }
    return MatrixBlock.sparse(rows, cols, new SparseBlockCSR(ptr, ix, v));
  }

  // ---------------------------------------------------------------- left indexing

  /**
   * A copy of X with Y written at ({@code rowFrom}, {@code colFrom}): DML's
   * {@code X[a:b, c:d] = Y}. The result's nnz is computed exactly up front (non-zeros of X
   * overwritten by zeros of Y disappear) and decides its format.
   *
   * @throws IndexOutOfBoundsException when Y does not fit inside X at that offset
   */
  public static MatrixBlock leftIndex(MatrixBlock x, MatrixBlock y, int rowFrom, int colFrom) {
    long rowTo = (long) rowFrom + y.rows();
    long colTo = (long) colFrom + y.cols();
    if (rowFrom < 0 || colFrom < 0 || rowTo > x.rows() || colTo > x.cols()) {
      throw new IndexOutOfBoundsException("left indexing: a " + y.shape() + " right-hand side at "
          + dmlRange(rowFrom, rowTo, colFrom, colTo) + " is out of bounds for a " + x.shape()
          + " matrix");
    }
    return assign(x, y, 0, rowFrom, (int) rowTo, colFrom, (int) colTo);
  }

  /**
   * A copy of X with cell ({@code row}, {@code col}) set to {@code v}: DML's
   * {@code X[i, j] = v}.
   *
   * @throws IndexOutOfBoundsException when the cell is outside X
   */
  public static MatrixBlock leftIndex(MatrixBlock x, double v, int row, int col) {
    if (row < 0 || row >= x.rows() || col < 0 || col >= x.cols()) {
      throw new IndexOutOfBoundsException("cell [" + ((long) row + 1) + ", " + ((long) col + 1)
          + "] is out of bounds for a " + x.shape() + " matrix");
    }
    return assign(x, null, v, row, row + 1, col, col + 1);
  }

  /**
   * A copy of X with every cell of {@code [rowFrom:rowTo), [colFrom:colTo)} set to {@code v}:
   * DML's {@code X[a:b, c:d] = v}.
   *
   * @throws IndexOutOfBoundsException when the range exceeds X or is reversed
   */
  public static MatrixBlock leftIndexFill(MatrixBlock x, double v, int rowFrom, int rowTo,
      int colFrom, int colTo) {
    checkRange(x, rowFrom, rowTo, colFrom, colTo);
    return assign(x, null, v, rowFrom, rowTo, colFrom, colTo);
  }

  /**
   * X with the rectangle [r0, r1) x [c0, c1) replaced by Y (when not null) or by the constant
   * v. Rows outside the rectangle are copied; rows inside are X's left part, the replacement,
   * X's right part, which keeps sparse rows sorted.
   */
  private static MatrixBlock assign(MatrixBlock x, MatrixBlock y, double v, int r0, int r1,
      int c0, int c1) {
    int rows = x.rows();
    int cols = x.cols();
    long area = (long) (r1 - r0) * (c1 - c0);
    long inserted = y != null ? y.nnz() : v != 0 ? area : 0;
    long nnz = x.nnz() - RowSegments.countRange(x, r0, r1, c0, c1) + inserted;
    if (nnz == 0) {
      return MatrixBlock.empty(rows, cols);
    }
    if (!MatrixBlock.preferSparse(rows, cols, nnz)) {
      MatrixBlock out = MatrixBlock.dense(rows, cols);
      double[] c = out.denseValues();
      for (int r = 0; r < rows; r++) {
        RowSegments.scatterRow(x, r, 0, cols, c, r * cols);
      }
      int w = c1 - c0;
      for (int r = r0; r < r1; r++) {
        int off = r * cols + c0;
        if (y != null) {
          Arrays.fill(c, off, off + w, 0);
          RowSegments.scatterRow(y, r - r0, 0, w, c, off);
        } else {
          Arrays.fill(c, off, off + w, v);
        }
      }
      out.setNonZeros(nnz);
      return out;
    }
    int[] ptr = new int[rows + 1];
    int[] ix = new int[RowSegments.csrCapacity(nnz, "left indexing", rows, cols)];
    double[] vals = new double[ix.length];
    int p = 0;
    boolean fill = y == null && v != 0;
    for (int r = 0; r < rows; r++) {
      if (r < r0 || r >= r1) {
        p = RowSegments.appendRow(x, r, 0, cols, 0, ix, vals, p);
      } else {
        p = RowSegments.appendRow(x, r, 0, c0, 0, ix, vals, p);
        if (y != null) {
          p = RowSegments.appendRow(y, r - r0, 0, c1 - c0, c0, ix, vals, p);
        } else if (fill) {
          for (int c = c0; c < c1; c++) {
            ix[p] = c;
            vals[p++] = v;
          }
        }
        p = RowSegments.appendRow(x, r, c1, cols, 0, ix, vals, p);
      }
      ptr[r + 1] = p;
    }
    return MatrixBlock.sparse(rows, cols, new SparseBlockCSR(ptr, ix, vals));
  }

  // ---------------------------------------------------------------- checks

  private static void checkRange(MatrixBlock x, int rowFrom, int rowTo, int colFrom, int colTo) {
    if (rowFrom < 0 || rowTo > x.rows() || colFrom < 0 || colTo > x.cols()) {
      throw new IndexOutOfBoundsException("index range " + dmlRange(rowFrom, rowTo, colFrom, colTo)
          + " is out of bounds for a " + x.shape() + " matrix");
    }
    if (rowFrom > rowTo || colFrom > colTo) {
      throw new IndexOutOfBoundsException("index range " + dmlRange(rowFrom, rowTo, colFrom, colTo)
          + " is reversed (lower bound after upper bound) for a " + x.shape() + " matrix");
    }
  }

  /** A 0-based half-open range in DML's 1-based inclusive form, e.g. "[3:12, 1:4]". */
  private static String dmlRange(long rowFrom, long rowTo, long colFrom, long colTo) {
    return "[" + (rowFrom + 1) + ":" + rowTo + ", " + (colFrom + 1) + ":" + colTo + "]";
  }
}
