package org.planlab.engine.kernels;

import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import org.planlab.engine.kernels.SegmentAggregates.Partial;
import org.planlab.engine.kernels.SegmentAggregates.Pass;
import org.planlab.engine.kernels.SegmentAggregates.Segment;
import org.planlab.engine.matrix.BlockPool;
import org.planlab.engine.matrix.DimensionMismatchException;
import org.planlab.engine.matrix.MatrixBlock;
import org.planlab.engine.matrix.SparseBlock;
import org.planlab.engine.matrix.SparseBlockCSR;
import org.planlab.engine.ops.AggregateOp;
import org.planlab.engine.ops.Direction;
import org.planlab.engine.parallel.KernelPool;

/**
 * Unary aggregates of DML ({@code sum}, {@code rowMaxs}, {@code colVars}, ...), {@code
 * rowIndexMax}/{@code rowIndexMin} and {@code trace}, over dense and sparse blocks.
 *
 * <p>Numerics: sums (SUM, SUM_SQ, MEAN, and both passes of VAR/SD) are compensated as described
 * in {@link KahanSum}: no plain partial sum spans more than {@link KahanSum#PLAIN_RUN} values,
 * so the error is about 31 u sum|x_i| + u |S| for any n. VAR is the corrected two-pass
 * algorithm, accurate for data with a large mean.
 *
 * <p>Determinism: full aggregates reduce fixed chunks of {@link #CHUNK} values (or rows holding
 * about that many non-zeros) with {@link KernelPool#mapChunks} and combine them in chunk order;
 * row aggregates compute each row alone; column aggregates either compute each column alone
 * (split over column ranges) or reduce fixed row chunks in order. Every choice depends on the
 * input's shape and format only, so results are bit-identical for any number of threads. Dense
 * and sparse forms of the same matrix may differ in the last bits.
 *
 * <p>Outputs: FULL gives a 1x1 block, ROW a dense rows x 1 and COL a dense 1 x cols block, with
 * exact nnz; the values over no cells are {@link AggregateOp#emptyValue()}.
 */
public final class AggregateKernels {
  /**
   * Values per chunk of a parallel full reduction. Part of the definition of every result (the
   * grouping of the partial sums), so it must not depend on the machine or thread count.
   */
  public static final int CHUNK = 1 << 16;

  private AggregateKernels() {
  }

  /**
   * {@code op} over all cells (FULL, 1x1), each row (ROW, rows x 1) or each column (COL,
   * 1 x cols).
   */
  public static MatrixBlock aggregate(MatrixBlock in, AggregateOp op, Direction dir,
      KernelPool pool) {
    Objects.requireNonNull(in, "in is null");
    Objects.requireNonNull(op, "op is null");
    Objects.requireNonNull(dir, "dir is null");
    Objects.requireNonNull(pool, "pool is null");
    // a single row/column reduced along itself is the full aggregate, which splits into chunks
    if (dir == Direction.FULL || (dir == Direction.ROW && in.rows() == 1)
        || (dir == Direction.COL && in.cols() == 1)) {
      return MatrixBlock.scalar(full(in, op, pool));
    }
    return dir == Direction.ROW ? rows(in, op, pool) : ColumnAggregates.aggregate(in, op, pool);
  }

  /** {@code op} over all cells of {@code in}, as a double. */
  public static double full(MatrixBlock in, AggregateOp op, KernelPool pool) {
    Objects.requireNonNull(in, "in is null");
    Objects.requireNonNull(op, "op is null");
    Objects.requireNonNull(pool, "pool is null");
    long n = in.cells();
    if (n == 0) {
      return op.emptyValue();
    }
    if (in.nnz() == 0) {
      return op.allZerosValue(n);
    }
    long zeros = in.isSparse() ? n - in.nnz() : 0;
    return SegmentAggregates.compute(op, n, zeros, new MatrixValues(in, pool),
        new Partial(Pass.SUM));
  }

  // ---------------------------------------------------------------- full

  /** All stored values of a matrix, one pass = a chunked parallel reduction. */
  private static final class MatrixValues implements SegmentAggregates.Values {
    private final MatrixBlock in;
    private final KernelPool pool;

    MatrixValues(MatrixBlock in, KernelPool pool) {
      this.in = in;
      this.pool = pool;
    }

    @Override
    public void run(Pass pass, double mean, Partial into) {
      List<Partial> parts;
      if (!in.isSparse()) {
        parts = flatChunks(in.denseValues(), (int) in.cells(), pass, mean, pool);
      } else if (in.sparseRows() instanceof SparseBlockCSR csr) {
        // CSR keeps all values in one array: reduce it like a dense one
        parts = flatChunks(csr.valueArray(), (int) csr.size(), pass, mean, pool);
      } else {
        parts = rowChunks(in.sparseRows(), in.nnz(), pass, mean, pool);
      }
      for (Partial part : parts) {
        into.merge(part, pass);
      }
    }

    @Override
    public boolean containsZero() {
      // stored sparse values are never zero
      return !in.isSparse()
          && SegmentAggregates.containsZero(in.denseValues(), 0, (int) in.cells());
    }
  }

  private static List<Partial> flatChunks(double[] a, int len, Pass pass, double mean,
      KernelPool pool) {
    return pool.mapChunks(len, CHUNK, len, (from, to) -> {
      Partial p = new Partial(pass);
      SegmentAggregates.accumulate(a, from, to, pass, mean, p);
      return p;
    });
  }

  private static List<Partial> rowChunks(SparseBlock sb, long nnz, Pass pass, double mean,
      KernelPool pool) {
    int rows = sb.numRows();
    return pool.mapChunks(rows, rowsPerChunk(rows, nnz, CHUNK), nnz + rows, (r0, r1) -> {
      Partial p = new Partial(pass);
      for (int r = r0; r < r1; r++) {
        int pos = sb.pos(r);
        SegmentAggregates.accumulate(sb.values(r), pos, pos + sb.size(r), pass, mean, p);
      }
      return p;
    });
  }

  /** Rows per chunk so that a chunk holds about {@code target} non-zeros; depends on data only. */
  static int rowsPerChunk(int rows, long nnz, long target) {
    long perRow = Math.max(1, nnz / Math.max(1, rows));
    return (int) Math.max(1, Math.min(rows, (target + perRow - 1) / perRow));
  }

  // ---------------------------------------------------------------- rows

  private static MatrixBlock rows(MatrixBlock in, AggregateOp op, KernelPool pool) {
    int rows = in.rows();
    int cols = in.cols();
    double[] out = BlockPool.zeroed(rows);
    if (cols == 0) {
      Arrays.fill(out, op.emptyValue());
    } else if (in.nnz() == 0) {
      Arrays.fill(out, op.allZerosValue(cols));
    } else if (!in.isSparse() && cols <= KahanSum.PLAIN_RUN && narrowRowsFast(op)) {
      narrowRows(in.denseValues(), cols, op, out, pool);
    } else if (!in.isSparse()) {
      double[] a = in.denseValues();
      pool.parallelFor(rows, in.cells(), (r0, r1) -> {
        Segment seg = new Segment();
        Partial p = new Partial(Pass.SUM);
        for (int r = r0; r < r1; r++) {
          int off = r * cols;
          out[r] = SegmentAggregates.compute(op, cols, 0, seg.set(a, off, off + cols), p);
        }
      });
    } else {
      SparseBlock sb = in.sparseRows();
      double zeroRow = op.allZerosValue(cols);
      pool.parallelFor(rows, in.nnz() + rows, (r0, r1) -> {
        Segment seg = new Segment();
        Partial p = new Partial(Pass.SUM);
        for (int r = r0; r < r1; r++) {
          int len = sb.size(r);
          int pos = sb.pos(r);
          out[r] = len == 0 ? zeroRow : SegmentAggregates.compute(op, cols, cols - len,
              seg.set(sb.values(r), pos, pos + len), p);
        }
      });
    }
    return MatrixBlock.dense(rows, 1, out);
  }

  private static boolean narrowRowsFast(AggregateOp op) {
    return op == AggregateOp.SUM || op == AggregateOp.SUM_SQ || op == AggregateOp.MEAN
        || op == AggregateOp.MIN || op == AggregateOp.MAX;
  }

  /**
   * Row aggregates of a dense matrix whose rows fit one plain run (softmax over a few classes,
   * a handful of features): the general path's per-row dispatch through the pass machinery
   * costs more than the row itself. Each loop computes exactly what that path does for such a
   * row (one plain run into a fresh compensated sum; the range min/max), so results are
   * bit-identical.
   */
  private static void narrowRows(double[] a, int cols, AggregateOp op, double[] out,
      KernelPool pool) {
    pool.parallelFor(out.length, (long) out.length * cols, (r0, r1) -> {
      switch (op) {
        case SUM -> {
          for (int r = r0, off = r0 * cols; r < r1; r++, off += cols) {
            out[r] = KahanSum.value(KahanSum.plainRun(a, off, off + cols), 0);
          }
        }
        case SUM_SQ -> {
          for (int r = r0, off = r0 * cols; r < r1; r++, off += cols) {
            out[r] = KahanSum.value(KahanSum.plainRunSquares(a, off, off + cols), 0);
          }
        }
        case MEAN -> {
          for (int r = r0, off = r0 * cols; r < r1; r++, off += cols) {
            out[r] = KahanSum.value(KahanSum.plainRun(a, off, off + cols), 0) / cols;
          }
        }
        case MIN -> {
          for (int r = r0, off = r0 * cols; r < r1; r++, off += cols) {
            out[r] = VectorPrimitives.min(a, off, off + cols);
          }
        }
        case MAX -> {
          for (int r = r0, off = r0 * cols; r < r1; r++, off += cols) {
            out[r] = VectorPrimitives.max(a, off, off + cols);
          }
        }
        default -> throw new AssertionError(op);
      }
    });
  }

  // ---------------------------------------------------------------- index of max/min

  /**
   * For each row, the 1-based column index of its largest cell ({@code rowIndexMax}); a rows x 1
   * dense block. Implicit zeros of sparse rows take part; ties go to the largest index, as
   * SystemDS 3.3.0 computes (its {@code >=} scan; R's {@code which.max} picks the smallest), so a
   * row of zeros gives its last column. NaN cells are skipped, as in SystemDS, whose comparisons
   * are false for NaN; a row of only NaN gives 1.
   *
   * @throws IllegalArgumentException for rows without columns (n x 0 with n > 0)
   */
  public static MatrixBlock rowIndexMax(MatrixBlock in, KernelPool pool) {
    return rowIndex(in, true, pool);
  }

  /** As {@link #rowIndexMax} for the smallest cell ({@code rowIndexMin}). */
  public static MatrixBlock rowIndexMin(MatrixBlock in, KernelPool pool) {
    return rowIndex(in, false, pool);
  }

  private static MatrixBlock rowIndex(MatrixBlock in, boolean max, KernelPool pool) {
    Objects.requireNonNull(in, "in is null");
    Objects.requireNonNull(pool, "pool is null");
    int rows = in.rows();
    int cols = in.cols();
    if (cols == 0 && rows > 0) {
      throw new IllegalArgumentException((max ? "rowIndexMax" : "rowIndexMin")
          + " is undefined for a " + in.shape() + " matrix: its rows have no columns");
    }
    double[] out = BlockPool.zeroed(rows);
    if (in.nnz() == 0) {
      Arrays.fill(out, cols); // all zeros: the last one
    } else if (!in.isSparse()) {
      double[] a = in.denseValues();
      pool.parallelFor(rows, in.cells(), (r0, r1) -> {
        for (int r = r0; r < r1; r++) {
          int off = r * cols;
          out[r] = 1 + (max ? indexOfMax(a, off, off + cols) : indexOfMin(a, off, off + cols));
        }
      });
    } else {
      SparseBlock sb = in.sparseRows();
      pool.parallelFor(rows, in.nnz() + rows, (r0, r1) -> {
        for (int r = r0; r < r1; r++) {
          out[r] = 1 + sparseIndex(sb, r, cols, max);
        }
      });
    }
    return MatrixBlock.dense(rows, 1, out);
  }

  /** 0-based offset from {@code from} of the last largest non-NaN value, 0 if all are NaN. */
  private static int indexOfMax(double[] a, int from, int to) {
    int i = firstNonNaN(a, from, to);
    if (i == to) {
      return 0;
    }
    int best = i;
    double bv = a[i];
    for (i++; i < to; i++) {
      // '>=' moves to the last of ties, and is false for NaN
      if (a[i] >= bv) {
        best = i;
        bv = a[i];
      }
    }
    return best - from;
  }

  private static int indexOfMin(double[] a, int from, int to) {
    int i = firstNonNaN(a, from, to);
    if (i == to) {
      return 0;
    }
    int best = i;
    double bv = a[i];
    for (i++; i < to; i++) {
      if (a[i] <= bv) {
        best = i;
        bv = a[i];
      }
    }
    return best - from;
  }

  private static int firstNonNaN(double[] a, int from, int to) {
    int i = from;
    while (i < to && Double.isNaN(a[i])) {
      i++;
    }
    return i;
  }

  /** As the dense scan over row r, with the implicit zeros of the row taking part. */
  private static int sparseIndex(SparseBlock sb, int r, int cols, boolean max) {
    int pos = sb.pos(r);
    int len = sb.size(r);
    int[] ix = sb.indexes(r);
    double[] v = sb.values(r);
    int k = len == 0 ? -1
        : pos + (max ? indexOfMax(v, pos, pos + len) : indexOfMin(v, pos, pos + len));
    boolean found = k >= 0 && !Double.isNaN(v[k]);
    if (len < cols) {
      // stored values are non-zero, so a zero never ties with one: the last zero wins when
      // nothing non-NaN is stored or the best stored value is on the zero's wrong side
      if (!found || (max ? v[k] < 0 : v[k] > 0)) {
        return lastImplicitZero(ix, pos, len, cols);
      }
    }
    return found ? ix[k] : 0;
  }

  /**
   * The largest column index below {@code cols} not among the row's ascending indexes
   * ix[pos..pos+len), where {@code len < cols}.
   */
  private static int lastImplicitZero(int[] ix, int pos, int len, int cols) {
    int c = cols - 1;
    for (int j = len - 1; j >= 0 && ix[pos + j] == c; j--) {
      c--;
    }
    return c;
  }

  // ---------------------------------------------------------------- trace

  /**
   * Sum of the diagonal of a square matrix (compensated), 0 for 0x0.
   *
   * @throws DimensionMismatchException when {@code in} is not square
   */
  public static double trace(MatrixBlock in) {
    Objects.requireNonNull(in, "in is null");
    if (in.rows() != in.cols()) {
      throw new DimensionMismatchException(
          "trace needs a square matrix, but the input is " + in.shape());
    }
    if (in.nnz() == 0) {
      return 0;
    }
    int n = in.rows();
    KahanSum s = new KahanSum();
    if (!in.isSparse()) {
      double[] a = in.denseValues();
      for (int i = 0; i < n; i++) {
        s.add(a[i * n + i]);
      }
    } else {
      SparseBlock sb = in.sparseRows();
      for (int i = 0; i < n; i++) {
        s.add(sb.get(i, i));
      }
    }
    return s.value();
  }
}
