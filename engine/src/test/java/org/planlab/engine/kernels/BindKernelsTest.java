package org.planlab.engine.kernels;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.planlab.engine.kernels.ReorgTestSupport.assertResult;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.planlab.engine.matrix.DimensionMismatchException;
import org.planlab.engine.matrix.MatrixBlock;
import org.planlab.engine.matrix.TestMatrices;

class BindKernelsTest {

  private static double[][] naiveCbind(List<double[][]> parts, int rows) {
    int cols = 0;
    for (double[][] p : parts) {
      cols += p.length == 0 ? 0 : p[0].length;
    }
    double[][] out = new double[rows][cols];
    for (int r = 0; r < rows; r++) {
      int off = 0;
      for (double[][] p : parts) {
        System.arraycopy(p[r], 0, out[r], off, p[r].length);
        off += p[r].length;
      }
    }
    return out;
  }

  private static double[][] naiveRbind(List<double[][]> parts) {
    int rows = 0;
    for (double[][] p : parts) {
      rows += p.length;
    }
    double[][] out = new double[rows][];
    int r = 0;
    for (double[][] p : parts) {
      for (double[] row : p) {
        out[r++] = row.clone();
      }
    }
    return out;
  }

  @Test
  void cbindMatchesReferenceOverSweep() {
    long seed = 300;
    for (TestMatrices.Case c : ReorgTestSupport.sweep(301)) {
      MatrixBlock x = c.block();
      int m = x.rows();
      // partners of other widths, sparsities and formats (including empty and MCSR)
      MatrixBlock y = TestMatrices.random(m, 3, 0.5, seed++, false);
      MatrixBlock z = TestMatrices.asMCSR(TestMatrices.random(m, 40, 0.02, seed++, false));
      MatrixBlock e = MatrixBlock.empty(m, 2, true);
      List<MatrixBlock> ops = List.of(x, y, z, e, x);
      ReorgTestSupport.Snapshot in = ReorgTestSupport.Snapshot.of(x);
      double[][] expected = naiveCbind(ops.stream().map(MatrixBlock::toArray).toList(), m);
      int cols = ops.stream().mapToInt(MatrixBlock::cols).sum();
      assertResult(expected, m, cols, BindKernels.cbind(ops), "cbind " + c);
      assertResult(in.values(), m, x.cols(), BindKernels.cbind(List.of(x)), "cbind1 " + c);
      in.assertUnchanged("cbind " + c);
    }
  }

  /** MLogreg's {@code cbind(X %*% B, matrix(0, N, 1))} and dense columns beside wider blocks. */
  @Test
  void cbindOfDenseColumnsAndAZeroColumnMatchesReference() {
    MatrixBlock col = TestMatrices.random(500, 1, 1.0, 310, false);
    MatrixBlock zero = MatrixBlock.dense(500, 1);
    MatrixBlock wide = TestMatrices.random(500, 4, 0.9, 311, false);
    for (List<MatrixBlock> ops : List.of(List.of(col, zero), List.of(zero, col, wide, col),
        List.of(wide, MatrixBlock.empty(500, 1, true), col))) {
      double[][] expected = naiveCbind(ops.stream().map(MatrixBlock::toArray).toList(), 500);
      int cols = ops.stream().mapToInt(MatrixBlock::cols).sum();
      MatrixBlock out = BindKernels.cbind(ops);
      assertResult(expected, 500, cols, out, "cbind of " + cols + " columns");
      assertEquals(ops.stream().mapToLong(MatrixBlock::nnz).sum(), out.nnz(), "nnz");
    }
  }

  @Test
  void rbindMatchesReferenceOverSweep() {
    long seed = 400;
    for (TestMatrices.Case c : ReorgTestSupport.sweep(302)) {
      MatrixBlock x = c.block();
      int n = x.cols();
      MatrixBlock y = TestMatrices.random(4, n, 0.5, seed++, false);
      MatrixBlock z = TestMatrices.asMCSR(TestMatrices.random(50, n, 0.02, seed++, false));
      MatrixBlock e = MatrixBlock.empty(2, n, false);
      List<MatrixBlock> ops = List.of(x, y, z, e, x);
      ReorgTestSupport.Snapshot in = ReorgTestSupport.Snapshot.of(x);
      double[][] expected = naiveRbind(ops.stream().map(MatrixBlock::toArray).toList());
      int rows = ops.stream().mapToInt(MatrixBlock::rows).sum();
      assertResult(expected, rows, n, BindKernels.rbind(ops), "rbind " + c);
      assertResult(in.values(), x.rows(), n, BindKernels.rbind(List.of(x)), "rbind1 " + c);
      in.assertUnchanged("rbind " + c);
    }
  }

  @Test
  void bindingSparseBlocksStaysSparse() {
    MatrixBlock a = TestMatrices.random(100, 60, 0.03, 1, true);
    MatrixBlock b = TestMatrices.asMCSR(TestMatrices.random(100, 60, 0.03, 2, false));
    assertTrue(BindKernels.cbind(List.of(a, b)).isSparse());
    assertTrue(BindKernels.rbind(List.of(a, b)).isSparse());
  }

  @Test
  void cbindWithRowMismatchNamesTheOperand() {
    List<MatrixBlock> ops = List.of(MatrixBlock.dense(5, 3), MatrixBlock.dense(5, 2),
        MatrixBlock.dense(4, 2));
    DimensionMismatchException e = assertThrows(DimensionMismatchException.class,
        () -> BindKernels.cbind(ops));
    assertEquals("dimension mismatch in cbind: operand 3 is 4x2 but operand 1 is 5x3 (all"
        + " operands need the same number of rows)", e.getMessage());
  }

  @Test
  void rbindWithColumnMismatchNamesTheOperand() {
    List<MatrixBlock> ops = List.of(MatrixBlock.dense(5, 3), MatrixBlock.empty(2, 4, true));
    DimensionMismatchException e = assertThrows(DimensionMismatchException.class,
        () -> BindKernels.rbind(ops));
    assertEquals("dimension mismatch in rbind: operand 2 is 2x4 but operand 1 is 5x3 (all"
        + " operands need the same number of columns)", e.getMessage());
  }

  @Test
  void bindingNothingIsAnError() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> BindKernels.rbind(List.of()));
    assertEquals("rbind needs at least one operand, got none", e.getMessage());
  }
}
