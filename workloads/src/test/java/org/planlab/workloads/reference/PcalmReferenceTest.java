package org.planlab.workloads.reference;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import org.apache.commons.math3.linear.Array2DRowRealMatrix;
import org.apache.commons.math3.linear.ArrayRealVector;
import org.apache.commons.math3.linear.QRDecomposition;
import org.apache.commons.math3.linear.RealMatrix;
import org.apache.commons.math3.stat.descriptive.moment.Mean;
import org.junit.jupiter.api.Test;

class PcalmReferenceTest {
  private static final int M = 6;
  private static final double[][] X = TestData.lowRank(new Random(141), 150, M, new double[] {3, 2, 1}, 0.5);
  private static final double[] Y = TestData.linearResponse(new Random(142), X, 2.0);
  private static final int[] KS = {1, 2, 3, 4, 5, 6};

  @Test
  void scoresAreTheTrainingR2OfRidgeRegressionOnTheComponentsSolvedByQr() {
    for (int icpt : new int[] {0, 1}) {
      PcalmReference.Params p = new PcalmReference.Params(true, true, icpt, 0.5);
      PcalmReference.Result r = PcalmReference.fit(X, Y, KS, p);
      for (int i = 0; i < KS.length; i++) {
        double[][] xk = PcaReference.fit(X, new PcaReference.Params(KS[i], true, true)).Xout();
        double expected = qrRidgeR2(xk, icpt, 0.5);
        assertEquals(expected, r.scores()[i], 1e-9 * Math.abs(expected), "icpt " + icpt + ", K " + KS[i]);
      }
    }
  }

  @Test
  void allComponentsFitAsWellAsLeastSquaresOnX() {
    // K = m components span the centred columns: with an intercept the model is that of X
    PcalmReference.Result r = PcalmReference.fit(X, Y, new int[] {M}, new PcalmReference.Params(true, true, 1, 0));
    assertEquals(qrRidgeR2(X, 1, 0), r.scores()[0], 1e-10);
  }

  @Test
  void moreComponentsNeverFitWorseAndTheFirstBestKIsChosen() {
    PcalmReference.Result r = PcalmReference.fit(X, Y, KS, new PcalmReference.Params(true, true, 1, 0));
    int best = 0;
    for (int i = 1; i < KS.length; i++) {
      // nested column spaces: least squares fits at least as well with each component added
      assertTrue(r.scores()[i] >= r.scores()[i - 1] - 1e-12, "K " + KS[i]);
      if (r.scores()[i] > r.scores()[best]) {
        best = i;
      }
    }
    assertEquals(KS[best], r.bestK());
    PcalmReference.Result reversed = PcalmReference.fit(X, Y, new int[] {3, 1},
        new PcalmReference.Params(true, true, 1, 0));
    assertEquals(3, reversed.bestK());
  }

  /**
   * Training R² of ridge regression as least squares on the augmented system [D; √λ·P]·β ≈ [y; 0]
   * by commons-math3's QR (no normal equations): D is the features, with a column of ones for
   * icpt 1; P selects the coefficients of the features (the intercept is not regularised).
   */
  private static double qrRidgeR2(double[][] features, int icpt, double lambda) {
    int n = features.length;
    int m = features[0].length;
    int d = m + icpt;
    double[][] a = new double[n + m][d];
    double[] b = new double[n + m];
    for (int r = 0; r < n; r++) {
      System.arraycopy(features[r], 0, a[r], 0, m);
      if (icpt > 0) {
        a[r][m] = 1;
      }
      b[r] = Y[r];
    }
    for (int c = 0; c < m; c++) {
      a[n + c][c] = Math.sqrt(lambda);
    }
    RealMatrix design = new Array2DRowRealMatrix(a);
    double[] beta = new QRDecomposition(design).getSolver().solve(new ArrayRealVector(b)).toArray();
    double[] fitted = design.operate(beta);
    double mean = new Mean().evaluate(Y);
    double res = 0;
    double tot = 0;
    for (int r = 0; r < n; r++) {
      res += (Y[r] - fitted[r]) * (Y[r] - fitted[r]);
      tot += (Y[r] - mean) * (Y[r] - mean);
    }
    return 1 - res / tot;
  }
}
