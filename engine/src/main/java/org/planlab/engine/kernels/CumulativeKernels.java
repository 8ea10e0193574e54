package org.planlab.engine.kernels;

import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.atomic.LongAdder;
import org.planlab.engine.matrix.MatrixBlock;
import org.planlab.engine.matrix.SparseBlock;
import org.planlab.engine.ops.AggregateOp;
import org.planlab.engine.parallel.KernelPool;

/**
 * Column-wise cumulative aggregates of DML: {@code cumsum}, {@code cumprod}, {@code cummin},
 * {@code cummax} (and {@code cumsumprod}, see {@link #cumsumprod}); cell (i, j) of the result aggregates cells (0..i, j) of the input. Every cell
 * takes part, including the implicit zeros of sparse inputs. The result is computed densely and
 * then converted to the format its non-zero count calls for (so it is bounded by the dense
 * block limit).
 *
 * <p>{@code cumsum} is compensated (a TwoSum running sum per column, see {@link KahanSum});
 * {@code cumprod} follows IEEE arithmetic step by step ({@code 0 * Inf} is NaN, unlike {@link
 * AggregateOp#PROD}'s zero rule); NaN propagates down the column for all four.
 *
 * <p>Parallelism, chosen by shape only so results are identical for any thread count: inputs
 * with at least {@link ColumnAggregates#SPLIT_MIN_COLS} columns split over column ranges (each
 * column scanned alone). Narrower inputs are cut into fixed blocks of rows: pass 1 reduces every
 * block but the last to its column totals in parallel, pass 2 folds the totals in order into
 * each block's carry-in, pass 3 rescans every block from its carry in parallel. The blocked
 * products of {@code cumprod} are associated differently from a strictly sequential product and
 * can over- or underflow where it does not (and the reverse).
 */
public final class CumulativeKernels {
  private enum Kind {
    SUM, PROD, MIN, MAX
  }

  private CumulativeKernels() {
  }

  /** Running sums down each column (DML {@code cumsum}). */
  public static MatrixBlock cumsum(MatrixBlock in, KernelPool pool) {
    return cumulative(in, Kind.SUM, pool);
  }

  /** Running products down each column (DML {@code cumprod}). */
  public static MatrixBlock cumprod(MatrixBlock in, KernelPool pool) {
    return cumulative(in, Kind.PROD, pool);
  }

  /** Running minima down each column (DML {@code cummin}). */
  public static MatrixBlock cummin(MatrixBlock in, KernelPool pool) {
    return cumulative(in, Kind.MIN, pool);
  }

  /** Running maxima down each column (DML {@code cummax}). */
  public static MatrixBlock cummax(MatrixBlock in, KernelPool pool) {
    return cumulative(in, Kind.MAX, pool);
  }

  /**
   * DML {@code cumsumprod} of an n x 2 input X: the n x 1 column {@code Y[i] = X[i,1] +
   * X[i,2] * Y[i-1]} with {@code Y[0] = 0}, as SystemDS 3.3.0 defines it; IEEE arithmetic step by
   * step. A first-order recurrence, so one sequential scan.
   *
   * @throws IllegalArgumentException unless {@code in} has two columns
   */
  public static MatrixBlock cumsumprod(MatrixBlock in) {
    Objects.requireNonNull(in, "in is null");
    if (in.cols() != 2) {
      throw new IllegalArgumentException("cumsumprod needs a matrix of two columns, got a "
          + in.shape() + " matrix");
    }
    int n = in.rows();
    double[] out = new double[n];
    double y = 0;
    if (!in.isSparse()) {
      double[] a = in.denseValues();
      for (int r = 0; r < n; r++) {
        y = a[2 * r] + a[2 * r + 1] * y;
        out[r] = y;
      }
    } else {
      for (int r = 0; r < n; r++) {
        y = in.get(r, 0) + in.get(r, 1) * y;
        out[r] = y;
      }
    }
    return MatrixBlock.dense(n, 1, out);
  }

  private static MatrixBlock cumulative(MatrixBlock in, Kind kind, KernelPool pool) {
    Objects.requireNonNull(in, "in is null");
    Objects.requireNonNull(pool, "pool is null");
    int rows = in.rows();
    int cols = in.cols();
    if (in.nnz() == 0) {
      // running sums, products, minima and maxima of zeros are zeros
      return MatrixBlock.empty(rows, cols);
    }
    MatrixBlock out = MatrixBlock.dense(rows, cols);
    double[] o = out.denseValues();
    long nnz = 0;
    if (cols >= ColumnAggregates.SPLIT_MIN_COLS) {
      LongAdder count = new LongAdder();
      pool.parallelFor(cols, in.cells(),
          (c0, c1) -> count.add(scan(in, kind, 0, rows, c0, new State(kind, c1 - c0), o)));
      nnz = count.sum();
    } else {
      int blockRows = Math.min(rows, (AggregateKernels.CHUNK + cols - 1) / cols);
      int blocks = (rows + blockRows - 1) / blockRows;
      List<State> totals = pool.mapChunks((blocks - 1) * blockRows, blockRows, in.cells(),
          (r0, r1) -> {
            State t = new State(kind, cols);
            scan(in, kind, r0, r1, 0, t, null);
            return t;
          });
      State[] carry = new State[blocks];
      carry[0] = new State(kind, cols);
      for (int b = 1; b < blocks; b++) {
        carry[b] = carry[b - 1].copy();
        carry[b].append(totals.get(b - 1), kind);
      }
      for (long n : pool.mapChunks(rows, blockRows, in.cells(),
          (r0, r1) -> scan(in, kind, r0, r1, 0, carry[r0 / blockRows], o))) {
        nnz += n;
      }
    }
    out.setNonZeros(nnz);
    return out.examSparsity();
  }

  /**
   * Continues the running state {@code st} over rows [r0, r1), columns [c0, c0 + st.width),
   * writing each row's state to {@code out} unless it is null; returns the non-zeros written.
   */
  private static long scan(MatrixBlock in, Kind kind, int r0, int r1, int c0, State st,
      double[] out) {
    int cols = in.cols();
    int w = st.width;
    if (!in.isSparse()) {
      int off = r0 * cols + c0;
      return scanRows(kind, in.denseValues(), off, cols, r1 - r0, st, out, off, cols);
    }
    SparseBlock sb = in.sparseRows();
    double[] row = new double[w];
    long nnz = 0;
    for (int r = r0; r < r1; r++) {
      int pos = sb.pos(r);
      int end = pos + sb.size(r);
      int[] ix = sb.indexes(r);
      double[] v = sb.values(r);
      int k = c0 == 0 ? pos : firstAtLeast(ix, pos, end, c0);
      int first = k;
      for (; k < end && ix[k] < c0 + w; k++) {
        row[ix[k] - c0] = v[k];
      }
      nnz += scanRows(kind, row, 0, 0, 1, st, out, r * cols + c0, cols);
      for (int q = first; q < k; q++) {
        row[ix[q] - c0] = 0;
      }
    }
    return nnz;
  }

  /** Position of the first index >= c in the ascending ix[from..to), or to. */
  private static int firstAtLeast(int[] ix, int from, int to, int c) {
    int p = Arrays.binarySearch(ix, from, to, c);
    return p >= 0 ? p : -p - 1;
  }

  /**
   * The scan kernel: {@code n} rows of width {@code st.width}, row i at src[srcOff + i *
   * srcStride ..] and written to out[outOff + i * outStride ..].
   */
  private static long scanRows(Kind kind, double[] src, int srcOff, int srcStride, int n,
      State st, double[] out, int outOff, int outStride) {
    int w = st.width;
    if (w == 1) {
      return scanColumn(kind, src, srcOff, srcStride, n, st, out, outOff, outStride);
    }
    double[] s = st.value;
    long nnz = 0;
    switch (kind) {
      case SUM -> {
        double[] c = st.comp;
        for (int i = 0; i < n; i++) {
          int a = srcOff + i * srcStride;
          for (int j = 0; j < w; j++) {
            double x = src[a + j];
            double s0 = s[j];
            double t = s0 + x;
            double bp = t - s0;
            c[j] += (s0 - (t - bp)) + (x - bp);
            s[j] = t;
          }
          if (out != null) {
            int o = outOff + i * outStride;
            for (int j = 0; j < w; j++) {
              double y = KahanSum.value(s[j], c[j]);
              out[o + j] = y;
              nnz += y != 0 ? 1 : 0;
            }
          }
        }
      }
      case PROD, MIN, MAX -> {
        for (int i = 0; i < n; i++) {
          int a = srcOff + i * srcStride;
          if (kind == Kind.PROD) {
            for (int j = 0; j < w; j++) {
              s[j] *= src[a + j];
            }
          } else if (kind == Kind.MIN) {
            for (int j = 0; j < w; j++) {
              s[j] = Math.min(s[j], src[a + j]);
            }
          } else {
            for (int j = 0; j < w; j++) {
              s[j] = Math.max(s[j], src[a + j]);
            }
          }
          if (out != null) {
            int o = outOff + i * outStride;
            for (int j = 0; j < w; j++) {
              out[o + j] = s[j];
              nnz += s[j] != 0 ? 1 : 0;
            }
          }
        }
      }
      default -> throw new AssertionError(kind);
    }
    return nnz;
  }

  /** {@link #scanRows} for a single column, the state in locals (column vectors are common). */
  private static long scanColumn(Kind kind, double[] src, int srcOff, int srcStride, int n,
      State st, double[] out, int outOff, int outStride) {
    double s = st.value[0];
    long nnz = 0;
    switch (kind) {
      case SUM -> {
        double c = st.comp[0];
        for (int i = 0; i < n; i++) {
          double x = src[srcOff + i * srcStride];
          double t = s + x;
          double bp = t - s;
          c += (s - (t - bp)) + (x - bp);
          s = t;
          if (out != null) {
            double y = KahanSum.value(s, c);
            out[outOff + i * outStride] = y;
            nnz += y != 0 ? 1 : 0;
          }
        }
        st.comp[0] = c;
      }
      case PROD, MIN, MAX -> {
        for (int i = 0; i < n; i++) {
          double x = src[srcOff + i * srcStride];
          s = kind == Kind.PROD ? s * x : kind == Kind.MIN ? Math.min(s, x) : Math.max(s, x);
          if (out != null) {
            out[outOff + i * outStride] = s;
            nnz += s != 0 ? 1 : 0;
          }
        }
      }
      default -> throw new AssertionError(kind);
    }
    st.value[0] = s;
    return nnz;
  }

  /** The running state of some columns: a value per column, plus a TwoSum correction for SUM. */
  private static final class State {
    final int width;
    final double[] value;
    final double[] comp;

    State(Kind kind, int width) {
      this(width, new double[width], kind == Kind.SUM ? new double[width] : null);
      double identity = switch (kind) {
        case SUM -> 0;
        case PROD -> 1;
        case MIN -> Double.POSITIVE_INFINITY;
        case MAX -> Double.NEGATIVE_INFINITY;
      };
      Arrays.fill(value, identity);
    }

    private State(int width, double[] value, double[] comp) {
      this.width = width;
      this.value = value;
      this.comp = comp;
    }

    State copy() {
      return new State(width, value.clone(), comp == null ? null : comp.clone());
    }

    /** This state followed by a block whose column totals are {@code total}. */
    void append(State total, Kind kind) {
      for (int j = 0; j < width; j++) {
        switch (kind) {
          case SUM -> {
            KahanSum.add(value, comp, j, total.value[j]);
            comp[j] += total.comp[j];
          }
          case PROD -> value[j] *= total.value[j];
          case MIN -> value[j] = Math.min(value[j], total.value[j]);
          case MAX -> value[j] = Math.max(value[j], total.value[j]);
          default -> throw new AssertionError(kind);
        }
      }
    }
  }
}
