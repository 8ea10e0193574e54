package org.planlab.engine.codegen.runtime;

import java.util.List;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicLong;
import org.planlab.engine.codegen.runtime.SkeletonSupport.Main;
import org.planlab.engine.kernels.KahanSum;
import org.planlab.engine.matrix.MatrixBlock;
import org.planlab.engine.matrix.SparseBlock;
import org.planlab.engine.parallel.KernelPool;

/**
 * Skeleton of the Row template: calls {@link #genexec} once per row of the main input, with a
 * per-thread {@link VectorBuffer} for row intermediates. The generated body writes its result
 * into {@code c} itself: for NO_AGG, {@code c} is the output's dense values and {@code ci} the
 * row's offset; for the aggregating types, {@code c} is a per-thread accumulator of the whole
 * output (row-major) and {@code ci} is 0, combined by the skeleton.
 *
 * <p>Aggregation: the body adds plain into {@code c}; every {@link SkeletonSupport#PLAIN_RUN}
 * rows the skeleton folds {@code c} into compensated sums and clears it, so no plain partial
 * spans more than that many rows. Chunks of rows have a shape-only size and are combined in
 * chunk order, so results are identical for any thread count.
 */
public abstract class SpoofRowwise extends SpoofOperator {
  protected final RowType type;
  protected final int vectorTemps;
  protected final boolean needsDenseRow;

  /**
   * @param vectorTemps vector intermediates per row (ring-buffer size)
   * @param needsDenseRow whether, for a sparse main input, the body also reads the row as a
   *     dense array ({@code a}); if false only {@code avals/aix} are passed
   */
  protected SpoofRowwise(RowType type, int vectorTemps, boolean needsDenseRow) {
    this.type = Objects.requireNonNull(type, "type is null");
    this.vectorTemps = vectorTemps;
    this.needsDenseRow = needsDenseRow;
  }

  /**
   * The body for row {@code rix}. Dense main input: {@code a} holds it from {@code ai},
   * {@code avals == null}. Sparse main input: {@code avals/aix} from {@code apos}, {@code alen}
   * non-zeros; {@code a} is the row densified (offset {@code ai == 0}) when
   * {@code needsDenseRow}, else null. {@code len} is the main input's column count. The body
   * must not write {@code a}, {@code avals} or {@code aix}.
   */
  protected abstract void genexec(double[] a, int ai, double[] avals, int[] aix, int apos,
      int alen, SideInput[] b, double[] scalars, double[] c, int ci, int len, int rix,
      VectorBuffer buf);

  /**
   * Runs the body over every row of {@code inputs.get(0)} (m x n) into an {@code outRows x
   * outCols} dense output (for NO_AGG, {@code outRows} must be m). Side inputs are passed dense.
   * Work is the number of rows processed.
   */
  @Override
  public final SpoofResult execute(List<MatrixBlock> inputs, double[] scalars, int outRows,
      int outCols, KernelPool pool) {
    SkeletonSupport.validate("Row", inputs, outRows, outCols, pool);
    double[] s = SkeletonSupport.scalars(scalars);
    Main x = Main.of(inputs.get(0));
    SideInput[] b = SkeletonSupport.sides(inputs, Integer.MAX_VALUE);
    if ((long) outRows * outCols > MatrixBlock.MAX_DENSE_CELLS) {
      throw new IllegalArgumentException("Row operator output " + outRows + "x" + outCols
          + " exceeds the dense block limit");
    }
    return type == RowType.NO_AGG
        ? noAgg(x, b, s, outRows, outCols, pool)
        : aggregate(x, b, s, outRows, outCols, pool);
  }

  private SpoofResult noAgg(Main x, SideInput[] b, double[] s, int outRows, int outCols,
      KernelPool pool) {
    if (outRows != x.rows) {
      throw new IllegalArgumentException("Row operator without aggregation writes one output row"
          + " per input row: output rows must be " + x.rows + ", were " + outRows);
    }
    MatrixBlock out = MatrixBlock.dense(outRows, outCols);
    double[] c = out.denseValues();
    AtomicLong nnz = new AtomicLong();
    pool.parallelFor(x.rows, work(x), (r0, r1) -> {
      runRows(x, r0, r1, b, s, c, outCols, new VectorBuffer(vectorTemps + 2), denseRow(x));
      long count = 0;
      for (int i = r0 * outCols; i < r1 * outCols; i++) {
        count += c[i] != 0 ? 1 : 0;
      }
      nnz.addAndGet(count);
    });
    out.setNonZeros(nnz.get());
    return new SpoofResult(out.examSparsity(), x.rows);
  }

  /** COL_AGG, FULL_AGG, COL_AGG_T: per-chunk accumulators, combined in chunk order. */
  /** Rows between folds of a wide aggregate into its compensated sums. */
  private static final int WIDE_FOLD = 1024;

  private SpoofResult aggregate(Main x, SideInput[] b, double[] s, int outRows, int outCols,
      KernelPool pool) {
    int size = outRows * outCols;
    long work = work(x);
    int chunk = SkeletonSupport.chunkRows(x.rows, work, 2L * size);
    // small outputs fold every PLAIN_RUN rows; wide ones (t(X) %*% y: ncol(X) cells) every
    // WIDE_FOLD rows, so the compensated sums do not crowd the row out of the L1 cache — still
    // more accurate than the unfused matrix multiply, which sums whole chunks plainly
    int fold = size <= 64 ? SkeletonSupport.PLAIN_RUN : WIDE_FOLD;
    List<double[][]> parts = pool.mapChunks(x.rows, chunk, work, (r0, r1) -> {
      double[] c = new double[size];
      double[] sums = new double[size];
      double[] comps = new double[size];
      VectorBuffer buf = new VectorBuffer(vectorTemps + 2);
      double[] row = denseRow(x);
      for (int r = r0; r < r1; r += fold) {
        runRows(x, r, Math.min(r1, r + fold), b, s, c, 0, buf, row);
        for (int t = 0; t < size; t++) {
          KahanSum.add(sums, comps, t, c[t]);
          c[t] = 0;
        }
      }
      return new double[][] {sums, comps};
    });
    double[] sums = new double[size];
    double[] comps = new double[size];
    for (double[][] p : parts) {
      for (int t = 0; t < size; t++) {
        KahanSum.add(sums, comps, t, p[0][t]);
        comps[t] += p[1][t];
      }
    }
    double[] out = new double[size];
    for (int t = 0; t < size; t++) {
      out[t] = KahanSum.value(sums[t], comps[t]);
    }
    return new SpoofResult(MatrixBlock.dense(outRows, outCols, out).examSparsity(), x.rows);
  }

  /**
   * Calls the body for rows [r0, r1): {@code ci} is {@code r * rowStride} (NO_AGG: the output
   * row; aggregates pass stride 0).
   */
  private void runRows(Main x, int r0, int r1, SideInput[] b, double[] s, double[] c,
      int rowStride, VectorBuffer buf, double[] row) {
    int n = x.cols;
    if (!x.isSparse()) {
      for (int r = r0; r < r1; r++) {
        genexec(x.dense, r * n, null, null, 0, 0, b, s, c, r * rowStride, n, r, buf);
      }
      return;
    }
    SparseBlock sb = x.sparse;
    for (int r = r0; r < r1; r++) {
      int len = sb.size(r);
      int pos = sb.pos(r);
      int[] ix = sb.indexes(r);
      double[] av = sb.values(r);
      if (row != null) {
        for (int k = pos; k < pos + len; k++) {
          row[ix[k]] = av[k];
        }
      }
      genexec(row, 0, av, ix, pos, len, b, s, c, r * rowStride, n, r, buf);
      if (row != null) {
        // clear only what was set: the body does not write the row, so it is zero elsewhere
        for (int k = pos; k < pos + len; k++) {
          row[ix[k]] = 0;
        }
      }
    }
  }

  /** The zeroed dense row array of a sparse main input, or null when none is needed. */
  private double[] denseRow(Main x) {
    return x.isSparse() && needsDenseRow ? new double[x.cols] : null;
  }

  private static long work(Main x) {
    return x.isSparse() ? x.sparseWork() : x.cells() + x.rows;
  }
}
