package org.planlab.bench;

import java.util.Arrays;
import java.util.List;
import org.planlab.engine.ops.Indicators;
import org.planlab.engine.parallel.KernelPool;
import org.planlab.engine.parallel.KernelPool.RangeFunction;

/**
 * Hand-written loops over the same arrays the kernels read: the practical limit of this machine
 * for memory-bound work (several accumulators, so the JIT keeps the FP units busy).
 *
 * <p>Threading: every loop takes the benchmark's {@link KernelPool} and splits its rows (or
 * cells) into exactly {@code pool.parallelism()} contiguous ranges, one per thread, with
 * per-range partial results added at the end. The generated and unfused operators of a benchmark
 * state run on the same pool, so a ratio compares the same number of threads (two by default).
 * Sparse inputs are CSR arrays ({@link org.planlab.engine.matrix.SparseBlockCSR}: row pointers,
 * column indexes, values); dense inputs are row-major {@code double[]}.
 */
final class HandLoops {
  private HandLoops() {
  }

  /** Sum of a dense array with 8 accumulators per thread. */
  static double sum(double[] a, KernelPool pool) {
    List<Double> parts = pool.mapChunks(pool.parallelism(), 1, Long.MAX_VALUE, (p, q) -> {
      int from = (int) ((long) a.length * p / pool.parallelism());
      int to = (int) ((long) a.length * q / pool.parallelism());
      return sum8(a, from, to);
    });
    double s = 0;
    for (double d : parts) {
      s += d;
    }
    return s;
  }

  static double sum8(double[] a, int from, int to) {
    double s0 = 0, s1 = 0, s2 = 0, s3 = 0, s4 = 0, s5 = 0, s6 = 0, s7 = 0;
    int i = from;
    for (; i + 8 <= to; i += 8) {
      s0 += a[i];
      s1 += a[i + 1];
      s2 += a[i + 2];
      s3 += a[i + 3];
      s4 += a[i + 4];
      s5 += a[i + 5];
      s6 += a[i + 6];
      s7 += a[i + 7];
    }
    for (; i < to; i++) {
      s0 += a[i];
    }
    return ((s0 + s1) + (s2 + s3)) + ((s4 + s5) + (s6 + s7));
  }

  /** out = X + rowVector broadcast over rows (dense, row-major). */
  static void addRowVector(double[] x, double[] v, double[] out, int rows, int cols, KernelPool pool) {
    pool.parallelFor(rows, Long.MAX_VALUE, (from, to) -> {
      for (int r = from; r < to; r++) {
        int off = r * cols;
        for (int c = 0; c < cols; c++) {
          out[off + c] = x[off + c] + v[c];
        }
      }
    });
  }

  /** Xᵀ·(X·v) in one pass over dense X, per-thread partial outputs added at the end. */
  static double[] mmchain(double[] x, double[] v, int rows, int cols, KernelPool pool) {
    int k = pool.parallelism();
    List<double[]> parts = pool.mapChunks(k, 1, Long.MAX_VALUE, (p, q) -> {
      int from = (int) ((long) rows * p / k);
      int to = (int) ((long) rows * q / k);
      double[] acc = new double[cols];
      for (int r = from; r < to; r++) {
        int off = r * cols;
        double t0 = 0, t1 = 0, t2 = 0, t3 = 0;
        int c = 0;
        for (; c + 4 <= cols; c += 4) {
          t0 += x[off + c] * v[c];
          t1 += x[off + c + 1] * v[c + 1];
          t2 += x[off + c + 2] * v[c + 2];
          t3 += x[off + c + 3] * v[c + 3];
        }
        for (; c < cols; c++) {
          t0 += x[off + c] * v[c];
        }
        double t = (t0 + t1) + (t2 + t3);
        for (c = 0; c < cols; c++) {
          acc[c] += t * x[off + c];
        }
      }
      return acc;
    });
    double[] out = new double[cols];
    for (double[] part : parts) {
      for (int c = 0; c < cols; c++) {
        out[c] += part[c];
      }
    }
    return out;
  }

  /** {@code sum(x * y * z)} over dense arrays: 8 accumulators per thread, one range per thread. */
  static double sumProduct3(double[] x, double[] y, double[] z, KernelPool pool) {
    int k = pool.parallelism();
    List<Double> parts = pool.mapChunks(k, 1, Long.MAX_VALUE, (p, q) -> {
      int from = (int) ((long) x.length * p / k);
      int to = (int) ((long) x.length * q / k);
      double s0 = 0, s1 = 0, s2 = 0, s3 = 0, s4 = 0, s5 = 0, s6 = 0, s7 = 0;
      int i = from;
      for (; i + 8 <= to; i += 8) {
        s0 += x[i] * y[i] * z[i];
        s1 += x[i + 1] * y[i + 1] * z[i + 1];
        s2 += x[i + 2] * y[i + 2] * z[i + 2];
        s3 += x[i + 3] * y[i + 3] * z[i + 3];
        s4 += x[i + 4] * y[i + 4] * z[i + 4];
        s5 += x[i + 5] * y[i + 5] * z[i + 5];
        s6 += x[i + 6] * y[i + 6] * z[i + 6];
        s7 += x[i + 7] * y[i + 7] * z[i + 7];
      }
      for (; i < to; i++) {
        s0 += x[i] * y[i] * z[i];
      }
      return ((s0 + s1) + (s2 + s3)) + ((s4 + s5) + (s6 + s7));
    });
    double s = 0;
    for (double d : parts) {
      s += d;
    }
    return s;
  }

  /**
   * {@code sum(x * y)} and {@code sum(x * z)} in one pass over dense arrays (x read once), 4
   * accumulators per sum and thread.
   */
  static double[] sumProducts2(double[] x, double[] y, double[] z, KernelPool pool) {
    int k = pool.parallelism();
    List<double[]> parts = pool.mapChunks(k, 1, Long.MAX_VALUE, (p, q) -> {
      int from = (int) ((long) x.length * p / k);
      int to = (int) ((long) x.length * q / k);
      double a0 = 0, a1 = 0, a2 = 0, a3 = 0;
      double b0 = 0, b1 = 0, b2 = 0, b3 = 0;
      int i = from;
      for (; i + 4 <= to; i += 4) {
        double x0 = x[i], x1 = x[i + 1], x2 = x[i + 2], x3 = x[i + 3];
        a0 += x0 * y[i];
        a1 += x1 * y[i + 1];
        a2 += x2 * y[i + 2];
        a3 += x3 * y[i + 3];
        b0 += x0 * z[i];
        b1 += x1 * z[i + 1];
        b2 += x2 * z[i + 2];
        b3 += x3 * z[i + 3];
      }
      for (; i < to; i++) {
        a0 += x[i] * y[i];
        b0 += x[i] * z[i];
      }
      return new double[] {(a0 + a1) + (a2 + a3), (b0 + b1) + (b2 + b3)};
    });
    double[] out = new double[2];
    for (double[] part : parts) {
      out[0] += part[0];
      out[1] += part[1];
    }
    return out;
  }

  /**
   * L2SVM's line-search sums sum(out * y * xd) and sum(xd * sv * xd), out = max(1 - y * (xw +
   * step * xd), 0) and sv = out > 0, in one pass with two accumulators per sum. The indicator is
   * the branch-free {@link Indicators#gt}: written as Java's {@code out > 0 ? 1 : 0}, the JIT
   * compiles a branch that mispredicts on about half of these cells and the loop runs about
   * half as fast, so that would not be the machine's limit.
   */
  static double[] hingeSums(double[] y, double[] xw, double[] xd, double step,
      KernelPool pool) {
    List<double[]> parts = perThread(y.length, pool, (from, to) -> {
      double g0 = 0, g1 = 0, h0 = 0, h1 = 0;
      int i = from;
      for (; i + 2 <= to; i += 2) {
        double o0 = 1 - y[i] * (xw[i] + step * xd[i]);
        double o1 = 1 - y[i + 1] * (xw[i + 1] + step * xd[i + 1]);
        double s0 = Indicators.gt(o0, 0);
        double s1 = Indicators.gt(o1, 0);
        g0 += o0 * s0 * y[i] * xd[i];
        g1 += o1 * s1 * y[i + 1] * xd[i + 1];
        h0 += xd[i] * s0 * xd[i];
        h1 += xd[i + 1] * s1 * xd[i + 1];
      }
      for (; i < to; i++) {
        double o = 1 - y[i] * (xw[i] + step * xd[i]);
        double sv = Indicators.gt(o, 0);
        g0 += o * sv * y[i] * xd[i];
        h0 += xd[i] * sv * xd[i];
      }
      return new double[] {g0 + g1, h0 + h1};
    });
    return sumOf(parts, 2);
  }

  /**
   * The partial results of {@code fn} over [0, n) split into one contiguous range per thread of
   * the pool (a two-range split on the default two threads), in range order.
   */
  private static <T> List<T> perThread(int n, KernelPool pool, RangeFunction<T> fn) {
    int k = pool.parallelism();
    return pool.mapChunks(k, 1, Long.MAX_VALUE,
        (p, q) -> fn.apply((int) ((long) n * p / k), (int) ((long) n * q / k)));
  }

  private static double sumOf(List<Double> parts) {
    double s = 0;
    for (double d : parts) {
      s += d;
    }
    return s;
  }

  private static double[] sumOf(List<double[]> parts, int len) {
    double[] out = new double[len];
    for (double[] part : parts) {
      for (int i = 0; i < len; i++) {
        out[i] += part[i];
      }
    }
    return out;
  }

  /** Dot product of {@code a[aOff..aOff+len)} and {@code b[bOff..bOff+len)}, 4 accumulators. */
  static double dot(double[] a, int aOff, double[] b, int bOff, int len) {
    double t0 = 0, t1 = 0, t2 = 0, t3 = 0;
    int i = 0;
    for (; i + 4 <= len; i += 4) {
      t0 += a[aOff + i] * b[bOff + i];
      t1 += a[aOff + i + 1] * b[bOff + i + 1];
      t2 += a[aOff + i + 2] * b[bOff + i + 2];
      t3 += a[aOff + i + 3] * b[bOff + i + 3];
    }
    for (; i < len; i++) {
      t0 += a[aOff + i] * b[bOff + i];
    }
    return (t0 + t1) + (t2 + t3);
  }

  /**
   * {@code sum(X * Y * Z)} with X sparse (CSR, {@code rows} rows) and Y, Z dense
   * {@code rows x cols}: one pass over X's non-zeros, Y and Z read at X's positions only, 2
   * accumulators per thread.
   */
  static double sumProduct3Sparse(int[] ptr, int[] ix, double[] xv, int rows, int cols,
      double[] y, double[] z, KernelPool pool) {
    return sumOf(perThread(rows, pool, (from, to) -> {
      // rows hold few non-zeros (10 at 100 columns and sparsity 0.1): unrolling by 2 leaves at
      // most one in the remainder loop, wider unrolling measured slower
      double s0 = 0, s1 = 0;
      for (int r = from; r < to; r++) {
        int off = r * cols;
        int k = ptr[r];
        int end = ptr[r + 1];
        for (; k + 2 <= end; k += 2) {
          int c0 = off + ix[k], c1 = off + ix[k + 1];
          s0 += xv[k] * y[c0] * z[c0];
          s1 += xv[k + 1] * y[c1] * z[c1];
        }
        if (k < end) {
          int c = off + ix[k];
          s0 += xv[k] * y[c] * z[c];
        }
      }
      return s0 + s1;
    }));
  }

  /**
   * {@code sum(X * Y)} and {@code sum(X * Z)} in one pass over sparse X (CSR), Y and Z dense
   * {@code rows x cols}, 2 accumulators per sum and thread.
   */
  static double[] sumProducts2Sparse(int[] ptr, int[] ix, double[] xv, int rows, int cols,
      double[] y, double[] z, KernelPool pool) {
    return sumOf(perThread(rows, pool, (from, to) -> {
      double a0 = 0, a1 = 0, b0 = 0, b1 = 0;
      for (int r = from; r < to; r++) {
        int off = r * cols;
        int k = ptr[r];
        int end = ptr[r + 1];
        for (; k + 2 <= end; k += 2) {
          int c0 = off + ix[k], c1 = off + ix[k + 1];
          double x0 = xv[k], x1 = xv[k + 1];
          a0 += x0 * y[c0];
          a1 += x1 * y[c1];
          b0 += x0 * z[c0];
          b1 += x1 * z[c1];
        }
        if (k < end) {
          int c = off + ix[k];
          a0 += xv[k] * y[c];
          b0 += xv[k] * z[c];
        }
      }
      return new double[] {a0 + a1, b0 + b1};
    }), 2);
  }

  /**
   * {@code t(X) %*% (w * (X %*% v))} over dense X ({@code rows x cols}), one pass over X: per row
   * the dot product with v (4 accumulators) while the row is in L1, then {@code acc += (w[r] *
   * dot) * row}; per-thread partial outputs of length {@code cols} are added at the end.
   */
  static double[] mmchainWeighted(double[] x, double[] v, double[] w, int rows, int cols,
      KernelPool pool) {
    return sumOf(perThread(rows, pool, (from, to) -> {
      double[] acc = new double[cols];
      for (int r = from; r < to; r++) {
        int off = r * cols;
        double t = w[r] * dot(x, off, v, 0, cols);
        if (t != 0) {
          for (int c = 0; c < cols; c++) {
            acc[c] += t * x[off + c];
          }
        }
      }
      return acc;
    }), cols);
  }

  /**
   * {@code t(X) %*% (w * (X %*% v))} over sparse X (CSR): per row a sparse dot product with v
   * and a scatter of {@code (w[r] * dot) * row} into the output.
   */
  static double[] mmchainWeightedSparse(int[] ptr, int[] ix, double[] xv, int rows, int cols,
      double[] v, double[] w, KernelPool pool) {
    return sumOf(perThread(rows, pool, (from, to) -> {
      double[] acc = new double[cols];
      for (int r = from; r < to; r++) {
        int start = ptr[r];
        int end = ptr[r + 1];
        double t0 = 0, t1 = 0;
        int k = start;
        for (; k + 2 <= end; k += 2) {
          t0 += xv[k] * v[ix[k]];
          t1 += xv[k + 1] * v[ix[k + 1]];
        }
        if (k < end) {
          t0 += xv[k] * v[ix[k]];
        }
        double t = w[r] * (t0 + t1);
        if (t != 0) {
          for (k = start; k < end; k++) {
            acc[ix[k]] += t * xv[k];
          }
        }
      }
      return acc;
    }), cols);
  }

  /**
   * {@code t(X) %*% (W * (X %*% V))} over dense X ({@code rows x cols}), V {@code cols x p} and W
   * {@code rows x p} row-major: per row the p dot products in one sweep of the row, then the p
   * scaled rows added into the {@code cols x p} output (row-major), all while the row is in L1.
   */
  static double[] mmchainMatrix(double[] x, double[] v, double[] w, int rows, int cols, int p,
      KernelPool pool) {
    if (p == 2) {
      return mmchainMatrix2(x, v, w, rows, cols, pool);
    }
    return sumOf(perThread(rows, pool, (from, to) -> {
      double[] acc = new double[cols * p];
      double[] t = new double[p];
      for (int r = from; r < to; r++) {
        int off = r * cols;
        Arrays.fill(t, 0);
        for (int c = 0; c < cols; c++) {
          double xc = x[off + c];
          for (int j = 0; j < p; j++) {
            t[j] += xc * v[c * p + j];
          }
        }
        for (int j = 0; j < p; j++) {
          t[j] *= w[r * p + j];
        }
        for (int c = 0; c < cols; c++) {
          double xc = x[off + c];
          for (int j = 0; j < p; j++) {
            acc[c * p + j] += xc * t[j];
          }
        }
      }
      return acc;
    }), cols * p);
  }

  /** {@link #mmchainMatrix} for p = 2 (the paper's Fig. 10(c)), 2 accumulators per column of V. */
  private static double[] mmchainMatrix2(double[] x, double[] v, double[] w, int rows, int cols,
      KernelPool pool) {
    return sumOf(perThread(rows, pool, (from, to) -> {
      double[] acc = new double[cols * 2];
      for (int r = from; r < to; r++) {
        int off = r * cols;
        double a0 = 0, a1 = 0, b0 = 0, b1 = 0;
        int c = 0;
        for (; c + 2 <= cols; c += 2) {
          double x0 = x[off + c], x1 = x[off + c + 1];
          a0 += x0 * v[2 * c];
          b0 += x0 * v[2 * c + 1];
          a1 += x1 * v[2 * c + 2];
          b1 += x1 * v[2 * c + 3];
        }
        if (c < cols) {
          a0 += x[off + c] * v[2 * c];
          b0 += x[off + c] * v[2 * c + 1];
        }
        double ta = w[2 * r] * (a0 + a1);
        double tb = w[2 * r + 1] * (b0 + b1);
        for (c = 0; c < cols; c++) {
          double xc = x[off + c];
          acc[2 * c] += xc * ta;
          acc[2 * c + 1] += xc * tb;
        }
      }
      return acc;
    }), cols * 2);
  }

  /**
   * {@code t(X) %*% (W * (X %*% V))} over sparse X (CSR), V {@code cols x p} and W
   * {@code rows x p} dense row-major; output {@code cols x p} row-major.
   */
  static double[] mmchainMatrixSparse(int[] ptr, int[] ix, double[] xv, int rows, int cols,
      double[] v, double[] w, int p, KernelPool pool) {
    return sumOf(perThread(rows, pool, (from, to) -> {
      double[] acc = new double[cols * p];
      double[] t = new double[p];
      for (int r = from; r < to; r++) {
        int start = ptr[r];
        int end = ptr[r + 1];
        Arrays.fill(t, 0);
        for (int k = start; k < end; k++) {
          double xk = xv[k];
          int vo = ix[k] * p;
          for (int j = 0; j < p; j++) {
            t[j] += xk * v[vo + j];
          }
        }
        for (int j = 0; j < p; j++) {
          t[j] *= w[r * p + j];
        }
        for (int k = start; k < end; k++) {
          double xk = xv[k];
          int ao = ix[k] * p;
          for (int j = 0; j < p; j++) {
            acc[ao + j] += xk * t[j];
          }
        }
      }
      return acc;
    }), cols * p);
  }

  /**
   * {@code sum(X * log(U %*% t(V) + eps))} over sparse X (CSR, {@code rows} rows): per non-zero
   * x_ij the dot product of U's row i and V's row j (both {@code rank} long, row-major), so
   * neither U %*% t(V) nor any intermediate exists; 2 accumulators per thread.
   */
  static double sumXLogUvSparse(int[] ptr, int[] ix, double[] xv, int rows, double[] u,
      double[] v, int rank, double eps, KernelPool pool) {
    return sumOf(perThread(rows, pool, (from, to) -> {
      double s0 = 0, s1 = 0;
      for (int i = from; i < to; i++) {
        int uo = i * rank;
        int k = ptr[i];
        int end = ptr[i + 1];
        for (; k + 2 <= end; k += 2) {
          s0 += xv[k] * Math.log(dot(u, uo, v, ix[k] * rank, rank) + eps);
          s1 += xv[k + 1] * Math.log(dot(u, uo, v, ix[k + 1] * rank, rank) + eps);
        }
        if (k < end) {
          s0 += xv[k] * Math.log(dot(u, uo, v, ix[k] * rank, rank) + eps);
        }
      }
      return s0 + s1;
    }));
  }

  /**
   * {@code (X * (U %*% t(V))) %*% V} over CSR X ({@code rows} rows), U (rows x rank) and V
   * (cols x rank) row-major: per row i, {@code out[i,] += X[i,j] * (U[i,] . V[j,]) * V[j,]} over
   * the row's non-zeros, rows split among the threads. The loop a programmer writes for ALS-CG's
   * conjugate-gradient step.
   */
  static double[] rightXuvSparse(int[] ptr, int[] ix, double[] xv, int rows, double[] u,
      double[] v, int rank, KernelPool pool) {
    double[] out = new double[rows * rank];
    perThread(rows, pool, (from, to) -> {
      for (int i = from; i < to; i++) {
        int uo = i * rank;
        for (int k = ptr[i]; k < ptr[i + 1]; k++) {
          int vo = ix[k] * rank;
          double w = xv[k] * dot(u, uo, v, vo, rank);
          for (int l = 0; l < rank; l++) {
            out[uo + l] += w * v[vo + l];
          }
        }
      }
      return null;
    });
    return out;
  }

  /**
   * {@code sum(X * log(U %*% t(V) + eps))} over dense X ({@code rows x cols}): the same loop over
   * every cell, skipping zeros of X (the expression is sparse-safe over X).
   */
  static double sumXLogUvDense(double[] x, int rows, int cols, double[] u, double[] v, int rank,
      double eps, KernelPool pool) {
    return sumOf(perThread(rows, pool, (from, to) -> {
      double s0 = 0, s1 = 0;
      for (int i = from; i < to; i++) {
        int off = i * cols;
        int uo = i * rank;
        int j = 0;
        for (; j + 2 <= cols; j += 2) {
          double x0 = x[off + j], x1 = x[off + j + 1];
          if (x0 != 0) {
            s0 += x0 * Math.log(dot(u, uo, v, j * rank, rank) + eps);
          }
          if (x1 != 0) {
            s1 += x1 * Math.log(dot(u, uo, v, (j + 1) * rank, rank) + eps);
          }
        }
        if (j < cols && x[off + j] != 0) {
          s0 += x[off + j] * Math.log(dot(u, uo, v, j * rank, rank) + eps);
        }
      }
      return s0 + s1;
    }));
  }
}
