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
}
