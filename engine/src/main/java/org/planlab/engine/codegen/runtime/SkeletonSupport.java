package org.planlab.engine.codegen.runtime;

import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import org.planlab.engine.matrix.MatrixBlock;
import org.planlab.engine.matrix.SparseBlock;
import org.planlab.engine.matrix.SparseBlockCSR;
import org.planlab.engine.ops.AggregateOp;
import org.planlab.engine.parallel.KernelPool;

/**
 * What the four skeletons share: argument checks, side-input views, the main input in the form
 * the loops read, and the row-chunk size of reductions.
 */
final class SkeletonSupport {
  /**
   * Work units (cells, or non-zeros times a per-cell cost) per chunk of a reduction, enough for
   * one task to amortize its overhead. Part of the definition of every aggregate (the grouping
   * of partial sums), so it never depends on the machine or the thread count.
   */
  static final long CHUNK_WORK = 1L << 16;

  /** Upper bound on chunks of a reduction (more only adds partials to combine). */
  static final int MAX_CHUNKS = 1024;

  /** Budget of all partial results of one reduction together, in doubles (32 MiB). */
  static final long PARTIAL_BUDGET = 1L << 22;

  /**
   * The most values one plain (uncompensated) partial sum adds up before it is folded into a
   * compensated sum: the same bound as {@code KahanSum.PLAIN_RUN}, so the fused aggregates are
   * as accurate as the unfused ones.
   */
  static final int PLAIN_RUN = 32;

  private static final double[] NO_SCALARS = new double[0];

  private SkeletonSupport() {
  }

  /** Checks the arguments every {@code execute} receives. */
  static void validate(String op, List<MatrixBlock> inputs, int outRows, int outCols,
      KernelPool pool) {
    Objects.requireNonNull(inputs, "inputs is null");
    Objects.requireNonNull(pool, "pool is null");
    if (inputs.isEmpty()) {
      throw new IllegalArgumentException(op + " operator needs a main input, got no inputs");
    }
    for (int i = 0; i < inputs.size(); i++) {
      if (inputs.get(i) == null) {
        throw new IllegalArgumentException(op + " operator input " + i + " is null");
      }
    }
    if (outRows < 0 || outCols < 0) {
      throw new IllegalArgumentException(op + " operator output dimensions must be >= 0, were "
          + outRows + "x" + outCols);
    }
  }

  /** Cell and MAgg aggregate only with these four. */
  static void checkAggregate(String op, AggregateOp agg) {
    switch (agg) {
      case SUM, SUM_SQ, MIN, MAX -> { }
      default -> throw new IllegalArgumentException(
          op + " operator aggregate must be SUM, SUM_SQ, MIN or MAX, was " + agg);
    }
  }

  /** The scalars, a null array read as none. */
  static double[] scalars(double[] scalars) {
    return scalars == null ? NO_SCALARS : scalars;
  }

  /**
   * Views of inputs 1.. (the side inputs b[0..]): the first {@code denseSides} densified, the
   * others in their own format, so that a sparse side input read by cell is never copied.
   */
  static SideInput[] sides(List<MatrixBlock> inputs, int denseSides) {
    SideInput[] b = new SideInput[inputs.size() - 1];
    for (int k = 0; k < b.length; k++) {
      MatrixBlock in = inputs.get(k + 1);
      b[k] = k < denseSides ? SideInput.dense(in) : SideInput.of(in);
    }
    return b;
  }

  /**
   * Rows per chunk of a reduction over {@code rows} rows that costs {@code work} in all and
   * keeps one partial of {@code partialWidth} doubles per chunk: about {@link #CHUNK_WORK} per
   * chunk, at most {@link #MAX_CHUNKS} chunks and {@link #PARTIAL_BUDGET} doubles of partials.
   * A function of the shape and the data only, never of the thread count, which makes the
   * chunk-order combination bit-identical for any parallelism.
   */
  static int chunkRows(int rows, long work, long partialWidth) {
    long perRow = Math.max(1, work / Math.max(1, rows));
    long byWork = (CHUNK_WORK + perRow - 1) / perRow;
    long maxChunks = Math.max(1, Math.min(MAX_CHUNKS, PARTIAL_BUDGET / Math.max(1, partialWidth)));
    long byCount = (rows + maxChunks - 1) / maxChunks;
    return (int) Math.max(1, Math.min(Math.max(byWork, byCount), Math.max(1, rows)));
  }

  /**
   * The main input as the skeleton loops read it: a dense row-major array, or sparse rows. A
   * block without storage (all zeros) reads as sparse rows without entries, so that no loop
   * allocates a dense array for it and the input is never touched.
   */
  static final class Main {
    final int rows;
    final int cols;
    /** Row-major values, or null when sparse. */
    final double[] dense;
    /** Sparse rows, or null when dense. */
    final SparseBlock sparse;
    /** Stored non-zeros (sparse), or rows * cols (dense): the cells a sparse visit touches. */
    final long entries;

    private Main(int rows, int cols, double[] dense, SparseBlock sparse) {
      this.rows = rows;
      this.cols = cols;
      this.dense = dense;
      this.sparse = sparse;
      this.entries = sparse != null ? sparse.size() : (long) rows * cols;
    }

    static Main of(MatrixBlock x) {
      if (!x.isAllocated()) {
        return new Main(x.rows(), x.cols(), null, SparseBlockCSR.empty(x.rows()));
      }
      return x.isSparse()
          ? new Main(x.rows(), x.cols(), null, x.sparseRows())
          : new Main(x.rows(), x.cols(), x.denseValues(), null);
    }

    boolean isSparse() {
      return sparse != null;
    }

    long cells() {
      return (long) rows * cols;
    }

    /** Work of a pass that touches every stored entry of every row. */
    long sparseWork() {
      return entries + rows;
    }

    /**
     * Row r as a dense slice: the backing array (from {@link #rowOffset}) when dense, else
     * {@code buf} (length cols) filled with the row.
     */
    double[] row(int r, double[] buf) {
      if (dense != null) {
        return dense;
      }
      Arrays.fill(buf, 0);
      int pos = sparse.pos(r);
      int len = sparse.size(r);
      int[] ix = sparse.indexes(r);
      double[] v = sparse.values(r);
      for (int k = pos; k < pos + len; k++) {
        buf[ix[k]] = v[k];
      }
      return buf;
    }

    /** Where row r starts in the array {@link #row} returns. */
    int rowOffset(int r) {
      return dense != null ? r * cols : 0;
    }

    /** A row buffer for {@link #row} (null when dense: the backing array is read). */
    double[] rowBuffer() {
      return dense != null ? null : new double[cols];
    }
  }
}
