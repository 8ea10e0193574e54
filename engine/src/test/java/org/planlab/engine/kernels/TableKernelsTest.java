package org.planlab.engine.kernels;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.planlab.engine.kernels.ReorgTestSupport.assertResult;

import java.util.Random;
import org.junit.jupiter.api.Test;
import org.planlab.engine.matrix.DimensionMismatchException;
import org.planlab.engine.matrix.MatrixBlock;
import org.planlab.engine.matrix.MatrixSizeException;
import org.planlab.engine.matrix.TestMatrices;

class TableKernelsTest {

  private static MatrixBlock column(double... v) {
    double[][] a = new double[v.length][1];
    for (int i = 0; i < v.length; i++) {
      a[i][0] = v[i];
    }
    return MatrixBlock.of(a);
  }

  /** out[a_i, b_i] += w_i over double[][], with outside pairs ignored; dims -1 = max. */
  private static double[][] naiveTable(double[] a, double[] b, double[] w, int rows, int cols) {
    int n = Math.max(a.length, b.length);
    int r = rows;
    int c = cols;
    if (r < 0) {
      for (int i = 0; i < n; i++) {
        r = Math.max(r, (int) a[a.length == n ? i : 0]);
      }
    }
    if (c < 0) {
      for (int i = 0; i < n; i++) {
        c = Math.max(c, (int) b[b.length == n ? i : 0]);
      }
    }
    r = Math.max(r, 0);
    c = Math.max(c, 0);
    double[][] out = new double[r][c];
    for (int i = 0; i < n; i++) {
      int ai = (int) a[a.length == n ? i : 0];
      int bi = (int) b[b.length == n ? i : 0];
      if (ai <= r && bi <= c) {
        out[ai - 1][bi - 1] += w == null ? 1 : w[w.length == n ? i : 0];
      }
    }
    return out;
  }

  private static double[] values(MatrixBlock v) {
    double[][] a = v.toArray();
    double[] d = new double[a.length];
    for (int i = 0; i < a.length; i++) {
      d[i] = a[i][0];
    }
    return d;
  }

  /**
   * The one-hot rows of {@code table(seq(1, n), y, w, n, cols)} computed block by block equal
   * the naive table's rows, codes beyond cols dropped; a bad code is reported with its row in
   * the whole vector.
   */
  @Test
  void oneHotRowsEqualTheRowsOfTheWholeTable() {
    Random rnd = new Random(17);
    int n = 2500;
    double[] y = new double[n];
    double[] seq = new double[n];
    for (int i = 0; i < n; i++) {
      y[i] = 1 + rnd.nextInt(5);
      seq[i] = i + 1;
    }
    for (double w : new double[] {1, -2.5, 0}) {
      double[][] whole = naiveTable(seq, y, new double[] {w}, n, 4);
      for (int first = 0; first < n; first += 1000) {
        int len = Math.min(1000, n - first);
        double[] part = java.util.Arrays.copyOfRange(y, first, first + len);
        double[][] expected = java.util.Arrays.copyOfRange(whole, first, first + len);
        assertResult(expected, len, 4, TableKernels.oneHotRows(column(part), first, 4, w),
            "rows from " + first + ", weight " + w);
      }
    }
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> TableKernels.oneHotRows(column(1, 2, 2.5), 1000, 3, 1));
    assertEquals("table: value 2.5 in row 1003 of the second argument is not a positive "
        + "integer", e.getMessage());
  }

  @Test
  void smallTableWithWeights() {
    MatrixBlock a = column(1, 2, 2, 3, 1);
    MatrixBlock b = column(2, 1, 1, 3, 2);
    MatrixBlock w = column(0.5, 1, 2, -1, 4);
    double[][] expected = {{0, 4.5, 0}, {3, 0, 0}, {0, 0, -1}};
    for (MatrixBlock aa : ReorgTestSupport.formats(a)) {
      for (MatrixBlock bb : ReorgTestSupport.formats(b)) {
        for (MatrixBlock ww : ReorgTestSupport.formats(w)) {
          assertResult(expected, 3, 3, TableKernels.table(aa, bb, ww, -1, -1), "weighted");
        }
      }
    }
    double[][] counts = {{0, 2, 0}, {2, 0, 0}, {0, 0, 1}};
    assertResult(counts, 3, 3, TableKernels.table(a, b, null, -1, -1), "counts");
    double[][] scaled = {{0, 6, 0}, {6, 0, 0}, {0, 0, 3}};
    assertResult(scaled, 3, 3, TableKernels.table(a, b, 3.0, -1, -1), "scalar weight");
    assertResult(scaled, 3, 3, TableKernels.table(a, b, MatrixBlock.scalar(3), -1, -1),
        "1x1 weight");
  }

  @Test
  void givenDimensionsIgnorePairsOutsideAndPadInside() {
    MatrixBlock a = column(1, 4, 2, 2);
    MatrixBlock b = column(1, 1, 5, 2);
    assertResult(new double[][] {{1, 0}, {0, 1}}, 2, 2, TableKernels.table(a, b, null, 2, 2),
        "cut");
    assertResult(new double[][] {{1, 0, 0, 0, 0, 0}, {0, 1, 0, 0, 1, 0}, {0, 0, 0, 0, 0, 0},
        {1, 0, 0, 0, 0, 0}, {0, 0, 0, 0, 0, 0}}, 5, 6, TableKernels.table(a, b, null, 5, 6),
        "padded");
    assertResult(new double[0][0], 0, 0, TableKernels.table(a, b, null, 0, 0), "0x0");
  }

  @Test
  void randomTablesMatchReference() {
    Random rnd = new Random(5);
    for (int n : new int[] {0, 1, 7, 300, 5000}) {
      for (int k : new int[] {1, 4, 60, 500}) {
        MatrixBlock a = ReorgTestSupport.randomCodes(n, k, rnd);
        MatrixBlock b = ReorgTestSupport.randomCodes(n, Math.max(1, k / 2), rnd);
        MatrixBlock w = n == 0 ? MatrixBlock.dense(0, 1)
            : TestMatrices.random(n, 1, 0.8, rnd.nextLong(), false);
        double[] av = values(a);
        double[] bv = values(b);
        double[] wv = values(w);
        for (int[] dims : new int[][] {{-1, -1}, {k / 2, -1}, {-1, k / 3}, {k + 3, k}}) {
          String what = "n=" + n + " k=" + k + " dims=" + dims[0] + "," + dims[1];
          MatrixBlock t = TableKernels.table(a, b, w, dims[0], dims[1]);
          double[][] expected = naiveTable(av, bv, wv, dims[0], dims[1]);
          int rows = expected.length;
          int cols = rows == 0 ? (dims[1] >= 0 ? dims[1] : t.cols()) : expected[0].length;
          assertResult(expected, rows, cols, t, what);
          MatrixBlock sparseIn = TableKernels.table(TestMatrices.asMCSR(a),
              b.copy().toSparseInPlace(), TestMatrices.asMCSR(w), dims[0], dims[1]);
          TestMatrices.assertClose(t, sparseIn, 0, what + " sparse inputs");
          assertResult(naiveTable(av, bv, null, dims[0], dims[1]), rows, cols,
              TableKernels.table(a, b, null, dims[0], dims[1]), what + " unweighted");
        }
      }
    }
  }

  /**
   * {@code table(seq(1, n), y, w, rows, cols)} — the one-hot idiom the kernel builds row by row
   * without bucketing — equals the naive table for sparse outputs (many classes), rows cut below
   * and padded beyond n, codes beyond cols, zero and NaN weights.
   */
  @Test
  void sequenceFirstTablesMatchReference() {
    Random rnd = new Random(9);
    for (int n : new int[] {1, 7, 300, 5000}) {
      double[] seq = new double[n];
      for (int i = 0; i < n; i++) {
        seq[i] = i + 1;
      }
      for (int k : new int[] {2, 60, 500}) {
        MatrixBlock b = ReorgTestSupport.randomCodes(n, k, rnd);
        double[] w = values(TestMatrices.random(n, 1, 0.7, rnd.nextLong(), false));
        w[n / 2] = Double.NaN;
        double[] bv = values(b);
        for (int[] dims : new int[][] {{-1, -1}, {n, k / 2}, {n / 2, -1}, {n + 3, k + 1}}) {
          String what = "n=" + n + " k=" + k + " dims=" + dims[0] + "," + dims[1];
          MatrixBlock t = TableKernels.table(column(seq), b, column(w), dims[0], dims[1]);
          double[][] expected = naiveTable(seq, bv, w, dims[0], dims[1]);
          int rows = expected.length;
          int cols = rows == 0 ? t.cols() : expected[0].length;
          assertResult(expected, rows, cols, t, what);
          assertResult(naiveTable(seq, bv, null, dims[0], dims[1]), rows, cols,
              TableKernels.table(column(seq), b, 1.0, dims[0], dims[1]), what + " unweighted");
        }
      }
    }
  }

  @Test
  void largeSparseTableIsSparse() {
    Random rnd = new Random(8);
    MatrixBlock a = ReorgTestSupport.randomCodes(2000, 1000, rnd);
    MatrixBlock b = ReorgTestSupport.randomCodes(2000, 1000, rnd);
    MatrixBlock t = TableKernels.table(a, b, null, -1, -1);
    assertTrue(t.isSparse());
    assertEquals(2000, sum(t), 0);
  }

  @Test
  void oneHotIdiomWithSequenceAndConstant() {
    MatrixBlock y = column(3, 1, 2, 3);
    MatrixBlock seq = column(1, 2, 3, 4);
    // table(seq(1, n), y): row i is the one-hot encoding of y_i
    double[][] oneHot = {{0, 0, 1}, {1, 0, 0}, {0, 1, 0}, {0, 0, 1}};
    assertResult(oneHot, 4, 3, TableKernels.table(seq, y, null, -1, -1), "one-hot");
    // table(y, 1): a 1x1 argument is a constant column, giving counts per class
    assertResult(new double[][] {{1}, {1}, {2}}, 3, 1,
        TableKernels.table(y, MatrixBlock.scalar(1), null, -1, -1), "counts");
    // table(2, seq): a constant first argument puts every pair in row 2
    assertResult(new double[][] {{0, 0, 0, 0}, {1, 1, 1, 1}}, 2, 4,
        TableKernels.table(MatrixBlock.scalar(2), seq, null, -1, -1), "constant row");
  }

  @Test
  void cancellingWeightsLeaveNoEntry() {
    MatrixBlock a = column(1, 2, 1, 3);
    MatrixBlock b = column(1, 2, 1, 3);
    MatrixBlock w = column(2.5, 1, -2.5, 1);
    double[][] expected = {{0, 0, 0}, {0, 1, 0}, {0, 0, 1}};
    assertResult(expected, 3, 3, TableKernels.table(a, b, w, -1, -1), "dense path");
    // large dimensions take the sparse path
    MatrixBlock t = TableKernels.table(a, b, w, 1000, 1000);
    assertEquals(2, t.nnz());
    assertTrue(t.isSparse());
    ReorgTestSupport.assertWellFormed(t, "sparse path");
    assertEquals(0, t.get(0, 0));
  }

  @Test
  void nonIntegerValueIsAnErrorNamingRowAndValue() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> TableKernels.table(column(1, 2, 2.5), column(1, 1, 1), null, -1, -1));
    assertEquals("table: value 2.5 in row 3 of the first argument is not a positive integer",
        e.getMessage());
    e = assertThrows(IllegalArgumentException.class,
        () -> TableKernels.table(column(1, 2, 3), column(1, 0, 1), null, -1, -1));
    assertEquals("table: value 0 in row 2 of the second argument is not a positive integer",
        e.getMessage());
    e = assertThrows(IllegalArgumentException.class,
        () -> TableKernels.table(column(-4), column(1), null, -1, -1));
    assertEquals("table: value -4 in row 1 of the first argument is not a positive integer",
        e.getMessage());
    e = assertThrows(IllegalArgumentException.class,
        () -> TableKernels.table(column(Double.NaN), column(1), null, -1, -1));
    assertEquals("table: value NaN in row 1 of the first argument is not a positive integer",
        e.getMessage());
  }

  @Test
  void argumentsOfDifferentLengthsAreRejected() {
    DimensionMismatchException e = assertThrows(DimensionMismatchException.class,
        () -> TableKernels.table(column(1, 2, 3), column(1, 2), null, -1, -1));
    assertEquals("dimension mismatch in table: 3x1 and 2x1 (the arguments must have the same"
        + " number of rows, or one must be 1x1)", e.getMessage());
    e = assertThrows(DimensionMismatchException.class,
        () -> TableKernels.table(column(1, 2), column(1, 2), column(1, 2, 3), -1, -1));
    assertEquals("dimension mismatch in table: weights are 3x1 but the arguments have 2 rows"
        + " (weights must be 2x1 or 1x1)", e.getMessage());
    e = assertThrows(DimensionMismatchException.class,
        () -> TableKernels.table(MatrixBlock.dense(1, 2), column(1), null, -1, -1));
    assertEquals("dimension mismatch in table: the first argument must be a column vector,"
        + " got a 1x2 matrix", e.getMessage());
  }

  @Test
  void negativeOutputDimensionOtherThanMinusOneIsRejected() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> TableKernels.table(column(1), column(1), null, -2, 3));
    assertEquals("table: output rows must be >= 0, or -1 for the largest value, got -2",
        e.getMessage());
  }

  @Test
  void outputBeyondTheBlockLimitIsRejected() {
    MatrixSizeException e = assertThrows(MatrixSizeException.class,
        () -> TableKernels.table(column(3), column(1), null, Integer.MAX_VALUE, 1));
    assertEquals("table: an output of 2147483647x1 exceeds the in-memory block limit of 2^31-1"
        + " rows or columns", e.getMessage());
    assertThrows(MatrixSizeException.class,
        () -> TableKernels.table(column(1e12), column(1), null, -1, -1));
  }

  private static double sum(MatrixBlock m) {
    double s = 0;
    for (double[] row : m.toArray()) {
      for (double v : row) {
        s += v;
      }
    }
    return s;
  }
}
