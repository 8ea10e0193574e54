package org.planlab.workloads.reference;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import org.junit.jupiter.api.Test;

class GridSearchLmReferenceTest {
  private static final double[][] X = TestData.uniform(new Random(81), 103, 12, 0, 1);
  private static final double[] Y = TestData.linearResponse(new Random(82), X, 2.0);
  private static final double[] LAMBDAS = {1e-5, 1e-4, 1e-3, 1e-2, 0.1, 1, 10, 100, 1e3, 1e4};

  @Test
  void scoresAreTheMeanHeldOutR2OfEveryLambda() {
    GridSearchLmReference.Result r = GridSearchLmReference.fit(X, Y, LAMBDAS, new GridSearchLmReference.Params(5, 0));
    double[] expected = bruteForce(5);
    assertTrue(TestData.relError(expected, r.scores()) < 1e-10, "error " + TestData.relError(expected, r.scores()));
  }

  @Test
  void picksTheLambdaWithTheBestMeanR2() {
    GridSearchLmReference.Result r = GridSearchLmReference.fit(X, Y, LAMBDAS, new GridSearchLmReference.Params(4, 0));
    double[] scores = bruteForce(4);
    int best = 0;
    for (int i = 1; i < scores.length; i++) {
      if (scores[i] > scores[best]) {
        best = i;
      }
    }
    assertEquals(LAMBDAS[best], r.bestLambda());
    // the data has enough noise that neither end of the grid wins
    assertTrue(best > 0 && best < LAMBDAS.length - 1, "best index " + best);
  }

  @Test
  void foldsPartitionTheRowsIntoContiguousRanges() {
    for (int folds : new int[] {2, 3, 5, 7, 103}) {
      int next = 0;
      for (int f = 1; f <= folds; f++) {
        int[] range = GridSearchLmReference.fold(103, folds, f);
        assertEquals(next, range[0]);
        assertTrue(range[1] - range[0] >= 103 / folds);
        next = range[1];
      }
      assertEquals(103, next);
    }
  }

  /** Held-out R² per fold from commons-math3's solve, averaged, for every lambda. */
  private static double[] bruteForce(int folds) {
    int n = X.length;
    double[] scores = new double[LAMBDAS.length];
    for (int i = 0; i < LAMBDAS.length; i++) {
      double sum = 0;
      for (int f = 0; f < folds; f++) {
        int from = f * n / folds;
        int to = (f + 1) * n / folds;
        double[][] xTrain = new double[n - (to - from)][];
        double[] yTrain = new double[xTrain.length];
        for (int r = 0, t = 0; r < n; r++) {
          if (r < from || r >= to) {
            xTrain[t] = X[r];
            yTrain[t++] = Y[r];
          }
        }
        double[] beta = LinearRegressionReferenceTest.commonsMathRidge(xTrain, yTrain, LAMBDAS[i], false);
        double mean = 0;
        for (int r = from; r < to; r++) {
          mean += Y[r] / (to - from);
        }
        double res = 0;
        double tot = 0;
        for (int r = from; r < to; r++) {
          res += Math.pow(Y[r] - Dense.dot(X[r], beta), 2);
          tot += Math.pow(Y[r] - mean, 2);
        }
        sum += 1 - res / tot;
      }
      scores[i] = sum / folds;
    }
    return scores;
  }
}
