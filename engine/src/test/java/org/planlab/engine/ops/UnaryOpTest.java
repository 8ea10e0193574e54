package org.planlab.engine.ops;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.planlab.engine.ops.UnaryOp.ISNAN;
import static org.planlab.engine.ops.UnaryOp.NEG;
import static org.planlab.engine.ops.UnaryOp.NOT;
import static org.planlab.engine.ops.UnaryOp.ROUND;
import static org.planlab.engine.ops.UnaryOp.SIGMOID;
import static org.planlab.engine.ops.UnaryOp.SIGN;

import org.junit.jupiter.api.Test;
import org.planlab.engine.kernels.ElementwiseReference;

class UnaryOpTest {
  private static final double NAN = Double.NaN;
  private static final double INF = Double.POSITIVE_INFINITY;

  @Test
  void sparseSafeExactlyWhenZeroMapsToZero() {
    for (UnaryOp op : UnaryOp.values()) {
      assertEquals(op.apply(0) == 0, op.sparseSafe(), op.symbol());
    }
  }

  @Test
  void isInfiniteIsOneForEitherInfinityOnly() {
    assertEquals(1.0, UnaryOp.ISINF.apply(INF));
    assertEquals(1.0, UnaryOp.ISINF.apply(-INF));
    assertEquals(0.0, UnaryOp.ISINF.apply(NAN));
    assertEquals(0.0, UnaryOp.ISINF.apply(1e308));
  }

  @Test
  void trigonometricFunctionsAreFastMathsAsSystemDs() {
    // values as SystemDS 3.3.0 prints them; Math.cosh(1) would be 1.543080634815244
    assertEquals(1.5430806348152437, UnaryOp.COSH.apply(1));
    assertEquals(3.6268604078470186, UnaryOp.SINH.apply(2));
    assertEquals(1.5207754699891265, UnaryOp.ACOS.apply(0.05));
    assertEquals(1.5574077246549023, UnaryOp.TAN.apply(1));
    assertEquals(0.5235987755982989, UnaryOp.ASIN.apply(0.5));
    assertEquals(Math.PI / 2, UnaryOp.ATAN.apply(INF));
    assertTrue(Double.isNaN(UnaryOp.ASIN.apply(2)));
    assertEquals(-0.0, UnaryOp.SINH.apply(-0.0));
  }

  @Test
  void roundRoundsHalvesUpAsSystemDs() {
    assertEquals(-2.0, ROUND.apply(-2.5));
    assertEquals(-3.0, ROUND.apply(-2.5000001));
    assertEquals(3.0, ROUND.apply(2.5));
    assertEquals(-1.0, ROUND.apply(-1.5));
    assertEquals(1.0, ROUND.apply(0.5));
    assertEquals(-2.0, ROUND.apply(-2.4999));
    assertEquals(0.0, ROUND.apply(0.49999999999999994)); // Math.floor(x + 0.5) would give 1
    assertEquals(4503599627370497.0, ROUND.apply(4503599627370497.0)); // 2^52 + 1
  }

  @Test
  void roundKeepsNaNAndInfinity() {
    assertTrue(Double.isNaN(ROUND.apply(NAN)));
    assertEquals(INF, ROUND.apply(INF));
    assertEquals(-INF, ROUND.apply(-INF));
  }

  @Test
  void roundWorksBeyondTheLongRange() {
    assertEquals(1e20, ROUND.apply(1e20));
    assertEquals(-1e300, ROUND.apply(-1e300));
  }

  @Test
  void signOfZeroIsZeroAndOfNaNIsNaN() {
    assertEquals(0.0, SIGN.apply(-0.0));
    assertEquals(0.0, SIGN.apply(0.0));
    assertEquals(Double.doubleToRawLongBits(0.0),
        Double.doubleToRawLongBits(SIGN.apply(-0.0)), "sign(-0) is +0");
    assertEquals(-1.0, SIGN.apply(-INF));
    assertEquals(1.0, SIGN.apply(1e-300));
    assertTrue(Double.isNaN(SIGN.apply(NAN)));
  }

  @Test
  void notAndIsNaNGiveZeroOrOne() {
    assertEquals(1.0, NOT.apply(0));
    assertEquals(1.0, NOT.apply(-0.0));
    assertEquals(0.0, NOT.apply(NAN)); // NaN is true
    assertEquals(0.0, NOT.apply(-3));
    assertEquals(1.0, ISNAN.apply(NAN));
    assertEquals(0.0, ISNAN.apply(INF));
  }

  @Test
  void sigmoidIsTheLogisticFunction() {
    assertEquals(0.5, SIGMOID.apply(0));
    assertEquals(1.0, SIGMOID.apply(800));
    assertEquals(0.0, SIGMOID.apply(-800));
    assertEquals(1 / (1 + Math.exp(-2)), SIGMOID.apply(2));
  }

  @Test
  void negationFlipsTheSign() {
    assertEquals(-2.0, NEG.apply(2));
    assertEquals(Double.doubleToRawLongBits(-0.0), Double.doubleToRawLongBits(NEG.apply(0)));
  }

  @Test
  void sparseSafeIsExactlyFOfZeroIsZero() {
    for (UnaryOp op : UnaryOp.values()) {
      assertEquals(op.apply(0) == 0, op.sparseSafe(), op.symbol());
    }
  }

  @Test
  void everyFunctionMatchesTheReference() {
    double[] values = {-7.5, -2.5, -1, -0.3, -0.0, 0, 0.3, 0.5, 1, 2.5, 100, INF, -INF, NAN};
    for (UnaryOp op : UnaryOp.values()) {
      for (double x : values) {
        double e = ElementwiseReference.unary(op, x);
        double g = op.apply(x);
        // tanh is the engine's own function, within 4 ulps of Math.tanh (TanhTest)
        double ulps = op == UnaryOp.TANH ? 4 * Math.ulp(e) : 0;
        assertTrue(Double.compare(e, g) == 0 || Math.abs(e - g) <= ulps,
            op + "(" + x + "): " + e + " vs " + g);
      }
    }
  }
}
