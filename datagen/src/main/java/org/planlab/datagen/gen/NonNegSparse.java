package org.planlab.datagen.gen;

import org.planlab.engine.matrix.MatrixBlock;
import org.planlab.engine.matrix.SparseBlock;
import org.planlab.engine.random.RandomBlocks;

/**
 * Non-negative sparse counts for PNMF: each cell non-zero with probability {@code sparsity}
 * (uniform positions), values geometric counts {@code >= 1} with the given {@code mean}
 * (P(k) = p (1-p)^(k-1), p = 1/mean), a heavy-ish tail like word or event counts.
 *
 * <p>Positions and the uniform draws behind the counts are one {@link RandomBlocks} block, whose
 * U(0,1) values are mapped through the geometric inverse CDF.
 */
public record NonNegSparse(long rows, int cols, double sparsity, double mean, long seed)
    implements Generator {
  private static final long STREAM = 0x6E6F6E6E65677370L;

  public NonNegSparse {
    Checks.shape(rows, cols);
    Checks.sparsity(sparsity);
    if (!(mean >= 1) || Double.isInfinite(mean)) {
      throw new IllegalArgumentException("mean count must be finite and >= 1, was " + mean);
    }
  }

  @Override
  public String name() {
    return "nonneg-sparse";
  }

  @Override
  public long expectedNnz() {
    return (long) Math.ceil(sparsity * rows * cols);
  }

  @Override
  public MatrixBlock block(int index) {
    Checks.blockIndex(this, index);
    MatrixBlock b = RandomBlocks.block(Seeds.derive(seed, STREAM), index, blockRows(index), cols,
        sparsity, RandomBlocks.Distribution.UNIFORM, 0, 1);
    if (b.isEmpty()) {
      return b;
    }
    // log(1-p) < 0; with mean 1 every count is 1
    double logq = mean == 1 ? Double.NEGATIVE_INFINITY : Math.log1p(-1 / mean);
    if (b.isSparse()) {
      SparseBlock sb = b.sparseRows();
      for (int r = 0; r < b.rows(); r++) {
        int apos = sb.pos(r);
        int alen = sb.size(r);
        double[] av = sb.values(r);
        for (int k = apos; k < apos + alen; k++) {
          av[k] = count(av[k], logq);
        }
      }
    } else {
      double[] a = b.denseValues();
      for (int k = 0; k < a.length; k++) {
        if (a[k] != 0) {
          a[k] = count(a[k], logq);
        }
      }
    }
    return b; // every stored value stays non-zero, so nnz is unchanged
  }

  /** Geometric inverse CDF: u in (0, 1) -> 1 + floor(log(1-u) / log(1-p)). */
  private static double count(double u, double logq) {
    return logq == Double.NEGATIVE_INFINITY ? 1 : 1 + Math.floor(Math.log1p(-u) / logq);
  }
}
