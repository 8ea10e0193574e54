package org.planlab.workloads.e2e;

import java.util.List;
import java.util.Random;
import org.planlab.engine.matrix.MatrixBlock;
import org.planlab.engine.random.BlockRandom;
import org.planlab.engine.random.RandomBlocks;

/** Comparisons and data for the end-to-end tests. */
final class Checks {
  /** The acceptance tolerance: DML versus the plain-Java reference. */
  static final double REFERENCE_TOL = 1e-8;
  /** Static rewrites on versus off, one versus two threads. */
  static final double VARIANT_TOL = 1e-9;
  /** Values below this fraction of their matrix's largest magnitude are compared absolutely. */
  private static final double FLOOR = 1e-3;

  /** A DML number as printed: digits, sign, exponent, or Infinity/NaN. */
  static final String NUMBER = "(-?(?:[0-9.]+(?:[eE][-+]?[0-9]+)?|Infinity|NaN))";

  private Checks() {
  }

  /**
   * Asserts |a − e| ≤ tol · max(|e|, floor) per cell, the floor 1e-3 times the largest |e| of
   * the matrix: values near zero are compared absolutely, at the matrix's scale.
   */
  static void assertClose(String what, double[][] expected, double[][] actual, double tol) {
    if (expected.length != actual.length) {
      throw new AssertionError(what + ": " + actual.length + " rows, expected " + expected.length);
    }
    double scale = 0;
    for (double[] row : expected) {
      for (double v : row) {
        scale = Math.max(scale, Math.abs(v));
      }
    }
    double floor = Math.max(FLOOR * scale, Double.MIN_NORMAL);
    for (int i = 0; i < expected.length; i++) {
      if (expected[i].length != actual[i].length) {
        throw new AssertionError(what + ": row " + i + " has " + actual[i].length
            + " columns, expected " + expected[i].length);
      }
      for (int j = 0; j < expected[i].length; j++) {
        double e = expected[i][j];
        double a = actual[i][j];
        if (!(Math.abs(a - e) <= tol * Math.max(Math.abs(e), floor))) {
          throw new AssertionError(String.format("%s[%d,%d]: %.17g, expected %.17g"
              + " (rel. error %.3g, tolerance %.1g)", what, i + 1, j + 1, a, e,
              Math.abs(a - e) / Math.abs(e), tol));
        }
      }
    }
  }

  /** {@link #assertClose(String, double[][], double[][], double)} for a column vector. */
  static void assertClose(String what, double[] expected, double[][] actual, double tol) {
    assertClose(what, WorkloadRun.column(expected), actual, tol);
  }

  /** Asserts |a − e| ≤ tol · max(|e|, floor) for one scalar. */
  static void assertClose(String what, double expected, double actual, double tol, double floor) {
    if (!(Math.abs(actual - expected) <= tol * Math.max(Math.abs(expected), floor))) {
      throw new AssertionError(String.format("%s: %.17g, expected %.17g (rel. error %.3g,"
          + " tolerance %.1g)", what, actual, expected, Math.abs(actual - expected)
          / Math.abs(expected), tol));
    }
  }

  /** Element-wise {@link #assertClose(String, double, double, double, double)} of two lists. */
  static void assertClose(String what, List<Double> expected, List<Double> actual, double tol) {
    if (expected.size() != actual.size()) {
      throw new AssertionError(what + ": " + actual.size() + " values " + actual + ", expected "
          + expected.size() + " " + expected);
    }
    for (int i = 0; i < expected.size(); i++) {
      assertClose(what + " #" + (i + 1), expected.get(i), actual.get(i), tol, 0);
    }
  }

  /**
   * Asserts each value is at most its predecessor plus {@code relSlack} of its magnitude (the
   * rounding of the quantities that are compared).
   */
  static void assertNonIncreasing(String what, List<Double> values, double relSlack) {
    if (values.size() < 2) {
      throw new AssertionError(what + ": too few values to check a trend: " + values);
    }
    for (int i = 1; i < values.size(); i++) {
      double prev = values.get(i - 1);
      double cur = values.get(i);
      if (!(cur <= prev + relSlack * Math.abs(prev))) {
        throw new AssertionError(what + " increased at step " + i + ": " + prev + " -> " + cur
            + " (all: " + values + ")");
      }
    }
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

  /**
   * n x m U[min, max) as planlab draws it with {@code seed}, row block by row block: datagen's
   * {@code dense-uniform} of that seed, and DML's {@code rand(rows=n, cols=m, min=min, max=max,
   * seed=seed)} bit for bit (DenseUniformIsDmlRandTest) — the initial factors alsCG and pnmf
   * draw from a driver's {@code seed}.
   */
  static double[][] seededUniform(int n, int m, double min, double max, long seed) {
    double[][] a = new double[n][m];
    for (int b = 0; b < BlockRandom.blockCount(n); b++) {
      int first = b * BlockRandom.ROWS_PER_BLOCK;
      int rows = Math.min(BlockRandom.ROWS_PER_BLOCK, n - first);
      MatrixBlock block = RandomBlocks.block(seed, b, rows, m, 1.0,
          RandomBlocks.Distribution.UNIFORM, min, max);
      for (int i = 0; i < rows; i++) {
        for (int j = 0; j < m; j++) {
          a[first + i][j] = block.get(i, j);
        }
      }
    }
    return a;
  }

  /** n x m standard normal. */
  static double[][] gaussian(Random rnd, int n, int m) {
    double[][] a = new double[n][m];
    for (double[] row : a) {
      for (int j = 0; j < m; j++) {
        row[j] = rnd.nextGaussian();
      }
    }
    return a;
  }

  /**
   * n x m data near a low-rank subspace: G·diag(factorScales)·W + N(0, noise) with G and W
   * standard normal, then column j scaled by 1 + j and shifted by j, so that centring and scaling
   * matter. Distinct factor scales give well separated leading principal components.
   */
  static double[][] lowRank(Random rnd, int n, int m, double[] factorScales, double noise) {
    int r = factorScales.length;
    double[][] w = gaussian(rnd, r, m);
    double[][] x = new double[n][m];
    for (int i = 0; i < n; i++) {
      double[] g = gaussian(rnd, 1, r)[0];
      for (int j = 0; j < m; j++) {
        double v = noise * rnd.nextGaussian();
        for (int k = 0; k < r; k++) {
          v += g[k] * factorScales[k] * w[k][j];
        }
        x[i][j] = (1 + j) * v + j;
      }
    }
    return x;
  }

  /** X·w* + N(0, noise) with w* ~ N(0, 1). */
  static double[] linearResponse(Random rnd, double[][] x, double noise) {
    double[] w = new double[x[0].length];
    for (int j = 0; j < w.length; j++) {
      w[j] = rnd.nextGaussian();
    }
    double[] y = new double[x.length];
    for (int i = 0; i < x.length; i++) {
      double s = 0;
      for (int j = 0; j < w.length; j++) {
        s += x[i][j] * w[j];
      }
      y[i] = s + noise * rnd.nextGaussian();
    }
    return y;
  }

  /** argmax of X·W* + N(0, noise) plus one: labels 1..classes. */
  static double[] classLabels(Random rnd, double[][] x, int classes, double noise) {
    double[][] w = gaussian(rnd, x[0].length, classes);
    double[] y = new double[x.length];
    for (int i = 0; i < x.length; i++) {
      int best = 0;
      double bestScore = Double.NEGATIVE_INFINITY;
      for (int c = 0; c < classes; c++) {
        double s = noise * rnd.nextGaussian();
        for (int j = 0; j < w.length; j++) {
          s += x[i][j] * w[j][c];
        }
        if (s > bestScore) {
          bestScore = s;
          best = c;
        }
      }
      y[i] = best + 1;
    }
    return y;
  }

  /**
   * m x n non-negative data at {@code density}, every row and column holding a non-zero: a
   * rank-r product of U(0, 1) factors scaled to 1..5 (ratings) or, when {@code counts}, Poisson-
   * like integer counts.
   */
  static double[][] sparseData(Random rnd, int m, int n, int r, double density, boolean counts) {
    double[][] u = uniform(rnd, m, r, 0, 1);
    double[][] v = uniform(rnd, r, n, 0, 1);
    double[][] x = new double[m][n];
    for (int i = 0; i < m; i++) {
      for (int j = 0; j < n; j++) {
        boolean forced = j == i % n || i == j % m;
        if (forced || rnd.nextDouble() < density) {
          double s = 0;
          for (int k = 0; k < r; k++) {
            s += u[i][k] * v[k][j];
          }
          x[i][j] = counts ? 1 + Math.floor(-Math.log(1 - rnd.nextDouble()) * 3) : 1 + 4 * s / r;
        }
      }
    }
    return x;
  }

  /** Aᵀ. */
  static double[][] transpose(double[][] a) {
    double[][] t = new double[a.length == 0 ? 0 : a[0].length][a.length];
    for (int i = 0; i < a.length; i++) {
      for (int j = 0; j < a[i].length; j++) {
        t[j][i] = a[i][j];
      }
    }
    return t;
  }
}
