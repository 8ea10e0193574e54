package org.planlab.engine.kernels;

import jdk.incubator.vector.DoubleVector;
import jdk.incubator.vector.VectorOperators;
import jdk.incubator.vector.VectorSpecies;

/**
 * The dense dot product and axpy with explicit SIMD (the JDK's incubating Vector API), which C2
 * alone cannot produce: it never vectorizes a floating-point sum, and it leaves an axpy scalar
 * when source and target slices have different offsets. Measured on this machine's AVX2 cores:
 * the one-pass {@code t(X) %*% (X %*% v)} over a 1e6 x 100 matrix drops from ~59 ms (scalar) to
 * ~31 ms, which is the memory bandwidth.
 *
 * <p>Only {@link VectorPrimitives} calls this class, and only when the module
 * {@code jdk.incubator.vector} is in the boot layer ({@code --add-modules jdk.incubator.vector},
 * which the build, the tests and the launchers pass); otherwise the class is never loaded. Sums
 * use a fixed lane count (the machine's preferred species) and a fixed combination order, so
 * results are reproducible on a machine and independent of the thread count.
 */
final class SimdPrimitives {
  /**
   * The one vector shape of every SIMD loop in the engine: 256 bits where the machine has them
   * (also on machines with 512-bit vectors), else the machine's preferred shape. One shape, since
   * the JIT turns a Vector API call into a SIMD instruction only where it knows the vector's
   * class, and at merges of values (loop variables, conditionals) it falls back on the type
   * profile that the JDK's vector methods collect across all callers: with 256- and 512-bit
   * loops in one process that profile is mixed, and such calls run as allocating library code.
   * 256 bits, since the fusion paper's ranks (10, 20) are multiples of four, not of eight (a
   * 512-bit row of rank 20 leaves a scalar tail of four), and the streaming loops are bound by
   * memory bandwidth, not vector width.
   */
  static final VectorSpecies<Double> SPECIES =
      DoubleVector.SPECIES_PREFERRED.length() >= DoubleVector.SPECIES_256.length()
          ? DoubleVector.SPECIES_256 : DoubleVector.SPECIES_PREFERRED;
  private static final int LANES = SPECIES.length();

  private SimdPrimitives() {
  }

  /**
   * {@code sum_j a[ai+j] * b[bi+j]}: two vector accumulators (to hide FMA latency), lanes
   * summed, scalar tail.
   */
  static double dot(double[] a, double[] b, int ai, int bi, int len) {
    DoubleVector acc0 = DoubleVector.zero(SPECIES);
    DoubleVector acc1 = DoubleVector.zero(SPECIES);
    int j = 0;
    for (; j + 2 * LANES <= len; j += 2 * LANES) {
      acc0 = DoubleVector.fromArray(SPECIES, a, ai + j)
          .fma(DoubleVector.fromArray(SPECIES, b, bi + j), acc0);
      acc1 = DoubleVector.fromArray(SPECIES, a, ai + j + LANES)
          .fma(DoubleVector.fromArray(SPECIES, b, bi + j + LANES), acc1);
    }
    if (j + LANES <= len) {
      // one more vector (a rank of 20 is 16 + 4): cheaper than LANES scalar steps
      acc0 = DoubleVector.fromArray(SPECIES, a, ai + j)
          .fma(DoubleVector.fromArray(SPECIES, b, bi + j), acc0);
      j += LANES;
    }
    double s = acc0.add(acc1).reduceLanes(VectorOperators.ADD);
    for (; j < len; j++) {
      s += a[ai + j] * b[bi + j];
    }
    return s;
  }

  /**
   * {@code c[ci+j] += s * a[ai+j]} for j in [0, len), as a multiply then an add (not a fused
   * multiply-add), so every element is rounded exactly as the scalar loop rounds it.
   */
  static void axpy(double[] a, double s, double[] c, int ai, int ci, int len) {
    DoubleVector sv = DoubleVector.broadcast(SPECIES, s);
    int j = 0;
    for (; j + LANES <= len; j += LANES) {
      DoubleVector.fromArray(SPECIES, a, ai + j).mul(sv)
          .add(DoubleVector.fromArray(SPECIES, c, ci + j))
          .intoArray(c, ci + j);
    }
    for (; j < len; j++) {
      c[ci + j] += s * a[ai + j];
    }
  }

  static int lanes() {
    return LANES;
  }

  /**
   * The SIMD part of {@link VectorPrimitives#gatherMultAdd}: the first {@code k - k % LANES}
   * elements, one vector of LANES elements at a time with an even and an odd accumulator;
   * returns where the scalar tail starts.
   */
  static int gatherMultAdd(double[] w, int[] aix, int ai, int len, double[] b, int k,
      double[] c, int ci) {
    int l = 0;
    for (; l + LANES <= k; l += LANES) {
      DoubleVector s0 = DoubleVector.fromArray(SPECIES, c, ci + l);
      DoubleVector s1 = DoubleVector.zero(SPECIES);
      int q = 0;
      for (; q + 1 < len; q += 2) {
        s0 = s0.add(DoubleVector.fromArray(SPECIES, b, aix[ai + q] * k + l).mul(w[q]));
        s1 = s1.add(DoubleVector.fromArray(SPECIES, b, aix[ai + q + 1] * k + l).mul(w[q + 1]));
      }
      if (q < len) {
        s0 = s0.add(DoubleVector.fromArray(SPECIES, b, aix[ai + q] * k + l).mul(w[q]));
      }
      s0.add(s1).intoArray(c, ci + l);
    }
    return l;
  }

  /**
   * The SIMD part of {@link VectorPrimitives#scatterMultAdd}: the first {@code k - k % LANES}
   * elements, one vector of the source slice held in a register while it is added, scaled, into
   * every indexed row; returns where the scalar tail starts.
   */
  static int scatterMultAdd(double[] a, int ui, double[] w, int[] aix, int ai, int len,
      double[] c, int k) {
    int l = 0;
    for (; l + LANES <= k; l += LANES) {
      DoubleVector u = DoubleVector.fromArray(SPECIES, a, ui + l);
      for (int q = 0; q < len; q++) {
        int ci = aix[ai + q] * k + l;
        u.mul(w[q]).add(DoubleVector.fromArray(SPECIES, c, ci)).intoArray(c, ci);
      }
    }
    return l;
  }
}
