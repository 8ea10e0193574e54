package org.planlab.engine.kernels;

import java.util.Arrays;
import java.util.Objects;
import java.util.SplittableRandom;
import org.planlab.engine.matrix.MatrixBlock;
import org.planlab.engine.matrix.MatrixSizeException;
import org.planlab.engine.matrix.SparseBlock;
import org.planlab.engine.matrix.SparseBlockMCSR;
import org.planlab.engine.parallel.KernelPool;
import org.planlab.engine.random.BlockRandom;
import org.planlab.engine.random.RandomBlocks;

/**
 * DML's construction built-ins: {@code seq}, {@code rand} and {@code sample}.
 *
 * <p>{@code rand} is assembled from the row blocks of {@link RandomBlocks}, so its result for a
 * seed is the same at every degree of parallelism and equals what the data generators stream to
 * files for that seed.
 */
public final class DataGenKernels {
  /** Largest sequence/sample length: one dense column vector. */
  private static final long MAX_LENGTH = MatrixBlock.MAX_DENSE_CELLS;

  /** Largest integer that a double holds exactly: the upper end of a {@code sample} range. */
  private static final long MAX_EXACT_INTEGER = 1L << 53;

  /**
   * {@code sample} without replacement shuffles a dense scratch array of the whole range when the
   * range is at most this many times the sample size (the array then costs about as much as the
   * output); otherwise it keeps only the displaced positions in a hash map, O(size) memory.
   */
  private static final long DENSE_SHUFFLE_FACTOR = 4;

  private DataGenKernels() {
  }

  // ---------------------------------------------------------------- fill

  /** {@code matrix(v, rows, cols)}: an empty block for 0, else a dense block of v. */
  public static MatrixBlock fill(double v, int rows, int cols) {
    if (v == 0) {
      return MatrixBlock.empty(rows, cols);
    }
    double[] a = new double[Math.multiplyExact(rows, cols)];
    Arrays.fill(a, v);
    return MatrixBlock.dense(rows, cols, a);
  }

  // ---------------------------------------------------------------- seq

  /**
   * DML's {@code seq(from, to)}: step 1 when {@code from <= to}, else -1.
   *
   * @see #seq(double, double, double)
   */
  public static MatrixBlock seq(double from, double to) {
    return seq(from, to, from <= to ? 1 : -1);
  }

  /**
   * DML's {@code seq(from, to, incr)}: the column vector {@code from, from+incr, ...} up to and
   * including {@code to} when it lies on the grid. The length is {@code floor((to-from)/incr) + 1}
   * with a tolerance for the rounding of the quotient (so {@code seq(0, 0.3, 0.1)} has 4 values);
   * value i is {@code from + i*incr} (no accumulated error), the last one clamped to {@code to}
   * when rounding overshoots it. {@code from == to} gives a 1x1 result for any non-zero
   * increment.
   *
   * @throws IllegalArgumentException for non-finite arguments, a zero increment or an increment
   *     pointing away from {@code to}
   * @throws MatrixSizeException when the sequence exceeds one dense column vector
   */
  public static MatrixBlock seq(double from, double to, double incr) {
    long n = seqLength(from, to, incr);
    double[] v = new double[(int) n];
    for (int i = 0; i < v.length; i++) {
      v[i] = from + i * incr;
    }
    // from + (n-1)*incr may round past `to` when the tolerance admitted the last step
    int last = v.length - 1;
    if ((incr > 0 && v[last] > to) || (incr < 0 && v[last] < to)) {
      v[last] = to;
    }
    return MatrixBlock.dense(v.length, 1, v);
  }

  /**
   * Number of elements of {@code seq(from, to, incr)}, validating the arguments.
   *
   * <p>{@code floor((to-from)/incr)} alone drops the last element whenever the quotient rounds
   * to just below an integer (0.3/0.1 = 2.9999999999999996). SystemDS corrects this by testing
   * whether one more step still lands at or before {@code to}, which misses the same example
   * because 3*0.1 rounds up; R adds 1e-10 to the quotient. We add a tolerance of the size of the
   * quotient's rounding error: at least R's 1e-10, grown with the magnitude of the end points
   * relative to the increment (where their difference loses digits), capped at 1e-6 so that it
   * admits no step that falls short of {@code to} by more than a millionth of the increment.
   */
  public static long seqLength(double from, double to, double incr) {
    if (!Double.isFinite(from) || !Double.isFinite(to) || !Double.isFinite(incr)) {
      throw new IllegalArgumentException(seqCall(from, to, incr)
          + ": from, to and incr must be finite numbers");
    }
    if (incr == 0) {
      throw new IllegalArgumentException(seqCall(from, to, incr)
          + ": the increment must not be 0");
    }
    if (from < to && incr < 0) {
      throw new IllegalArgumentException(seqCall(from, to, incr)
          + ": the increment must be positive when from < to");
    }
    if (from > to && incr > 0) {
      throw new IllegalArgumentException(seqCall(from, to, incr)
          + ": the increment must be negative when from > to");
    }
    double quotient = (to - from) / incr;
    double tol = Math.min(1e-6,
        Math.max(1e-10, 8 * Math.ulp(1.0) * (Math.abs(from) + Math.abs(to)) / Math.abs(incr)));
    double steps = Math.floor(quotient + tol);
    if (!(steps < MAX_LENGTH)) {
      throw new MatrixSizeException(seqCall(from, to, incr) + " would have " + (steps + 1)
          + " elements, more than the in-memory limit of 2^31-1 cells of one dense block");
    }
    return (long) steps + 1;
  }

  private static String seqCall(double from, double to, double incr) {
    return "seq(" + num(from) + ", " + num(to) + ", " + num(incr) + ")";
  }

  /** Integral values without ".0", as a user wrote them in DML. */
  private static String num(double v) {
    if (v == Math.rint(v) && Math.abs(v) < 1e15) {
      return Long.toString((long) v);
    }
    return Double.toString(v);
  }

  // ---------------------------------------------------------------- rand

  /**
   * DML's {@code rand}: a {@code rows x cols} matrix whose cells are non-zero with probability
   * {@code sparsity}, drawn from U[min, max) ({@code UNIFORM}) or N(0, 1) ({@code NORMAL}, which
   * ignores min and max, as DML does). The matrix is the concatenation of the row blocks {@link
   * RandomBlocks#block} of {@code seed}, generated in parallel; the result does not depend on the
   * pool. The format is chosen by {@link MatrixBlock#preferSparse} on the expected number of
   * non-zeros (so it does not depend on the seed); nnz is exact.
   *
   * @throws MatrixSizeException for negative dimensions or a result too large for one block
   * @throws IllegalArgumentException for a sparsity outside [0, 1] or, for UNIFORM, min > max or
   *     non-finite bounds
   */
  public static MatrixBlock rand(long rows, long cols, double min, double max, double sparsity,
      RandomBlocks.Distribution pdf, long seed, KernelPool pool) {
    Objects.requireNonNull(pdf, "pdf is null");
    Objects.requireNonNull(pool, "pool is null");
    checkDimension("rows", rows);
    checkDimension("cols", cols);
    if (!(sparsity >= 0 && sparsity <= 1)) {
      throw new IllegalArgumentException("rand: sparsity must be in [0, 1], was " + sparsity);
    }
    if (pdf == RandomBlocks.Distribution.UNIFORM) {
      if (!Double.isFinite(min) || !Double.isFinite(max)) {
        throw new IllegalArgumentException("rand: min and max must be finite, were min=" + min
            + ", max=" + max);
      }
      if (min > max) {
        throw new IllegalArgumentException("rand: min (" + min + ") must not be greater than max ("
            + max + ")");
      }
    }
    long cells = rows * cols;
    // the same estimate RandomBlocks uses for the format of each block
    long expectedNnz = (long) Math.ceil(sparsity * rows * cols);
    boolean sparse = MatrixBlock.preferSparse(rows, cols, expectedNnz);
    // refuse before allocating anything large; a dense request (sparsity 1) is described as
    // one, although its size alone makes preferSparse pick the sparse format
    if ((!sparse || sparsity >= 1) && cells > MatrixBlock.MAX_DENSE_CELLS) {
      throw new MatrixSizeException("rand: a dense " + rows + "x" + cols + " matrix of " + cells
          + " cells exceeds the in-memory limit of 2^31-1 cells of one block;"
          + " larger matrices need the distributed backend");
    }
    if (sparse && expectedNnz > MatrixBlock.MAX_DENSE_CELLS) {
      String kind = sparsity < MatrixBlock.SPARSITY_TURN_POINT ? "a sparse " : "a ";
      throw new MatrixSizeException("rand: " + kind + rows + "x" + cols + " matrix with sparsity "
          + sparsity + " has about " + expectedNnz + " non-zeros, more than the in-memory limit of"
          + " 2^31-1 entries of one block; larger matrices need the distributed backend");
    }
    int r = (int) rows;
    int c = (int) cols;
    if (cells == 0 || sparsity == 0) {
      return MatrixBlock.empty(r, c, sparse);
    }
    boolean normal = pdf == RandomBlocks.Distribution.NORMAL;
    double a = normal ? 0 : min;
    double b = normal ? 1 : max;

    MatrixBlock out = sparse ? MatrixBlock.sparse(r, c) : MatrixBlock.dense(r, c);
    SparseBlockMCSR target = sparse ? out.sparseRowsForUpdate() : null;
    double[] dense = sparse ? null : out.denseValues();
    int blocks = BlockRandom.blockCount(rows);
    long[] blockNnz = new long[blocks];
    pool.parallelFor(blocks, expectedNnz + rows, (from, to) -> {
      for (int i = from; i < to; i++) {
        int firstRow = i * BlockRandom.ROWS_PER_BLOCK;
        int blockRows = Math.min(BlockRandom.ROWS_PER_BLOCK, r - firstRow);
        if (sparse) {
          MatrixBlock block = RandomBlocks.block(seed, i, blockRows, c, sparsity, pdf, a, b);
          blockNnz[i] = block.nnz();
          moveRows(block, target, firstRow);
        } else {
          blockNnz[i] = RandomBlocks.fillDense(seed, i, sparsity, pdf, a, b, dense,
              firstRow * c, (long) blockRows * c);
        }
      }
    });
    long nnz = 0;
    for (long n : blockNnz) {
      nnz += n;
    }
    out.setNonZeros(nnz);
    return out;
  }

  private static void checkDimension(String name, long value) {
    if (value < 0) {
      throw new MatrixSizeException("rand: the number of " + name + " must be non-negative, was "
          + value);
    }
    if (value > MatrixBlock.MAX_DENSE_CELLS) {
      throw new MatrixSizeException("rand: " + value + " " + name + " exceed the in-memory block"
          + " limit of 2^31-1; larger matrices need the distributed backend");
    }
  }

  /**
   * Moves a generated block's rows into the sparse output at {@code firstRow}: a sparse block
   * hands over its row arrays (trimmed to their size, as the output outlives the block), a dense
   * one (a block may pick the other format than the whole matrix) is appended value by value.
   */
  static void moveRows(MatrixBlock block, SparseBlockMCSR target, int firstRow) {
    int rows = block.rows();
    int cols = block.cols();
    if (block.isEmpty()) {
      return;
    }
    if (block.isSparse()) {
      SparseBlock sb = block.sparseRows();
      for (int i = 0; i < rows; i++) {
        int len = sb.size(i);
        if (len == 0) {
          continue;
        }
        int pos = sb.pos(i);
        int[] ix = sb.indexes(i);
        double[] vals = sb.values(i);
        if (pos != 0 || ix.length != len) {
          ix = Arrays.copyOfRange(ix, pos, pos + len);
          vals = Arrays.copyOfRange(vals, pos, pos + len);
        }
        target.setRow(firstRow + i, ix, vals, len);
      }
    } else {
      double[] v = block.denseValues();
      for (int i = 0; i < rows; i++) {
        int off = i * cols;
        for (int j = 0; j < cols; j++) {
          target.append(firstRow + i, j, v[off + j]);
        }
      }
    }
  }

  // ---------------------------------------------------------------- sample

  /**
   * DML's {@code sample(range, size, replace, seed)}: a {@code size x 1} column vector of
   * integers in 1..range, drawn uniformly with or without replacement (then distinct, in random
   * order: the first {@code size} entries of a uniformly random permutation). Memory is
   * O(size) even for a huge range. Deterministic for the seed.
   *
   * @throws IllegalArgumentException for range < 1 or > 2^53, size < 0, or size > range without
   *     replacement
   * @throws MatrixSizeException when size exceeds one dense column vector
   */
  public static MatrixBlock sample(long range, long size, boolean replace, long seed) {
    if (range < 1 || range > MAX_EXACT_INTEGER) {
      throw new IllegalArgumentException("sample: range must be in [1, 2^53], was " + range);
    }
    if (size < 0) {
      throw new IllegalArgumentException("sample: size must be non-negative, was " + size);
    }
    if (!replace && size > range) {
      throw new IllegalArgumentException("sample: cannot draw " + size
          + " values without replacement from a range of " + range);
    }
    if (size > MAX_LENGTH) {
      throw new MatrixSizeException("sample: size " + size
          + " exceeds the in-memory limit of 2^31-1 cells of one dense block");
    }
    SplittableRandom rnd = BlockRandom.forBlock(seed, 0);
    int n = (int) size;
    double[] v;
    if (replace) {
      v = new double[n];
      for (int i = 0; i < n; i++) {
        v[i] = 1 + rnd.nextLong(range);
      }
    } else {
      boolean denseScratch = range <= Integer.MAX_VALUE - 8L
          && range <= DENSE_SHUFFLE_FACTOR * size;
      v = partialShuffle(range, n, rnd, denseScratch);
    }
    return MatrixBlock.dense(n, 1, v);
  }

  /**
   * The first {@code size} entries (plus one) of a Fisher-Yates shuffle of 0..range-1. Step i
   * swaps position i with a uniform position j in [i, range). With {@code denseScratch} the
   * permutation is an int array; otherwise only positions that differ from the identity are kept
   * in a hash map (at most {@code size} of them). Both consume the same random draws and give
   * the same result.
   */
  static double[] partialShuffle(long range, int size, SplittableRandom rnd, boolean denseScratch) {
    double[] out = new double[size];
    if (denseScratch) {
      int[] perm = new int[(int) range];
      for (int i = 0; i < perm.length; i++) {
        perm[i] = i;
      }
      for (int i = 0; i < size; i++) {
        int j = (int) (i + rnd.nextLong(range - i));
        int pj = perm[j];
        perm[j] = perm[i];
        out[i] = 1 + (double) pj;
      }
    } else {
      DisplacedPositions moved = new DisplacedPositions(size);
      for (int i = 0; i < size; i++) {
        long j = i + rnd.nextLong(range - i);
        long pj = moved.get(j);
        // position i is never read again, so only j needs to remember what it now holds
        moved.put(j, moved.get(i));
        out[i] = 1 + (double) pj;
      }
    }
    return out;
  }

  /**
   * The sparse part of a virtual permutation array: position -> value for positions whose value
   * differs from the identity. Open addressing over primitive arrays (no boxing); keys are stored
   * plus one so that the zeroed array means "free".
   */
  private static final class DisplacedPositions {
    private static final long MAX_TABLE = 1L << 30;

    private final long[] keys;
    private final long[] values;
    private final int mask;

    DisplacedPositions(int maxEntries) {
      // a power of two >= 2 * maxEntries keeps the load at most 1/2
      long cap = Long.highestOneBit(Math.max(8L, 4L * maxEntries - 1));
      if (cap > MAX_TABLE) {
        throw new MatrixSizeException("sample: drawing " + maxEntries + " distinct values from a"
            + " range beyond 2^31 needs a table of more than 2^30 entries");
      }
      keys = new long[(int) cap];
      values = new long[(int) cap];
      mask = (int) cap - 1;
    }

    /** The value at {@code pos}: the stored one or the identity. */
    long get(long pos) {
      for (int s = slot(pos); ; s = (s + 1) & mask) {
        long k = keys[s];
        if (k == 0) {
          return pos;
        }
        if (k == pos + 1) {
          return values[s];
        }
      }
    }

    void put(long pos, long value) {
      for (int s = slot(pos); ; s = (s + 1) & mask) {
        long k = keys[s];
        if (k == 0 || k == pos + 1) {
          keys[s] = pos + 1;
          values[s] = value;
          return;
        }
      }
    }

    private int slot(long pos) {
      long h = pos * 0x9E3779B97F4A7C15L;
      return (int) (h ^ (h >>> 32)) & mask;
    }
  }
}
