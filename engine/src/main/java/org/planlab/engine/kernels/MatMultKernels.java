package org.planlab.engine.kernels;

import java.util.Arrays;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicLong;
import org.planlab.engine.matrix.DimensionMismatchException;
import org.planlab.engine.matrix.MatrixBlock;
import org.planlab.engine.matrix.SparseBlock;
import org.planlab.engine.matrix.SparseBlockMCSR;
import org.planlab.engine.parallel.KernelPool;

/**
 * Matrix multiplication {@code A %*% B}: one kernel per combination of dense and sparse operands,
 * fast paths for vectors (in {@link MatVecKernels}), and {@code t(X) %*% Y} without a transpose
 * of X.
 *
 * <p>All kernels are row-wise: row i of the output depends on row i of A and all of B, so threads
 * take contiguous ranges of output rows, every output cell is written by one thread, and each
 * cell is summed over k in the same order whatever the split (the one-row vector cases reduce in
 * fixed-size chunks instead). Results are therefore bit-identical for any degree of parallelism.
 */
public final class MatMultKernels {
  // Cache blocking of the dense kernel (as in SystemML's matrixMultDenseDenseMM): a block of
  // BLOCK_I rows of A, BLOCK_K rows of B, BLOCK_J columns; the 24 x 1024 doubles of B (192 KiB)
  // are staged into scratch rows that stay in L2 while the rows of A and C stream over them.
  // BLOCK_K must be a multiple of 4 (groups of four k start at multiples of 4).
  private static final int BLOCK_I = 32;
  private static final int BLOCK_K = 24;
  private static final int BLOCK_J = 1024;

  private MatMultKernels() {
  }

  /**
   * {@code a %*% b}. The output format follows {@link MatrixBlock#preferSparse} for the exact nnz;
   * empty operands give an all-zero block of shape {@code a.rows() x b.cols()}.
   *
   * @throws DimensionMismatchException if {@code a.cols() != b.rows()}
   */
  public static MatrixBlock multiply(MatrixBlock a, MatrixBlock b, KernelPool pool) {
    Objects.requireNonNull(a, "a is null");
    Objects.requireNonNull(b, "b is null");
    Objects.requireNonNull(pool, "pool is null");
    if (a.cols() != b.rows()) {
      throw DimensionMismatchException.of("matrix multiply", a, b,
          "columns of the left operand must equal rows of the right operand");
    }
    int m = a.rows();
    int k = a.cols();
    int n = b.cols();
    if (a.isEmpty() || b.isEmpty()) {
      return MatrixBlock.empty(m, n);
    }
    if (m == 1 && n == 1) {
      return MatVecKernels.dot(a, b, pool);
    }
    if (k == 1) {
      return MatVecKernels.outer(a, b, pool);
    }
    if (n == 1) {
      return MatVecKernels.matrixVector(a, b, pool);
    }
    if (m == 1) {
      return MatVecKernels.vectorMatrix(a, b, pool);
    }
    if (!a.isSparse() && !b.isSparse()) {
      return denseDense(a, b, pool);
    }
    boolean sparseOut = MatrixBlock.preferSparse(m, n, estimateNnz(a, b));
    if (!b.isSparse()) {
      return sparseDense(a, b, sparseOut, pool);
    }
    return timesSparse(a, b, sparseOut, pool);
  }

  /**
   * Announces a product with {@code rows} rows and {@code cols} columns (-1 where unknown) over
   * an inner dimension {@code inner}, of operands that are both dense: when the dense SIMD kernel
   * will compute it ({@link #multiply}'s and {@link #transposeLeftMultiply}'s dense case), or
   * the matrix-vector loop over many rows, that kernel's warm-up starts on a daemon thread, once
   * per JVM, so that the JIT has compiled it before the first such product runs. Called when a
   * script's products are compiled.
   */
  public static void anticipateDense(long rows, long inner, long cols) {
    if (rows == 0 || rows == 1 || inner == 0 || inner == 1 || cols < 0) {
      return;
    }
    if (GemmSimd.applies((int) Math.min(cols, Integer.MAX_VALUE))) {
      GemmSimd.startWarmUp();
    } else if (cols == 1 && inner > 1 && inner <= MATVEC_WARM_UP_MAX_INNER
        && (rows < 0 || rows >= MATVEC_WARM_UP_MIN_ROWS)) {
      MatVecKernels.startWarmUp((int) inner);
    }
  }

  /** Matrix-vector products over fewer rows are not worth a warm-up: they end quickly anyway. */
  static final long MATVEC_WARM_UP_MIN_ROWS = 1L << 16;
  /** Matrix-vector products over more columns than this do not warm up (nor their memory). */
  static final long MATVEC_WARM_UP_MAX_INNER = 1L << 10;

  /**
   * {@code t(x) %*% y} without materializing {@code t(x)} when y is a vector (every row of x
   * adds {@code y[i] * x[i, ]}, reduced over fixed row chunks); dense x and y with enough
   * columns for the SIMD kernel's panels go to that kernel reading x transposed in place;
   * otherwise the smaller of x and y is transposed.
   *
   * @throws DimensionMismatchException if {@code x.rows() != y.rows()}
   */
  public static MatrixBlock transposeLeftMultiply(MatrixBlock x, MatrixBlock y, KernelPool pool) {
    Objects.requireNonNull(x, "x is null");
    Objects.requireNonNull(y, "y is null");
    Objects.requireNonNull(pool, "pool is null");
    if (x.rows() != y.rows()) {
      throw DimensionMismatchException.of("t(X) %*% Y", x, y, "X and Y must have the same rows");
    }
    int m = x.cols();
    int p = y.cols();
    if (x.isEmpty() || y.isEmpty()) {
      return MatrixBlock.empty(m, p);
    }
    if (p == 1) {
      double[] r = MatVecKernels.transposeTimesVector(x, MatVecKernels.denseVector(y), pool);
      return MatrixBlock.dense(m, 1, r).examSparsity();
    }
    if (!x.isSparse() && !y.isSparse() && m > 1 && GemmSimd.applies(p)) {
      return denseTransposedLeft(x, y, pool);
    }
    if (y.nnz() <= x.nnz()) {
      // t(X) %*% Y = t(t(Y) %*% X): transposes Y and the m x p result instead of X
      MatrixBlock r = multiply(ReorgKernels.transpose(y, pool), x, pool);
      return ReorgKernels.transpose(r, pool);
    }
    return multiply(ReorgKernels.transpose(x, pool), y, pool);
  }

  /**
   * Estimated non-zeros of {@code a %*% b}: the probability that a cell gets at least one of its
   * k products non-zero, {@code 1 - (1 - sa*sb)^k} for uniformly spread non-zeros, capped by the
   * row-wise upper bound when a is sparse (a row of a with no non-zeros, or only ones that meet
   * empty rows of b, yields an empty output row).
   */
  static long estimateNnz(MatrixBlock a, MatrixBlock b) {
    int m = a.rows();
    int k = a.cols();
    int n = b.cols();
    double pz = a.sparsity() * b.sparsity();
    double sc = pz >= 1 ? 1 : -Math.expm1(k * Math.log1p(-pz));
    long estimate = (long) Math.ceil(Math.min(1, sc) * m * (double) n);
    if (a.isSparse()) {
      SparseBlock sa = a.sparseRows();
      SparseBlock sb = b.isSparse() ? b.sparseRows() : null;
      long bound = 0;
      for (int i = 0; i < m && bound < estimate; i++) {
        int apos = sa.pos(i);
        int alen = sa.size(i);
        int[] aix = sa.indexes(i);
        long row = 0;
        for (int p = apos; p < apos + alen && row < n; p++) {
          row += sb == null ? n : sb.size(aix[p]);
        }
        bound += Math.min(row, n);
      }
      estimate = Math.min(estimate, bound);
    }
    return estimate;
  }

  // ---------------------------------------------------------------- dense %*% dense

  private static MatrixBlock denseDense(MatrixBlock a, MatrixBlock b, KernelPool pool) {
    int m = a.rows();
    int k = a.cols();
    int n = b.cols();
    double[] av = a.denseValues();
    double[] bv = b.denseValues();
    if (GemmSimd.applies(n)) {
      // the SIMD kernel writes every cell of its rows: a recycled buffer needs no zeroing
      return product(MatrixBlock.denseToOverwrite(m, n), k, pool,
          (c, rl, ru) -> GemmSimd.multiplyRows(av, bv, c, k, n, rl, ru));
    }
    return product(MatrixBlock.dense(m, n), k, pool,
        (c, rl, ru) -> denseDenseRows(av, bv, c, k, n, rl, ru));
  }

  /** Rows [rl, ru) of an m x n product computed into {@code c}. */
  private interface ProductRows {
    void run(double[] c, int rl, int ru);
  }

  /**
   * The product into {@code out} (m x n, inner dimension k): row ranges in parallel, their
   * non-zeros counted on the threads that computed them.
   */
  private static MatrixBlock product(MatrixBlock out, int k, KernelPool pool, ProductRows rows) {
    int m = out.rows();
    int n = out.cols();
    double[] c = out.denseValues();
    AtomicLong nnz = new AtomicLong();
    pool.parallelFor(m, (long) m * k * n, (rl, ru) -> {
      rows.run(c, rl, ru);
      nnz.addAndGet(MatVecKernels.countNonZeros(c, rl * n, ru * n));
    });
    out.setNonZeros(nnz.get());
    return out.examSparsity();
  }

  /**
   * {@code t(x) %*% y} for dense x (k x m) and y (k x p) by the SIMD kernel reading x
   * transposed in place: no transposed copy of either operand or of the result.
   */
  private static MatrixBlock denseTransposedLeft(MatrixBlock x, MatrixBlock y, KernelPool pool) {
    int k = x.rows();
    int m = x.cols();
    int p = y.cols();
    double[] xv = x.denseValues();
    double[] yv = y.denseValues();
    return product(MatrixBlock.denseToOverwrite(m, p), k, pool,
        (c, rl, ru) -> GemmSimd.transposedLeftRows(xv, m, yv, c, k, p, rl, ru));
  }

  /**
   * Rows [rl, ru) of C = A B, cache-blocked. Per block, the rows of B are staged into scratch
   * arrays and each row segment of C is staged too, so that the inner loop runs on slices that
   * start at 0, which C2 vectorizes (see {@link VectorPrimitives}). The inner step adds four
   * scaled rows of B into two rows of C at once: B is loaded once for both rows and C once for
   * four k. Groups of four k start at multiples of 4 and the per-cell arithmetic of the two-row
   * and one-row steps is the same, so a cell's value does not depend on rl.
   */
  private static void denseDenseRows(double[] a, double[] b, double[] c, int k, int n, int rl,
      int ru) {
    int bjLen = Math.min(n, BLOCK_J);
    double[][] bs = new double[Math.min(k, BLOCK_K)][bjLen];
    double[] c0 = new double[bjLen];
    double[] c1 = new double[bjLen];
    for (int bi = rl; bi < ru; bi += BLOCK_I) {
      int bimax = Math.min(ru, bi + BLOCK_I);
      for (int bk = 0; bk < k; bk += BLOCK_K) {
        int kn = Math.min(k, bk + BLOCK_K) - bk;
        for (int bj = 0; bj < n; bj += BLOCK_J) {
          int len = Math.min(n, bj + BLOCK_J) - bj;
          for (int q = 0; q < kn; q++) {
            System.arraycopy(b, (bk + q) * n + bj, bs[q], 0, len);
          }
          int i = bi;
          for (; i + 1 < bimax; i += 2) {
            int a0 = i * k + bk;
            int a1 = a0 + k;
            int ci = i * n + bj;
            System.arraycopy(c, ci, c0, 0, len);
            System.arraycopy(c, ci + n, c1, 0, len);
            int q = 0;
            for (; q + 3 < kn; q += 4) {
              VectorPrimitives.vectMultAdd4x2Range(a[a0 + q], a[a0 + q + 1], a[a0 + q + 2],
                  a[a0 + q + 3], a[a1 + q], a[a1 + q + 1], a[a1 + q + 2], a[a1 + q + 3],
                  bs[q], bs[q + 1], bs[q + 2], bs[q + 3], c0, c1, 0, len);
            }
            for (; q < kn; q++) {
              VectorPrimitives.vectMultAddRange(bs[q], a[a0 + q], c0, 0, len);
              VectorPrimitives.vectMultAddRange(bs[q], a[a1 + q], c1, 0, len);
            }
            System.arraycopy(c0, 0, c, ci, len);
            System.arraycopy(c1, 0, c, ci + n, len);
          }
          for (; i < bimax; i++) {
            int a0 = i * k + bk;
            int ci = i * n + bj;
            System.arraycopy(c, ci, c0, 0, len);
            int q = 0;
            for (; q + 3 < kn; q += 4) {
              VectorPrimitives.vectMultAdd4Range(a[a0 + q], a[a0 + q + 1], a[a0 + q + 2],
                  a[a0 + q + 3], bs[q], bs[q + 1], bs[q + 2], bs[q + 3], c0, 0, len);
            }
            for (; q < kn; q++) {
              VectorPrimitives.vectMultAddRange(bs[q], a[a0 + q], c0, 0, len);
            }
            System.arraycopy(c0, 0, c, ci, len);
          }
        }
      }
    }
  }

  // ---------------------------------------------------------------- sparse %*% dense

  private static MatrixBlock sparseDense(MatrixBlock a, MatrixBlock b, boolean sparseOut,
      KernelPool pool) {
    int m = a.rows();
    int n = b.cols();
    SparseBlock sa = a.sparseRows();
    double[] bv = b.denseValues();
    long work = a.nnz() * n;
    if (sparseOut) {
      MatrixBlock out = MatrixBlock.sparse(m, n);
      SparseBlockMCSR sc = out.sparseRowsForUpdate();
      pool.parallelFor(m, work, (rl, ru) -> {
        double[] row = new double[n];
        for (int i = rl; i < ru; i++) {
          if (!sa.isEmpty(i)) {
            sparseDenseRow(sa, i, bv, n, row, 0);
            extractRow(row, sc, i);
          }
        }
      });
      out.setNonZeros(sc.size());
      return out.examSparsity();
    }
    MatrixBlock out = MatrixBlock.dense(m, n);
    double[] c = out.denseValues();
    AtomicLong nnz = new AtomicLong();
    pool.parallelFor(m, work, (rl, ru) -> {
      for (int i = rl; i < ru; i++) {
        sparseDenseRow(sa, i, bv, n, c, i * n);
      }
      nnz.addAndGet(MatVecKernels.countNonZeros(c, rl * n, ru * n));
    });
    out.setNonZeros(nnz.get());
    return out.examSparsity();
  }

  /**
   * c[ci, ci+n) = row i of A times B, the slice zero on entry: scaled rows of B added, four
   * non-zeros of A per pass. A row
   * whose only non-zero is 1 selects a row of B, which is copied (as SystemDS's sparse products
   * do): a permutation matrix times X, the AutoEncoder's shuffle, is one copy per row, where
   * the first such product of a script otherwise ran the Vector API's loop before C2 had
   * compiled it. The copy equals the sum but for the sign of zeros (0 + -0 is +0).
   */
  private static void sparseDenseRow(SparseBlock sa, int i, double[] b, int n, double[] c,
      int ci) {
    int apos = sa.pos(i);
    int aend = apos + sa.size(i);
    int[] aix = sa.indexes(i);
    double[] avals = sa.values(i);
    if (aend - apos == 1 && avals[apos] == 1.0) {
      System.arraycopy(b, aix[apos] * n, c, ci, n);
      return;
    }
    int p = apos;
    for (; p + 3 < aend; p += 4) {
      VectorPrimitives.vectMultAdd4(avals[p], avals[p + 1], avals[p + 2], avals[p + 3], b,
          aix[p] * n, aix[p + 1] * n, aix[p + 2] * n, aix[p + 3] * n, c, ci, n);
    }
    for (; p < aend; p++) {
      VectorPrimitives.vectMultAdd(b, avals[p], c, aix[p] * n, ci, n);
    }
  }

  /** Moves the non-zeros of a dense row buffer into row i of sc and clears the buffer. */
  private static void extractRow(double[] row, SparseBlockMCSR sc, int i) {
    int cnt = (int) MatVecKernels.countNonZeros(row, 0, row.length);
    if (cnt == 0) {
      return;
    }
    int[] ix = new int[cnt];
    double[] v = new double[cnt];
    for (int j = 0, p = 0; p < cnt; j++) {
      if (row[j] != 0) {
        ix[p] = j;
        v[p++] = row[j];
      }
    }
    Arrays.fill(row, 0);
    sc.setRow(i, ix, v, cnt);
  }

  // ---------------------------------------------------------------- (dense|sparse) %*% sparse

  private static MatrixBlock timesSparse(MatrixBlock a, MatrixBlock b, boolean sparseOut,
      KernelPool pool) {
    int m = a.rows();
    int k = a.cols();
    int n = b.cols();
    SparseBlock sb = b.sparseRows();
    // products touched: nnz(a) times the average non-zeros of a row of b
    long work = (long) Math.min(Long.MAX_VALUE / 2, a.nnz() * (double) b.nnz() / k) + m;
    if (sparseOut) {
      MatrixBlock out = MatrixBlock.sparse(m, n);
      SparseBlockMCSR sc = out.sparseRowsForUpdate();
      pool.parallelFor(m, work, (rl, ru) -> {
        SparseRowAccumulator acc = new SparseRowAccumulator(n);
        for (int i = rl; i < ru; i++) {
          timesSparseRow(a, i, sb, acc);
          acc.moveTo(sc, i);
        }
      });
      out.setNonZeros(sc.size());
      return out.examSparsity();
    }
    MatrixBlock out = MatrixBlock.dense(m, n);
    double[] c = out.denseValues();
    AtomicLong nnz = new AtomicLong();
    pool.parallelFor(m, work, (rl, ru) -> {
      for (int i = rl; i < ru; i++) {
        timesSparseRowDense(a, i, sb, c, i * n);
      }
      nnz.addAndGet(MatVecKernels.countNonZeros(c, rl * n, ru * n));
    });
    out.setNonZeros(nnz.get());
    return out.examSparsity();
  }

  /** c[ci + j] += sum_k a[i,k] * b[k,j] over the non-zeros of row i of a and of b. */
  private static void timesSparseRowDense(MatrixBlock a, int i, SparseBlock sb, double[] c,
      int ci) {
    if (a.isSparse()) {
      SparseBlock sa = a.sparseRows();
      int apos = sa.pos(i);
      int aend = apos + sa.size(i);
      int[] aix = sa.indexes(i);
      double[] avals = sa.values(i);
      for (int p = apos; p < aend; p++) {
        int kk = aix[p];
        int blen = sb.size(kk);
        if (blen > 0) {
          VectorPrimitives.vectMultAdd(sb.values(kk), avals[p], c, sb.indexes(kk), sb.pos(kk), ci,
              blen);
        }
      }
    } else {
      int k = a.cols();
      double[] av = a.denseValues();
      for (int kk = 0, ai = i * k; kk < k; kk++) {
        double v = av[ai + kk];
        int blen = sb.size(kk);
        if (v != 0 && blen > 0) {
          VectorPrimitives.vectMultAdd(sb.values(kk), v, c, sb.indexes(kk), sb.pos(kk), ci, blen);
        }
      }
    }
  }

  /** Row i of a %*% b into the accumulator (same arithmetic as the dense-output row). */
  private static void timesSparseRow(MatrixBlock a, int i, SparseBlock sb,
      SparseRowAccumulator acc) {
    if (a.isSparse()) {
      SparseBlock sa = a.sparseRows();
      int apos = sa.pos(i);
      int aend = apos + sa.size(i);
      int[] aix = sa.indexes(i);
      double[] avals = sa.values(i);
      for (int p = apos; p < aend; p++) {
        int kk = aix[p];
        acc.add(avals[p], sb.values(kk), sb.indexes(kk), sb.pos(kk), sb.size(kk));
      }
    } else {
      int k = a.cols();
      double[] av = a.denseValues();
      for (int kk = 0, ai = i * k; kk < k; kk++) {
        double v = av[ai + kk];
        if (v != 0) {
          acc.add(v, sb.values(kk), sb.indexes(kk), sb.pos(kk), sb.size(kk));
        }
      }
    }
  }
}
