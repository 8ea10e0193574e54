package org.planlab.engine.codegen.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.planlab.engine.codegen.runtime.SkeletonCases.Case;
import org.planlab.engine.kernels.AggregateKernels;
import org.planlab.engine.kernels.ElementwiseKernels;
import org.planlab.engine.matrix.MatrixBlock;
import org.planlab.engine.matrix.MatrixComparison;
import org.planlab.engine.matrix.TestMatrices;
import org.planlab.engine.ops.AggregateOp;
import org.planlab.engine.ops.BinaryOp;
import org.planlab.engine.parallel.KernelPool;

class SpoofMultiAggregateTest {
  private static final KernelPool SEQ = KernelPool.sequential();
  private static final KernelPool TWO = new KernelPool(2);

  @AfterAll
  static void closePool() {
    TWO.close();
  }

  /**
   * Sparse-safe: {@code sum(X*Y), sum(X^2), min(X*Y), max(X)} (the SUM_SQ output writes X, the
   * skeleton squares it).
   */
  private static SpoofMultiAggregate safe() {
    return new SpoofMultiAggregate(true, List.of(AggregateOp.SUM, AggregateOp.SUM_SQ,
        AggregateOp.MIN, AggregateOp.MAX)) {
      @Override
      protected void genexec(double a, SideInput[] b, double[] scalars, double[] c, int m, int n,
          int rix, int cix) {
        double xy = a * b[0].get(rix, cix);
        c[0] = xy;
        c[1] = a;
        c[2] = xy;
        c[3] = a;
      }
    };
  }

  /** Not sparse-safe: {@code sum(X + s), max(X - Y)}. */
  private static SpoofMultiAggregate unsafe() {
    return new SpoofMultiAggregate(false, List.of(AggregateOp.SUM, AggregateOp.MAX)) {
      @Override
      protected void genexec(double a, SideInput[] b, double[] scalars, double[] c, int m, int n,
          int rix, int cix) {
        c[0] = a + scalars[0];
        c[1] = a - b[0].get(rix, cix);
      }
    };
  }

  private static double full(MatrixBlock m, AggregateOp op) {
    return AggregateKernels.full(m, op, SEQ);
  }

  private static void assertClose(double expected, double actual, String what) {
    assertTrue(MatrixComparison.close(expected, actual, SkeletonCases.TOL, 1e-300),
        what + ": expected " + expected + " but was " + actual);
  }

  @Test
  void sparseSafeAggregatesMatchUnfusedKernels() {
    int i = 0;
    for (Case c : SkeletonCases.mains(31)) {
      MatrixBlock x = c.x();
      MatrixBlock y = SkeletonCases.halfSide(x.rows(), x.cols(), 400 + i, i++ % 2 == 0);
      MatrixBlock xy = ElementwiseKernels.binary(x, y, BinaryOp.MULT, SEQ);
      SpoofResult res = safe().execute(List.of(x, y), null, 1, 4, SEQ);
      MatrixBlock out = res.output();
      assertEquals(1, out.rows(), c + ": rows");
      assertEquals(4, out.cols(), c + ": cols");
      assertClose(full(xy, AggregateOp.SUM), out.get(0, 0), c + " sum(X*Y)");
      assertClose(full(x, AggregateOp.SUM_SQ), out.get(0, 1), c + " sum(X^2)");
      assertClose(full(xy, AggregateOp.MIN), out.get(0, 2), c + " min(X*Y)");
      assertClose(full(x, AggregateOp.MAX), out.get(0, 3), c + " max(X)");
      assertEquals(SkeletonCases.nnz(out), out.nnz(), c + ": nnz");
      boolean readsSparse = x.isSparse() || !x.isAllocated();
      assertEquals(readsSparse ? SkeletonCases.nnz(x) : x.cells(), res.work(), c + ": work");
    }
  }

  @Test
  void nonSparseSafeAggregatesVisitEveryCell() {
    int i = 0;
    for (Case c : SkeletonCases.mains(32)) {
      MatrixBlock x = c.x();
      MatrixBlock y = SkeletonCases.halfSide(x.rows(), x.cols(), 500 + i, i++ % 2 == 0);
      SpoofResult res = unsafe().execute(List.of(x, y), new double[] {0.25}, 1, 2, SEQ);
      MatrixBlock out = res.output();
      assertClose(full(ElementwiseKernels.binary(x, 0.25, BinaryOp.PLUS, SEQ), AggregateOp.SUM),
          out.get(0, 0), c + " sum(X + s)");
      assertClose(full(ElementwiseKernels.binary(x, y, BinaryOp.MINUS, SEQ), AggregateOp.MAX),
          out.get(0, 1), c + " max(X - Y)");
      assertEquals(x.cells(), res.work(), c + ": work");
    }
  }

  @Test
  void oneAndTwoThreadsGiveIdenticalResults() {
    MatrixBlock dense = TestMatrices.random(1000, 150, 1.0, 41, false);
    MatrixBlock sparse = TestMatrices.random(1000, 150, 0.4, 42, true);
    MatrixBlock y = SkeletonCases.side(1000, 150, 43, false);
    for (MatrixBlock x : List.of(dense, sparse)) {
      for (SpoofMultiAggregate op : List.of(safe(), unsafe())) {
        List<MatrixBlock> in = List.of(x, y);
        SpoofResult one = op.execute(in, new double[] {0.25}, 1, op.aggs.size(), SEQ);
        SpoofResult two = op.execute(in, new double[] {0.25}, 1, op.aggs.size(), TWO);
        String what = (x.isSparse() ? "sparse" : "dense") + (op.sparseSafe ? " safe" : " unsafe");
        assertTrue(MatrixComparison.approxEquals(one.output(), two.output(), 0, 0), what);
        assertEquals(one.work(), two.work(), what);
      }
      MatrixBlock xy = ElementwiseKernels.binary(x, y, BinaryOp.MULT, SEQ);
      assertClose(full(xy, AggregateOp.SUM),
          safe().execute(List.of(x, y), null, 1, 4, TWO).output().get(0, 0), "sum two threads");
    }
  }

  @Test
  void minAndMaxOverASparseMainCountTheImplicitZeros() {
    MatrixBlock x = MatrixBlock.of(new double[][] {{-1, 0, -2}, {-3, -4, -5}}).toSparseInPlace();
    MatrixBlock ones = MatrixBlock.of(new double[][] {{1, 1, 1}, {1, 1, 1}});
    MatrixBlock out = safe().execute(List.of(x, ones), null, 1, 4, SEQ).output();
    assertEquals(-5.0, out.get(0, 2));
    // every stored value is negative: the maximum is an implicit zero
    assertEquals(0.0, out.get(0, 3));
  }

  @Test
  void emptyMainGivesTheEmptyValues() {
    MatrixBlock x = MatrixBlock.dense(0, 4);
    MatrixBlock out = safe().execute(List.of(x, x), null, 1, 4, SEQ).output();
    assertEquals(0.0, out.get(0, 0));
    assertEquals(0.0, out.get(0, 1));
    assertEquals(Double.POSITIVE_INFINITY, out.get(0, 2));
    assertEquals(Double.NEGATIVE_INFINITY, out.get(0, 3));
    assertEquals(2, out.nnz());
  }

  @Test
  void rejectsUnsupportedAggregates() {
    SpoofMultiAggregate op = new SpoofMultiAggregate(true, List.of(AggregateOp.SUM,
        AggregateOp.VAR)) {
      @Override
      protected void genexec(double a, SideInput[] b, double[] scalars, double[] c, int m, int n,
          int rix, int cix) {
        c[0] = a;
        c[1] = a;
      }
    };
    MatrixBlock x = MatrixBlock.dense(2, 2);
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> op.execute(List.of(x), null, 1, 2, SEQ));
    assertTrue(e.getMessage().contains("VAR"), e.getMessage());
  }
}
