package org.planlab.workloads.reference;

/**
 * Reference implementation of builtins/pca.dml: optional centring and scaling of the columns,
 * the sample covariance C = XᵀX / (n − 1) − n / (n − 1)·μᵀμ of the result, and its
 * eigenvectors of the K largest eigenvalues ({@link EigenReference}), largest first, each with
 * its largest-magnitude entry positive ({@link EigenReference#withSignRule}).
 */
public final class PcaReference {
  private PcaReference() {
  }

  /** The script's arguments besides X, named as in the script. */
  public record Params(int K, boolean center, boolean scale) {
    /** The script's defaults. */
    public static Params defaults() {
      return new Params(2, true, true);
    }
  }

  /**
   * @param Xout the centred and scaled X projected on the components, n x K
   * @param Mout the components, m x K
   * @param Centering the column means, 1 x m (0 x 0 without centring)
   * @param ScaleFactor the column scale factors, 1 x m (0 x 0 without scaling)
   */
  public record Result(double[][] Xout, double[][] Mout, double[][] Centering,
      double[][] ScaleFactor) {
  }

  public static Result fit(double[][] X, Params p) {
    int n = X.length;
    int m = Dense.cols(X);
    if (n < 2 || m < 2 || p.K() < 1) {
      throw new IllegalArgumentException("X must be at least 2 x 2 and K at least 1");
    }
    int K = Math.min(p.K(), m);
    double[][] x = Dense.copy(X);

    double[][] centering = new double[0][0];
    if (p.center()) {
      double[] mean = EigenReference.colMeans(x);
      for (double[] row : x) {
        for (int j = 0; j < m; j++) {
          row[j] = row[j] - mean[j];
        }
      }
      centering = new double[][] {mean};
    }
    double[][] scaleFactor = new double[0][0];
    if (p.scale()) {
      double[] factor = new double[m];
      for (int j = 0; j < m; j++) {
        double ss = 0;
        for (double[] row : x) {
          ss += row[j] * row[j];
        }
        factor[j] = Math.sqrt(ss / (n - 1));
        if (Double.isNaN(factor[j]) || factor[j] == 0) {
          factor[j] = 1;
        }
      }
      for (double[] row : x) {
        for (int j = 0; j < m; j++) {
          row[j] = row[j] / factor[j];
        }
      }
      scaleFactor = new double[][] {factor};
    }

    double[] mu = EigenReference.colMeans(x);
    double[][] C = Dense.tmultiply(x, x);
    for (int i = 0; i < m; i++) {
      for (int j = 0; j < m; j++) {
        C[i][j] = C[i][j] / (n - 1) - (double) n / (n - 1) * (mu[i] * mu[j]);
      }
    }
    EigenReference.Result eigen = EigenReference.fit(C);
    double[][] components = new double[m][K];
    for (int k = 0; k < K; k++) {
      for (int i = 0; i < m; i++) {
        components[i][k] = eigen.evectors()[i][m - 1 - k];
      }
    }
    double[][] Mout = EigenReference.withSignRule(components);
    return new Result(Dense.multiply(x, Mout), Mout, centering, scaleFactor);
  }

  /** The pca driver's objective: Σ colVars(Xout), sample variances. */
  public static double variance(Result r) {
    double[][] xout = r.Xout();
    int n = xout.length;
    double total = 0;
    double[] mean = EigenReference.colMeans(xout);
    for (int k = 0; k < mean.length; k++) {
      double ss = 0;
      for (double[] row : xout) {
        ss += (row[k] - mean[k]) * (row[k] - mean[k]);
      }
      total += ss / (n - 1);
    }
    return total;
  }
}
