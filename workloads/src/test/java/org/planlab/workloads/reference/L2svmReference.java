package org.planlab.workloads.reference;

import java.util.ArrayList;
import java.util.List;

/**
 * Reference implementation of builtins/l2svm.dml, statement by statement: squared-hinge linear
 * SVM by nonlinear conjugate gradient with a Newton line search.
 */
public final class L2svmReference {
  private L2svmReference() {
  }

  /** The script's arguments besides X and Y, named as in the script. */
  public record Params(boolean intercept, double epsilon, double reg, int maxIterations, int maxii) {
    /** The script's defaults. */
    public static Params defaults() {
      return new Params(false, 0.001, 1.0, 100, 20);
    }
  }

  /**
   * @param model the weights (the intercept's last)
   * @param objectives the objective after each outer iteration
   * @param lineSearchSteps Newton steps per outer iteration
   */
  public record Result(double[] model, List<Double> objectives, List<Integer> lineSearchSteps) {
    /** Number of outer iterations run. */
    public int iterations() {
      return objectives.size();
    }
  }

  /** Trains on X (n x m) and labels Y (any two distinct values). */
  public static Result fit(double[][] X, double[] Y, Params p) {
    int n = X.length;
    if (n < 2 || Y.length != n || p.epsilon() < 0 || p.reg() < 0 || p.maxIterations() < 1) {
      throw new IllegalArgumentException("invalid l2svm arguments");
    }
    double[] y = plusMinusOne(Y);
    double[][] x = p.intercept() ? Dense.appendOnes(X) : X;
    double reg = p.reg();

    double[] w = new double[Dense.cols(x)];
    double[] xw = new double[n];
    double[] gOld = Dense.tmultiply(x, y);
    double[] s = gOld.clone();
    List<Double> objectives = new ArrayList<>();
    List<Integer> steps = new ArrayList<>();

    int iter = 0;
    boolean running = true;
    while (running && iter < p.maxIterations()) {
      double[] xd = Dense.multiply(x, s);
      double wd = reg * Dense.dot(w, s);
      double dd = reg * Dense.dot(s, s);
      double step = 0;
      int inner = 0;
      boolean searching = true;
      while (searching && inner < p.maxii()) {
        double outYXd = 0;
        double svXd2 = 0;
        for (int i = 0; i < n; i++) {
          double out = 1 - y[i] * (xw[i] + step * xd[i]);
          double sv = out > 0 ? 1 : 0;
          out = out * sv;
          outYXd += out * y[i] * xd[i];
          svXd2 += xd[i] * sv * xd[i];
        }
        double g = wd + step * dd - outYXd;
        double h = dd + svXd2;
        step = step - g / h;
        searching = g * g / h >= p.epsilon();
        inner++;
      }

      w = Dense.axpy(w, step, s);
      xw = Dense.axpy(xw, step, xd);
      double[] outY = new double[n];
      double hingeSq = 0;
      for (int i = 0; i < n; i++) {
        double out = Math.max(1 - y[i] * xw[i], 0);
        hingeSq += out * out;
        outY[i] = out * y[i];
      }
      double obj = 0.5 * hingeSq + reg / 2 * Dense.dot(w, w);
      double[] gNew = Dense.axpy(Dense.tmultiply(x, outY), -reg, w);
      objectives.add(obj);
      steps.add(inner);

      running = step * Dense.dot(s, gOld) >= p.epsilon() * obj && Dense.dot(s, s) != 0;
      double be = Dense.dot(gNew, gNew) / Dense.dot(gOld, gOld);
      double[] sNew = new double[s.length];
      for (int j = 0; j < s.length; j++) {
        sNew[j] = be * s[j] + gNew[j];
      }
      s = sNew;
      gOld = gNew;
      iter++;
    }
    return new Result(w, List.copyOf(objectives), List.copyOf(steps));
  }

  /**
   * The driver's objective: 1/2 Σ max(0, 1 − y⊙(X·w))² + reg/2 Σ w² with the labels mapped to ±1
   * and the intercept column appended when {@code intercept}.
   */
  public static double objective(double[][] X, double[] Y, double[] model, boolean intercept, double reg) {
    double[] y = plusMinusOne(Y);
    double[][] x = intercept ? Dense.appendOnes(X) : X;
    double[] xw = Dense.multiply(x, model);
    double hingeSq = 0;
    for (int i = 0; i < y.length; i++) {
      double out = Math.max(1 - y[i] * xw[i], 0);
      hingeSq += out * out;
    }
    return 0.5 * hingeSq + reg / 2 * Dense.dot(model, model);
  }

  /** The script's label map: the smaller label to −1, the larger to +1, (2Y − (lo + hi)) / (hi − lo). */
  static double[] plusMinusOne(double[] Y) {
    double low = Double.POSITIVE_INFINITY;
    double high = Double.NEGATIVE_INFINITY;
    for (double v : Y) {
      low = Math.min(low, v);
      high = Math.max(high, v);
    }
    if (low == high) {
      throw new IllegalArgumentException("Y holds only one label: " + low);
    }
    double[] y = new double[Y.length];
    for (int i = 0; i < Y.length; i++) {
      y[i] = (2 * Y[i] - (low + high)) / (high - low);
    }
    return y;
  }
}
