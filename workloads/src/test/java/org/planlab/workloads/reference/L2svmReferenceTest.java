package org.planlab.workloads.reference;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import org.junit.jupiter.api.Test;

class L2svmReferenceTest {
  private static final double[][] X = TestData.uniform(new Random(11), 300, 6, -1, 1);
  private static final double[] Y = TestData.binaryLabels(new Random(12), X, 0.3);
  private static final L2svmReference.Params TIGHT = new L2svmReference.Params(false, 1e-14, 1e-3, 100, 20);

  @Test
  void outerObjectiveNeverIncreases() {
    L2svmReference.Result r = L2svmReference.fit(X, Y, TIGHT);
    assertTrue(r.iterations() > 2, "iterations: " + r.iterations());
    TestData.assertNonIncreasing(r.objectives(), 1e-12, "l2svm objective");
  }

  @Test
  void convergesToAStationaryPoint() {
    L2svmReference.Result r = L2svmReference.fit(X, Y, TIGHT);
    assertTrue(r.iterations() < TIGHT.maxIterations(), "did not stop: " + r.iterations());
    // the objective is convex and differentiable: its gradient vanishes at the optimum
    double[] grad0 = gradient(new double[6], 1e-3);
    double[] grad = gradient(r.model(), 1e-3);
    assertTrue(Math.sqrt(Dense.sumSq(grad)) < 1e-6 * Math.sqrt(Dense.sumSq(grad0)),
        "gradient norm " + Math.sqrt(Dense.sumSq(grad)));
  }

  @Test
  void driverObjectiveIsTheLastIterationsObjective() {
    L2svmReference.Result r = L2svmReference.fit(X, Y, TIGHT);
    double obj = L2svmReference.objective(X, Y, r.model(), false, 1e-3);
    assertEquals(r.objectives().get(r.iterations() - 1), obj, 1e-12 * obj);
  }

  @Test
  void labelEncodingsGiveTheSameModel() {
    double[] zeroOne = new double[Y.length];
    double[] oneTwo = new double[Y.length];
    for (int i = 0; i < Y.length; i++) {
      zeroOne[i] = Y[i] > 0 ? 1 : 0;
      oneTwo[i] = Y[i] > 0 ? 2 : 1;
    }
    double[] model = L2svmReference.fit(X, Y, TIGHT).model();
    assertArrayEquals(model, L2svmReference.fit(X, zeroOne, TIGHT).model(), 0);
    assertArrayEquals(model, L2svmReference.fit(X, oneTwo, TIGHT).model(), 0);
  }

  @Test
  void interceptAddsALastWeight() {
    double[][] shifted = new double[X.length][];
    for (int i = 0; i < X.length; i++) {
      shifted[i] = X[i].clone();
      shifted[i][0] += 0.5;
    }
    L2svmReference.Params withIcpt = new L2svmReference.Params(true, 1e-14, 1e-3, 100, 20);
    L2svmReference.Result r = L2svmReference.fit(shifted, Y, withIcpt);
    assertEquals(7, r.model().length);
    TestData.assertNonIncreasing(r.objectives(), 1e-12, "l2svm objective with intercept");
  }

  @Test
  void maxIterationsBoundsTheOuterLoop() {
    L2svmReference.Result r = L2svmReference.fit(X, Y, new L2svmReference.Params(false, 0, 1e-3, 3, 20));
    assertEquals(3, r.iterations());
  }

  @Test
  void singleLabelIsRejected() {
    double[] same = new double[X.length];
    java.util.Arrays.fill(same, 1);
    assertThrows(IllegalArgumentException.class, () -> L2svmReference.fit(X, same, TIGHT));
  }

  /** ∇f(w) = −Xᵀ(max(0, 1 − y⊙Xw)⊙y) + reg w, from the definition (independent of the CG state). */
  private static double[] gradient(double[] w, double reg) {
    double[] xw = Dense.multiply(X, w);
    double[] g = new double[w.length];
    for (int i = 0; i < X.length; i++) {
      double out = Math.max(0, 1 - Y[i] * xw[i]);
      for (int j = 0; j < w.length; j++) {
        g[j] -= X[i][j] * out * Y[i];
      }
    }
    for (int j = 0; j < w.length; j++) {
      g[j] += reg * w[j];
    }
    return g;
  }
}
