package org.planlab.engine.kernels;

/**
 * Scalar twins of {@link OuterSimd}'s loops for vectors of four lanes: every lane of every
 * vector operation is the same IEEE operation on the same operands, in the same order (a
 * vector multiply is four multiplies, a vector fused multiply-add four {@link Math#fma} calls,
 * the lane sum {@code (((0 + s0) + s1) + s2) + s3} as the Vector API adds lanes), so the twins'
 * results equal the vector loops' bit for bit.
 *
 * <p>Why they exist: code on the Vector API runs as allocating library code, two orders of
 * magnitude slower, until C2 has compiled it, and at the start of a script the compiler is busy:
 * the first calls of the Outer operators (fusion paper sec. 2.2) ran many times slower than the
 * later ones. Scalar code is compiled within a few thousand calls, so the Outer template's
 * skeleton can run these until the vector loops are compiled ({@link OuterSimd#compiled}).
 * Equal results make the switch invisible in the output, whenever it happens.
 *
 * <p>The lanes are named variables, not an array, so that the JIT keeps them in registers.
 */
final class OuterScalar {
  /** The vector shape these twins reproduce. */
  static final int LANES = 4;

  private OuterScalar() {
  }

  /**
   * {@code U[i,] . V[j,]} as {@link OuterSimd#dots} computes it: lane l sums products of
   * elements l, l + 4, ... in an even and an odd chain of vectors, the chains are added per
   * lane, the lanes summed in order, then the scalar tail.
   */
  static double dot(double[] u, int ui, double[] v, int vi, int k) {
    int tail = k - k % LANES;
    double e0 = u[ui] * v[vi];
    double e1 = u[ui + 1] * v[vi + 1];
    double e2 = u[ui + 2] * v[vi + 2];
    double e3 = u[ui + 3] * v[vi + 3];
    double o0 = 0.0;
    double o1 = 0.0;
    double o2 = 0.0;
    double o3 = 0.0;
    if (tail > LANES) {
      o0 = u[ui + 4] * v[vi + 4];
      o1 = u[ui + 5] * v[vi + 5];
      o2 = u[ui + 6] * v[vi + 6];
      o3 = u[ui + 7] * v[vi + 7];
    }
    int x = 2 * LANES;
    for (; x < tail; x += 2 * LANES) {
      e0 = Math.fma(u[ui + x], v[vi + x], e0);
      e1 = Math.fma(u[ui + x + 1], v[vi + x + 1], e1);
      e2 = Math.fma(u[ui + x + 2], v[vi + x + 2], e2);
      e3 = Math.fma(u[ui + x + 3], v[vi + x + 3], e3);
      if (x + LANES < tail) {
        o0 = Math.fma(u[ui + x + 4], v[vi + x + 4], o0);
        o1 = Math.fma(u[ui + x + 5], v[vi + x + 5], o1);
        o2 = Math.fma(u[ui + x + 6], v[vi + x + 6], o2);
        o3 = Math.fma(u[ui + x + 7], v[vi + x + 7], o3);
      }
    }
    double d = 0.0 + (e0 + o0) + (e1 + o1) + (e2 + o2) + (e3 + o3);
    for (int t = tail; t < k; t++) {
      d += u[ui + t] * v[vi + t];
    }
    return d;
  }

  /**
   * The twin of {@link OuterSimd#dots}. For the ranks the twins serve (one to three vectors and
   * a tail of up to three) U's row is held in locals for all non-zeros, as the vector loop holds
   * it in registers; each dot product is {@link #dot}'s, operation for operation.
   */
  static void dots(double[] u, int ui, double[] v, int k, int[] ix, int p0, int len,
      double[] uv) {
    int nv = k / LANES;
    if (nv > 3) {
      for (int q = 0; q < len; q++) {
        uv[q] = dot(u, ui, v, ix[p0 + q] * k, k);
      }
      return;
    }
    int tail = nv * LANES;
    double a0 = u[ui];
    double a1 = u[ui + 1];
    double a2 = u[ui + 2];
    double a3 = u[ui + 3];
    double b0 = nv > 1 ? u[ui + 4] : 0.0;
    double b1 = nv > 1 ? u[ui + 5] : 0.0;
    double b2 = nv > 1 ? u[ui + 6] : 0.0;
    double b3 = nv > 1 ? u[ui + 7] : 0.0;
    double g0 = nv > 2 ? u[ui + 8] : 0.0;
    double g1 = nv > 2 ? u[ui + 9] : 0.0;
    double g2 = nv > 2 ? u[ui + 10] : 0.0;
    double g3 = nv > 2 ? u[ui + 11] : 0.0;
    double t0 = k > tail ? u[ui + tail] : 0.0;
    double t1 = k > tail + 1 ? u[ui + tail + 1] : 0.0;
    double t2 = k > tail + 2 ? u[ui + tail + 2] : 0.0;
    for (int q = 0; q < len; q++) {
      int vi = ix[p0 + q] * k;
      double e0 = a0 * v[vi];
      double e1 = a1 * v[vi + 1];
      double e2 = a2 * v[vi + 2];
      double e3 = a3 * v[vi + 3];
      double o0 = 0.0;
      double o1 = 0.0;
      double o2 = 0.0;
      double o3 = 0.0;
      if (nv > 1) {
        o0 = b0 * v[vi + 4];
        o1 = b1 * v[vi + 5];
        o2 = b2 * v[vi + 6];
        o3 = b3 * v[vi + 7];
      }
      if (nv > 2) {
        e0 = Math.fma(g0, v[vi + 8], e0);
        e1 = Math.fma(g1, v[vi + 9], e1);
        e2 = Math.fma(g2, v[vi + 10], e2);
        e3 = Math.fma(g3, v[vi + 11], e3);
      }
      double d = 0.0 + (e0 + o0) + (e1 + o1) + (e2 + o2) + (e3 + o3);
      if (k > tail) {
        d += t0 * v[vi + tail];
        if (k > tail + 1) {
          d += t1 * v[vi + tail + 1];
          if (k > tail + 2) {
            d += t2 * v[vi + tail + 2];
          }
        }
      }
      uv[q] = d;
    }
  }

  /**
   * The twin of {@link OuterSimd#right}: the output row's vector part gains
   * {@code fma(V[j,l], w, c[l])} per non-zero, its tail {@code w * V[j,l]}.
   */
  static void right(double[] u, int ui, double[] v, int k, double[] av, int[] ix, int p0,
      int len, double[] c, int ci) {
    int tail = k - k % LANES;
    for (int q = 0; q < len; q++) {
      int vi = ix[p0 + q] * k;
      double w = av[p0 + q] * dot(u, ui, v, vi, k);
      for (int l = 0; l < tail; l++) {
        c[ci + l] = Math.fma(v[vi + l], w, c[ci + l]);
      }
      for (int t = tail; t < k; t++) {
        c[ci + t] += w * v[vi + t];
      }
    }
  }
}
