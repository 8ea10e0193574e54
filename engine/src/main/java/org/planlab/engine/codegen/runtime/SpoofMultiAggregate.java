package org.planlab.engine.codegen.runtime;

import java.util.List;
import org.planlab.engine.codegen.runtime.SkeletonSupport.Main;
import org.planlab.engine.kernels.KahanSum;
import org.planlab.engine.matrix.MatrixBlock;
import org.planlab.engine.matrix.SparseBlock;
import org.planlab.engine.ops.AggregateOp;
import org.planlab.engine.parallel.KernelPool;

/**
 * Skeleton of the MAgg template: several full aggregates over the cells of one main input;
 * the output is 1 x k.
 *
 * <p>Per cell the generated body writes the k values into a scratch array (per chunk, or a
 * local one the JIT keeps in registers on the dense path of up to three sums); each is added to
 * a plain per-output partial that is folded into a compensated sum every {@link
 * SkeletonSupport#PLAIN_RUN} cells (SUM, SUM_SQ) or compared (MIN, MAX). Chunks of rows have a
 * shape-only size and are combined in chunk order: results are identical for any thread count.
 */
public abstract class SpoofMultiAggregate extends SpoofOperator {
  protected final List<AggregateOp> aggs;
  protected final boolean sparseSafe;

  /**
   * @param aggs one of SUM, SUM_SQ, MIN, MAX per output
   * @param sparseSafe whether every output is 0 where the main input is 0
   */
  protected SpoofMultiAggregate(boolean sparseSafe, List<AggregateOp> aggs) {
    this.aggs = List.copyOf(aggs);
    this.sparseSafe = sparseSafe;
  }

  /**
   * Writes the k per-cell values of cell (rix, cix) into {@code c[0..k)} (all k of them: the
   * array is reused from cell to cell); the skeleton aggregates them.
   */
  protected abstract void genexec(double a, SideInput[] b, double[] scalars, double[] c, int m,
      int n, int rix, int cix);

  /**
   * Runs the k aggregates over the main input {@code inputs.get(0)}; the output is 1 x k
   * whatever {@code outRows} and {@code outCols} say. Work is the number of genexec calls.
   */
  @Override
  public final SpoofResult execute(List<MatrixBlock> inputs, double[] scalars, int outRows,
      int outCols, KernelPool pool) {
    SkeletonSupport.validate("MAgg", inputs, outRows, outCols, pool);
    AggregateOp[] ops = aggs.toArray(new AggregateOp[0]);
    for (AggregateOp op : ops) {
      SkeletonSupport.checkAggregate("MAgg", op);
    }
    int k = ops.length;
    double[] s = SkeletonSupport.scalars(scalars);
    Main x = Main.of(inputs.get(0));
    SideInput[] b = SkeletonSupport.sides(inputs, 0);
    boolean nonZerosOnly = sparseSafe && x.isSparse();
    double[] out = new double[k];
    if (x.cells() == 0) {
      for (int t = 0; t < k; t++) {
        out[t] = ops[t].emptyValue();
      }
      return new SpoofResult(MatrixBlock.dense(1, k, out).examSparsity(), 0);
    }
    long work = (nonZerosOnly ? x.sparseWork() : x.cells()) * Math.max(1, k);
    int chunk = SkeletonSupport.chunkRows(x.rows, work, 3L * k);
    List<Partial> parts = pool.mapChunks(x.rows, chunk, work, (r0, r1) -> {
      Partial p = new Partial(ops);
      if (nonZerosOnly) {
        sparseRows(x, r0, r1, b, s, ops, p);
      } else {
        denseRows(x, r0, r1, b, s, ops, p);
      }
      return p;
    });
    Partial total = new Partial(ops);
    for (Partial p : parts) {
      total.merge(p, ops);
    }
    for (int t = 0; t < k; t++) {
      switch (ops[t]) {
        case SUM, SUM_SQ -> out[t] = KahanSum.value(total.sums[t], total.comps[t]);
        default -> out[t] = nonZerosOnly && total.visited < x.cells()
            ? (ops[t] == AggregateOp.MIN ? Math.min(total.extremes[t], 0)
                : Math.max(total.extremes[t], 0))
            : total.extremes[t];
      }
    }
    long calls = nonZerosOnly ? x.entries : x.cells();
    return new SpoofResult(MatrixBlock.dense(1, k, out).examSparsity(), calls);
  }

  /** The state of one chunk: compensated sums, extremes, plain run partials, scratch. */
  private static final class Partial {
    final double[] sums;
    final double[] comps;
    final double[] extremes;
    final double[] plain;
    final double[] scratch;
    long visited;

    Partial(AggregateOp[] ops) {
      int k = ops.length;
      sums = new double[k];
      comps = new double[k];
      extremes = new double[k];
      plain = new double[k];
      scratch = new double[k];
      for (int t = 0; t < k; t++) {
        extremes[t] = ops[t].emptyValue();
      }
    }

    /** Adds the values genexec wrote into {@code scratch}. */
    void accumulate(AggregateOp[] ops) {
      for (int t = 0; t < ops.length; t++) {
        double v = scratch[t];
        switch (ops[t]) {
          case SUM -> plain[t] += v;
          case SUM_SQ -> plain[t] += v * v;
          case MIN -> extremes[t] = Math.min(extremes[t], v);
          case MAX -> extremes[t] = Math.max(extremes[t], v);
          default -> throw new AssertionError(ops[t]);
        }
      }
    }

    /** Folds the plain run partials into the compensated sums (after at most PLAIN_RUN cells). */
    void flush() {
      for (int t = 0; t < plain.length; t++) {
        KahanSum.add(sums, comps, t, plain[t]);
        plain[t] = 0;
      }
    }

    /** Adds a later chunk (chunk order). */
    void merge(Partial p, AggregateOp[] ops) {
      for (int t = 0; t < ops.length; t++) {
        switch (ops[t]) {
          case SUM, SUM_SQ -> {
            KahanSum.add(sums, comps, t, p.sums[t]);
            comps[t] += p.comps[t];
          }
          case MIN -> extremes[t] = Math.min(extremes[t], p.extremes[t]);
          case MAX -> extremes[t] = Math.max(extremes[t], p.extremes[t]);
          default -> throw new AssertionError(ops[t]);
        }
      }
      visited += p.visited;
    }
  }

  private void denseRows(Main x, int r0, int r1, SideInput[] b, double[] s, AggregateOp[] ops,
      Partial p) {
    int m = x.rows;
    int n = x.cols;
    if (x.dense != null && ops.length <= 3 && onlySums(ops)) {
      denseSums(x.dense, r0, r1, m, n, b, s, ops, p);
      return;
    }
    double[] buf = x.rowBuffer();
    double[] c = p.scratch;
    // a run of PLAIN_RUN cells may span rows, so a narrow main input (a column vector) is not
    // folded into the compensated sums once per cell
    int run = 0;
    for (int r = r0; r < r1; r++) {
      double[] a = x.row(r, buf);
      int off = x.rowOffset(r);
      for (int j = 0; j < n; j++) {
        genexec(a[off + j], b, s, c, m, n, r, j);
        p.accumulate(ops);
        if (++run == SkeletonSupport.PLAIN_RUN) {
          p.flush();
          run = 0;
        }
      }
    }
    p.flush();
    p.visited += (long) (r1 - r0) * n;
  }

  private static boolean onlySums(AggregateOp[] ops) {
    for (AggregateOp op : ops) {
      if (op != AggregateOp.SUM && op != AggregateOp.SUM_SQ) {
        return false;
      }
    }
    return true;
  }

  /**
   * Up to three sums over a dense main input: one flat run over the cells of rows [r0, r1)
   * with the partial sums in local variables (no per-cell dispatch on the aggregate, no store
   * and reload of an accumulator array), folded into the compensated sums every PLAIN_RUN
   * cells as in {@link #denseRows}.
   */
  private void denseSums(double[] a, int r0, int r1, int m, int n, SideInput[] b, double[] s,
      AggregateOp[] ops, Partial p) {
    int k = ops.length;
    boolean sq0 = ops[0] == AggregateOp.SUM_SQ;
    boolean sq1 = k > 1 && ops[1] == AggregateOp.SUM_SQ;
    boolean sq2 = k > 2 && ops[2] == AggregateOp.SUM_SQ;
    // a local array of constant length, read and written at constant indices once genexec is
    // inlined: the JIT's escape analysis keeps the k values in registers, where the chunk's
    // scratch array on the heap would cost a store and a load per value and cell
    double[] c = new double[3];
    int r = r0;
    int j = 0;
    int i = r0 * n;
    int end = r1 * n;
    while (i < end) {
      int runEnd = Math.min(end, i + SkeletonSupport.PLAIN_RUN);
      double s0 = 0;
      double s1 = 0;
      double s2 = 0;
      for (; i < runEnd; i++) {
        genexec(a[i], b, s, c, m, n, r, j);
        double v0 = c[0];
        s0 += sq0 ? v0 * v0 : v0;
        if (k > 1) {
          double v1 = c[1];
          s1 += sq1 ? v1 * v1 : v1;
          if (k > 2) {
            double v2 = c[2];
            s2 += sq2 ? v2 * v2 : v2;
          }
        }
        if (++j == n) {
          j = 0;
          r++;
        }
      }
      p.plain[0] = s0;
      if (k > 1) {
        p.plain[1] = s1;
      }
      if (k > 2) {
        p.plain[2] = s2;
      }
      p.flush();
    }
    p.visited += (long) (r1 - r0) * n;
  }

  private void sparseRows(Main x, int r0, int r1, SideInput[] b, double[] s, AggregateOp[] ops,
      Partial p) {
    int m = x.rows;
    int n = x.cols;
    SparseBlock sb = x.sparse;
    double[] c = p.scratch;
    int run = 0;
    for (int r = r0; r < r1; r++) {
      int pos = sb.pos(r);
      int end = pos + sb.size(r);
      int[] ix = sb.indexes(r);
      double[] av = sb.values(r);
      for (int k = pos; k < end; k++) {
        genexec(av[k], b, s, c, m, n, r, ix[k]);
        p.accumulate(ops);
        if (++run == SkeletonSupport.PLAIN_RUN) {
          p.flush();
          run = 0;
        }
      }
      p.visited += end - pos;
    }
    p.flush();
  }
}
