package org.planlab.engine.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.planlab.engine.conformance.Dml.columnString;
import static org.planlab.engine.conformance.Dml.matrixString;
import static org.planlab.engine.conformance.Dml.rowString;

import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.planlab.engine.matrix.MatrixBlock;
import org.planlab.engine.matrix.MatrixComparison;

/**
 * DML.md "Statements": indexing and left indexing, control flow, loops over ranges and seq,
 * parfor, user-defined functions (defaults, named arguments, several results, recursion),
 * source() namespaces, the builtin library convention, and print's printf form.
 */
class StatementsTest {
  @TempDir
  Path dir;
  Dml dml;

  @BeforeEach
  void setUp() {
    dml = new Dml(dir);
  }

  private static final String X = "X = matrix(\"1 2 3 4 5 6 7 8 9\", rows=3, cols=3)";

  // ---------------------------------------------------------------- indexing

  @Test
  void rightIndexingForms() {
    dml.assertPrints(X + "\nprint(as.scalar(X[2, 3]))", "6.0");
    assertEquals(matrixString(new double[][] {{4, 5, 6}, {7, 8, 9}}) + "\n",
        dml.print(X + "\nprint(toString(X[2:3, ]))"));
    assertEquals(columnString(2, 5, 8) + "\n", dml.print(X + "\nprint(toString(X[, 2]))"));
    assertEquals(rowString(7, 8, 9) + "\n", dml.print(X + "\nprint(toString(X[3, ]))"));
    assertEquals(matrixString(new double[][] {{2, 3}, {5, 6}}) + "\n",
        dml.print(X + "\nprint(toString(X[1:2, 2:3]))"));
    assertEquals(columnString(4, 7) + "\n",
        dml.print(X + "\ni = 2\nprint(toString(X[i:(i+1), i-1]))"));
  }

  @Test
  void leftIndexingWithMatrixAndScalarValues() {
    assertEquals(matrixString(new double[][] {{1, 0, 0}, {4, 5, 6}, {7, -1, -1}}) + "\n",
        dml.print(X + "\nX[1, 2:3] = matrix(0, rows=1, cols=2)\nX[3, 2:3] = -1\n"
            + "print(toString(X))"));
    assertEquals(matrixString(new double[][] {{1, 2, 3}, {0, 0, 0}, {7, 8, 9}}) + "\n",
        dml.print(X + "\nX[2, ] = matrix(0, rows=1, cols=3)\nprint(toString(X))"));
    assertEquals(matrixString(new double[][] {{9, 2, 3}, {9, 5, 6}, {9, 8, 9}}) + "\n",
        dml.print(X + "\nX[, 1] = matrix(9, rows=3, cols=1)\nprint(toString(X))"));
  }

  @Test
  void leftIndexingCopiesValues() {
    // variables are values: Y keeps the old X
    assertEquals("45.0 44.0\n", dml.print(X + "\nY = X\nX[1, 1] = 0\n"
        + "print(sum(Y) + \" \" + sum(X))"));
  }

  @Test
  void aResultNamedLikeAParameterStartsAsTheArgumentAndLeavesTheCallerUnchanged() {
    // SystemDS builtins write return (Matrix[Double] X) for a parameter X
    assertEquals("-1.0 4.0 3.0\n", dml.print("f = function(Matrix[Double] A, Double v = 2)\n"
        + "  return (Matrix[Double] A, Double v) {\n  A[1, 1] = -1\n  v = v + 1\n}\n"
        + "B = matrix(1, rows=2, cols=2)\n[Z, w] = f(B)\n"
        + "print(as.scalar(Z[1, 1]) + \" \" + sum(B) + \" \" + w)"));
  }

  @Test
  void leftIndexingInALoop() {
    assertEquals(columnString(1, 4, 9, 16) + "\n",
        dml.print("R = matrix(0, rows=4, cols=1)\nfor (i in 1:4) {\n  R[i, 1] = i * i\n}\n"
            + "print(toString(R))"));
  }

  // ---------------------------------------------------------------- control flow

  @Test
  void ifElseIfChains() {
    String s = "if (x < 3) { print(\"a\") } else if (x < 6) { print(\"b\") } "
        + "else if (x < 9) { print(\"c\") } else { print(\"d\") }";
    dml.assertPrints("x = 1\n" + s, "a");
    dml.assertPrints("x = 5\n" + s, "b");
    dml.assertPrints("x = 8\n" + s, "c");
    dml.assertPrints("x = 100\n" + s, "d");
  }

  @Test
  void bracelessBodies() {
    dml.assertPrints("x = 5\nif (x > 3) print(\"one\")\nelse print(\"two\")", "one");
    dml.assertPrints("x = 0\nwhile (x < 3) x = x + 1\nprint(x)", "3");
    dml.assertPrints("for (i in 1:2) print(i)", "1", "2");
  }

  @Test
  void whileLoops() {
    dml.assertPrints("i = 0\ns = 0\nwhile (i < 10) {\n  i = i + 1\n  s = s + i\n}\nprint(s)",
        "55");
    dml.assertPrints("i = 5\nwhile (FALSE) { i = 0 }\nprint(i)", "5");
  }

  @Test
  void matrixPredicateOfOneCell() {
    dml.assertPrints(X + "\nif (X[2, 2] > 4) { print(\"big\") }", "big");
  }

  @Test
  void forOverRangesAndSeq() {
    dml.assertPrints("for (i in 3:1) { print(\"i=\" + i) }", "i=3", "i=2", "i=1");
    dml.assertPrints("for (i in seq(5, 1, -2)) { print(i) }", "5", "3", "1");
    dml.assertPrints("for (i in seq(1, 2, 0.5)) { print(i) }", "1.0", "1.5", "2.0");
    dml.assertPrints("for (i in seq(10, 1)) { s = i }\nprint(s)", "1");
    dml.assertPrints("n = 0\nfor (i in 1:n) { print(i) }", "1", "0"); // a:b counts down
  }

  @Test
  void loopVariableKeepsItsLastValue() {
    dml.assertPrints("for (i in 1:4) { x = i }\nprint(i + x)", "8");
  }

  @Test
  void parforEqualsFor() {
    String body = "(i in 1:8) {\n  R[i, ] = colSums(X * i)\n  S[1, i] = sum(X[, i %% 3 + 1])\n}";
    String prelude = "X = matrix(seq(1, 24), rows=8, cols=3)\nR = matrix(0, rows=8, cols=3)\n"
        + "S = matrix(0, rows=1, cols=8)\n";
    for (int threads : new int[] {1, 2}) {
      Dml d = new Dml(dir, threads);
      Dml.Outcome seq = d.run(prelude + "for " + body);
      Dml.Outcome par = d.run(prelude + "parfor " + body);
      for (String v : new String[] {"R", "S"}) {
        MatrixBlock a = seq.matrix(v);
        MatrixBlock b = par.matrix(v);
        assertTrue(MatrixComparison.approxEquals(a, b, 0, 0), v + " with " + threads);
      }
      // X's row i is (3i-2, 3i-1, 3i): column sums 92, 100, 108
      assertEquals(92 * 8, seq.matrix("R").get(7, 0));
      assertEquals(108 * 3, seq.matrix("R").get(2, 2));
      assertEquals(100, seq.matrix("S").get(0, 0)); // i = 1 reads column 2
    }
  }

  @Test
  void parforWithOptionsAndLoopCarriedDependenceRunsSequentially() {
    String s = "A = matrix(0, rows=5, cols=1)\nparfor (i in 2:5, check=0) {\n"
        + "  A[i, 1] = as.scalar(A[i - 1, 1]) + 1\n}\nprint(toString(t(A)))";
    assertEquals(rowString(0, 1, 2, 3, 4) + "\n", new Dml(dir, 2).print(s));
  }

  // ---------------------------------------------------------------- functions

  private static final String F = "f = function(Matrix[Double] X, Double reg = 1.0, "
      + "Boolean verbose = FALSE) return (Matrix[Double] w, Double obj) {\n"
      + "  w = X * reg\n  obj = sum(w)\n  if (verbose) { print(\"verbose\") }\n}\n";

  @Test
  void functionDefaultsAndMultipleReturns() {
    dml.assertPrints(F + "[w, o] = f(matrix(2, rows=2, cols=2))\nprint(o)\nprint(sum(w))",
        "8.0", "8.0");
  }

  @Test
  void namedArgumentsInAnyOrder() {
    dml.assertPrints(F + "[w, o] = f(matrix(2, rows=2, cols=2), verbose=TRUE, reg=3)\nprint(o)",
        "verbose", "24.0");
    dml.assertPrints(F + "[w, o] = f(reg=0.5, X=matrix(2, rows=1, cols=1))\nprint(o)", "1.0");
  }

  @Test
  void matrixDefaultArgument() {
    dml.assertPrints("g = function(Matrix[Double] A, Matrix[Double] B = matrix(1, rows=1, "
        + "cols=1)) return (Double s) { s = sum(A) + sum(B) }\n"
        + "print(g(matrix(1, rows=2, cols=2)))\nprint(g(matrix(1, rows=2, cols=2), "
        + "matrix(3, rows=2, cols=1)))", "5.0", "10.0");
  }

  @Test
  void singleResultCallsNestInExpressions() {
    dml.assertPrints("sq = function(Double x) return (Double y) { y = x * x }\n"
        + "print(sq(sq(2)) + sq(3))", "25.0");
  }

  @Test
  void argumentsArePassedByValue() {
    dml.assertPrints("h = function(Matrix[Double] A) return (Double s) {\n  A[1, 1] = 100\n"
        + "  s = sum(A)\n}\nM = matrix(1, rows=2, cols=2)\nprint(h(M))\nprint(sum(M))",
        "103.0", "4.0");
  }

  @Test
  void integerParametersAcceptIntegersAndResultsKeepTheirType() {
    dml.assertPrints("fact = function(Integer n) return (Integer r) {\n"
        + "  if (n <= 1) { r = 1 } else { r = n * fact(n - 1) }\n}\nprint(fact(10))",
        "3628800");
  }

  @Test
  void scalarResultsTakeTheirDeclaredValueType() {
    dml.assertPrints("f = function() return (Double y) { y = 1 }\nprint(f())\n[a] = f()\n"
        + "print(a + 1)", "1.0", "2.0");
    dml.assertPrints("g = function(Integer x) return (Boolean b) { b = x }\nprint(g(2))",
        "TRUE");
  }

  @Test
  void mutualRecursion() {
    dml.assertPrints("isEven = function(Integer n) return (Boolean b) {\n"
        + "  if (n == 0) { b = TRUE } else { b = isOdd(n - 1) }\n}\n"
        + "isOdd = function(Integer n) return (Boolean b) {\n"
        + "  if (n == 0) { b = FALSE } else { b = isEven(n - 1) }\n}\n"
        + "print(isEven(10))\nprint(isOdd(7))", "TRUE", "TRUE");
  }

  @Test
  void fibonacciRecursion() {
    dml.assertPrints("fib = function(Integer n) return (Integer r) {\n"
        + "  if (n < 2) { r = n } else { r = fib(n - 1) + fib(n - 2) }\n}\nprint(fib(15))",
        "610");
  }

  @Test
  void functionWithoutResultsAsAStatement() {
    dml.assertPrints("say = function(String s) { print(\"say \" + s) }\nsay(\"hi\")", "say hi");
  }

  @Test
  void sourceAsNamespace() {
    dml.write("util/u.dml", "twice = function(Double x) return (Double y) { y = 2 * x }\n"
        + "both = function(Double x) return (Double a, Double b) { a = x; b = twice(x) }\n");
    dml.assertPrints("source(\"util/u.dml\") as u\nprint(u::twice(2.5))\n"
        + "[p, q] = u::both(3)\nprint(p + q)", "5.0", "9.0");
  }

  @Test
  void sourcePathsAreRelativeToTheSourcingScript() {
    dml.write("a/b/inner.dml", "one = function() return (Double y) { y = 1 }\n");
    dml.write("a/outer.dml", "source(\"b/inner.dml\") as inner\n"
        + "two = function() return (Double y) { y = inner::one() + 1 }\n");
    dml.assertPrints("source(\"a/outer.dml\") as o\nprint(o::two())", "2.0");
  }

  @Test
  void builtinLibraryFunctionsNeedNoSource() {
    dml.write("lib/triple.dml", "m_triple = function(Double x) return (Double y) {\n"
        + "  y = 3 * x\n}\n");
    dml.assertPrints("print(triple(2))", "6.0");
  }

  @Test
  void userFunctionShadowsTheLibrary() {
    dml.write("lib/triple.dml", "m_triple = function(Double x) return (Double y) { y = 3 * x }\n");
    dml.assertPrints("triple = function(Double x) return (Double y) { y = -x }\n"
        + "print(triple(2))", "-2.0");
  }

  // ---------------------------------------------------------------- print, stop, time

  @Test
  void printfStyleFormatting() {
    dml.assertPrints("print(\"%d items, %5.2f avg, %s\", 3, 2.345, \"ok\")",
        "3 items,  2.35 avg, ok");
    dml.assertPrints("print(\"%f|%.1f|%d\", 1.5, 2, 4)", "1.500000|2.0|4");
    dml.assertPrints("x = 7\nprint(\"x is %d\", x)", "x is 7");
    dml.assertPrints("print(\"%5d|%-5d|%05.1f\", 42, 7, 3.14159)", "   42|7    |003.1");
    dml.assertPrints("print(\"%f\", 3)", "3.000000"); // an integer for %f is widened
  }

  @Test
  void printWithoutArgumentsPrintsTheString() {
    dml.assertPrints("print(\"100%\")", "100%");
  }

  @Test
  void outputBeforeStopIsKept() {
    Dml.Failure f = dml.fails("print(\"before\")\nstop(\"halt\")\nprint(\"after\")");
    assertEquals(Dml.FILE + ":2:1: error: halt", f.message());
    assertEquals("before\n", f.printed());
  }

  @Test
  void assertPassesOnTrue() {
    dml.assertPrints("assert(1 < 2)\nprint(\"ok\")", "ok");
  }

  @Test
  void timeReadsTheClockInStatementOrder() {
    dml.assertPrints("t0 = time()\nX = rand(rows=50, cols=50, seed=1)\ns = sum(X %*% X)\n"
        + "t1 = time()\nprint(t1 >= t0)\nprint(s > 0)", "TRUE", "TRUE");
    dml.assertPrints("t0 = time()\nt1 = time()\nprint(t1 - t0 >= 0)", "TRUE");
  }

  @Test
  void typeNamesAreCaseInsensitive() {
    // 4 cells of 1 * 2 + 1 + 0.5
    dml.assertPrints("f = function(matrix[double] X, int k, Integer j, DOUBLE d, boolean b, "
        + "String s) return (MATRIX[DOUBLE] Y) { Y = X * k + j + d }\n"
        + "print(sum(f(matrix(1, rows=2, cols=2), 2, 1, 0.5, TRUE, \"s\")))", "14.0");
  }

  @Test
  void stringAccumulationInALoop() {
    dml.assertPrints("s = \"\"\nfor (k in 1:3) s = s + k\nprint(s)", "123");
  }

  @Test
  void parforBodyMayCallFunctions() {
    dml.assertPrints("h = function(Integer n) return (Integer m) {\n  m = n\n"
        + "  if (n > 5) { m = 5 }\n}\nR = matrix(0, rows=10, cols=1)\n"
        + "parfor (k in 1:10) { R[k, 1] = h(k) }\nprint(sum(R))", "40.0");
  }

  @Test
  void leftIndexingWithAComputedRowVector() {
    assertEquals(matrixString(new double[][] {{3, 7}, {0, 0}}) + "\n",
        dml.print("B = matrix(\"1 2 3 4\", rows=2, cols=2)\nC = matrix(0, rows=2, cols=2)\n"
            + "C[1, ] = t(rowSums(B))\nprint(toString(C))"));
  }

  @Test
  void namespacesKeepSameNamedFunctionsApart() {
    dml.write("ns/a.dml", "f = function(Double x) return (Double y) { y = x + 1 }\n");
    dml.write("ns/b.dml", "f = function(Double x) return (Double y) { y = x + 2 }\n");
    dml.assertPrints("source(\"ns/a.dml\") as a\nsource(\"ns/b.dml\") as b\n"
        + "print(a::f(1) + \" \" + b::f(1))", "2.0 3.0");
  }

  @Test
  void functionCalledWithDifferentSizes() {
    // X = ones(i, i + 1): X %*% t(X) is i x i of i + 1, summing to i * i * (i + 1)
    dml.assertPrints("sz = function(Matrix[Double] X) return (Double s) { s = sum(X %*% t(X)) }\n"
        + "for (i in 1:3) {\n  X = matrix(1, rows=i, cols=i + 1)\n  print(sz(X))\n}",
        "2.0", "12.0", "36.0");
  }

  @Test
  void recursionOverMatrixSlices() {
    dml.assertPrints("sumr = function(Matrix[Double] X) return (Double s) {\n"
        + "  if (nrow(X) == 1) { s = sum(X) }\n"
        + "  else { s = as.scalar(X[1, 1]) + sumr(X[2:nrow(X), ]) }\n}\n"
        + "print(sumr(matrix(\"1 2 3 4 5\", rows=5, cols=1)))", "15.0");
  }

  @Test
  void parforWithNestedLoopAndSeveralResults() {
    String s = "A = matrix(0, rows=3, cols=3)\nB = matrix(0, rows=3, cols=1)\n"
        + "parfor (i in 1:3) {\n  for (j in 1:3) {\n    A[i, j] = i * 10 + j\n  }\n"
        + "  B[i, 1] = i\n}\nprint(toString(A))\nprint(toString(t(B)))";
    assertEquals(matrixString(new double[][] {{11, 12, 13}, {21, 22, 23}, {31, 32, 33}})
        + "\n" + rowString(1, 2, 3) + "\n", new Dml(dir, 2).print(s));
  }

  @Test
  void matrixGrowingInALoop() {
    // 2 zero rows, then rows of 1, 2, 3, 4 twice each
    dml.assertPrints("Y = matrix(0, rows=2, cols=2)\ni = 1\nwhile (i <= 4) {\n"
        + "  Y = rbind(Y, matrix(i, rows=1, cols=2))\n  i = i + 1\n}\n"
        + "print(nrow(Y) + \" \" + sum(Y))", "6 20.0");
  }

  @Test
  void functionsMayBeCalledBeforeTheirDefinition() {
    dml.assertPrints("[a, b] = g(3)\n"
        + "g = function(Double x) return (Double p, Double q) { p = x; q = x * 2 }\n"
        + "print(a + b)", "9.0");
  }
}
