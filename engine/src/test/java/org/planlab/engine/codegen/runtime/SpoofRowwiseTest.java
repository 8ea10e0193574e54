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
import org.planlab.engine.kernels.MatMultKernels;
import org.planlab.engine.matrix.MatrixBlock;
import org.planlab.engine.matrix.MatrixComparison;
import org.planlab.engine.matrix.TestMatrices;
import org.planlab.engine.ops.AggregateOp;
import org.planlab.engine.ops.BinaryOp;
import org.planlab.engine.ops.Direction;
import org.planlab.engine.parallel.KernelPool;

class SpoofRowwiseTest {
  private static final KernelPool SEQ = KernelPool.sequential();
  private static final KernelPool TWO = new KernelPool(2);
  private static final int P = 3;

  @AfterAll
  static void closePool() {
    TWO.close();
  }

  /** {@code t(X) %*% (w * (X %*% v))} as COL_AGG_T; b[0] = v (n x 1), b[1] = w (m x 1). */
  private static SpoofRowwise mmchain() {
    return new SpoofRowwise(RowType.COL_AGG_T, 1, false) {
      @Override
      protected void genexec(double[] a, int ai, double[] avals, int[] aix, int apos, int alen,
          SideInput[] b, double[] scalars, double[] c, int ci, int len, int rix,
          VectorBuffer buf) {
        double[] v = b[0].values();
        double[] t = buf.next(1);
        if (avals == null) {
          t[0] = VectorOps.dotProduct(a, v, ai, 0, len) * b[1].values()[rix];
          VectorOps.vectOuterMultAdd(a, t, c, ai, 0, ci, len, 1);
        } else {
          t[0] = VectorOps.dotProduct(avals, aix, apos, alen, v, 0) * b[1].values()[rix];
          VectorOps.vectOuterMultAdd(avals, aix, apos, alen, t, 0, c, ci, 1);
        }
      }
    };
  }

  /** {@code X %*% V} as NO_AGG; b[0] = V (n x P). */
  private static SpoofRowwise matmult() {
    return new SpoofRowwise(RowType.NO_AGG, 1, false) {
      @Override
      protected void genexec(double[] a, int ai, double[] avals, int[] aix, int apos, int alen,
          SideInput[] b, double[] scalars, double[] c, int ci, int len, int rix,
          VectorBuffer buf) {
        int p = b[0].cols();
        double[] r = avals == null
            ? VectorOps.vectMatMult(a, ai, b[0].values(), len, p, buf)
            : VectorOps.vectMatMult(avals, aix, apos, alen, b[0].values(), p, buf);
        VectorOps.vectWrite(r, c, 0, ci, p);
      }
    };
  }

  /** {@code rowMaxs(X)} as NO_AGG with one scalar per row. */
  private static SpoofRowwise rowMaxs() {
    return new SpoofRowwise(RowType.NO_AGG, 0, false) {
      @Override
      protected void genexec(double[] a, int ai, double[] avals, int[] aix, int apos, int alen,
          SideInput[] b, double[] scalars, double[] c, int ci, int len, int rix,
          VectorBuffer buf) {
        if (avals != null && a != null) {
          throw new AssertionError("dense row passed although not requested");
        }
        c[ci] = avals == null ? VectorOps.vectMax(a, ai, len)
            : VectorOps.vectMax(avals, apos, alen, len);
      }
    };
  }

  /** {@code colSums(X * X)} as COL_AGG, reading sparse rows densified (needsDenseRow). */
  private static SpoofRowwise colSumsOfSquares() {
    return new SpoofRowwise(RowType.COL_AGG, 1, true) {
      @Override
      protected void genexec(double[] a, int ai, double[] avals, int[] aix, int apos, int alen,
          SideInput[] b, double[] scalars, double[] c, int ci, int len, int rix,
          VectorBuffer buf) {
        double[] sq = VectorOps.vectBinaryWrite(BinaryOp.MULT, a, a, ai, ai, len, buf);
        VectorOps.vectAdd(sq, c, 0, ci, len);
      }
    };
  }

  /** {@code sum(X^2)} as FULL_AGG. */
  private static SpoofRowwise sumOfSquares() {
    return new SpoofRowwise(RowType.FULL_AGG, 0, false) {
      @Override
      protected void genexec(double[] a, int ai, double[] avals, int[] aix, int apos, int alen,
          SideInput[] b, double[] scalars, double[] c, int ci, int len, int rix,
          VectorBuffer buf) {
        c[ci] += avals == null ? VectorOps.vectSumSq(a, ai, len)
            : VectorOps.vectSumSq(avals, apos, alen);
      }
    };
  }

  /** One operator with its inputs, output shape and unfused reference. */
  private record Run(String name, SpoofRowwise op, List<MatrixBlock> in, int rows, int cols,
      MatrixBlock expected) {
  }

  private static List<Run> runs(MatrixBlock x, long seed, boolean sparseSides) {
    int m = x.rows();
    int n = x.cols();
    MatrixBlock v = SkeletonCases.side(n, 1, seed, false);
    MatrixBlock w = SkeletonCases.side(m, 1, seed + 1, false);
    MatrixBlock bigV = SkeletonCases.halfSide(n, P, seed + 2, sparseSides);
    MatrixBlock xx = ElementwiseKernels.binary(x, x, BinaryOp.MULT, SEQ);
    MatrixBlock chain = MatMultKernels.transposeLeftMultiply(x,
        ElementwiseKernels.binary(w, MatMultKernels.multiply(x, v, SEQ), BinaryOp.MULT, SEQ),
        SEQ);
    return List.of(
        new Run("t(X)(w*(Xv))", mmchain(), List.of(x, v, w), n, 1, chain),
        new Run("X%*%V", matmult(), List.of(x, bigV), m, P,
            MatMultKernels.multiply(x, bigV, SEQ)),
        new Run("rowMaxs(X)", rowMaxs(), List.of(x), m, 1,
            AggregateKernels.aggregate(x, AggregateOp.MAX, Direction.ROW, SEQ)),
        new Run("colSums(X*X)", colSumsOfSquares(), List.of(x), 1, n,
            AggregateKernels.aggregate(xx, AggregateOp.SUM, Direction.COL, SEQ)),
        new Run("sum(X^2)", sumOfSquares(), List.of(x), 1, 1,
            AggregateKernels.aggregate(x, AggregateOp.SUM_SQ, Direction.FULL, SEQ)));
  }

  @Test
  void everyRowTypeMatchesUnfusedKernelsOverAllFormats() {
    int i = 0;
    for (Case c : SkeletonCases.mains(51)) {
      MatrixBlock x = c.x();
      for (Run r : runs(x, 600 + 3L * i, i++ % 2 == 0)) {
        SpoofResult res = r.op().execute(r.in(), null, r.rows(), r.cols(), SEQ);
        String what = c + " " + r.name();
        TestMatrices.assertClose(r.expected(), res.output(), SkeletonCases.TOL, what);
        assertEquals(r.rows(), res.output().rows(), what + ": rows");
        assertEquals(r.cols(), res.output().cols(), what + ": cols");
        assertEquals(x.rows(), res.work(), what + ": work is one body call per row");
      }
    }
  }

  @Test
  void oneAndTwoThreadsGiveIdenticalResults() {
    MatrixBlock dense = TestMatrices.random(1000, 200, 1.0, 61, false);
    MatrixBlock sparse = TestMatrices.random(1000, 200, 0.3, 62, true);
    for (MatrixBlock x : List.of(dense, sparse)) {
      for (Run r : runs(x, 63, x.isSparse())) {
        String what = (x.isSparse() ? "sparse " : "dense ") + r.name();
        SpoofResult one = r.op().execute(r.in(), null, r.rows(), r.cols(), SEQ);
        SpoofResult two = r.op().execute(r.in(), null, r.rows(), r.cols(), TWO);
        assertTrue(MatrixComparison.approxEquals(one.output(), two.output(), 0, 0), what);
        TestMatrices.assertClose(r.expected(), two.output(), SkeletonCases.TOL, what);
      }
    }
  }

  @Test
  void noAggNeedsOneOutputRowPerInputRow() {
    MatrixBlock x = MatrixBlock.dense(4, 2);
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> rowMaxs().execute(List.of(x), null, 3, 1, SEQ));
    assertTrue(e.getMessage().contains("3"), e.getMessage());
  }

  @Test
  void rejectsNegativeOutputDimensions() {
    MatrixBlock x = MatrixBlock.dense(4, 2);
    assertThrows(IllegalArgumentException.class,
        () -> sumOfSquares().execute(List.of(x), null, 1, -2, SEQ));
  }
}
