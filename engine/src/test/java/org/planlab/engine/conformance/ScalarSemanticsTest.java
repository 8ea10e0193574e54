package org.planlab.engine.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.planlab.engine.lang.types.ValueType;

/**
 * DML.md "Lexical", "Types" and "Expressions" on scalars: precedence, integer division and
 * modulus with negative operands (R's floor semantics), type promotion and how each value type
 * prints, string concatenation, NaN/Inf, casts, and command-line arguments. Expected values are
 * worked out by hand or with plain Java.
 */
class ScalarSemanticsTest {
  @TempDir
  Path dir;
  Dml dml;

  @BeforeEach
  void setUp() {
    dml = new Dml(dir);
  }

  @Test
  void powerBindsTighterThanUnaryMinus() {
    dml.assertPrints("print(-2^2)", "-4.0");
    dml.assertPrints("x = 2\nprint(-x^2)", "-4.0");
    dml.assertPrints("print((-2)^2)", "4.0");
  }

  @Test
  void powerIsRightAssociative() {
    dml.assertPrints("print(2^3^2)", "512.0");
    dml.assertPrints("print((2^3)^2)", "64.0");
  }

  @Test
  void arithmeticPrecedence() {
    dml.assertPrints("print(2 * 3 + 4)", "10");
    dml.assertPrints("print(2 + 3 * 4)", "14");
    dml.assertPrints("print(10 - 4 - 3)", "3");
    dml.assertPrints("print(2 * 7 %% 4)", "6"); // %% binds tighter than *: 2 * 3
    dml.assertPrints("print(17 %/% 5 * 2)", "6");
    dml.assertPrints("print(1 + 2 < 4)", "TRUE");
  }

  @Test
  void logicalPrecedence() {
    dml.assertPrints("print(3 > 2 & 2 > 1)", "TRUE");
    dml.assertPrints("print(TRUE | FALSE & FALSE)", "TRUE"); // & before |
    dml.assertPrints("print(!(1 == 1) | TRUE)", "TRUE");
    dml.assertPrints("print(!1 == 2)", "TRUE"); // ! is below comparisons: !(1 == 2)
    dml.assertPrints("print(FALSE && TRUE || TRUE)", "TRUE");
  }

  @Test
  void integerDivisionTruncatesTowardZero() {
    // as SystemDS 3.3.0 computes (and prints) them
    dml.assertPrints("print(7 %/% 2)", "3");
    dml.assertPrints("print(-7 %/% 2)", "-3");
    dml.assertPrints("print(7 %/% -2)", "-3");
    dml.assertPrints("print(-7 %/% -2)", "3");
    dml.assertPrints("print(7.5 %/% 2)", "3.0");
    dml.assertPrints("print(-7.5 %/% 2)", "-3.0");
    dml.assertPrints("print(-1.0 %/% 2)", "0.0");
    dml.assertPrints("print(7.0 %/% 0)", "Infinity");
    dml.assertPrints("print(0.0 %/% 0)", "NaN");
    dml.assertPrints("print(Inf %/% 2)", "Infinity");
    dml.assertPrints("print(7 %/% Inf)", "0.0");
    dml.assertPrints("print(1e20 %/% 1)", "9.223372036854776E18");
  }

  @Test
  void integerDivisionOfIntegersByZeroIsCastToLongAsSystemDsDoes() {
    // as SystemDS 3.3.0 computes: NaN becomes 0, -Inf the smallest long, +Inf an overflow
    dml.assertPrints("print(0 %/% 0)", "0");
    dml.assertPrints("print(-7 %/% 0)", "-9223372036854775808");
    dml.assertPrints("print(7 %% 0)", "0");
    dml.assertPrints("a = 5\nb = 0\nprint(a %% b)", "0");
    String m = dml.fails("a = 7\nb = 0\nprint(a %/% b)").message();
    assertTrue(m.contains("overflow") && m.contains("7 %/% 0"), m);
  }

  @Test
  void modulusTakesTheSignOfTheDividend() {
    // as SystemDS 3.3.0 computes: x - (x %/% y) * y with truncating %/%
    dml.assertPrints("print(-7 %% 2)", "-1");
    dml.assertPrints("print(7 %% -2)", "1");
    dml.assertPrints("print(-7 %% 3)", "-1");
    dml.assertPrints("print(7 %% -3)", "1");
    dml.assertPrints("print(-7 %% -3)", "-1");
    dml.assertPrints("print(-3 %% 3)", "0");
    dml.assertPrints("print(-7.5 %% 2)", "-1.5");
    dml.assertPrints("print(-0.5 %% 1)", "-0.5");
    dml.assertPrints("print(7.0 %% 0)", "NaN");
    dml.assertPrints("print(7 %% Inf)", "NaN");
    dml.assertPrints("print(0 %% Inf)", "NaN");
    dml.assertPrints("print(Inf %% 2)", "NaN");
    dml.assertPrints("print(1e20 %% 3)", "7.232988388943567E19");
  }

  @Test
  void integerAndDoublePromotion() {
    dml.assertPrints("print(1 + 2)", "3");
    dml.assertPrints("print(1 + 2.0)", "3.0");
    dml.assertPrints("print(3 * 1.5)", "4.5");
    dml.assertPrints("print(100000000 * 100)", "10000000000"); // integers are 64 bit
    dml.assertPrints("print(2^10)", "1024.0"); // ^ is a double
  }

  @Test
  void divisionIsAlwaysDouble() {
    dml.assertPrints("print(4 / 2)", "2.0");
    dml.assertPrints("print(5 / 2)", "2.5");
    dml.assertPrints("x = 6\ny = 3\nprint(x / y)", "2.0");
  }

  @Test
  void booleanArithmeticIsZeroOne() {
    dml.assertPrints("print(TRUE + TRUE)", "2");
    dml.assertPrints("b = TRUE\nprint(b * 3)", "3");
    dml.assertPrints("print(FALSE * 2.5)", "0.0");
    dml.assertPrints("print(TRUE)", "TRUE");
  }

  @Test
  void stringPlusConcatenates() {
    dml.assertPrints("print(\"a\" + 1)", "a1");
    dml.assertPrints("print(1 + \"a\")", "1a");
    dml.assertPrints("print(\"x\" + 1.5)", "x1.5");
    dml.assertPrints("print(\"b\" + TRUE)", "bTRUE");
    dml.assertPrints("print(\"n=\" + 2 + 3)", "n=23"); // left to right: ("n=" + 2) + 3
    dml.assertPrints("print(2 + 3 + \"x\")", "5x");
  }

  @Test
  void stringLiteralsAndEscapes() {
    dml.assertPrints("print('single \"q\"')", "single \"q\"");
    dml.assertPrints("print(\"tab\\there\")", "tab\there");
    dml.assertPrints("print(\"a\\\\b\")", "a\\b");
    dml.assertPrints("print(\"it's\")", "it's");
  }

  @Test
  void numericLiterals() {
    dml.assertPrints("print(1e-12)", String.valueOf(1e-12));
    dml.assertPrints("print(.5)", "0.5");
    dml.assertPrints("print(2.)", "2.0");
    dml.assertPrints("print(1E3)", "1000.0");
  }

  @Test
  void infinityAndNaNPrintLikeJava() {
    dml.assertPrints("print(1/0)", "Infinity");
    dml.assertPrints("print(-1/0)", "-Infinity");
    dml.assertPrints("print(0/0)", "NaN");
    dml.assertPrints("print(-Inf)", "-Infinity");
    dml.assertPrints("print(Inf - Inf)", "NaN");
    dml.assertPrints("print(5.0 %% 0)", "NaN");
  }

  @Test
  void comparisonsWithNaNAndInf() {
    dml.assertPrints("print(NaN == NaN)", "FALSE");
    dml.assertPrints("print(NaN != NaN)", "TRUE");
    dml.assertPrints("print(Inf > 1e308)", "TRUE");
    dml.assertPrints("print(isNaN(0/0))", "1.0"); // a double, as SystemDS 3.3.0 prints
    dml.assertPrints("print(3 == 3.0)", "TRUE");
  }

  @Test
  void scalarBuiltins() {
    dml.assertPrints("print(sqrt(16))", "4.0");
    dml.assertPrints("print(abs(-3))", "3");
    dml.assertPrints("print(exp(0))", "1.0");
    dml.assertPrints("print(log(8, 2))", "3.0");
    dml.assertPrints("print(log(1))", "0.0");
    dml.assertPrints("print(floor(-2.5))", "-3.0");
    dml.assertPrints("print(ceil(-2.5))", "-2.0");
    dml.assertPrints("print(round(2.5))", "3.0");
    dml.assertPrints("print(round(-2.5))", "-2.0"); // halves up, as Java's Math.round
    dml.assertPrints("print(sign(-0.5))", "-1.0");
    dml.assertPrints("print(pi)", String.valueOf(Math.PI));
    dml.assertPrints("print(sin(0) + cos(0))", "1.0");
  }

  @Test
  void naryMinAndMax() {
    dml.assertPrints("print(max(3, 7, 2))", "7");
    dml.assertPrints("print(min(3, 7.5, 2))", "2.0"); // a double among the arguments
    dml.assertPrints("print(min(4, -1))", "-1");
    dml.assertPrints("print(max(1, NaN, 3) + \"\")", "NaN");
  }

  @Test
  void casts() {
    dml.assertPrints("print(as.integer(3.7))", "3");
    dml.assertPrints("print(as.integer(-3.7))", "-3");
    dml.assertPrints("print(as.double(3))", "3.0");
    dml.assertPrints("print(as.logical(0))", "FALSE");
    dml.assertPrints("print(as.logical(2.5))", "TRUE");
    dml.assertPrints("print(as.integer(\"12\"))", "12");
    dml.assertPrints("print(as.double(\"2.5\"))", "2.5");
    dml.assertPrints("print(toString(3))", "3");
    dml.assertPrints("print(as.scalar(matrix(7, rows=1, cols=1)))", "7.0");
  }

  @Test
  void assignmentForms() {
    dml.assertPrints("x <- 3; y = x + 1; print(y)", "4");
    dml.assertPrints("z = 0\nz += 2\nz += 0.5\nprint(z)", "2.5");
  }

  @Test
  void commentsAndSemicolons() {
    dml.assertPrints("# a comment\nx = 1 # trailing\n/* block\n comment */ print(x);;", "1");
  }

  @Test
  void commandLineArgumentsAndIfdef() {
    String script = "n = ifdef($n, 5)\nm = ifdef($m, \"dflt\")\nprint(n)\nprint(m)\n"
        + "print(exists($m))";
    assertEquals("5\ndflt\nFALSE\n", dml.print(script));
    assertEquals("7\nhello\nTRUE\n",
        dml.run(script, Map.of("n", "7", "m", "hello")).printed());
    assertEquals("2.5\n", dml.run("print($x * 1)", Map.of("$x", "2.5")).printed());
    assertEquals("TRUE\n", dml.run("print($1)", Map.of("1", "TRUE")).printed());
  }

  @Test
  void finalVariablesHaveTheirValueTypes() {
    Dml.Outcome o = dml.run("i = 3\nd = 3 / 1\nb = 2 > 1\ns = \"s\" + i");
    assertEquals(ValueType.INTEGER, o.scalar("i").valueType());
    assertEquals(ValueType.DOUBLE, o.scalar("d").valueType());
    assertEquals(ValueType.BOOLEAN, o.scalar("b").valueType());
    assertEquals("s3", o.scalar("s").asString());
  }

  @Test
  void stringComparisons() {
    dml.assertPrints("print(\"a\" == \"a\")", "TRUE");
    dml.assertPrints("print(\"a\" < \"b\")", "TRUE");
    dml.assertPrints("print(\"abc\" != \"abd\")", "TRUE");
  }

  @Test
  void comparisonsChainLeftToRight() {
    dml.assertPrints("print(1 < 2 < 3)", "TRUE"); // (1 < 2) < 3 is TRUE < 3
    dml.assertPrints("print(3 > 2 > 1)", "FALSE"); // (3 > 2) > 1 is TRUE > 1
  }

  @Test
  void identifiersWithDotsAndUnderscores() {
    dml.assertPrints("my.var_1 = 3\nindex.return = 2\nprint(my.var_1 * index.return)", "6");
  }

  @Test
  void integerCastOfLargeDoubles() {
    dml.assertPrints("print(as.integer(2^62))", "4611686018427387904");
  }
}
