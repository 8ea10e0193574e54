package org.planlab.workloads.reference;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import org.junit.jupiter.api.Test;

class KmeansReferenceTest {
  private static final int K = 4;
  private static final double[][] X = clustered(new Random(61), 300, 3);
  private static final double[][] C0 = TestData.uniform(new Random(62), K, 3, 0, 10);

  @Test
  void wcssNeverIncreases() {
    KmeansReference.Result r = KmeansReference.fit(X, C0, new KmeansReference.Params(K, 100, 1e-12));
    assertTrue(r.iterations() > 2);
    TestData.assertNonIncreasing(r.wcss(), 1e-12, "kmeans wcss");
  }

  @Test
  void convergedRunAssignsEveryRowToItsNearestCentroid() {
    KmeansReference.Result r = KmeansReference.fit(X, C0, new KmeansReference.Params(K, 100, 1e-12));
    assertEquals(KmeansReference.CONVERGED, r.termination());
    double direct = 0;
    for (int i = 0; i < X.length; i++) {
      int nearest = 0;
      for (int c = 1; c < K; c++) {
        if (squaredDistance(X[i], r.C()[c]) < squaredDistance(X[i], r.C()[nearest])) {
          nearest = c;
        }
      }
      assertEquals(nearest + 1, r.Y()[i], "row " + i);
      direct += squaredDistance(X[i], r.C()[nearest]);
    }
    // and the WCSS the run reports is the sum of those squared distances
    double last = r.wcss().get(r.iterations() - 1);
    assertEquals(direct, last, 1e-9 * direct);
    assertEquals(last, KmeansReference.wcss(X, r.C()), 0);
  }

  @Test
  void convergedCentroidsAreTheMeansOfTheirRows() {
    KmeansReference.Result r = KmeansReference.fit(X, C0, new KmeansReference.Params(K, 100, 1e-12));
    for (int c = 0; c < K; c++) {
      double[] mean = new double[3];
      int count = 0;
      for (int i = 0; i < X.length; i++) {
        if (r.Y()[i] == c + 1) {
          mean = Dense.axpy(mean, 1, X[i]);
          count++;
        }
      }
      assertTrue(count > 0);
      assertTrue(TestData.relError(Dense.scale(1.0 / count, mean), r.C()[c]) < 1e-12);
    }
  }

  @Test
  void maxIterStopsTheRunWithTheLastScoredCentroids() {
    KmeansReference.Result r = KmeansReference.fit(X, C0, new KmeansReference.Params(K, 2, 1e-12));
    assertEquals(KmeansReference.MAX_ITER, r.termination());
    assertEquals(2, r.iterations());
    assertEquals(r.wcss().get(1), KmeansReference.wcss(X, r.C()), 0);
  }

  @Test
  void centroidWithoutRowsStopsTheRun() {
    double[][] init = Dense.copy(C0);
    init[3] = new double[] {1e6, 1e6, 1e6};
    KmeansReference.Result r = KmeansReference.fit(X, init, new KmeansReference.Params(K, 100, 1e-12));
    assertEquals(KmeansReference.EMPTY_CLUSTER, r.termination());
    assertEquals(1, r.iterations());
  }

  @Test
  void tiedRowsAreSplitEvenly() {
    double[][] x = {{0}, {2}, {1}};
    double[][] c = {{0}, {2}};
    KmeansReference.Result r = KmeansReference.fit(x, c, new KmeansReference.Params(2, 1, 0));
    // row {1} is equally near both centroids: it counts half for each, and Y names the first
    assertEquals(1, r.Y()[2]);
    KmeansReference.Result moved = KmeansReference.fit(x, c, new KmeansReference.Params(2, 2, -1));
    assertEquals(0.5 / 1.5, moved.C()[0][0], 1e-15);
    assertEquals(2.5 / 1.5, moved.C()[1][0], 1e-15);
  }

  private static double squaredDistance(double[] a, double[] b) {
    double s = 0;
    for (int j = 0; j < a.length; j++) {
      s += (a[j] - b[j]) * (a[j] - b[j]);
    }
    return s;
  }

  /** n rows around four well separated centres in [0, 10)^m. */
  private static double[][] clustered(Random rnd, int n, int m) {
    double[][] centres = TestData.uniform(rnd, 4, m, 0, 10);
    double[][] x = new double[n][m];
    for (int i = 0; i < n; i++) {
      double[] centre = centres[i % 4];
      for (int j = 0; j < m; j++) {
        x[i][j] = centre[j] + 0.5 * rnd.nextGaussian();
      }
    }
    return x;
  }
}
