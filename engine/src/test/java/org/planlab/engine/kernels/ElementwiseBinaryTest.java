package org.planlab.engine.kernels;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.planlab.engine.kernels.ElementwiseReference.assertBlock;
import static org.planlab.engine.kernels.ElementwiseReference.onBothPools;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.planlab.engine.matrix.DimensionMismatchException;
import org.planlab.engine.matrix.MatrixBlock;
import org.planlab.engine.matrix.TestMatrices;
import org.planlab.engine.matrix.TestMatrices.Case;
import org.planlab.engine.ops.BinaryOp;
import org.planlab.engine.parallel.KernelPool;

class ElementwiseBinaryTest {
  /** Relative tolerance; the kernels use the same operations as the reference, so mostly exact. */
  private static final double TOL = 1e-12;
  /** Cases per shape in the sweep: 5 sparsities x 3 formats. */
  private static final int PER_SHAPE = TestMatrices.SPARSITIES.length * 3;
  private static final double[] SCALARS = {0, -1.5, 0.5, Double.NaN, Double.POSITIVE_INFINITY};

  private static KernelPool two;
  private static List<Case> sweep;
  private static List<MatrixBlock> snapshots;

  @BeforeAll
  static void setUp() {
    two = new KernelPool(2);
    sweep = TestMatrices.sweep(42);
    snapshots = new ArrayList<>();
    for (Case c : sweep) {
      snapshots.add(c.block().copy());
    }
  }

  @AfterAll
  static void tearDown() {
    two.close();
    // no kernel may have modified an input (values, nnz or format)
    for (int i = 0; i < sweep.size(); i++) {
      MatrixBlock m = sweep.get(i).block();
      assertEquals(snapshots.get(i), m, sweep.get(i) + " was modified");
      assertEquals(snapshots.get(i).nnz(), m.nnz(), sweep.get(i) + " nnz was modified");
      assertEquals(snapshots.get(i).isSparse(), m.isSparse(), sweep.get(i) + " format changed");
    }
  }

  @Test
  void matrixMatrixOfEqualShapesMatchesReference() {
    // partners within a shape group: the block itself, then other sparsities in the same and in
    // the next formats
    int[] shifts = {0, 3, 4, 8};
    for (int i = 0; i < sweep.size(); i++) {
      int group = i / PER_SHAPE * PER_SHAPE;
      for (int shift : shifts) {
        Case a = sweep.get(i);
        Case b = sweep.get(group + (i - group + shift) % PER_SHAPE);
        checkMatrixMatrix(a.block(), b.block(), a + " with " + b);
      }
    }
  }

  @Test
  void columnVectorsBroadcastAcrossColumnsOnEitherSide() {
    int k = 0;
    for (Case a : sweep) {
      MatrixBlock m = a.block();
      MatrixBlock v = vector(m.rows(), 1, k++);
      checkMatrixMatrix(m, v, a + " with column vector " + v.shape());
      checkMatrixMatrix(v, m, "column vector " + v.shape() + " with " + a);
    }
  }

  @Test
  void rowVectorsBroadcastDownRowsOnEitherSide() {
    int k = 0;
    for (Case a : sweep) {
      MatrixBlock m = a.block();
      MatrixBlock v = vector(1, m.cols(), k++);
      checkMatrixMatrix(m, v, a + " with row vector " + v.shape());
      checkMatrixMatrix(v, m, "row vector " + v.shape() + " with " + a);
    }
  }

  @Test
  void matrixScalarAndScalarMatrixMatchReference() {
    for (Case a : sweep) {
      MatrixBlock m = a.block();
      double[][] x = m.toArray();
      for (BinaryOp op : BinaryOp.values()) {
        for (double s : SCALARS) {
          String what = a + " " + op.symbol() + " " + s;
          MatrixBlock right = onBothPools(two, p -> ElementwiseKernels.binary(m, s, op, p), what);
          assertBlock(ElementwiseReference.withScalar(x, s, false, op), m.rows(), m.cols(), right,
              TOL, what);
          String whatLeft = s + " " + op.symbol() + " " + a;
          MatrixBlock left = onBothPools(two, p -> ElementwiseKernels.binary(s, m, op, p), whatLeft);
          assertBlock(ElementwiseReference.withScalar(x, s, true, op), m.rows(), m.cols(), left,
              TOL, whatLeft);
        }
      }
    }
  }

  @Test
  void largeInputsAreSplitOverThreadsWithIdenticalResults() {
    // above KernelPool.MIN_PARALLEL_WORK, so that the two-thread pool really forks
    MatrixBlock sparseA = TestMatrices.random(2200, 100, 0.32, 1, true);
    MatrixBlock sparseB = TestMatrices.random(2200, 100, 0.35, 2, true);
    MatrixBlock denseA = TestMatrices.random(2200, 100, 0.9, 3, false);
    MatrixBlock denseB = TestMatrices.random(2200, 100, 1.0, 4, false);
    MatrixBlock column = TestMatrices.random(2200, 1, 0.6, 5, false);
    MatrixBlock row = TestMatrices.random(1, 100, 0.5, 6, true);
    MatrixBlock wide = TestMatrices.random(2, 70000, 1.0, 7, false);
    MatrixBlock wide2 = TestMatrices.random(2, 70000, 0.5, 8, false);
    checkMatrixMatrix(sparseA, sparseB, "sparse-sparse");
    checkMatrixMatrix(sparseA, denseA, "sparse-dense");
    checkMatrixMatrix(denseB, sparseB, "dense-sparse");
    checkMatrixMatrix(denseA, denseB, "dense-dense");
    checkMatrixMatrix(sparseA, column, "sparse-column");
    checkMatrixMatrix(row, sparseB, "row-sparse");
    checkMatrixMatrix(wide, wide2, "wide dense-dense");
    // sparse results built row-parallel (union merge, intersection, row operand)
    MatrixBlock sparseC = TestMatrices.random(8000, 100, 0.05, 9, true);
    MatrixBlock sparseD = TestMatrices.asMCSR(TestMatrices.random(8000, 100, 0.05, 10, false));
    MatrixBlock sparseRow = TestMatrices.random(1, 100, 0.5, 11, true);
    BinaryOp[] safe = {BinaryOp.PLUS, BinaryOp.MINUS, BinaryOp.MULT, BinaryOp.MAX, BinaryOp.NEQ,
        BinaryOp.LT, BinaryOp.AND, BinaryOp.OR};
    checkMatrixMatrix(sparseC, sparseD, "sparse-sparse, sparse result", safe);
    checkMatrixMatrix(sparseRow, sparseD, "row-sparse, sparse result", safe);
    MatrixBlock fullRow = TestMatrices.random(1, 100, 1.0, 12, false);
    checkMatrixMatrix(sparseC, fullRow, "sparse-row, sparse result", BinaryOp.DIV, BinaryOp.POW,
        BinaryOp.MOD, BinaryOp.INTDIV, BinaryOp.MIN);
    checkMatrixMatrix(fullRow, sparseC, "row-sparse, sparse result", BinaryOp.MINUS, BinaryOp.POW);
    for (BinaryOp op : BinaryOp.values()) {
      for (MatrixBlock m : new MatrixBlock[] {sparseA, denseA}) {
        String what = "large " + op.symbol() + " 0.5";
        MatrixBlock r = onBothPools(two, p -> ElementwiseKernels.binary(m, 0.5, op, p), what);
        assertBlock(ElementwiseReference.withScalar(m.toArray(), 0.5, false, op), m.rows(),
            m.cols(), r, TOL, what);
      }
    }
  }

  @Test
  void sparseSafeOperatorsKeepSparseInputsSparse() {
    MatrixBlock x = TestMatrices.random(200, 100, 0.01, 11, true);
    MatrixBlock y = TestMatrices.random(200, 100, 0.02, 12, true);
    MatrixBlock dense = TestMatrices.random(200, 100, 1.0, 13, false);
    KernelPool seq = KernelPool.sequential();
    assertTrue(ElementwiseKernels.binary(x, dense, BinaryOp.MULT, seq).isSparse(), "X * dense");
    assertTrue(ElementwiseKernels.binary(dense, x, BinaryOp.MULT, seq).isSparse(), "dense * X");
    assertTrue(ElementwiseKernels.binary(x, y, BinaryOp.PLUS, seq).isSparse(), "X + Y");
    assertTrue(ElementwiseKernels.binary(x, y, BinaryOp.MINUS, seq).isSparse(), "X - Y");
    assertTrue(ElementwiseKernels.binary(x, y, BinaryOp.MAX, seq).isSparse(), "max(X, Y)");
    assertTrue(ElementwiseKernels.binary(x, y, BinaryOp.AND, seq).isSparse(), "X & Y");
    assertTrue(ElementwiseKernels.binary(x, 2, BinaryOp.MULT, seq).isSparse(), "X * 2");
    assertTrue(ElementwiseKernels.binary(x, 2, BinaryOp.DIV, seq).isSparse(), "X / 2");
    assertTrue(ElementwiseKernels.binary(x, 2, BinaryOp.POW, seq).isSparse(), "X ^ 2");
    assertTrue(ElementwiseKernels.binary(x, 0, BinaryOp.GT, seq).isSparse(), "X > 0");
    assertTrue(ElementwiseKernels.binary(0, x, BinaryOp.LT, seq).isSparse(), "0 < X");
    MatrixBlock noZeros = TestMatrices.random(1, 100, 1.0, 14, false);
    assertTrue(ElementwiseKernels.binary(x, noZeros, BinaryOp.DIV, seq).isSparse(), "X / row");
    MatrixBlock column = TestMatrices.random(200, 1, 1.0, 15, false);
    assertTrue(ElementwiseKernels.binary(x, column, BinaryOp.DIV, seq).isSparse(), "X / column");
    assertFalse(ElementwiseKernels.binary(x, column, BinaryOp.PLUS, seq).isSparse(), "X + col");
    assertFalse(ElementwiseKernels.binary(x, 1, BinaryOp.PLUS, seq).isSparse(), "X + 1");
    assertFalse(ElementwiseKernels.binary(x, y, BinaryOp.EQ, seq).isSparse(), "X == Y");
    assertFalse(ElementwiseKernels.binary(x, y, BinaryOp.DIV, seq).isSparse(), "X / Y");
    assertFalse(ElementwiseKernels.binary(2, x, BinaryOp.DIV, seq).isSparse(), "2 / X");
    assertFalse(ElementwiseKernels.binary(x, Double.NaN, BinaryOp.MULT, seq).isSparse(), "X*NaN");
  }

  @Test
  void nonFiniteValuesInMatricesFollowIeeeSemantics() {
    double nan = Double.NaN;
    double inf = Double.POSITIVE_INFINITY;
    double[][] a = {{nan, 0, inf, -inf, 1, 0, -0.0, 3}, {0, 2, nan, 0, -inf, 5, 0, 0}};
    double[][] b = {{nan, nan, 0, -inf, inf, 0, 0, 2}, {-0.0, 0, 0, nan, 0, inf, 0, 7}};
    MatrixBlock ma = MatrixBlock.of(a);
    MatrixBlock mb = MatrixBlock.of(b);
    for (BinaryOp op : BinaryOp.values()) {
      for (MatrixBlock x : formats(ma)) {
        for (MatrixBlock y : formats(mb)) {
          if (op == BinaryOp.MULT && (x.isSparse() || y.isSparse())) {
            continue; // see unstoredZeroTimesNonFiniteIsZeroOnSparsePaths
          }
          String what = op.symbol() + " " + (x.isSparse() ? "sparse" : "dense") + "/"
              + (y.isSparse() ? "sparse" : "dense");
          MatrixBlock r = onBothPools(two, p -> ElementwiseKernels.binary(x, y, op, p), what);
          assertBlock(ElementwiseReference.binary(a, 2, 8, b, 2, 8, op, 2, 8), 2, 8, r, TOL, what);
        }
      }
    }
  }

  @Test
  void unstoredZeroTimesNonFiniteIsZeroOnSparsePaths() {
    // documented in BinaryOp: MULT intersects non-zeros like SystemDS; dense operands are IEEE
    MatrixBlock x = MatrixBlock.of(new double[][] {{0, 2, 0, 0}}).toSparseInPlace();
    MatrixBlock y = MatrixBlock.of(new double[][] {{Double.NaN, 3, Double.POSITIVE_INFINITY, 1}});
    MatrixBlock sparse = ElementwiseKernels.binary(x, y, BinaryOp.MULT, KernelPool.sequential());
    assertEquals(0.0, sparse.get(0, 0));
    assertEquals(6.0, sparse.get(0, 1));
    assertEquals(0.0, sparse.get(0, 2));
    MatrixBlock dense = ElementwiseKernels.binary(x.copy().toDenseInPlace(), y, BinaryOp.MULT,
        KernelPool.sequential());
    assertTrue(Double.isNaN(dense.get(0, 0)));
    assertTrue(Double.isNaN(dense.get(0, 2)));
  }

  @Test
  void mismatchedShapesNameBothShapes() {
    KernelPool seq = KernelPool.sequential();
    DimensionMismatchException e = assertThrows(DimensionMismatchException.class,
        () -> ElementwiseKernels.binary(MatrixBlock.dense(3, 4), MatrixBlock.dense(5, 4),
            BinaryOp.PLUS, seq));
    assertTrue(e.getMessage().contains("3x4") && e.getMessage().contains("5x4"), e.getMessage());
    assertTrue(e.getMessage().contains("+"), e.getMessage());
  }

  @Test
  void oneByOneMatricesAreNotBroadcast() {
    KernelPool seq = KernelPool.sequential();
    MatrixBlock one = MatrixBlock.scalar(2);
    for (int[] s : new int[][] {{3, 4}, {3, 1}, {1, 4}}) {
      MatrixBlock m = MatrixBlock.dense(s[0], s[1]);
      DimensionMismatchException e = assertThrows(DimensionMismatchException.class,
          () -> ElementwiseKernels.binary(m, one, BinaryOp.MULT, seq));
      assertTrue(e.getMessage().contains(m.shape()) && e.getMessage().contains("1x1"));
      assertThrows(DimensionMismatchException.class,
          () -> ElementwiseKernels.binary(one, m, BinaryOp.MULT, seq));
    }
    assertEquals(6.0, ElementwiseKernels.binary(one, MatrixBlock.scalar(3), BinaryOp.MULT, seq)
        .get(0, 0));
  }

  @Test
  void columnAndRowVectorsAreNotCombinedIntoAnOuterProduct() {
    KernelPool seq = KernelPool.sequential();
    DimensionMismatchException e = assertThrows(DimensionMismatchException.class,
        () -> ElementwiseKernels.binary(MatrixBlock.dense(3, 1), MatrixBlock.dense(1, 4),
            BinaryOp.PLUS, seq));
    assertTrue(e.getMessage().contains("3x1") && e.getMessage().contains("1x4"));
    assertThrows(DimensionMismatchException.class,
        () -> ElementwiseKernels.binary(MatrixBlock.dense(3, 4), MatrixBlock.dense(4, 1),
            BinaryOp.PLUS, seq));
    assertThrows(DimensionMismatchException.class,
        () -> ElementwiseKernels.binary(MatrixBlock.dense(1, 3), MatrixBlock.dense(3, 4),
            BinaryOp.PLUS, seq));
  }

  @Test
  void unallocatedInputsAreReadAsZerosAndStayUnallocated() {
    MatrixBlock emptyDense = MatrixBlock.empty(4, 5, false);
    MatrixBlock emptySparse = MatrixBlock.empty(4, 5, true);
    MatrixBlock x = TestMatrices.random(4, 5, 0.5, 21, false);
    double[][] zeros = new double[4][5];
    for (BinaryOp op : BinaryOp.values()) {
      for (MatrixBlock e : new MatrixBlock[] {emptyDense, emptySparse}) {
        MatrixBlock r = ElementwiseKernels.binary(e, x, op, KernelPool.sequential());
        assertBlock(ElementwiseReference.binary(zeros, 4, 5, x.toArray(), 4, 5, op, 4, 5), 4, 5,
            r, TOL, "empty " + op.symbol() + " x");
        MatrixBlock s = ElementwiseKernels.binary(e, 3, op, KernelPool.sequential());
        assertBlock(ElementwiseReference.withScalar(zeros, 3, false, op), 4, 5, s, TOL,
            "empty " + op.symbol() + " 3");
        assertFalse(e.isAllocated(), "an empty input was allocated");
      }
    }
  }

  // ---------------------------------------------------------------- helpers

  /** Every op on (a, b) on one and two threads, against the reference. */
  private static void checkMatrixMatrix(MatrixBlock a, MatrixBlock b, String name) {
    checkMatrixMatrix(a, b, name, BinaryOp.values());
  }

  /** The given ops on (a, b) on one and two threads, against the reference. */
  private static void checkMatrixMatrix(MatrixBlock a, MatrixBlock b, String name,
      BinaryOp... ops) {
    boolean sameShape = a.rows() == b.rows() && a.cols() == b.cols();
    if (!sameShape && (a.cells() == 1 && a.rows() == 1 || b.cells() == 1 && b.rows() == 1)) {
      // a 1x1 operand is never broadcast
      assertThrows(DimensionMismatchException.class,
          () -> ElementwiseKernels.binary(a, b, BinaryOp.PLUS, KernelPool.sequential()), name);
      return;
    }
    boolean bIsVector = b.cols() == 1 && b.rows() == a.rows() || b.rows() == 1 && b.cols() == a.cols();
    int rows = sameShape || bIsVector ? a.rows() : b.rows();
    int cols = sameShape || bIsVector ? a.cols() : b.cols();
    double[][] x = a.toArray();
    double[][] y = b.toArray();
    for (BinaryOp op : ops) {
      String what = name + " " + op.symbol();
      MatrixBlock r = onBothPools(two, p -> ElementwiseKernels.binary(a, b, op, p), what);
      assertBlock(ElementwiseReference.binary(x, a.rows(), a.cols(), y, b.rows(), b.cols(), op,
          rows, cols), rows, cols, r, TOL, what);
    }
  }

  /** A vector in a format and sparsity that vary with {@code k}. */
  private static MatrixBlock vector(int rows, int cols, int k) {
    double[] sparsities = {1.0, 0.3, 0.05};
    MatrixBlock v = TestMatrices.random(rows, cols, sparsities[k % 3], 1000L + k, k % 2 == 1);
    return k % 4 == 3 ? TestMatrices.asMCSR(v) : v; // dense, CSR and MCSR
  }

  /** The same values dense, CSR and MCSR. */
  private static MatrixBlock[] formats(MatrixBlock m) {
    MatrixBlock dense = m.copy().toDenseInPlace();
    return new MatrixBlock[] {dense, TestMatrices.otherFormat(dense), TestMatrices.asMCSR(dense)};
  }
}
