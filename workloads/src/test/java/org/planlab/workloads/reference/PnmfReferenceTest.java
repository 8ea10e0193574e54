package org.planlab.workloads.reference;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import org.junit.jupiter.api.Test;

class PnmfReferenceTest {
  private static final double[][] X = TestData.counts(new Random(41), 50, 40, 0.2);
  private static final double[][] W0 = TestData.uniform(new Random(42), 50, 5, 0, 0.025);
  private static final double[][] H0 = TestData.uniform(new Random(43), 5, 40, 0, 0.025);

  @Test
  void objectiveNeverIncreases() {
    PnmfReference.Result r = PnmfReference.fit(X, W0, H0, new PnmfReference.Params(1e-15, 50));
    assertEquals(50, r.objectives().size());
    assertTrue(r.objectives().get(0) < PnmfReference.objective(X, W0, H0, 1e-15));
    TestData.assertNonIncreasing(r.objectives(), 1e-12, "pnmf objective");
  }

  @Test
  void factorsStayNonNegative() {
    PnmfReference.Result r = PnmfReference.fit(X, W0, H0, new PnmfReference.Params(1e-8, 20));
    for (double[][] f : new double[][][] {r.W(), r.H()}) {
      for (double[] row : f) {
        for (double v : row) {
          assertTrue(v >= 0, "negative factor entry " + v);
        }
      }
    }
  }

  @Test
  void updatesPreserveTheTotalOfTheData() {
    // a fixed point property of the KL updates: after a W update, Σ(W·H) = Σ X
    PnmfReference.Result r = PnmfReference.fit(X, W0, H0, new PnmfReference.Params(1e-15, 10));
    double total = Dense.sum(X);
    assertEquals(total, Dense.sum(Dense.multiply(r.W(), r.H())), 1e-9 * total);
  }

  @Test
  void driverObjectiveIsTheLastIterationsObjective() {
    PnmfReference.Result r = PnmfReference.fit(X, W0, H0, PnmfReference.Params.defaults());
    double last = r.objectives().get(r.objectives().size() - 1);
    assertEquals(last, PnmfReference.objective(X, r.W(), r.H(), 1e-8), 0);
  }
}
