package org.planlab.workloads.reference;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class L2svmGridReferenceTest {
  private static final double[][] X = TestData.uniform(new Random(93), 250, 5, -1, 1);
  private static final double[] Y = TestData.binaryLabels(new Random(94), X, 0.5);
  private static final double[] REGS = {1e-3, 0.1, 10, 1e3};
  private static final L2svmGridReference.Params TIGHT = new L2svmGridReference.Params(1e-14, 100, 20);

  @Test
  void accuracyCountsRowsStrictlyOnTheSideOfTheirLabel() {
    double[][] x = {{1}, {-1}, {2}, {0}};
    double[] y = {1, 1, -1, 1};
    // margins 1, -1, 2, 0: only the first row is on its label's side (0 counts as wrong)
    assertEquals(0.25, L2svmGridReference.accuracy(x, y, new double[] {1}, false));
    // an intercept of 1.5 moves the margins to 2.5, 0.5, 3.5, 1.5: all but the third
    assertEquals(0.75, L2svmGridReference.accuracy(x, y, new double[] {1, 1.5}, true));
    // labels 1 and 2 are -1 and +1
    assertEquals(0.25, L2svmGridReference.accuracy(x, new double[] {2, 2, 1, 2}, new double[] {1}, false));
    assertThrows(IllegalArgumentException.class,
        () -> L2svmGridReference.accuracy(x, y, new double[] {1}, true));
  }

  @Test
  void everyGridPointIsOneL2svmRun() {
    L2svmGridReference.Result r = L2svmGridReference.fit(X, Y, REGS, TIGHT);
    for (int k = 0; k < 2; k++) {
      boolean intercept = k == 1;
      for (int i = 0; i < REGS.length; i++) {
        double[] w = L2svmReference.fit(X, Y, new L2svmReference.Params(intercept, 1e-14, REGS[i], 100, 20)).model();
        assertEquals(L2svmGridReference.accuracy(X, Y, w, intercept), r.accuracies()[i][k]);
        assertEquals(L2svmReference.objective(X, Y, w, intercept, REGS[i]), r.losses()[i][k]);
      }
    }
  }

  @Test
  void picksTheFirstGridPointWithTheHighestAccuracyAndReturnsItsModel() {
    L2svmGridReference.Result r = L2svmGridReference.fit(X, Y, REGS, TIGHT);
    int bestI = 0;
    int bestK = 0;
    for (int k = 0; k < 2; k++) {
      for (int i = 0; i < REGS.length; i++) {
        if (r.accuracies()[i][k] > r.accuracies()[bestI][bestK]) {
          bestI = i;
          bestK = k;
        }
      }
    }
    assertEquals(REGS[bestI], r.bestReg());
    assertEquals(bestK == 1, r.bestIntercept());
    double[] w = L2svmReference.fit(X, Y,
        new L2svmReference.Params(bestK == 1, 1e-14, REGS[bestI], 100, 20)).model();
    assertArrayEquals(w, r.model(), 0);
    assertEquals(r.accuracies()[bestI][bestK], L2svmGridReference.accuracy(X, Y, r.model(), r.bestIntercept()));
  }

  @Test
  void minimalObjectiveGrowsWithTheRegularisation() {
    // f_reg(w) increases with reg for every w, so its minimum does too: a check that each
    // run converged, independent of how l2svm gets there
    L2svmGridReference.Result r = L2svmGridReference.fit(X, Y, REGS, TIGHT);
    for (int k = 0; k < 2; k++) {
      List<Double> negated = new ArrayList<>();
      for (double[] row : r.losses()) {
        negated.add(-row[k]);
      }
      TestData.assertNonIncreasing(negated, 1e-10, "l2svm minimum over reg, intercept " + (k == 1));
    }
    // the data is separable only up to noise: the accuracy is high but not perfect
    for (double[] row : r.accuracies()) {
      assertTrue(row[0] > 0.7 && row[0] < 1, "accuracy " + row[0]);
    }
  }
}
