package org.planlab.workloads.reference;

import java.util.ArrayList;
import java.util.List;

/**
 * Reference implementation of builtins/lmCG.dml: ridge regression by conjugate gradient on
 * (XᵀX + diag(λ))·β = Xᵀy without forming XᵀX.
 */
public final class LmCgReference {
  private LmCgReference() {
  }

  /** The script's arguments besides X and y, named as in the script. */
  public record Params(int icpt, double reg, double tol, int maxi) {
    /** The script's defaults. */
    public static Params defaults() {
      return new Params(0, 1e-7, 1e-7, 0);
    }
  }

  /**
   * @param B the coefficients for the raw X (the intercept's last when icpt > 0)
   * @param residualNorms2 ‖r‖² before the first and after every iteration
   * @param quadratic the CG objective ½βᵀAβ − βᵀXᵀy before the first and after every iteration
   *     (of the design's β; computed for inspection only)
   */
  public record Result(double[] B, List<Double> residualNorms2, List<Double> quadratic) {
    /** Number of CG iterations run. */
    public int iterations() {
      return residualNorms2.size() - 1;
    }
  }

  /** Fits y (n) on X (n x m). */
  public static Result fit(double[][] X, double[] y, Params p) {
    LmDsReference.Design d = LmDsReference.Design.of(X, y, p.icpt());
    double[][] x = d.x();
    int D = Dense.cols(x);
    double[] lambda = d.lambda(p.reg());
    int maxi = p.maxi() == 0 || p.maxi() > D ? D : p.maxi();

    double[] xty = Dense.tmultiply(x, y);
    double[] beta = new double[D];
    double[] r = Dense.scale(-1, xty);
    double[] pDir = Dense.scale(-1, r);
    double normR2 = Dense.sumSq(r);
    double target = normR2 * (p.tol() * p.tol());
    List<Double> norms = new ArrayList<>(List.of(normR2));
    List<Double> quadratic = new ArrayList<>(List.of(quadratic(x, lambda, xty, beta)));
    int i = 0;
    while (i < maxi && normR2 > target) {
      double[] q = Dense.tmultiply(x, Dense.multiply(x, pDir));
      for (int j = 0; j < D; j++) {
        q[j] = q[j] + lambda[j] * pDir[j];
      }
      double a = normR2 / Dense.dot(pDir, q);
      beta = Dense.axpy(beta, a, pDir);
      r = Dense.axpy(r, a, q);
      double oldNormR2 = normR2;
      normR2 = Dense.sumSq(r);
      double ratio = normR2 / oldNormR2;
      double[] pNew = new double[D];
      for (int j = 0; j < D; j++) {
        pNew[j] = -r[j] + ratio * pDir[j];
      }
      pDir = pNew;
      i++;
      norms.add(normR2);
      quadratic.add(quadratic(x, lambda, xty, beta));
    }
    return new Result(d.toRaw(beta), List.copyOf(norms), List.copyOf(quadratic));
  }

  /** ½βᵀ(XᵀX + diag(λ))β − βᵀXᵀy = ½‖Xβ‖² + ½Σλβ² − βᵀXᵀy. */
  private static double quadratic(double[][] x, double[] lambda, double[] xty, double[] beta) {
    double[] xb = Dense.multiply(x, beta);
    double pen = 0;
    for (int j = 0; j < beta.length; j++) {
      pen += lambda[j] * beta[j] * beta[j];
    }
    return 0.5 * Dense.sumSq(xb) + 0.5 * pen - Dense.dot(beta, xty);
  }
}
