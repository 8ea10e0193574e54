package org.planlab.workloads.reference;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.apache.commons.math3.linear.Array2DRowRealMatrix;
import org.apache.commons.math3.linear.ArrayRealVector;
import org.apache.commons.math3.linear.LUDecomposition;
import org.apache.commons.math3.linear.RealMatrix;
import org.apache.commons.math3.linear.RealVector;
import org.junit.jupiter.api.Test;

class MultiLogRegReferenceTest {
  private static final double[][] X = TestData.uniform(new Random(21), 400, 5, -1, 1);
  private static final double[] Y2 = TestData.classLabels(new Random(22), X, 2, 1.0);
  private static final double[] Y3 = TestData.classLabels(new Random(23), X, 3, 1.0);
  private static final double REG = 1e-3;

  @Test
  void acceptedStepsNeverIncreaseTheObjective() {
    MultiLogRegReference.Result r = MultiLogRegReference.fit(X, Y3, new MultiLogRegReference.Params(0, 1e-12, REG, 50, 10));
    assertTrue(r.iterations() > 1);
    List<Double> accepted = new ArrayList<>();
    for (int i = 0; i < r.iterations(); i++) {
      if (r.accepted().get(i)) {
        accepted.add(r.objectives().get(i));
      }
    }
    assertTrue(accepted.size() > 1);
    TestData.assertNonIncreasing(accepted, 0, "multiLogReg accepted objective");
  }

  @Test
  void binaryModelMatchesAnIndependentNewtonSolver() {
    MultiLogRegReference.Result r = MultiLogRegReference.fit(X, Y2, new MultiLogRegReference.Params(0, 1e-12, REG, 100, 0));
    double[] expected = newtonLogisticRegression(X, Y2, REG);
    // the run stops once the objective stalls at rounding level, not at an exact zero gradient
    assertTrue(TestData.relError(expected, Dense.column(r.betas(), 0)) < 1e-6,
        "error " + TestData.relError(expected, Dense.column(r.betas(), 0)));
  }

  @Test
  void threeClassesReachAStationaryPoint() {
    MultiLogRegReference.Result r = MultiLogRegReference.fit(X, Y3, new MultiLogRegReference.Params(0, 1e-12, REG, 100, 0));
    double[][] b = r.betas();
    assertEquals(5, b.length);
    assertEquals(2, b[0].length);
    double norm0 = Math.sqrt(Dense.sumSq(gradient(X, Y3, new double[5][2], REG)));
    double norm = Math.sqrt(Dense.sumSq(gradient(X, Y3, b, REG)));
    assertTrue(norm < 1e-6 * norm0, "gradient norm " + norm + ", initially " + norm0);
  }

  @Test
  void driverObjectiveIsTheUnpenalisedFinalObjective() {
    MultiLogRegReference.Result r = MultiLogRegReference.fit(X, Y3, new MultiLogRegReference.Params(0, 1e-12, REG, 100, 0));
    double nll = MultiLogRegReference.negativeLogLikelihood(X, Y3, r.betas(), 0);
    double penalty = 0.5 * REG * Dense.sumSq(r.betas());
    double last = r.objectives().get(r.iterations() - 1);
    assertEquals(last, nll + penalty, 1e-10 * last);
  }

  @Test
  void standardisedAndPlainInterceptAgreeWithoutRegularisation() {
    // without a penalty, standardising the columns only reparametrises the same model
    MultiLogRegReference.Params plain = new MultiLogRegReference.Params(1, 1e-12, 0, 100, 0);
    MultiLogRegReference.Params standardised = new MultiLogRegReference.Params(2, 1e-12, 0, 100, 0);
    double[][] shifted = new double[X.length][];
    for (int i = 0; i < X.length; i++) {
      shifted[i] = new double[] {X[i][0] * 3 + 2, X[i][1] - 1, X[i][2], X[i][3] * 0.5, X[i][4] + 4};
    }
    double[][] b1 = MultiLogRegReference.fit(shifted, Y3, plain).betas();
    double[][] b2 = MultiLogRegReference.fit(shifted, Y3, standardised).betas();
    assertEquals(6, b2.length);
    assertTrue(TestData.relError(b1, b2) < 1e-6, "error " + TestData.relError(b1, b2));
  }

  @Test
  void nonPositiveLabelsAreTheBaselineClass() {
    double[] withZero = new double[Y2.length];
    for (int i = 0; i < Y2.length; i++) {
      withZero[i] = Y2[i] == 2 ? 0 : 1;
    }
    MultiLogRegReference.Params p = new MultiLogRegReference.Params(0, 1e-12, REG, 20, 10);
    double[][] a = MultiLogRegReference.fit(X, Y2, p).betas();
    double[][] b = MultiLogRegReference.fit(X, withZero, p).betas();
    assertEquals(0, TestData.relError(a, b));
  }

  @Test
  void maxiBoundsTheOuterIterations() {
    MultiLogRegReference.Result r = MultiLogRegReference.fit(X, Y3, new MultiLogRegReference.Params(0, 0, REG, 2, 10));
    assertEquals(2, r.iterations());
  }

  /** Xᵀ(P − Y)[, 1:K] + λB from the definition, icpt 0. */
  private static double[][] gradient(double[][] x, double[] y, double[][] b, double reg) {
    int k = b[0].length;
    double[][] diff = new double[x.length][k];
    for (int i = 0; i < x.length; i++) {
      double[] e = new double[k + 1];
      double norm = 1; // exp(0) of the baseline class
      for (int c = 0; c < k; c++) {
        e[c] = Math.exp(Dense.dot(x[i], Dense.column(b, c)));
        norm += e[c];
      }
      for (int c = 0; c < k; c++) {
        diff[i][c] = e[c] / norm - (y[i] == c + 1 ? 1 : 0);
      }
    }
    double[][] g = Dense.tmultiply(x, diff);
    return Dense.axpy(g, reg, b);
  }

  /** Binary logistic regression (class 1 against the baseline) by plain Newton steps. */
  private static double[] newtonLogisticRegression(double[][] x, double[] y, double reg) {
    int m = x[0].length;
    RealMatrix xm = new Array2DRowRealMatrix(x);
    RealVector beta = new ArrayRealVector(m);
    for (int it = 0; it < 50; it++) {
      RealVector z = xm.operate(beta);
      double[] resid = new double[x.length];
      RealMatrix h = new Array2DRowRealMatrix(m, m);
      for (int i = 0; i < x.length; i++) {
        double p = 1 / (1 + Math.exp(-z.getEntry(i)));
        resid[i] = p - (y[i] == 1 ? 1 : 0);
        double w = p * (1 - p);
        for (int a = 0; a < m; a++) {
          for (int c = 0; c < m; c++) {
            h.addToEntry(a, c, w * x[i][a] * x[i][c]);
          }
        }
      }
      RealVector g = xm.transpose().operate(new ArrayRealVector(resid)).add(beta.mapMultiply(reg));
      for (int a = 0; a < m; a++) {
        h.addToEntry(a, a, reg);
      }
      RealVector step = new LUDecomposition(h).getSolver().solve(g);
      beta = beta.subtract(step);
      if (step.getNorm() < 1e-15) {
        break;
      }
    }
    return beta.toArray();
  }
}
