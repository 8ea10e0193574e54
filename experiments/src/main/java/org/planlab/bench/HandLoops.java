package org.planlab.bench;

import java.util.List;
import org.planlab.engine.parallel.KernelPool;

/**
 * Hand-written loops over the same arrays the kernels read: the practical limit of this machine
 * for memory-bound work (several accumulators, so the JIT keeps the FP units busy), threaded the
 * same way as the kernels.
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
}
