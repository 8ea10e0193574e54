package org.planlab.engine.kernels;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BiFunction;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.planlab.engine.matrix.MatrixBlock;
import org.planlab.engine.matrix.MatrixComparison;
import org.planlab.engine.matrix.TestMatrices;
import org.planlab.engine.parallel.KernelPool;

class CumulativeKernelsTest {
  private static final KernelPool SEQ = KernelPool.sequential();
  private static final KernelPool TWO = new KernelPool(2);
  private static final double INF = Double.POSITIVE_INFINITY;
  private static final double NAN = Double.NaN;

  @AfterAll
  static void closePool() {
    TWO.close();
  }

  private enum Op {
    CUMSUM(CumulativeKernels::cumsum),
    CUMPROD(CumulativeKernels::cumprod),
    CUMMIN(CumulativeKernels::cummin),
    CUMMAX(CumulativeKernels::cummax);

    final BiFunction<MatrixBlock, KernelPool, MatrixBlock> kernel;

    Op(BiFunction<MatrixBlock, KernelPool, MatrixBlock> kernel) {
      this.kernel = kernel;
    }
  }

  /**
   * Independent references down each column: exact BigDecimal running sums rounded once per
   * cell; plain sequential products, minima and maxima.
   */
  private static double[][] reference(MatrixBlock in, Op op) {
    double[][] a = in.toArray();
    int rows = in.rows();
    int cols = in.cols();
    double[][] out = new double[rows][cols];
    for (int c = 0; c < cols; c++) {
      BigDecimal sum = BigDecimal.ZERO;
      double run = op == Op.CUMPROD ? 1 : op == Op.CUMMIN ? INF : -INF;
      for (int r = 0; r < rows; r++) {
        double x = a[r][c];
        switch (op) {
          case CUMSUM -> {
            if (x != 0) {
              sum = sum.add(new BigDecimal(x));
            }
            run = sum.signum() == 0 ? 0 : sum.doubleValue();
          }
          case CUMPROD -> run *= x;
          case CUMMIN -> run = Math.min(run, x);
          case CUMMAX -> run = Math.max(run, x);
          default -> throw new AssertionError(op);
        }
        out[r][c] = run;
      }
    }
    return out;
  }

  @Test
  void everyScanMatchesTheReferenceOverTheSweep() {
    for (TestMatrices.Case c : TestMatrices.sweep(23)) {
      MatrixBlock before = c.block().copy();
      for (Op op : Op.values()) {
        MatrixBlock seq = op.kernel.apply(c.block(), SEQ);
        MatrixBlock two = op.kernel.apply(c.block(), TWO);
        assertEquals(c.block().shape(), seq.shape(), c + " " + op);
        TestMatrices.assertClose(reference(c.block(), op), seq, 1e-12, c + " " + op);
        assertTrue(MatrixComparison.approxEquals(seq, two, 0, 0), c + " " + op + ": 1 vs 2");
      }
      TestMatrices.assertClose(before, c.block(), 0, c + ": input unchanged");
    }
  }

  /** Inputs that fork, in both layouts: carried row blocks (narrow) and column ranges (wide). */
  private static List<TestMatrices.Case> forkingInputs() {
    List<TestMatrices.Case> out = new ArrayList<>();
    MatrixBlock narrow = TestMatrices.random(40_000, 3, 0.8, 1, false);
    MatrixBlock sparseNarrow = TestMatrices.random(30_000, 5, 0.3, 2, true);
    out.add(new TestMatrices.Case("narrow dense 40000x3", narrow));
    out.add(new TestMatrices.Case("column 140000x1", TestMatrices.random(140_000, 1, 1, 3, false)));
    out.add(new TestMatrices.Case("wide dense 300x400",
        TestMatrices.random(300, 400, 1, 4, false)));
    out.add(new TestMatrices.Case("narrow csr 30000x5", sparseNarrow));
    out.add(new TestMatrices.Case("narrow mcsr 30000x5", TestMatrices.asMCSR(sparseNarrow)));
    out.add(new TestMatrices.Case("wide mcsr 500x200",
        TestMatrices.asMCSR(TestMatrices.random(500, 200, 0.1, 5, true))));
    return out;
  }

  @Test
  void carriedBlocksAndColumnRangesMatchTheReferenceAndAreThreadIndependent() {
    for (TestMatrices.Case c : forkingInputs()) {
      for (Op op : Op.values()) {
        MatrixBlock seq = op.kernel.apply(c.block(), SEQ);
        MatrixBlock two = op.kernel.apply(c.block(), TWO);
        assertTrue(MatrixComparison.approxEquals(seq, two, 0, 0),
            c + " " + op + ": " + MatrixComparison.firstDifference(seq, two, 0, 0));
        TestMatrices.assertClose(reference(c.block(), op), two, 1e-12, c + " " + op);
      }
    }
  }

  @Test
  void nanPropagatesDownTheColumnAndInfinityStaysInfinite() {
    double[][] v = {{1, INF, 2}, {NAN, 1, 0}, {2, 3, -INF}};
    for (MatrixBlock m : AggregateKernelsTest.formats(v)) {
      MatrixBlock sum = CumulativeKernels.cumsum(m, SEQ);
      assertEquals(1, sum.get(0, 0));
      assertTrue(Double.isNaN(sum.get(1, 0)));
      assertTrue(Double.isNaN(sum.get(2, 0)));
      assertEquals(INF, sum.get(2, 1));
      assertEquals(-INF, sum.get(2, 2));
      MatrixBlock max = CumulativeKernels.cummax(m, SEQ);
      assertTrue(Double.isNaN(max.get(2, 0)));
      assertEquals(INF, max.get(2, 1));
      MatrixBlock min = CumulativeKernels.cummin(m, SEQ);
      assertEquals(0, min.get(1, 2));
      assertEquals(-INF, min.get(2, 2));
    }
  }

  @Test
  void cumprodFollowsIeeeStepByStepAndImplicitZerosTakePart() {
    double[][] v = {{INF, 2}, {0, 0}, {5, 3}};
    for (MatrixBlock m : AggregateKernelsTest.formats(v)) {
      MatrixBlock p = CumulativeKernels.cumprod(m, SEQ);
      assertEquals(INF, p.get(0, 0));
      assertTrue(Double.isNaN(p.get(1, 0)));
      assertTrue(Double.isNaN(p.get(2, 0)));
      assertEquals(2, p.get(0, 1));
      assertEquals(0, p.get(1, 1));
      assertEquals(0, p.get(2, 1));
    }
  }

  @Test
  void emptyAndAllZeroInputsGiveSameShapedZeroOutputs() {
    for (Op op : Op.values()) {
      for (int[] s : new int[][] {{0, 5}, {5, 0}, {0, 0}, {4, 6}}) {
        for (boolean sparse : new boolean[] {false, true}) {
          MatrixBlock in = MatrixBlock.empty(s[0], s[1], sparse);
          MatrixBlock out = op.kernel.apply(in, TWO);
          assertEquals(in.shape(), out.shape(), op + " " + in.shape());
          assertEquals(0, out.nnz(), op + " " + in.shape());
        }
      }
    }
  }

  @Test
  void outputFormatFollowsTheResultsSparsity() {
    double[][] v = new double[100][100];
    v[99][3] = 2;
    v[99][70] = -1;
    for (MatrixBlock m : AggregateKernelsTest.formats(v)) {
      MatrixBlock sum = CumulativeKernels.cumsum(m, SEQ);
      assertEquals(2, sum.nnz());
      assertTrue(sum.isSparse(), "2 non-zeros in 100x100 are stored sparse");
      MatrixBlock max = CumulativeKernels.cummax(m, SEQ);
      assertEquals(1, max.nnz());
    }
    MatrixBlock dense = CumulativeKernels.cumsum(TestMatrices.random(50, 20, 0.3, 8, true), SEQ);
    assertTrue(!dense.isSparse(), "running sums fill the columns in");
  }
}
