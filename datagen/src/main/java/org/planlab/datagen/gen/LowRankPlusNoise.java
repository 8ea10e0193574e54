package org.planlab.datagen.gen;

import java.util.SplittableRandom;
import org.planlab.engine.matrix.MatrixBlock;
import org.planlab.engine.matrix.SparseBlock;
import org.planlab.engine.matrix.SparseBlockMCSR;
import org.planlab.engine.random.BlockRandom;
import org.planlab.engine.random.RandomBlocks;

/**
 * Factorization data X = mask ⊙ (U·Vᵀ + E): U (rows x rank) with N(0, 1) entries, V (cols x
 * rank) with N(0, 1/rank) entries so that U·Vᵀ has unit variance, noise E ~ N(0, noise²) on the
 * masked cells, and a uniform random mask keeping each cell with probability {@code sparsity}
 * (1: dense).
 *
 * <p>V is small and generated once from the seed; U's rows for block i come from block i of its
 * own stream, so blocks stay independent. Mask positions are {@link RandomBlocks} positions.
 */
public final class LowRankPlusNoise implements Generator {
  private static final long U_STREAM = 0x6c6f7772616e6b75L;
  private static final long V_STREAM = 0x6c6f7772616e6b76L;
  private static final long MASK_STREAM = 0x6c6f7772616e6b6dL;
  private static final long NOISE_STREAM = 0x6c6f7772616e6b6eL;

  /** The parameters. */
  public record Params(long rows, int cols, int rank, double sparsity, double noise, long seed) {
    public Params {
      Checks.shape(rows, cols);
      if (rank < 1) {
        throw new IllegalArgumentException("rank must be >= 1, was " + rank);
      }
      // U·Vᵀ has rank min(rank, rows, cols): a larger rank would not be what it says
      if (rows > 0 && cols > 0 && rank > Math.min(rows, cols)) {
        throw new IllegalArgumentException("rank must be <= min(rows, cols) = "
            + Math.min(rows, cols) + ", was " + rank);
      }
      Checks.sparsity(sparsity);
      Checks.nonNegative("noise", noise);
    }
  }

  private final Params params;
  private final double[] v;

  public LowRankPlusNoise(Params params) {
    this.params = params;
    this.v = LabelsFromModel.denseValues(RandomBlocks.block(Seeds.derive(params.seed(),
        V_STREAM), 0, params.cols(), params.rank(), 1.0, RandomBlocks.Distribution.NORMAL, 0,
        1 / Math.sqrt(params.rank())));
  }

  public Params params() {
    return params;
  }

  /** The factor V (cols x rank), a copy. */
  public MatrixBlock v() {
    return MatrixBlock.dense(params.cols(), params.rank(), v.clone());
  }

  /** The rows of U that block {@code index} uses (blockRows x rank). */
  public MatrixBlock u(int index) {
    Checks.blockIndex(this, index);
    return RandomBlocks.block(Seeds.derive(params.seed(), U_STREAM), index, blockRows(index),
        params.rank(), 1.0, RandomBlocks.Distribution.NORMAL, 0, 1);
  }

  @Override
  public String name() {
    return "low-rank-plus-noise";
  }

  @Override
  public long rows() {
    return params.rows();
  }

  @Override
  public int cols() {
    return params.cols();
  }

  @Override
  public long expectedNnz() {
    return (long) Math.ceil(params.sparsity() * params.rows() * params.cols());
  }

  @Override
  public MatrixBlock block(int index) {
    int br = blockRows(index);
    int cols = params.cols();
    int k = params.rank();
    double[] u = LabelsFromModel.denseValues(u(index));
    MatrixBlock mask = RandomBlocks.block(Seeds.derive(params.seed(), MASK_STREAM), index, br,
        cols, params.sparsity(), RandomBlocks.Distribution.UNIFORM, 1, 2);
    if (mask.isEmpty()) {
      return MatrixBlock.empty(br, cols);
    }
    double sigma = params.noise();
    SplittableRandom rnd = BlockRandom.forBlock(Seeds.derive(params.seed(), NOISE_STREAM), index);
    long nnz = 0;
    MatrixBlock out;
    if (mask.isSparse()) {
      out = MatrixBlock.sparse(br, cols);
      SparseBlockMCSR sb = out.sparseRowsForUpdate();
      SparseBlock ms = mask.sparseRows();
      for (int r = 0; r < br; r++) {
        int apos = ms.pos(r);
        int alen = ms.size(r);
        int[] aix = ms.indexes(r);
        for (int p = apos; p < apos + alen; p++) {
          int c = aix[p];
          double x = dot(u, r * k, v, c * k, k) + (sigma > 0 ? sigma * Seeds.gaussian(rnd) : 0);
          nnz += sb.append(r, c, x);
        }
      }
    } else {
      out = MatrixBlock.dense(br, cols);
      double[] a = out.denseValues();
      double[] m = mask.denseValues();
      for (int r = 0; r < br; r++) {
        for (int c = 0; c < cols; c++) {
          int cell = r * cols + c;
          if (m[cell] != 0) {
            double x = dot(u, r * k, v, c * k, k) + (sigma > 0 ? sigma * Seeds.gaussian(rnd) : 0);
            a[cell] = x;
            nnz += x != 0 ? 1 : 0;
          }
        }
      }
    }
    out.setNonZeros(nnz);
    return out.examSparsity();
  }

  private static double dot(double[] a, int ao, double[] b, int bo, int n) {
    double s = 0;
    for (int i = 0; i < n; i++) {
      s += a[ao + i] * b[bo + i];
    }
    return s;
  }
}
