package org.planlab.engine.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The element-wise, row-wise and cumulative builtins and their scalar semantics end to end. Every
 * expected value is what Apache SystemDS 3.3.0 prints for the same script (run with its own
 * launcher), edge cases included: negative operands, zeros, NaN, ±Inf, ties and halves.
 */
class CellwiseBuiltinsTest {
  @TempDir
  Path dir;
  Dml dml;

  @BeforeEach
  void setUp() {
    dml = new Dml(dir);
  }

  /** 2 x 3 with 0, a negative, a fraction, NaN and ±Inf. */
  private static final String SPECIAL = "X = matrix(\"0 -1 1.5 0 0 0\", rows=2, cols=3)\n"
      + "X[2, 1] = NaN\nX[2, 2] = Inf\nX[2, 3] = -Inf\n";

  /** Asserts what {@code print(toString(expr))} prints after {@code prelude}: rows of text. */
  private void assertMatrix(String prelude, String expr, String... rows) {
    assertEquals(String.join("\n", rows) + "\n\n",
        dml.print(prelude + "\nprint(toString(" + expr + "))"), expr);
  }

  private void assertScalar(String expr, String printed) {
    dml.assertPrints("print(" + expr + ")", printed);
  }

  // ------------------------------------------------------------------ unary

  @Test
  void predicatesGiveOneOrZeroAsDoubles() {
    // as SystemDS 3.3.0 computes: a double 1.0/0.0 on scalars, not a boolean
    assertScalar("is.na(NaN)", "1.0");
    assertScalar("is.na(1)", "0.0");
    assertScalar("is.nan(NaN)", "1.0");
    assertScalar("is.nan(Inf)", "0.0");
    assertScalar("isNaN(NaN)", "1.0");
    assertScalar("is.infinite(Inf)", "1.0");
    assertScalar("is.infinite(-Inf)", "1.0");
    assertScalar("is.infinite(NaN)", "0.0");
    assertScalar("is.infinite(3)", "0.0");
    assertMatrix(SPECIAL, "is.na(X)", "0.000 0.000 0.000", "1.000 0.000 0.000");
    assertMatrix(SPECIAL, "is.nan(X)", "0.000 0.000 0.000", "1.000 0.000 0.000");
    assertMatrix(SPECIAL, "is.infinite(X)", "0.000 0.000 0.000", "0.000 1.000 1.000");
  }

  @Test
  void ceilingIsCeilAndRoundRoundsHalvesUp() {
    // as SystemDS 3.3.0 computes: doubles even for integer arguments; round(-2.5) is -2
    assertScalar("ceiling(2.5)", "3.0");
    assertScalar("ceiling(-2.5)", "-2.0");
    assertScalar("ceiling(3)", "3.0");
    assertScalar("round(-2.5)", "-2.0");
    assertScalar("round(2.5)", "3.0");
    assertScalar("round(-0.5)", "0.0");
    assertScalar("round(0.49999999999999994)", "0.0");
    assertMatrix(SPECIAL, "ceiling(X)", "0.000 -1.000 2.000", "NaN Infinity -Infinity");
  }

  @Test
  void trigonometricAndHyperbolicFunctions() {
    // as SystemDS 3.3.0 computes
    assertScalar("tan(1)", "1.5574077246549023");
    assertScalar("asin(0.5)", "0.5235987755982989");
    assertScalar("asin(2)", "NaN");
    assertScalar("acos(0.5)", "1.0471975511965979");
    assertScalar("atan(1)", "0.7853981633974483");
    assertScalar("sinh(1)", "1.1752011936438014");
    assertScalar("cosh(1)", "1.5430806348152437");
    assertScalar("tan(0)", "0.0");
    assertScalar("sinh(-0.0)", "-0.0");
    assertScalar("atan(Inf)", "1.5707963267948966");
    assertScalar("cosh(Inf)", "Infinity");
    assertMatrix(SPECIAL, "tan(X)", "0.000 -1.557 14.101", "NaN NaN NaN");
    assertMatrix(SPECIAL, "asin(X)", "0.000 -1.571 NaN", "NaN NaN NaN");
    assertMatrix(SPECIAL, "acos(X)", "1.571 3.142 NaN", "NaN NaN NaN");
    assertMatrix(SPECIAL, "atan(X)", "0.000 -0.785 0.983", "NaN 1.571 -1.571");
    assertMatrix(SPECIAL, "sinh(X)", "0.000 -1.175 2.129", "NaN Infinity -Infinity");
    assertMatrix(SPECIAL, "cosh(X)", "1.000 1.543 2.352", "NaN Infinity Infinity");
  }

  // ------------------------------------------------------------------ binary

  @Test
  void xorOfBooleansIsBooleanAndOfNumbersOneOrZero() {
    // as SystemDS 3.3.0 computes; NaN counts as true
    assertScalar("xor(TRUE, FALSE)", "TRUE");
    assertScalar("xor(FALSE, FALSE)", "FALSE");
    assertScalar("xor(0.5, 0)", "1.0");
    assertScalar("xor(NaN, 0)", "1.0");
    assertScalar("xor(1.0, 1.0)", "0.0");
    assertScalar("xor(2, 0.0)", "1.0");
    assertMatrix("X = matrix(\"1 0 0 0\", rows=2, cols=2)\nX[2, 1] = NaN", "xor(X, 0)",
        "1.000 0.000", "1.000 0.000");
    assertMatrix("X = matrix(\"1 0 2 0\", rows=2, cols=2)", "xor(X, 1)",
        "0.000 1.000", "0.000 1.000");
    assertMatrix("X = matrix(\"1 0 2 0\", rows=2, cols=2)\n"
        + "Y = matrix(\"1 1 0 0\", rows=2, cols=2)", "xor(X, Y)", "0.000 1.000", "1.000 0.000");
  }

  @Test
  void bitwiseFunctionsOnIntegers() {
    // as SystemDS 3.3.0 computes on integer scalars (through 32-bit ints, except bitwShiftR)
    assertScalar("bitwAnd(12, 10)", "8");
    assertScalar("bitwOr(12, 10)", "14");
    assertScalar("bitwXor(12, 10)", "6");
    assertScalar("bitwShiftL(3, 2)", "12");
    assertScalar("bitwShiftR(12, 2)", "3");
    assertScalar("bitwAnd(-12, 10)", "0");
    assertScalar("bitwOr(-12, 10)", "-2");
    assertScalar("bitwXor(-1, 5)", "-6");
    assertScalar("bitwShiftL(-3, 2)", "-12");
    assertScalar("bitwShiftR(-12, 2)", "-3");
    assertScalar("bitwShiftR(-1, 1)", "-1");
    assertScalar("bitwShiftL(1, 64)", "1");
    assertScalar("bitwShiftL(1, 63)", "0");
    assertScalar("bitwShiftL(1, 31)", "0");
    assertScalar("bitwShiftL(3, -1)", "0");
    assertScalar("bitwShiftL(16, 33)", "32");
    assertScalar("bitwAnd(3000000000, 3000000000)", "-1294967296");
    assertScalar("bitwShiftR(5000000000, 0)", "5000000000");
    assertScalar("bitwShiftR(5000000000, 33)", "0");
  }

  @Test
  void bitwiseFunctionsOnDoublesCastToInt() {
    // as SystemDS 3.3.0 computes: truncation, saturation, NaN as 0, NaN for a shift to -2^31
    assertScalar("bitwAnd(12.7, 10.2)", "8.0");
    assertScalar("bitwAnd(-12.7, 10)", "0.0");
    assertScalar("bitwAnd(NaN, 3)", "0.0");
    assertScalar("bitwOr(Inf, 0)", "2.147483647E9");
    assertScalar("bitwOr(-Inf, 0)", "-2.147483648E9");
    assertScalar("bitwAnd(3e9, 3e9)", "2.147483647E9");
    assertScalar("bitwShiftL(3, 2.9)", "12.0");
    assertScalar("bitwShiftL(1.5, 2)", "4.0");
    assertScalar("bitwShiftL(1.0, 31)", "NaN");
    assertScalar("bitwShiftL(1.0, 40)", "256.0");
    assertScalar("bitwShiftR(-Inf, 1)", "-1.073741824E9");
    assertScalar("bitwAnd(TRUE, TRUE)", "1.0");
    String x = "X = matrix(\"12 -12 3.7 0\", rows=2, cols=2)";
    assertMatrix(x, "bitwAnd(X, 10)", "8.000 0.000", "2.000 0.000");
    assertMatrix(x, "bitwOr(X, 10)", "14.000 -2.000", "11.000 10.000");
    assertMatrix(x, "bitwShiftR(X, 1)", "6.000 -6.000", "1.000 0.000");
    String y = "X = matrix(\"1 -1 3 0\", rows=2, cols=2)";
    assertMatrix(y, "bitwShiftL(X, 40)", "256.000 -256.000", "768.000 0.000");
    assertMatrix(y, "bitwShiftL(X, 31)", "NaN NaN", "NaN 0.000");
  }

  @Test
  void bitwiseFunctionsBroadcastVectorsLikeTheOperators() {
    // as SystemDS 3.3.0 computes
    String x = "X = matrix(\"1 2 3 4\", rows=2, cols=2)\n";
    assertMatrix(x, "bitwXor(X, X + 1)", "3.000 1.000", "7.000 1.000");
    assertMatrix(x + "v = matrix(\"1 2\", rows=2, cols=1)", "bitwAnd(X, v)",
        "1.000 0.000", "2.000 0.000");
    assertMatrix(x + "v = matrix(\"1 2\", rows=1, cols=2)", "bitwAnd(X, v)",
        "1.000 2.000", "1.000 0.000");
  }

  @Test
  void pminPmaxAndMinMaxWithVectors() {
    // as SystemDS 3.3.0 computes
    String x = "X = matrix(\"1 5 3 4\", rows=2, cols=2)\n";
    assertMatrix(x, "pmax(X, 2)", "2.000 5.000", "3.000 4.000");
    assertMatrix(x, "pmin(X, 2)", "1.000 2.000", "2.000 2.000");
    assertScalar("pmax(1, 2)", "2");
    assertScalar("pmin(3, 2.5)", "2.5");
    assertMatrix(x + "v = matrix(\"2 3\", rows=1, cols=2)", "max(X, v)",
        "2.000 5.000", "3.000 4.000");
    assertMatrix(x + "v = matrix(\"2 3\", rows=2, cols=1)", "min(X, v)",
        "1.000 2.000", "3.000 3.000");
    assertMatrix(x + "v = matrix(\"2 3\", rows=2, cols=1)", "pmin(X, v)",
        "1.000 2.000", "3.000 3.000");
    assertMatrix(x, "max(X, 2, X)", "2.000 5.000", "3.000 4.000");
  }

  // ------------------------------------------------------------------ row-wise and cumulative

  @Test
  void cumminAndCummaxRunDownColumnsWithNaNPropagating() {
    // as SystemDS 3.3.0 computes
    String x = "X = matrix(\"3 -1 1 5 2 0 0 4 -2 7\", rows=5, cols=2)\nX[4, 1] = NaN";
    assertMatrix(x, "cummin(X)", "3.000 -1.000", "1.000 -1.000", "1.000 -1.000",
        "NaN -1.000", "NaN -1.000");
    assertMatrix(x, "cummax(X)", "3.000 -1.000", "3.000 5.000", "3.000 5.000",
        "NaN 5.000", "NaN 7.000");
  }

  @Test
  void cumsumprodIsTheFirstOrderRecurrence() {
    // as SystemDS 3.3.0 computes: Y[i] = X[i,1] + X[i,2] * Y[i-1], Y[0] = 0
    assertMatrix("X = matrix(\"1 2 3 4 5 6 7 8\", rows=4, cols=2)", "cumsumprod(X)",
        "1.000", "7.000", "47.000", "383.000");
    assertMatrix("X = matrix(\"1 0 3 0 5 0 7 8\", rows=4, cols=2)\nX[2, 2] = NaN",
        "cumsumprod(X)", "1.000", "NaN", "NaN", "NaN");
    String m = dml.fails("X = matrix(\"1 2 3 4 5 6\", rows=2, cols=3)\n"
        + "print(toString(cumsumprod(X)))").message();
    assertTrue(m.contains("two columns") && m.contains("2x3"), m);
  }

  @Test
  void rowProdsAndColProds() {
    // as SystemDS 3.3.0 computes
    String x = "X = matrix(\"1 2 3 4 0 6\", rows=2, cols=3)";
    assertMatrix(x, "rowProds(X)", "6.000", "0.000");
    assertMatrix(x, "colProds(X)", "4.000 0.000 18.000");
    assertMatrix("X = matrix(\"-1 2 -4 5\", rows=2, cols=2)", "colProds(X)", "4.000 10.000");
    assertMatrix("X = matrix(\"1 2 3 4 0 6\", rows=2, cols=3)\nX[1, 1] = NaN", "rowProds(X)",
        "NaN", "0.000");
  }

  @Test
  void lowerAndUpperTriangles() {
    // as SystemDS 3.3.0 computes; diag and values default to FALSE
    String x = "X = matrix(\"1 2 3 4 5 6 7 8 9\", rows=3, cols=3)";
    assertMatrix(x, "lower.tri(target=X)", "0.000 0.000 0.000", "1.000 0.000 0.000",
        "1.000 1.000 0.000");
    assertMatrix(x, "lower.tri(target=X, diag=TRUE)", "1.000 0.000 0.000",
        "1.000 1.000 0.000", "1.000 1.000 1.000");
    assertMatrix(x, "lower.tri(target=X, diag=TRUE, values=TRUE)", "1.000 0.000 0.000",
        "4.000 5.000 0.000", "7.000 8.000 9.000");
    assertMatrix(x, "upper.tri(target=X, values=TRUE)", "0.000 2.000 3.000",
        "0.000 0.000 6.000", "0.000 0.000 0.000");
    assertMatrix("X = matrix(\"1 2 3 4 5 6\", rows=2, cols=3)", "upper.tri(target=X, values=TRUE)",
        "0.000 2.000 3.000", "0.000 0.000 6.000");
    assertMatrix("X = matrix(\"1 2 3 4 5 6\", rows=3, cols=2)", "lower.tri(target=X, values=TRUE)",
        "0.000 0.000", "3.000 0.000", "5.000 6.000");
  }

  @Test
  void triangleValuesOutsideTheMaskAreZeroEvenForNaN() {
    String x = "X = matrix(\"1 2 3 4\", rows=2, cols=2)\nX[1, 2] = NaN\nd = TRUE\n";
    assertMatrix(x, "lower.tri(target=X, diag=d, values=d)", "1.000 0.000", "3.000 4.000");
  }

  @Test
  void outerAppliesTheOperatorToEveryPair() {
    // as SystemDS 3.3.0 computes
    String ab = "a = matrix(\"1 2 3\", rows=3, cols=1)\nb = matrix(\"1 2\", rows=1, cols=2)";
    assertMatrix(ab, "outer(a, b, \"*\")", "1.000 2.000", "2.000 4.000", "3.000 6.000");
    assertMatrix(ab, "outer(a, b, \"<\")", "0.000 1.000", "0.000 0.000", "0.000 0.000");
    assertMatrix(ab, "outer(a, b, \"%%\")", "0.000 1.000", "0.000 0.000", "0.000 1.000");
    assertMatrix(ab, "outer(a, b, \"max\")", "1.000 2.000", "2.000 2.000", "3.000 3.000");
    assertMatrix(ab, "outer(a, b, \"^\")", "1.000 1.000", "2.000 4.000", "3.000 9.000");
    assertMatrix(ab, "outer(a, b, \"bitwAnd\")", "1.000 0.000", "0.000 2.000", "1.000 2.000");
    assertMatrix(ab, "outer(a, b, \"log\")", "NaN 0.000", "Infinity 1.000", "Infinity 1.585");
    assertMatrix(ab, "outer(a, b, \"xor\")", "0.000 0.000", "0.000 0.000", "0.000 0.000");
  }

  @Test
  void outerRejectsUnknownOperatorsAndNonVectors() {
    String ab = "a = matrix(\"1 2 3\", rows=3, cols=1)\nb = matrix(\"1 2\", rows=1, cols=2)\n";
    String m = dml.fails(ab + "print(toString(outer(a, b, \"&\")))").message();
    assertTrue(m.contains("\"&\""), m);
    m = dml.fails(ab + "print(toString(outer(t(a), b, \"+\")))").message();
    assertTrue(m.contains("1x3"), m);
  }

  // ------------------------------------------------------------------ print

  @Test
  void printOfAMatrixPrintsItsToString() {
    // as SystemDS 3.3.0 prints print(X)
    String x = "X = matrix(\"1 2 3 4 5 6\", rows=2, cols=3)\n";
    assertEquals("1.000 2.000 3.000\n4.000 5.000 6.000\n\n", dml.print(x + "print(X)"));
    assertEquals(dml.print(x + "print(toString(X))"), dml.print(x + "print(X)"));
  }
}
