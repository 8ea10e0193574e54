package org.planlab.engine.kernels;

import static org.planlab.engine.kernels.ElementwiseSupport.CHUNK_CELLS;
import static org.planlab.engine.kernels.ElementwiseSupport.countNonZeros;
import static org.planlab.engine.kernels.ElementwiseSupport.dropZeros;
import static org.planlab.engine.kernels.ElementwiseSupport.finish;
import static org.planlab.engine.kernels.ElementwiseSupport.isSparseView;
import static org.planlab.engine.kernels.ElementwiseSupport.rowsPerChunk;
import static org.planlab.engine.kernels.ElementwiseSupport.sparseView;
import static org.planlab.engine.kernels.ElementwiseSupport.sumChunks;
import static org.planlab.engine.kernels.ElementwiseSupport.vectorValues;

import java.util.Arrays;
import org.planlab.engine.matrix.MatrixBlock;
import org.planlab.engine.matrix.SparseBlock;
import org.planlab.engine.ops.BinaryOp;
import org.planlab.engine.parallel.KernelPool;

/**
 * A matrix combined with one scalar per row: the same scalar everywhere ({@code X op s},
 * {@code s op X}), or a column vector broadcast across the columns ({@code X op v} with v of
 * X's rows x 1). On a sparse matrix a row only needs its non-zeros when {@code op(0, s) == 0}
 * for its scalar ({@link BinaryOp#sparseSafeWithScalar}); other rows become fully populated.
 */
final class ScalarBinaryKernels {
  private ScalarBinaryKernels() {
  }

  /** {@code X op s}, or {@code s op X} when {@code scalarOnLeft}. */
  static MatrixBlock matrixScalar(MatrixBlock x, double s, boolean scalarOnLeft, BinaryOp op,
      KernelPool pool) {
    if (isSparseView(x)) {
      return sparse(x, null, s, scalarOnLeft, op, pool);
    }
    double[] a = x.denseValues();
    MatrixBlock out = MatrixBlock.denseToOverwrite(x.rows(), x.cols());
    double[] c = out.denseValues();
    int n = a.length;
    long nnz = sumChunks(pool, n, CHUNK_CELLS, n, (from, to) -> {
      BinaryLoops.withScalar(op, a, from, s, scalarOnLeft, c, from, to - from);
      return (long) countNonZeros(c, from, to);
    });
    return finish(out, nnz);
  }

  /** {@code X op v}, or {@code v op X} when {@code vectorOnLeft}; v has X's rows and 1 column. */
  static MatrixBlock matrixColumn(MatrixBlock x, MatrixBlock v, boolean vectorOnLeft, BinaryOp op,
      KernelPool pool) {
    double[] s = vectorValues(v);
    if (isSparseView(x)) {
      return sparse(x, s, 0, vectorOnLeft, op, pool);
    }
    int rows = x.rows();
    int cols = x.cols();
    double[] a = x.denseValues();
    MatrixBlock out = MatrixBlock.denseToOverwrite(rows, cols);
    double[] c = out.denseValues();
    long nnz = sumChunks(pool, rows, rowsPerChunk(cols), x.cells(), (from, to) -> {
      BinaryLoops.rowsWithColumn(op, a, s, vectorOnLeft, c, from, to, cols);
      return (long) countNonZeros(c, from * cols, to * cols);
    });
    return finish(out, nnz);
  }

  /**
   * Sparse X with the scalar {@code rowScalars[r]} for row r (or {@code s} for all rows when
   * {@code rowScalars} is null).
   */
  private static MatrixBlock sparse(MatrixBlock x, double[] rowScalars, double s, boolean left,
      BinaryOp op, KernelPool pool) {
    int rows = x.rows();
    int cols = x.cols();
    SparseBlock sb = sparseView(x);
    boolean safeForAll = op.sparseSafeWithScalar(s, left);
    int[] bound = new int[rows];
    long estimate = 0;
    for (int r = 0; r < rows; r++) {
      boolean safe = rowScalars == null ? safeForAll : op.sparseSafeWithScalar(rowScalars[r], left);
      bound[r] = safe ? sb.size(r) : cols;
      estimate += bound[r];
    }
    if (MatrixBlock.preferSparse(rows, cols, estimate)) {
      return ElementwiseSupport.buildSparse(rows, cols, bound, pool, () -> {
        double[] tmp = new double[cols];
        return (r, ix, vals, at) -> {
          double sr = rowScalars == null ? s : rowScalars[r];
          int pos = sb.pos(r);
          int len = sb.size(r);
          int[] aix = sb.indexes(r);
          if (op.sparseSafeWithScalar(sr, left)) {
            System.arraycopy(aix, pos, ix, at, len);
            BinaryLoops.withScalar(op, sb.values(r), pos, sr, left, vals, at, len);
            return dropZeros(ix, vals, at, len);
          }
          // every column gets a value: op(x, s) at the non-zeros, op(0, s) elsewhere
          BinaryLoops.withScalar(op, sb.values(r), pos, sr, left, tmp, 0, len);
          double zero = left ? op.apply(sr, 0) : op.apply(0, sr);
          int w = at;
          int k = 0;
          for (int col = 0; col < cols; col++) {
            double v = k < len && aix[pos + k] == col ? tmp[k++] : zero;
            if (v != 0) {
              ix[w] = col;
              vals[w++] = v;
            }
          }
          return w - at;
        };
      });
    }
    MatrixBlock out = MatrixBlock.dense(rows, cols);
    double[] c = out.denseValues();
    long work = x.cells() + x.nnz();
    long nnz = sumChunks(pool, rows, rowsPerChunk(cols), work, (from, to) -> {
      double[] tmp = new double[cols];
      long n = 0;
      for (int r = from; r < to; r++) {
        double sr = rowScalars == null ? s : rowScalars[r];
        int off = r * cols;
        int pos = sb.pos(r);
        int len = sb.size(r);
        int[] aix = sb.indexes(r);
        BinaryLoops.withScalar(op, sb.values(r), pos, sr, left, tmp, 0, len);
        double zero = left ? op.apply(sr, 0) : op.apply(0, sr);
        if (zero != 0) {
          Arrays.fill(c, off, off + cols, zero); // NaN too
        }
        for (int k = 0; k < len; k++) {
          c[off + aix[pos + k]] = tmp[k];
        }
        n += zero != 0 ? countNonZeros(c, off, off + cols) : countNonZeros(tmp, 0, len);
      }
      return n;
    });
    return finish(out, nnz);
  }
}
