package org.planlab.workloads.reference;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import org.junit.jupiter.api.Test;

class AlsCgReferenceTest {
  private static final int M = 40;
  private static final int N = 30;
  private static final int RANK = 4;
  private static final double[][] X = TestData.lowRankRatings(new Random(31), M, N, 3, 0.6);
  private static final double[][] U0 = TestData.uniform(new Random(32), M, RANK, -0.5, 0.5);
  private static final double[][] V0 = TestData.uniform(new Random(33), N, RANK, -0.5, 0.5);

  @Test
  void lossNeverIncreasesFromHalfStepToHalfStep() {
    for (String regType : new String[] {"L2", "wL2"}) {
      AlsCgReference.Result r = AlsCgReference.fit(X, U0, V0, new AlsCgReference.Params(RANK, regType, 1e-3, 10, false, 0));
      assertEquals(20, r.halfStepLosses().size());
      double initial = AlsCgReference.objective(X, U0, Dense.transpose(V0), regType, 1e-3);
      assertTrue(r.halfStepLosses().get(0) <= initial, regType + ": first half-step increased the loss");
      TestData.assertNonIncreasing(r.halfStepLosses(), 1e-12, regType + " loss");
    }
  }

  @Test
  void fitsTheObservedCellsOfALowRankMatrix() {
    AlsCgReference.Result r = AlsCgReference.fit(X, U0, V0, new AlsCgReference.Params(RANK, "wL2", 1e-6, 500, true, 1e-4));
    assertTrue(r.converged(), "did not converge in " + r.iterations() + " iterations");
    double[][] uv = Dense.multiply(r.U(), r.V());
    double sq = 0;
    double observed = 0;
    for (int i = 0; i < M; i++) {
      for (int j = 0; j < N; j++) {
        if (X[i][j] != 0) {
          sq += (uv[i][j] - X[i][j]) * (uv[i][j] - X[i][j]);
          observed++;
        }
      }
    }
    assertTrue(Math.sqrt(sq / observed) < 0.05, "RMSE on observed cells " + Math.sqrt(sq / observed));
  }

  @Test
  void driverObjectiveIsTheLossOfTheResult() {
    AlsCgReference.Params p = new AlsCgReference.Params(RANK, "wL2", 1e-3, 5, false, 0);
    AlsCgReference.Result r = AlsCgReference.fit(X, U0, V0, p);
    assertEquals(N, r.V()[0].length);
    assertEquals(RANK, r.V().length);
    double last = r.halfStepLosses().get(r.halfStepLosses().size() - 1);
    assertEquals(last, AlsCgReference.objective(X, r.U(), r.V(), "wL2", 1e-3), 1e-12 * last);
  }

  @Test
  void withoutCheckAllIterationsRun() {
    AlsCgReference.Result r = AlsCgReference.fit(X, U0, V0, new AlsCgReference.Params(RANK, "L2", 1e-3, 7, false, 1));
    assertEquals(7, r.iterations());
    assertFalse(r.converged());
  }

  @Test
  void unknownRegTypeIsRejected() {
    assertThrows(IllegalArgumentException.class,
        () -> AlsCgReference.fit(X, U0, V0, new AlsCgReference.Params(RANK, "L1", 1e-3, 2, true, 0)));
  }
}
