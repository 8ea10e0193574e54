package org.planlab.workloads.reference;

/**
 * Reference implementation of builtins/hlm.dml: lm trained on all rows for every icpt and
 * lambda of a grid, scored by the training R².
 */
public final class HlmReference {
  private HlmReference() {
  }

  /** The script's arguments besides X, y, lambdas and icpts, named as in the script. */
  public record Params(double tol, int maxi) {
    /** The script's defaults. */
    public static Params defaults() {
      return new Params(1e-7, 0);
    }
  }

  /**
   * @param bestLambda lambda of the grid point with the highest score
   * @param bestIcpt icpt of that grid point, the first of equal scores with icpts as the outer
   *     and lambdas as the inner loop. Scores that differ only by rounding (icpt 1 and 2 fit the
   *     same model when lambda is tiny) can make an engine pick another, equally good point:
   *     compare the scores, and the score of the chosen point
   * @param scores training R², {@code scores[i][j]} for lambdas[i] and icpts[j]
   */
  public record Result(double bestLambda, int bestIcpt, double[][] scores) {
  }

  /** Runs the grid on X (n x m) and y. */
  public static Result fit(double[][] X, double[] y, double[] lambdas, int[] icpts, Params p) {
    int n = X.length;
    int m = Dense.cols(X);
    if (y.length != n || lambdas.length < 1 || icpts.length < 1) {
      throw new IllegalArgumentException("y must have " + n + " rows, lambdas and icpts be non-empty");
    }
    double mean = 0;
    for (double v : y) {
      mean += v;
    }
    mean = mean / n;
    double ssTotal = 0;
    for (double v : y) {
      ssTotal += (v - mean) * (v - mean);
    }
    if (!(ssTotal > 0)) {
      throw new IllegalArgumentException("y is constant");
    }

    double[][] scores = new double[lambdas.length][icpts.length];
    double bestScore = Double.NEGATIVE_INFINITY;
    double bestLambda = lambdas[0];
    int bestIcpt = icpts[0];
    for (int j = 0; j < icpts.length; j++) {
      int icpt = icpts[j];
      for (int i = 0; i < lambdas.length; i++) {
        double[] B = LmReference.fit(X, y, new LmReference.Params(icpt, lambdas[i], p.tol(), p.maxi()));
        double ssRes = 0;
        for (int r = 0; r < n; r++) {
          double yhat = 0;
          for (int c = 0; c < m; c++) {
            yhat += X[r][c] * B[c];
          }
          if (icpt > 0) {
            yhat = yhat + B[m];
          }
          ssRes += (y[r] - yhat) * (y[r] - yhat);
        }
        double r2 = 1 - ssRes / ssTotal;
        scores[i][j] = r2;
        if (r2 > bestScore) {
          bestScore = r2;
          bestLambda = lambdas[i];
          bestIcpt = icpt;
        }
      }
    }
    return new Result(bestLambda, bestIcpt, scores);
  }
}
