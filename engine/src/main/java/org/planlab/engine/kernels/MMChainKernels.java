package org.planlab.engine.kernels;

import java.util.List;
import java.util.Objects;
import org.planlab.engine.matrix.DimensionMismatchException;
import org.planlab.engine.matrix.MatrixBlock;
import org.planlab.engine.matrix.SparseBlock;
import org.planlab.engine.parallel.KernelPool;

/**
 * The matrix-multiplication chain {@code t(X) %*% (w * (X %*% v))} (and {@code t(X) %*% (X %*%
 * v)}) of iterative solvers such as conjugate gradient and L2-SVM, in one pass over X: for each
 * row, {@code t = dot(x_i, v) * w_i}, then {@code out += t * x_i} while the row is still in cache.
 * X is read once instead of twice, which is what the chain costs when X is memory-resident.
 *
 * <p>Rows are split into fixed-size chunks (independent of the thread count), each producing a
 * partial output vector; the partials are summed in chunk order, so results are bit-identical for
 * any degree of parallelism.
 */
public final class MMChainKernels {
  private MMChainKernels() {
  }

  /**
   * {@code t(x) %*% (w * (x %*% v))} for an n x m {@code x}, m x 1 {@code v} and n x 1
   * {@code w}, or {@code t(x) %*% (x %*% v)} when {@code w} is null; returns an m x 1 block.
   *
   * @throws DimensionMismatchException if v or w does not fit x
   */
  public static MatrixBlock mmchain(MatrixBlock x, MatrixBlock v, MatrixBlock w, KernelPool pool) {
    Objects.requireNonNull(x, "x is null");
    Objects.requireNonNull(v, "v is null");
    Objects.requireNonNull(pool, "pool is null");
    if (v.cols() != 1 || v.rows() != x.cols()) {
      throw DimensionMismatchException.of("mmchain t(X) %*% (X %*% v)", x, v,
          "v must be a column vector with one row per column of X");
    }
    if (w != null && (w.cols() != 1 || w.rows() != x.rows())) {
      throw DimensionMismatchException.of("mmchain t(X) %*% (w * (X %*% v))", x, w,
          "w must be a column vector with one row per row of X");
    }
    int n = x.rows();
    int m = x.cols();
    if (x.isEmpty() || v.isEmpty() || (w != null && w.isEmpty())) {
      return MatrixBlock.empty(m, 1);
    }
    double[] vv = MatVecKernels.denseVector(v);
    double[] wv = w == null ? null : MatVecKernels.denseVector(w);
    int chunk = ReductionChunks.chunkRows(n, m);
    List<double[]> parts;
    if (x.isSparse()) {
      SparseBlock sx = x.sparseRows();
      parts = pool.mapChunks(n, chunk, 2 * x.nnz(), (rl, ru) -> sparseChunk(sx, vv, wv, m, rl, ru));
    } else {
      double[] xv = x.denseValues();
      parts = pool.mapChunks(n, chunk, 2L * n * m, (rl, ru) -> denseChunk(xv, vv, wv, m, rl, ru));
    }
    return MatrixBlock.dense(m, 1, MatVecKernels.sumInOrder(parts, m)).examSparsity();
  }

  /**
   * Partial result of dense rows [rl, ru), four rows at a time: the rows are copied into scratch
   * arrays (one sequential read of X, which keeps the hardware prefetcher streaming; reading four
   * rows interleaved straight from memory measured about 2x slower), their four dot products are
   * computed in one pass over v, and the four scaled rows are added into the output in one
   * vectorized pass (the scratch slices start at 0, see {@link VectorPrimitives}).
   */
  private static double[] denseChunk(double[] x, double[] v, double[] w, int m, int rl, int ru) {
    if (VectorPrimitives.SIMD) {
      return denseChunkSimd(x, v, w, m, rl, ru);
    }
    double[] out = new double[m];
    double[] r0 = new double[m];
    double[] r1 = new double[m];
    double[] r2 = new double[m];
    double[] r3 = new double[m];
    double[] t = new double[4];
    int i = rl;
    for (; i + 3 < ru; i += 4) {
      int x0 = i * m;
      System.arraycopy(x, x0, r0, 0, m);
      System.arraycopy(x, x0 + m, r1, 0, m);
      System.arraycopy(x, x0 + 2 * m, r2, 0, m);
      System.arraycopy(x, x0 + 3 * m, r3, 0, m);
      VectorPrimitives.dotProduct4(r0, r1, r2, r3, v, m, t, 0);
      VectorPrimitives.vectMultAdd4Range(scale(t[0], w, i), scale(t[1], w, i + 1),
          scale(t[2], w, i + 2), scale(t[3], w, i + 3), r0, r1, r2, r3, out, 0, m);
    }
    for (; i < ru; i++) {
      double s = scale(VectorPrimitives.dotProduct(x, v, i * m, 0, m), w, i);
      VectorPrimitives.vectMultAdd(x, s, out, i * m, 0, m);
    }
    return out;
  }

  /**
   * Partial result of dense rows [rl, ru) with explicit SIMD: the dot product and the axpy read
   * each row straight from X (no staging needed), so the pass runs at memory bandwidth.
   */
  private static double[] denseChunkSimd(double[] x, double[] v, double[] w, int m, int rl,
      int ru) {
    double[] out = new double[m];
    for (int i = rl; i < ru; i++) {
      double s = scale(VectorPrimitives.dotProduct(x, v, i * m, 0, m), w, i);
      VectorPrimitives.vectMultAdd(x, s, out, i * m, 0, m);
    }
    return out;
  }

  /** Partial result of sparse rows [rl, ru): sparse dot, then scatter of the scaled row. */
  private static double[] sparseChunk(SparseBlock x, double[] v, double[] w, int m, int rl,
      int ru) {
    double[] out = new double[m];
    for (int i = rl; i < ru; i++) {
      int alen = x.size(i);
      if (alen == 0 || (w != null && w[i] == 0)) {
        continue;
      }
      int apos = x.pos(i);
      int[] aix = x.indexes(i);
      double[] avals = x.values(i);
      double t = scale(VectorPrimitives.dotProduct(avals, v, aix, apos, 0, alen), w, i);
      if (t != 0) {
        VectorPrimitives.vectMultAdd(avals, t, out, aix, apos, 0, alen);
      }
    }
    return out;
  }

  private static double scale(double t, double[] w, int i) {
    return w == null ? t : t * w[i];
  }
}
