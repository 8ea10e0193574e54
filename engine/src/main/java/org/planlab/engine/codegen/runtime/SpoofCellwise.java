package org.planlab.engine.codegen.runtime;

import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicLong;
import org.planlab.engine.codegen.runtime.SkeletonSupport.Main;
import org.planlab.engine.kernels.KahanSum;
import org.planlab.engine.matrix.MatrixBlock;
import org.planlab.engine.matrix.SparseBlock;
import org.planlab.engine.matrix.SparseBlockMCSR;
import org.planlab.engine.ops.AggregateOp;
import org.planlab.engine.parallel.KernelPool;

/**
 * Skeleton of the Cell template: evaluates {@link #genexec} per cell of the main input and
 * writes or aggregates the values as {@link CellType} says.
 *
 * <p>Iteration: a sparse-safe operator over a sparse main input visits only its non-zeros
 * (the missing cells are 0 by definition); otherwise every cell is visited, sparse rows being
 * expanded into a per-thread row buffer. Side inputs keep their format ({@link SideInput#of}).
 *
 * <p>Numerics follow {@code AggregateKernels}: sums run in plain runs of at most {@link
 * SkeletonSupport#PLAIN_RUN} values per accumulator (four interleaved accumulators, so the loop
 * is not one dependent chain) that are folded into a compensated {@link KahanSum}; rows are
 * combined within a chunk and chunks in chunk order, with a chunk size that depends on the
 * shape only, so results are bit-identical for any thread count.
 */
public abstract class SpoofCellwise extends SpoofOperator {
  protected final CellType type;
  protected final AggregateOp agg;
  protected final boolean sparseSafe;

  /**
   * @param agg SUM, SUM_SQ, MIN or MAX (ignored for NO_AGG)
   * @param sparseSafe whether genexec(0, ...) == 0, so only the main input's non-zeros are
   *     visited
   */
  protected SpoofCellwise(CellType type, AggregateOp agg, boolean sparseSafe) {
    this.type = Objects.requireNonNull(type, "type is null");
    this.agg = Objects.requireNonNull(agg, "agg is null");
    this.sparseSafe = sparseSafe;
  }

  /** The value of cell (rix, cix); {@code a} is the main input there, m x n its dims. */
  protected abstract double genexec(double a, SideInput[] b, double[] scalars, int m, int n,
      int rix, int cix);

  /**
   * Runs the operator over the main input {@code inputs.get(0)} (m x n); the output is m x n
   * (NO_AGG), m x 1 (ROW_AGG), 1 x n (COL_AGG) or 1 x 1 (FULL_AGG) whatever {@code outRows}
   * and {@code outCols} say. Work is the number of genexec calls.
   */
  @Override
  public final SpoofResult execute(List<MatrixBlock> inputs, double[] scalars, int outRows,
      int outCols, KernelPool pool) {
    SkeletonSupport.validate("Cell", inputs, outRows, outCols, pool);
    if (type != CellType.NO_AGG) {
      SkeletonSupport.checkAggregate("Cell", agg);
    }
    double[] s = SkeletonSupport.scalars(scalars);
    Main x = Main.of(inputs.get(0));
    SideInput[] b = SkeletonSupport.sides(inputs, 0);
    boolean nonZerosOnly = sparseSafe && x.isSparse();
    return switch (type) {
      case NO_AGG -> nonZerosOnly ? sparseNoAgg(x, b, s, pool) : denseNoAgg(x, b, s, pool);
      case ROW_AGG -> rowAgg(x, b, s, nonZerosOnly, pool);
      case COL_AGG -> colAgg(x, b, s, nonZerosOnly, pool);
      case FULL_AGG -> fullAgg(x, b, s, nonZerosOnly, pool);
    };
  }

  // ---------------------------------------------------------------- NO_AGG

  private SpoofResult denseNoAgg(Main x, SideInput[] b, double[] s, KernelPool pool) {
    int m = x.rows;
    int n = x.cols;
    MatrixBlock out = MatrixBlock.denseToOverwrite(m, n); // every cell written below
    double[] c = out.denseValues();
    AtomicLong nnz = new AtomicLong();
    pool.parallelFor(m, x.cells(), (r0, r1) -> {
      long count = 0;
      if (x.dense != null) {
        // one flat run over the range's cells: no per-row loop overhead for narrow matrices
        double[] a = x.dense;
        int r = r0;
        int j = 0;
        int end = r1 * n;
        for (int i = r0 * n; i < end; i++) {
          double v = genexec(a[i], b, s, m, n, r, j);
          c[i] = v;
          count += v != 0 ? 1 : 0;
          if (++j == n) {
            j = 0;
            r++;
          }
        }
      } else {
        double[] buf = x.rowBuffer();
        for (int r = r0; r < r1; r++) {
          double[] a = x.row(r, buf);
          int off = x.rowOffset(r);
          int co = r * n;
          for (int j = 0; j < n; j++) {
            double v = genexec(a[off + j], b, s, m, n, r, j);
            c[co + j] = v;
            count += v != 0 ? 1 : 0;
          }
        }
      }
      nnz.addAndGet(count);
    });
    out.setNonZeros(nnz.get());
    return new SpoofResult(out.examSparsity(), x.cells());
  }

  /** Sparse-safe over a sparse main input: the output has (a subset of) its pattern. */
  private SpoofResult sparseNoAgg(Main x, SideInput[] b, double[] s, KernelPool pool) {
    int m = x.rows;
    int n = x.cols;
    SparseBlock sb = x.sparse;
    MatrixBlock out = MatrixBlock.sparse(m, n);
    SparseBlockMCSR c = out.sparseRowsForUpdate();
    AtomicLong nnz = new AtomicLong();
    pool.parallelFor(m, x.sparseWork(), (r0, r1) -> {
      long count = 0;
      for (int r = r0; r < r1; r++) {
        int len = sb.size(r);
        if (len == 0) {
          continue;
        }
        int pos = sb.pos(r);
        int[] ix = sb.indexes(r);
        double[] av = sb.values(r);
        c.reserve(r, len);
        for (int k = pos; k < pos + len; k++) {
          count += c.append(r, ix[k], genexec(av[k], b, s, m, n, r, ix[k]));
        }
      }
      nnz.addAndGet(count);
    });
    out.setNonZeros(nnz.get());
    return new SpoofResult(out.examSparsity(), x.entries);
  }

  // ---------------------------------------------------------------- ROW_AGG

  private SpoofResult rowAgg(Main x, SideInput[] b, double[] s, boolean nonZerosOnly,
      KernelPool pool) {
    int m = x.rows;
    double[] out = new double[m];
    pool.parallelFor(m, nonZerosOnly ? x.sparseWork() : x.cells(), (r0, r1) -> {
      KahanSum acc = new KahanSum();
      double[] buf = nonZerosOnly ? null : x.rowBuffer();
      for (int r = r0; r < r1; r++) {
        acc.reset();
        out[r] = nonZerosOnly ? sparseRow(x, r, b, s, acc) : denseRow(x, r, buf, b, s, acc);
      }
    });
    return new SpoofResult(MatrixBlock.dense(m, 1, out),
        nonZerosOnly ? x.entries : x.cells());
  }

  /**
   * The aggregate of all cells of row r (SUM/SUM_SQ added to {@code acc}, whose value is
   * returned; MIN/MAX directly).
   */
  private double denseRow(Main x, int r, double[] buf, SideInput[] b, double[] s,
      KahanSum acc) {
    double[] a = x.row(r, buf);
    int off = x.rowOffset(r);
    switch (agg) {
      case SUM -> sumRow(a, off, x.rows, x.cols, r, b, s, acc);
      case SUM_SQ -> sumSqRow(a, off, x.rows, x.cols, r, b, s, acc);
      case MIN -> {
        return minRow(a, off, x.rows, x.cols, r, b, s);
      }
      case MAX -> {
        return maxRow(a, off, x.rows, x.cols, r, b, s);
      }
      default -> throw new AssertionError(agg);
    }
    return acc.value();
  }

  /** The aggregate of row r over its non-zeros, with the implicit zeros for MIN/MAX. */
  private double sparseRow(Main x, int r, SideInput[] b, double[] s, KahanSum acc) {
    SparseBlock sb = x.sparse;
    int len = sb.size(r);
    int pos = sb.pos(r);
    double ext = aggregateEntries(sb.values(r), sb.indexes(r), pos, len, x.rows, x.cols, r, b,
        s, acc);
    if (agg == AggregateOp.SUM || agg == AggregateOp.SUM_SQ) {
      return acc.value();
    }
    return len < x.cols ? withZero(ext) : ext;
  }

  // ---------------------------------------------------------------- COL_AGG

  /** Per-chunk column partials: sums with their corrections, or extremes; visit counts. */
  private static final class ColumnPartial {
    final double[] values;
    final double[] comps;
    final int[] counts;

    ColumnPartial(int n, double identity, boolean sums, boolean counted) {
      values = new double[n];
      Arrays.fill(values, identity);
      comps = sums ? new double[n] : null;
      counts = counted ? new int[n] : null;
    }
  }

  private SpoofResult colAgg(Main x, SideInput[] b, double[] s, boolean nonZerosOnly,
      KernelPool pool) {
    int m = x.rows;
    int n = x.cols;
    boolean sums = agg == AggregateOp.SUM || agg == AggregateOp.SUM_SQ;
    boolean counted = nonZerosOnly && !sums;
    long work = nonZerosOnly ? x.sparseWork() : x.cells();
    int chunk = SkeletonSupport.chunkRows(m, work, 2L * n);
    List<ColumnPartial> parts = pool.mapChunks(m, chunk, work, (r0, r1) -> {
      ColumnPartial p = new ColumnPartial(n, agg.emptyValue(), sums, counted);
      if (nonZerosOnly) {
        sparseColumns(x, r0, r1, b, s, p);
      } else {
        denseColumns(x, r0, r1, b, s, p);
      }
      return p;
    });
    ColumnPartial total = new ColumnPartial(n, agg.emptyValue(), sums, counted);
    for (ColumnPartial p : parts) {
      for (int j = 0; j < n; j++) {
        if (sums) {
          KahanSum.add(total.values, total.comps, j, p.values[j]);
          total.comps[j] += p.comps[j];
        } else {
          total.values[j] = agg == AggregateOp.MIN ? Math.min(total.values[j], p.values[j])
              : Math.max(total.values[j], p.values[j]);
        }
        if (counted) {
          total.counts[j] += p.counts[j];
        }
      }
    }
    double[] out = new double[n];
    for (int j = 0; j < n; j++) {
      if (sums) {
        out[j] = KahanSum.value(total.values[j], total.comps[j]);
      } else {
        out[j] = counted && total.counts[j] < m ? withZero(total.values[j]) : total.values[j];
      }
    }
    return new SpoofResult(MatrixBlock.dense(1, n, out).examSparsity(),
        nonZerosOnly ? x.entries : x.cells());
  }

  private void denseColumns(Main x, int r0, int r1, SideInput[] b, double[] s,
      ColumnPartial p) {
    int m = x.rows;
    int n = x.cols;
    double[] buf = x.rowBuffer();
    double[] v = p.values;
    for (int r = r0; r < r1; r++) {
      double[] a = x.row(r, buf);
      int off = x.rowOffset(r);
      // columns are independent chains, so a compensated update per cell does not serialize
      switch (agg) {
        case SUM -> {
          for (int j = 0; j < n; j++) {
            KahanSum.add(v, p.comps, j, genexec(a[off + j], b, s, m, n, r, j));
          }
        }
        case SUM_SQ -> {
          for (int j = 0; j < n; j++) {
            double e = genexec(a[off + j], b, s, m, n, r, j);
            KahanSum.add(v, p.comps, j, e * e);
          }
        }
        case MIN -> {
          for (int j = 0; j < n; j++) {
            v[j] = Math.min(v[j], genexec(a[off + j], b, s, m, n, r, j));
          }
        }
        case MAX -> {
          for (int j = 0; j < n; j++) {
            v[j] = Math.max(v[j], genexec(a[off + j], b, s, m, n, r, j));
          }
        }
        default -> throw new AssertionError(agg);
      }
    }
  }

  private void sparseColumns(Main x, int r0, int r1, SideInput[] b, double[] s,
      ColumnPartial p) {
    int m = x.rows;
    int n = x.cols;
    SparseBlock sb = x.sparse;
    double[] v = p.values;
    for (int r = r0; r < r1; r++) {
      int pos = sb.pos(r);
      int end = pos + sb.size(r);
      int[] ix = sb.indexes(r);
      double[] av = sb.values(r);
      for (int k = pos; k < end; k++) {
        int j = ix[k];
        double e = genexec(av[k], b, s, m, n, r, j);
        switch (agg) {
          case SUM -> KahanSum.add(v, p.comps, j, e);
          case SUM_SQ -> KahanSum.add(v, p.comps, j, e * e);
          case MIN -> v[j] = Math.min(v[j], e);
          case MAX -> v[j] = Math.max(v[j], e);
          default -> throw new AssertionError(agg);
        }
        if (p.counts != null) {
          p.counts[j]++;
        }
      }
    }
  }

  // ---------------------------------------------------------------- FULL_AGG

  /** Per-chunk partial of a full aggregate. */
  private static final class FullPartial {
    final KahanSum sum = new KahanSum();
    double extreme;
    long visited;

    FullPartial(double identity) {
      extreme = identity;
    }
  }

  private SpoofResult fullAgg(Main x, SideInput[] b, double[] s, boolean nonZerosOnly,
      KernelPool pool) {
    int m = x.rows;
    long work = nonZerosOnly ? x.sparseWork() : x.cells();
    long calls = nonZerosOnly ? x.entries : x.cells();
    if (x.cells() == 0) {
      return new SpoofResult(MatrixBlock.scalar(agg.emptyValue()), 0);
    }
    boolean sums = agg == AggregateOp.SUM || agg == AggregateOp.SUM_SQ;
    int chunk = SkeletonSupport.chunkRows(m, work, 1);
    List<FullPartial> parts = pool.mapChunks(m, chunk, work, (r0, r1) -> {
      FullPartial p = new FullPartial(agg.emptyValue());
      if (nonZerosOnly) {
        SparseBlock sb = x.sparse;
        for (int r = r0; r < r1; r++) {
          int len = sb.size(r);
          double e = aggregateEntries(sb.values(r), sb.indexes(r), sb.pos(r), len, m, x.cols,
              r, b, s, p.sum);
          p.extreme = combine(p.extreme, e);
          p.visited += len;
        }
      } else if (x.cols == 1 && x.dense != null
          && (agg == AggregateOp.SUM || agg == AggregateOp.SUM_SQ)) {
        // a column vector: one run over the rows, not one (too short) run per row
        sumColumnVector(x.dense, r0, r1, m, b, s, agg == AggregateOp.SUM_SQ, p.sum);
      } else {
        double[] buf = x.rowBuffer();
        for (int r = r0; r < r1; r++) {
          double[] a = x.row(r, buf);
          int off = x.rowOffset(r);
          switch (agg) {
            case SUM -> sumRow(a, off, m, x.cols, r, b, s, p.sum);
            case SUM_SQ -> sumSqRow(a, off, m, x.cols, r, b, s, p.sum);
            case MIN -> p.extreme = Math.min(p.extreme, minRow(a, off, m, x.cols, r, b, s));
            case MAX -> p.extreme = Math.max(p.extreme, maxRow(a, off, m, x.cols, r, b, s));
            default -> throw new AssertionError(agg);
          }
        }
      }
      return p;
    });
    KahanSum sum = new KahanSum();
    double extreme = agg.emptyValue();
    long visited = 0;
    for (FullPartial p : parts) {
      sum.add(p.sum);
      extreme = combine(extreme, p.extreme);
      visited += p.visited;
    }
    double value;
    if (sums) {
      value = sum.value();
    } else {
      value = nonZerosOnly && visited < x.cells() ? withZero(extreme) : extreme;
    }
    return new SpoofResult(MatrixBlock.scalar(value), calls);
  }

  // ---------------------------------------------------------------- row loops

  /**
   * Adds genexec over all cells of row r (main values {@code a[off..off+n)}) to {@code acc}:
   * four interleaved plain accumulators, each over at most PLAIN_RUN cells, then one
   * compensated update per block, so the loop runs at memory speed.
   */
  private void sumRow(double[] a, int off, int m, int n, int r, SideInput[] b, double[] s,
      KahanSum acc) {
    int j = 0;
    while (j < n) {
      int end = Math.min(n, j + 4 * SkeletonSupport.PLAIN_RUN);
      double s0 = 0;
      double s1 = 0;
      double s2 = 0;
      double s3 = 0;
      for (; j + 4 <= end; j += 4) {
        s0 += genexec(a[off + j], b, s, m, n, r, j);
        s1 += genexec(a[off + j + 1], b, s, m, n, r, j + 1);
        s2 += genexec(a[off + j + 2], b, s, m, n, r, j + 2);
        s3 += genexec(a[off + j + 3], b, s, m, n, r, j + 3);
      }
      for (; j < end; j++) {
        s0 += genexec(a[off + j], b, s, m, n, r, j);
      }
      acc.add((s0 + s1) + (s2 + s3));
    }
  }

  /**
   * {@link #sumRow} for an m x 1 main input over rows [r0, r1): the same blocked accumulation,
   * with cell (r, 0) at a[r].
   */
  private void sumColumnVector(double[] a, int r0, int r1, int m, SideInput[] b, double[] s,
      boolean squared, KahanSum acc) {
    int r = r0;
    while (r < r1) {
      int end = Math.min(r1, r + 4 * SkeletonSupport.PLAIN_RUN);
      double s0 = 0;
      double s1 = 0;
      double s2 = 0;
      double s3 = 0;
      for (; r + 4 <= end; r += 4) {
        double e0 = genexec(a[r], b, s, m, 1, r, 0);
        double e1 = genexec(a[r + 1], b, s, m, 1, r + 1, 0);
        double e2 = genexec(a[r + 2], b, s, m, 1, r + 2, 0);
        double e3 = genexec(a[r + 3], b, s, m, 1, r + 3, 0);
        s0 += squared ? e0 * e0 : e0;
        s1 += squared ? e1 * e1 : e1;
        s2 += squared ? e2 * e2 : e2;
        s3 += squared ? e3 * e3 : e3;
      }
      for (; r < end; r++) {
        double e = genexec(a[r], b, s, m, 1, r, 0);
        s0 += squared ? e * e : e;
      }
      acc.add((s0 + s1) + (s2 + s3));
    }
  }

  /** {@link #sumRow} over the squared values. */
  private void sumSqRow(double[] a, int off, int m, int n, int r, SideInput[] b, double[] s,
      KahanSum acc) {
    int j = 0;
    while (j < n) {
      int end = Math.min(n, j + 4 * SkeletonSupport.PLAIN_RUN);
      double s0 = 0;
      double s1 = 0;
      double s2 = 0;
      double s3 = 0;
      for (; j + 4 <= end; j += 4) {
        double e0 = genexec(a[off + j], b, s, m, n, r, j);
        double e1 = genexec(a[off + j + 1], b, s, m, n, r, j + 1);
        double e2 = genexec(a[off + j + 2], b, s, m, n, r, j + 2);
        double e3 = genexec(a[off + j + 3], b, s, m, n, r, j + 3);
        s0 += e0 * e0;
        s1 += e1 * e1;
        s2 += e2 * e2;
        s3 += e3 * e3;
      }
      for (; j < end; j++) {
        double e = genexec(a[off + j], b, s, m, n, r, j);
        s0 += e * e;
      }
      acc.add((s0 + s1) + (s2 + s3));
    }
  }

  /** Smallest genexec over row r, +Inf for no cells ({@link Math#min}: NaN propagates). */
  private double minRow(double[] a, int off, int m, int n, int r, SideInput[] b, double[] s) {
    double m0 = Double.POSITIVE_INFINITY;
    double m1 = m0;
    double m2 = m0;
    double m3 = m0;
    int j = 0;
    for (; j + 4 <= n; j += 4) {
      m0 = Math.min(m0, genexec(a[off + j], b, s, m, n, r, j));
      m1 = Math.min(m1, genexec(a[off + j + 1], b, s, m, n, r, j + 1));
      m2 = Math.min(m2, genexec(a[off + j + 2], b, s, m, n, r, j + 2));
      m3 = Math.min(m3, genexec(a[off + j + 3], b, s, m, n, r, j + 3));
    }
    for (; j < n; j++) {
      m0 = Math.min(m0, genexec(a[off + j], b, s, m, n, r, j));
    }
    return Math.min(Math.min(m0, m1), Math.min(m2, m3));
  }

  /** Largest genexec over row r, -Inf for no cells. */
  private double maxRow(double[] a, int off, int m, int n, int r, SideInput[] b, double[] s) {
    double m0 = Double.NEGATIVE_INFINITY;
    double m1 = m0;
    double m2 = m0;
    double m3 = m0;
    int j = 0;
    for (; j + 4 <= n; j += 4) {
      m0 = Math.max(m0, genexec(a[off + j], b, s, m, n, r, j));
      m1 = Math.max(m1, genexec(a[off + j + 1], b, s, m, n, r, j + 1));
      m2 = Math.max(m2, genexec(a[off + j + 2], b, s, m, n, r, j + 2));
      m3 = Math.max(m3, genexec(a[off + j + 3], b, s, m, n, r, j + 3));
    }
    for (; j < n; j++) {
      m0 = Math.max(m0, genexec(a[off + j], b, s, m, n, r, j));
    }
    return Math.max(Math.max(m0, m1), Math.max(m2, m3));
  }

  /**
   * Aggregates genexec over the stored entries {@code av/ix[pos..pos+len)} of row r: SUM and
   * SUM_SQ are added to {@code acc} in plain runs of PLAIN_RUN and 0 is returned; MIN and MAX
   * are returned without the implicit zeros (the caller adds them as a candidate).
   */
  private double aggregateEntries(double[] av, int[] ix, int pos, int len, int m, int n, int r,
      SideInput[] b, double[] s, KahanSum acc) {
    int end = pos + len;
    switch (agg) {
      case SUM, SUM_SQ -> {
        boolean sq = agg == AggregateOp.SUM_SQ;
        int k = pos;
        while (k < end) {
          int runEnd = Math.min(end, k + SkeletonSupport.PLAIN_RUN);
          double s0 = 0;
          for (; k < runEnd; k++) {
            double e = genexec(av[k], b, s, m, n, r, ix[k]);
            s0 += sq ? e * e : e;
          }
          acc.add(s0);
        }
        return 0;
      }
      case MIN -> {
        double e = Double.POSITIVE_INFINITY;
        for (int k = pos; k < end; k++) {
          e = Math.min(e, genexec(av[k], b, s, m, n, r, ix[k]));
        }
        return e;
      }
      case MAX -> {
        double e = Double.NEGATIVE_INFINITY;
        for (int k = pos; k < end; k++) {
          e = Math.max(e, genexec(av[k], b, s, m, n, r, ix[k]));
        }
        return e;
      }
      default -> throw new AssertionError(agg);
    }
  }

  /** MIN/MAX of two partial extremes (SUM/SUM_SQ: unused, 0). */
  private double combine(double x, double y) {
    return switch (agg) {
      case MIN -> Math.min(x, y);
      case MAX -> Math.max(x, y);
      default -> 0;
    };
  }

  /** An extreme with the implicit zero cells of a sparse visit as one more candidate. */
  private double withZero(double extreme) {
    return agg == AggregateOp.MIN ? Math.min(extreme, 0) : Math.max(extreme, 0);
  }
}
