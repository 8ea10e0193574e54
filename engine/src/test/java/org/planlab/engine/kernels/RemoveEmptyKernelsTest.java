package org.planlab.engine.kernels;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.planlab.engine.kernels.ReorgTestSupport.assertResult;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.planlab.engine.matrix.DimensionMismatchException;
import org.planlab.engine.matrix.MatrixBlock;
import org.planlab.engine.matrix.TestMatrices;

class RemoveEmptyKernelsTest {

  /** The sweep plus blocks with whole empty rows and columns, in all three formats. */
  private static List<TestMatrices.Case> cases(long seed) {
    List<TestMatrices.Case> out = new ArrayList<>(ReorgTestSupport.sweep(seed));
    Random rnd = new Random(seed);
    for (int[] s : new int[][] {{40, 30}, {7, 90}, {90, 3}}) {
      for (double sp : new double[] {0.05, 0.6}) {
        double[][] a = TestMatrices.random(s[0], s[1], sp, rnd.nextLong(), false).toArray();
        for (int r = 0; r < s[0]; r += 3) {
          a[r] = new double[s[1]];
        }
        for (double[] row : a) {
          for (int c = 1; c < s[1]; c += 4) {
            row[c] = 0;
          }
        }
        MatrixBlock[] f = ReorgTestSupport.formats(MatrixBlock.of(a));
        String n = s[0] + "x" + s[1] + " holes sp=" + sp;
        out.add(new TestMatrices.Case(n + " dense", f[0]));
        out.add(new TestMatrices.Case(n + " csr", f[1]));
        out.add(new TestMatrices.Case(n + " mcsr", f[2]));
      }
    }
    return out;
  }

  private static double[][] naiveKeepRows(double[][] a, int cols, boolean[] keep) {
    List<double[]> rows = new ArrayList<>();
    for (int r = 0; r < a.length; r++) {
      if (keep[r]) {
        rows.add(a[r].clone());
      }
    }
    return rows.toArray(new double[0][cols]);
  }

  private static double[][] naiveKeepCols(double[][] a, int cols, boolean[] keep) {
    int k = 0;
    for (int c = 0; c < cols; c++) {
      k += keep[c] ? 1 : 0;
    }
    double[][] out = new double[a.length][k];
    for (int r = 0; r < a.length; r++) {
      int j = 0;
      for (int c = 0; c < cols; c++) {
        if (keep[c]) {
          out[r][j++] = a[r][c];
        }
      }
    }
    return out;
  }

  private static boolean[] nonEmptyRows(double[][] a) {
    boolean[] keep = new boolean[a.length];
    for (int r = 0; r < a.length; r++) {
      for (double v : a[r]) {
        keep[r] |= v != 0;
      }
    }
    return keep;
  }

  private static boolean[] nonEmptyCols(double[][] a, int cols) {
    boolean[] keep = new boolean[cols];
    for (double[] row : a) {
      for (int c = 0; c < cols; c++) {
        keep[c] |= row[c] != 0;
      }
    }
    return keep;
  }

  private static int count(boolean[] keep) {
    int k = 0;
    for (boolean b : keep) {
      k += b ? 1 : 0;
    }
    return k;
  }

  /** The expected block, or the all-empty result of the given emptyReturn. */
  private static void check(double[][] a, int rows, int cols, boolean byRows, boolean[] keep,
      boolean emptyReturn, MatrixBlock actual, String what) {
    int k = count(keep);
    if (byRows) {
      int outRows = k == 0 ? (emptyReturn ? 1 : 0) : k;
      double[][] expected = k == 0 ? new double[outRows][cols] : naiveKeepRows(a, cols, keep);
      assertResult(expected, outRows, cols, actual, what);
    } else {
      int outCols = k == 0 ? (emptyReturn ? 1 : 0) : k;
      double[][] expected = k == 0 ? new double[rows][outCols] : naiveKeepCols(a, cols, keep);
      assertResult(expected, rows, outCols, actual, what);
    }
  }

  @Test
  void removeEmptyRowsAndColumnsMatchesReference() {
    for (TestMatrices.Case c : cases(601)) {
      MatrixBlock x = c.block();
      ReorgTestSupport.Snapshot in = ReorgTestSupport.Snapshot.of(x);
      double[][] a = in.values();
      for (boolean emptyReturn : new boolean[] {true, false}) {
        check(a, x.rows(), x.cols(), true, nonEmptyRows(a), emptyReturn,
            RemoveEmptyKernels.removeEmpty(x, true, null, emptyReturn),
            "rows " + c + " emptyReturn=" + emptyReturn);
        check(a, x.rows(), x.cols(), false, nonEmptyCols(a, x.cols()), emptyReturn,
            RemoveEmptyKernels.removeEmpty(x, false, null, emptyReturn),
            "cols " + c + " emptyReturn=" + emptyReturn);
      }
      in.assertUnchanged("removeEmpty " + c);
    }
  }

  @Test
  void selectPicksRowsAndColumnsToKeep() {
    Random rnd = new Random(7);
    for (TestMatrices.Case c : cases(602)) {
      MatrixBlock x = c.block();
      double[][] a = x.toArray();
      boolean[] rowKeep = new boolean[x.rows()];
      double[] rowSel = new double[x.rows()];
      for (int r = 0; r < x.rows(); r++) {
        rowKeep[r] = rnd.nextInt(3) > 0;
        rowSel[r] = rowKeep[r] ? 1 : 0;
      }
      boolean[] colKeep = new boolean[x.cols()];
      double[] colSel = new double[x.cols()];
      for (int j = 0; j < x.cols(); j++) {
        colKeep[j] = rnd.nextInt(3) > 0;
        colSel[j] = colKeep[j] ? 1 : 0;
      }
      MatrixBlock rs = MatrixBlock.dense(x.rows(), 1, rowSel);
      MatrixBlock cs = MatrixBlock.dense(1, x.cols(), colSel);
      for (MatrixBlock sel : ReorgTestSupport.formats(rs)) {
        check(a, x.rows(), x.cols(), true, rowKeep, true,
            RemoveEmptyKernels.removeEmpty(x, true, sel, true), "select rows " + c);
      }
      for (MatrixBlock sel : ReorgTestSupport.formats(cs)) {
        check(a, x.rows(), x.cols(), false, colKeep, false,
            RemoveEmptyKernels.removeEmpty(x, false, sel, false), "select cols " + c);
      }
    }
  }

  @Test
  void selectKeepsEmptyRowsItMarks() {
    MatrixBlock x = MatrixBlock.of(new double[][] {{0, 0}, {1, 0}, {0, 0}, {2, 3}});
    MatrixBlock sel = MatrixBlock.dense(4, 1, new double[] {1, 0, 1, 1});
    assertResult(new double[][] {{0, 0}, {0, 0}, {2, 3}}, 3, 2,
        RemoveEmptyKernels.removeEmpty(x, true, sel, true), "select");
    assertResult(new double[][] {{1, 0}, {2, 3}}, 2, 2,
        RemoveEmptyKernels.removeEmpty(x, true, null, true), "non-empty");
    assertResult(new double[][] {{0, 0}, {1, 0}, {0, 0}, {2, 3}}, 4, 2,
        RemoveEmptyKernels.removeEmpty(x, false, null, true), "no empty column");
  }

  @Test
  void allEmptyGivesOneZeroRowOrNothing() {
    for (MatrixBlock x : ReorgTestSupport.formats(MatrixBlock.dense(6, 4))) {
      MatrixBlock rows1 = RemoveEmptyKernels.removeEmpty(x, true, null, true);
      assertEquals("1x4", rows1.shape());
      assertEquals(0, rows1.nnz());
      assertEquals("0x4", RemoveEmptyKernels.removeEmpty(x, true, null, false).shape());
      MatrixBlock cols1 = RemoveEmptyKernels.removeEmpty(x, false, null, true);
      assertEquals("6x1", cols1.shape());
      assertEquals(0, cols1.nnz());
      assertEquals("6x0", RemoveEmptyKernels.removeEmpty(x, false, null, false).shape());
    }
    MatrixBlock none = MatrixBlock.dense(1, 4, new double[4]);
    MatrixBlock x = MatrixBlock.of(new double[][] {{1, 2, 3, 4}});
    assertEquals("0x4", RemoveEmptyKernels.removeEmpty(x, true,
        MatrixBlock.dense(1, 1, new double[1]), false).shape());
    assertEquals("1x1", RemoveEmptyKernels.removeEmpty(x, false, none, true).shape());
  }

  @Test
  void removingRowsOfSparseMatrixStaysSparse() {
    MatrixBlock x = TestMatrices.random(200, 80, 0.01, 4, true);
    assertTrue(RemoveEmptyKernels.removeEmpty(x, true, null, true).isSparse());
  }

  @Test
  void selectOfWrongShapeNamesBothShapes() {
    MatrixBlock x = MatrixBlock.dense(5, 3);
    DimensionMismatchException e = assertThrows(DimensionMismatchException.class,
        () -> RemoveEmptyKernels.removeEmpty(x, true, MatrixBlock.dense(3, 1), true));
    assertEquals("dimension mismatch in removeEmpty: 5x3 and 3x1 (select must be 5x1 for"
        + " margin=rows)", e.getMessage());
    e = assertThrows(DimensionMismatchException.class,
        () -> RemoveEmptyKernels.removeEmpty(x, false, MatrixBlock.dense(3, 1), true));
    assertEquals("dimension mismatch in removeEmpty: 5x3 and 3x1 (select must be 1x3 for"
        + " margin=cols)", e.getMessage());
  }
}
