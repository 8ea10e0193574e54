package org.planlab.engine.codegen.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.planlab.engine.codegen.runtime.SkeletonCases.Case;
import org.planlab.engine.kernels.AggregateKernels;
import org.planlab.engine.kernels.ElementwiseKernels;
import org.planlab.engine.kernels.MatMultKernels;
import org.planlab.engine.kernels.ReorgKernels;
import org.planlab.engine.matrix.DimensionMismatchException;
import org.planlab.engine.matrix.MatrixBlock;
import org.planlab.engine.matrix.MatrixComparison;
import org.planlab.engine.matrix.SparseBlock;
import org.planlab.engine.matrix.TestMatrices;
import org.planlab.engine.ops.AggregateOp;
import org.planlab.engine.ops.BinaryOp;
import org.planlab.engine.ops.Direction;
import org.planlab.engine.ops.UnaryOp;
import org.planlab.engine.parallel.KernelPool;

class SpoofOuterProductTest {
  private static final KernelPool SEQ = KernelPool.sequential();
  private static final KernelPool TWO = new KernelPool(2);
  private static final int K = 4;
  private static final double EPS = 1e-15;

  @AfterAll
  static void closePool() {
    TWO.close();
  }

  /** {@code w = X * (U V^T)} at a non-zero of X. */
  private static SpoofOuterProduct product(OuterType type) {
    return product(type, false);
  }

  /**
   * {@code w = X * (U V^T)}; with {@code linear} declared so, which makes RIGHT and LEFT run on
   * the shared loops that never call genexec.
   */
  private static SpoofOuterProduct product(OuterType type, boolean linear) {
    return new SpoofOuterProduct(type, linear) {
      @Override
      protected double genexec(double a, double uv, double[] u, int ui, double[] v, int vi,
          SideInput[] b, double[] scalars, int k, int rix, int cix) {
        return a * uv;
      }
    };
  }

  /** {@code w = X * log(U V^T + eps)}, the scalar eps as scalar input 0. */
  private static SpoofOuterProduct logLoss() {
    return new SpoofOuterProduct(OuterType.AGG) {
      @Override
      protected double genexec(double a, double uv, double[] u, int ui, double[] v, int vi,
          SideInput[] b, double[] scalars, int k, int rix, int cix) {
        return a * Math.log(uv + scalars[0]);
      }
    };
  }

  /**
   * |m| in the same format (a deep copy with its values made positive): with positive X, U and
   * V no sum cancels, so a relative tolerance of 1e-12 against a reference that sums in another
   * order is meaningful.
   */
  private static MatrixBlock abs(MatrixBlock m) {
    MatrixBlock c = m.copy();
    if (!c.isAllocated()) {
      return c;
    }
    if (!c.isSparse()) {
      double[] a = c.denseValues();
      for (int i = 0; i < a.length; i++) {
        a[i] = Math.abs(a[i]);
      }
      return c;
    }
    SparseBlock sb = c.sparseRows();
    for (int r = 0; r < c.rows(); r++) {
      double[] v = sb.values(r);
      for (int k = sb.pos(r); k < sb.pos(r) + sb.size(r); k++) {
        v[k] = Math.abs(v[k]);
      }
    }
    return c;
  }

  private static MatrixBlock uvt(MatrixBlock u, MatrixBlock v) {
    return MatMultKernels.multiply(u, ReorgKernels.transpose(v, SEQ), SEQ);
  }

  /** Every type of {@link #product} and {@link #logLoss} with its unfused reference. */
  private record Run(String name, SpoofOuterProduct op, int rows, int cols,
      MatrixBlock expected) {
  }

  private static List<Run> runs(MatrixBlock x, MatrixBlock u, MatrixBlock v) {
    MatrixBlock w = ElementwiseKernels.binary(x, uvt(u, v), BinaryOp.MULT, SEQ);
    MatrixBlock logs = ElementwiseKernels.unary(
        ElementwiseKernels.binary(uvt(u, v), EPS, BinaryOp.PLUS, SEQ), UnaryOp.LOG, SEQ);
    MatrixBlock loss = AggregateKernels.aggregate(
        ElementwiseKernels.binary(x, logs, BinaryOp.MULT, SEQ), AggregateOp.SUM, Direction.FULL,
        SEQ);
    int m = x.rows();
    int n = x.cols();
    int k = u.cols();
    return List.of(
        new Run("RIGHT (X*UV^T)V", product(OuterType.RIGHT), m, k,
            MatMultKernels.multiply(w, v, SEQ)),
        new Run("LEFT t(X*UV^T)U", product(OuterType.LEFT), n, k,
            MatMultKernels.transposeLeftMultiply(w, u, SEQ)),
        new Run("RIGHT (X*UV^T)V, linear", product(OuterType.RIGHT, true), m, k,
            MatMultKernels.multiply(w, v, SEQ)),
        new Run("LEFT t(X*UV^T)U, linear", product(OuterType.LEFT, true), n, k,
            MatMultKernels.transposeLeftMultiply(w, u, SEQ)),
        new Run("CELLWISE X*UV^T", product(OuterType.CELLWISE), m, n, w),
        new Run("AGG sum(X*UV^T)", product(OuterType.AGG), 1, 1,
            AggregateKernels.aggregate(w, AggregateOp.SUM, Direction.FULL, SEQ)),
        new Run("AGG sum(X*log(UV^T+eps))", logLoss(), 1, 1, loss));
  }

  @Test
  void everyOuterTypeMatchesUnfusedKernelsAndVisitsOnlyNonZeros() {
    int i = 0;
    for (Case c : SkeletonCases.mains(71)) {
      MatrixBlock x = abs(c.x());
      // positive factors keep log(U V^T + eps) finite
      MatrixBlock u = SkeletonCases.uniform(x.rows(), K, 0.1, 1, 700 + i);
      MatrixBlock v = SkeletonCases.uniform(x.cols(), K, 0.1, 1, 800 + i++);
      for (Run r : runs(x, u, v)) {
        SpoofResult res = r.op().execute(List.of(x, u, v), new double[] {EPS}, r.rows(),
            r.cols(), SEQ);
        String what = c + " " + r.name();
        TestMatrices.assertClose(r.expected(), res.output(), SkeletonCases.TOL, what);
        assertEquals(r.rows(), res.output().rows(), what + ": rows");
        assertEquals(r.cols(), res.output().cols(), what + ": cols");
        assertEquals(SkeletonCases.nnz(x), res.work(), what + ": work is nnz(X)");
      }
    }
  }

  @Test
  void cellwiseOverASparseMainKeepsItSparse() {
    MatrixBlock x = TestMatrices.random(130, 70, 0.01, 72, true);
    MatrixBlock u = SkeletonCases.uniform(130, K, 0.1, 1, 73);
    MatrixBlock v = SkeletonCases.uniform(70, K, 0.1, 1, 74);
    SpoofResult res = product(OuterType.CELLWISE).execute(List.of(x, u, v), null, 130, 70, SEQ);
    assertTrue(res.output().isSparse());
    assertEquals(x.nnz(), res.output().nnz());
  }

  @Test
  void workGrowsWithTheNonZerosNotTheCells() {
    MatrixBlock u = SkeletonCases.uniform(400, K, 0.1, 1, 75);
    MatrixBlock v = SkeletonCases.uniform(300, K, 0.1, 1, 76);
    MatrixBlock sparse = TestMatrices.random(400, 300, 0.001, 77, true);
    MatrixBlock denser = TestMatrices.random(400, 300, 0.01, 78, true);
    long w1 = product(OuterType.AGG).execute(List.of(sparse, u, v), null, 1, 1, SEQ).work();
    long w2 = product(OuterType.AGG).execute(List.of(denser, u, v), null, 1, 1, SEQ).work();
    assertEquals(sparse.nnz(), w1);
    assertEquals(denser.nnz(), w2);
    assertTrue(w2 < 400 * 300 / 50, "work " + w2 + " must be far below the cells");
  }

  @Test
  void oneAndTwoThreadsGiveIdenticalResults() {
    MatrixBlock dense = abs(TestMatrices.random(600, 400, 0.6, 81, false));
    MatrixBlock sparse = abs(TestMatrices.random(600, 400, 0.2, 82, true));
    MatrixBlock u = SkeletonCases.uniform(600, K, 0.1, 1, 83);
    MatrixBlock v = SkeletonCases.uniform(400, K, 0.1, 1, 84);
    for (MatrixBlock x : List.of(dense, sparse)) {
      assertThreadCountsAgree(x, u, v);
    }
  }

  /**
   * Every type over X with one and with two threads: the same output bit for bit, equal to the
   * unfused kernels, and nnz(X) calls of the body.
   */
  private static void assertThreadCountsAgree(MatrixBlock x, MatrixBlock u, MatrixBlock v) {
    for (Run r : runs(x, u, v)) {
      String what = (x.isSparse() ? "sparse " : "dense ") + r.name();
      List<MatrixBlock> in = List.of(x, u, v);
      double[] s = {EPS};
      SpoofResult one = r.op().execute(in, s, r.rows(), r.cols(), SEQ);
      SpoofResult two = r.op().execute(in, s, r.rows(), r.cols(), TWO);
      assertTrue(MatrixComparison.approxEquals(one.output(), two.output(), 0, 0), what);
      assertEquals(x.nnz(), one.work(), what + ": work is nnz(X)");
      assertEquals(one.work(), two.work(), what);
      TestMatrices.assertClose(r.expected(), two.output(), SkeletonCases.TOL, what);
    }
  }

  /**
   * Enough rows for several row tasks and a rank above the vector width: every type still
   * equals the unfused kernels, and one and two threads agree bit for bit (LEFT's column-range
   * tasks, as many as the threads allow, sum each output row over X's rows in order).
   */
  @Test
  void rowTasksAndColumnRangesGiveTheSequentialResult() {
    int k = 23;
    int m = 2 * SpoofOuterProduct.TASK_ROWS + 37;
    int n = 1311;
    MatrixBlock u = SkeletonCases.uniform(m, k, 0.1, 1, 85);
    MatrixBlock v = SkeletonCases.uniform(n, k, 0.1, 1, 86);
    MatrixBlock sparse = abs(TestMatrices.random(m, n, 0.01, 87, true));
    MatrixBlock dense = abs(TestMatrices.random(m, n, 0.3, 88, false));
    for (MatrixBlock x : List.of(sparse, dense)) {
      assertThreadCountsAgree(x, u, v);
    }
  }

  /**
   * A linear LEFT, {@code t(X * (U V^T)) %*% U}, runs as the linear RIGHT over t(X) with U and V
   * swapped, so the two give the same output bit for bit (on the register loops, for a rank
   * they hold: the JVM's first), over sparse and dense X, and LEFT matches the unfused kernels.
   */
  @Test
  void aLinearLeftIsTheLinearRightOfTheTransposeBitForBit() {
    int k = K;
    while (k <= 32 && !org.planlab.engine.kernels.VectorPrimitives.outerRegisters(k)) {
      k++;
    }
    k = k > 32 ? K : k;
    int m = SpoofOuterProduct.TASK_ROWS + 301;
    int n = 777;
    MatrixBlock u = SkeletonCases.uniform(m, k, 0.1, 1, 90);
    MatrixBlock v = SkeletonCases.uniform(n, k, 0.1, 1, 91);
    for (MatrixBlock x : List.of(abs(TestMatrices.random(m, n, 0.02, 92, true)),
        abs(TestMatrices.random(m, n, 0.4, 93, false)))) {
      String what = x.isSparse() ? "sparse X" : "dense X";
      MatrixBlock left = product(OuterType.LEFT, true)
          .execute(List.of(x, u, v), null, n, k, TWO).output();
      MatrixBlock xt = ReorgKernels.transposeToSparse(x, SEQ);
      MatrixBlock right = product(OuterType.RIGHT, true)
          .execute(List.of(xt, v, u), null, n, k, SEQ).output();
      assertTrue(MatrixComparison.approxEquals(right, left, 0, 0), what);
      MatrixBlock w = ElementwiseKernels.binary(x, uvt(u, v), BinaryOp.MULT, SEQ);
      TestMatrices.assertClose(MatMultKernels.transposeLeftMultiply(w, u, SEQ), left,
          SkeletonCases.TOL, what);
    }
  }

  /**
   * X's transpose is kept for the next LEFT over the same block, and not used for another
   * block, even one of equal values.
   */
  @Test
  void theTransposeOfXIsKeptPerBlock() {
    MatrixBlock x = TestMatrices.random(50, 40, 0.1, 94, true);
    MatrixBlock t = SpoofOuterProduct.transposeOf(x, SEQ);
    assertSame(t, SpoofOuterProduct.transposeOf(x, SEQ));
    assertTrue(MatrixComparison.approxEquals(ReorgKernels.transpose(x, SEQ), t, 0, 0));
    MatrixBlock copy = x.copy();
    MatrixBlock tc = SpoofOuterProduct.transposeOf(copy, SEQ);
    assertNotSame(t, tc);
    assertTrue(MatrixComparison.approxEquals(t, tc, 0, 0));
  }

  /**
   * A side input besides U and V read by cell, here X itself in sparse form (ALS-CG's
   * {@code W * (U V^T - X)}): the values are X's, found in its sparse rows.
   */
  @Test
  void aSparseSideInputIsReadByCell() {
    MatrixBlock x = abs(TestMatrices.random(300, 2000, 0.02, 89, true));
    MatrixBlock w = ElementwiseKernels.binary(x, 0, BinaryOp.NEQ, SEQ);
    MatrixBlock u = SkeletonCases.uniform(300, 20, 0.1, 1, 90);
    MatrixBlock v = SkeletonCases.uniform(2000, 20, 0.1, 1, 91);
    SpoofOuterProduct residual = new SpoofOuterProduct(OuterType.RIGHT) {
      @Override
      protected double genexec(double a, double uv, double[] u, int ui, double[] v, int vi,
          SideInput[] b, double[] scalars, int k, int rix, int cix) {
        return a * (uv - b[2].get(rix, cix));
      }
    };
    MatrixBlock expected = MatMultKernels.multiply(ElementwiseKernels.binary(w,
        ElementwiseKernels.binary(uvt(u, v), x, BinaryOp.MINUS, SEQ), BinaryOp.MULT, SEQ), v, SEQ);
    SpoofResult res = residual.execute(List.of(w, u, v, x), null, 300, 20, TWO);
    TestMatrices.assertClose(expected, res.output(), 1e-9, "W * (U V^T - X) %*% V");
  }

  /**
   * A LEFT whose cell is not linear runs over the rows of t(X) when its side inputs are read
   * from dense arrays, and over column ranges of X when one is sparse: both give the same
   * result bit for bit (here ALS-CG's {@code t(W * (U V^T - X)) %*% U} with X as a dense and
   * as a sparse side input), with one and two threads, and the unfused result.
   */
  @Test
  void aNonLinearLeftOverTheTransposeEqualsTheColumnRangesBitForBit() {
    MatrixBlock x = abs(TestMatrices.random(300, 2 * SpoofOuterProduct.TASK_ROWS + 77, 0.02, 95,
        true));
    int n = x.cols();
    MatrixBlock w = ElementwiseKernels.binary(x, 0, BinaryOp.NEQ, SEQ);
    MatrixBlock dense = x.copy().toDenseInPlace();
    SpoofOuterProduct residual = new SpoofOuterProduct(OuterType.LEFT) {
      @Override
      protected double genexec(double a, double uv, double[] u, int ui, double[] v, int vi,
          SideInput[] b, double[] scalars, int k, int rix, int cix) {
        return a * (uv - b[2].get(rix, cix));
      }
    };
    for (int k : new int[] {10, 20}) {
      MatrixBlock u = SkeletonCases.uniform(300, k, 0.1, 1, 96);
      MatrixBlock v = SkeletonCases.uniform(n, k, 0.1, 1, 97);
      MatrixBlock byColumns = residual.execute(List.of(w, u, v, x), null, n, k, TWO).output();
      MatrixBlock byTranspose = residual.execute(List.of(w, u, v, dense), null, n, k, TWO)
          .output();
      assertTrue(MatrixComparison.approxEquals(byColumns, byTranspose, 0, 0), "rank " + k);
      assertTrue(MatrixComparison.approxEquals(byTranspose,
          residual.execute(List.of(w, u, v, dense), null, n, k, SEQ).output(), 0, 0),
          "rank " + k + ", one thread");
      MatrixBlock expected = MatMultKernels.transposeLeftMultiply(ElementwiseKernels.binary(w,
          ElementwiseKernels.binary(uvt(u, v), x, BinaryOp.MINUS, SEQ), BinaryOp.MULT, SEQ), u,
          SEQ);
      TestMatrices.assertClose(expected, byTranspose, 1e-9, "t(W * (U V^T - X)) %*% U");
    }
  }

  @Test
  void rejectsFactorsThatDoNotFitX() {
    MatrixBlock x = MatrixBlock.dense(5, 4);
    MatrixBlock u = MatrixBlock.dense(5, 2);
    MatrixBlock v = MatrixBlock.dense(4, 2);
    SpoofOuterProduct op = product(OuterType.AGG);
    assertThrows(DimensionMismatchException.class,
        () -> op.execute(List.of(x, MatrixBlock.dense(6, 2), v), null, 1, 1, SEQ));
    assertThrows(DimensionMismatchException.class,
        () -> op.execute(List.of(x, u, MatrixBlock.dense(5, 2)), null, 1, 1, SEQ));
    DimensionMismatchException rank = assertThrows(DimensionMismatchException.class,
        () -> op.execute(List.of(x, u, MatrixBlock.dense(4, 3)), null, 1, 1, SEQ));
    assertTrue(rank.getMessage().contains("5x2") && rank.getMessage().contains("4x3"),
        rank.getMessage());
    assertThrows(IllegalArgumentException.class,
        () -> op.execute(List.of(x, u), null, 1, 1, SEQ));
  }
}
