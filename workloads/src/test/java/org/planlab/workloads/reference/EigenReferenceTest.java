package org.planlab.workloads.reference;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import org.junit.jupiter.api.Test;

class EigenReferenceTest {
  private static final double[][] X = TestData.lowRank(new Random(121), 80, 6, new double[] {3, 2, 1}, 0.3);

  @Test
  void eachColumnIsAUnitEigenvectorOfItsEigenvalue() {
    double[][] a = EigenReference.driverMatrix(X, false);
    EigenReference.Result r = EigenReference.fit(a);
    double scale = Math.abs(r.evalues()[r.evalues().length - 1]);
    for (int k = 0; k < a.length; k++) {
      double[] v = Dense.column(r.evectors(), k);
      double[] av = Dense.multiply(a, v);
      for (int i = 0; i < a.length; i++) {
        assertEquals(r.evalues()[k] * v[i], av[i], 1e-12 * scale, "A v = lambda v, k " + k);
      }
      for (int l = 0; l < a.length; l++) {
        assertEquals(k == l ? 1 : 0, Dense.dot(v, Dense.column(r.evectors(), l)), 1e-12, "VᵀV = I");
      }
    }
  }

  @Test
  void eigenvaluesAscendAndSumToTheTrace() {
    double[][] a = EigenReference.driverMatrix(X, true);
    EigenReference.Result r = EigenReference.fit(a);
    double trace = 0;
    for (int i = 0; i < a.length; i++) {
      trace += a[i][i];
    }
    assertEquals(trace, Dense.sum(r.evalues()), 1e-12 * trace);
    for (int k = 1; k < r.evalues().length; k++) {
      assertTrue(r.evalues()[k - 1] <= r.evalues()[k], "not ascending at " + k);
    }
    // a covariance matrix is positive semi-definite
    assertTrue(r.evalues()[0] > -1e-12 * trace, "smallest eigenvalue " + r.evalues()[0]);
  }

  @Test
  void diagonalMatrixHasItsDiagonalAsEigenvalues() {
    EigenReference.Result r = EigenReference.fit(new double[][] {{3, 0, 0}, {0, -1, 0}, {0, 0, 2}});
    assertArrayEquals(new double[] {-1, 2, 3}, r.evalues(), 1e-15);
    double[][] v = EigenReference.withSignRule(r.evectors());
    assertRows(new double[][] {{0, 0, 1}, {1, 0, 0}, {0, 1, 0}}, v);
  }

  @Test
  void covarianceOfTheDriverCentresTheColumns() {
    double[][] shifted = Dense.copy(X);
    for (double[] row : shifted) {
      for (int j = 0; j < row.length; j++) {
        row[j] = row[j] + 100;
      }
    }
    assertTrue(TestData.relError(EigenReference.driverMatrix(X, true),
        EigenReference.driverMatrix(shifted, true)) < 1e-10);
  }

  @Test
  void signRuleMakesTheLargestMagnitudeEntryPositiveTheLastOfEqualOnes() {
    double[][] v = EigenReference.withSignRule(new double[][] {{0.6, 0.5}, {-0.8, -0.5}, {0, 0.1}});
    assertRows(new double[][] {{-0.6, -0.5}, {0.8, 0.5}, {0, -0.1}}, v);
  }

  /** Row by row with a tolerance: negated zeros equal zeros. */
  private static void assertRows(double[][] expected, double[][] actual) {
    assertEquals(expected.length, actual.length);
    for (int i = 0; i < expected.length; i++) {
      assertArrayEquals(expected[i], actual[i], 1e-15, "row " + i);
    }
  }
}
