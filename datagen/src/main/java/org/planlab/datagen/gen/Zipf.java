package org.planlab.datagen.gen;

/** Zipf laws over ranks 1..n: weight of rank k is k^(-s). */
final class Zipf {
  /** Terms summed exactly before the Euler-Maclaurin tail takes over. */
  private static final long EXACT_TERMS = 1_000_000;

  private Zipf() {
  }

  /**
   * The generalized harmonic number H(n, s) = sum_{k=1..n} k^-s: exact up to a million terms,
   * beyond that the Euler-Maclaurin tail (integral, end-point and first derivative terms), whose
   * error is far below double rounding of the sum at that size.
   */
  static double harmonic(long n, double s) {
    long m = Math.min(n, EXACT_TERMS);
    double sum = 0;
    for (long k = m; k >= 1; k--) {
      sum += Math.pow(k, -s); // smallest terms first: less rounding
    }
    if (n > m) {
      double a = m;
      double b = n;
      double integral = s == 1 ? Math.log(b / a)
          : (Math.pow(b, 1 - s) - Math.pow(a, 1 - s)) / (1 - s);
      double ends = (Math.pow(b, -s) - Math.pow(a, -s)) / 2;
      double deriv = (-s * Math.pow(b, -s - 1) + s * Math.pow(a, -s - 1)) / 12;
      sum += integral + ends + deriv;
    }
    return sum;
  }

  /** The CDF over ranks 0..n-1 (rank k has weight (k+1)^-s); the last entry is exactly 1. */
  static double[] cdf(int n, double s) {
    double[] c = new double[n];
    double acc = 0;
    for (int k = 0; k < n; k++) {
      acc += Math.pow(k + 1, -s);
      c[k] = acc;
    }
    for (int k = 0; k < n; k++) {
      c[k] /= acc;
    }
    if (n > 0) {
      c[n - 1] = 1;
    }
    return c;
  }

  /** The rank whose CDF interval holds u in [0, 1): the first k with cdf[k] > u. */
  static int sample(double[] cdf, double u) {
    int lo = 0;
    int hi = cdf.length - 1; // cdf[last] = 1 > u, so the answer is in [lo, hi]
    while (lo < hi) {
      int mid = (lo + hi) >>> 1;
      if (cdf[mid] > u) {
        hi = mid;
      } else {
        lo = mid + 1;
      }
    }
    return lo;
  }
}
