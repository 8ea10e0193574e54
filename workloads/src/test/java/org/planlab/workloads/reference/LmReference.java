package org.planlab.workloads.reference;

/**
 * Reference implementation of builtins/lm.dml: lmDS up to 1024 features, lmCG beyond.
 */
public final class LmReference {
  /** The largest number of features solved directly. */
  static final int DIRECT_SOLVE_MAX_FEATURES = 1024;

  private LmReference() {
  }

  /** The script's arguments besides X and y, named as in the script (as lmCG's). */
  public record Params(int icpt, double reg, double tol, int maxi) {
    /** The script's defaults. */
    public static Params defaults() {
      return new Params(0, 1e-7, 1e-7, 0);
    }
  }

  /** The coefficients for the raw X (the intercept's last when icpt > 0). */
  public static double[] fit(double[][] X, double[] y, Params p) {
    if (Dense.cols(X) <= DIRECT_SOLVE_MAX_FEATURES) {
      return LmDsReference.fit(X, y, new LmDsReference.Params(p.icpt(), p.reg()));
    }
    return LmCgReference.fit(X, y, new LmCgReference.Params(p.icpt(), p.reg(), p.tol(), p.maxi())).B();
  }
}
