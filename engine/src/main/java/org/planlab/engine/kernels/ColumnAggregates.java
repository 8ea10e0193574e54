package org.planlab.engine.kernels;

import java.util.Arrays;
import java.util.List;
import org.planlab.engine.kernels.SegmentAggregates.Pass;
import org.planlab.engine.matrix.MatrixBlock;
import org.planlab.engine.matrix.SparseBlock;
import org.planlab.engine.ops.AggregateOp;
import org.planlab.engine.parallel.KernelPool;

/**
 * Column aggregates ({@code colSums}, {@code colMaxs}, ...): one state per column, updated row
 * by row. Two layouts, chosen by shape and format only (so results never depend on the thread
 * count):
 *
 * <ul>
 *   <li>dense with at least {@link #SPLIT_MIN_COLS} columns: column ranges in parallel, each
 *       column computed alone over all rows;
 *   <li>narrower dense, and sparse: fixed row chunks, each into its own per-column partial,
 *       merged in chunk order (in waves of {@link #WAVE_CHUNKS} chunks so that only a few
 *       partials exist at once).
 * </ul>
 *
 * Dense sums add {@link KahanSum#PLAIN_RUN} rows plainly into a block partial per column (a
 * loop the JIT vectorizes across columns) and fold it in with TwoSum, the same error bound as
 * {@link KahanSum#addRange}; sparse sums fold in every value with TwoSum.
 */
final class ColumnAggregates {
  /** From this many columns (512 contiguous bytes a row) a dense input splits over columns. */
  static final int SPLIT_MIN_COLS = 64;

  /** Chunks reduced per wave of a chunked reduction. */
  private static final int WAVE_CHUNKS = 16;

  private ColumnAggregates() {
  }

  static MatrixBlock aggregate(MatrixBlock in, AggregateOp op, KernelPool pool) {
    int rows = in.rows();
    int cols = in.cols();
    double[] out = new double[cols];
    if (rows == 0) {
      Arrays.fill(out, op.emptyValue());
    } else if (in.nnz() == 0) {
      Arrays.fill(out, op.allZerosValue(rows));
    } else if (!in.isSparse() && cols >= SPLIT_MIN_COLS) {
      double[] a = in.denseValues();
      pool.parallelFor(cols, in.cells(), (c0, c1) -> denseRange(a, rows, cols, c0, c1, op, out));
    } else {
      chunked(in, op, out, pool);
    }
    return MatrixBlock.dense(1, cols, out);
  }

  private static Pass firstPass(AggregateOp op) {
    return switch (op) {
      case SUM, MEAN, VAR, SD -> Pass.SUM;
      case SUM_SQ -> Pass.SUM_SQ;
      case MIN -> Pass.MIN;
      case MAX -> Pass.MAX;
      case PROD -> Pass.PROD;
    };
  }

  private static boolean isVariance(AggregateOp op) {
    return op == AggregateOp.VAR || op == AggregateOp.SD;
  }

  /** Columns [c0, c1) of a dense block over all rows, written to out[c0..c1). */
  private static void denseRange(double[] a, int rows, int cols, int c0, int c1,
      AggregateOp op, double[] out) {
    int w = c1 - c0;
    Pass pass = firstPass(op);
    State st = new State(w, pass, false);
    denseRows(a, cols, 0, rows, c0, pass, null, st);
    if (isVariance(op)) {
      double[] mean = means(st, rows);
      State dev = new State(w, Pass.DEVIATIONS, false);
      denseRows(a, cols, 0, rows, c0, Pass.DEVIATIONS, mean, dev);
      for (int j = 0; j < w; j++) {
        out[c0 + j] = finishVariance(op, dev, j, rows, 0, mean[j]);
      }
      return;
    }
    for (int j = 0; j < w; j++) {
      out[c0 + j] = finish(op, st, j, rows, 0);
      if (op == AggregateOp.PROD && Double.isNaN(out[c0 + j])
          && columnHasZero(a, rows, cols, c0 + j)) {
        out[c0 + j] = 0;
      }
    }
  }

  /** All columns, reduced over fixed row chunks merged in order. */
  private static void chunked(MatrixBlock in, AggregateOp op, double[] out, KernelPool pool) {
    int rows = in.rows();
    int cols = in.cols();
    boolean sparse = in.isSparse();
    // sparse: a chunk holds at least as many non-zeros as it has partial cells to merge
    int rowsPerChunk = sparse
        ? AggregateKernels.rowsPerChunk(rows, in.nnz(), Math.max(AggregateKernels.CHUNK, cols))
        : Math.min(rows, (AggregateKernels.CHUNK + cols - 1) / cols);
    Pass pass = firstPass(op);
    State st = reduce(in, pass, null, rowsPerChunk, pool);
    if (isVariance(op)) {
      double[] mean = means(st, rows);
      State dev = reduce(in, Pass.DEVIATIONS, mean, rowsPerChunk, pool);
      for (int j = 0; j < cols; j++) {
        out[j] = finishVariance(op, dev, j, rows, sparse ? rows - st.count[j] : 0, mean[j]);
      }
      return;
    }
    double[] a = sparse ? null : in.denseValues();
    for (int j = 0; j < cols; j++) {
      out[j] = finish(op, st, j, rows, sparse ? rows - st.count[j] : 0);
      if (!sparse && op == AggregateOp.PROD && Double.isNaN(out[j])
          && columnHasZero(a, rows, cols, j)) {
        out[j] = 0;
      }
    }
  }

  private static State reduce(MatrixBlock in, Pass pass, double[] mean, int rowsPerChunk,
      KernelPool pool) {
    int rows = in.rows();
    int cols = in.cols();
    boolean sparse = in.isSparse();
    double[] a = sparse ? null : in.denseValues();
    SparseBlock sb = sparse ? in.sparseRows() : null;
    long work = sparse ? in.nnz() + rows : in.cells();
    long waveRows = (long) rowsPerChunk * WAVE_CHUNKS;
    State total = null;
    for (long base = 0; base < rows; base += waveRows) {
      int b = (int) base;
      int len = (int) Math.min(waveRows, rows - base);
      List<State> parts = pool.mapChunks(len, rowsPerChunk, work / rows * len, (f, t) -> {
        State st = new State(cols, pass, sparse);
        if (sparse) {
          sparseRows(sb, b + f, b + t, pass, mean, st);
        } else {
          denseRows(a, cols, b + f, b + t, 0, pass, mean, st);
        }
        return st;
      });
      for (State part : parts) {
        if (total == null) {
          total = part;
        } else {
          total.merge(part, pass);
        }
      }
    }
    return total;
  }

  private static double[] means(State sums, int rows) {
    double[] mean = new double[sums.width];
    for (int j = 0; j < mean.length; j++) {
      mean[j] = KahanSum.value(sums.sum[j], sums.comp[j]) / rows;
    }
    return mean;
  }

  private static double finish(AggregateOp op, State st, int j, long n, long zeros) {
    return switch (op) {
      case SUM, SUM_SQ -> KahanSum.value(st.sum[j], st.comp[j]);
      case MEAN -> KahanSum.value(st.sum[j], st.comp[j]) / n;
      case MIN -> zeros > 0 ? Math.min(st.extreme[j], 0) : st.extreme[j];
      case MAX -> zeros > 0 ? Math.max(st.extreme[j], 0) : st.extreme[j];
      case PROD -> zeros > 0 ? 0 : st.extreme[j];
      default -> throw new AssertionError(op);
    };
  }

  /** Two-pass variance of column j; implicit zeros contribute (0 - mean)^2 and (0 - mean). */
  private static double finishVariance(AggregateOp op, State dev, int j, long n, long zeros,
      double mean) {
    if (n < 2) {
      return Double.NaN;
    }
    if (zeros > 0) {
      KahanSum.add(dev.sum, dev.comp, j, zeros * mean * mean);
      KahanSum.add(dev.dev, dev.devComp, j, -zeros * mean);
    }
    double var = SegmentAggregates.variance(KahanSum.value(dev.sum[j], dev.comp[j]),
        KahanSum.value(dev.dev[j], dev.devComp[j]), n);
    return op == AggregateOp.SD ? Math.sqrt(var) : var;
  }

  private static boolean columnHasZero(double[] a, int rows, int cols, int c) {
    for (int r = 0; r < rows; r++) {
      if (a[r * cols + c] == 0) {
        return true;
      }
    }
    return false;
  }

  // ---------------------------------------------------------------- kernels

  /**
   * One pass over rows [r0, r1) of a dense block, columns [c0, c0 + st.width), into {@code st}
   * ({@code mean} indexed like the state, for DEVIATIONS).
   */
  private static void denseRows(double[] a, int cols, int r0, int r1, int c0, Pass pass,
      double[] mean, State st) {
    int w = st.width;
    switch (pass) {
      case SUM, SUM_SQ -> {
        boolean squares = pass == Pass.SUM_SQ;
        double[] blk = new double[w];
        for (int rb = r0; rb < r1; rb += KahanSum.PLAIN_RUN) {
          int re = Math.min(r1, rb + KahanSum.PLAIN_RUN);
          Arrays.fill(blk, 0);
          int r = rb;
          // four rows per update of the block partial: a quarter of its loads and stores
          for (; r + 4 <= re; r += 4) {
            int o0 = r * cols + c0;
            int o1 = o0 + cols;
            int o2 = o1 + cols;
            int o3 = o2 + cols;
            if (squares) {
              for (int j = 0; j < w; j++) {
                blk[j] += (a[o0 + j] * a[o0 + j] + a[o1 + j] * a[o1 + j])
                    + (a[o2 + j] * a[o2 + j] + a[o3 + j] * a[o3 + j]);
              }
            } else {
              for (int j = 0; j < w; j++) {
                blk[j] += (a[o0 + j] + a[o1 + j]) + (a[o2 + j] + a[o3 + j]);
              }
            }
          }
          for (; r < re; r++) {
            int off = r * cols + c0;
            for (int j = 0; j < w; j++) {
              blk[j] += squares ? a[off + j] * a[off + j] : a[off + j];
            }
          }
          for (int j = 0; j < w; j++) {
            KahanSum.add(st.sum, st.comp, j, blk[j]);
          }
        }
      }
      case DEVIATIONS -> {
        double[] sq = new double[w];
        double[] lin = new double[w];
        for (int rb = r0; rb < r1; rb += KahanSum.PLAIN_RUN) {
          int re = Math.min(r1, rb + KahanSum.PLAIN_RUN);
          Arrays.fill(sq, 0);
          Arrays.fill(lin, 0);
          for (int r = rb; r < re; r++) {
            int off = r * cols + c0;
            for (int j = 0; j < w; j++) {
              double d = a[off + j] - mean[j];
              sq[j] += d * d;
              lin[j] += d;
            }
          }
          for (int j = 0; j < w; j++) {
            KahanSum.add(st.sum, st.comp, j, sq[j]);
            KahanSum.add(st.dev, st.devComp, j, lin[j]);
          }
        }
      }
      case MIN -> {
        double[] m = st.extreme;
        for (int r = r0; r < r1; r++) {
          int off = r * cols + c0;
          for (int j = 0; j < w; j++) {
            m[j] = Math.min(m[j], a[off + j]);
          }
        }
      }
      case MAX -> {
        double[] m = st.extreme;
        for (int r = r0; r < r1; r++) {
          int off = r * cols + c0;
          for (int j = 0; j < w; j++) {
            m[j] = Math.max(m[j], a[off + j]);
          }
        }
      }
      case PROD -> {
        double[] p = st.extreme;
        for (int r = r0; r < r1; r++) {
          int off = r * cols + c0;
          for (int j = 0; j < w; j++) {
            p[j] *= a[off + j];
          }
        }
      }
      default -> throw new AssertionError(pass);
    }
  }

  /** One pass over the stored values of rows [r0, r1) into {@code st} (all columns). */
  private static void sparseRows(SparseBlock sb, int r0, int r1, Pass pass, double[] mean,
      State st) {
    int[] count = st.count;
    for (int r = r0; r < r1; r++) {
      int pos = sb.pos(r);
      int end = pos + sb.size(r);
      int[] ix = sb.indexes(r);
      double[] v = sb.values(r);
      for (int k = pos; k < end; k++) {
        count[ix[k]]++;
      }
      switch (pass) {
        case SUM -> {
          for (int k = pos; k < end; k++) {
            KahanSum.add(st.sum, st.comp, ix[k], v[k]);
          }
        }
        case SUM_SQ -> {
          for (int k = pos; k < end; k++) {
            KahanSum.add(st.sum, st.comp, ix[k], v[k] * v[k]);
          }
        }
        case DEVIATIONS -> {
          for (int k = pos; k < end; k++) {
            int c = ix[k];
            double d = v[k] - mean[c];
            KahanSum.add(st.sum, st.comp, c, d * d);
            KahanSum.add(st.dev, st.devComp, c, d);
          }
        }
        case MIN -> {
          for (int k = pos; k < end; k++) {
            st.extreme[ix[k]] = Math.min(st.extreme[ix[k]], v[k]);
          }
        }
        case MAX -> {
          for (int k = pos; k < end; k++) {
            st.extreme[ix[k]] = Math.max(st.extreme[ix[k]], v[k]);
          }
        }
        case PROD -> {
          for (int k = pos; k < end; k++) {
            st.extreme[ix[k]] *= v[k];
          }
        }
        default -> throw new AssertionError(pass);
      }
    }
  }

  /** Per-column state of one pass over some rows; only the arrays the pass needs exist. */
  private static final class State {
    final int width;
    /** SUM, SUM_SQ; squared deviations in DEVIATIONS (with their TwoSum corrections). */
    final double[] sum;
    final double[] comp;
    /** Plain deviations in DEVIATIONS. */
    final double[] dev;
    final double[] devComp;
    /** MIN, MAX, PROD. */
    final double[] extreme;
    /** Sparse inputs: stored values per column (the rest are implicit zeros). */
    final int[] count;

    State(int width, Pass pass, boolean sparse) {
      this.width = width;
      boolean sums = pass == Pass.SUM || pass == Pass.SUM_SQ || pass == Pass.DEVIATIONS;
      sum = sums ? new double[width] : null;
      comp = sums ? new double[width] : null;
      dev = pass == Pass.DEVIATIONS ? new double[width] : null;
      devComp = pass == Pass.DEVIATIONS ? new double[width] : null;
      extreme = sums ? null : new double[width];
      if (extreme != null) {
        Arrays.fill(extreme, pass.identity());
      }
      count = sparse ? new int[width] : null;
    }

    /** Folds in the state of the rows that come after this one's. */
    void merge(State later, Pass pass) {
      for (int j = 0; j < width; j++) {
        switch (pass) {
          case SUM, SUM_SQ -> {
            KahanSum.add(sum, comp, j, later.sum[j]);
            comp[j] += later.comp[j];
          }
          case DEVIATIONS -> {
            KahanSum.add(sum, comp, j, later.sum[j]);
            comp[j] += later.comp[j];
            KahanSum.add(dev, devComp, j, later.dev[j]);
            devComp[j] += later.devComp[j];
          }
          case MIN -> extreme[j] = Math.min(extreme[j], later.extreme[j]);
          case MAX -> extreme[j] = Math.max(extreme[j], later.extreme[j]);
          case PROD -> extreme[j] *= later.extreme[j];
          default -> throw new AssertionError(pass);
        }
      }
      if (count != null) {
        for (int j = 0; j < width; j++) {
          count[j] += later.count[j];
        }
      }
    }
  }
}
