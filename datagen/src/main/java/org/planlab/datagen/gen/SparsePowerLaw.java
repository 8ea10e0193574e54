package org.planlab.datagen.gen;

import java.util.Arrays;
import java.util.SplittableRandom;
import org.planlab.engine.matrix.MatrixBlock;
import org.planlab.engine.matrix.SparseBlockMCSR;
import org.planlab.engine.random.BlockRandom;

/**
 * Rating-like sparse X (users x items): Zipf-distributed row and column popularity, values
 * integers 1..5 (uniform), about {@code sparsity * rows * cols} non-zeros.
 *
 * <p>Rows stay independent: row {@code g} gets popularity rank {@code π_r(g)} (a seeded affine
 * permutation, so popular rows are spread over all blocks) and draws its count from the expected
 * value {@code E * (rank+1)^-rowExponent / H(rows, rowExponent)} (E the expected total; floor
 * plus a Bernoulli draw of the fraction; capped at {@code cols}, which lowers the total slightly
 * only when one row would expect more than all columns). Its columns are distinct draws from the
 * column Zipf law with {@code exponent}: inverse-CDF sampling over a precomputed CDF of
 * {@code cols} entries, ranks scattered over column indexes by a second permutation. When a row
 * needs many distinct columns of a steep law, rejection stops after {@code 8n + 64} draws and
 * the rest are drawn without replacement by Efraimidis-Spirakis keys (O(cols), deterministic).
 *
 * <p>Defaults (see {@link Generators}): exponent 1.0 for columns (item popularity in rating
 * data is roughly Zipf with exponent near 1), 0.5 for rows (user activity is less skewed).
 */
public final class SparsePowerLaw implements Generator {
  private static final long BLOCK_STREAM = 0x706f7765726c6177L;
  private static final long PERMUTATION_STREAM = 0x7065726d75746573L;
  private static final int LEVELS = 5;

  /** The parameters. */
  public record Params(long rows, int cols, double sparsity, double exponent, double rowExponent,
      long seed) {
    public Params {
      Checks.shape(rows, cols);
      Checks.sparsity(sparsity);
      Checks.nonNegative("exponent", exponent);
      Checks.nonNegative("row exponent", rowExponent);
    }
  }

  private final Params params;
  private final double[] columnCdf;
  private final AffinePermutation rowRanks;
  private final AffinePermutation columnOfRank;
  private final double rowScale;
  private final long blockSeed;

  public SparsePowerLaw(Params params) {
    this.params = params;
    this.columnCdf = Zipf.cdf(params.cols(), params.exponent());
    SplittableRandom perms = new SplittableRandom(Seeds.derive(params.seed(), PERMUTATION_STREAM));
    this.rowRanks = new AffinePermutation(params.rows(), perms);
    this.columnOfRank = new AffinePermutation(params.cols(), perms);
    double expectedTotal = params.sparsity() * params.rows() * params.cols();
    this.rowScale = params.rows() == 0 ? 0
        : expectedTotal / Zipf.harmonic(params.rows(), params.rowExponent());
    this.blockSeed = Seeds.derive(params.seed(), BLOCK_STREAM);
  }

  public Params params() {
    return params;
  }

  @Override
  public String name() {
    return "sparse-powerlaw";
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
    Checks.blockIndex(this, index);
    int br = blockRows(index);
    int cols = params.cols();
    MatrixBlock out = MatrixBlock.sparse(br, cols);
    if (cols == 0 || params.sparsity() == 0) {
      return out;
    }
    SparseBlockMCSR sb = out.sparseRowsForUpdate();
    SplittableRandom rnd = BlockRandom.forBlock(blockSeed, index);
    boolean[] taken = new boolean[cols];
    int[] picked = new int[16];
    long nnz = 0;
    for (int r = 0; r < br; r++) {
      long rank = rowRanks.apply((long) index * BlockRandom.ROWS_PER_BLOCK + r);
      double mu = Math.min(cols, rowScale * Math.pow(rank + 1, -params.rowExponent()));
      int n = (int) Math.floor(mu);
      if (rnd.nextDouble() < mu - n) {
        n++;
      }
      n = Math.min(n, cols);
      if (n == 0) {
        continue;
      }
      if (picked.length < n) {
        picked = new int[Math.max(n, 2 * picked.length)];
      }
      pickColumns(n, rnd, taken, picked);
      int[] ix = Arrays.copyOf(picked, n);
      Arrays.sort(ix);
      double[] v = new double[n];
      for (int k = 0; k < n; k++) {
        v[k] = 1 + rnd.nextInt(LEVELS);
        taken[ix[k]] = false;
      }
      sb.setRow(r, ix, v, n);
      nnz += n;
    }
    out.setNonZeros(nnz);
    return out.examSparsity();
  }

  /** Fills picked[0..n) with n distinct columns drawn from the column law; marks them taken. */
  private void pickColumns(int n, SplittableRandom rnd, boolean[] taken, int[] picked) {
    int cols = params.cols();
    if (n == cols) {
      for (int c = 0; c < cols; c++) {
        picked[c] = c;
        taken[c] = true;
      }
      return;
    }
    int count = 0;
    long budget = 8L * n + 64;
    for (long d = 0; count < n && d < budget; d++) {
      int c = (int) columnOfRank.apply(Zipf.sample(columnCdf, rnd.nextDouble()));
      if (!taken[c]) {
        taken[c] = true;
        picked[count++] = c;
      }
    }
    if (count < n) {
      completeWithoutReplacement(n, count, rnd, taken, picked);
    }
  }

  /**
   * Weighted sampling without replacement of the remaining {@code n - count} columns
   * (Efraimidis-Spirakis): key log(u)/w per free column, the largest keys win.
   */
  private void completeWithoutReplacement(int n, int count, SplittableRandom rnd,
      boolean[] taken, int[] picked) {
    int cols = params.cols();
    double[] keys = new double[cols];
    for (int rank = 0; rank < cols; rank++) {
      int c = (int) columnOfRank.apply(rank);
      double u = 1 - rnd.nextDouble(); // (0, 1]
      keys[c] = taken[c] ? Double.NEGATIVE_INFINITY
          : Math.log(u) / Math.pow(rank + 1, -params.exponent());
    }
    double[] sorted = keys.clone();
    Arrays.sort(sorted);
    double threshold = sorted[cols - (n - count)];
    for (int c = 0; c < cols && count < n; c++) {
      if (!taken[c] && keys[c] >= threshold) {
        taken[c] = true;
        picked[count++] = c;
      }
    }
    for (int c = 0; c < cols && count < n; c++) {
      // only if keys tied at -infinity (weights underflowed): any free column will do
      if (!taken[c]) {
        taken[c] = true;
        picked[count++] = c;
      }
    }
  }
}
