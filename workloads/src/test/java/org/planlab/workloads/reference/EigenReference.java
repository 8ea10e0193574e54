package org.planlab.workloads.reference;

import java.util.Arrays;
import org.apache.commons.math3.linear.Array2DRowRealMatrix;
import org.apache.commons.math3.linear.EigenDecomposition;

/**
 * Reference implementation of builtins/eigen.dml and the matrix its driver decomposes:
 * eigenvalues ascending with their unit eigenvectors as columns, by commons-math3's
 * {@link EigenDecomposition}. Eigenvectors are unique only up to their sign: compare them after
 * {@link #withSignRule}.
 */
public final class EigenReference {
  private EigenReference() {
  }

  /** The script's arguments besides A: none. */
  public record Params() {
    /** The script's defaults. */
    public static Params defaults() {
      return new Params();
    }
  }

  /**
   * @param evalues the eigenvalues, ascending
   * @param evectors the unit eigenvectors, column k for {@code evalues[k]}
   */
  public record Result(double[] evalues, double[][] evectors) {
  }

  /** Decomposes the symmetric matrix A. */
  public static Result fit(double[][] A) {
    int n = A.length;
    if (Dense.cols(A) != n) {
      throw new IllegalArgumentException("A must be square, is " + n + " x " + Dense.cols(A));
    }
    EigenDecomposition e = new EigenDecomposition(new Array2DRowRealMatrix(A, true));
    double[] values = e.getRealEigenvalues();
    Integer[] order = new Integer[n];
    for (int i = 0; i < n; i++) {
      order[i] = i;
    }
    Arrays.sort(order, (p, q) -> Double.compare(values[p], values[q]));
    double[] evalues = new double[n];
    double[][] evectors = new double[n][n];
    for (int k = 0; k < n; k++) {
      evalues[k] = values[order[k]];
      double[] v = e.getEigenvector(order[k]).toArray();
      for (int i = 0; i < n; i++) {
        evectors[i][k] = v[i];
      }
    }
    return new Result(evalues, evectors);
  }

  /**
   * The matrix the eigen driver decomposes: XᵀX, or with {@code center} the sample covariance
   * (X − colMeans)ᵀ(X − colMeans) / (n − 1).
   */
  public static double[][] driverMatrix(double[][] X, boolean center) {
    double[][] x = X;
    if (center) {
      x = Dense.copy(X);
      double[] mean = colMeans(X);
      for (double[] row : x) {
        for (int j = 0; j < row.length; j++) {
          row[j] = row[j] - mean[j];
        }
      }
      return Dense.scale(1.0 / (X.length - 1), Dense.tmultiply(x, x));
    }
    return Dense.tmultiply(x, x);
  }

  /**
   * A copy of {@code vectors} with every column negated whose entry of largest magnitude is
   * negative (the last such entry among equal magnitudes): the sign rule of builtins/pca.dml.
   */
  public static double[][] withSignRule(double[][] vectors) {
    double[][] out = Dense.copy(vectors);
    for (int k = 0; k < Dense.cols(out); k++) {
      int at = 0;
      for (int i = 0; i < out.length; i++) {
        if (Math.abs(out[i][k]) >= Math.abs(out[at][k])) {
          at = i;
        }
      }
      if (out[at][k] < 0) {
        for (double[] row : out) {
          row[k] = -row[k];
        }
      }
    }
    return out;
  }

  static double[] colMeans(double[][] x) {
    int m = Dense.cols(x);
    double[] mean = new double[m];
    for (int j = 0; j < m; j++) {
      double s = 0;
      for (double[] row : x) {
        s += row[j];
      }
      mean[j] = s / x.length;
    }
    return mean;
  }
}
