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
import org.planlab.engine.ops.UnaryOp;
import org.planlab.engine.parallel.KernelPool;

/**
 * Element-wise unary functions over a block: dense inputs in flat chunks, sparse inputs through
 * their non-zeros only (a sparse result for sparse-safe functions; otherwise {@code f(0)}
 * everywhere else, a dense result).
 */
final class UnaryKernels {
  private UnaryKernels() {
  }

  static MatrixBlock apply(MatrixBlock x, UnaryOp op, KernelPool pool) {
    int rows = x.rows();
    int cols = x.cols();
    if (!isSparseView(x)) {
      double[] a = x.denseValues();
      MatrixBlock out = MatrixBlock.denseToOverwrite(rows, cols);
      double[] c = out.denseValues();
      int n = a.length;
      long nnz = sumChunks(pool, n, CHUNK_CELLS, n, (from, to) -> {
        loop(op, a, from, c, from, to - from);
        return (long) countNonZeros(c, from, to);
      });
      return finish(out, nnz);
    }
    SparseBlock sb = sparseView(x);
    if (op.sparseSafe()) {
      int[] bound = new int[rows];
      for (int r = 0; r < rows; r++) {
        bound[r] = sb.size(r);
      }
      return ElementwiseSupport.fromRows(rows, cols, bound, x.nnz(), pool,
          () -> (r, ix, vals, at) -> {
        int pos = sb.pos(r);
        int len = sb.size(r);
        System.arraycopy(sb.indexes(r), pos, ix, at, len);
        loop(op, sb.values(r), pos, vals, at, len);
        return dropZeros(ix, vals, at, len); // e.g. round(0.3)
      });
    }
    // f(0) != 0: every unstored zero becomes f(0), so the result is dense
    double zero = op.apply(0);
    MatrixBlock out = MatrixBlock.denseToOverwrite(rows, cols); // every row filled, then set
    double[] c = out.denseValues();
    long work = x.cells() + x.nnz();
    long nnz = sumChunks(pool, rows, rowsPerChunk(cols), work, (from, to) -> {
      double[] tmp = new double[cols];
      long n = 0;
      for (int r = from; r < to; r++) {
        int off = r * cols;
        Arrays.fill(c, off, off + cols, zero);
        int pos = sb.pos(r);
        int len = sb.size(r);
        int[] ix = sb.indexes(r);
        loop(op, sb.values(r), pos, tmp, 0, len);
        for (int k = 0; k < len; k++) {
          c[off + ix[pos + k]] = tmp[k];
        }
        n += countNonZeros(c, off, off + cols);
      }
      return n;
    });
    return finish(out, nnz);
  }

  /**
   * {@code c[ci+i] = op(a[ai+i])} for i in [0, n): one loop per function, no per-cell dispatch
   * (0/1 results through an int select, see {@link BinaryLoops}).
   */
  static void loop(UnaryOp op, double[] a, int ai, double[] c, int ci, int n) {
    switch (op) {
      case ABS -> {
        for (int i = 0; i < n; i++) {
          c[ci + i] = Math.abs(a[ai + i]);
        }
      }
      case EXP -> {
        for (int i = 0; i < n; i++) {
          c[ci + i] = Math.exp(a[ai + i]);
        }
      }
      case LOG -> {
        for (int i = 0; i < n; i++) {
          c[ci + i] = Math.log(a[ai + i]);
        }
      }
      case SQRT -> {
        for (int i = 0; i < n; i++) {
          c[ci + i] = Math.sqrt(a[ai + i]);
        }
      }
      case ROUND -> {
        for (int i = 0; i < n; i++) {
          c[ci + i] = UnaryOp.round(a[ai + i]);
        }
      }
      case FLOOR -> {
        for (int i = 0; i < n; i++) {
          c[ci + i] = Math.floor(a[ai + i]);
        }
      }
      case CEIL -> {
        for (int i = 0; i < n; i++) {
          c[ci + i] = Math.ceil(a[ai + i]);
        }
      }
      case SIGN -> {
        for (int i = 0; i < n; i++) {
          c[ci + i] = UnaryOp.sign(a[ai + i]);
        }
      }
      case SIGMOID -> {
        for (int i = 0; i < n; i++) {
          c[ci + i] = UnaryOp.sigmoid(a[ai + i]);
        }
      }
      case TANH -> {
        for (int i = 0; i < n; i++) {
          c[ci + i] = UnaryOp.tanh(a[ai + i]);
        }
      }
      case SIN -> {
        for (int i = 0; i < n; i++) {
          c[ci + i] = Math.sin(a[ai + i]);
        }
      }
      case COS -> {
        for (int i = 0; i < n; i++) {
          c[ci + i] = Math.cos(a[ai + i]);
        }
      }
      case ISNAN -> {
        for (int i = 0; i < n; i++) {
          int t = Double.isNaN(a[ai + i]) ? 1 : 0;
          c[ci + i] = t;
        }
      }
      case NOT -> {
        for (int i = 0; i < n; i++) {
          int t = a[ai + i] == 0 ? 1 : 0;
          c[ci + i] = t;
        }
      }
      case NEG -> {
        for (int i = 0; i < n; i++) {
          c[ci + i] = -a[ai + i];
        }
      }
      default -> {
        // is.infinite and the less common trigonometric functions
        for (int i = 0; i < n; i++) {
          c[ci + i] = op.apply(a[ai + i]);
        }
      }
    }
  }
}
