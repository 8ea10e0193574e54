package org.planlab.engine.kernels;

import static org.planlab.engine.kernels.ElementwiseSupport.countNonZeros;
import static org.planlab.engine.kernels.ElementwiseSupport.finish;
import static org.planlab.engine.kernels.ElementwiseSupport.isSparseView;
import static org.planlab.engine.kernels.ElementwiseSupport.rowsPerChunk;
import static org.planlab.engine.kernels.ElementwiseSupport.sparseView;
import static org.planlab.engine.kernels.ElementwiseSupport.sumChunks;

import org.planlab.engine.kernels.ElementwiseSupport.DenseRows;
import org.planlab.engine.matrix.MatrixBlock;
import org.planlab.engine.matrix.SparseBlock;
import org.planlab.engine.parallel.KernelPool;

/**
 * {@code ifelse(cond, yes, no)}: cell-wise {@code cond != 0 ? yes : no} (NaN is true), where
 * yes and no are matrices of cond's shape or scalars. When cond is sparse and "no" is zero
 * or sparse, non-zeros can only sit where cond or no has one, so the result is built from
 * those positions (the common {@code ifelse(X > 0, X, 0)}); otherwise every cell is visited.
 */
final class IfElseKernels {
  private IfElseKernels() {
  }

  /** A null {@code yes} means the scalar {@code yesValue}; likewise for {@code no}. */
  static MatrixBlock ifelse(MatrixBlock cond, MatrixBlock yes, double yesValue, MatrixBlock no,
      double noValue, KernelPool pool) {
    int rows = cond.rows();
    int cols = cond.cols();
    boolean noIsSparse = no == null ? noValue == 0 : isSparseView(no);
    if (isSparseView(cond) && noIsSparse) {
      SparseBlock sc = sparseView(cond);
      SparseBlock sn = no == null ? null : sparseView(no);
      int[] bound = new int[rows];
      long estimate = 0;
      for (int r = 0; r < rows; r++) {
        bound[r] = (int) Math.min(cols, (long) sc.size(r) + (sn == null ? 0 : sn.size(r)));
        estimate += bound[r];
      }
      if (MatrixBlock.preferSparse(rows, cols, estimate)) {
        return ElementwiseSupport.buildSparse(rows, cols, bound, pool,
            () -> new SparseRowWriter(sc, yes, yesValue, sn, cols));
      }
    }
    MatrixBlock out = MatrixBlock.dense(rows, cols);
    double[] c = out.denseValues();
    long nnz = sumChunks(pool, rows, rowsPerChunk(cols), out.cells(), (from, to) -> {
      DenseRows rc = DenseRows.of(cond, false, cols);
      DenseRows ry = yes == null ? DenseRows.constant(yesValue, cols) : DenseRows.of(yes, false, cols);
      DenseRows rn = no == null ? DenseRows.constant(noValue, cols) : DenseRows.of(no, false, cols);
      double[] xc = rc.array();
      double[] xy = ry.array();
      double[] xn = rn.array();
      for (int r = from; r < to; r++) {
        int cOff = rc.load(r);
        int yOff = ry.load(r);
        int nOff = rn.load(r);
        int off = r * cols;
        for (int i = 0; i < cols; i++) {
          // a branch-free select through the bits: a double select would branch, and
          // mispredict on irregular conditions (see BinaryLoops)
          long mask = -(long) (xc[cOff + i] != 0 ? 1 : 0);
          long bits = Double.doubleToRawLongBits(xy[yOff + i]) & mask
              | Double.doubleToRawLongBits(xn[nOff + i]) & ~mask;
          c[off + i] = Double.longBitsToDouble(bits);
        }
        rc.release(r);
        ry.release(r);
        rn.release(r);
      }
      return (long) countNonZeros(c, from * cols, to * cols);
    });
    return finish(out, nnz);
  }

  /**
   * One output row from the union of cond's and no's non-zero positions: yes where cond is
   * stored (stored values are non-zero, hence true), no elsewhere. "yes" is read by column:
   * from a dense array, or from a sparse row walked forward as the columns ascend.
   */
  private static final class SparseRowWriter implements ElementwiseSupport.RowWriter {
    private final SparseBlock cond;
    private final SparseBlock no;
    private final double yesValue;
    private final double[] yesDense;
    private final SparseBlock yesSparse;
    private final int cols;

    SparseRowWriter(SparseBlock cond, MatrixBlock yes, double yesValue, SparseBlock no, int cols) {
      this.cond = cond;
      this.no = no;
      this.yesValue = yesValue;
      boolean yesSparseView = yes != null && isSparseView(yes);
      this.yesDense = yes == null || yesSparseView ? null : yes.denseValues();
      this.yesSparse = yesSparseView ? sparseView(yes) : null;
      this.cols = cols;
    }

    @Override
    public int write(int r, int[] ix, double[] vals, int at) {
      int i = cond.pos(r);
      int cend = i + cond.size(r);
      int[] cix = cond.indexes(r);
      int j = no == null ? 0 : no.pos(r);
      int nend = no == null ? 0 : j + no.size(r);
      int[] nix = no == null ? null : no.indexes(r);
      double[] nv = no == null ? null : no.values(r);
      int y = yesSparse == null ? 0 : yesSparse.pos(r);
      int yend = yesSparse == null ? 0 : y + yesSparse.size(r);
      int[] yix = yesSparse == null ? null : yesSparse.indexes(r);
      double[] yv = yesSparse == null ? null : yesSparse.values(r);
      int w = at;
      while (i < cend || j < nend) {
        int cc = i < cend ? cix[i] : Integer.MAX_VALUE;
        int cn = j < nend ? nix[j] : Integer.MAX_VALUE;
        int col;
        double v;
        if (cc <= cn) {
          col = cc;
          if (yesSparse != null) {
            while (y < yend && yix[y] < col) {
              y++;
            }
            v = y < yend && yix[y] == col ? yv[y] : 0;
          } else {
            v = yesDense != null ? yesDense[r * cols + col] : yesValue;
          }
          i++;
          if (cn == cc) {
            j++;
          }
        } else {
          col = cn;
          v = nv[j++];
        }
        if (v != 0) {
          ix[w] = col;
          vals[w++] = v;
        }
      }
      return w - at;
    }
  }
}
