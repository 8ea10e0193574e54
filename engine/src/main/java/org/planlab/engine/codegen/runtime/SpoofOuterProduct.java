package org.planlab.engine.codegen.runtime;

import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicLong;
import org.planlab.engine.codegen.runtime.SkeletonSupport.Main;
import org.planlab.engine.kernels.KahanSum;
import org.planlab.engine.kernels.ReorgKernels;
import org.planlab.engine.kernels.VectorPrimitives;
import org.planlab.engine.matrix.DimensionMismatchException;
import org.planlab.engine.matrix.MatrixBlock;
import org.planlab.engine.matrix.SparseBlockMCSR;
import org.planlab.engine.parallel.KernelPool;

/**
 * Skeleton of the Outer template: visits the non-zeros {@code X[i,j]} of the main input X
 * (side inputs 0 and 1 are U, m x k, and V, n x k, both dense) and consumes the per-cell value
 * {@code w = genexec(...)} as {@link OuterType} says.
 *
 * <p>Only the non-zeros of X are visited, in either format (fusion paper, sec. 2.2: the
 * sparsity of X is exploited over the dense outer product {@code U V^T}), so the work is
 * nnz(X) body calls, not m x n. A row's values are computed first and then consumed by one loop
 * of the type (sec. 2.2: the skeleton owns the data access and multi-threading). RIGHT and
 * CELLWISE write disjoint output rows per row range; LEFT writes disjoint output rows per
 * column range of X or per row range of t(X), summing each over X's rows in order; AGG reduces
 * per-chunk partials in chunk order. So every type gives identical results for any thread
 * count.
 *
 * <p>The dot products {@code U[i,] . V[j,]} of a row run first, on a shared SIMD loop that
 * holds U's row in registers ({@link VectorPrimitives#outerDots}); genexec then gets each as
 * {@code uv}. An operator whose cell is exactly {@code X * (U V^T)} (declared linear by code
 * generation) runs RIGHT rows entirely on a shared loop that also keeps the output row in
 * registers ({@link VectorPrimitives#outerRight}), and LEFT as RIGHT over t(X) with U and V
 * swapped: ALS-CG's conjugate-gradient steps are of this form. Before
 * the JIT has compiled those SIMD loops, scalar loops with the same results run in their place
 * (see {@link VectorPrimitives#EAGER_VECTORS}); each execution reports its time for that.
 */
public abstract class SpoofOuterProduct extends SpoofOperator {
  protected final OuterType type;

  /** Whether {@code genexec(a, uv, ...)} is {@code a * uv} for every input. */
  private final boolean linear;

  protected SpoofOuterProduct(OuterType type) {
    this(type, false);
  }

  /**
   * An operator of {@code type}; {@code linear} declares that genexec returns exactly
   * {@code a * uv}, the weighted outer product {@code X * (U V^T)}. RIGHT and LEFT then run
   * the whole row on one shared SIMD loop ({@link VectorPrimitives#outerRight}, LEFT over the
   * rows of t(X)) without calling genexec, where that loop holds the rank in registers
   * ({@link VectorPrimitives#outerRegisters}); else as any other operator.
   */
  protected SpoofOuterProduct(OuterType type, boolean linear) {
    this.type = Objects.requireNonNull(type, "type is null");
    this.linear = linear;
  }

  /**
   * The value w for non-zero {@code a = X[rix, cix]}, given {@code uv = U[rix,] . V[cix,]}, the
   * cell of the outer product, which the skeleton computes for all of a row's non-zeros at once;
   * {@code u} holds U[rix,] from {@code ui}, {@code v} holds V[cix,] from {@code vi}, both of
   * length {@code k}, for bodies that read the rows otherwise.
   */
  protected abstract double genexec(double a, double uv, double[] u, int ui, double[] v, int vi,
      SideInput[] b, double[] scalars, int k, int rix, int cix);

  /**
   * Runs the operator over X = {@code inputs.get(0)} (m x n), U = {@code inputs.get(1)}
   * (m x k) and V = {@code inputs.get(2)} (n x k), passed dense as b[0] and b[1]; the other side
   * inputs stay in their own format, since the body reads them by cell only and a sparse side
   * input of X's size must not be copied to dense once per call. The output is m x k (RIGHT),
   * n x k (LEFT), m x n (CELLWISE) or 1 x 1 (AGG) whatever {@code outRows} and {@code outCols}
   * say. Work is the number of genexec calls,
   * nnz(X).
   */
  @Override
  public final SpoofResult execute(List<MatrixBlock> inputs, double[] scalars, int outRows,
      int outCols, KernelPool pool) {
    SkeletonSupport.validate("Outer", inputs, outRows, outCols, pool);
    if (inputs.size() < 3) {
      throw new IllegalArgumentException(
          "Outer operator needs X, U and V as inputs, got " + inputs.size() + " input(s)");
    }
    MatrixBlock xb = inputs.get(0);
    MatrixBlock ub = inputs.get(1);
    MatrixBlock vb = inputs.get(2);
    if (ub.rows() != xb.rows()) {
      throw DimensionMismatchException.of("outer product operator", xb, ub,
          "U must have as many rows as X");
    }
    if (vb.rows() != xb.cols()) {
      throw DimensionMismatchException.of("outer product operator", xb, vb,
          "V must have as many rows as X has columns");
    }
    if (vb.cols() != ub.cols()) {
      throw DimensionMismatchException.of("outer product operator", ub, vb,
          "U and V must have the same number of columns (the rank)");
    }
    double[] s = SkeletonSupport.scalars(scalars);
    Main x = Main.of(xb);
    SideInput[] b = SkeletonSupport.sides(inputs, 2);
    int k = ub.cols();
    Factors f = new Factors(b[0].values(), b[1].values(), k, b, s);
    long start = System.nanoTime();
    SpoofResult result = switch (type) {
      case RIGHT -> right(x, f, pool);
      case LEFT -> linear && VectorPrimitives.outerRegisters(k)
          ? leftOverTranspose(xb, f, true, pool)
          : f.readsSparse() ? left(x, f, pool) : leftOverTranspose(xb, f, false, pool);
      case CELLWISE -> cellwise(x, f, pool);
      case AGG -> agg(x, f, pool);
    };
    // the time on scalar loops decides when the SIMD loops are warmed up for small ranks
    VectorPrimitives.outerScalarRun(k, System.nanoTime() - start);
    return result;
  }

  /** U and V as dense arrays, the rank, and what genexec receives besides them. */
  private record Factors(double[] u, double[] v, int k, SideInput[] b, double[] scalars) {
    /** Whether a side input besides U and V is read from sparse rows. */
    boolean readsSparse() {
      for (int s = 2; s < b.length; s++) {
        if (b[s].readsSparse()) {
          return true;
        }
      }
      return false;
    }

    /** A task's factors: its own copies of sparse side inputs, read in row order. */
    Factors forTask() {
      SideInput[] own = new SideInput[b.length];
      for (int s = 0; s < b.length; s++) {
        own[s] = b[s].forTask();
      }
      return new Factors(u, v, k, own, scalars);
    }
  }

  /** Rows per task of the row-parallel types (RIGHT, CELLWISE): idle threads take the next. */
  static final int TASK_ROWS = 1024;

  /**
   * Column ranges of X per thread that LEFT splits its work into: more than one, so that a
   * thread that finishes early (skewed columns) takes another range; few, since every range
   * visits every row of X.
   */
  static final int LEFT_RANGES_PER_THREAD = 2;

  /**
   * The non-zeros of X in one row and one column range at a time, as (values, indexes) from
   * {@code pos} for {@code len} entries: a sparse row's segment as stored (its start found by
   * binary search), a dense row's range compacted into per-task buffers.
   */
  private static final class Segments {
    private final Main x;
    private final double[] denseValues;
    private final int[] denseIndexes;
    /** Scratch for the segment's dot products. */
    final double[] uv;
    double[] values;
    int[] indexes;
    int pos;
    int len;

    /** Segments of at most {@code width} columns. */
    Segments(Main x, int width) {
      this.x = x;
      this.denseValues = x.isSparse() ? null : new double[width];
      this.denseIndexes = x.isSparse() ? null : new int[width];
      this.uv = new double[width];
    }

    /** Loads the non-zeros X[i, c0:c1). */
    void load(int i, int c0, int c1) {
      if (x.isSparse()) {
        loadSparse(i, c0, c1);
        return;
      }
      int off = i * x.cols;
      int cnt = 0;
      for (int j = c0; j < c1; j++) {
        double aij = x.dense[off + j];
        if (aij != 0) {
          denseValues[cnt] = aij;
          denseIndexes[cnt++] = j;
        }
      }
      values = denseValues;
      indexes = denseIndexes;
      pos = 0;
      len = cnt;
    }

    private void loadSparse(int i, int c0, int c1) {
      if (x.sparse.isEmpty(i)) {
        len = 0;
        return;
      }
      int start = x.sparse.pos(i);
      int end = start + x.sparse.size(i);
      int[] ix = x.sparse.indexes(i);
      int p = start;
      if (c0 > 0 && ix[start] < c0) {
        p = Arrays.binarySearch(ix, start, end, c0);
        p = p >= 0 ? p : -p - 1;
      }
      int q = end;
      if (c1 < x.cols && p < end && ix[end - 1] >= c1) {
        q = Arrays.binarySearch(ix, p, end, c1);
        q = q >= 0 ? q : -q - 1;
      }
      values = x.sparse.values(i);
      indexes = ix;
      pos = p;
      len = q - p;
    }
  }

  /**
   * Visits rows [r0, r1) of X, calling {@code row} with the row's non-zeros loaded in a
   * segment and their values w in {@code w[0..len)}: first all of the row's genexec calls, then
   * what the type does with them, so that the type's loop runs over the row at once. Returns
   * the number of genexec calls.
   */
  private long visit(Main x, Factors shared, int r0, int r1, RowConsumer row) {
    return visit(x, shared, r0, r1, false, row);
  }

  /**
   * {@link #visit} over the rows of X, or with {@code transposed} over the rows of {@code t(X)}
   * given as x: row j's non-zeros are then the cells (i, j) of column j of X.
   */
  private long visit(Main x, Factors shared, int r0, int r1, boolean transposed,
      RowConsumer row) {
    Factors f = shared.forTask();
    Segments nz = new Segments(x, x.cols);
    double[] w = new double[x.cols];
    long count = 0;
    for (int i = r0; i < r1; i++) {
      nz.load(i, 0, x.cols);
      if (nz.len == 0) {
        continue;
      }
      values(f, i, nz, w, transposed);
      row.accept(i, nz, w);
      count += nz.len;
    }
    return count;
  }

  /**
   * w[q] = genexec of the q-th non-zero of the loaded segment of row r: first the segment's dot
   * products on the shared SIMD loop, then genexec over them in this operator's copy of the
   * skeleton (scalar code, which the JIT compiles quickly for every new operator). With
   * {@code transposed}, row r is column r of X loaded as a row of t(X): V's row r is held and
   * U's rows gathered for the same products (which commute), and genexec sees the cells (i, r).
   */
  private void values(Factors f, int r, Segments nz, double[] w, boolean transposed) {
    int k = f.k;
    double[] av = nz.values;
    int[] ix = nz.indexes;
    int p0 = nz.pos;
    double[] uv = nz.uv;
    if (transposed) {
      VectorPrimitives.outerDots(f.v, r * k, f.u, k, ix, p0, nz.len, uv);
    } else {
      VectorPrimitives.outerDots(f.u, r * k, f.v, k, ix, p0, nz.len, uv);
    }
    for (int q = 0; q < nz.len; q++) {
      int i = transposed ? ix[p0 + q] : r;
      int j = transposed ? r : ix[p0 + q];
      w[q] = genexec(av[p0 + q], uv[q], f.u, i * k, f.v, j * k, f.b, f.scalars, k, i, j);
    }
  }

  /** What a skeleton does with the values of one row's non-zeros. */
  @FunctionalInterface
  private interface RowConsumer {
    void accept(int row, Segments nz, double[] w);
  }

  private static long sum(List<Long> counts) {
    return counts.stream().mapToLong(Long::longValue).sum();
  }

  private static long work(Main x, int k) {
    return (x.isSparse() ? x.sparseWork() : x.cells()) * Math.max(1, k);
  }

  /**
   * {@code W %*% V}: {@code out[i,] += sum_j w_ij * V[j,]}, rows of out written by one task
   * each; per row, the gathered rows of V are summed in registers.
   */
  private SpoofResult right(Main x, Factors f, KernelPool pool) {
    int k = f.k;
    MatrixBlock out = MatrixBlock.dense(x.rows, k);
    double[] c = out.denseValues();
    // chunks of rows taken by idle threads: rows of skewed data differ in non-zeros
    boolean fused = linear && VectorPrimitives.outerRegisters(k);
    List<Long> counts = pool.mapChunks(x.rows, TASK_ROWS, work(x, k), (r0, r1) -> fused
        ? rightLinear(x, f, r0, r1, c)
        : visit(x, f, r0, r1, (i, s, ws) ->
            VectorPrimitives.gatherMultAdd(ws, s.indexes, s.pos, s.len, f.v, k, c, i * k)));
    out.recomputeNonZeros();
    return new SpoofResult(out.examSparsity(), sum(counts));
  }

  /**
   * RIGHT of a linear operator over rows [r0, r1): each row on the shared loop, without genexec.
   * Returns the number of non-zeros, the operator's work.
   */
  private static long rightLinear(Main x, Factors f, int r0, int r1, double[] c) {
    int k = f.k;
    Segments nz = new Segments(x, x.cols);
    long count = 0;
    for (int i = r0; i < r1; i++) {
      nz.load(i, 0, x.cols);
      if (nz.len > 0) {
        VectorPrimitives.outerRight(f.u, i * k, f.v, k, nz.values, nz.indexes, nz.pos, nz.len,
            c, i * k);
        count += nz.len;
      }
    }
    return count;
  }

  /**
   * {@code t(W) %*% U}: {@code out[j,] += w_ij * U[i,]}. Tasks own column ranges of X, that is
   * disjoint rows of out, and visit every row of X in order, so each output row is summed in
   * row order whatever the thread count and the ranges, with neither per-chunk partials nor
   * atomic updates.
   */
  private SpoofResult left(Main x, Factors f, KernelPool pool) {
    int k = f.k;
    double[] c = new double[x.cols * k];
    int ranges = LEFT_RANGES_PER_THREAD * pool.parallelism();
    int width = Math.max(1, (x.cols + ranges - 1) / ranges);
    List<Long> counts = pool.mapChunks(x.cols, width, work(x, k), (c0, c1) -> {
      Factors t = f.forTask();
      Segments nz = new Segments(x, c1 - c0);
      double[] w = new double[c1 - c0];
      long count = 0;
      for (int i = 0; i < x.rows; i++) {
        nz.load(i, c0, c1);
        if (nz.len == 0) {
          continue;
        }
        values(t, i, nz, w, false);
        VectorPrimitives.scatterMultAdd(f.u, i * k, w, nz.indexes, nz.pos, nz.len, c, k);
        count += nz.len;
      }
      return count;
    });
    return new SpoofResult(MatrixBlock.dense(x.cols, k, c).examSparsity(), sum(counts));
  }

  /**
   * {@code t(W) %*% U} over the rows of {@code t(X)}: row j of the output is {@code sum_i w_ij
   * * U[i,]} over the non-zeros of column j of X, which t(X)'s row j lists in ascending i. Tasks
   * take chunks of output rows and sum each row in place, where {@link #left} visits every row
   * of X in every column range and adds into a random output row per non-zero. X's transpose is
   * kept for the next execution over the same X ({@link #transposeOf}).
   *
   * <p>A {@code linear} operator, {@code t(X * (U V^T)) %*% U}, runs as RIGHT over t(X) with the
   * factors' roles swapped, on the register loop that keeps the output row and V's row in
   * registers ({@link VectorPrimitives#outerRight}): the products and fused multiply-adds are
   * LEFT's (both commute in their factors), added in ascending i, the order LEFT adds them in.
   * Any other operator gets each row's values with V's row j held and U's rows gathered (the
   * same products), genexec for the same cells (i, j), and each output element gains {@code
   * w_ij * U[i,l]}, multiplied then added, in ascending i ({@link
   * VectorPrimitives#gatherMultAddInOrder}). Either way the result equals {@link #left}'s bit
   * for bit. For operators whose side inputs are read by cell from dense arrays: a sparse side
   * input is read fastest in row order, which this order is not.
   */
  private SpoofResult leftOverTranspose(MatrixBlock xb, Factors f, boolean linearRows,
      KernelPool pool) {
    int k = f.k;
    Main t = Main.of(transposeOf(xb, pool));
    Factors swapped = new Factors(f.v, f.u, k, f.b, f.scalars);
    double[] c = new double[t.rows * k];
    List<Long> counts = pool.mapChunks(t.rows, TASK_ROWS, work(t, k), (j0, j1) -> linearRows
        ? rightLinear(t, swapped, j0, j1, c)
        : visit(t, f, j0, j1, true, (j, s, ws) ->
            VectorPrimitives.gatherMultAddInOrder(ws, s.indexes, s.pos, s.len, f.u, k, c, j * k)));
    return new SpoofResult(MatrixBlock.dense(t.rows, k, c).examSparsity(), sum(counts));
  }

  /** The kind of {@link #transposeOf}'s value among the values derived from a block. */
  private static final Object SPARSE_TRANSPOSE = new Object();

  /**
   * {@code t(x)} as sparse rows ({@link ReorgKernels#transposeToSparse}), kept with x for the
   * next LEFT over it ({@link MatrixBlock#derived}): ALS-CG's conjugate-gradient steps for V
   * multiply by one X again and again.
   */
  static MatrixBlock transposeOf(MatrixBlock x, KernelPool pool) {
    return x.derived(SPARSE_TRANSPOSE, b -> ReorgKernels.transposeToSparse(b, pool));
  }

  /** W itself with X's pattern (sparse X: sparse output; zero values dropped). */
  private SpoofResult cellwise(Main x, Factors f, KernelPool pool) {
    int m = x.rows;
    int n = x.cols;
    int k = f.k;
    boolean sparse = x.isSparse();
    MatrixBlock out = sparse ? MatrixBlock.sparse(m, n) : MatrixBlock.dense(m, n);
    SparseBlockMCSR cs = sparse ? out.sparseRowsForUpdate() : null;
    double[] cd = sparse ? null : out.denseValues();
    AtomicLong nnz = new AtomicLong();
    List<Long> counts = pool.mapChunks(m, TASK_ROWS, work(x, k), (r0, r1) -> {
      if (sparse) {
        for (int i = r0; i < r1; i++) {
          if (!x.sparse.isEmpty(i)) {
            cs.reserve(i, x.sparse.size(i));
          }
        }
      }
      long[] written = new long[1];
      long count = visit(x, f, r0, r1, (i, s, ws) -> {
        for (int q = 0; q < s.len; q++) {
          int j = s.indexes[s.pos + q];
          if (sparse) {
            written[0] += cs.append(i, j, ws[q]);
          } else {
            cd[i * n + j] = ws[q];
            written[0] += ws[q] != 0 ? 1 : 0;
          }
        }
      });
      nnz.addAndGet(written[0]);
      return count;
    });
    out.setNonZeros(nnz.get());
    return new SpoofResult(out.examSparsity(), sum(counts));
  }

  /** {@code sum(W)}: compensated per chunk, chunks in order. */
  private SpoofResult agg(Main x, Factors f, KernelPool pool) {
    long work = work(x, f.k);
    int chunk = SkeletonSupport.chunkRows(x.rows, work, 1);
    List<AggPartial> parts = pool.mapChunks(x.rows, chunk, work, (r0, r1) -> {
      KahanSum sum = new KahanSum();
      long count = visit(x, f, r0, r1, (i, s, ws) -> {
        for (int q = 0; q < s.len; q++) {
          sum.add(ws[q]);
        }
      });
      return new AggPartial(sum, count);
    });
    KahanSum total = new KahanSum();
    long calls = 0;
    for (AggPartial p : parts) {
      total.add(p.sum);
      calls += p.calls;
    }
    return new SpoofResult(MatrixBlock.scalar(total.value()), calls);
  }

  private record AggPartial(KahanSum sum, long calls) {
  }
}
