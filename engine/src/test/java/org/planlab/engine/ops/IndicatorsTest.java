package org.planlab.engine.ops;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;

/**
 * The branch-free indicators against Java's own operators on doubles, bit for bit: the edges of
 * the bit tricks (signed zeros, subnormals, the largest finite values, infinities, NaNs with
 * either sign bit and other payloads) pairwise, then arbitrary bit patterns and neighbours.
 */
class IndicatorsTest {
  private static final double[] EDGES = edges();

  private static double[] edges() {
    List<Double> v = new ArrayList<>(List.of(0.0, -0.0, Double.MIN_VALUE, -Double.MIN_VALUE,
        Double.MIN_NORMAL, -Double.MIN_NORMAL, Math.nextDown(Double.MIN_NORMAL), 1.0, -1.0,
        Math.nextUp(1.0), Math.nextDown(1.0), 2.0, 1e300, -1e300, Double.MAX_VALUE,
        -Double.MAX_VALUE, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, Double.NaN,
        Double.longBitsToDouble(0xfff8000000000000L), Double.longBitsToDouble(0x7ff0000000000001L),
        Double.longBitsToDouble(0xffffffffffffffffL)));
    double[] out = new double[v.size()];
    for (int i = 0; i < out.length; i++) {
      out[i] = v.get(i);
    }
    return out;
  }

  /** Java's value of each relation, the reference. */
  private static void assertAllRelations(double a, double b) {
    String at = " at a=" + a + " (" + Long.toHexString(Double.doubleToRawLongBits(a)) + "), b="
        + b + " (" + Long.toHexString(Double.doubleToRawLongBits(b)) + ")";
    assertSame(a > b ? 1.0 : 0.0, Indicators.gt(a, b), "gt" + at);
    assertSame(a < b ? 1.0 : 0.0, Indicators.lt(a, b), "lt" + at);
    assertSame(a >= b ? 1.0 : 0.0, Indicators.ge(a, b), "ge" + at);
    assertSame(a <= b ? 1.0 : 0.0, Indicators.le(a, b), "le" + at);
    assertSame(a == b ? 1.0 : 0.0, Indicators.eq(a, b), "eq" + at);
    assertSame(a != b ? 1.0 : 0.0, Indicators.ne(a, b), "ne" + at);
    assertSame(a != 0 && b != 0 ? 1.0 : 0.0, Indicators.and(a, b), "and" + at);
    assertSame(a != 0 || b != 0 ? 1.0 : 0.0, Indicators.or(a, b), "or" + at);
    assertSame((a != 0) != (b != 0) ? 1.0 : 0.0, Indicators.xor(a, b), "xor" + at);
    assertSame(a == 0 ? 1.0 : 0.0, Indicators.isZero(a), "isZero" + at);
    assertSame(Double.isNaN(a) ? 1.0 : 0.0, Indicators.isNaN(a), "isNaN" + at);
    assertSame(a != 0 ? b : a, Indicators.select(a, b, a), "select" + at);
    assertSame(b != 0 ? a : b, Indicators.select(b, a, b), "select" + at);
  }

  /** Equal bit patterns (so 0.0 is not -0.0, and NaN payloads count). */
  private static void assertSame(double expected, double actual, String what) {
    assertEquals(Double.doubleToRawLongBits(expected), Double.doubleToRawLongBits(actual),
        what + ": expected " + expected + ", was " + actual);
  }

  @Test
  void everyPairOfEdgeValuesAgreesWithJava() {
    for (double a : EDGES) {
      for (double b : EDGES) {
        assertAllRelations(a, b);
        assertAllRelations(a, Math.nextUp(b));
        assertAllRelations(Math.nextDown(a), b);
      }
    }
  }

  @Test
  void selectNeverLetsTheBranchNotTakenThrough() {
    double inf = Double.POSITIVE_INFINITY;
    assertSame(5.0, Indicators.select(1, 5, inf), "true picks yes over inf");
    assertSame(5.0, Indicators.select(0, Double.NaN, 5), "false picks no over NaN");
    assertSame(5.0, Indicators.select(-0.0, inf, 5), "-0.0 is false");
    assertSame(-inf, Indicators.select(Double.NaN, -inf, 0), "NaN is true");
    assertSame(-0.0, Indicators.select(2, -0.0, 1), "-0.0 kept as it is");
  }

  @Property(tries = 3000)
  void arbitraryBitPatternsAgreeWithJava(@ForAll("bits") long x, @ForAll("bits") long y) {
    double a = Double.longBitsToDouble(x);
    double b = Double.longBitsToDouble(y);
    assertAllRelations(a, b);
    assertAllRelations(a, a);
    assertAllRelations(a, Math.nextUp(a));
    assertAllRelations(a, -a);
  }

  @Provide
  Arbitrary<Long> bits() {
    return Arbitraries.longs();
  }

  @Property(tries = 2000)
  void squareIsExactlyMathPow(@ForAll("bits") long x) {
    double a = Double.longBitsToDouble(x);
    assertSame(Math.pow(a, 2), BinaryOp.pow(a, 2), "pow(" + a + ", 2)");
    assertSame(Math.pow(a, 3), BinaryOp.pow(a, 3), "pow(" + a + ", 3)");
    assertSame(Math.pow(a, 0.5), BinaryOp.pow(a, 0.5), "pow(" + a + ", 0.5)");
  }

  @Test
  void squareOfEdgeValuesIsExactlyMathPow() {
    for (double a : EDGES) {
      assertSame(Math.pow(a, 2), BinaryOp.pow(a, 2), "pow(" + a + ", 2)");
      assertSame(Math.pow(a, 2), BinaryOp.POW.apply(a, 2), "POW.apply(" + a + ", 2)");
    }
  }
}
