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
import org.planlab.engine.ops.Direction;
import org.planlab.engine.parallel.KernelPool;

class SpoofCellwiseTest {
  private static final KernelPool SEQ = KernelPool.sequential();
  private static final KernelPool TWO = new KernelPool(2);
  private static final AggregateOp[] AGGS = {AggregateOp.SUM, AggregateOp.SUM_SQ,
      AggregateOp.MIN, AggregateOp.MAX};

  @AfterAll
  static void closePool() {
    TWO.close();
  }

  /** {@code X * Y * Z}: sparse-safe, as the generator would emit it. */
  private static SpoofCellwise product(CellType type, AggregateOp agg) {
    return new SpoofCellwise(type, agg, true) {
      @Override
      protected double genexec(double a, SideInput[] b, double[] scalars, int m, int n, int rix,
          int cix) {
        return a * b[0].get(rix, cix) * b[1].get(rix, cix);
      }
    };
  }

  /** {@code (X - Y) + s}: not sparse-safe. */
  private static SpoofCellwise shifted(CellType type, AggregateOp agg) {
    return new SpoofCellwise(type, agg, false) {
      @Override
      protected double genexec(double a, SideInput[] b, double[] scalars, int m, int n, int rix,
          int cix) {
        return a - b[0].get(rix, cix) + scalars[0];
      }
    };
  }

  private static MatrixBlock reduce(MatrixBlock r, CellType type, AggregateOp agg) {
    return switch (type) {
      case NO_AGG -> r;
      case ROW_AGG -> AggregateKernels.aggregate(r, agg, Direction.ROW, SEQ);
      case COL_AGG -> AggregateKernels.aggregate(r, agg, Direction.COL, SEQ);
      case FULL_AGG -> AggregateKernels.aggregate(r, agg, Direction.FULL, SEQ);
    };
  }

  private static void check(SpoofCellwise op, List<MatrixBlock> in, double[] scalars,
      MatrixBlock expected, long expectedWork, String what) {
    MatrixBlock x = in.get(0);
    SpoofResult res = op.execute(in, scalars, x.rows(), x.cols(), SEQ);
    TestMatrices.assertClose(expected, res.output(), SkeletonCases.TOL, what);
    assertEquals(expected.rows(), res.output().rows(), what + ": rows");
    assertEquals(expected.cols(), res.output().cols(), what + ": cols");
    assertEquals(expectedWork, res.work(), what + ": work");
  }

  /** Whether the skeleton visits only the stored entries of x (sparse or never allocated). */
  private static boolean readsSparse(MatrixBlock x) {
    return x.isSparse() || !x.isAllocated();
  }

  @Test
  void sparseSafeProductMatchesUnfusedKernelsForEveryTypeAndAggregate() {
    int i = 0;
    for (Case c : SkeletonCases.mains(11)) {
      MatrixBlock x = c.x();
      // sides in mixed formats: dense Y with sparse Z and the other way round
      boolean sparseY = i++ % 2 == 0;
      MatrixBlock y = SkeletonCases.side(x.rows(), x.cols(), 100 + i, sparseY);
      MatrixBlock z = SkeletonCases.halfSide(x.rows(), x.cols(), 200 + i, !sparseY);
      MatrixBlock xyz = ElementwiseKernels.binary(
          ElementwiseKernels.binary(x, y, BinaryOp.MULT, SEQ), z, BinaryOp.MULT, SEQ);
      long work = readsSparse(x) ? SkeletonCases.nnz(x) : x.cells();
      List<MatrixBlock> in = List.of(x, y, z);
      for (CellType type : CellType.values()) {
        for (AggregateOp agg : type == CellType.NO_AGG ? new AggregateOp[] {AggregateOp.SUM}
            : AGGS) {
          check(product(type, agg), in, new double[0], reduce(xyz, type, agg), work,
              c + " " + type + " " + agg);
        }
      }
    }
  }

  @Test
  void nonSparseSafeOperatorVisitsEveryCellOfEveryFormat() {
    int i = 0;
    for (Case c : SkeletonCases.mains(12)) {
      MatrixBlock x = c.x();
      MatrixBlock y = SkeletonCases.halfSide(x.rows(), x.cols(), 300 + i, i++ % 2 == 0);
      MatrixBlock ref = ElementwiseKernels.binary(
          ElementwiseKernels.binary(x, y, BinaryOp.MINUS, SEQ), 0.5, BinaryOp.PLUS, SEQ);
      List<MatrixBlock> in = List.of(x, y);
      for (CellType type : CellType.values()) {
        for (AggregateOp agg : type == CellType.NO_AGG ? new AggregateOp[] {AggregateOp.SUM}
            : AGGS) {
          check(shifted(type, agg), in, new double[] {0.5}, reduce(ref, type, agg), x.cells(),
              c + " " + type + " " + agg);
        }
      }
    }
  }

  @Test
  void sparseSafeNoAggOverASparseMainGivesASparseOutputWithItsPattern() {
    MatrixBlock x = TestMatrices.random(130, 70, 0.01, 5, true);
    MatrixBlock y = SkeletonCases.side(130, 70, 6, false);
    MatrixBlock z = SkeletonCases.side(130, 70, 7, true);
    SpoofResult res = product(CellType.NO_AGG, AggregateOp.SUM)
        .execute(List.of(x, y, z), null, 130, 70, SEQ);
    assertTrue(res.output().isSparse());
    assertEquals(x.nnz(), res.output().nnz());
    assertEquals(x.nnz(), res.work());
  }

  @Test
  void minOverASparseMainCountsTheImplicitZeros() {
    // all stored values positive: the minimum is one of the zeros that are never visited
    MatrixBlock x = MatrixBlock.of(new double[][] {{1, 0, 2}, {3, 4, 5}}).toSparseInPlace();
    MatrixBlock ones = MatrixBlock.of(new double[][] {{1, 1, 1}, {1, 1, 1}});
    List<MatrixBlock> in = List.of(x, ones, ones);
    assertEquals(0.0, product(CellType.FULL_AGG, AggregateOp.MIN)
        .execute(in, null, 1, 1, SEQ).output().get(0, 0));
    MatrixBlock rows = product(CellType.ROW_AGG, AggregateOp.MIN)
        .execute(in, null, 2, 1, SEQ).output();
    assertEquals(0.0, rows.get(0, 0));
    assertEquals(3.0, rows.get(1, 0));
    MatrixBlock cols = product(CellType.COL_AGG, AggregateOp.MIN)
        .execute(in, null, 1, 3, SEQ).output();
    assertEquals(1.0, cols.get(0, 0));
    assertEquals(0.0, cols.get(0, 1));
    assertEquals(2.0, cols.get(0, 2));
  }

  @Test
  void oneAndTwoThreadsGiveIdenticalResults() {
    MatrixBlock dense = TestMatrices.random(1000, 200, 1.0, 21, false);
    MatrixBlock sparse = TestMatrices.random(1000, 200, 0.3, 22, true);
    MatrixBlock y = SkeletonCases.side(1000, 200, 23, false);
    MatrixBlock z = SkeletonCases.halfSide(1000, 200, 24, true);
    for (MatrixBlock x : List.of(dense, sparse)) {
      List<MatrixBlock> in = List.of(x, y, z);
      for (CellType type : CellType.values()) {
        for (AggregateOp agg : AGGS) {
          for (SpoofCellwise op : List.of(product(type, agg), shifted(type, agg))) {
            String what = (x.isSparse() ? "sparse " : "dense ") + type + " " + agg
                + (op.sparseSafe ? " safe" : " unsafe");
            SpoofResult one = op.execute(in, new double[] {0.5}, 1000, 200, SEQ);
            SpoofResult two = op.execute(in, new double[] {0.5}, 1000, 200, TWO);
            assertTrue(MatrixComparison.approxEquals(one.output(), two.output(), 0, 0), what);
            assertEquals(one.work(), two.work(), what);
          }
        }
        // and the parallel result is right, not just reproducible
        MatrixBlock xyz = ElementwiseKernels.binary(
            ElementwiseKernels.binary(x, y, BinaryOp.MULT, SEQ), z, BinaryOp.MULT, SEQ);
        TestMatrices.assertClose(reduce(xyz, type, AggregateOp.SUM),
            product(type, AggregateOp.SUM).execute(in, null, 1000, 200, TWO).output(),
            SkeletonCases.TOL, type + " two threads");
      }
    }
  }

  @Test
  void rejectsMissingInputsNegativeDimensionsAndUnsupportedAggregates() {
    SpoofCellwise op = product(CellType.FULL_AGG, AggregateOp.SUM);
    MatrixBlock x = MatrixBlock.dense(2, 2);
    assertThrows(IllegalArgumentException.class, () -> op.execute(List.of(), null, 1, 1, SEQ));
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> op.execute(List.of(x, x, x), null, -1, 1, SEQ));
    assertTrue(e.getMessage().contains("-1"), e.getMessage());
    IllegalArgumentException mean = assertThrows(IllegalArgumentException.class,
        () -> product(CellType.FULL_AGG, AggregateOp.MEAN).execute(List.of(x, x, x), null, 1, 1,
            SEQ));
    assertTrue(mean.getMessage().contains("MEAN"), mean.getMessage());
  }
}
