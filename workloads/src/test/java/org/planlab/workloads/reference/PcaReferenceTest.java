package org.planlab.workloads.reference;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import org.apache.commons.math3.linear.Array2DRowRealMatrix;
import org.apache.commons.math3.linear.RealMatrix;
import org.apache.commons.math3.linear.SingularValueDecomposition;
import org.apache.commons.math3.stat.descriptive.moment.Mean;
import org.apache.commons.math3.stat.descriptive.moment.StandardDeviation;
import org.junit.jupiter.api.Test;

class PcaReferenceTest {
  private static final int N = 120;
  private static final int M = 7;
  private static final double[][] X = TestData.lowRank(new Random(131), N, M, new double[] {4, 2.5, 1.5}, 0.4);

  @Test
  void componentsAreTheRightSingularVectorsOfTheStandardisedData() {
    int k = 4;
    PcaReference.Result r = PcaReference.fit(X, new PcaReference.Params(k, true, true));
    // independent: column means and sample standard deviations by commons-math3, principal
    // axes and variances from the SVD Z = U·S·Vᵀ (no covariance matrix, no eigen solver)
    double[] mean = new double[M];
    double[] sd = new double[M];
    double[][] z = new double[N][M];
    for (int j = 0; j < M; j++) {
      double[] column = Dense.column(X, j);
      mean[j] = new Mean().evaluate(column);
      sd[j] = new StandardDeviation().evaluate(column);
      for (int i = 0; i < N; i++) {
        z[i][j] = (X[i][j] - mean[j]) / sd[j];
      }
    }
    SingularValueDecomposition svd = new SingularValueDecomposition(new Array2DRowRealMatrix(z));
    RealMatrix v = svd.getV().getSubMatrix(0, M - 1, 0, k - 1);
    double[][] expectedM = signed(v.getData());
    double[][] expectedX = Dense.multiply(z, expectedM);

    assertTrue(TestData.relError(new double[][] {mean}, r.Centering()) < 1e-12, "Centering");
    assertTrue(TestData.relError(new double[][] {sd}, r.ScaleFactor()) < 1e-12, "ScaleFactor");
    assertTrue(TestData.relError(expectedM, r.Mout()) < 1e-10, "Mout");
    assertTrue(TestData.relError(expectedX, r.Xout()) < 1e-10, "Xout");
    double variance = 0;
    for (int c = 0; c < k; c++) {
      double s = svd.getSingularValues()[c];
      variance += s * s / (N - 1);
    }
    assertEquals(variance, PcaReference.variance(r), 1e-10 * variance);
  }

  @Test
  void componentsAreOrthonormalAndSignedByTheirLargestEntry() {
    PcaReference.Result r = PcaReference.fit(X, new PcaReference.Params(M, true, true));
    for (int k = 0; k < M; k++) {
      double[] v = Dense.column(r.Mout(), k);
      int at = 0;
      for (int i = 0; i < M; i++) {
        if (Math.abs(v[i]) >= Math.abs(v[at])) {
          at = i;
        }
      }
      assertTrue(v[at] > 0, "component " + k + " has a negative largest entry");
      for (int l = 0; l < M; l++) {
        assertEquals(k == l ? 1 : 0, Dense.dot(v, Dense.column(r.Mout(), l)), 1e-12);
      }
    }
    // all components: a rotation, which keeps the total variance (M standardised columns)
    assertEquals(M, PcaReference.variance(r), 1e-10 * M);
  }

  @Test
  void withoutCentringTheCovarianceIsStillCentredAndXoutShiftsByTheProjectedMeans() {
    PcaReference.Result centred = PcaReference.fit(X, new PcaReference.Params(3, true, false));
    PcaReference.Result raw = PcaReference.fit(X, new PcaReference.Params(3, false, false));
    assertEquals(0, raw.Centering().length);
    assertEquals(0, raw.ScaleFactor().length);
    assertTrue(TestData.relError(centred.Mout(), raw.Mout()) < 1e-10, "Mout");
    double[][] shift = Dense.multiply(centred.Centering(), centred.Mout());
    double[][] expected = Dense.copy(centred.Xout());
    for (double[] row : expected) {
      for (int k = 0; k < row.length; k++) {
        row[k] = row[k] + shift[0][k];
      }
    }
    assertTrue(TestData.relError(expected, raw.Xout()) < 1e-10, "Xout");
  }

  @Test
  void scalingWithoutCentringDividesByTheRootMeanSquare() {
    PcaReference.Result r = PcaReference.fit(X, new PcaReference.Params(2, false, true));
    assertEquals(0, r.Centering().length);
    for (int j = 0; j < M; j++) {
      double ss = 0;
      for (double[] row : X) {
        ss += row[j] * row[j];
      }
      assertEquals(Math.sqrt(ss / (N - 1)), r.ScaleFactor()[0][j], 1e-12 * Math.sqrt(ss / (N - 1)));
    }
  }

  @Test
  void constantColumnsKeepAScaleFactorOfOneAndKIsCappedAtTheColumns() {
    double[][] x = Dense.copy(X);
    for (double[] row : x) {
      row[2] = 5;
    }
    PcaReference.Result r = PcaReference.fit(x, new PcaReference.Params(M + 3, true, true));
    assertEquals(1, r.ScaleFactor()[0][2]);
    assertEquals(M, Dense.cols(r.Mout()));
    // the constant column carries no variance: the last component is that axis
    assertEquals(1, Math.abs(r.Mout()[2][M - 1]), 1e-10);
    assertEquals(M - 1, PcaReference.variance(r), 1e-10 * M);
  }

  /** The columns with their largest-magnitude entries positive, computed here. */
  private static double[][] signed(double[][] v) {
    double[][] out = Dense.copy(v);
    for (int k = 0; k < Dense.cols(out); k++) {
      double largest = 0;
      for (double[] row : out) {
        largest = Math.abs(row[k]) > Math.abs(largest) ? row[k] : largest;
      }
      if (largest < 0) {
        for (double[] row : out) {
          row[k] = -row[k];
        }
      }
    }
    return out;
  }
}
