package org.planlab.workloads.reference;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import org.apache.commons.math3.linear.Array2DRowRealMatrix;
import org.apache.commons.math3.linear.ArrayRealVector;
import org.apache.commons.math3.linear.QRDecomposition;
import org.apache.commons.math3.linear.RealMatrix;
import org.apache.commons.math3.stat.descriptive.moment.Mean;
import org.apache.commons.math3.stat.descriptive.moment.StandardDeviation;
import org.junit.jupiter.api.Test;

class HlmReferenceTest {
  private static final double[][] X = TestData.uniform(new Random(91), 150, 7, 0, 1);
  private static final double[] Y = shifted(TestData.linearResponse(new Random(92), X, 1.0), 3.0);
  private static final double[] LAMBDAS = {1e-5, 1e-3, 0.1, 10, 1e3};
  private static final int[] ICPTS = {0, 1, 2};

  @Test
  void scoresAreTheTrainingR2OfRidgeRegressionSolvedByQr() {
    HlmReference.Result r = HlmReference.fit(X, Y, LAMBDAS, ICPTS, HlmReference.Params.defaults());
    for (int j = 0; j < ICPTS.length; j++) {
      for (int i = 0; i < LAMBDAS.length; i++) {
        double expected = qrRidgeR2(ICPTS[j], LAMBDAS[i]);
        assertEquals(expected, r.scores()[i][j], 1e-9 * Math.abs(expected),
            "icpt " + ICPTS[j] + ", lambda " + LAMBDAS[i]);
      }
    }
  }

  @Test
  void picksTheFirstGridPointWithTheHighestScore() {
    HlmReference.Result r = HlmReference.fit(X, Y, LAMBDAS, ICPTS, HlmReference.Params.defaults());
    int bestI = 0;
    int bestJ = 0;
    for (int j = 0; j < ICPTS.length; j++) {
      for (int i = 0; i < LAMBDAS.length; i++) {
        if (r.scores()[i][j] > r.scores()[bestI][bestJ]) {
          bestI = i;
          bestJ = j;
        }
      }
    }
    assertEquals(LAMBDAS[bestI], r.bestLambda());
    assertEquals(ICPTS[bestJ], r.bestIcpt());
    // the response has an offset: a model with an intercept fits it best
    assertTrue(r.bestIcpt() > 0, "best icpt " + r.bestIcpt());
  }

  @Test
  void interceptModelsFitAtLeastAsWellAndStandardisingOnlyReparametrises() {
    HlmReference.Result r = HlmReference.fit(X, Y, new double[] {0}, ICPTS, HlmReference.Params.defaults());
    double[] s = r.scores()[0];
    // without regularisation: nested least-squares models, and the same column space for 1 and 2
    assertTrue(s[1] >= s[0], "icpt 1 " + s[1] + " < icpt 0 " + s[0]);
    assertEquals(s[1], s[2], 1e-12);
  }

  @Test
  void oneIcptAndOneLambdaIsOneLmFit() {
    HlmReference.Result r = HlmReference.fit(X, Y, new double[] {0.5}, new int[] {1}, HlmReference.Params.defaults());
    double[] B = LmDsReference.fit(X, Y, new LmDsReference.Params(1, 0.5));
    double rss = LmDsReference.residualSumOfSquares(X, Y, B, 1);
    double mean = Dense.sum(Y) / Y.length;
    double tss = 0;
    for (double v : Y) {
      tss += (v - mean) * (v - mean);
    }
    assertEquals(1 - rss / tss, r.scores()[0][0], 1e-12);
    assertEquals(0.5, r.bestLambda());
    assertEquals(1, r.bestIcpt());
  }

  /**
   * Training R² of ridge regression as least squares on the augmented system [D; √λ·P]·β ≈ [y; 0]
   * by commons-math3's QR (no normal equations): D is X (icpt 0), [X, 1] (icpt 1) or [Z, 1] with Z
   * the columns of X standardised by commons-math3's mean and sample standard deviation (icpt
   * 2); P selects the coefficients of the features (the intercept is not regularised).
   */
  private static double qrRidgeR2(int icpt, double lambda) {
    int n = X.length;
    int m = X[0].length;
    double[][] features = X;
    if (icpt == 2) {
      features = new double[n][m];
      for (int c = 0; c < m; c++) {
        double[] column = Dense.column(X, c);
        double mu = new Mean().evaluate(column);
        double sd = new StandardDeviation().evaluate(column);
        for (int r = 0; r < n; r++) {
          features[r][c] = (X[r][c] - mu) / sd;
        }
      }
    }
    int d = m + (icpt > 0 ? 1 : 0);
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

  private static double[] shifted(double[] y, double offset) {
    double[] out = new double[y.length];
    for (int i = 0; i < y.length; i++) {
      out[i] = y[i] + offset;
    }
    return out;
  }
}
