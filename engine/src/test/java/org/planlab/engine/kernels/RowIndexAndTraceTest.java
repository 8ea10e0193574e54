package org.planlab.engine.kernels;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.planlab.engine.matrix.DimensionMismatchException;
import org.planlab.engine.matrix.MatrixBlock;
import org.planlab.engine.matrix.MatrixComparison;
import org.planlab.engine.matrix.TestMatrices;
import org.planlab.engine.parallel.KernelPool;

class RowIndexAndTraceTest {
  private static final KernelPool SEQ = KernelPool.sequential();
  private static final KernelPool TWO = new KernelPool(2);
  private static final double NAN = Double.NaN;

  @AfterAll
  static void closePool() {
    TWO.close();
  }

  /** Naive reference: last index of the max/min over all cells, NaN skipped, 1 if none. */
  private static double[][] reference(MatrixBlock in, boolean max) {
    double[][] a = in.toArray();
    double[][] out = new double[in.rows()][1];
    for (int r = 0; r < in.rows(); r++) {
      int best = -1;
      for (int c = 0; c < in.cols(); c++) {
        double v = a[r][c];
        if (!Double.isNaN(v) && (best < 0 || (max ? v >= a[r][best] : v <= a[r][best]))) {
          best = c;
        }
      }
      out[r][0] = Math.max(best, 0) + 1;
    }
    return out;
  }

  @Test
  void rowIndexMaxAndMinMatchTheNaiveScanOverTheSweep() {
    for (TestMatrices.Case c : TestMatrices.sweep(7)) {
      if (c.block().cols() == 0 && c.block().rows() > 0) {
        continue;
      }
      for (boolean max : new boolean[] {true, false}) {
        MatrixBlock seq = max ? AggregateKernels.rowIndexMax(c.block(), SEQ)
            : AggregateKernels.rowIndexMin(c.block(), SEQ);
        MatrixBlock two = max ? AggregateKernels.rowIndexMax(c.block(), TWO)
            : AggregateKernels.rowIndexMin(c.block(), TWO);
        TestMatrices.assertClose(reference(c.block(), max), seq, 0, c + (max ? " max" : " min"));
        assertEquals(c.block().rows() + "x1", seq.shape());
        assertTrue(MatrixComparison.approxEquals(seq, two, 0, 0), c + ": 1 vs 2 threads");
      }
    }
  }

  @Test
  void tiesGoToTheLargestIndexAsSystemDsComputes() {
    // rows and results as SystemDS 3.3.0 computes rowIndexMax / rowIndexMin for them
    double inf = Double.POSITIVE_INFINITY;
    double[][] v = {{3, 1, 3}, {2, NAN, 1}, {-3, -1, -3}, {-2, -2, -1}, {1, 0, 0}, {0, 0, 0},
        {NAN, NAN, NAN}, {-inf, -inf, -inf}, {inf, inf, inf}};
    for (MatrixBlock m : AggregateKernelsTest.formats(v)) {
      assertColumn(new double[] {3, 1, 2, 3, 1, 3, 1, 3, 3}, AggregateKernels.rowIndexMax(m, SEQ));
      assertColumn(new double[] {2, 3, 3, 2, 3, 3, 1, 3, 3}, AggregateKernels.rowIndexMin(m, SEQ));
    }
  }

  @Test
  void implicitZerosOfSparseRowsTakePart() {
    double[][] v = {
        {-1, 0, -2, 0},   // max is the last zero, index 4
        {3, 0, 2, 0},     // min is the last zero, index 4
        {0, 0, 0, 0},     // empty row: the last column for both
        {0, -3, 0, 0},    // max at the last zero, index 4
        {5, 6, 0, 7}};    // min is the only zero, index 3
    for (MatrixBlock m : AggregateKernelsTest.formats(v)) {
      assertColumn(new double[] {4, 1, 4, 4, 4}, AggregateKernels.rowIndexMax(m, SEQ));
      assertColumn(new double[] {3, 4, 4, 2, 3}, AggregateKernels.rowIndexMin(m, SEQ));
    }
  }

  @Test
  void nanCellsAreSkippedAndAnAllNanRowGivesOne() {
    double[][] v = {{NAN, 2, 7, NAN}, {NAN, NAN, NAN, NAN}, {NAN, 0, -1, 0},
        {NAN, 0, 5, 0}, {4, NAN, NAN, 4}};
    for (MatrixBlock m : AggregateKernelsTest.formats(v)) {
      assertColumn(new double[] {3, 1, 4, 3, 4}, AggregateKernels.rowIndexMax(m, SEQ));
      assertColumn(new double[] {2, 1, 3, 4, 4}, AggregateKernels.rowIndexMin(m, SEQ));
    }
  }

  @Test
  void rowsWithoutColumnsAreRejectedAndNoRowsGiveAnEmptyColumn() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> AggregateKernels.rowIndexMax(MatrixBlock.empty(3, 0, false), SEQ));
    assertTrue(e.getMessage().contains("3x0"), e.getMessage());
    assertEquals("0x1", AggregateKernels.rowIndexMin(MatrixBlock.empty(0, 4, true), SEQ).shape());
  }

  @Test
  void largeInputsGiveIdenticalIndexesForOneAndTwoThreads() {
    for (MatrixBlock m : new MatrixBlock[] {TestMatrices.random(2000, 40, 0.9, 3, false),
        TestMatrices.random(20_000, 30, 0.2, 4, true)}) {
      MatrixBlock seq = AggregateKernels.rowIndexMax(m, SEQ);
      TestMatrices.assertClose(reference(m, true), seq, 0, m.shape());
      assertTrue(MatrixComparison.approxEquals(seq, AggregateKernels.rowIndexMax(m, TWO), 0, 0));
    }
  }

  @Test
  void traceSumsTheDiagonalOfSquareMatrices() {
    for (TestMatrices.Case c : TestMatrices.sweep(3)) {
      MatrixBlock m = c.block();
      if (m.rows() != m.cols()) {
        continue;
      }
      double expected = 0;
      for (int i = 0; i < m.rows(); i++) {
        expected += m.get(i, i);
      }
      assertEquals(expected, AggregateKernels.trace(m), 1e-12 * Math.abs(expected), c.name());
    }
    for (MatrixBlock m : AggregateKernelsTest.formats(
        new double[][] {{1.5, 9, 9}, {9, 0, 9}, {9, 9, -4}})) {
      assertEquals(-2.5, AggregateKernels.trace(m));
    }
    assertEquals(0, AggregateKernels.trace(MatrixBlock.empty(0, 0)));
    assertEquals(0, AggregateKernels.trace(MatrixBlock.empty(5, 5, true)));
  }

  @Test
  void traceOfANonSquareMatrixNamesTheShape() {
    DimensionMismatchException e = assertThrows(DimensionMismatchException.class,
        () -> AggregateKernels.trace(MatrixBlock.dense(3, 4)));
    assertTrue(e.getMessage().contains("3x4"), e.getMessage());
    assertFalse(e.getMessage().isEmpty());
  }

  private static void assertColumn(double[] expected, MatrixBlock actual) {
    assertEquals(expected.length + "x1", actual.shape());
    for (int r = 0; r < expected.length; r++) {
      assertEquals(expected[r], actual.get(r, 0), "row " + r);
    }
  }
}
