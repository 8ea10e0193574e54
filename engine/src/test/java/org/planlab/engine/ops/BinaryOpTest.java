package org.planlab.engine.ops;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.planlab.engine.ops.BinaryOp.AND;
import static org.planlab.engine.ops.BinaryOp.DIV;
import static org.planlab.engine.ops.BinaryOp.EQ;
import static org.planlab.engine.ops.BinaryOp.GE;
import static org.planlab.engine.ops.BinaryOp.GT;
import static org.planlab.engine.ops.BinaryOp.INTDIV;
import static org.planlab.engine.ops.BinaryOp.LE;
import static org.planlab.engine.ops.BinaryOp.LOG;
import static org.planlab.engine.ops.BinaryOp.LT;
import static org.planlab.engine.ops.BinaryOp.MAX;
import static org.planlab.engine.ops.BinaryOp.MIN;
import static org.planlab.engine.ops.BinaryOp.MINUS;
import static org.planlab.engine.ops.BinaryOp.MOD;
import static org.planlab.engine.ops.BinaryOp.MULT;
import static org.planlab.engine.ops.BinaryOp.NEQ;
import static org.planlab.engine.ops.BinaryOp.OR;
import static org.planlab.engine.ops.BinaryOp.PLUS;
import static org.planlab.engine.ops.BinaryOp.POW;

import org.junit.jupiter.api.Test;

class BinaryOpTest {
  private static final double NAN = Double.NaN;
  private static final double INF = Double.POSITIVE_INFINITY;
  /** Finite and non-finite values every classification is checked against. */
  private static final double[] VALUES = {-7, -2.5, -1, -0.0, 0.5, 1, 2, 3.25, 1e300, INF, -INF, NAN};

  @Test
  void integerDivisionTruncatesTowardZeroAsSystemDs() {
    // expected values as SystemDS 3.3.0 computes them
    assertEquals(-3.0, INTDIV.apply(-7, 2));
    assertEquals(-3.0, INTDIV.apply(7, -2));
    assertEquals(3.0, INTDIV.apply(7, 2));
    assertEquals(3.0, INTDIV.apply(-7, -2));
    assertEquals(-3.0, INTDIV.apply(-7.5, 2));
    assertEquals(2.0, INTDIV.apply(0.3, 0.1)); // 0.3/0.1 is 2.9999999999999996
    assertEquals(0.0, INTDIV.apply(-1, 2)); // positive zero, through the cast to long
    assertEquals(0x1p63, INTDIV.apply(1e20, 1)); // saturates at the largest long
    assertEquals(-0x1p63, INTDIV.apply(-1e20, 3));
  }

  @Test
  void integerDivisionPassesNaNAndInfiniteQuotientsThrough() {
    assertEquals(INF, INTDIV.apply(1, 0));
    assertEquals(-INF, INTDIV.apply(-1, 0));
    assertEquals(INF, INTDIV.apply(INF, 2));
    assertEquals(0.0, INTDIV.apply(7, INF));
    assertTrue(Double.isNaN(INTDIV.apply(0, 0)));
    assertTrue(Double.isNaN(INTDIV.apply(NAN, 2)));
  }

  @Test
  void moduloTakesTheSignOfTheDividendAsSystemDs() {
    // expected values as SystemDS 3.3.0 computes them
    assertEquals(-1.0, MOD.apply(-7, 2));
    assertEquals(1.0, MOD.apply(7, -2));
    assertEquals(1.0, MOD.apply(7, 2));
    assertEquals(-1.0, MOD.apply(-7, -2));
    assertEquals(-1.5, MOD.apply(-7.5, 2));
    assertEquals(-0.5, MOD.apply(-0.5, 1));
    assertEquals(0.5, MOD.apply(5.5, 1));
    assertEquals(7.232988388943567E19, MOD.apply(1e20, 3));
  }

  @Test
  void moduloByZeroOrInfinityIsNaN() {
    assertTrue(Double.isNaN(MOD.apply(5, 0)));
    assertTrue(Double.isNaN(MOD.apply(0, 0)));
    assertTrue(Double.isNaN(MOD.apply(5, -0.0)));
    assertTrue(Double.isNaN(MOD.apply(5, INF)));
    assertTrue(Double.isNaN(MOD.apply(0, INF)));
    assertTrue(Double.isNaN(MOD.apply(INF, 2)));
    assertTrue(Double.isNaN(MOD.apply(NAN, 2)));
  }

  @Test
  void bitwiseOperatorsCastDoublesToIntAsSystemDs() {
    // values as SystemDS 3.3.0 computes them on doubles
    assertEquals(8.0, BinaryOp.BITW_AND.apply(12.7, 10.2));
    assertEquals(0.0, BinaryOp.BITW_AND.apply(-12.7, 10));
    assertEquals(-2.0, BinaryOp.BITW_OR.apply(-12, 10));
    assertEquals(-6.0, BinaryOp.BITW_XOR.apply(-1, 5));
    assertEquals(0.0, BinaryOp.BITW_AND.apply(NAN, 3));
    assertEquals(2147483647.0, BinaryOp.BITW_OR.apply(INF, 0));
    assertEquals(-2147483648.0, BinaryOp.BITW_OR.apply(-INF, 0));
    assertEquals(256.0, BinaryOp.BITW_SHIFTL.apply(1, 40));
    assertEquals(12.0, BinaryOp.BITW_SHIFTL.apply(3, -30));
    assertTrue(Double.isNaN(BinaryOp.BITW_SHIFTL.apply(1, 31)));
    assertEquals(-1.073741824E9, BinaryOp.BITW_SHIFTR.apply(-INF, 1));
    assertEquals(8.0, BinaryOp.BITW_SHIFTR.apply(16, 33));
  }

  @Test
  void bitwiseOperatorsOnIntegersAsSystemDs() {
    // values as SystemDS 3.3.0 computes them on integer scalars
    assertEquals(-1294967296L, BinaryOp.BITW_AND.applyIntegers(3000000000L, 3000000000L));
    assertEquals(0L, BinaryOp.BITW_SHIFTL.applyIntegers(1, 31));
    assertEquals(1L, BinaryOp.BITW_SHIFTL.applyIntegers(1, 64));
    assertEquals(2L, BinaryOp.BITW_SHIFTL.applyIntegers(-2147483647L, 1));
    assertEquals(5000000000L, BinaryOp.BITW_SHIFTR.applyIntegers(5000000000L, 0));
    assertEquals(0L, BinaryOp.BITW_SHIFTR.applyIntegers(16, 33));
    assertEquals(-3L, BinaryOp.BITW_SHIFTR.applyIntegers(-12, 2));
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> PLUS.applyIntegers(1, 2));
    assertTrue(e.getMessage().contains("+"), e.getMessage());
  }

  @Test
  void xorIsTrueForExactlyOneNonZeroOperand() {
    assertEquals(1.0, BinaryOp.XOR.apply(NAN, 0));
    assertEquals(0.0, BinaryOp.XOR.apply(1, -2));
    assertEquals(0.0, BinaryOp.XOR.apply(0, -0.0));
    assertEquals(1.0, BinaryOp.XOR.apply(0, 0.5));
  }

  @Test
  void divisionIsIeee() {
    assertEquals(INF, DIV.apply(1, 0));
    assertEquals(-INF, DIV.apply(-1, 0));
    assertEquals(-INF, DIV.apply(1, -0.0));
    assertTrue(Double.isNaN(DIV.apply(0, 0)));
  }

  @Test
  void powerIsMathPow() {
    assertEquals(1.0, POW.apply(0, 0));
    assertEquals(1.0, POW.apply(NAN, 0));
    assertEquals(8.0, POW.apply(2, 3));
    assertEquals(INF, POW.apply(0, -1));
    assertTrue(Double.isNaN(POW.apply(-8, 1.0 / 3)));
  }

  @Test
  void comparisonsWithNaNAreFalseExceptNotEqual() {
    assertEquals(0.0, EQ.apply(NAN, NAN));
    assertEquals(1.0, NEQ.apply(NAN, NAN));
    assertEquals(1.0, NEQ.apply(NAN, 1));
    for (BinaryOp op : new BinaryOp[] {LT, LE, GT, GE, EQ}) {
      assertEquals(0.0, op.apply(NAN, 1), op.symbol());
      assertEquals(0.0, op.apply(1, NAN), op.symbol());
    }
    assertEquals(1.0, EQ.apply(0.0, -0.0));
    assertEquals(1.0, LE.apply(2, 2));
    assertEquals(0.0, LT.apply(2, 2));
  }

  @Test
  void logicalOperatorsTreatNaNAsTrue() {
    assertEquals(1.0, AND.apply(NAN, 1));
    assertEquals(0.0, AND.apply(NAN, 0));
    assertEquals(1.0, OR.apply(NAN, 0));
    assertEquals(0.0, OR.apply(0, -0.0));
    assertEquals(1.0, AND.apply(-3, 0.5));
  }

  @Test
  void minAndMaxPropagateNaN() {
    assertTrue(Double.isNaN(MIN.apply(NAN, 1)));
    assertTrue(Double.isNaN(MIN.apply(1, NAN)));
    assertTrue(Double.isNaN(MAX.apply(NAN, 1)));
    assertTrue(Double.isNaN(MAX.apply(1, NAN)));
    assertEquals(-2.0, MIN.apply(-2, 3));
    assertEquals(3.0, MAX.apply(-2, 3));
  }

  @Test
  void logWithBaseIsRatioOfNaturalLogs() {
    assertEquals(3.0, LOG.apply(8, 2), 1e-15);
    assertEquals(2.0, LOG.apply(100, 10), 1e-15);
    assertTrue(Double.isNaN(LOG.apply(-1, 2)));
  }

  @Test
  void sparseSafeIsExactlyZeroOpZeroIsZero() {
    for (BinaryOp op : BinaryOp.values()) {
      assertEquals(op.apply(0, 0) == 0, op.sparseSafe(), op.symbol());
    }
  }

  @Test
  void intersectingOperatorsAreZeroWithAnyFiniteOperand() {
    for (BinaryOp op : BinaryOp.values()) {
      boolean zeroWithAll = true;
      for (double x : VALUES) {
        if (Double.isFinite(x)) {
          zeroWithAll &= op.apply(x, 0) == 0 && op.apply(0, x) == 0;
        }
      }
      assertEquals(zeroWithAll, op.intersectsNonZeros(), op.symbol());
    }
    assertTrue(MULT.intersectsNonZeros() && AND.intersectsNonZeros());
    assertEquals(0.0, AND.apply(NAN, 0)); // AND holds for non-finite values too
  }

  @Test
  void sparseSafetyWithScalarFollowsTheScalar() {
    assertTrue(MULT.sparseSafeWithScalar(5, false));
    assertTrue(MULT.sparseSafeWithScalar(-1, true));
    assertFalse(MULT.sparseSafeWithScalar(NAN, false));
    assertFalse(MULT.sparseSafeWithScalar(INF, false));
    assertTrue(DIV.sparseSafeWithScalar(2, false));
    assertFalse(DIV.sparseSafeWithScalar(0, false));
    assertFalse(DIV.sparseSafeWithScalar(2, true)); // 2 / 0
    assertTrue(POW.sparseSafeWithScalar(2, false));
    assertTrue(POW.sparseSafeWithScalar(0.5, false));
    assertFalse(POW.sparseSafeWithScalar(0, false));
    assertFalse(POW.sparseSafeWithScalar(-1, false));
    assertTrue(GT.sparseSafeWithScalar(0, false));
    assertTrue(GT.sparseSafeWithScalar(1, false));
    assertFalse(GT.sparseSafeWithScalar(-1, false));
    assertTrue(GT.sparseSafeWithScalar(-1, true)); // -1 > 0 is false
    assertTrue(PLUS.sparseSafeWithScalar(0, false));
    assertFalse(PLUS.sparseSafeWithScalar(1, false));
    assertFalse(MINUS.sparseSafeWithScalar(1, true));
    assertTrue(MIN.sparseSafeWithScalar(1, false));
    assertFalse(MIN.sparseSafeWithScalar(-1, false));
    assertFalse(EQ.sparseSafeWithScalar(0, false));
    assertTrue(EQ.sparseSafeWithScalar(3, false));
    assertTrue(NEQ.sparseSafeWithScalar(0, false));
    assertTrue(AND.sparseSafeWithScalar(NAN, false));
    assertFalse(OR.sparseSafeWithScalar(NAN, false));
  }

  @Test
  void sparseSafetyWithScalarMatchesApplyForEveryScalar() {
    for (BinaryOp op : BinaryOp.values()) {
      for (double s : VALUES) {
        assertEquals(op.apply(0, s) == 0, op.sparseSafeWithScalar(s, false), op + " " + s);
        assertEquals(op.apply(s, 0) == 0, op.sparseSafeWithScalar(s, true), s + " " + op);
      }
    }
  }

  @Test
  void symbolsRoundTrip() {
    for (BinaryOp op : BinaryOp.values()) {
      assertEquals(op, BinaryOp.fromSymbol(op.symbol()));
    }
    assertEquals("%/%", INTDIV.symbol());
    assertEquals("%%", MOD.symbol());
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> BinaryOp.fromSymbol("<>"));
    assertTrue(e.getMessage().contains("<>"));
  }

  @Test
  void commutativeOperatorsCommute() {
    for (BinaryOp op : BinaryOp.values()) {
      if (!op.commutative()) {
        continue;
      }
      for (double x : VALUES) {
        for (double y : VALUES) {
          double xy = op.apply(x, y);
          double yx = op.apply(y, x);
          assertTrue(Double.compare(xy, yx) == 0 || xy == yx, op + " " + x + " " + y);
        }
      }
    }
  }
}
