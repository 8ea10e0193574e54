package org.planlab.workloads.reference;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import org.apache.commons.math3.linear.Array2DRowRealMatrix;
import org.apache.commons.math3.linear.ArrayRealVector;
import org.apache.commons.math3.linear.LUDecomposition;
import org.apache.commons.math3.linear.RealMatrix;
import org.junit.jupiter.api.Test;

/** lmDS, lmCG and lm. */
class LinearRegressionReferenceTest {
  private static final double[][] X = TestData.uniform(new Random(71), 200, 8, 0, 1);
  private static final double[] Y = TestData.linearResponse(new Random(72), X, 0.1);

  @Test
  void lmDsSolvesTheRegularisedNormalEquations() {
    for (double reg : new double[] {0, 1e-7, 1e-3, 10}) {
      double[] beta = LmDsReference.fit(X, Y, new LmDsReference.Params(0, reg));
      double[] expected = commonsMathRidge(X, Y, reg, false);
      assertTrue(TestData.relError(expected, beta) < 1e-10, "reg " + reg + ": " + TestData.relError(expected, beta));
    }
  }

  @Test
  void lmDsLeavesTheInterceptUnregularised() {
    double[] beta = LmDsReference.fit(X, Y, new LmDsReference.Params(1, 0.5));
    assertEquals(9, beta.length);
    double[] expected = commonsMathRidge(Dense.appendOnes(X), Y, 0.5, true);
    assertTrue(TestData.relError(expected, beta) < 1e-10, "error " + TestData.relError(expected, beta));
  }

  @Test
  void lmDsStandardisationOnlyReparametrisesWithoutRegularisation() {
    double[] plain = LmDsReference.fit(X, Y, new LmDsReference.Params(1, 0));
    double[] standardised = LmDsReference.fit(X, Y, new LmDsReference.Params(2, 0));
    assertTrue(TestData.relError(plain, standardised) < 1e-9, "error " + TestData.relError(plain, standardised));
  }

  @Test
  void lmCgConvergesToTheDirectSolution() {
    // CG is capped at one step per coefficient: in floating point that reaches 1e-8 only for a
    // well-conditioned XᵀX, so these columns are centred (columns of U(0, 1) share a large mean)
    double[][] x = TestData.uniform(new Random(75), 200, 8, -1, 1);
    double[] y = TestData.linearResponse(new Random(76), x, 0.1);
    for (int icpt = 0; icpt <= 2; icpt++) {
      double[] direct = LmDsReference.fit(x, y, new LmDsReference.Params(icpt, 1e-3));
      LmCgReference.Result cg = LmCgReference.fit(x, y, new LmCgReference.Params(icpt, 1e-3, 1e-14, 0));
      assertTrue(TestData.relError(direct, cg.B()) < 1e-8, "icpt " + icpt + ": " + TestData.relError(direct, cg.B()));
    }
  }

  @Test
  void lmCgObjectiveNeverIncreasesAndResidualReachesTheTarget() {
    LmCgReference.Params p = new LmCgReference.Params(0, 1e-3, 1e-10, 0);
    LmCgReference.Result cg = LmCgReference.fit(X, Y, p);
    // CG minimises 1/2 β'Aβ − β'b over growing Krylov spaces: that objective, not ‖r‖, is monotone
    TestData.assertNonIncreasing(cg.quadratic(), 1e-13, "lmCG quadratic objective");
    double last = cg.residualNorms2().get(cg.iterations());
    assertTrue(cg.iterations() <= 8, "more iterations than coefficients: " + cg.iterations());
    assertTrue(Math.sqrt(last) < 1e-6 * Math.sqrt(cg.residualNorms2().get(0)),
        "residual " + last + " after " + cg.iterations() + " iterations");
  }

  @Test
  void lmCgStopsAtMaxi() {
    LmCgReference.Result cg = LmCgReference.fit(X, Y, new LmCgReference.Params(0, 1e-3, 0, 3));
    assertEquals(3, cg.iterations());
    // maxi beyond the number of coefficients is capped at it
    assertEquals(8, LmCgReference.fit(X, Y, new LmCgReference.Params(0, 1e-3, 0, 50)).iterations());
  }

  @Test
  void lmPicksTheDirectSolveUpTo1024Features() {
    LmReference.Params p = new LmReference.Params(0, 1e-3, 1e-7, 0);
    assertArrayEquals(LmDsReference.fit(X, Y, new LmDsReference.Params(0, 1e-3)), LmReference.fit(X, Y, p), 0);
  }

  @Test
  void lmPicksConjugateGradientBeyond1024Features() {
    double[][] wide = TestData.uniform(new Random(73), 30, 1025, 0, 1);
    double[] y = TestData.linearResponse(new Random(74), wide, 0.1);
    LmReference.Params p = new LmReference.Params(0, 1e-3, 1e-7, 4);
    double[] viaCg = LmCgReference.fit(wide, y, new LmCgReference.Params(0, 1e-3, 1e-7, 4)).B();
    assertArrayEquals(viaCg, LmReference.fit(wide, y, p), 0);
  }

  @Test
  void residualSumOfSquaresUsesTheIntercept() {
    double[] beta = LmDsReference.fit(X, Y, new LmDsReference.Params(1, 0));
    double rss = LmDsReference.residualSumOfSquares(X, Y, beta, 1);
    double[] fitted = Dense.multiply(Dense.appendOnes(X), beta);
    double direct = 0;
    for (int i = 0; i < Y.length; i++) {
      direct += (Y[i] - fitted[i]) * (Y[i] - fitted[i]);
    }
    assertEquals(direct, rss, 1e-12 * direct);
  }

  /** (XᵀX + reg·I)β = Xᵀy by commons-math3's LU; the last coefficient unregularised if asked. */
  static double[] commonsMathRidge(double[][] x, double[] y, double reg, boolean lastIsIntercept) {
    RealMatrix xm = new Array2DRowRealMatrix(x);
    RealMatrix a = xm.transpose().multiply(xm);
    int d = a.getRowDimension();
    for (int j = 0; j < d; j++) {
      if (!(lastIsIntercept && j == d - 1)) {
        a.addToEntry(j, j, reg);
      }
    }
    return new LUDecomposition(a).getSolver().solve(xm.transpose().operate(new ArrayRealVector(y))).toArray();
  }
}
