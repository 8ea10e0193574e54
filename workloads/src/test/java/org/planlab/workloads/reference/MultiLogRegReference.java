package org.planlab.workloads.reference;

import java.util.ArrayList;
import java.util.List;

/**
 * Reference implementation of builtins/multiLogReg.dml, statement by statement: multinomial
 * logistic regression by a trust-region Newton method with a CG sub-problem solver.
 */
public final class MultiLogRegReference {
  private static final double ETA0 = 0.0001;
  private static final double ETA1 = 0.25;
  private static final double ETA2 = 0.75;
  private static final double SIGMA1 = 0.25;
  private static final double SIGMA2 = 0.5;
  private static final double SIGMA3 = 4.0;
  private static final double PSI = 0.1;

  private MultiLogRegReference() {
  }

  /** The script's arguments besides X and Y, named as in the script. */
  public record Params(int icpt, double tol, double reg, int maxi, int maxii) {
    /** The script's defaults. */
    public static Params defaults() {
      return new Params(2, 0.000001, 1.0, 100, 20);
    }
  }

  /**
   * @param betas the coefficients for the raw X (D x K, the intercept's row last)
   * @param objectives the objective after every outer iteration (unchanged by a rejected step)
   * @param accepted whether each outer iteration's step was accepted
   */
  public record Result(double[][] betas, List<Double> objectives, List<Boolean> accepted) {
    /** Number of outer iterations run. */
    public int iterations() {
      return objectives.size();
    }
  }

  /** Trains on X (N x m) and labels Y (1..K+1; labels ≤ 0 are the baseline class). */
  public static Result fit(double[][] X, double[] Y, Params p) {
    int N = X.length;
    int m = Dense.cols(X);
    if (Y.length != N || p.icpt() < 0 || p.icpt() > 2) {
      throw new IllegalArgumentException("invalid multiLogReg arguments");
    }
    double[][] x = X;
    Dense.Standardized standardized = null;
    if (p.icpt() == 2) {
      standardized = Dense.standardize(X);
      x = standardized.x();
    }
    if (p.icpt() > 0) {
      x = Dense.appendOnes(x);
    }
    int D = Dense.cols(x);

    int[] label = labels(Y);
    int maxLabel = 0;
    for (int l : label) {
      maxLabel = Math.max(maxLabel, l);
    }
    int K = maxLabel - 1;
    if (K < 1) {
      throw new IllegalArgumentException("Y must hold at least two classes");
    }
    double[][] Yhot = new double[N][K + 1];
    for (int i = 0; i < N; i++) {
      Yhot[i][label[i] - 1] = 1;
    }

    double[] lambda = new double[D];
    java.util.Arrays.fill(lambda, p.reg());
    if (p.icpt() > 0) {
      lambda[D - 1] = 0;
    }

    double maxRowNorm = 0;
    for (double[] row : x) {
      maxRowNorm = Math.max(maxRowNorm, Math.sqrt(Dense.dot(row, row)));
    }
    double delta = 0.5 * Math.sqrt(D) / maxRowNorm;
    double[][] B = new double[D][K];
    double[][] P = Dense.filled(N, K + 1, 1.0 / (K + 1));
    double obj = N * Math.log(K + 1);

    double[][] grad = gradient(x, P, Yhot, lambda, B, K);
    double normGrad = Math.sqrt(Dense.sumSq(grad));
    double normGrad0 = normGrad;
    int maxii = p.maxii() == 0 ? D * K : p.maxii();

    List<Double> objectives = new ArrayList<>();
    List<Boolean> accepted = new ArrayList<>();
    int iter = 1;
    boolean converged = normGrad < p.tol() || iter > p.maxi();
    while (!converged) {
      double[][] S = new double[D][K];
      double[][] R = Dense.scale(-1, grad);
      double[][] V = Dense.copy(R);
      double delta2 = delta * delta;
      double normR2 = Dense.sumSq(R);
      int inner = 1;
      boolean innerDone = Math.sqrt(normR2) <= PSI * normGrad;
      boolean boundary = false;
      while (!innerDone) {
        double[][] HV = hessianTimes(x, P, V, lambda, K);
        double alpha = normR2 / Dense.dot(V, HV);
        double[][] sNew = Dense.axpy(S, alpha, V);
        if (Dense.sumSq(sNew) <= delta2) {
          S = sNew;
          R = Dense.axpy(R, -alpha, HV);
          double oldNormR2 = normR2;
          normR2 = Dense.sumSq(R);
          double ratio = normR2 / oldNormR2;
          double[][] vNew = new double[D][K];
          for (int j = 0; j < D; j++) {
            for (int c = 0; c < K; c++) {
              vNew[j][c] = R[j][c] + ratio * V[j][c];
            }
          }
          V = vNew;
          innerDone = Math.sqrt(normR2) <= PSI * normGrad;
        } else {
          boundary = true;
          double sv = Dense.dot(S, V);
          double vv = Dense.sumSq(V);
          double ss = Dense.sumSq(S);
          double root = Math.sqrt(sv * sv + vv * (delta2 - ss));
          double tau = sv >= 0 ? (delta2 - ss) / (sv + root) : (root - sv) / vv;
          S = Dense.axpy(S, tau, V);
          R = Dense.axpy(R, -tau, HV);
          innerDone = true;
        }
        inner++;
        innerDone = innerDone || inner > maxii;
      }

      double gs = Dense.dot(S, grad);
      double qk = -0.5 * (gs - Dense.dot(S, R));
      double[][] bNew = Dense.axpy(B, 1, S);
      double[][] LT = shiftedLinearTerms(x, bNew, K);
      double[][] pNew = new double[N][K + 1];
      double yLT = 0;
      double logRowE = 0;
      for (int i = 0; i < N; i++) {
        double rowE = 0;
        for (int c = 0; c <= K; c++) {
          pNew[i][c] = Math.exp(LT[i][c]);
          rowE += pNew[i][c];
          yLT += Yhot[i][c] * LT[i][c];
        }
        for (int c = 0; c <= K; c++) {
          pNew[i][c] = pNew[i][c] / rowE;
        }
        logRowE += Math.log(rowE);
      }
      double objNew = -yLT + logRowE + 0.5 * penalty(lambda, bNew);
      double actred = obj - objNew;
      double rho = actred / qk;
      double snorm = Math.sqrt(Dense.sumSq(S));

      if (iter == 1) {
        delta = Math.min(delta, snorm);
      }
      double alpha2 = objNew - obj - gs;
      double interp = alpha2 <= 0 ? SIGMA3 : Math.max(SIGMA1, -0.5 * gs / alpha2);
      if (rho < ETA0) {
        delta = Math.min(Math.max(interp, SIGMA1) * snorm, SIGMA2 * delta);
      } else if (rho < ETA1) {
        delta = Math.max(SIGMA1 * delta, Math.min(interp * snorm, SIGMA2 * delta));
      } else if (rho < ETA2) {
        delta = Math.max(SIGMA1 * delta, Math.min(interp * snorm, SIGMA3 * delta));
      } else {
        delta = Math.max(delta, Math.min(interp * snorm, SIGMA3 * delta));
      }

      boolean accept = rho > ETA0;
      if (accept) {
        B = bNew;
        P = pNew;
        grad = gradient(x, P, Yhot, lambda, B, K);
        normGrad = Math.sqrt(Dense.sumSq(grad));
        obj = objNew;
      }
      objectives.add(obj);
      accepted.add(accept);
      iter++;
      boolean stalled = !boundary && Math.abs(actred) < (Math.abs(obj) + Math.abs(objNew)) * 1e-14;
      converged = normGrad < p.tol() * normGrad0 || iter > p.maxi() || stalled;
    }

    double[][] betas = p.icpt() == 2 ? standardized.toRaw(B) : B;
    return new Result(betas, List.copyOf(objectives), List.copyOf(accepted));
  }

  /**
   * The driver's objective: −Σ Y⊙LT + Σ log rowSums(exp(LT)), LT = [X·betas, 0] minus its row
   * maxima, the intercept column appended when {@code icpt > 0}.
   */
  public static double negativeLogLikelihood(double[][] X, double[] Y, double[][] betas, int icpt) {
    double[][] x = icpt > 0 ? Dense.appendOnes(X) : X;
    int K = Dense.cols(betas);
    double[][] LT = shiftedLinearTerms(x, betas, K);
    int[] label = labels(Y);
    double yLT = 0;
    double logRowE = 0;
    for (int i = 0; i < x.length; i++) {
      yLT += LT[i][label[i] - 1];
      double rowE = 0;
      for (int c = 0; c <= K; c++) {
        rowE += Math.exp(LT[i][c]);
      }
      logRowE += Math.log(rowE);
    }
    return -yLT + logRowE;
  }

  /** Labels as 1-based classes; labels ≤ 0 become max(Y) + 1. */
  static int[] labels(double[] Y) {
    double max = Double.NEGATIVE_INFINITY;
    for (double v : Y) {
      max = Math.max(max, v);
    }
    int[] out = new int[Y.length];
    for (int i = 0; i < Y.length; i++) {
      double v = Y[i] <= 0 ? max + 1 : Y[i];
      if (v != Math.rint(v) || v < 1) {
        throw new IllegalArgumentException("label " + Y[i] + " is not a positive integer");
      }
      out[i] = (int) v;
    }
    return out;
  }

  /** [X·B, 0] with each row's maximum subtracted. */
  private static double[][] shiftedLinearTerms(double[][] x, double[][] b, int K) {
    double[][] xb = Dense.multiply(x, b);
    double[][] lt = new double[x.length][K + 1];
    for (int i = 0; i < x.length; i++) {
      double max = 0; // the baseline column
      for (int c = 0; c < K; c++) {
        max = Math.max(max, xb[i][c]);
      }
      for (int c = 0; c < K; c++) {
        lt[i][c] = xb[i][c] - max;
      }
      lt[i][K] = 0 - max;
    }
    return lt;
  }

  /** Xᵀ·(P[, 1:K] − Y[, 1:K]) + λ⊙B. */
  private static double[][] gradient(double[][] x, double[][] P, double[][] Yhot, double[] lambda,
      double[][] B, int K) {
    double[][] diff = new double[x.length][K];
    for (int i = 0; i < x.length; i++) {
      for (int c = 0; c < K; c++) {
        diff[i][c] = P[i][c] - Yhot[i][c];
      }
    }
    double[][] g = Dense.tmultiply(x, diff);
    for (int j = 0; j < g.length; j++) {
      for (int c = 0; c < K; c++) {
        g[j][c] = g[j][c] + lambda[j] * B[j][c];
      }
    }
    return g;
  }

  /** Xᵀ·(Q − P[, 1:K]⊙rowSums(Q)) + λ⊙V with Q = P[, 1:K]⊙(X·V). */
  private static double[][] hessianTimes(double[][] x, double[][] P, double[][] V, double[] lambda, int K) {
    double[][] xv = Dense.multiply(x, V);
    double[][] inner = new double[x.length][K];
    for (int i = 0; i < x.length; i++) {
      double[] q = new double[K];
      double rowQ = 0;
      for (int c = 0; c < K; c++) {
        q[c] = P[i][c] * xv[i][c];
        rowQ += q[c];
      }
      for (int c = 0; c < K; c++) {
        inner[i][c] = q[c] - P[i][c] * rowQ;
      }
    }
    double[][] hv = Dense.tmultiply(x, inner);
    for (int j = 0; j < hv.length; j++) {
      for (int c = 0; c < K; c++) {
        hv[j][c] = hv[j][c] + lambda[j] * V[j][c];
      }
    }
    return hv;
  }

  /** Σ λ⊙B² (λ broadcast across the columns of B). */
  private static double penalty(double[] lambda, double[][] b) {
    double s = 0;
    for (int j = 0; j < b.length; j++) {
      for (double v : b[j]) {
        s += lambda[j] * (v * v);
      }
    }
    return s;
  }
}
