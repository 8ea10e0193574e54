package org.planlab.workloads.reference;

/**
 * Reference implementation of builtins/l2svmGrid.dml: l2svm trained on all rows for every reg
 * of a grid, without and with an intercept, scored by the training accuracy.
 */
public final class L2svmGridReference {
  private L2svmGridReference() {
  }

  /** The script's arguments besides X, Y and regs, named as in the script. */
  public record Params(double epsilon, int maxIterations, int maxii) {
    /** The script's defaults (those of l2svm). */
    public static Params defaults() {
      return new Params(0.001, 100, 20);
    }
  }

  /**
   * @param bestReg reg of the grid point with the highest accuracy, the first of equal ones with
   *     the intercept flag (FALSE, then TRUE) as the outer and regs as the inner loop
   * @param bestIntercept the intercept flag of that grid point
   * @param model the weights trained at that grid point (the intercept's last)
   * @param accuracies training accuracy per reg (rows), without and with intercept (columns)
   * @param losses l2svm's objective at the trained weights, laid out like {@code accuracies}
   */
  public record Result(double bestReg, boolean bestIntercept, double[] model,
      double[][] accuracies, double[][] losses) {
  }

  /** Runs the grid on X (n x m) and labels Y (any two distinct values). */
  public static Result fit(double[][] X, double[] Y, double[] regs, Params p) {
    if (regs.length < 1) {
      throw new IllegalArgumentException("regs must be non-empty");
    }
    double[][] accuracies = new double[regs.length][2];
    double[][] losses = new double[regs.length][2];
    double bestAccuracy = -1;
    double bestReg = regs[0];
    boolean bestIntercept = false;
    double[] model = new double[Dense.cols(X)];
    for (int k = 0; k < 2; k++) {
      boolean intercept = k == 1;
      for (int i = 0; i < regs.length; i++) {
        double[] w = L2svmReference.fit(X, Y, new L2svmReference.Params(intercept, p.epsilon(),
            regs[i], p.maxIterations(), p.maxii())).model();
        double accuracy = accuracy(X, Y, w, intercept);
        accuracies[i][k] = accuracy;
        losses[i][k] = L2svmReference.objective(X, Y, w, intercept, regs[i]);
        if (accuracy > bestAccuracy) {
          bestAccuracy = accuracy;
          bestReg = regs[i];
          bestIntercept = intercept;
          model = w;
        }
      }
    }
    return new Result(bestReg, bestIntercept, model, accuracies, losses);
  }

  /**
   * The fraction of rows with y·(x·w) > 0, y the labels mapped to ±1 as l2svm maps them and
   * w's last weight the intercept when {@code intercept}.
   */
  public static double accuracy(double[][] X, double[] Y, double[] w, boolean intercept) {
    double[] y = L2svmReference.plusMinusOne(Y);
    int m = Dense.cols(X);
    if (w.length != m + (intercept ? 1 : 0)) {
      throw new IllegalArgumentException("w has " + w.length + " weights for " + m + " features"
          + (intercept ? " and an intercept" : ""));
    }
    int correct = 0;
    for (int r = 0; r < X.length; r++) {
      double margin = 0;
      for (int c = 0; c < m; c++) {
        margin += X[r][c] * w[c];
      }
      if (intercept) {
        margin = margin + w[m];
      }
      if (y[r] * margin > 0) {
        correct++;
      }
    }
    return (double) correct / X.length;
  }
}
