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

/**
 * DML.md "Builtin functions" and the matrix side of "Expressions": every builtin on small
 * matrices whose results are worked out by hand (or with plain Java loops), printed through
 * {@code toString} so the test sees exactly what a user sees.
 */
class MatrixBuiltinsTest {
  @TempDir
  Path dir;
  Dml dml;

  @BeforeEach
  void setUp() {
    dml = new Dml(dir);
  }

  private void assertMatrix(String prelude, String expr, String expected) {
    dml.assertMatrix(prelude, expr, expected);
  }

  private void assertMatrix(String expr, String expected) {
    assertMatrix("", expr, expected);
  }

  private static final String X = "X = matrix(\"1 2 3 4 5 6\", rows=2, cols=3)";

  // ---------------------------------------------------------------- construction

  @Test
  void matrixFromValueAndString() {
    assertMatrix("matrix(7, rows=2, cols=2)", matrixString(new double[][] {{7, 7}, {7, 7}}));
    assertMatrix("matrix(\"1 2 3 4 5 6\", rows=2, cols=3)",
        matrixString(new double[][] {{1, 2, 3}, {4, 5, 6}}));
    assertMatrix("matrix(0, rows=0, cols=3)", "");
  }

  @Test
  void reshapeIsRowMajorByDefaultAndColumnMajorWithByrowFalse() {
    assertMatrix(X, "matrix(X, rows=3, cols=2)",
        matrixString(new double[][] {{1, 2}, {3, 4}, {5, 6}}));
    // column-major reading 1 4 2 5 3 6, column-major filling of 3x2
    assertMatrix(X, "matrix(X, rows=3, cols=2, byrow=FALSE)",
        matrixString(new double[][] {{1, 5}, {4, 3}, {2, 6}}));
  }

  @Test
  void seqAscendingDescendingAndFractional() {
    assertMatrix("t(seq(1, 4))", rowString(1, 2, 3, 4));
    assertMatrix("t(seq(10, 1))", rowString(10, 9, 8, 7, 6, 5, 4, 3, 2, 1));
    assertMatrix("t(seq(1, 2, 0.3))", rowString(1, 1.3, 1.6, 1.9));
    assertMatrix("t(seq(5, 1, -2))", rowString(5, 3, 1));
    assertMatrix("t(seq(-1, -3, -1))", rowString(-1, -2, -3));
    assertMatrix("seq(3, 3)", columnString(3));
  }

  @Test
  void seqValuesAreFromPlusMultiplesOfIncr() {
    Dml.Outcome o = dml.run("s = seq(0, 1, 0.1)");
    MatrixBlock s = o.matrix("s");
    assertEquals(11, s.rows());
    for (int i = 0; i < 11; i++) {
      assertEquals(0 + i * 0.1, s.get(i, 0), 1e-15, "row " + i);
    }
  }

  @Test
  void diagOfVectorAndOfMatrix() {
    assertMatrix("diag(matrix(\"1 2\", rows=2, cols=1))",
        matrixString(new double[][] {{1, 0}, {0, 2}}));
    assertMatrix("diag(matrix(\"1 2 3 4\", rows=2, cols=2))", columnString(1, 4));
  }

  @Test
  void naryBinds() {
    assertMatrix("rbind(matrix(1, rows=1, cols=2), matrix(2, rows=1, cols=2), "
        + "matrix(3, rows=1, cols=2))", matrixString(new double[][] {{1, 1}, {2, 2}, {3, 3}}));
    assertMatrix("cbind(matrix(1, rows=2, cols=1), matrix(2, rows=2, cols=1), "
        + "matrix(3, rows=2, cols=1))", matrixString(new double[][] {{1, 2, 3}, {1, 2, 3}}));
  }

  @Test
  void tableCountsPairsAndAcceptsWeightsAndDims() {
    String p = "a = matrix(\"1 2 2 3\", rows=4, cols=1)\nb = matrix(\"1 1 2 2\", rows=4, cols=1)";
    assertMatrix(p, "table(a, b)", matrixString(new double[][] {{1, 0}, {1, 1}, {0, 1}}));
    assertMatrix(p + "\nw = matrix(\"10 20 30 40\", rows=4, cols=1)", "table(a, b, w)",
        matrixString(new double[][] {{10, 0}, {20, 30}, {0, 40}}));
    assertMatrix(p, "table(a, b, 4, 3)",
        matrixString(new double[][] {{1, 0, 0}, {1, 1, 0}, {0, 1, 0}, {0, 0, 0}}));
    assertMatrix(p, "table(a, 1)", columnString(1, 2, 1));
  }

  @Test
  void randIsReproducibleWithASeedAndWithinBounds() {
    Dml.Outcome o = dml.run("A = rand(rows=20, cols=5, min=-1, max=2, seed=7)\n"
        + "B = rand(rows=20, cols=5, min=-1, max=2, seed=7)\n"
        + "C = rand(rows=20, cols=5)\nD = rand(rows=20, cols=5)\n"
        + "S = rand(rows=100, cols=100, sparsity=0.1, seed=3)\n"
        + "N = rand(rows=2000, cols=1, pdf=\"normal\", seed=3)");
    MatrixBlock a = o.matrix("A");
    MatrixBlock b = o.matrix("B");
    for (int i = 0; i < 20; i++) {
      for (int j = 0; j < 5; j++) {
        assertEquals(a.get(i, j), b.get(i, j));
        assertTrue(a.get(i, j) >= -1 && a.get(i, j) <= 2, "in [min, max]");
      }
    }
    assertTrue(differ(o.matrix("C"), o.matrix("D")), "no seed: fresh values each call");
    long nnz = o.matrix("S").nnz();
    assertTrue(nnz > 700 && nnz < 1300, "about 10% non-zeros, was " + nnz);
    double mean = 0;
    for (int i = 0; i < 2000; i++) {
      mean += o.matrix("N").get(i, 0) / 2000;
    }
    assertTrue(Math.abs(mean) < 0.15, "normal: mean near 0, was " + mean);
  }

  private static boolean differ(MatrixBlock a, MatrixBlock b) {
    for (int i = 0; i < a.rows(); i++) {
      for (int j = 0; j < a.cols(); j++) {
        if (a.get(i, j) != b.get(i, j)) {
          return true;
        }
      }
    }
    return false;
  }

  @Test
  void sampleWithoutReplacementIsAPermutationPrefix() {
    Dml.Outcome o = dml.run("S = sample(10, 10, FALSE, 1)\nT = sample(10, 4, TRUE, 1)");
    boolean[] seen = new boolean[11];
    for (int i = 0; i < 10; i++) {
      int v = (int) o.matrix("S").get(i, 0);
      assertTrue(v >= 1 && v <= 10 && !seen[v], "distinct values in 1..10");
      seen[v] = true;
    }
    assertEquals(4, o.matrix("T").rows());
  }

  // ---------------------------------------------------------------- shape

  @Test
  void shapeFunctions() {
    dml.assertPrints(X + "\nprint(nrow(X) + \" \" + ncol(X) + \" \" + length(X))", "2 3 6");
    assertMatrix(X, "t(X)", matrixString(new double[][] {{1, 4}, {2, 5}, {3, 6}}));
    assertMatrix("rev(matrix(\"1 2 3 4\", rows=2, cols=2))",
        matrixString(new double[][] {{3, 4}, {1, 2}}));
  }

  // ---------------------------------------------------------------- broadcasting

  @Test
  void columnVectorBroadcastsAcrossColumns() {
    assertMatrix(X, "X + matrix(\"10 20\", rows=2, cols=1)",
        matrixString(new double[][] {{11, 12, 13}, {24, 25, 26}}));
  }

  @Test
  void rowVectorBroadcastsAcrossRows() {
    assertMatrix(X, "X * matrix(\"1 0 2\", rows=1, cols=3)",
        matrixString(new double[][] {{1, 0, 6}, {4, 0, 12}}));
    assertMatrix(X, "X - matrix(\"1 2 3\", rows=1, cols=3)",
        matrixString(new double[][] {{0, 0, 0}, {3, 3, 3}}));
  }

  @Test
  void scalarMatrixOperationsBothWays() {
    assertMatrix(X, "10 - X", matrixString(new double[][] {{9, 8, 7}, {6, 5, 4}}));
    assertMatrix(X, "X / 2", matrixString(new double[][] {{.5, 1, 1.5}, {2, 2.5, 3}}));
    assertMatrix(X, "2 ^ X", matrixString(new double[][] {{2, 4, 8}, {16, 32, 64}}));
    assertMatrix(X, "X %% 4", matrixString(new double[][] {{1, 2, 3}, {0, 1, 2}}));
    // truncated toward zero, as SystemDS 3.3.0 computes
    assertMatrix(X, "-X %/% 4", matrixString(new double[][] {{0, 0, 0}, {-1, -1, -1}}));
    assertMatrix(X, "-X %% 4", matrixString(new double[][] {{-1, -2, -3}, {0, -1, -2}}));
    assertMatrix(X, "-X^2", matrixString(new double[][] {{-1, -4, -9}, {-16, -25, -36}}));
  }

  @Test
  void comparisonsAndLogicalOpsGiveZeroOneMatrices() {
    assertMatrix(X, "X > 2", matrixString(new double[][] {{0, 0, 1}, {1, 1, 1}}));
    assertMatrix(X, "X == 5", matrixString(new double[][] {{0, 0, 0}, {0, 1, 0}}));
    assertMatrix(X, "(X > 1) & (X < 5)", matrixString(new double[][] {{0, 1, 1}, {1, 0, 0}}));
    assertMatrix(X, "(X < 2) | (X > 5)", matrixString(new double[][] {{1, 0, 0}, {0, 0, 1}}));
    assertMatrix(X, "!(X > 2)", matrixString(new double[][] {{1, 1, 0}, {0, 0, 0}}));
    assertMatrix(X, "matrix(\"1 2 3 4 5 6\", rows=2, cols=3) * TRUE",
        matrixString(new double[][] {{1, 2, 3}, {4, 5, 6}}));
  }

  // ---------------------------------------------------------------- aggregates

  @Test
  void fullAggregates() {
    dml.assertPrints(X + "\nprint(sum(X))\nprint(mean(X))\nprint(prod(X))\nprint(min(X))\n"
        + "print(max(X))", "21.0", "3.5", "720.0", "1.0", "6.0");
    // var/sd with the n-1 denominator: values 1..4, mean 2.5, squares 2.25+.25+.25+2.25
    dml.assertPrints("v = matrix(\"1 2 3 4\", rows=4, cols=1)\nprint(var(v))\nprint(sd(v))",
        String.valueOf(5.0 / 3), String.valueOf(Math.sqrt(5.0 / 3)));
    dml.assertPrints("print(trace(matrix(\"1 2 3 4\", rows=2, cols=2)))", "5.0");
    dml.assertPrints("print(sum(matrix(1, rows=0, cols=3)))", "0.0");
  }

  @Test
  void rowAndColumnAggregates() {
    assertMatrix(X, "rowSums(X)", columnString(6, 15));
    assertMatrix(X, "colSums(X)", rowString(5, 7, 9));
    assertMatrix(X, "rowMeans(X)", columnString(2, 5));
    assertMatrix(X, "colMeans(X)", rowString(2.5, 3.5, 4.5));
    assertMatrix(X, "rowMaxs(X)", columnString(3, 6));
    assertMatrix(X, "rowMins(X)", columnString(1, 4));
    assertMatrix(X, "colMaxs(X)", rowString(4, 5, 6));
    assertMatrix(X, "colMins(X)", rowString(1, 2, 3));
    // rows (1 3) and (2 6): variances 2 and 8; columns (1 2) and (3 6): .5 and 4.5
    assertMatrix("rowVars(matrix(\"1 3 2 6\", rows=2, cols=2))", columnString(2, 8));
    assertMatrix("colVars(matrix(\"1 3 2 6\", rows=2, cols=2))", rowString(.5, 4.5));
    assertMatrix("colSds(matrix(\"1 3 2 6\", rows=2, cols=2))",
        rowString(Math.sqrt(.5), Math.sqrt(4.5)));
  }

  @Test
  void rowIndexMaxAndMin() {
    String m = "M = matrix(\"1 5 3 9 2 4 -1 -7 -3\", rows=3, cols=3)";
    assertMatrix(m, "rowIndexMax(M)", columnString(2, 1, 1));
    assertMatrix(m, "rowIndexMin(M)", columnString(1, 2, 2));
    // ties go to the last index, as SystemDS 3.3.0 computes
    String ties = "M = matrix(\"3 1 3 0 0 0\", rows=2, cols=3)";
    assertMatrix(ties, "rowIndexMax(M)", columnString(3, 3));
    assertMatrix(ties, "rowIndexMin(M)", columnString(2, 3));
  }

  @Test
  void cumulativeAggregatesRunDownColumns() {
    assertMatrix("cumsum(matrix(\"1 2 3 4\", rows=4, cols=1))", columnString(1, 3, 6, 10));
    assertMatrix("cumsum(matrix(\"1 2 3 4\", rows=2, cols=2))",
        matrixString(new double[][] {{1, 2}, {4, 6}}));
    assertMatrix("cumprod(matrix(\"1 2 3 4\", rows=2, cols=2))",
        matrixString(new double[][] {{1, 2}, {3, 8}}));
    assertMatrix("cumsum(matrix(\"1 -2 NaN 4\", rows=4, cols=1))",
        columnString(1, -1, Double.NaN, Double.NaN));
  }

  @Test
  void naryElementwiseMinMax() {
    assertMatrix("max(matrix(\"1 5\", rows=1, cols=2), matrix(\"3 2\", rows=1, cols=2))",
        rowString(3, 5));
    assertMatrix("max(matrix(\"1 5\", rows=1, cols=2), 4)", rowString(4, 5));
    assertMatrix("min(matrix(\"1 5\", rows=1, cols=2), matrix(\"3 2\", rows=1, cols=2), 0)",
        rowString(0, 0));
  }

  @Test
  void statistics() {
    dml.assertPrints("print(median(matrix(\"1 5 3 2\", rows=4, cols=1)))", "2.5");
    dml.assertPrints("print(median(matrix(\"4 1 3\", rows=3, cols=1)))", "3.0");
    // quantile p picks the ceil(n*p)-th smallest value
    assertMatrix("quantile(matrix(\"5 1 4 2 3\", rows=5, cols=1), "
        + "matrix(\"0.5 0.2\", rows=2, cols=1))", columnString(3, 1));
    dml.assertPrints("print(det(matrix(\"1 2 3 4\", rows=2, cols=2)))", "-2.0");
  }

  // ---------------------------------------------------------------- element-wise

  @Test
  void unaryElementwise() {
    String v = "v = matrix(\"-1.5 0 2.5 4\", rows=1, cols=4)";
    assertMatrix(v, "abs(v)", rowString(1.5, 0, 2.5, 4));
    assertMatrix(v, "round(v)", rowString(-1, 0, 3, 4));
    assertMatrix(v, "floor(v)", rowString(-2, 0, 2, 4));
    assertMatrix(v, "ceil(v)", rowString(-1, 0, 3, 4));
    assertMatrix(v, "sign(v)", rowString(-1, 0, 1, 1));
    assertMatrix(v, "sqrt(abs(v))", rowString(Math.sqrt(1.5), 0, Math.sqrt(2.5), 2));
    assertMatrix(v, "exp(v)", rowString(Math.exp(-1.5), 1, Math.exp(2.5), Math.exp(4)));
    assertMatrix(v, "sigmoid(v)", rowString(1 / (1 + Math.exp(1.5)), .5,
        1 / (1 + Math.exp(-2.5)), 1 / (1 + Math.exp(-4))));
    assertMatrix(v, "tanh(v)", rowString(Math.tanh(-1.5), 0, Math.tanh(2.5), Math.tanh(4)));
    assertMatrix(v, "sin(v) + cos(v)", rowString(Math.sin(-1.5) + Math.cos(-1.5), 1,
        Math.sin(2.5) + Math.cos(2.5), Math.sin(4) + Math.cos(4)));
    assertMatrix("log(matrix(\"1 8\", rows=1, cols=2), 2)", rowString(0, 3));
    assertMatrix("log(matrix(\"1 0\", rows=1, cols=2))", rowString(0, Double.NEGATIVE_INFINITY));
  }

  @Test
  void ifelseWithMatrixAndScalarBranches() {
    assertMatrix(X, "ifelse(X > 3, X, -1)", matrixString(new double[][] {{-1, -1, -1},
        {4, 5, 6}}));
    assertMatrix(X, "ifelse(X > 3, 1, 0)", matrixString(new double[][] {{0, 0, 0}, {1, 1, 1}}));
    dml.assertPrints("print(ifelse(2 > 1, \"yes\", \"no\"))", "yes");
    dml.assertPrints("print(ifelse(FALSE, 1, 2))", "2");
  }

  @Test
  void nanHandling() {
    String m = "M = matrix(\"1 NaN 3 NaN\", rows=2, cols=2)";
    dml.assertPrints(m + "\nprint(sum(M))", "NaN");
    assertMatrix(m, "replace(target=M, pattern=NaN, replacement=0)",
        matrixString(new double[][] {{1, 0}, {3, 0}}));
    assertMatrix(m, "replace(target=M, pattern=3, replacement=-3)",
        matrixString(new double[][] {{1, Double.NaN}, {-3, Double.NaN}}));
    assertMatrix(m, "isNaN(M)", matrixString(new double[][] {{0, 1}, {0, 1}}));
    dml.assertPrints(m + "\nprint(contains(target=M, pattern=NaN))", "TRUE");
    dml.assertPrints(m + "\nprint(contains(target=M, pattern=2))", "FALSE");
    assertMatrix("matrix(\"1 0 -1\", rows=1, cols=3) / 0",
        rowString(Double.POSITIVE_INFINITY, Double.NaN, Double.NEGATIVE_INFINITY));
  }

  // ---------------------------------------------------------------- linear algebra

  @Test
  void linearAlgebra() {
    assertMatrix("matrix(\"1 2 3 4\", rows=2, cols=2) %*% matrix(\"1 1\", rows=2, cols=1)",
        columnString(3, 7));
    assertMatrix(X, "X %*% t(X)", matrixString(new double[][] {{14, 32}, {32, 77}}));
    assertMatrix("solve(matrix(\"2 1 1 3\", rows=2, cols=2), matrix(\"3 5\", rows=2, cols=1))",
        columnString(0.8, 1.4)); // 2a + b = 3, a + 3b = 5
    assertMatrix("inv(matrix(\"2 0 0 4\", rows=2, cols=2))",
        matrixString(new double[][] {{.5, 0}, {0, .25}}));
    assertMatrix("cholesky(matrix(\"4 2 2 3\", rows=2, cols=2))",
        matrixString(new double[][] {{2, 0}, {1, Math.sqrt(2)}}));
  }

  // ---------------------------------------------------------------- ordering and selection

  @Test
  void orderByColumnWithAndWithoutIndexes() {
    String m = "M = matrix(\"3 1 1 2 2 9\", rows=3, cols=2)";
    assertMatrix(m, "order(target=M, by=1)", matrixString(new double[][] {{1, 2}, {2, 9},
        {3, 1}}));
    assertMatrix(m, "order(target=M, by=1, decreasing=TRUE)",
        matrixString(new double[][] {{3, 1}, {2, 9}, {1, 2}}));
    assertMatrix(m, "order(target=M, by=2, decreasing=FALSE, index.return=TRUE)",
        columnString(1, 2, 3));
    assertMatrix(m, "order(target=M, by=1, index.return=TRUE)", columnString(2, 3, 1));
  }

  @Test
  void orderIsStableOnTies() {
    assertMatrix("order(target=matrix(\"2 1 2 1\", rows=4, cols=1), by=1, index.return=TRUE)",
        columnString(2, 4, 1, 3));
  }

  @Test
  void removeEmptyRowsColsAndSelect() {
    String m = "M = matrix(\"1 0 0 0 2 0\", rows=3, cols=2)";
    assertMatrix(m, "removeEmpty(target=M, margin=\"rows\")",
        matrixString(new double[][] {{1, 0}, {2, 0}}));
    assertMatrix(m, "removeEmpty(target=M, margin=\"cols\")", columnString(1, 0, 2));
    assertMatrix(m, "removeEmpty(target=M, margin=\"rows\", "
        + "select=matrix(\"0 1 1\", rows=3, cols=1))", matrixString(new double[][] {{0, 0},
        {2, 0}}));
    dml.assertPrints(m + "\nR = removeEmpty(target=M, margin=\"rows\")\nprint(nrow(R))", "2");
  }

  // ---------------------------------------------------------------- casts and toString

  @Test
  void toStringOptions() {
    assertMatrix(X, "X, decimal=1, sep=\",\"", "1.0,2.0,3.0\n4.0,5.0,6.0\n");
    assertMatrix(X, "X, linesep=\";\"", "1.000 2.000 3.000;4.000 5.000 6.000;");
    assertMatrix(X, "X, decimal=0", "1 2 3\n4 5 6\n");
  }

  @Test
  void matrixCasts() {
    dml.assertPrints(X + "\nprint(as.scalar(X[2, 3]))", "6.0");
    assertMatrix("as.matrix(5)", columnString(5));
    dml.assertPrints("print(as.scalar(as.matrix(2.5)) * 2)", "5.0");
  }

  @Test
  void matrixMultiplyBindsTighterThanElementwiseOperators() {
    String b = "B = matrix(\"1 2 3 4\", rows=2, cols=2)";
    // B %*% B = [7 10; 15 22]
    assertMatrix(b, "2 * B %*% B", matrixString(new double[][] {{14, 20}, {30, 44}}));
    assertMatrix(b, "B * B %*% B", matrixString(new double[][] {{7, 20}, {45, 88}}));
    assertMatrix(b, "B + B %*% B", matrixString(new double[][] {{8, 12}, {18, 26}}));
    assertMatrix(b, "-B %*% B", matrixString(new double[][] {{-7, -10}, {-15, -22}}));
    assertMatrix(b, "B[, 2] %*% B[1, ]", matrixString(new double[][] {{2, 4}, {4, 8}}));
  }

  @Test
  void randIsAlsoSpelledRand() {
    dml.assertPrints("A = Rand(rows=2, cols=3, min=1, max=1)\nprint(sum(A))", "6.0");
  }
}
