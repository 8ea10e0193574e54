package org.planlab.engine.random;

import java.util.SplittableRandom;
import org.planlab.engine.matrix.MatrixBlock;
import org.planlab.engine.matrix.SparseBlockMCSR;

/**
 * The one definition of a seeded random row block, shared by DML's {@code rand} (which assembles
 * blocks in memory, in parallel) and the data generators (which stream blocks to files): block
 * {@code i} of a matrix with seed {@code s} depends only on (s, i, its shape and distribution).
 *
 * <p>Cells are visited in row-major order. With sparsity below 1 the positions of non-zeros are
 * drawn as geometric skip lengths, so the cost grows with the number of non-zeros, not cells.
 */
public final class RandomBlocks {
  private RandomBlocks() {
  }

  /** Value distributions of generated cells. */
  public enum Distribution {
    /** U[min, max). */
    UNIFORM,
    /** N(0, 1) scaled: mean = min, standard deviation = max (DML's normal ignores both: 0, 1). */
    NORMAL
  }

  /**
   * Row block {@code blockIndex} (matrix rows {@code blockIndex*ROWS_PER_BLOCK ...}) of a seeded
   * random matrix; {@code rows x cols} is the shape of this block (the last block of a matrix may
   * have fewer than {@code ROWS_PER_BLOCK} rows). Each cell is non-zero with probability {@code
   * sparsity}; values follow the distribution with parameters {@code a} and {@code b} (see {@link
   * Distribution}; uniform values may round up to {@code b}).
   * A value that happens to be exactly 0 is not stored, so nnz is exact.
   */
  public static MatrixBlock block(long seed, long blockIndex, int rows, int cols, double sparsity,
      Distribution dist, double a, double b) {
    checkSparsity(sparsity);
    long expectedNnz = (long) Math.ceil(sparsity * rows * cols);
    boolean sparse = MatrixBlock.preferSparse(rows, cols, expectedNnz);
    MatrixBlock out = sparse ? MatrixBlock.sparse(rows, cols) : MatrixBlock.dense(rows, cols);
    if (sparsity == 0 || rows == 0 || cols == 0) {
      return out;
    }
    SplittableRandom rnd = BlockRandom.forBlock(seed, blockIndex);
    long cells = (long) rows * cols;
    long nnz = 0;
    if (sparse) {
      SparseBlockMCSR sb = out.sparseRowsForUpdate();
      for (long cell = nextCell(-1, sparsity, rnd); cell < cells;
          cell = nextCell(cell, sparsity, rnd)) {
        nnz += sb.append((int) (cell / cols), (int) (cell % cols), draw(rnd, dist, a, b));
      }
    } else {
      nnz = fillDense(rnd, sparsity, dist, a, b, out.denseValues(), 0, cells);
    }
    out.setNonZeros(nnz);
    return out;
  }

  /**
   * Row block {@code blockIndex} of the same seeded matrix as {@link #block}, written straight
   * into {@code out[offset, offset + cells)} (all zeros before) instead of a block of its own:
   * the same cells, drawn from the same stream, whatever format {@link #block} would pick. A
   * dense {@code rand} fills its result this way, touching each output cell once. Returns the
   * block's number of non-zeros.
   */
  public static long fillDense(long seed, long blockIndex, double sparsity, Distribution dist,
      double a, double b, double[] out, int offset, long cells) {
    checkSparsity(sparsity);
    if (sparsity == 0 || cells == 0) {
      return 0;
    }
    return fillDense(BlockRandom.forBlock(seed, blockIndex), sparsity, dist, a, b, out, offset,
        cells);
  }

  private static long fillDense(SplittableRandom rnd, double sparsity, Distribution dist,
      double a, double b, double[] v, int offset, long cells) {
    long nnz = 0;
    if (sparsity >= 1) {
      int end = (int) (offset + cells);
      for (int i = offset; i < end; i++) {
        v[i] = draw(rnd, dist, a, b);
        nnz += v[i] != 0 ? 1 : 0;
      }
      return nnz;
    }
    for (long cell = nextCell(-1, sparsity, rnd); cell < cells;
        cell = nextCell(cell, sparsity, rnd)) {
      double x = draw(rnd, dist, a, b);
      v[(int) (offset + cell)] = x;
      nnz += x != 0 ? 1 : 0;
    }
    return nnz;
  }

  private static void checkSparsity(double sparsity) {
    if (sparsity < 0 || sparsity > 1 || Double.isNaN(sparsity)) {
      throw new IllegalArgumentException("sparsity must be in [0, 1], was " + sparsity);
    }
  }

  /** The next non-zero cell after {@code cell}: a geometric skip with success probability sp. */
  private static long nextCell(long cell, double sparsity, SplittableRandom rnd) {
    if (sparsity >= 1) {
      return cell + 1;
    }
    double u = 1.0 - rnd.nextDouble(); // (0, 1]
    double skip = Math.floor(Math.log(u) / Math.log1p(-sparsity));
    return skip >= Long.MAX_VALUE / 2 ? Long.MAX_VALUE : cell + 1 + (long) skip;
  }

  private static double draw(SplittableRandom rnd, Distribution dist, double a, double b) {
    return switch (dist) {
      case UNIFORM -> a + (b - a) * rnd.nextDouble();
      case NORMAL -> a + b * gaussian(rnd);
    };
  }

  /** Standard normal by the polar Box-Muller method (deterministic for the stream). */
  private static double gaussian(SplittableRandom rnd) {
    double u;
    double v;
    double s;
    do {
      u = 2 * rnd.nextDouble() - 1;
      v = 2 * rnd.nextDouble() - 1;
      s = u * u + v * v;
    } while (s >= 1 || s == 0);
    return u * Math.sqrt(-2 * Math.log(s) / s);
  }
}
