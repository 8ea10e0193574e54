package org.planlab.engine.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.planlab.engine.conformance.Dml.matrixString;

import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.planlab.engine.matrix.MatrixBlock;

/**
 * The builtins with several results, {@code [evalues, evectors] = eigen(A)}, {@code [U, S, V] =
 * svd(A)}, {@code [P, L, U] = lu(A)} and {@code [H, R] = qr(A)}: shapes and values as SystemDS
 * 3.3.0 printed them for the same inputs (noted "SystemDS"), and the defining identities of each
 * decomposition checked by plain loops.
 */
class MultiResultBuiltinsTest {
  @TempDir
  Path dir;
  Dml dml;

  @BeforeEach
  void setUp() {
    dml = new Dml(dir);
  }

  private static final String SYMMETRIC = "A = matrix(\"4 1 2 1 3 0 2 0 5\", rows=3, cols=3)";
  private static final String TALL = "A = matrix(\"4 1 2 1 3 0 2 0 5 1 1 1\", rows=4, cols=3)";

  @Test
  void eigenGivesAscendingValuesAndTheirVectors() {
    // SystemDS
    String printed = dml.print(SYMMETRIC + "\n[ev, V] = eigen(A)\nprint(toString(ev))\n"
        + "print(toString(V))");
    assertEquals("1.855\n3.476\n6.669\n\n-0.679 0.374 -0.631\n0.593 0.786 -0.172\n"
        + "0.432 -0.491 -0.756\n\n", printed);
  }

  @Test
  void svdIsThinWithSAsADiagonalMatrix() {
    // SystemDS: U 4x3, S 3x3, V 3x3 and these values
    Dml.Outcome o = dml.run(TALL + "\n[U, S, V] = svd(A)");
    assertEquals(matrixString(new double[][] {{0.617, -0.323, -0.712}, {0.182, -0.770, 0.541},
        {0.730, 0.521, 0.416}, {0.231, -0.178, 0.165}}), rounded(o.matrix("U")));
    assertEquals(matrixString(new double[][] {{6.852, 0, 0}, {0, 3.536, 0}, {0, 0, 1.884}}),
        rounded(o.matrix("S")));
    assertEquals(matrixString(new double[][] {{0.634, -0.338, -0.696}, {0.203, -0.795, 0.572},
        {0.746, 0.504, 0.435}}), rounded(o.matrix("V")));
    double[][] a = {{4, 1, 2}, {1, 3, 0}, {2, 0, 5}, {1, 1, 1}};
    assertClose(a, times(times(o.matrix("U"), o.matrix("S")), transpose(o.matrix("V"))));
  }

  @Test
  void svdOfAWideMatrixHasAsManyValuesAsRows() {
    // SystemDS: U 2x2, S 2x2, V 3x2
    String printed = dml.print("A = matrix(\"1 2 3 4 5 6\", rows=2, cols=3)\n"
        + "[U, S, V] = svd(A)\nprint(nrow(U) + \"x\" + ncol(U) + \" \" + nrow(S) + \"x\" + ncol(S)"
        + " + \" \" + nrow(V) + \"x\" + ncol(V))");
    assertEquals("2x2 2x2 3x2\n", printed);
  }

  @Test
  void luPermutesRowsSoThatPaIsLu() {
    // SystemDS: P = [0 0 1; 1 0 0; 0 1 0], L and U as below
    Dml.Outcome o = dml.run("A = matrix(\"1 2 3 4 5 6 7 8 10\", rows=3, cols=3)\n"
        + "[P, L, U] = lu(A)");
    assertEquals(matrixString(new double[][] {{0, 0, 1}, {1, 0, 0}, {0, 1, 0}}),
        rounded(o.matrix("P")));
    assertEquals(matrixString(new double[][] {{1, 0, 0}, {0.143, 1, 0}, {0.571, 0.5, 1}}),
        rounded(o.matrix("L")));
    assertEquals(matrixString(new double[][] {{7, 8, 10}, {0, 0.857, 1.571}, {0, 0, -0.5}}),
        rounded(o.matrix("U")));
    double[][] a = {{1, 2, 3}, {4, 5, 6}, {7, 8, 10}};
    assertClose(times(toArray(o.matrix("P")), a), times(o.matrix("L"), o.matrix("U")));
  }

  @Test
  void luOfASingularMatrixIsAnError() {
    // SystemDS: "LU Decomposition can only be done on a non-singular matrix."
    String message = dml.fails("A = matrix(\"1 2 2 4\", rows=2, cols=2)\n[P, L, U] = lu(A)\n"
        + "print(toString(L))").message();
    assertTrue(message.contains("singular"), message);
  }

  @Test
  void luOfANonSquareMatrixIsACompileError() {
    String message = dml.fails("A = matrix(\"1 2 3 4 5 6\", rows=2, cols=3)\n[P, L, U] = lu(A)")
        .message();
    assertTrue(message.contains("lu needs a square matrix, got 2x3"), message);
  }

  @Test
  void qrGivesHouseholderVectorsAndR() {
    // SystemDS: H and R both 4x3, with these values
    Dml.Outcome o = dml.run(TALL + "\n[H, R] = qr(A)");
    assertEquals(matrixString(new double[][] {{1.853, 0, 0}, {0.213, 1.945, 0},
        {0.426, -0.219, 1.986}, {0.213, 0.242, 0.164}}), rounded(o.matrix("H")));
    assertEquals(matrixString(new double[][] {{-4.690, -1.706, -4.051}, {0, -2.844, 1.374},
        {0, 0, -3.421}, {0, 0, 0}}), rounded(o.matrix("R")));
  }

  @Test
  void aTargetMayAlsoBeTheArgument() {
    // every result is computed from the A before the statement
    Dml.Outcome o = dml.run(SYMMETRIC + "\nB = A\n[A, V] = eigen(A)\n[ev, W] = eigen(B)");
    assertEquals(rounded(o.matrix("ev")), rounded(o.matrix("A")));
    assertEquals(rounded(o.matrix("W")), rounded(o.matrix("V")));
  }

  @Test
  void resultsBindInsideFunctionsAndLoops() {
    Dml.Outcome o = dml.run("f = function(Matrix[Double] X) return (Double s) {\n"
        + "  [U, S, V] = svd(X)\n  s = sum(diag(S))\n}\n" + TALL + "\ns = 0\n"
        + "for (i in 1:2) {\n  s = s + f(A)\n}");
    // SystemDS's singular values 6.852 + 3.536 + 1.884, twice
    assertEquals(2 * (6.852 + 3.536 + 1.884), o.scalar("s").asDouble(), 3e-3);
  }

  @Test
  void aCallWhoseResultsAreDroppedStillRuns() {
    assertEquals("done\n", dml.print(TALL + "\nqr(A)\nprint(\"done\")"));
  }

  @Test
  void aBuiltinWithSeveralResultsCannotBeAssignedToOneVariable() {
    assertEquals(Dml.FILE + ":2:5: error: svd returns 3 values; use [U, S, V] = svd(...)",
        dml.fails(TALL + "\nX = svd(A)").message());
  }

  @Test
  void theNumberOfTargetsMustMatchTheResults() {
    assertEquals(Dml.FILE + ":2:1: error: qr returns 2 values but 3 targets are given",
        dml.fails(TALL + "\n[H, R, Q] = qr(A)").message());
  }

  @Test
  void aBuiltinWithOneResultCannotBeMultiAssigned() {
    String message = dml.fails(TALL + "\n[a, b] = sum(A)").message();
    assertTrue(message.contains("sum is a builtin with one result"), message);
  }

  // ---------------------------------------------------------------- helpers

  /** The block with every cell rounded to 3 decimals as toString shows it. */
  private static String rounded(MatrixBlock m) {
    double[][] a = toArray(m);
    for (double[] row : a) {
      for (int j = 0; j < row.length; j++) {
        row[j] = Math.abs(row[j]) < 5e-4 ? 0 : row[j];
      }
    }
    return matrixString(a);
  }

  private static double[][] toArray(MatrixBlock m) {
    return m.toArray();
  }

  private static double[][] transpose(MatrixBlock m) {
    double[][] a = m.toArray();
    double[][] t = new double[a[0].length][a.length];
    for (int i = 0; i < a.length; i++) {
      for (int j = 0; j < a[0].length; j++) {
        t[j][i] = a[i][j];
      }
    }
    return t;
  }

  private static double[][] times(MatrixBlock a, MatrixBlock b) {
    return times(a.toArray(), b.toArray());
  }

  private static double[][] times(double[][] a, MatrixBlock b) {
    return times(a, b.toArray());
  }

  private static double[][] times(double[][] a, double[][] b) {
    double[][] c = new double[a.length][b[0].length];
    for (int i = 0; i < a.length; i++) {
      for (int k = 0; k < b.length; k++) {
        for (int j = 0; j < b[0].length; j++) {
          c[i][j] += a[i][k] * b[k][j];
        }
      }
    }
    return c;
  }

  private static void assertClose(double[][] expected, double[][] actual) {
    for (int i = 0; i < expected.length; i++) {
      for (int j = 0; j < expected[0].length; j++) {
        assertEquals(expected[i][j], actual[i][j], 1e-10, "cell " + i + "," + j);
      }
    }
  }
}
