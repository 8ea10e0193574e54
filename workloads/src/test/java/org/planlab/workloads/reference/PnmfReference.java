package org.planlab.workloads.reference;

import java.util.ArrayList;
import java.util.List;

/**
 * Reference implementation of builtins/pnmf.dml: Poisson NMF by multiplicative updates. The random
 * initial factors are inputs ({@code W_init}, {@code H_init}); the tests pass the matrices the
 * driver's seed draws.
 */
public final class PnmfReference {
  private PnmfReference() {
  }

  /** The script's arguments besides X, rnk (the factors' rank) and the initial factors. */
  public record Params(double eps, int maxi) {
    /** The script's defaults. */
    public static Params defaults() {
      return new Params(1e-8, 10);
    }
  }

  /**
   * @param W m x k
   * @param H k x n
   * @param objectives the objective after every iteration (the script prints it when verbose)
   */
  public record Result(double[][] W, double[][] H, List<Double> objectives) {
  }

  /** Factorizes non-negative X (m x n) from W_init (m x k) and H_init (k x n). */
  public static Result fit(double[][] X, double[][] W_init, double[][] H_init, Params p) {
    int m = X.length;
    int n = Dense.cols(X);
    int k = H_init.length;
    if (W_init.length != m || Dense.cols(W_init) != k || Dense.cols(H_init) != n) {
      throw new IllegalArgumentException("initial factors must be " + m + "x" + k + " and " + k + "x" + n);
    }
    double eps = p.eps();
    double[][] W = Dense.copy(W_init);
    double[][] H = Dense.copy(H_init);
    List<Double> objectives = new ArrayList<>();
    for (int i = 0; i < p.maxi(); i++) {
      // H = (H ⊙ (Wᵀ·(X ⊘ (W·H + eps)))) ⊘ t(colSums(W))
      double[][] ratio = ratio(X, Dense.multiply(W, H), eps);
      double[][] wtr = Dense.tmultiply(W, ratio);
      double[] colSumsW = new double[k];
      for (double[] row : W) {
        for (int c = 0; c < k; c++) {
          colSumsW[c] += row[c];
        }
      }
      double[][] hNew = new double[k][n];
      for (int c = 0; c < k; c++) {
        for (int j = 0; j < n; j++) {
          hNew[c][j] = (H[c][j] * wtr[c][j]) / colSumsW[c];
        }
      }
      H = hNew;

      // W = (W ⊙ ((X ⊘ (W·H + eps))·Hᵀ)) ⊘ t(rowSums(H))
      ratio = ratio(X, Dense.multiply(W, H), eps);
      double[][] rht = Dense.multiply(ratio, Dense.transpose(H));
      double[] rowSumsH = new double[k];
      for (int c = 0; c < k; c++) {
        rowSumsH[c] = Dense.sum(H[c]);
      }
      double[][] wNew = new double[m][k];
      for (int r = 0; r < m; r++) {
        for (int c = 0; c < k; c++) {
          wNew[r][c] = (W[r][c] * rht[r][c]) / rowSumsH[c];
        }
      }
      W = wNew;
      objectives.add(objective(X, W, H, eps));
    }
    return new Result(W, H, List.copyOf(objectives));
  }

  /** Σ(W·H) − Σ(X ⊙ log(W·H + eps)): the driver's objective. */
  public static double objective(double[][] X, double[][] W, double[][] H, double eps) {
    double[][] wh = Dense.multiply(W, H);
    double logTerm = 0;
    for (int i = 0; i < X.length; i++) {
      for (int j = 0; j < wh[i].length; j++) {
        logTerm += X[i][j] * Math.log(wh[i][j] + eps);
      }
    }
    return Dense.sum(wh) - logTerm;
  }

  private static double[][] ratio(double[][] X, double[][] wh, double eps) {
    double[][] out = new double[X.length][];
    for (int i = 0; i < X.length; i++) {
      out[i] = new double[wh[i].length];
      for (int j = 0; j < wh[i].length; j++) {
        out[i][j] = X[i][j] / (wh[i][j] + eps);
      }
    }
    return out;
  }
}
