package org.planlab.engine.kernels;

import org.planlab.engine.matrix.DimensionMismatchException;
import org.planlab.engine.matrix.MatrixBlock;
import org.planlab.engine.matrix.SparseBlock;
import org.planlab.engine.matrix.SparseBlockCSR;
import org.planlab.engine.parallel.KernelPool;

/**
 * Reorganisations that move cells without computing: DML's {@code t}, {@code rev},
 * {@code matrix(X, rows=, cols=, byrow=)} and {@code diag}. All preserve the non-zero count
 * (diag of a square matrix keeps only its diagonal), so the output format is decided up front
 * by {@link MatrixBlock#preferSparse} and the output written once in that format.
 */
public final class ReorgKernels {
  /** Tile edge of the dense transpose: two 64x64 tiles of doubles (64 KiB) stay in L2. */
  private static final int TILE = 64;

  private ReorgKernels() {
  }

  // ---------------------------------------------------------------- transpose

  /**
   * {@code t(X)}: dense inputs by cache-blocked tiles, sparse inputs by a CSR transpose that
   * counts column occurrences; the output format follows {@link MatrixBlock#preferSparse}, so a
   * sparse input gives a sparse output unless the result is a column vector.
   */
  public static MatrixBlock transpose(MatrixBlock x, KernelPool pool) {
    int m = x.rows();
    int n = x.cols();
    long nnz = x.nnz();
    if (nnz == 0) {
      return MatrixBlock.empty(n, m);
    }
    if (MatrixBlock.preferSparse(n, m, nnz)) {
      return MatrixBlock.sparse(n, m, transposeToCsr(x, pool));
    }
    // a dense input writes every output cell, a sparse one only its non-zeros
    MatrixBlock out = x.isSparse() ? MatrixBlock.dense(n, m) : MatrixBlock.denseToOverwrite(n, m);
    double[] c = out.denseValues();
    if (x.isSparse()) {
      SparseBlock sb = x.sparseRows();
      // each input row r fills output column r: ranges of input rows write disjoint cells
      pool.parallelFor(m, nnz + m, (from, to) -> {
        for (int r = from; r < to; r++) {
          int apos = sb.pos(r);
          int aend = apos + sb.size(r);
          int[] aix = sb.indexes(r);
          double[] av = sb.values(r);
          for (int k = apos; k < aend; k++) {
            c[aix[k] * m + r] = av[k];
          }
        }
      });
    } else if (m == 1 || n == 1) {
      // a vector's row-major layout is the same as its transpose's
      System.arraycopy(x.denseValues(), 0, c, 0, m * n);
    } else {
      double[] a = x.denseValues();
      pool.parallelFor(n, (long) m * n, (from, to) -> transposeDenseTiles(a, c, m, n, from, to));
    }
    out.setNonZeros(nnz);
    return out;
  }

  /**
   * {@code t(X)} as sparse rows whatever the sparsity: the stored entries of a sparse input, the
   * non-zeros of a dense one, every output row in ascending input-row order.
   */
  public static MatrixBlock transposeToSparse(MatrixBlock x, KernelPool pool) {
    if (x.nnz() == 0) {
      return MatrixBlock.empty(x.cols(), x.rows(), true);
    }
    return MatrixBlock.sparse(x.cols(), x.rows(), transposeToCsr(x, pool));
  }

  /** Writes output rows [c0, c1) (= input columns) of the transpose of the m x n array a. */
  private static void transposeDenseTiles(double[] a, double[] c, int m, int n, int c0, int c1) {
    for (int i0 = 0; i0 < m; i0 += TILE) {
      int i1 = Math.min(m, i0 + TILE);
      for (int j0 = c0; j0 < c1; j0 += TILE) {
        int j1 = Math.min(c1, j0 + TILE);
        for (int i = i0; i < i1; i++) {
          int aoff = i * n;
          for (int j = j0; j < j1; j++) {
            c[j * m + i] = a[aoff + j];
          }
        }
      }
    }
  }

  /**
   * The transpose of a non-empty block as CSR, whatever the input format: count the entries of
   * every input column, prefix-sum the counts into row pointers, then place every entry. Each
   * task owns a range of input columns (= output rows), so it writes its own counts and slots,
   * and entries land in ascending input-row order, which keeps output rows sorted.
   */
  static SparseBlockCSR transposeToCsr(MatrixBlock x, KernelPool pool) {
    int m = x.rows();
    int n = x.cols();
    long nnz = x.nnz();
    int[] ptr = new int[n + 1];
    int[] ix = new int[RowSegments.csrCapacity(nnz, "transpose", n, m)];
    double[] v = new double[ix.length];
    long work = x.isSparse() ? nnz + m : (long) m * n;
    // counts go to ptr[c + 1], so that the prefix sum turns them into row starts in place
    pool.parallelFor(n, work, (c0, c1) -> countColumns(x, c0, c1, ptr));
    for (int c = 0; c < n; c++) {
      ptr[c + 1] += ptr[c];
    }
    int[] cursor = ptr.clone();
    pool.parallelFor(n, work, (c0, c1) -> placeColumns(x, c0, c1, cursor, ix, v));
    return new SparseBlockCSR(ptr, ix, v);
  }

  private static void countColumns(MatrixBlock x, int c0, int c1, int[] ptr) {
    int m = x.rows();
    int n = x.cols();
    if (x.isSparse()) {
      SparseBlock sb = x.sparseRows();
      for (int r = 0; r < m; r++) {
        int apos = sb.pos(r);
        int aend = apos + sb.size(r);
        int[] aix = sb.indexes(r);
        int k = c0 == 0 ? apos : RowSegments.lowerBound(aix, apos, aend, c0);
        for (; k < aend && aix[k] < c1; k++) {
          ptr[aix[k] + 1]++;
        }
      }
    } else {
      double[] a = x.denseValues();
      for (int r = 0; r < m; r++) {
        int off = r * n;
        for (int c = c0; c < c1; c++) {
          ptr[c + 1] += a[off + c] != 0 ? 1 : 0;
        }
      }
    }
  }

  private static void placeColumns(MatrixBlock x, int c0, int c1, int[] cursor, int[] ix,
      double[] v) {
    int m = x.rows();
    int n = x.cols();
    if (x.isSparse()) {
      SparseBlock sb = x.sparseRows();
      for (int r = 0; r < m; r++) {
        int apos = sb.pos(r);
        int aend = apos + sb.size(r);
        int[] aix = sb.indexes(r);
        double[] av = sb.values(r);
        int k = c0 == 0 ? apos : RowSegments.lowerBound(aix, apos, aend, c0);
        for (; k < aend && aix[k] < c1; k++) {
          int p = cursor[aix[k]]++;
          ix[p] = r;
          v[p] = av[k];
        }
      }
    } else {
      double[] a = x.denseValues();
      for (int r = 0; r < m; r++) {
        int off = r * n;
        for (int c = c0; c < c1; c++) {
          double val = a[off + c];
          if (val != 0) {
            int p = cursor[c]++;
            ix[p] = r;
            v[p] = val;
          }
        }
      }
    }
  }

  // ---------------------------------------------------------------- rev

  /** DML's {@code rev(X)}: the rows of X in reverse order. */
  public static MatrixBlock rev(MatrixBlock x) {
    int m = x.rows();
    int[] src = new int[m];
    for (int i = 0; i < m; i++) {
      src[i] = m - 1 - i;
    }
    return RowSegments.gatherRows(x, src, m, x.nnz(), KernelPool.sequential());
  }

  // ---------------------------------------------------------------- reshape

  /**
   * DML's {@code matrix(X, rows=, cols=, byrow=)}: the cells of X read and written in
   * row-major order when {@code byRow}, in column-major order otherwise.
   *
   * @throws DimensionMismatchException when {@code rows * cols} differs from X's cell count
   */
  public static MatrixBlock reshape(MatrixBlock x, int rows, int cols, boolean byRow) {
    if (rows < 0 || cols < 0) {
      throw new IllegalArgumentException("reshape: invalid target shape " + rows + "x" + cols
          + ": dimensions must be non-negative");
    }
    if ((long) rows * cols != x.cells()) {
      throw new DimensionMismatchException("dimension mismatch in reshape: cannot reshape a "
          + x.shape() + " matrix (" + x.cells() + " cells) into " + rows + "x" + cols + " ("
          + (long) rows * cols + " cells)");
    }
    long nnz = x.nnz();
    if (nnz == 0) {
      return MatrixBlock.empty(rows, cols);
    }
    boolean sparseOut = MatrixBlock.preferSparse(rows, cols, nnz);
    // vectors are read (and written) in the same order either way
    boolean sameOrder = (x.rows() == 1 || x.cols() == 1) && (rows == 1 || cols == 1);
    if (!byRow && !sameOrder) {
      // Column-major reshape is the row-major reshape of the transpose, transposed back:
      // the transpose's row-major order is X's column-major order. Sparse outputs use it
      // so that output rows come out sorted; dense outputs are written directly.
      if (sparseOut) {
        KernelPool seq = KernelPool.sequential();
        MatrixBlock xt = MatrixBlock.sparse(x.cols(), x.rows(), transposeToCsr(x, seq));
        MatrixBlock yt = MatrixBlock.sparse(cols, rows, reshapeByRowToCsr(xt, cols, rows));
        return MatrixBlock.sparse(rows, cols, transposeToCsr(yt, seq));
      }
      return reshapeByColumnDense(x, rows, cols);
    }
    if (sparseOut) {
      return MatrixBlock.sparse(rows, cols, reshapeByRowToCsr(x, rows, cols));
    }
    MatrixBlock out = MatrixBlock.dense(rows, cols);
    double[] c = out.denseValues();
    if (x.isSparse()) {
      SparseBlock sb = x.sparseRows();
      int n = x.cols();
      for (int r = 0; r < x.rows(); r++) {
        int apos = sb.pos(r);
        int aend = apos + sb.size(r);
        int[] aix = sb.indexes(r);
        double[] av = sb.values(r);
        int off = r * n;
        for (int k = apos; k < aend; k++) {
          c[off + aix[k]] = av[k];
        }
      }
    } else {
      System.arraycopy(x.denseValues(), 0, c, 0, c.length);
    }
    out.setNonZeros(nnz);
    return out;
  }

  /**
   * Row-major reshape into CSR: cell k of the input (row-major) becomes cell k of the output,
   * so entries arrive in output row-major order and rows are filled one after another.
   */
  private static SparseBlockCSR reshapeByRowToCsr(MatrixBlock x, int rows, int cols) {
    int nnz = RowSegments.csrCapacity(x.nnz(), "reshape", rows, cols);
    int[] ptr = new int[rows + 1];
    int[] ix = new int[nnz];
    double[] v = new double[nnz];
    int n = x.cols();
    int p = 0;
    if (x.isSparse()) {
      SparseBlock sb = x.sparseRows();
      for (int r = 0; r < x.rows(); r++) {
        int apos = sb.pos(r);
        int aend = apos + sb.size(r);
        int[] aix = sb.indexes(r);
        double[] av = sb.values(r);
        long base = (long) r * n;
        for (int k = apos; k < aend; k++) {
          long cell = base + aix[k];
          int orow = (int) (cell / cols);
          ptr[orow + 1]++;
          ix[p] = (int) (cell - (long) orow * cols);
          v[p++] = av[k];
        }
      }
    } else {
      double[] a = x.denseValues();
      for (int k = 0; k < a.length; k++) {
        if (a[k] != 0) {
          int orow = k / cols;
          ptr[orow + 1]++;
          ix[p] = k - orow * cols;
          v[p++] = a[k];
        }
      }
    }
    for (int r = 0; r < rows; r++) {
      ptr[r + 1] += ptr[r];
    }
    return new SparseBlockCSR(ptr, ix, v);
  }

  /** Column-major reshape into a dense block: X read down its columns, output filled likewise. */
  private static MatrixBlock reshapeByColumnDense(MatrixBlock x, int rows, int cols) {
    int m = x.rows();
    int n = x.cols();
    MatrixBlock out = MatrixBlock.dense(rows, cols);
    double[] c = out.denseValues();
    if (x.isSparse()) {
      SparseBlock sb = x.sparseRows();
      for (int r = 0; r < m; r++) {
        int apos = sb.pos(r);
        int aend = apos + sb.size(r);
        int[] aix = sb.indexes(r);
        double[] av = sb.values(r);
        for (int k = apos; k < aend; k++) {
          long cell = (long) aix[k] * m + r;
          int ocol = (int) (cell / rows);
          int orow = (int) (cell - (long) ocol * rows);
          c[orow * cols + ocol] = av[k];
        }
      }
    } else {
      double[] a = x.denseValues();
      // walk the column-major cell index k of both shapes without dividing per cell
      int orow = 0;
      int ocol = 0;
      for (int j = 0; j < n; j++) {
        for (int i = 0; i < m; i++) {
          c[orow * cols + ocol] = a[i * n + j];
          if (++orow == rows) {
            orow = 0;
            ocol++;
          }
        }
      }
    }
    out.setNonZeros(x.nnz());
    return out;
  }

  // ---------------------------------------------------------------- diag

  /**
   * DML's {@code diag(X)}: a column vector n x 1 becomes the n x n diagonal matrix (sparse for
   * n > 1, whatever the format rule says for tiny n, because it is as sparse as a matrix gets);
   * a square n x n matrix gives the n x 1 vector of its diagonal; a 1x1 gives a 1x1 copy.
   *
   * @throws DimensionMismatchException for any other shape
   */
  public static MatrixBlock diag(MatrixBlock x) {
    int m = x.rows();
    int n = x.cols();
    if (m == n) {
      return m == 1 ? MatrixBlock.scalar(x.get(0, 0)) : diagonalOf(x);
    }
    if (n != 1) {
      throw new DimensionMismatchException("dimension mismatch in diag: expects a column vector"
          + " or a square matrix, got a " + x.shape() + " matrix");
    }
    if (m == 0) {
      return MatrixBlock.empty(0, 0);
    }
    double[] d = RowSegments.columnValues(x);
    int[] ptr = new int[m + 1];
    int[] ix = new int[(int) x.nnz()];
    double[] v = new double[ix.length];
    int p = 0;
    for (int r = 0; r < m; r++) {
      if (d[r] != 0) {
        ix[p] = r;
        v[p++] = d[r];
      }
      ptr[r + 1] = p;
    }
    return MatrixBlock.sparse(m, m, new SparseBlockCSR(ptr, ix, v));
  }

  private static MatrixBlock diagonalOf(MatrixBlock x) {
    int n = x.rows();
    MatrixBlock out = MatrixBlock.dense(n, 1);
    if (x.isEmpty()) {
      return out;
    }
    double[] c = out.denseValues();
    long nnz = 0;
    if (x.isSparse()) {
      SparseBlock sb = x.sparseRows();
      for (int r = 0; r < n; r++) {
        c[r] = sb.get(r, r);
        nnz += c[r] != 0 ? 1 : 0;
      }
    } else {
      double[] a = x.denseValues();
      for (int r = 0; r < n; r++) {
        c[r] = a[r * n + r];
        nnz += c[r] != 0 ? 1 : 0;
      }
    }
    out.setNonZeros(nnz);
    return out;
  }
}
