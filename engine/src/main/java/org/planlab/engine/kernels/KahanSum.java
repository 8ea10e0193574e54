package org.planlab.engine.kernels;

/**
 * Compensated summation as the aggregation kernels use it: a running sum plus a separately
 * accumulated rounding error, updated with Knuth's error-free TwoSum (the "Sum2" scheme of
 * Ogita, Rump and Oishi, "Accurate sum and dot product", SIAM J. Sci. Comput. 26(6), 2005,
 * Alg. 4.4). Unlike Kahan's original update it needs no magnitude test, so it has no branch.
 *
 * <p>A compensated update per value would make a summation loop compute-bound (one dependent
 * chain of six flops per value). The range methods therefore sum blocks of {@link #BLOCK}
 * contiguous values with 8 independent plain accumulators of {@link #PLAIN_RUN} values each (as
 * fast as the memory delivers them) and feed only the 8 block partials through TwoSum.
 *
 * <p>Error bound of {@link #addRange} over values x_i with exact sum S, u = 2^-53: the plain runs
 * err by at most (PLAIN_RUN - 1) u per unit of sum|x_i|, TwoSum adds nothing, and accumulating
 * the errors adds a second-order term, so
 *
 * <pre>  |result - S| &lt;= u |S| + (PLAIN_RUN - 1) u sum|x_i| + O(n u^2) sum|x_i|</pre>
 *
 * that is about 31 u sum|x_i| plus the final rounding, independent of n (a naive loop has
 * (n - 1) u sum|x_i|). The same bound holds for {@link #addSquares} (over x_i^2) and {@link
 * #addDeviations}.
 *
 * <p>Infinities and NaN: once the running sum is not finite, {@link #value()} returns it as it
 * is (the correction would turn {@code Inf} into NaN), so a compensated sum follows IEEE
 * arithmetic on non-finite values exactly as a plain sum does.
 */
public final class KahanSum {
  /** The most values any plain (uncompensated) partial sum adds up. */
  public static final int PLAIN_RUN = 32;

  /** Values per block of {@link #addRange}: 8 accumulators of {@link #PLAIN_RUN} values. */
  public static final int BLOCK = 8 * PLAIN_RUN;

  /** Values per block of {@link #addDeviations}: 4 + 4 accumulators fit the registers. */
  private static final int DEVIATION_BLOCK = 4 * PLAIN_RUN;


  private double sum;
  private double comp;

  /** A sum of zero. */
  public KahanSum() {
  }

  /** Adds {@code x} with TwoSum: {@code sum + comp} holds the exact sum up to second order. */
  public void add(double x) {
    double s = sum + x;
    double bp = s - sum;
    comp += (sum - (s - bp)) + (x - bp);
    sum = s;
  }

  /** Adds another compensated sum (partials are merged in a fixed order by the callers). */
  public void add(KahanSum other) {
    add(other.sum);
    comp += other.comp;
  }

  /** The compensated value; the plain running sum when that is infinite or NaN. */
  public double value() {
    return value(sum, comp);
  }

  /** Back to a sum of zero, for reuse across rows. */
  public void reset() {
    sum = 0;
    comp = 0;
  }

  /** The value of a (sum, correction) pair kept outside a {@code KahanSum}. */
  public static double value(double sum, double comp) {
    return Double.isFinite(sum) ? sum + comp : sum;
  }

  /** TwoSum update of the pair ({@code sums[i]}, {@code comps[i]}) with {@code x}. */
  public static void add(double[] sums, double[] comps, int i, double x) {
    double s0 = sums[i];
    double s = s0 + x;
    double bp = s - s0;
    comps[i] += (s0 - (s - bp)) + (x - bp);
    sums[i] = s;
  }

  /**
   * The plain sum of a short range (at most {@link #PLAIN_RUN} values) in two chains: what
   * {@link #addRange} adds for such a range, so a row aggregate over narrow rows can skip the
   * accumulator and stay bit-identical ({@code value(plainRun(..), 0)} equals a fresh sum with
   * the range added).
   */
  static double plainRun(double[] a, int from, int to) {
    double s0 = 0;
    double s1 = 0;
    int i = from;
    for (; i + 2 <= to; i += 2) {
      s0 += a[i];
      s1 += a[i + 1];
    }
    if (i < to) {
      s0 += a[i];
    }
    return s0 + s1;
  }

  /** {@link #plainRun} over the squares, as {@link #addSquares} adds a short range. */
  static double plainRunSquares(double[] a, int from, int to) {
    double s0 = 0;
    double s1 = 0;
    int i = from;
    for (; i + 2 <= to; i += 2) {
      s0 += a[i] * a[i];
      s1 += a[i + 1] * a[i + 1];
    }
    if (i < to) {
      s0 += a[i] * a[i];
    }
    return s0 + s1;
  }

  /** Adds a[from..to) to {@code acc} (see the class comment for the error bound). */
  public static void addRange(double[] a, int from, int to, KahanSum acc) {
    if (to - from <= PLAIN_RUN) {
      // a short range (a row of a narrow matrix) is one plain run and one TwoSum
      acc.add(plainRun(a, from, to));
      return;
    }
    int i = from;
    while (i < to) {
      int end = Math.min(to, i + BLOCK);
      double s0 = 0;
      double s1 = 0;
      double s2 = 0;
      double s3 = 0;
      double s4 = 0;
      double s5 = 0;
      double s6 = 0;
      double s7 = 0;
      for (; i + 8 <= end; i += 8) {
        s0 += a[i];
        s1 += a[i + 1];
        s2 += a[i + 2];
        s3 += a[i + 3];
        s4 += a[i + 4];
        s5 += a[i + 5];
        s6 += a[i + 6];
        s7 += a[i + 7];
      }
      acc.add(s0);
      acc.add(s1);
      acc.add(s2);
      acc.add(s3);
      acc.add(s4);
      acc.add(s5);
      acc.add(s6);
      acc.add(s7);
      for (; i < end; i++) {
        acc.add(a[i]);
      }
    }
  }

  /** Adds the squares of a[from..to) to {@code acc}, blocked like {@link #addRange}. */
  public static void addSquares(double[] a, int from, int to, KahanSum acc) {
    if (to - from <= PLAIN_RUN) {
      acc.add(plainRunSquares(a, from, to));
      return;
    }
    int i = from;
    while (i < to) {
      int end = Math.min(to, i + BLOCK);
      double s0 = 0;
      double s1 = 0;
      double s2 = 0;
      double s3 = 0;
      double s4 = 0;
      double s5 = 0;
      double s6 = 0;
      double s7 = 0;
      for (; i + 8 <= end; i += 8) {
        s0 += a[i] * a[i];
        s1 += a[i + 1] * a[i + 1];
        s2 += a[i + 2] * a[i + 2];
        s3 += a[i + 3] * a[i + 3];
        s4 += a[i + 4] * a[i + 4];
        s5 += a[i + 5] * a[i + 5];
        s6 += a[i + 6] * a[i + 6];
        s7 += a[i + 7] * a[i + 7];
      }
      acc.add(s0);
      acc.add(s1);
      acc.add(s2);
      acc.add(s3);
      acc.add(s4);
      acc.add(s5);
      acc.add(s6);
      acc.add(s7);
      for (; i < end; i++) {
        acc.add(a[i] * a[i]);
      }
    }
  }

  /**
   * The second pass of the two-pass variance: adds (x - mean)^2 to {@code squares} and
   * (x - mean) to {@code deviations} for x in a[from..to). The second sum is the correction term
   * of the "corrected two-pass algorithm" (Chan, Golub, LeVeque, "Algorithms for computing the
   * sample variance", Am. Stat. 37(3), 1983, eq. 1.7): M2 = sum d^2 - (sum d)^2 / n cancels the
   * rounding error of the mean to first order.
   */
  public static void addDeviations(double[] a, int from, int to, double mean,
      KahanSum squares, KahanSum deviations) {
    if (to - from <= PLAIN_RUN) {
      double q = 0;
      double l = 0;
      for (int i = from; i < to; i++) {
        double d = a[i] - mean;
        q += d * d;
        l += d;
      }
      squares.add(q);
      deviations.add(l);
      return;
    }
    int i = from;
    while (i < to) {
      int end = Math.min(to, i + DEVIATION_BLOCK);
      double q0 = 0;
      double q1 = 0;
      double q2 = 0;
      double q3 = 0;
      double l0 = 0;
      double l1 = 0;
      double l2 = 0;
      double l3 = 0;
      for (; i + 4 <= end; i += 4) {
        double d0 = a[i] - mean;
        double d1 = a[i + 1] - mean;
        double d2 = a[i + 2] - mean;
        double d3 = a[i + 3] - mean;
        q0 += d0 * d0;
        q1 += d1 * d1;
        q2 += d2 * d2;
        q3 += d3 * d3;
        l0 += d0;
        l1 += d1;
        l2 += d2;
        l3 += d3;
      }
      squares.add(q0);
      squares.add(q1);
      squares.add(q2);
      squares.add(q3);
      deviations.add(l0);
      deviations.add(l1);
      deviations.add(l2);
      deviations.add(l3);
      for (; i < end; i++) {
        double d = a[i] - mean;
        squares.add(d * d);
        deviations.add(d);
      }
    }
  }
}
