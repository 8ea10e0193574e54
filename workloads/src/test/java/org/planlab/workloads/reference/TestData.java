package org.planlab.workloads.reference;

import java.util.Random;

/** Small seeded test inputs, made with {@link java.util.Random}. */
final class TestData {
  private TestData() {
  }

  /** n x m uniform in [min, max). */
  static double[][] uniform(Random rnd, int n, int m, double min, double max) {
    double[][] a = new double[n][m];
    for (double[] row : a) {
      for (int j = 0; j < m; j++) {
        row[j] = min + (max - min) * rnd.nextDouble();
      }
    }
    return a;
  }

  /** n uniform values in [min, max). */
  static double[] uniform(Random rnd, int n, double min, double max) {
    double[] a = new double[n];
    for (int i = 0; i < n; i++) {
      a[i] = min + (max - min) * rnd.nextDouble();
    }
    return a;
  }

  /** sign(X·w* + N(0, noise)) in {−1, +1} with w* ~ N(0, 1). */
  static double[] binaryLabels(Random rnd, double[][] x, double noise) {
    double[] w = gaussian(rnd, Dense.cols(x));
    double[] y = new double[x.length];
    for (int i = 0; i < x.length; i++) {
      y[i] = Dense.dot(x[i], w) + noise * rnd.nextGaussian() >= 0 ? 1 : -1;
    }
    return y;
  }

  /** argmax_k (X·W* + N(0, noise))_k + 1 in 1..classes with W* ~ N(0, 1). */
  static double[] classLabels(Random rnd, double[][] x, int classes, double noise) {
    double[][] w = new double[Dense.cols(x)][classes];
    for (double[] row : w) {
      for (int c = 0; c < classes; c++) {
        row[c] = rnd.nextGaussian();
      }
    }
    double[][] scores = Dense.multiply(x, w);
    double[] y = new double[x.length];
    for (int i = 0; i < x.length; i++) {
      int best = 0;
      for (int c = 0; c < classes; c++) {
        scores[i][c] += noise * rnd.nextGaussian();
        if (scores[i][c] > scores[i][best]) {
          best = c;
        }
      }
      y[i] = best + 1;
    }
    return y;
  }

  /** X·w* + N(0, noise) with w* ~ N(0, 1). */
  static double[] linearResponse(Random rnd, double[][] x, double noise) {
    double[] w = gaussian(rnd, Dense.cols(x));
    double[] y = new double[x.length];
    for (int i = 0; i < x.length; i++) {
      y[i] = Dense.dot(x[i], w) + noise * rnd.nextGaussian();
    }
    return y;
  }

  /**
   * Ratings-like m x n: a rank-r product of U(0, 1) factors scaled to 1..5, observed with
   * probability {@code density} (other cells 0), every row and column observed at least once.
   */
  static double[][] lowRankRatings(Random rnd, int m, int n, int r, double density) {
    double[][] u = uniform(rnd, m, r, 0, 1);
    double[][] v = uniform(rnd, r, n, 0, 1);
    double[][] full = Dense.multiply(u, v);
    double[][] x = new double[m][n];
    for (int i = 0; i < m; i++) {
      for (int j = 0; j < n; j++) {
        boolean forced = j == i % n || i == j % m;
        if (forced || rnd.nextDouble() < density) {
          x[i][j] = 1 + 4 * full[i][j] / r;
        }
      }
    }
    return x;
  }

  /** Non-negative integer counts at the given density (each observed cell at least 1). */
  static double[][] counts(Random rnd, int m, int n, double density) {
    double[][] x = new double[m][n];
    for (int i = 0; i < m; i++) {
      for (int j = 0; j < n; j++) {
        if (rnd.nextDouble() < density || j == i % n) {
          x[i][j] = 1 + Math.floor(-Math.log(1 - rnd.nextDouble()) * 3);
        }
      }
    }
    return x;
  }

  /**
   * n x m data near a low-rank subspace: G·diag(factorScales)·W + N(0, noise) with G (n x r) and
   * W (r x m) standard normal, then column j scaled by 1 + j and shifted by j, so that centring
   * and scaling matter. Distinct factor scales give well separated leading principal components.
   */
  static double[][] lowRank(Random rnd, int n, int m, double[] factorScales, double noise) {
    int r = factorScales.length;
    double[][] w = new double[r][m];
    for (int k = 0; k < r; k++) {
      for (int j = 0; j < m; j++) {
        w[k][j] = factorScales[k] * rnd.nextGaussian();
      }
    }
    double[][] x = new double[n][m];
    for (int i = 0; i < n; i++) {
      double[] g = gaussian(rnd, r);
      for (int j = 0; j < m; j++) {
        double v = noise * rnd.nextGaussian();
        for (int k = 0; k < r; k++) {
          v += g[k] * w[k][j];
        }
        x[i][j] = (1 + j) * v + j;
      }
    }
    return x;
  }

  static double[] gaussian(Random rnd, int n) {
    double[] a = new double[n];
    for (int i = 0; i < n; i++) {
      a[i] = rnd.nextGaussian();
    }
    return a;
  }

  /** Asserts that every value is at most its predecessor, up to a relative slack. */
  static void assertNonIncreasing(java.util.List<Double> values, double relSlack, String what) {
    for (int i = 1; i < values.size(); i++) {
      double prev = values.get(i - 1);
      double cur = values.get(i);
      if (cur > prev + relSlack * Math.abs(prev)) {
        throw new AssertionError(what + " increased at step " + i + ": " + prev + " -> " + cur
            + " (all: " + values + ")");
      }
    }
  }

  /** max |a − e| / max(1, |e|) over the cells. */
  static double relError(double[] expected, double[] actual) {
    if (expected.length != actual.length) {
      throw new AssertionError("lengths differ: " + expected.length + " vs " + actual.length);
    }
    double err = 0;
    for (int i = 0; i < expected.length; i++) {
      err = Math.max(err, Math.abs(expected[i] - actual[i]) / Math.max(1, Math.abs(expected[i])));
    }
    return err;
  }

  /** max |a − e| / max(1, |e|) over the cells. */
  static double relError(double[][] expected, double[][] actual) {
    if (expected.length != actual.length) {
      throw new AssertionError("row counts differ: " + expected.length + " vs " + actual.length);
    }
    double err = 0;
    for (int i = 0; i < expected.length; i++) {
      err = Math.max(err, relError(expected[i], actual[i]));
    }
    return err;
  }
}
