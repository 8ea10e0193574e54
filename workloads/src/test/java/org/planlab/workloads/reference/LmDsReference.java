package org.planlab.workloads.reference;

/**
 * Reference implementation of builtins/lmDS.dml: ridge regression by a direct solve of
 * (XᵀX + diag(λ))·β = Xᵀy (Gaussian elimination with partial pivoting).
 */
public final class LmDsReference {
  private LmDsReference() {
  }

  /** The script's arguments besides X and y, named as in the script. */
  public record Params(int icpt, double reg) {
    /** The script's defaults. */
    public static Params defaults() {
      return new Params(0, 1e-7);
    }
  }

  /** The coefficients for the raw X (the intercept's last when icpt > 0). */
  public static double[] fit(double[][] X, double[] y, Params p) {
    Design d = Design.of(X, y, p.icpt());
    double[][] A = Dense.tmultiply(d.x(), d.x());
    double[] lambda = d.lambda(p.reg());
    for (int j = 0; j < A.length; j++) {
      A[j][j] = A[j][j] + lambda[j];
    }
    double[] b = Dense.tmultiply(d.x(), y);
    return d.toRaw(Dense.solve(A, b));
  }

  /** The drivers' objective: Σ(y − X·B)², B's last entry the intercept when icpt > 0. */
  public static double residualSumOfSquares(double[][] X, double[] y, double[] B, int icpt) {
    int m = Dense.cols(X);
    double s = 0;
    for (int i = 0; i < X.length; i++) {
      double yhat = 0;
      for (int j = 0; j < m; j++) {
        yhat += X[i][j] * B[j];
      }
      if (icpt > 0) {
        yhat = yhat + B[m];
      }
      double r = y[i] - yhat;
      s += r * r;
    }
    return s;
  }

  /**
   * The design matrix as the linear-regression scripts build it: standardised for icpt 2, with a
   * column of ones for icpt 1 and 2.
   */
  record Design(double[][] x, int icpt, Dense.Standardized standardized) {
    static Design of(double[][] X, double[] y, int icpt) {
      if (y.length != X.length || icpt < 0 || icpt > 2) {
        throw new IllegalArgumentException("y must have " + X.length + " rows and icpt be 0, 1 or 2");
      }
      double[][] x = X;
      Dense.Standardized standardized = null;
      if (icpt == 2) {
        standardized = Dense.standardize(X);
        x = standardized.x();
      }
      if (icpt > 0) {
        x = Dense.appendOnes(x);
      }
      return new Design(x, icpt, standardized);
    }

    /** reg for every coefficient, 0 for the intercept. */
    double[] lambda(double reg) {
      double[] lambda = new double[Dense.cols(x)];
      java.util.Arrays.fill(lambda, reg);
      if (icpt > 0) {
        lambda[lambda.length - 1] = 0;
      }
      return lambda;
    }

    /** Coefficients of the design mapped back to raw X. */
    double[] toRaw(double[] beta) {
      return icpt == 2 ? Dense.column(standardized.toRaw(Dense.asColumn(beta)), 0) : beta;
    }
  }
}
