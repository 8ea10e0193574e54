package org.planlab.datagen.gen;

import java.io.IOException;
import org.planlab.engine.io.RowBlocks;
import org.planlab.engine.matrix.MatrixBlock;
import org.planlab.engine.matrix.SparseBlock;
import org.planlab.engine.random.BlockRandom;
import org.planlab.engine.random.RandomBlocks;

/**
 * Labels y (n x 1) for an input X (n x m) from a hidden linear model: W* (m x 1 for two classes,
 * m x K otherwise) drawn N(0, 1) and then centered so that every column of W* sums to zero
 * (when m > 1), scores {@code X·W* + E} with noise E ~ N(0, noise²):
 * two classes give {@code y = sign(score)} in {-1, +1} (a score of 0 maps to +1), K > 2 classes
 * {@code y = argmax_k score_k + 1} in 1..K (the first maximum on ties).
 *
 * <p>X is read block by block from any {@link RowBlocks} (a generator, a streamed binary file,
 * an in-memory matrix); block i of y needs only block i of X. Model and noise have their own
 * streams derived from the seed, so y made with X's seed does not reuse X's random numbers.
 *
 * <p>Why the centering: for X whose columns share a mean μ (every generator here), the expected
 * score is μ·Σ_j W*_jk = 0, so the classes are balanced whatever μ is. Uncentered N(0, 1)
 * weights on U(0, 1) data put 90-100% of the rows into one class for many seeds, which makes
 * a degenerate classification benchmark.
 */
public final class LabelsFromModel implements Generator {
  private static final long MODEL_STREAM = 0x6c6162656c6d6f64L;
  private static final long NOISE_STREAM = 0x6c6162656c6e6f69L;

  /** The parameters: number of classes (2 means ±1 labels), noise standard deviation, seed. */
  public record Params(int classes, double noise, long seed) {
    public Params {
      if (classes < 2) {
        throw new IllegalArgumentException("classes must be >= 2, was " + classes);
      }
      Checks.nonNegative("noise", noise);
    }
  }

  private final RowBlocks input;
  private final Params params;
  private final int scores;
  private final double[] model;

  public LabelsFromModel(RowBlocks input, Params params) {
    this.input = RowBlocks.reblocked(input, BlockRandom.ROWS_PER_BLOCK);
    this.params = params;
    this.scores = params.classes() == 2 ? 1 : params.classes();
    this.model = centered(denseValues(RandomBlocks.block(Seeds.derive(params.seed(),
        MODEL_STREAM), 0, input.cols(), scores, 1.0, RandomBlocks.Distribution.NORMAL, 0, 1)),
        input.cols(), scores);
  }

  /** Subtracts each column's mean from a rows x cols row-major array (a no-op for one row). */
  private static double[] centered(double[] w, int rows, int cols) {
    if (rows < 2) {
      return w;
    }
    for (int c = 0; c < cols; c++) {
      double sum = 0;
      for (int r = 0; r < rows; r++) {
        sum += w[r * cols + c];
      }
      double mean = sum / rows;
      for (int r = 0; r < rows; r++) {
        w[r * cols + c] -= mean;
      }
    }
    return w;
  }

  public Params params() {
    return params;
  }

  /** The hidden model W* (m x 1 for two classes, m x K otherwise), a copy. */
  public MatrixBlock model() {
    return MatrixBlock.dense(input.cols(), scores, model.clone());
  }

  @Override
  public String name() {
    return "labels-from-model";
  }

  @Override
  public long rows() {
    return input.rows();
  }

  @Override
  public int cols() {
    return 1;
  }

  @Override
  public long expectedNnz() {
    return input.rows();
  }

  @Override
  public MatrixBlock block(int index) throws IOException {
    Checks.blockIndex(this, index);
    int br = blockRows(index);
    int m = input.cols();
    MatrixBlock x = input.block(index);
    if (x.rows() != br || x.cols() != m) {
      throw new IllegalStateException("input block " + index + " is " + x.shape()
          + ", expected " + br + "x" + m);
    }
    double[] s = params.noise() > 0
        ? denseValues(RandomBlocks.block(Seeds.derive(params.seed(), NOISE_STREAM), index, br,
            scores, 1.0, RandomBlocks.Distribution.NORMAL, 0, params.noise()))
        : new double[br * scores];
    addScores(x, s);
    double[] y = new double[br];
    for (int r = 0; r < br; r++) {
      y[r] = scores == 1 ? (s[r] >= 0 ? 1 : -1) : argmax(s, r * scores, scores) + 1;
    }
    return MatrixBlock.dense(br, 1, y);
  }

  /** s[r, k] += sum_j x[r, j] * W[j, k]. */
  private void addScores(MatrixBlock x, double[] s) {
    if (x.isEmpty()) {
      return;
    }
    int m = x.cols();
    int k = scores;
    if (!x.isSparse()) {
      double[] a = x.denseValues();
      for (int r = 0; r < x.rows(); r++) {
        int xo = r * m;
        int so = r * k;
        for (int j = 0; j < m; j++) {
          double xv = a[xo + j];
          if (xv != 0) {
            int wo = j * k;
            for (int c = 0; c < k; c++) {
              s[so + c] += xv * model[wo + c];
            }
          }
        }
      }
      return;
    }
    SparseBlock sb = x.sparseRows();
    for (int r = 0; r < x.rows(); r++) {
      int apos = sb.pos(r);
      int alen = sb.size(r);
      int[] aix = sb.indexes(r);
      double[] av = sb.values(r);
      int so = r * k;
      for (int p = apos; p < apos + alen; p++) {
        int wo = aix[p] * k;
        for (int c = 0; c < k; c++) {
          s[so + c] += av[p] * model[wo + c];
        }
      }
    }
  }

  private static int argmax(double[] s, int off, int n) {
    int best = 0;
    for (int c = 1; c < n; c++) {
      if (s[off + c] > s[off + best]) {
        best = c;
      }
    }
    return best;
  }

  /** Row-major values of any block. */
  static double[] denseValues(MatrixBlock b) {
    MatrixBlock d = b.isSparse() ? b.copy().toDenseInPlace() : b;
    return d.denseValues();
  }
}
