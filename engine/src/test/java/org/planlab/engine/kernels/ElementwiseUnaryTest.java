package org.planlab.engine.kernels;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.planlab.engine.kernels.ElementwiseReference.assertBlock;
import static org.planlab.engine.kernels.ElementwiseReference.onBothPools;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.planlab.engine.matrix.MatrixBlock;
import org.planlab.engine.matrix.TestMatrices;
import org.planlab.engine.matrix.TestMatrices.Case;
import org.planlab.engine.ops.BinaryOp;
import org.planlab.engine.ops.UnaryOp;
import org.planlab.engine.parallel.KernelPool;

class ElementwiseUnaryTest {
  private static final double TOL = 1e-12;
  private static KernelPool two;

  @BeforeAll
  static void setUp() {
    two = new KernelPool(2);
  }

  @AfterAll
  static void tearDown() {
    two.close();
  }

  @Test
  void everyFunctionOverTheSweepMatchesReference() {
    for (Case c : TestMatrices.sweep(7)) {
      MatrixBlock m = c.block();
      MatrixBlock before = m.copy();
      // scale U(-1,1) to cover rounding at halves and larger magnitudes
      MatrixBlock x = ElementwiseKernels.binary(m, 4, BinaryOp.MULT, KernelPool.sequential());
      double[][] values = x.toArray();
      for (UnaryOp op : UnaryOp.values()) {
        String what = op.symbol() + "(" + c + ")";
        MatrixBlock r = onBothPools(two, p -> ElementwiseKernels.unary(x, op, p), what);
        assertBlock(ElementwiseReference.unary(values, op), m.rows(), m.cols(), r, TOL, what);
      }
      assertEquals(before, m, c + " was modified");
    }
  }

  @Test
  void nonFiniteValuesAndHalvesInEveryFormat() {
    double nan = Double.NaN;
    double inf = Double.POSITIVE_INFINITY;
    double[][] a = {{nan, 0, inf, -inf, -2.5, 0, 0, 2.5}, {0, 0.5, -0.5, 0, 1e300, 0, -0.0, 7}};
    MatrixBlock dense = MatrixBlock.of(a);
    for (MatrixBlock m : new MatrixBlock[] {dense, TestMatrices.otherFormat(dense),
        TestMatrices.asMCSR(dense)}) {
      for (UnaryOp op : UnaryOp.values()) {
        String what = op.symbol() + " on " + (m.isSparse() ? "sparse" : "dense");
        MatrixBlock r = onBothPools(two, p -> ElementwiseKernels.unary(m, op, p), what);
        assertBlock(ElementwiseReference.unary(a, op), 2, 8, r, TOL, what);
      }
    }
  }

  @Test
  void largeInputsGiveIdenticalResultsOnOneAndTwoThreads() {
    MatrixBlock sparse = TestMatrices.random(3000, 100, 0.25, 3, true);
    MatrixBlock dense = TestMatrices.random(3000, 100, 0.9, 4, false);
    for (MatrixBlock m : new MatrixBlock[] {sparse, dense}) {
      double[][] values = m.toArray();
      for (UnaryOp op : new UnaryOp[] {UnaryOp.ABS, UnaryOp.EXP, UnaryOp.ROUND, UnaryOp.NOT}) {
        String what = "large " + op.symbol();
        MatrixBlock r = onBothPools(two, p -> ElementwiseKernels.unary(m, op, p), what);
        assertBlock(ElementwiseReference.unary(values, op), m.rows(), m.cols(), r, TOL, what);
      }
    }
  }

  @Test
  void sparseSafeFunctionsKeepSparseInputsSparse() {
    MatrixBlock x = TestMatrices.random(200, 100, 0.01, 5, true);
    KernelPool seq = KernelPool.sequential();
    for (UnaryOp op : UnaryOp.values()) {
      MatrixBlock r = ElementwiseKernels.unary(x, op, seq);
      assertEquals(op.sparseSafe(), r.isSparse(), op.symbol());
    }
  }

  @Test
  void unallocatedInputStaysUnallocated() {
    MatrixBlock empty = MatrixBlock.empty(3, 4, false);
    MatrixBlock r = ElementwiseKernels.unary(empty, UnaryOp.EXP, KernelPool.sequential());
    assertBlock(ElementwiseReference.unary(new double[3][4], UnaryOp.EXP), 3, 4, r, 0, "exp(0)");
    assertFalse(empty.isAllocated());
    assertTrue(ElementwiseKernels.unary(empty, UnaryOp.SQRT, KernelPool.sequential()).isEmpty());
  }
}
