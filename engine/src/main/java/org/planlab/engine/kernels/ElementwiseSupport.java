package org.planlab.engine.kernels;

import java.util.Arrays;
import java.util.List;
import org.planlab.engine.matrix.MatrixBlock;
import org.planlab.engine.matrix.MatrixSizeException;
import org.planlab.engine.matrix.SparseBlock;
import org.planlab.engine.matrix.SparseBlockCSR;
import org.planlab.engine.parallel.KernelPool;

/**
 * Plumbing shared by the element-wise kernels: operand views, non-zero counting over chunks,
 * and assembly of a CSR output whose rows are written in parallel.
 */
final class ElementwiseSupport {
  /**
   * Cells per chunk of a dense output: large enough that a chunk amortises its task, small
   * enough that counting its non-zeros right after writing them hits cache. Fixed, so chunking
   * never depends on the thread count.
   */
  static final int CHUNK_CELLS = 1 << 15;

  private static final long MAX_SPARSE_ENTRIES = Integer.MAX_VALUE - 8L;

  private ElementwiseSupport() {
  }

  /** Rows per chunk so that a chunk holds about {@link #CHUNK_CELLS} cells. */
  static int rowsPerChunk(int cols) {
    return Math.max(1, CHUNK_CELLS / Math.max(1, cols));
  }

  /** Counts over chunks of [0, n), returning the sum of the per-chunk counts. */
  static long sumChunks(KernelPool pool, int n, int chunk, long work,
      KernelPool.RangeFunction<Long> count) {
    List<Long> parts = pool.mapChunks(n, chunk, work, count);
    long sum = 0;
    for (long p : parts) {
      sum += p;
    }
    return sum;
  }

  /** Number of non-zeros (NaN counts) in {@code a[from, to)}; four counters so it pipelines. */
  static int countNonZeros(double[] a, int from, int to) {
    int n0 = 0;
    int n1 = 0;
    int n2 = 0;
    int n3 = 0;
    int i = from;
    for (; i + 3 < to; i += 4) {
      n0 += a[i] != 0 ? 1 : 0;
      n1 += a[i + 1] != 0 ? 1 : 0;
      n2 += a[i + 2] != 0 ? 1 : 0;
      n3 += a[i + 3] != 0 ? 1 : 0;
    }
    for (; i < to; i++) {
      n0 += a[i] != 0 ? 1 : 0;
    }
    return n0 + n1 + n2 + n3;
  }

  /**
   * True when a kernel should read {@code m} through {@link #sparseView}: sparse, or a dense
   * block that was never allocated (all zeros). Kernels never call the allocating accessors on
   * an unallocated input, which would modify it.
   */
  static boolean isSparseView(MatrixBlock m) {
    return m.isSparse() || !m.isAllocated();
  }

  /** The sparse rows of a block for which {@link #isSparseView} holds (empty if unallocated). */
  static SparseBlock sparseView(MatrixBlock m) {
    return m.isSparse() && m.isAllocated() ? m.sparseRows() : SparseBlockCSR.empty(m.rows());
  }

  /** The values of a vector (either orientation) as a dense array of its length. */
  static double[] vectorValues(MatrixBlock v) {
    int n = (int) v.cells();
    if (!isSparseView(v)) {
      return v.denseValues();
    }
    double[] out = new double[n];
    SparseBlock sb = sparseView(v);
    boolean column = v.cols() == 1;
    for (int r = 0; r < v.rows(); r++) {
      int pos = sb.pos(r);
      int len = sb.size(r);
      int[] ix = sb.indexes(r);
      double[] vals = sb.values(r);
      for (int k = pos; k < pos + len; k++) {
        out[column ? r : ix[k]] = vals[k];
      }
    }
    return out;
  }

  /** Writes sparse row {@code r} into the zeroed buffer {@code buf} (one value per column). */
  static void scatter(SparseBlock sb, int r, double[] buf) {
    int pos = sb.pos(r);
    int end = pos + sb.size(r);
    int[] ix = sb.indexes(r);
    double[] vals = sb.values(r);
    for (int k = pos; k < end; k++) {
      buf[ix[k]] = vals[k];
    }
  }

  /** Zeroes what {@link #scatter} wrote, in O(row non-zeros). */
  static void unscatter(SparseBlock sb, int r, double[] buf) {
    int pos = sb.pos(r);
    int end = pos + sb.size(r);
    int[] ix = sb.indexes(r);
    for (int k = pos; k < end; k++) {
      buf[ix[k]] = 0;
    }
  }

  /**
   * One operand read row by row as dense values, for dense loops: a dense block in place, a
   * sparse row scattered into a buffer (and cleared again by {@link #release}), a row operand
   * (1 x cols, the same row for every r) or a constant. One instance per chunk of rows, as it
   * owns its buffer.
   */
  static final class DenseRows {
    private final double[] dense;
    private final SparseBlock sparse;
    private final double[] buf;
    private final int cols;
    private final boolean sameRow;

    private DenseRows(double[] dense, SparseBlock sparse, double[] buf, int cols,
        boolean sameRow) {
      this.dense = dense;
      this.sparse = sparse;
      this.buf = buf;
      this.cols = cols;
      this.sameRow = sameRow;
    }

    /** Rows of {@code m}; with {@code sameRow}, its row 0 for every r. */
    static DenseRows of(MatrixBlock m, boolean sameRow, int cols) {
      if (!m.isAllocated()) {
        return constant(0, cols);
      }
      if (!m.isSparse()) {
        return new DenseRows(m.denseValues(), null, null, cols, sameRow);
      }
      SparseBlock sb = sparseView(m);
      double[] buf = new double[cols];
      if (sameRow) {
        scatter(sb, 0, buf);
      }
      return new DenseRows(null, sb, buf, cols, sameRow);
    }

    /** The constant {@code v} in every cell. */
    static DenseRows constant(double v, int cols) {
      double[] buf = new double[cols];
      Arrays.fill(buf, v);
      return new DenseRows(null, null, buf, cols, true);
    }

    /** The array that holds row r's values after {@link #load}. */
    double[] array() {
      return dense != null ? dense : buf;
    }

    /** Makes row r readable in {@link #array()} and returns its offset there. */
    int load(int r) {
      if (dense != null) {
        return sameRow ? 0 : r * cols;
      }
      if (!sameRow) {
        scatter(sparse, r, buf);
      }
      return 0;
    }

    /** Undoes what {@link #load} scattered, so the buffer is zero again for the next row. */
    void release(int r) {
      if (dense == null && !sameRow) {
        unscatter(sparse, r, buf);
      }
    }
  }

  /** Sets the exact nnz of a freshly computed output and moves it to its preferred format. */
  static MatrixBlock finish(MatrixBlock out, long nnz) {
    out.setNonZeros(nnz);
    return out.examSparsity();
  }

  // ---------------------------------------------------------------- row-wise sparse results

  /**
   * Writes one output row: its non-zeros in ascending column order into {@code ix}/{@code vals}
   * from position {@code at}, at most the row's bound; returns how many it wrote.
   */
  @FunctionalInterface
  interface RowWriter {
    int write(int r, int[] ix, double[] vals, int at);
  }

  /** Creates a {@link RowWriter} with its own scratch space, once per row range or chunk. */
  @FunctionalInterface
  interface RowWriterFactory {
    RowWriter create();
  }

  /**
   * The result of a kernel that produces each row as a short list of non-zeros (row r at most
   * {@code bound[r]}, never more than the columns), in the format that {@code estimatedNnz}
   * calls for: built as CSR directly, or scattered into a dense block. Either way nnz is exact
   * and the block ends in its preferred format.
   */
  static MatrixBlock fromRows(int rows, int cols, int[] bound, long estimatedNnz, KernelPool pool,
      RowWriterFactory writers) {
    if (MatrixBlock.preferSparse(rows, cols, estimatedNnz)) {
      return buildSparse(rows, cols, bound, pool, writers);
    }
    MatrixBlock out = MatrixBlock.dense(rows, cols);
    double[] c = out.denseValues();
    long work = (long) rows * cols;
    long nnz = sumChunks(pool, rows, rowsPerChunk(cols), work, (from, to) -> {
      RowWriter w = writers.create();
      int[] ix = new int[cols];
      double[] vals = new double[cols];
      long n = 0;
      for (int r = from; r < to; r++) {
        int k = w.write(r, ix, vals, 0);
        int off = r * cols;
        for (int i = 0; i < k; i++) {
          c[off + ix[i]] = vals[i];
        }
        n += k;
      }
      return n;
    });
    return finish(out, nnz);
  }

  /**
   * Builds a sparse output whose row r holds at most {@code bound[r]} non-zeros. Rows are
   * written in parallel into disjoint slots of one pair of arrays sized by the bounds, then
   * compacted in place when some bound was not reached; the result is CSR with an exact nnz,
   * then moved to its preferred format.
   */
  static MatrixBlock buildSparse(int rows, int cols, int[] bound, KernelPool pool,
      RowWriterFactory writers) {
    int[] start = new int[rows + 1];
    long total = 0;
    for (int r = 0; r < rows; r++) {
      start[r] = (int) total;
      total += bound[r];
      if (total > MAX_SPARSE_ENTRIES) {
        throw new MatrixSizeException("a sparse " + rows + "x" + cols + " result may hold more"
            + " than 2^31-1 non-zeros, the in-memory block limit;"
            + " larger matrices need the distributed backend");
      }
    }
    start[rows] = (int) total;
    int[] ix = new int[(int) total];
    double[] vals = new double[(int) total];
    int[] count = new int[rows];
    pool.parallelFor(rows, total + rows, (from, to) -> {
      RowWriter w = writers.create();
      for (int r = from; r < to; r++) {
        count[r] = w.write(r, ix, vals, start[r]);
      }
    });

    // in-place compaction: row r moves left (p <= start[r]), and start[r] is read before reuse
    int p = 0;
    for (int r = 0; r < rows; r++) {
      int s = start[r];
      int n = count[r];
      if (p != s && n > 0) {
        System.arraycopy(ix, s, ix, p, n);
        System.arraycopy(vals, s, vals, p, n);
      }
      start[r] = p;
      p += n;
    }
    start[rows] = p;
    int[] outIx = ix;
    double[] outVals = vals;
    if (p < total - total / 4) {
      // the bounds were loose: give the unused quarter or more back
      outIx = Arrays.copyOf(ix, p);
      outVals = Arrays.copyOf(vals, p);
    }
    MatrixBlock out = MatrixBlock.sparse(rows, cols, new SparseBlockCSR(start, outIx, outVals));
    return out.examSparsity();
  }

  /**
   * Removes zeros from {@code ix/vals[from, from+n)} in place, keeping order; returns the new
   * length. Used after computing a row's values where the operator may produce zeros.
   */
  static int dropZeros(int[] ix, double[] vals, int from, int n) {
    int end = from + n;
    int w = from;
    for (int k = from; k < end; k++) {
      double v = vals[k];
      if (v != 0) {
        ix[w] = ix[k];
        vals[w++] = v;
      }
    }
    return w - from;
  }
}
