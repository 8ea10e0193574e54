package org.planlab.engine.kernels;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.util.Arrays;
import java.util.function.Supplier;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.planlab.engine.kernels.Reference.Format;
import org.planlab.engine.matrix.BlockPool;
import org.planlab.engine.matrix.MatrixBlock;
import org.planlab.engine.ops.BinaryOp;
import org.planlab.engine.ops.UnaryOp;
import org.planlab.engine.parallel.KernelPool;

/**
 * The kernels whose output takes a recycled buffer without zeroing it
 * ({@link MatrixBlock#denseToOverwrite}) write every cell: run where the only buffer of the
 * output's length is full of NaN, each gives bit for bit the result it gives on a fresh zeroed
 * array. A cell a kernel skipped would keep its NaN.
 */
class OverwrittenBuffersTest {
  private static final KernelPool TWO = new KernelPool(2);

  @AfterAll
  static void closePool() {
    TWO.close();
  }

  /** {@code kernel}'s result where its output buffer is a NaN-filled recycled one. */
  private static MatrixBlock overNaN(int cells, Supplier<MatrixBlock> kernel) {
    BlockPool pool = new BlockPool(1L << 30);
    double[] stale = new double[cells];
    Arrays.fill(stale, Double.NaN);
    pool.release(stale);
    try (BlockPool.Scope s = pool.open()) {
      MatrixBlock out = kernel.get();
      assertSame(stale, out.denseBuffer(), "the kernel took the stale buffer");
      return out;
    }
  }

  private static void check(String what, int cells, Supplier<MatrixBlock> kernel) {
    MatrixBlock fresh = kernel.get();
    assertEquals(cells, fresh.rows() * fresh.cols(), what);
    Reference.assertIdentical(fresh, overNaN(cells, kernel), what);
  }

  @Test
  void matrixProductsWriteEveryCell() {
    // k past two of the kernel's row blocks, a partial last panel, rows past a group of four
    MatrixBlock a = Reference.random(203, 300, 1, 1, Format.DENSE);
    MatrixBlock b = Reference.random(300, 190, 1, 2, Format.DENSE);
    check("A %*% B", 203 * 190, () -> MatMultKernels.multiply(a, b, TWO));
    MatrixBlock x = Reference.random(300, 203, 1, 3, Format.DENSE);
    check("t(X) %*% B", 203 * 190, () -> MatMultKernels.transposeLeftMultiply(x, b, TWO));
  }

  @Test
  void elementWiseKernelsWriteEveryCell() {
    MatrixBlock x = Reference.random(200, 200, 1, 4, Format.DENSE);
    MatrixBlock y = Reference.random(200, 200, 1, 5, Format.DENSE);
    MatrixBlock row = Reference.random(1, 200, 1, 6, Format.DENSE);
    MatrixBlock col = Reference.random(200, 1, 1, 7, Format.DENSE);
    MatrixBlock sparse = Reference.random(200, 200, 0.05, 8, Format.CSR);
    int cells = 200 * 200;
    check("exp(X)", cells, () -> ElementwiseKernels.unary(x, UnaryOp.EXP, TWO));
    check("exp(sparse X)", cells, () -> ElementwiseKernels.unary(sparse, UnaryOp.EXP, TWO));
    check("X / Y", cells, () -> ElementwiseKernels.binary(x, y, BinaryOp.DIV, TWO));
    check("X - row", cells, () -> ElementwiseKernels.binary(x, row, BinaryOp.MINUS, TWO));
    check("X / col", cells, () -> ElementwiseKernels.binary(x, col, BinaryOp.DIV, TWO));
    check("col ^ X", cells, () -> ElementwiseKernels.binary(col, x, BinaryOp.POW, TWO));
    check("X * 3", cells, () -> ElementwiseKernels.binary(x, 3, BinaryOp.MULT, TWO));
    check("2 - X", cells, () -> ElementwiseKernels.binary(2, x, BinaryOp.MINUS, TWO));
  }

  @Test
  void transposesOfDenseInputsWriteEveryCell() {
    MatrixBlock x = Reference.random(200, 190, 1, 9, Format.DENSE);
    check("t(X)", 200 * 190, () -> ReorgKernels.transpose(x, TWO));
    MatrixBlock v = Reference.random(40_000, 1, 1, 10, Format.DENSE);
    check("t(v)", 40_000, () -> ReorgKernels.transpose(v, TWO));
  }
}
