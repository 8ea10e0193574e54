package org.planlab.engine.kernels;

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
  /** Columns per window of {@link #inOrder}: three groups of four and three more. */
  private static final int IN_ORDER_WIDTH = 15;
  /**
   * Columns per window of {@link #evenOdd}: two groups of four and three more, each with an
   * even and an odd accumulator (22 registers).
   */
  private static final int EVEN_ODD_WIDTH = 11;

  private GatherRows() {
  }

  /**
   * {@code c[ci+l] += w[q] * b[aix[ai+q]*k + l]} for q in [0, len) one after another, for the
   * columns l in [from, k).
   */
  static void inOrder(double[] w, int[] aix, int ai, int len, double[] b, int k, double[] c,
      int ci, int from) {
    int l = from;
    while (k - l > IN_ORDER_WIDTH) {
      inOrderWindow(w, aix, ai, len, b, k, c, ci, l, 12);
      l += 12;
    }
    inOrderWindow(w, aix, ai, len, b, k, c, ci, l, k - l);
  }

  /**
   * For the columns l in [from, k): {@code c[ci+l]} plus the products {@code w[q] * b[aix[ai+q]
   * *k + l]} of even q in order, plus (added last) the sum from zero of those of odd q in order.
   */
  static void evenOdd(double[] w, int[] aix, int ai, int len, double[] b, int k, double[] c,
      int ci, int from) {
    int l = from;
    while (k - l > EVEN_ODD_WIDTH) {
      evenOddWindow(w, aix, ai, len, b, k, c, ci, l, 8);
      l += 8;
    }
    evenOddWindow(w, aix, ai, len, b, k, c, ci, l, k - l);
  }

  /** {@link #inOrder} for the n <= 15 columns from l0. */
  private static void inOrderWindow(double[] w, int[] aix, int ai, int len, double[] b, int k,
      double[] c, int ci, int l0, int n) {
    if (n <= 0) {
      return;
    }
    int g = n / 4;
    int t = n - 4 * g;
    int o = ci + l0;
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
    for (int q = 0; q < len; q++) {
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

  /** {@link #evenOdd} for the n <= 11 columns from l0. */
  private static void evenOddWindow(double[] w, int[] aix, int ai, int len, double[] b, int k,
      double[] c, int ci, int l0, int n) {
    if (n <= 0) {
      return;
    }
    int g = n / 4;
    int t = n - 4 * g;
    int o = ci + l0;
    int to = o + 4 * g;
    // even chains start from the slice, odd chains from zero
    double a0 = g > 0 ? c[o] : 0.0;
    double a1 = g > 0 ? c[o + 1] : 0.0;
    double a2 = g > 0 ? c[o + 2] : 0.0;
    double a3 = g > 0 ? c[o + 3] : 0.0;
    double b0 = g > 1 ? c[o + 4] : 0.0;
    double b1 = g > 1 ? c[o + 5] : 0.0;
    double b2 = g > 1 ? c[o + 6] : 0.0;
    double b3 = g > 1 ? c[o + 7] : 0.0;
    double t0 = t > 0 ? c[to] : 0.0;
    double t1 = t > 1 ? c[to + 1] : 0.0;
    double t2 = t > 2 ? c[to + 2] : 0.0;
    double x0 = 0.0;
    double x1 = 0.0;
    double x2 = 0.0;
    double x3 = 0.0;
    double y0 = 0.0;
    double y1 = 0.0;
    double y2 = 0.0;
    double y3 = 0.0;
    double z0 = 0.0;
    double z1 = 0.0;
    double z2 = 0.0;
    int q = 0;
    for (; q + 1 < len; q += 2) {
      double s = w[q];
      double r = w[q + 1];
      int bi = aix[ai + q] * k + l0;
      int bj = aix[ai + q + 1] * k + l0;
      if (g > 0) {
        a0 += s * b[bi];
        a1 += s * b[bi + 1];
        a2 += s * b[bi + 2];
        a3 += s * b[bi + 3];
        x0 += r * b[bj];
        x1 += r * b[bj + 1];
        x2 += r * b[bj + 2];
        x3 += r * b[bj + 3];
        if (g > 1) {
          b0 += s * b[bi + 4];
          b1 += s * b[bi + 5];
          b2 += s * b[bi + 6];
          b3 += s * b[bi + 7];
          y0 += r * b[bj + 4];
          y1 += r * b[bj + 5];
          y2 += r * b[bj + 6];
          y3 += r * b[bj + 7];
        }
      }
      int bs = bi + 4 * g;
      int br = bj + 4 * g;
      if (t > 0) {
        t0 += s * b[bs];
        z0 += r * b[br];
        if (t > 1) {
          t1 += s * b[bs + 1];
          z1 += r * b[br + 1];
          if (t > 2) {
            t2 += s * b[bs + 2];
            z2 += r * b[br + 2];
          }
        }
      }
    }
    if (q < len) {
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
        }
      }
      int bs = bi + 4 * g;
      if (t > 0) {
        t0 += s * b[bs];
        if (t > 1) {
          t1 += s * b[bs + 1];
          if (t > 2) {
            t2 += s * b[bs + 2];
          }
        }
      }
    }
    store(c, o, g, to, t, a0 + x0, a1 + x1, a2 + x2, a3 + x3, b0 + y0, b1 + y1, b2 + y2,
        b3 + y3, 0.0, 0.0, 0.0, 0.0, t0 + z0, t1 + z1, t2 + z2);
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
