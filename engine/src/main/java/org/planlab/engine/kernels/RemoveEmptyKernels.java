package org.planlab.engine.kernels;

import org.planlab.engine.matrix.DimensionMismatchException;
import org.planlab.engine.matrix.MatrixBlock;
import org.planlab.engine.matrix.SparseBlock;
import org.planlab.engine.matrix.SparseBlockCSR;
import org.planlab.engine.parallel.KernelPool;

/**
 * DML's {@code removeEmpty(target=X, margin="rows"|"cols", select=S, empty.return=)}: drops the
 * all-zero rows (or columns) of X, or keeps exactly those that a select vector marks (any
 * non-zero entry of S counts as "keep", like SystemDS), preserving order.
 */
public final class RemoveEmptyKernels {
  private RemoveEmptyKernels() {
  }

  /**
   * X without its empty rows ({@code rows}) or columns; with {@code select} (n x 1 for rows,
   * 1 x m for columns) the marked rows or columns instead. When nothing remains the result is
   * a single all-zero row (1 x m) or column (n x 1) if {@code emptyReturn}, SystemDS's
   * default, else 0 x m (or n x 0).
   *
   * @throws DimensionMismatchException when {@code select} does not match the margin of X
   */
  public static MatrixBlock removeEmpty(MatrixBlock x, boolean rows, MatrixBlock select,
      boolean emptyReturn) {
    return rows ? removeEmptyRows(x, select, emptyReturn) : removeEmptyCols(x, select, emptyReturn);
  }

  private static MatrixBlock removeEmptyRows(MatrixBlock x, MatrixBlock select,
      boolean emptyReturn) {
    int n = x.rows();
    int[] src = new int[n];
    int k = 0;
    if (select != null) {
      if (select.rows() != n || select.cols() != 1) {
        throw DimensionMismatchException.of("removeEmpty", x, select,
            "select must be " + n + "x1 for margin=rows");
      }
      double[] s = RowSegments.columnValues(select);
      for (int r = 0; r < n; r++) {
        if (s[r] != 0) {
          src[k++] = r;
        }
      }
    } else {
      int cols = x.cols();
      for (int r = 0; r < n; r++) {
        if (RowSegments.countRow(x, r, 0, cols) > 0) {
          src[k++] = r;
        }
      }
    }
    if (k == 0) {
      return MatrixBlock.empty(emptyReturn ? 1 : 0, x.cols());
    }
    // dropping empty rows keeps every non-zero; a selection may drop some
    long nnz = select == null ? x.nnz() : -1;
    return RowSegments.gatherRows(x, src, k, nnz, KernelPool.sequential());
  }

  private static MatrixBlock removeEmptyCols(MatrixBlock x, MatrixBlock select,
      boolean emptyReturn) {
    int n = x.rows();
    int m = x.cols();
    boolean[] keep = new boolean[m];
    if (select != null) {
      if (select.rows() != 1 || select.cols() != m) {
        throw DimensionMismatchException.of("removeEmpty", x, select,
            "select must be 1x" + m + " for margin=cols");
      }
      double[] s = new double[m];
      RowSegments.scatterRow(select, 0, 0, m, s, 0);
      for (int c = 0; c < m; c++) {
        keep[c] = s[c] != 0;
      }
    } else {
      markNonEmptyColumns(x, keep);
    }
    // colMap: old column -> new column, or -1 when dropped
    int[] colMap = new int[m];
    int[] keptCols = new int[m];
    int k = 0;
    for (int c = 0; c < m; c++) {
      colMap[c] = keep[c] ? k : -1;
      if (keep[c]) {
        keptCols[k++] = c;
      }
    }
    if (k == 0) {
      return MatrixBlock.empty(n, emptyReturn ? 1 : 0);
    }
    long nnz = select == null ? x.nnz() : x.nnz() - countDropped(x, colMap);
    if (nnz == 0) {
      return MatrixBlock.empty(n, k);
    }
    if (!MatrixBlock.preferSparse(n, k, nnz)) {
      MatrixBlock out = MatrixBlock.dense(n, k);
      double[] c = out.denseValues();
      if (x.isSparse()) {
        SparseBlock sb = x.sparseRows();
        for (int r = 0; r < n; r++) {
          int apos = sb.pos(r);
          int aend = apos + sb.size(r);
          int[] aix = sb.indexes(r);
          double[] av = sb.values(r);
          int off = r * k;
          for (int q = apos; q < aend; q++) {
            int j = colMap[aix[q]];
            if (j >= 0) {
              c[off + j] = av[q];
            }
          }
        }
      } else {
        double[] a = x.denseValues();
        for (int r = 0; r < n; r++) {
          int soff = r * m;
          int doff = r * k;
          for (int j = 0; j < k; j++) {
            c[doff + j] = a[soff + keptCols[j]];
          }
        }
      }
      out.setNonZeros(nnz);
      return out;
    }
    int[] ptr = new int[n + 1];
    int[] ix = new int[RowSegments.csrCapacity(nnz, "removeEmpty", n, k)];
    double[] v = new double[ix.length];
    int p = 0;
    if (x.isSparse()) {
      SparseBlock sb = x.sparseRows();
      for (int r = 0; r < n; r++) {
        int apos = sb.pos(r);
        int aend = apos + sb.size(r);
        int[] aix = sb.indexes(r);
        double[] av = sb.values(r);
        // colMap is increasing on kept columns, so rows stay sorted
        for (int q = apos; q < aend; q++) {
          int j = colMap[aix[q]];
          if (j >= 0) {
            ix[p] = j;
            v[p++] = av[q];
          }
        }
        ptr[r + 1] = p;
      }
    } else {
      double[] a = x.denseValues();
      for (int r = 0; r < n; r++) {
        int soff = r * m;
        for (int j = 0; j < k; j++) {
          double val = a[soff + keptCols[j]];
          if (val != 0) {
            ix[p] = j;
            v[p++] = val;
          }
        }
        ptr[r + 1] = p;
      }
    }
    return MatrixBlock.sparse(n, k, new SparseBlockCSR(ptr, ix, v));
  }

  private static void markNonEmptyColumns(MatrixBlock x, boolean[] keep) {
    if (x.isEmpty()) {
      return;
    }
    int n = x.rows();
    int m = x.cols();
    if (x.isSparse()) {
      SparseBlock sb = x.sparseRows();
      for (int r = 0; r < n; r++) {
        int apos = sb.pos(r);
        int aend = apos + sb.size(r);
        int[] aix = sb.indexes(r);
        for (int q = apos; q < aend; q++) {
          keep[aix[q]] = true;
        }
      }
    } else {
      double[] a = x.denseValues();
      for (int r = 0; r < n; r++) {
        int off = r * m;
        for (int c = 0; c < m; c++) {
          keep[c] |= a[off + c] != 0;
        }
      }
    }
  }

  /** Non-zeros of X in the columns that {@code colMap} drops. */
  private static long countDropped(MatrixBlock x, int[] colMap) {
    if (x.isEmpty()) {
      return 0;
    }
    int n = x.rows();
    int m = x.cols();
    long dropped = 0;
    if (x.isSparse()) {
      SparseBlock sb = x.sparseRows();
      for (int r = 0; r < n; r++) {
        int apos = sb.pos(r);
        int aend = apos + sb.size(r);
        int[] aix = sb.indexes(r);
        for (int q = apos; q < aend; q++) {
          dropped += colMap[aix[q]] < 0 ? 1 : 0;
        }
      }
    } else {
      double[] a = x.denseValues();
      for (int r = 0; r < n; r++) {
        int off = r * m;
        for (int c = 0; c < m; c++) {
          dropped += colMap[c] < 0 && a[off + c] != 0 ? 1 : 0;
        }
      }
    }
    return dropped;
  }
}
