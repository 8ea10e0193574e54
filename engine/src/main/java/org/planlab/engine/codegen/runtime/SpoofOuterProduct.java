package org.planlab.engine.codegen.runtime;

import java.util.List;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicLong;
import org.planlab.engine.codegen.runtime.SkeletonSupport.Main;
import org.planlab.engine.kernels.KahanSum;
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
 * nnz(X) body calls, not m x n. RIGHT and CELLWISE write disjoint output rows per row range;
 * LEFT and AGG reduce per-chunk partials in chunk order, so every type gives identical results
 * for any thread count.
 */
public abstract class SpoofOuterProduct extends SpoofOperator {
  protected final OuterType type;

  protected SpoofOuterProduct(OuterType type) {
    this.type = Objects.requireNonNull(type, "type is null");
  }

  /**
   * The value w for non-zero {@code a = X[rix, cix]}; {@code u} holds U[rix,] from {@code ui},
   * {@code v} holds V[cix,] from {@code vi}, both of length {@code k}.
   */
  protected abstract double genexec(double a, double[] u, int ui, double[] v, int vi,
      SideInput[] b, double[] scalars, int k, int rix, int cix);

  /**
   * Runs the operator over X = {@code inputs.get(0)} (m x n), U = {@code inputs.get(1)}
   * (m x k) and V = {@code inputs.get(2)} (n x k); all side inputs, U and V included, are passed
   * dense as b[0..]. The output is m x k (RIGHT), n x k (LEFT), m x n (CELLWISE) or 1 x 1 (AGG)
   * whatever {@code outRows} and {@code outCols} say. Work is the number of genexec calls,
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
    SideInput[] b = SkeletonSupport.sides(inputs, true);
    int k = ub.cols();
    Factors f = new Factors(b[0].values(), b[1].values(), k, b, s);
    return switch (type) {
      case RIGHT -> right(x, f, pool);
      case LEFT -> left(x, f, pool);
      case CELLWISE -> cellwise(x, f, pool);
      case AGG -> agg(x, f, pool);
    };
  }

  /** U and V as dense arrays, the rank, and what genexec receives besides them. */
  private record Factors(double[] u, double[] v, int k, SideInput[] b, double[] scalars) {
  }

  /**
   * The non-zeros of one row of X at a time, as (values, indexes) from {@code pos} for
   * {@code len} entries: a sparse row as stored, a dense row compacted into per-range buffers.
   * One loop per output type then walks them without a per-cell callback.
   */
  private static final class NonZeros {
    private final Main x;
    private final double[] denseValues;
    private final int[] denseIndexes;
    double[] values;
    int[] indexes;
    int pos;
    int len;

    NonZeros(Main x) {
      this.x = x;
      this.denseValues = x.isSparse() ? null : new double[x.cols];
      this.denseIndexes = x.isSparse() ? null : new int[x.cols];
    }

    void load(int i) {
      if (x.isSparse()) {
        values = x.sparse.values(i);
        indexes = x.sparse.indexes(i);
        pos = x.sparse.pos(i);
        len = x.sparse.size(i);
        return;
      }
      int n = x.cols;
      int off = i * n;
      int cnt = 0;
      for (int j = 0; j < n; j++) {
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
  }

  private static long work(Main x, int k) {
    return (x.isSparse() ? x.sparseWork() : x.cells()) * Math.max(1, k);
  }

  /** {@code W %*% V}: {@code out[i,] += w * V[j,]}, rows of out written by one range each. */
  private SpoofResult right(Main x, Factors f, KernelPool pool) {
    int k = f.k;
    MatrixBlock out = MatrixBlock.dense(x.rows, k);
    double[] c = out.denseValues();
    AtomicLong calls = new AtomicLong();
    pool.parallelFor(x.rows, work(x, k), (r0, r1) -> {
      NonZeros nz = new NonZeros(x);
      long count = 0;
      for (int i = r0; i < r1; i++) {
        nz.load(i);
        int[] ix = nz.indexes;
        double[] av = nz.values;
        for (int p = nz.pos; p < nz.pos + nz.len; p++) {
          int j = ix[p];
          double w = genexec(av[p], f.u, i * k, f.v, j * k, f.b, f.scalars, k, i, j);
          VectorOps.vectMultAdd(f.v, w, c, j * k, i * k, k);
        }
        count += nz.len;
      }
      calls.addAndGet(count);
    });
    out.recomputeNonZeros();
    return new SpoofResult(out.examSparsity(), calls.get());
  }

  /** {@code t(W) %*% U}: {@code out[j,] += w * U[i,]}, per-chunk partials in chunk order. */
  private SpoofResult left(Main x, Factors f, KernelPool pool) {
    int k = f.k;
    int size = x.cols * k;
    long work = work(x, k);
    int chunk = SkeletonSupport.chunkRows(x.rows, work, size);
    List<LeftPartial> parts = pool.mapChunks(x.rows, chunk, work, (r0, r1) -> {
      double[] c = new double[size];
      NonZeros nz = new NonZeros(x);
      long count = 0;
      for (int i = r0; i < r1; i++) {
        nz.load(i);
        int[] ix = nz.indexes;
        double[] av = nz.values;
        for (int p = nz.pos; p < nz.pos + nz.len; p++) {
          int j = ix[p];
          double w = genexec(av[p], f.u, i * k, f.v, j * k, f.b, f.scalars, k, i, j);
          VectorOps.vectMultAdd(f.u, w, c, i * k, j * k, k);
        }
        count += nz.len;
      }
      return new LeftPartial(c, count);
    });
    // one chunk: its partial is the result; else add the partials in chunk order
    double[] out = parts.size() == 1 ? parts.get(0).values : new double[size];
    long calls = 0;
    for (LeftPartial p : parts) {
      if (p.values != out) {
        VectorOps.vectAdd(p.values, out, 0, 0, size);
      }
      calls += p.calls;
    }
    return new SpoofResult(MatrixBlock.dense(x.cols, k, out).examSparsity(), calls);
  }

  private record LeftPartial(double[] values, long calls) {
  }

  /** W itself with X's pattern (sparse X: sparse output; zero values dropped). */
  private SpoofResult cellwise(Main x, Factors f, KernelPool pool) {
    int m = x.rows;
    int n = x.cols;
    AtomicLong calls = new AtomicLong();
    AtomicLong nnz = new AtomicLong();
    boolean sparse = x.isSparse();
    MatrixBlock out = sparse ? MatrixBlock.sparse(m, n) : MatrixBlock.dense(m, n);
    SparseBlockMCSR cs = sparse ? out.sparseRowsForUpdate() : null;
    double[] cd = sparse ? null : out.denseValues();
    int k = f.k;
    pool.parallelFor(m, work(x, k), (r0, r1) -> {
      NonZeros nz = new NonZeros(x);
      long count = 0;
      long written = 0;
      for (int i = r0; i < r1; i++) {
        nz.load(i);
        int[] ix = nz.indexes;
        double[] av = nz.values;
        int end = nz.pos + nz.len;
        if (sparse && nz.len > 0) {
          cs.reserve(i, nz.len);
        }
        for (int p = nz.pos; p < end; p++) {
          int j = ix[p];
          double w = genexec(av[p], f.u, i * k, f.v, j * k, f.b, f.scalars, k, i, j);
          if (sparse) {
            written += cs.append(i, j, w);
          } else {
            cd[i * n + j] = w;
            written += w != 0 ? 1 : 0;
          }
        }
        count += nz.len;
      }
      calls.addAndGet(count);
      nnz.addAndGet(written);
    });
    out.setNonZeros(nnz.get());
    return new SpoofResult(out.examSparsity(), calls.get());
  }

  /** {@code sum(W)}: compensated per chunk, chunks in order. */
  private SpoofResult agg(Main x, Factors f, KernelPool pool) {
    long work = work(x, f.k);
    int chunk = SkeletonSupport.chunkRows(x.rows, work, 1);
    List<AggPartial> parts = pool.mapChunks(x.rows, chunk, work, (r0, r1) -> {
      KahanSum sum = new KahanSum();
      NonZeros nz = new NonZeros(x);
      int k = f.k;
      long count = 0;
      for (int i = r0; i < r1; i++) {
        nz.load(i);
        int[] ix = nz.indexes;
        double[] av = nz.values;
        for (int p = nz.pos; p < nz.pos + nz.len; p++) {
          int j = ix[p];
          sum.add(genexec(av[p], f.u, i * k, f.v, j * k, f.b, f.scalars, k, i, j));
        }
        count += nz.len;
      }
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
