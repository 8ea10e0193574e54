package org.planlab.engine.ops;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import org.junit.jupiter.api.Test;
import org.planlab.engine.kernels.ElementwiseKernels;
import org.planlab.engine.matrix.MatrixBlock;
import org.planlab.engine.parallel.KernelPool;

/**
 * The engine's tanh against {@link Math#tanh}, which it replaces: within 4 ulps over the whole
 * double range (Math.tanh itself is specified within 2.5 ulps of tanh, not correctly rounded),
 * the same special values, and one definition for the element-wise kernel and
 * {@link UnaryOp#apply}.
 */
class TanhTest {
  private static final double[] SPECIALS = {Double.NaN, -Double.NaN,
      Double.longBitsToDouble(0x7ff0000000000123L), Double.POSITIVE_INFINITY,
      Double.NEGATIVE_INFINITY, 0.0, -0.0, Double.MIN_VALUE, -Double.MIN_VALUE,
      Double.MIN_NORMAL, -Double.MIN_NORMAL, Double.MAX_VALUE, -Double.MAX_VALUE, 1, -1, 0.5,
      -0.5, 0.34657359027997264, -0.3465735902799727, 1e-300, -1e-300, 1e-9, -1e-9, 19.5, 20,
      22, -22, 40, 710, 1e300, -1e300};

  /** Distance in ulps of the expected value; 0 when both are NaN or the same signed zero. */
  private static double ulps(double expected, double actual) {
    if (Double.isNaN(expected) || Double.isNaN(actual)) {
      return Double.isNaN(expected) && Double.isNaN(actual) ? 0 : Double.POSITIVE_INFINITY;
    }
    if (expected == actual) {
      return Double.doubleToRawLongBits(expected) == Double.doubleToRawLongBits(actual) ? 0
          : Double.POSITIVE_INFINITY;
    }
    return Math.abs(expected - actual) / Math.ulp(expected);
  }

  private static void assertNear(double x) {
    double e = Math.tanh(x);
    double a = UnaryOp.tanh(x);
    assertTrue(ulps(e, a) <= 4, "tanh(" + x + ") = " + a + ", Math.tanh gives " + e + " ("
        + ulps(e, a) + " ulps)");
  }

  @Test
  void specialValuesAreMathsOrWithinFourUlps() {
    for (double x : SPECIALS) {
      assertNear(x);
    }
    assertEquals(Double.doubleToRawLongBits(-0.0), Double.doubleToRawLongBits(
        UnaryOp.tanh(-0.0)));
    assertEquals(1.0, UnaryOp.tanh(Double.POSITIVE_INFINITY));
    assertEquals(-1.0, UnaryOp.tanh(-30));
    assertEquals(Double.MIN_VALUE, UnaryOp.tanh(Double.MIN_VALUE));
  }

  @Test
  void withinFourUlpsOfMathAtEveryScale() {
    SplittableRandom rnd = new SplittableRandom(17);
    double worst = 0;
    for (int i = 0; i < 400_000; i++) {
      double x = rnd.nextDouble(-25, 25) * Math.pow(10, -rnd.nextInt(12));
      worst = Math.max(worst, ulps(Math.tanh(x), UnaryOp.tanh(x)));
    }
    assertTrue(worst <= 4, "tanh is " + worst + " ulps from Math.tanh");
  }

  @Property(tries = 3000)
  void anyBitPatternStaysNearMath(@ForAll long bits) {
    assertNear(Double.longBitsToDouble(bits));
  }

  @Test
  void theKernelAndApplyAreTheSameFunction() {
    SplittableRandom rnd = new SplittableRandom(23);
    MatrixBlock x = MatrixBlock.dense(7, 9);
    for (int i = 0; i < 63; i++) {
      x.denseValues()[i] = i < SPECIALS.length ? SPECIALS[i] : rnd.nextDouble(-30, 30);
    }
    x.recomputeNonZeros();
    try (KernelPool pool = new KernelPool(2)) {
      MatrixBlock t = ElementwiseKernels.unary(x, UnaryOp.TANH, pool);
      for (int r = 0; r < 7; r++) {
        for (int c = 0; c < 9; c++) {
          assertEquals(Double.doubleToRawLongBits(UnaryOp.TANH.apply(x.get(r, c))),
              Double.doubleToRawLongBits(t.get(r, c)), "cell (" + r + ", " + c + ")");
        }
      }
    }
  }
}
