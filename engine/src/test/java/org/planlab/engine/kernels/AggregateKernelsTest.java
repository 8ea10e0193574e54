package org.planlab.engine.kernels;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.planlab.engine.matrix.MatrixBlock;
import org.planlab.engine.matrix.MatrixComparison;
import org.planlab.engine.matrix.TestMatrices;
import org.planlab.engine.ops.AggregateOp;
import org.planlab.engine.ops.Direction;
import org.planlab.engine.parallel.KernelPool;

class AggregateKernelsTest {
  private static final KernelPool SEQ = KernelPool.sequential();
  private static final KernelPool TWO = new KernelPool(2);

  @AfterAll
  static void closePool() {
    TWO.close();
  }

  @Test
  void everyOpAndDirectionMatchesTheBigDecimalReferenceOverTheSweep() {
    for (TestMatrices.Case c : TestMatrices.sweep(42)) {
      MatrixBlock in = c.block();
      MatrixBlock before = in.copy();
      Class<?> format = in.isSparse() && in.isAllocated() ? in.sparseRows().getClass() : null;
      for (AggregateOp op : AggregateOp.values()) {
        for (Direction dir : Direction.values()) {
          String what = c + " " + op + " " + dir;
          MatrixBlock expected = AggregateReference.expected(in, op, dir);
          MatrixBlock seq = AggregateKernels.aggregate(in, op, dir, SEQ);
          MatrixBlock two = AggregateKernels.aggregate(in, op, dir, TWO);
          TestMatrices.assertClose(expected, seq, 1e-12, what);
          assertFalse(seq.isSparse(), what + ": aggregate outputs are dense");
          assertTrue(MatrixComparison.approxEquals(seq, two, 0, 0), what + ": 1 vs 2 threads");
        }
        assertSameValue(AggregateKernels.full(in, op, SEQ),
            AggregateKernels.aggregate(in, op, Direction.FULL, SEQ).get(0, 0),
            c + " " + op + ": full() and aggregate(FULL) agree");
      }
      TestMatrices.assertClose(before, in, 0, c + ": input unchanged");
      if (format != null) {
        assertSame(format, in.sparseRows().getClass(), c + ": input format unchanged");
      }
    }
  }

  @Test
  void narrowDenseRowAggregatesAreBitIdenticalToTheGeneralPath() {
    // dense rows of <= KahanSum.PLAIN_RUN cells take a dedicated loop; the same values stored
    // sparse (all non-zero, so every cell is stored) take the general per-row path
    java.util.Random rnd = new java.util.Random(5);
    for (int cols : new int[] {1, 2, 3, 7, 32, 33}) {
      double[] v = new double[300 * cols];
      for (int i = 0; i < v.length; i++) {
        v[i] = (rnd.nextDouble() - 0.5) * Math.pow(10, rnd.nextInt(12) - 6);
      }
      v[0] = Double.NaN;
      v[cols] = Double.POSITIVE_INFINITY;
      MatrixBlock dense = MatrixBlock.dense(300, cols, v.clone());
      MatrixBlock sparse = TestMatrices.asMCSR(dense);
      for (AggregateOp op : new AggregateOp[] {AggregateOp.SUM, AggregateOp.SUM_SQ,
          AggregateOp.MEAN, AggregateOp.MIN, AggregateOp.MAX}) {
        double[] fast = AggregateKernels.aggregate(dense, op, Direction.ROW, TWO).denseValues();
        double[] general =
            AggregateKernels.aggregate(sparse, op, Direction.ROW, SEQ).denseValues();
        for (int r = 0; r < 300; r++) {
          assertEquals(Double.doubleToRawLongBits(general[r]),
              Double.doubleToRawLongBits(fast[r]), cols + " cols " + op + " row " + r);
        }
      }
    }
  }

  @Test
  void emptyInputsGiveIdentityValuesInRightShapedOutputs() {
    for (boolean sparse : new boolean[] {false, true}) {
      for (AggregateOp op : AggregateOp.values()) {
        double e = op.emptyValue();
        MatrixBlock zeroRows = MatrixBlock.empty(0, 5, sparse);
        MatrixBlock zeroCols = MatrixBlock.empty(4, 0, sparse);
        MatrixBlock none = MatrixBlock.empty(0, 0, sparse);
        assertSameValue(e, AggregateKernels.full(zeroRows, op, SEQ), op + " full 0x5");
        assertSameValue(e, AggregateKernels.full(none, op, SEQ), op + " full 0x0");
        assertShape(AggregateKernels.aggregate(zeroRows, op, Direction.ROW, SEQ), 0, 1);
        assertShape(AggregateKernels.aggregate(zeroCols, op, Direction.COL, SEQ), 1, 0);
        MatrixBlock cols = AggregateKernels.aggregate(zeroRows, op, Direction.COL, SEQ);
        assertShape(cols, 1, 5);
        MatrixBlock rows = AggregateKernels.aggregate(zeroCols, op, Direction.ROW, SEQ);
        assertShape(rows, 4, 1);
        for (int i = 0; i < 5; i++) {
          assertSameValue(e, cols.get(0, i), op + " colAgg of 0x5");
        }
        for (int i = 0; i < 4; i++) {
          assertSameValue(e, rows.get(i, 0), op + " rowAgg of 4x0");
        }
        assertEquals(e == 0 ? 0 : 5, cols.nnz(), op + " nnz");
      }
    }
    assertEquals(0, AggregateOp.SUM.emptyValue());
    assertEquals(0, AggregateOp.SUM_SQ.emptyValue());
    assertEquals(1, AggregateOp.PROD.emptyValue());
    assertTrue(Double.isNaN(AggregateOp.MEAN.emptyValue()));
    assertTrue(Double.isNaN(AggregateOp.VAR.emptyValue()));
    assertTrue(Double.isNaN(AggregateOp.SD.emptyValue()));
    assertEquals(Double.POSITIVE_INFINITY, AggregateOp.MIN.emptyValue());
    assertEquals(Double.NEGATIVE_INFINITY, AggregateOp.MAX.emptyValue());
  }

  @Test
  void allZeroBlocksAreNotAllocatedByAggregation() {
    for (boolean sparse : new boolean[] {false, true}) {
      MatrixBlock z = MatrixBlock.empty(3, 4, sparse);
      assertEquals(0, AggregateKernels.full(z, AggregateOp.SUM, SEQ));
      assertEquals(0, AggregateKernels.full(z, AggregateOp.PROD, SEQ));
      assertEquals(0, AggregateKernels.full(z, AggregateOp.VAR, SEQ));
      assertEquals(0, AggregateKernels.full(z, AggregateOp.MAX, SEQ));
      MatrixBlock oneRow = MatrixBlock.empty(1, 4, sparse);
      assertTrue(Double.isNaN(
          AggregateKernels.aggregate(oneRow, AggregateOp.VAR, Direction.COL, SEQ).get(0, 2)));
      assertEquals(0, AggregateKernels.aggregate(z, AggregateOp.MIN, Direction.ROW, SEQ).get(2, 0));
      assertFalse(z.isAllocated(), "input left unallocated");
    }
  }

  @Test
  void nanPropagatesThroughSumMinMaxInEveryFormatAndDirection() {
    double[][] v = {{1, 2, 0}, {Double.NaN, 3, 0}, {4, 5, 6}};
    for (MatrixBlock m : formats(v)) {
      for (AggregateOp op : new AggregateOp[] {AggregateOp.SUM, AggregateOp.MIN,
          AggregateOp.MAX, AggregateOp.MEAN, AggregateOp.VAR, AggregateOp.SUM_SQ}) {
        assertTrue(Double.isNaN(AggregateKernels.full(m, op, SEQ)), op + " full");
        MatrixBlock rows = AggregateKernels.aggregate(m, op, Direction.ROW, SEQ);
        assertTrue(Double.isNaN(rows.get(1, 0)), op + " row with NaN");
        assertFalse(Double.isNaN(rows.get(0, 0)), op + " row without NaN");
        MatrixBlock cols = AggregateKernels.aggregate(m, op, Direction.COL, SEQ);
        assertTrue(Double.isNaN(cols.get(0, 0)), op + " column with NaN");
        assertFalse(Double.isNaN(cols.get(0, 1)), op + " column without NaN");
      }
    }
  }

  @Test
  void infinitiesFollowIeeeInsteadOfTurningTheCompensationIntoNaN() {
    for (MatrixBlock m : formats(new double[][] {{Double.POSITIVE_INFINITY, 1, 2}})) {
      assertEquals(Double.POSITIVE_INFINITY, AggregateKernels.full(m, AggregateOp.SUM, SEQ));
      assertEquals(Double.POSITIVE_INFINITY, AggregateKernels.full(m, AggregateOp.SUM_SQ, SEQ));
      assertEquals(Double.POSITIVE_INFINITY, AggregateKernels.full(m, AggregateOp.MEAN, SEQ));
      assertEquals(Double.POSITIVE_INFINITY, AggregateKernels.full(m, AggregateOp.MAX, SEQ));
      assertTrue(Double.isNaN(AggregateKernels.full(m, AggregateOp.VAR, SEQ)));
    }
    for (MatrixBlock m : formats(new double[][] {{Double.POSITIVE_INFINITY},
        {Double.NEGATIVE_INFINITY}})) {
      assertTrue(Double.isNaN(AggregateKernels.full(m, AggregateOp.SUM, SEQ)));
    }
    double[] many = new double[1000];
    Arrays.fill(many, 1.5);
    many[777] = Double.NEGATIVE_INFINITY;
    MatrixBlock col = MatrixBlock.dense(1000, 1, many);
    assertEquals(Double.NEGATIVE_INFINITY, AggregateKernels.full(col, AggregateOp.SUM, SEQ));
    MatrixBlock colSums = AggregateKernels.aggregate(MatrixBlock.dense(100, 10, many),
        AggregateOp.SUM, Direction.COL, SEQ);
    assertEquals(Double.NEGATIVE_INFINITY, colSums.get(0, 7));
    assertEquals(150, colSums.get(0, 6));
  }

  @Test
  void productIsZeroWheneverAnyCellIsZeroEvenWithNanOrInfinity() {
    double inf = Double.POSITIVE_INFINITY;
    double[][] v = {{0, inf, 2}, {Double.NaN, 3, 0}, {2, 3, 4}};
    for (MatrixBlock m : formats(v)) {
      assertEquals(0, AggregateKernels.full(m, AggregateOp.PROD, SEQ));
      MatrixBlock rows = AggregateKernels.aggregate(m, AggregateOp.PROD, Direction.ROW, SEQ);
      assertEquals(0, rows.get(0, 0));
      assertEquals(0, rows.get(1, 0));
      assertEquals(24, rows.get(2, 0));
      MatrixBlock cols = AggregateKernels.aggregate(m, AggregateOp.PROD, Direction.COL, SEQ);
      assertEquals(0, cols.get(0, 0));
      assertEquals(inf, cols.get(0, 1));
      assertEquals(0, cols.get(0, 2));
    }
    for (MatrixBlock m : formats(new double[][] {{Double.NaN, 2}, {3, 4}})) {
      assertTrue(Double.isNaN(AggregateKernels.full(m, AggregateOp.PROD, SEQ)));
    }
  }

  @Test
  void sparseMinAndMaxIncludeImplicitZeros() {
    double[][] positive = {{3, 0, 2, 0}, {1, 5, 7, 9}};
    double[][] negative = {{-3, 0, -2, 0}, {-1, -5, -7, -9}};
    for (MatrixBlock m : formats(positive)) {
      assertEquals(0, AggregateKernels.full(m, AggregateOp.MIN, SEQ));
      MatrixBlock rows = AggregateKernels.aggregate(m, AggregateOp.MIN, Direction.ROW, SEQ);
      assertEquals(0, rows.get(0, 0));
      assertEquals(1, rows.get(1, 0));
      MatrixBlock cols = AggregateKernels.aggregate(m, AggregateOp.MIN, Direction.COL, SEQ);
      assertEquals(1, cols.get(0, 0));
      assertEquals(0, cols.get(0, 1));
    }
    for (MatrixBlock m : formats(negative)) {
      assertEquals(0, AggregateKernels.full(m, AggregateOp.MAX, SEQ));
      MatrixBlock cols = AggregateKernels.aggregate(m, AggregateOp.MAX, Direction.COL, SEQ);
      assertEquals(-1, cols.get(0, 0));
      assertEquals(0, cols.get(0, 3));
    }
  }

  @Test
  void varianceNeedsTwoCellsAndIsZeroForConstantData() {
    MatrixBlock one = MatrixBlock.of(new double[][] {{7.25}});
    assertTrue(Double.isNaN(AggregateKernels.full(one, AggregateOp.VAR, SEQ)));
    assertTrue(Double.isNaN(AggregateKernels.full(one, AggregateOp.SD, SEQ)));
    double[][] constant = new double[40][30];
    for (double[] row : constant) {
      Arrays.fill(row, 0.1);
    }
    for (MatrixBlock m : formats(constant)) {
      assertEquals(0, AggregateKernels.full(m, AggregateOp.VAR, SEQ));
      MatrixBlock cols = AggregateKernels.aggregate(m, AggregateOp.SD, Direction.COL, SEQ);
      MatrixBlock rows = AggregateKernels.aggregate(m, AggregateOp.VAR, Direction.ROW, SEQ);
      for (int j = 0; j < 30; j++) {
        assertEquals(0, cols.get(0, j));
      }
      assertEquals(0, rows.get(39, 0));
    }
    assertEquals(2.5, AggregateKernels.full(MatrixBlock.of(new double[][] {{1, 2, 3, 4, 5}}),
        AggregateOp.VAR, SEQ));
  }

  @Test
  void rowAndColumnOutputsAreDenseVectorsWithExactNnz() {
    MatrixBlock m = TestMatrices.random(50, 40, 0.02, 9, true);
    MatrixBlock rows = AggregateKernels.aggregate(m, AggregateOp.SUM, Direction.ROW, SEQ);
    MatrixBlock cols = AggregateKernels.aggregate(m, AggregateOp.MAX, Direction.COL, SEQ);
    assertShape(rows, 50, 1);
    assertShape(cols, 1, 40);
    assertFalse(rows.isSparse());
    assertFalse(cols.isSparse());
    TestMatrices.assertClose(rows, rows.copy(), 0, "row sums nnz");
    TestMatrices.assertClose(cols, cols.copy(), 0, "col maxs nnz");
    assertEquals(rows.copy().recomputeNonZeros(), rows.nnz());
    assertEquals(cols.copy().recomputeNonZeros(), cols.nnz());
  }

  @Test
  void nullArgumentsAreRejectedWithTheirName() {
    MatrixBlock m = MatrixBlock.of(new double[][] {{1}});
    NullPointerException e = assertThrows(NullPointerException.class,
        () -> AggregateKernels.aggregate(m, null, Direction.ROW, SEQ));
    assertTrue(e.getMessage().contains("op"));
    assertThrows(NullPointerException.class,
        () -> AggregateKernels.aggregate(m, AggregateOp.SUM, Direction.ROW, null));
    assertThrows(NullPointerException.class,
        () -> AggregateKernels.full(null, AggregateOp.SUM, SEQ));
  }

  // ---------------------------------------------------------------- helpers

  /** The same values as dense, CSR and MCSR blocks. */
  static MatrixBlock[] formats(double[][] v) {
    MatrixBlock dense = MatrixBlock.of(v);
    dense.toDenseInPlace();
    return new MatrixBlock[] {dense, dense.copy().toSparseInPlace(), TestMatrices.asMCSR(dense)};
  }

  private static void assertShape(MatrixBlock m, int rows, int cols) {
    assertEquals(rows + "x" + cols, m.shape());
  }

  private static void assertSameValue(double expected, double actual, String what) {
    assertEquals(Double.doubleToLongBits(expected), Double.doubleToLongBits(actual),
        what + ": expected " + expected + " but was " + actual);
  }
}
