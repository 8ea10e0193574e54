package org.planlab.workloads.reference;

/**
 * Reference implementation of builtins/gridSearchLM.dml: k-fold cross validation of lmDS over a
 * list of ridge constants, scored by the mean held-out R².
 */
public final class GridSearchLmReference {
  private GridSearchLmReference() {
  }

  /** The script's arguments besides X, y and lambdas, named as in the script. */
  public record Params(int folds, int icpt) {
    /** The script's defaults. */
    public static Params defaults() {
      return new Params(5, 0);
    }
  }

  /**
   * @param bestLambda the lambda with the highest score, the first of equal ones. Scores that
   *     differ only by rounding can make an engine pick a different but equally good lambda:
   *     compare the scores, and the score of the chosen lambda
   * @param scores the mean held-out R² per lambda
   */
  public record Result(double bestLambda, double[] scores) {
  }

  /** Cross-validates on X (n x m) and y for every lambda. */
  public static Result fit(double[][] X, double[] y, double[] lambdas, Params p) {
    int n = X.length;
    int m = Dense.cols(X);
    int folds = p.folds();
    if (folds < 2 || folds > n || lambdas.length < 1) {
      throw new IllegalArgumentException("folds must be in 2.." + n + " and lambdas non-empty");
    }
    double[] scores = new double[lambdas.length];
    for (int i = 0; i < lambdas.length; i++) {
      double totalR2 = 0;
      for (int f = 1; f <= folds; f++) {
        int[] range = fold(n, folds, f);
        int beg = range[0];
        int end = range[1];
        double[][] xTrain = new double[n - (end - beg)][];
        double[] yTrain = new double[xTrain.length];
        int t = 0;
        for (int r = 0; r < n; r++) {
          if (r < beg || r >= end) {
            xTrain[t] = X[r];
            yTrain[t++] = y[r];
          }
        }
        double[] B = LmDsReference.fit(xTrain, yTrain, new LmDsReference.Params(p.icpt(), lambdas[i]));

        double meanTest = 0;
        for (int r = beg; r < end; r++) {
          meanTest += y[r];
        }
        meanTest = meanTest / (end - beg);
        double ssRes = 0;
        double ssTot = 0;
        for (int r = beg; r < end; r++) {
          double yhat = 0;
          for (int j = 0; j < m; j++) {
            yhat += X[r][j] * B[j];
          }
          if (p.icpt() > 0) {
            yhat = yhat + B[m];
          }
          ssRes += (y[r] - yhat) * (y[r] - yhat);
          ssTot += (y[r] - meanTest) * (y[r] - meanTest);
        }
        totalR2 = totalR2 + 1 - ssRes / ssTot;
      }
      scores[i] = totalR2 / folds;
    }
    int best = 0;
    for (int i = 1; i < scores.length; i++) {
      if (scores[i] > scores[best]) {
        best = i;
      }
    }
    return new Result(lambdas[best], scores);
  }

  /**
   * Rows of fold {@code f} (1-based) of {@code folds} over {@code n} rows, as 0-based {from, to}
   * (end exclusive): the script's rows ((f-1) n) %/% folds + 1 .. (f n) %/% folds.
   */
  static int[] fold(int n, int folds, int f) {
    return new int[] {(int) ((long) (f - 1) * n / folds), (int) ((long) f * n / folds)};
  }
}
