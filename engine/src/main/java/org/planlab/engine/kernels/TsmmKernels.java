package org.planlab.engine.kernels;

import java.util.Arrays;
import java.util.Objects;
import org.planlab.engine.matrix.MatrixBlock;
import org.planlab.engine.matrix.SparseBlock;
import org.planlab.engine.matrix.SparseBlockCSR;
import org.planlab.engine.parallel.KernelPool;

/**
 * Transpose-self matrix multiplication: {@code t(X) %*% X} (left) and {@code X %*% t(X)} (right).
 * Both are written as {@code t(T) %*% T} with {@code T = X} (left) or {@code T = t(X)} (right),
 * so one set of kernels serves both. Only the upper triangle is computed; the lower one is a copy,
 * so the result is exactly symmetric.
 *
 * <p>Row j of the upper triangle is {@code sum_i T[i,j] * T[i, j..]}: a sum of scaled row tails
 * of T over the rows i in ascending order, whichever thread computes it. Threads take ranges of
 * output rows of equal triangle area, and every output cell is written by one of them, so the
 * result is bit-identical for any degree of parallelism.
 */
public final class TsmmKernels {
  /** Bytes of T kept in L2 while the output rows stream over it (a block of input rows). */
  private static final int L2_BLOCK_BYTES = 1 << 18;

  /** Tile edge of the mirroring copy of the dense upper triangle. */
  private static final int MIRROR_TILE = 32;

  private TsmmKernels() {
  }

  /**
   * {@code t(x) %*% x} if {@code left} (cols x cols), else {@code x %*% t(x)} (rows x rows);
   * exactly symmetric, format by {@link MatrixBlock#preferSparse} for the exact nnz.
   */
  public static MatrixBlock tsmm(MatrixBlock x, boolean left, KernelPool pool) {
    Objects.requireNonNull(x, "x is null");
    Objects.requireNonNull(pool, "pool is null");
    int dim = left ? x.cols() : x.rows();
    if (x.isEmpty()) {
      return MatrixBlock.empty(dim, dim);
    }
    if (x.isSparse() && MatrixBlock.preferSparse(dim, dim, estimateNnz(x, left))) {
      SparseBlock sx = x.sparseRows();
      SparseBlock sxt = ReorgKernels.transposeToCsr(x, pool);
      // rows of t(T) index the output rows; rows of T hold the tails to add
      return left ? sparseUpper(sxt, sx, dim, pool) : sparseUpper(sx, sxt, dim, pool);
    }
    MatrixBlock t = left ? x : ReorgKernels.transpose(x, pool);
    MatrixBlock out = MatrixBlock.dense(dim, dim);
    double[] c = out.denseValues();
    int[] bounds = triangleSplit(dim, pool.parallelism());
    int n = t.rows();
    if (t.isSparse()) {
      SparseBlock st = t.sparseRows();
      long work = (long) Math.min(Long.MAX_VALUE / 2, (double) t.nnz() * t.nnz() / Math.max(1, n));
      pool.parallelFor(bounds.length - 1, work, (qf, qt) ->
          upperFromSparse(st, n, dim, c, bounds[qf], bounds[qt]));
    } else {
      double[] tv = t.denseValues();
      pool.parallelFor(bounds.length - 1, (long) n * dim * dim / 2, (qf, qt) ->
          upperFromDense(tv, n, dim, c, bounds[qf], bounds[qt], 0));
    }
    out.setNonZeros(mirrorUpper(c, dim));
    return out.examSparsity();
  }

  /**
   * {@code t(x) %*% x} of a dense {@code x} whose leading block {@code t(x[, 1:k]) %*% x[, 1:k]}
   * is known ({@code lead}, k x k): only the cells in the trailing columns are computed, in the
   * same order per cell as {@link #tsmm}, so the result is bit-identical to {@code tsmm(x, true)}
   * at n * cols * (cols - k) instead of n * cols^2 / 2 multiply-adds. This is the compensation
   * of LIMA's partial reuse of {@code tsmm(cbind(X, dX))} from {@code tsmm(X)}.
   *
   * @throws IllegalArgumentException when x is sparse or lead is not square with at most
   *     {@code x.cols()} columns
   */
  public static MatrixBlock tsmmExtendColumns(MatrixBlock x, MatrixBlock lead, KernelPool pool) {
    Objects.requireNonNull(x, "x is null");
    Objects.requireNonNull(lead, "lead is null");
    int dim = x.cols();
    int k = lead.cols();
    if (x.isSparse() || lead.rows() != k || k > dim) {
      throw new IllegalArgumentException("tsmmExtendColumns: a dense x and a square lead of at"
          + " most its columns, not " + x.shape() + " and " + lead.shape());
    }
    MatrixBlock out = MatrixBlock.dense(dim, dim);
    double[] c = out.denseValues();
    for (int j = 0; j < k; j++) {
      for (int l = j; l < k; l++) {
        c[j * dim + l] = lead.get(j, l);
      }
    }
    if (!x.isEmpty()) {
      double[] tv = x.denseValues();
      int n = x.rows();
      pool.parallelFor(dim, (long) n * dim * Math.max(1, dim - k), (jl, ju) ->
          upperFromDense(tv, n, dim, c, jl, ju, k));
    }
    out.setNonZeros(mirrorUpper(c, dim));
    return out.examSparsity();
  }

  /**
   * Estimated nnz of the result: a cell (j, l) is non-zero when some row of T holds both j and
   * l, {@code 1 - (1 - s^2)^n} for uniformly spread non-zeros, capped by {@code sum_i nnz(T_i)^2}.
   */
  static long estimateNnz(MatrixBlock x, boolean left) {
    int dim = left ? x.cols() : x.rows();
    int n = left ? x.rows() : x.cols();
    double s = x.sparsity();
    double sc = s >= 1 ? 1 : -Math.expm1(n * Math.log1p(-s * s));
    double cells = (double) dim * dim;
    double bound = 0;
    SparseBlock sx = x.sparseRows();
    if (left) {
      for (int i = 0; i < x.rows(); i++) {
        bound += (double) sx.size(i) * sx.size(i);
      }
    } else {
      long[] colCounts = new long[x.cols()];
      for (int i = 0; i < x.rows(); i++) {
        int apos = sx.pos(i);
        int[] aix = sx.indexes(i);
        for (int p = apos; p < apos + sx.size(i); p++) {
          colCounts[aix[p]]++;
        }
      }
      for (long cc : colCounts) {
        bound += (double) cc * cc;
      }
    }
    return (long) Math.ceil(Math.min(Math.min(cells, bound), Math.min(1, sc) * cells + dim));
  }

  /**
   * Boundaries of {@code parts} ranges of output rows with about equal upper-triangle area (row j
   * has dim - j cells). Only balances the threads; results do not depend on it.
   */
  static int[] triangleSplit(int dim, int parts) {
    int p = Math.max(1, Math.min(parts, dim));
    int[] b = new int[p + 1];
    double total = (double) dim * (dim + 1) / 2;
    double area = 0;
    int q = 1;
    for (int j = 0; j < dim && q < p; j++) {
      area += dim - j;
      while (q < p && area >= total * q / p) {
        b[q++] = j + 1;
      }
    }
    b[p] = dim;
    return b;
  }

  /**
   * Upper-triangle rows [jl, ju) of t(T) %*% T for a dense n x dim T. Input rows are taken in
   * blocks that stay in L2, staged into scratch arrays together with the output row being
   * updated, so that the update loop indexes every array by the same column and C2 vectorizes it
   * (see {@link VectorPrimitives}). Within a block, four input rows are added per pass, so each
   * output row is loaded once per four input rows. Groups of four start at multiples of 4, so
   * the sum order per cell is fixed. Only the cells in columns {@code >= from} are computed
   * (0: the whole upper triangle); the order per cell does not depend on {@code from}.
   */
  private static void upperFromDense(double[] t, int n, int dim, double[] c, int jl, int ju,
      int from) {
    int blockRows = Math.max(4, (L2_BLOCK_BYTES / 8 / Math.max(1, dim)) & ~3);
    int n4 = n & ~3;
    double[][] rows = new double[Math.min(blockRows, n4)][dim];
    double[] cs = new double[dim];
    for (int bi = 0; bi < n4; bi += blockRows) {
      int nb = Math.min(n4, bi + blockRows) - bi;
      for (int q = 0; q < nb; q++) {
        System.arraycopy(t, (bi + q) * dim, rows[q], 0, dim);
      }
      for (int j = jl; j < ju; j++) {
        int cj = j * dim;
        int lo = Math.max(j, from);
        System.arraycopy(c, cj + lo, cs, lo, dim - lo);
        for (int q = 0; q < nb; q += 4) {
          double[] r0 = rows[q];
          double[] r1 = rows[q + 1];
          double[] r2 = rows[q + 2];
          double[] r3 = rows[q + 3];
          VectorPrimitives.vectMultAdd4Range(r0[j], r1[j], r2[j], r3[j], r0, r1, r2, r3, cs, lo,
              dim);
        }
        System.arraycopy(cs, lo, c, cj + lo, dim - lo);
      }
    }
    for (int i = n4; i < n; i++) {
      int ti = i * dim;
      for (int j = jl; j < ju; j++) {
        int lo = Math.max(j, from);
        VectorPrimitives.vectMultAdd(t, t[ti + j], c, ti + lo, j * dim + lo, dim - lo);
      }
    }
  }

  /**
   * Upper-triangle rows [jl, ju) of t(T) %*% T for a sparse T: every row of T adds, for each of
   * its non-zeros T[i,j] with j in range, T[i,j] times the row's tail from column j.
   */
  private static void upperFromSparse(SparseBlock t, int n, int dim, double[] c, int jl, int ju) {
    for (int i = 0; i < n; i++) {
      int alen = t.size(i);
      if (alen == 0) {
        continue;
      }
      int apos = t.pos(i);
      int aend = apos + alen;
      int[] aix = t.indexes(i);
      double[] avals = t.values(i);
      int p = jl == 0 ? apos : lowerBound(aix, apos, aend, jl);
      for (; p < aend && aix[p] < ju; p++) {
        int j = aix[p];
        VectorPrimitives.vectMultAdd(avals, avals[p], c, aix, p, j * dim, aend - p);
      }
    }
  }

  /** First position in aix[from, to) with a value >= key (to if none). */
  private static int lowerBound(int[] aix, int from, int to, int key) {
    int ix = Arrays.binarySearch(aix, from, to, key);
    return ix >= 0 ? ix : -ix - 1;
  }

  /** Copies the upper triangle of c onto the lower one; returns the nnz of the full matrix. */
  private static long mirrorUpper(double[] c, int dim) {
    long nnz = 0;
    for (int bj = 0; bj < dim; bj += MIRROR_TILE) {
      int bjmax = Math.min(dim, bj + MIRROR_TILE);
      for (int bl = bj; bl < dim; bl += MIRROR_TILE) {
        int blmax = Math.min(dim, bl + MIRROR_TILE);
        for (int j = bj; j < bjmax; j++) {
          for (int l = Math.max(bl, j); l < blmax; l++) {
            double v = c[j * dim + l];
            c[l * dim + j] = v;
            nnz += v == 0 ? 0 : (l == j ? 1 : 2);
          }
        }
      }
    }
    return nnz;
  }

  /**
   * Sparse result: upper row j = sum over the non-zeros (i, v) of row j of {@code r = t(T)} of
   * v times the tail (columns >= j) of row i of {@code rt = T}, accumulated row-wise (Gustavson);
   * then the strict upper part is mirrored into a symmetric CSR block.
   */
  private static MatrixBlock sparseUpper(SparseBlock r, SparseBlock rt, int dim, KernelPool pool) {
    int[][] upIx = new int[dim][];
    double[][] upVals = new double[dim][];
    int[] upLen = new int[dim];
    long work = 0;
    for (int j = 0; j < dim; j++) {
      work += r.size(j);
    }
    pool.parallelFor(dim, work * 8, (jl, ju) -> {
      SparseRowAccumulator acc = new SparseRowAccumulator(dim);
      for (int j = jl; j < ju; j++) {
        int apos = r.pos(j);
        int aend = apos + r.size(j);
        int[] aix = r.indexes(j);
        double[] avals = r.values(j);
        for (int p = apos; p < aend; p++) {
          int i = aix[p];
          int bpos = rt.pos(i);
          int bend = bpos + rt.size(i);
          int[] bix = rt.indexes(i);
          int q = lowerBound(bix, bpos, bend, j);
          acc.add(avals[p], rt.values(i), bix, q, bend - q);
        }
        int cnt = acc.touchedCount();
        if (cnt > 0) {
          upIx[j] = new int[cnt];
          upVals[j] = new double[cnt];
          upLen[j] = acc.drain(upIx[j], upVals[j]);
        }
      }
    });
    return MatrixBlock.sparse(dim, dim, mirrorSparse(upIx, upVals, upLen, dim)).examSparsity();
  }

  /** Symmetric CSR from upper rows (ascending columns >= row): lower part, then upper part. */
  private static SparseBlockCSR mirrorSparse(int[][] upIx, double[][] upVals, int[] upLen,
      int dim) {
    int[] lowerCount = new int[dim];
    long total = 0;
    for (int j = 0; j < dim; j++) {
      for (int q = 0; q < upLen[j]; q++) {
        int l = upIx[j][q];
        if (l > j) {
          lowerCount[l]++;
          total++;
        }
      }
      total += upLen[j];
    }
    int nnz = Math.toIntExact(total);
    int[] ptr = new int[dim + 1];
    for (int j = 0; j < dim; j++) {
      ptr[j + 1] = ptr[j] + lowerCount[j] + upLen[j];
    }
    int[] ix = new int[nnz];
    double[] v = new double[nnz];
    int[] nextLower = Arrays.copyOf(ptr, dim);
    // rows j ascending, so each row's lower part receives ascending column indexes
    for (int j = 0; j < dim; j++) {
      int upStart = ptr[j] + lowerCount[j];
      for (int q = 0; q < upLen[j]; q++) {
        int l = upIx[j][q];
        double x = upVals[j][q];
        ix[upStart + q] = l;
        v[upStart + q] = x;
        if (l > j) {
          int p = nextLower[l]++;
          ix[p] = j;
          v[p] = x;
        }
      }
    }
    return new SparseBlockCSR(ptr, ix, v);
  }
}
