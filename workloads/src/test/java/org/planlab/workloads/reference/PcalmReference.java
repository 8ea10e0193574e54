package org.planlab.workloads.reference;

/**
 * Reference implementation of builtins/pcalm.dml: for every K of a list, {@link PcaReference}
 * with K components and {@link LmReference} on the projection, scored by the training R².
 */
public final class PcalmReference {
  private PcalmReference() {
  }

  /** The script's arguments besides X, y and Ks, named as in the script. */
  public record Params(boolean center, boolean scale, int icpt, double reg) {
    /** The script's defaults. */
    public static Params defaults() {
      return new Params(true, true, 1, 1e-7);
    }
  }

  /**
   * @param bestK the K with the highest score, the first of equal scores. Scores that differ
   *     only by rounding (a component that adds nothing to the fit) can make an engine pick
   *     another, equally good K: compare the scores, and the score of the chosen K
   * @param scores training R² per K
   */
  public record Result(int bestK, double[] scores) {
  }

  public static Result fit(double[][] X, double[] y, int[] Ks, Params p) {
    int n = X.length;
    int m = Dense.cols(X);
    if (y.length != n || Ks.length < 1 || p.icpt() < 0 || p.icpt() > 2) {
      throw new IllegalArgumentException("y must have " + n + " rows, Ks be non-empty and icpt 0, 1 or 2");
    }
    for (int K : Ks) {
      if (K < 1 || K > m) {
        throw new IllegalArgumentException("every K must be in 1.." + m + ", is " + K);
      }
    }
    double mean = Dense.sum(y) / n;
    double ssTotal = 0;
    for (double v : y) {
      ssTotal += (v - mean) * (v - mean);
    }
    if (!(ssTotal > 0)) {
      throw new IllegalArgumentException("y is constant");
    }
    LmReference.Params lmDefaults = LmReference.Params.defaults();

    double[] scores = new double[Ks.length];
    double bestScore = Double.NEGATIVE_INFINITY;
    int bestK = Ks[0];
    for (int i = 0; i < Ks.length; i++) {
      int K = Ks[i];
      double[][] xk = PcaReference.fit(X, new PcaReference.Params(K, p.center(), p.scale())).Xout();
      double[] B = LmReference.fit(xk, y,
          new LmReference.Params(p.icpt(), p.reg(), lmDefaults.tol(), lmDefaults.maxi()));
      double r2 = 1 - LmDsReference.residualSumOfSquares(xk, y, B, p.icpt()) / ssTotal;
      scores[i] = r2;
      if (r2 > bestScore) {
        bestScore = r2;
        bestK = K;
      }
    }
    return new Result(bestK, scores);
  }
}
