package org.planlab.engine.kernels;

import static org.planlab.engine.kernels.ElementwiseSupport.CHUNK_CELLS;
import static org.planlab.engine.kernels.ElementwiseSupport.countNonZeros;
import static org.planlab.engine.kernels.ElementwiseSupport.dropZeros;
import static org.planlab.engine.kernels.ElementwiseSupport.finish;
import static org.planlab.engine.kernels.ElementwiseSupport.isSparseView;
import static org.planlab.engine.kernels.ElementwiseSupport.rowsPerChunk;
import static org.planlab.engine.kernels.ElementwiseSupport.sparseView;
import static org.planlab.engine.kernels.ElementwiseSupport.sumChunks;

import java.util.Arrays;
import org.planlab.engine.matrix.MatrixBlock;
import org.planlab.engine.matrix.SparseBlock;
import org.planlab.engine.parallel.KernelPool;

/**
 * {@code replace(X, pattern, replacement)} and the matching {@code contains} test. A NaN pattern
 * matches NaN (which {@code ==} never does); a zero pattern matches every zero, stored or not,
 * so replacing it by a non-zero makes the result dense; any other pattern can only match stored
 * values, so a sparse input stays sparse.
 */
final class ReplaceKernels {
  private ReplaceKernels() {
  }

  static MatrixBlock replace(MatrixBlock x, double pattern, double replacement, KernelPool pool) {
    int rows = x.rows();
    int cols = x.cols();
    boolean nan = Double.isNaN(pattern);
    if (pattern == 0 && replacement == 0) {
      return x.copy().examSparsity(); // -0.0 and 0.0 are the same zero here
    }
    if (!isSparseView(x)) {
      double[] a = x.denseValues();
      MatrixBlock out = MatrixBlock.dense(rows, cols);
      double[] c = out.denseValues();
      int n = a.length;
      long nnz = sumChunks(pool, n, CHUNK_CELLS, n, (from, to) -> {
        if (nan) {
          for (int i = from; i < to; i++) {
            c[i] = Double.isNaN(a[i]) ? replacement : a[i];
          }
        } else {
          for (int i = from; i < to; i++) {
            c[i] = a[i] == pattern ? replacement : a[i];
          }
        }
        return (long) countNonZeros(c, from, to);
      });
      return finish(out, nnz);
    }
    SparseBlock sb = sparseView(x);
    if (pattern == 0) {
      // every unstored zero becomes the (non-zero) replacement
      MatrixBlock out = MatrixBlock.dense(rows, cols);
      double[] c = out.denseValues();
      long nnz = sumChunks(pool, rows, rowsPerChunk(cols), out.cells(), (from, to) -> {
        Arrays.fill(c, from * cols, to * cols, replacement);
        for (int r = from; r < to; r++) {
          int pos = sb.pos(r);
          int end = pos + sb.size(r);
          int[] ix = sb.indexes(r);
          double[] v = sb.values(r);
          for (int k = pos; k < end; k++) {
            c[r * cols + ix[k]] = v[k];
          }
        }
        return (long) countNonZeros(c, from * cols, to * cols);
      });
      return finish(out, nnz);
    }
    int[] bound = new int[rows];
    for (int r = 0; r < rows; r++) {
      bound[r] = sb.size(r);
    }
    return ElementwiseSupport.fromRows(rows, cols, bound, x.nnz(), pool, () -> (r, ix, vals, at) -> {
      int pos = sb.pos(r);
      int len = sb.size(r);
      double[] v = sb.values(r);
      System.arraycopy(sb.indexes(r), pos, ix, at, len);
      for (int k = 0; k < len; k++) {
        double y = v[pos + k];
        vals[at + k] = (nan ? Double.isNaN(y) : y == pattern) ? replacement : y;
      }
      return replacement == 0 ? dropZeros(ix, vals, at, len) : len;
    });
  }

  static boolean contains(MatrixBlock x, double pattern) {
    boolean nan = Double.isNaN(pattern);
    if (pattern == 0) {
      return x.nnz() < x.cells();
    }
    if (!isSparseView(x)) {
      for (double y : x.denseValues()) {
        if (nan ? Double.isNaN(y) : y == pattern) {
          return true;
        }
      }
      return false;
    }
    SparseBlock sb = sparseView(x);
    for (int r = 0; r < x.rows(); r++) {
      int pos = sb.pos(r);
      int end = pos + sb.size(r);
      double[] v = sb.values(r);
      for (int k = pos; k < end; k++) {
        if (nan ? Double.isNaN(v[k]) : v[k] == pattern) {
          return true;
        }
      }
    }
    return false;
  }
}
