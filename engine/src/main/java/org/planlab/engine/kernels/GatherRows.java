package org.planlab.engine.kernels;

import java.util.Arrays;

/**
 * The scalar loops of {@link VectorPrimitives#gatherMultAdd} and {@link
 * VectorPrimitives#gatherMultAddInOrder}: indexed rows of a k-column matrix, scaled and summed
 * into one output slice (the Outer template's RIGHT product, and LEFT over the rows of t(X),
 * fusion paper sec. 2.2). The slice is held in local variables, a window of columns at a time,
 * for all gathered rows, and written back once: adding into the array instead makes every
 * element's chain of additions wait for its own store of the previous row, which took two to
 * three times as long for ranks of five to twenty.
 *
 * <p>Every element gains the same products, multiplied then added, in the same order as the
 * loops over the array did, so the results are the same bit for bit. A window's columns are
 * named variables in groups of four plus up to three, taken or skipped by tests on the
 * window's width that do not change within the loop.
 */
final class GatherRows {
  /** Columns per window: three groups of four and three more, held in local variables. */
  private static final int WIDTH = 15;

  private GatherRows() {
  }

  /**
   * {@code c[ci+l] += w[q] * b[aix[ai+q]*k + l]} for q in [0, len) one after another, for the
   * columns l in [from, k).
   */
  static void inOrder(double[] w, int[] aix, int ai, int len, double[] b, int k, double[] c,
      int ci, int from) {
    for (int l = from; l < k; l += WIDTH) {
      int n = Math.min(WIDTH, k - l);
      window(w, aix, ai, 0, 1, len, b, k, l, n, c, ci + l);
    }
  }

  /**
   * For the columns l in [from, k): {@code c[ci+l]} plus the products {@code w[q] * b[aix[ai+q]
   * *k + l]} of even q in order, plus (added last) the sum from zero of those of odd q in order.
   * Each chain is one pass over its half of the rows.
   */
  static void evenOdd(double[] w, int[] aix, int ai, int len, double[] b, int k, double[] c,
      int ci, int from) {
    double[] odd = new double[Math.min(WIDTH, k - from)];
    for (int l = from; l < k; l += WIDTH) {
      int n = Math.min(WIDTH, k - l);
      Arrays.fill(odd, 0, n, 0.0);
      window(w, aix, ai, 1, 2, len, b, k, l, n, odd, 0);
      window(w, aix, ai, 0, 2, len, b, k, l, n, c, ci + l);
      for (int x = 0; x < n; x++) {
        c[ci + l + x] += odd[x];
      }
    }
  }

  /**
   * {@code c[o+x] += w[q] * b[aix[ai+q]*k + l0 + x]} for x in [0, n), n <= {@link #WIDTH}, and q
   * = first, first + step, ... below len, one after another.
   */
  private static void window(double[] w, int[] aix, int ai, int first, int step, int len,
      double[] b, int k, int l0, int n, double[] c, int o) {
    int g = n / 4;
    int t = n - 4 * g;
    int to = o + 4 * g;
    double a0 = g > 0 ? c[o] : 0.0;
    double a1 = g > 0 ? c[o + 1] : 0.0;
    double a2 = g > 0 ? c[o + 2] : 0.0;
    double a3 = g > 0 ? c[o + 3] : 0.0;
    double b0 = g > 1 ? c[o + 4] : 0.0;
    double b1 = g > 1 ? c[o + 5] : 0.0;
    double b2 = g > 1 ? c[o + 6] : 0.0;
    double b3 = g > 1 ? c[o + 7] : 0.0;
    double g0 = g > 2 ? c[o + 8] : 0.0;
    double g1 = g > 2 ? c[o + 9] : 0.0;
    double g2 = g > 2 ? c[o + 10] : 0.0;
    double g3 = g > 2 ? c[o + 11] : 0.0;
    double t0 = t > 0 ? c[to] : 0.0;
    double t1 = t > 1 ? c[to + 1] : 0.0;
    double t2 = t > 2 ? c[to + 2] : 0.0;
    for (int q = first; q < len; q += step) {
      double s = w[q];
      int bi = aix[ai + q] * k + l0;
      if (g > 0) {
        a0 += s * b[bi];
        a1 += s * b[bi + 1];
        a2 += s * b[bi + 2];
        a3 += s * b[bi + 3];
        if (g > 1) {
          b0 += s * b[bi + 4];
          b1 += s * b[bi + 5];
          b2 += s * b[bi + 6];
          b3 += s * b[bi + 7];
          if (g > 2) {
            g0 += s * b[bi + 8];
            g1 += s * b[bi + 9];
            g2 += s * b[bi + 10];
            g3 += s * b[bi + 11];
          }
        }
      }
      int bt = bi + 4 * g;
      if (t > 0) {
        t0 += s * b[bt];
        if (t > 1) {
          t1 += s * b[bt + 1];
          if (t > 2) {
            t2 += s * b[bt + 2];
          }
        }
      }
    }
    store(c, o, g, to, t, a0, a1, a2, a3, b0, b1, b2, b3, g0, g1, g2, g3, t0, t1, t2);
  }

  /** Writes a window's g groups of four from o and t more from to back into c. */
  private static void store(double[] c, int o, int g, int to, int t, double a0, double a1,
      double a2, double a3, double b0, double b1, double b2, double b3, double g0, double g1,
      double g2, double g3, double t0, double t1, double t2) {
    if (g > 0) {
      c[o] = a0;
      c[o + 1] = a1;
      c[o + 2] = a2;
      c[o + 3] = a3;
    }
    if (g > 1) {
      c[o + 4] = b0;
      c[o + 5] = b1;
      c[o + 6] = b2;
      c[o + 7] = b3;
    }
    if (g > 2) {
      c[o + 8] = g0;
      c[o + 9] = g1;
      c[o + 10] = g2;
      c[o + 11] = g3;
    }
    if (t > 0) {
      c[to] = t0;
    }
    if (t > 1) {
      c[to + 1] = t1;
    }
    if (t > 2) {
      c[to + 2] = t2;
    }
  }
}
