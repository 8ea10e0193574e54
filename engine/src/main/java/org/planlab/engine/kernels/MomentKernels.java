package org.planlab.engine.kernels;

import static org.planlab.engine.kernels.ElementwiseSupport.vectorValues;

import java.util.Arrays;
import org.planlab.engine.matrix.DimensionMismatchException;
import org.planlab.engine.matrix.MatrixBlock;

/**
 * The weighted statistics of DML over column vectors, as SystemDS 3.3.0: {@code moment},
 * {@code cov} and {@code interQuartileMean}. Weights are frequencies (a weight of 2 counts its
 * value twice, fractional weights count fractionally); without weights every value has weight 1.
 * Sums are compensated ({@link KahanSum}); central moments are computed in two passes (mean,
 * then deviations), which is exact enough for the mean-shifted data these statistics see.
 */
public final class MomentKernels {
  private MomentKernels() {
  }

  /**
   * The k-th central moment {@code sum(w (x - mean)^k) / sum(w)} for k in 2..4 (the population
   * moment: moment(X, 2) is var(X) * (n - 1) / n); NaN for no values.
   *
   * @param w the weights, or null for all 1
   * @throws IllegalArgumentException for k outside 2..4 or a non-column X or W of other length
   */
  public static double moment(MatrixBlock x, MatrixBlock w, int k) {
    if (k < 2 || k > 4) {
      throw new IllegalArgumentException("the order of moment must be 2, 3 or 4, was " + k);
    }
    double[] v = column("moment", x, "X");
    double[] wt = weights("moment", w, v.length);
    double total = sum(wt, v.length);
    double mean = weightedSum(v, wt) / total;
    return deviations(v, wt, mean, k) / total;
  }

  /**
   * The sample covariance {@code sum(w (x - mx)(y - my)) / (sum(w) - 1)} with weighted means
   * mx, my; NaN for fewer than two (weighted) values.
   *
   * @param w the weights, or null for all 1
   */
  public static double cov(MatrixBlock x, MatrixBlock y, MatrixBlock w) {
    double[] a = column("cov", x, "X");
    double[] b = column("cov", y, "Y");
    if (a.length != b.length) {
      throw DimensionMismatchException.of("cov", x, y, "X and Y must have the same length");
    }
    double[] wt = weights("cov", w, a.length);
    double total = sum(wt, a.length);
    double ma = weightedSum(a, wt) / total;
    double mb = weightedSum(b, wt) / total;
    KahanSum s = new KahanSum();
    for (int i = 0; i < a.length; i++) {
      s.add((wt == null ? 1 : wt[i]) * (a[i] - ma) * (b[i] - mb));
    }
    return s.value() / (total - 1);
  }

  /**
   * The interquartile mean: the weighted mean of the middle half of the sorted values, where the
   * values at the 25% and 75% marks count with the fraction of their weight inside (for 1..8
   * the mean of 3..6; for five values 0.75 of the 2nd and 4th, all of the 3rd).
   *
   * @param w the weights, or null for all 1
   */
  public static double interQuartileMean(MatrixBlock x, MatrixBlock w) {
    double[] v = column("interQuartileMean", x, "X");
    double[] wt = weights("interQuartileMean", w, v.length);
    int n = v.length;
    Integer[] order = new Integer[n];
    for (int i = 0; i < n; i++) {
      order[i] = i;
    }
    Arrays.sort(order, (p, q) -> Double.compare(v[p], v[q]));
    double total = sum(wt, n);
    double lo = total / 4;
    double hi = 3 * total / 4;
    KahanSum s = new KahanSum();
    double before = 0;
    for (int k = 0; k < n && before < hi; k++) {
      int i = order[k];
      double weight = wt == null ? 1 : wt[i];
      double inside = Math.min(before + weight, hi) - Math.max(before, lo);
      if (inside > 0) {
        s.add(inside * v[i]);
      }
      before += weight;
    }
    return s.value() / (hi - lo);
  }

  // ---------------------------------------------------------------- helpers

  private static double[] column(String op, MatrixBlock x, String name) {
    if (x.cols() != 1) {
      throw new DimensionMismatchException("dimension mismatch in " + op + ": " + name + " is "
          + x.shape() + " but must be a column vector");
    }
    return vectorValues(x);
  }

  /** The weights as an array of {@code n}, or null for a null block (all 1). */
  private static double[] weights(String op, MatrixBlock w, int n) {
    if (w == null) {
      return null;
    }
    if (w.cols() != 1 || w.rows() != n) {
      throw new DimensionMismatchException("dimension mismatch in " + op + ": the weights are "
          + w.shape() + " but must be " + n + "x1");
    }
    return vectorValues(w);
  }

  static double sum(double[] w, int n) {
    if (w == null) {
      return n;
    }
    KahanSum s = new KahanSum();
    for (double d : w) {
      s.add(d);
    }
    return s.value();
  }

  /** {@code sum(w * v)}. */
  private static double weightedSum(double[] v, double[] w) {
    KahanSum s = new KahanSum();
    for (int i = 0; i < v.length; i++) {
      s.add((w == null ? 1 : w[i]) * v[i]);
    }
    return s.value();
  }

  /** {@code sum(w (v - mean)^k)}. */
  static double deviations(double[] v, double[] w, double mean, int k) {
    KahanSum s = new KahanSum();
    for (int i = 0; i < v.length; i++) {
      double d = v[i] - mean;
      double p = k == 2 ? d * d : k == 3 ? d * d * d : d * d * d * d;
      s.add((w == null ? 1 : w[i]) * p);
    }
    return s.value();
  }
}
