package org.planlab.engine.kernels;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.planlab.engine.kernels.ReorgTestSupport.assertResult;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.planlab.engine.matrix.DimensionMismatchException;
import org.planlab.engine.matrix.MatrixBlock;
import org.planlab.engine.matrix.MatrixComparison;
import org.planlab.engine.matrix.TestMatrices;
import org.planlab.engine.parallel.KernelPool;

class ReorgKernelsTest {
  private static final KernelPool TWO = new KernelPool(2);
  private static final KernelPool[] POOLS = {KernelPool.sequential(), TWO};

  @AfterAll
  static void closePool() {
    TWO.close();
  }

  // ---------------------------------------------------------------- transpose

  @Test
  void transposeMatchesReferenceOverSweep() {
    for (TestMatrices.Case c : ReorgTestSupport.sweep(101)) {
      MatrixBlock x = c.block();
      ReorgTestSupport.Snapshot in = ReorgTestSupport.Snapshot.of(x);
      double[][] expected = ReorgTestSupport.transpose(in.values(), x.rows(), x.cols());
      for (KernelPool pool : POOLS) {
        MatrixBlock t = ReorgKernels.transpose(x, pool);
        assertResult(expected, x.cols(), x.rows(), t, "t " + c + " p=" + pool.parallelism());
      }
      in.assertUnchanged("t " + c);
    }
  }

  @Test
  void transposeTwiceIsIdentity() {
    for (TestMatrices.Case c : ReorgTestSupport.sweep(102)) {
      MatrixBlock x = c.block();
      MatrixBlock tt = ReorgKernels.transpose(ReorgKernels.transpose(x, TWO), TWO);
      TestMatrices.assertClose(x, tt, 0, "t(t(X)) " + c);
    }
  }

  @Test
  void transposeOfSparseInputStaysSparse() {
    MatrixBlock x = TestMatrices.random(130, 70, 0.05, 7, true);
    MatrixBlock t = ReorgKernels.transpose(x, KernelPool.sequential());
    assertTrue(t.isSparse());
    assertEquals(x.nnz(), t.nnz());
  }

  @Test
  void transposeIsIdenticalForOneAndTwoThreadsOnLargeInputs() {
    // large enough that both the dense tiles and the CSR passes fork
    List<MatrixBlock> inputs = new ArrayList<>();
    inputs.add(TestMatrices.random(700, 300, 1.0, 11, false));
    inputs.add(TestMatrices.random(650, 330, 0.1, 12, false));
    inputs.add(TestMatrices.random(1000, 600, 0.2, 13, true));
    inputs.add(TestMatrices.asMCSR(TestMatrices.random(900, 500, 0.2, 14, false)));
    inputs.add(TestMatrices.random(1, 100_000, 0.9, 15, false));
    for (MatrixBlock x : inputs) {
      MatrixBlock one = ReorgKernels.transpose(x, KernelPool.sequential());
      MatrixBlock two = ReorgKernels.transpose(x, TWO);
      assertTrue(MatrixComparison.approxEquals(one, two, 0, 0), x.shape());
      assertEquals(one.isSparse(), two.isSparse());
      assertResult(ReorgTestSupport.transpose(x.toArray(), x.rows(), x.cols()), x.cols(),
          x.rows(), two, "large t " + x.shape());
    }
  }

  // ---------------------------------------------------------------- rev

  @Test
  void revReversesRowsOverSweep() {
    for (TestMatrices.Case c : ReorgTestSupport.sweep(103)) {
      MatrixBlock x = c.block();
      ReorgTestSupport.Snapshot in = ReorgTestSupport.Snapshot.of(x);
      double[][] a = in.values();
      double[][] expected = new double[a.length][];
      for (int i = 0; i < a.length; i++) {
        expected[i] = a[a.length - 1 - i].clone();
      }
      assertResult(expected, x.rows(), x.cols(), ReorgKernels.rev(x), "rev " + c);
      in.assertUnchanged("rev " + c);
    }
  }

  // ---------------------------------------------------------------- reshape

  @Test
  void reshapeSmallExampleByRowAndByColumn() {
    MatrixBlock x = MatrixBlock.of(new double[][] {{1, 2, 3}, {4, 5, 6}});
    for (MatrixBlock in : ReorgTestSupport.formats(x)) {
      assertResult(new double[][] {{1, 2}, {3, 4}, {5, 6}}, 3, 2,
          ReorgKernels.reshape(in, 3, 2, true), "byrow");
      // read down the columns (1 4 2 5 3 6), written down the columns
      assertResult(new double[][] {{1, 5}, {4, 3}, {2, 6}}, 3, 2,
          ReorgKernels.reshape(in, 3, 2, false), "bycol");
      assertResult(new double[][] {{1, 4, 2, 5, 3, 6}}, 1, 6,
          ReorgKernels.reshape(in, 1, 6, false), "bycol to a row");
      assertResult(new double[][] {{1}, {2}, {3}, {4}, {5}, {6}}, 6, 1,
          ReorgKernels.reshape(in, 6, 1, true), "byrow to a column");
    }
  }

  @Test
  void reshapeMatchesReferenceOverSweep() {
    for (TestMatrices.Case c : ReorgTestSupport.sweep(104)) {
      MatrixBlock x = c.block();
      ReorgTestSupport.Snapshot in = ReorgTestSupport.Snapshot.of(x);
      int cells = (int) x.cells();
      List<int[]> targets = new ArrayList<>();
      targets.add(new int[] {x.cols(), x.rows()});
      targets.add(new int[] {x.rows(), x.cols()});
      targets.add(new int[] {1, cells});
      targets.add(new int[] {cells, 1});
      for (int d = 2; d < cells; d++) {
        if (cells % d == 0 && d != x.rows() && d != x.cols()) {
          targets.add(new int[] {d, cells / d});
          break;
        }
      }
      for (int[] s : targets) {
        for (boolean byRow : new boolean[] {true, false}) {
          double[][] expected = naiveReshape(in.values(), x.rows(), x.cols(), s[0], s[1], byRow);
          assertResult(expected, s[0], s[1], ReorgKernels.reshape(x, s[0], s[1], byRow),
              "reshape " + c + " to " + s[0] + "x" + s[1] + " byrow=" + byRow);
        }
      }
      in.assertUnchanged("reshape " + c);
    }
  }

  @Test
  void reshapeOfSparseMatrixByColumnStaysSparse() {
    MatrixBlock x = TestMatrices.random(64, 90, 0.05, 17, true);
    MatrixBlock y = ReorgKernels.reshape(x, 120, 48, false);
    assertTrue(y.isSparse());
    assertResult(naiveReshape(x.toArray(), 64, 90, 120, 48, false), 120, 48, y, "sparse bycol");
  }

  @Test
  void reshapeToWrongCellCountNamesBothShapes() {
    MatrixBlock x = MatrixBlock.dense(10, 4);
    DimensionMismatchException e = assertThrows(DimensionMismatchException.class,
        () -> ReorgKernels.reshape(x, 3, 5, true));
    assertEquals("dimension mismatch in reshape: cannot reshape a 10x4 matrix (40 cells) into"
        + " 3x5 (15 cells)", e.getMessage());
  }

  private static double[][] naiveReshape(double[][] a, int m, int n, int rows, int cols,
      boolean byRow) {
    double[] cells = new double[m * n];
    for (int i = 0; i < m; i++) {
      for (int j = 0; j < n; j++) {
        cells[byRow ? i * n + j : j * m + i] = a[i][j];
      }
    }
    double[][] out = new double[rows][cols];
    for (int k = 0; k < cells.length; k++) {
      if (byRow) {
        out[k / cols][k % cols] = cells[k];
      } else {
        out[k % rows][k / rows] = cells[k];
      }
    }
    return out;
  }

  // ---------------------------------------------------------------- diag

  @Test
  void diagOfColumnVectorIsSparseDiagonalMatrix() {
    for (TestMatrices.Case c : ReorgTestSupport.sweep(105)) {
      MatrixBlock x = c.block();
      if (x.cols() != 1 || x.rows() == 1) {
        continue;
      }
      int n = x.rows();
      double[][] a = x.toArray();
      double[][] expected = new double[n][n];
      for (int i = 0; i < n; i++) {
        expected[i][i] = a[i][0];
      }
      MatrixBlock d = ReorgKernels.diag(x);
      TestMatrices.assertClose(expected, d, 0, "diag " + c);
      ReorgTestSupport.assertWellFormed(d, "diag " + c);
      assertEquals(n > 1, d.isSparse(), "diag " + c + " is sparse for n > 1");
    }
  }

  @Test
  void diagOfSquareMatrixIsItsDiagonal() {
    for (int n : new int[] {0, 2, 9, 40}) {
      for (double sp : TestMatrices.SPARSITIES) {
        MatrixBlock x = TestMatrices.random(n, n, sp, n * 7L, false);
        double[][] a = x.toArray();
        double[][] expected = new double[n][1];
        for (int i = 0; i < n; i++) {
          expected[i][0] = a[i][i];
        }
        for (MatrixBlock in : ReorgTestSupport.formats(x)) {
          assertResult(expected, n, 1, ReorgKernels.diag(in), "diag " + n + "x" + n + " " + sp);
        }
      }
    }
  }

  @Test
  void diagOfOneByOneIsACopy() {
    for (MatrixBlock in : ReorgTestSupport.formats(MatrixBlock.scalar(-2.5))) {
      assertResult(new double[][] {{-2.5}}, 1, 1, ReorgKernels.diag(in), "diag 1x1");
    }
    assertResult(new double[][] {{0}}, 1, 1, ReorgKernels.diag(MatrixBlock.empty(1, 1, true)),
        "diag empty 1x1");
  }

  @Test
  void diagOfRowVectorNamesTheShape() {
    DimensionMismatchException e = assertThrows(DimensionMismatchException.class,
        () -> ReorgKernels.diag(MatrixBlock.dense(1, 5)));
    assertEquals("dimension mismatch in diag: expects a column vector or a square matrix,"
        + " got a 1x5 matrix", e.getMessage());
  }
}
