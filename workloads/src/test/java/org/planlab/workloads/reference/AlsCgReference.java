package org.planlab.workloads.reference;

import java.util.ArrayList;
import java.util.List;

/**
 * Reference implementation of builtins/alsCG.dml, statement by statement: matrix completion by
 * alternating least squares with CG half-steps. The random initial factors are inputs ({@code
 * U_init}, {@code V_init}); the tests pass the matrices the driver's seed draws.
 */
public final class AlsCgReference {
  /** CG of a half-step stops once ‖R‖² ≤ this times ‖G‖² (fixed in the script). */
  static final double CG_TOL = 1e-9;

  private AlsCgReference() {
  }

  /** The script's arguments besides X and the initial factors, named as in the script. */
  public record Params(int rank, String regType, double reg, int maxi, boolean check, double thr) {
    /** The script's defaults. */
    public static Params defaults() {
      return new Params(10, "L2", 0.000001, 50, true, 0.0001);
    }
  }

  /**
   * @param U m x rank
   * @param V rank x n (transposed, as the script returns it)
   * @param halfStepLosses the loss after every half-step (U, V, U, V, ...); computed for
   *     inspection only, the algorithm looks at the loss after full iterations when {@code check}
   * @param iterations full iterations run
   * @param converged whether the convergence check stopped the run
   */
  public record Result(double[][] U, double[][] V, List<Double> halfStepLosses, int iterations,
      boolean converged) {
  }

  /**
   * Factorizes X (m x n, zero = unobserved) from U_init (m x rank) and V_init (n x rank).
   */
  public static Result fit(double[][] X, double[][] U_init, double[][] V_init, Params p) {
    int m = X.length;
    int n = Dense.cols(X);
    int r = p.rank();
    if (U_init.length != m || Dense.cols(U_init) != r || V_init.length != n || Dense.cols(V_init) != r) {
      throw new IllegalArgumentException("initial factors must be " + m + "x" + r + " and " + n + "x" + r);
    }
    double[][] W = new double[m][n];
    for (int i = 0; i < m; i++) {
      for (int j = 0; j < n; j++) {
        W[i][j] = X[i][j] != 0 ? 1 : 0;
      }
    }
    double[] rowNnz = new double[m];
    double[] colNnz = new double[n];
    switch (p.regType()) {
      case "L2" -> {
        java.util.Arrays.fill(rowNnz, 1);
        java.util.Arrays.fill(colNnz, 1);
      }
      case "wL2" -> {
        for (int i = 0; i < m; i++) {
          for (int j = 0; j < n; j++) {
            rowNnz[i] += W[i][j];
            colNnz[j] += W[i][j];
          }
        }
      }
      default -> throw new IllegalArgumentException("regType must be L2 or wL2, is " + p.regType());
    }

    double[][] U = Dense.copy(U_init);
    double[][] V = Dense.copy(V_init);
    double reg = p.reg();
    List<Double> halfStepLosses = new ArrayList<>();
    double loss = 0;
    if (p.check()) {
      loss = loss(X, W, U, V, rowNnz, colNnz, reg);
    }

    int iter = 0;
    boolean converged = false;
    while (iter < p.maxi() && !converged) {
      // U half-step: G = (W⊙(U·Vᵀ − X))·V + reg U⊙rowNnz, HS = (W⊙(S·Vᵀ))·V + reg S⊙rowNnz
      U = cg(U, residualTimes(W, U, V, X, V), V, W, rowNnz, reg, r, false);
      halfStepLosses.add(loss(X, W, U, V, rowNnz, colNnz, reg));
      // V half-step: G = (Uᵀ·(W⊙(U·Vᵀ − X)))ᵀ + reg V⊙colNnz, HS = (Uᵀ·(W⊙(U·Sᵀ)))ᵀ + reg S⊙colNnz
      V = cg(V, residualTimes(W, U, V, X, null), U, W, colNnz, reg, r, true);
      halfStepLosses.add(loss(X, W, U, V, rowNnz, colNnz, reg));
      iter++;

      if (p.check()) {
        double newLoss = loss(X, W, U, V, rowNnz, colNnz, reg);
        double decrease = (loss - newLoss) / loss;
        if ((decrease >= 0 && decrease < p.thr()) || loss == 0) {
          converged = true;
        }
        loss = newLoss;
      }
    }
    return new Result(U, Dense.transpose(V), List.copyOf(halfStepLosses), iter, converged);
  }

  /** The loss 1/2 Σ W⊙(U·Vᵀ − X)² + reg/2 (Σ U²⊙rowNnz + Σ V²⊙colNnz), V n x rank. */
  public static double loss(double[][] X, double[][] W, double[][] U, double[][] V, double[] rowNnz,
      double[] colNnz, double reg) {
    double[][] uv = Dense.multiply(U, Dense.transpose(V));
    double fit = 0;
    for (int i = 0; i < X.length; i++) {
      for (int j = 0; j < uv[i].length; j++) {
        double d = uv[i][j] - X[i][j];
        fit += W[i][j] * (d * d);
      }
    }
    return 0.5 * fit + 0.5 * reg * (weightedSumSq(U, rowNnz) + weightedSumSq(V, colNnz));
  }

  /**
   * The driver's objective: the loss of the returned factors (V rank x n), with the weights of
   * {@code regType}.
   */
  public static double objective(double[][] X, double[][] U, double[][] Vt, String regType, double reg) {
    int m = X.length;
    int n = Dense.cols(X);
    double[][] W = new double[m][n];
    double[] rowNnz = new double[m];
    double[] colNnz = new double[n];
    for (int i = 0; i < m; i++) {
      for (int j = 0; j < n; j++) {
        W[i][j] = X[i][j] != 0 ? 1 : 0;
        rowNnz[i] += regType.equals("wL2") ? W[i][j] : 0;
        colNnz[j] += regType.equals("wL2") ? W[i][j] : 0;
      }
    }
    if (!regType.equals("wL2")) {
      java.util.Arrays.fill(rowNnz, 1);
      java.util.Arrays.fill(colNnz, 1);
    }
    return loss(X, W, U, Dense.transpose(Vt), rowNnz, colNnz, reg);
  }

  /**
   * Up to {@code r} CG steps on the half-step quadratic in {@code F} (U or V, with the other
   * factor {@code other} fixed), starting from gradient {@code fitGrad} + reg F⊙nnz.
   */
  private static double[][] cg(double[][] F, double[][] fitGrad, double[][] other, double[][] W,
      double[] nnz, double reg, int r, boolean forV) {
    double[][] G = addWeighted(fitGrad, reg, F, nnz);
    double[][] R = Dense.scale(-1, G);
    double[][] S = Dense.copy(R);
    double normG2 = Dense.sumSq(G);
    double normR2 = normG2;
    double[][] out = F;
    int inner = 1;
    while (normR2 > CG_TOL * normG2 && inner <= r) {
      double[][] fitHS = forV ? maskedTransposeProduct(W, other, S) : maskedProduct(W, S, other);
      double[][] HS = addWeighted(fitHS, reg, S, nnz);
      double alpha = normR2 / Dense.dot(S, HS);
      out = Dense.axpy(out, alpha, S);
      R = Dense.axpy(R, -alpha, HS);
      double oldNormR2 = normR2;
      normR2 = Dense.sumSq(R);
      double ratio = normR2 / oldNormR2;
      double[][] sNew = new double[S.length][];
      for (int i = 0; i < S.length; i++) {
        sNew[i] = new double[S[i].length];
        for (int j = 0; j < S[i].length; j++) {
          sNew[i][j] = R[i][j] + ratio * S[i][j];
        }
      }
      S = sNew;
      inner++;
    }
    return out;
  }

  /**
   * (W⊙(U·Vᵀ − X))·V when {@code right} is V, else (Uᵀ·(W⊙(U·Vᵀ − X)))ᵀ: the data part of the
   * gradient for U or V.
   */
  private static double[][] residualTimes(double[][] W, double[][] U, double[][] V, double[][] X,
      double[][] right) {
    double[][] uv = Dense.multiply(U, Dense.transpose(V));
    double[][] res = new double[X.length][];
    for (int i = 0; i < X.length; i++) {
      res[i] = new double[uv[i].length];
      for (int j = 0; j < uv[i].length; j++) {
        res[i][j] = W[i][j] * (uv[i][j] - X[i][j]);
      }
    }
    return right != null ? Dense.multiply(res, right) : Dense.transpose(Dense.tmultiply(U, res));
  }

  /** (W⊙(S·Vᵀ))·V. */
  private static double[][] maskedProduct(double[][] W, double[][] S, double[][] V) {
    double[][] sv = Dense.multiply(S, Dense.transpose(V));
    mask(sv, W);
    return Dense.multiply(sv, V);
  }

  /** (Uᵀ·(W⊙(U·Sᵀ)))ᵀ. */
  private static double[][] maskedTransposeProduct(double[][] W, double[][] U, double[][] S) {
    double[][] us = Dense.multiply(U, Dense.transpose(S));
    mask(us, W);
    return Dense.transpose(Dense.tmultiply(U, us));
  }

  private static void mask(double[][] a, double[][] w) {
    for (int i = 0; i < a.length; i++) {
      for (int j = 0; j < a[i].length; j++) {
        a[i][j] = w[i][j] * a[i][j];
      }
    }
  }

  /** A + reg·F⊙nnz (nnz broadcast across the columns of F). */
  private static double[][] addWeighted(double[][] a, double reg, double[][] f, double[] nnz) {
    double[][] out = new double[a.length][];
    for (int i = 0; i < a.length; i++) {
      out[i] = new double[a[i].length];
      for (int j = 0; j < a[i].length; j++) {
        out[i][j] = a[i][j] + reg * f[i][j] * nnz[i];
      }
    }
    return out;
  }

  private static double weightedSumSq(double[][] f, double[] nnz) {
    double s = 0;
    for (int i = 0; i < f.length; i++) {
      for (double v : f[i]) {
        s += (v * v) * nnz[i];
      }
    }
    return s;
  }
}
