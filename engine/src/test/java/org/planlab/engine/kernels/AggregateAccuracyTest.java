package org.planlab.engine.kernels;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.math.MathContext;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.planlab.engine.matrix.MatrixBlock;
import org.planlab.engine.matrix.MatrixComparison;
import org.planlab.engine.matrix.TestMatrices;
import org.planlab.engine.ops.AggregateOp;
import org.planlab.engine.ops.Direction;
import org.planlab.engine.parallel.KernelPool;

/** Numerics on large inputs and bit-identical results for 1 and 2 threads where 2 really fork. */
class AggregateAccuracyTest {
  private static final KernelPool SEQ = KernelPool.sequential();
  private static final KernelPool TWO = new KernelPool(2);

  @AfterAll
  static void closePool() {
    TWO.close();
  }

  /** Inputs above KernelPool.MIN_PARALLEL_WORK that reach every parallel layout. */
  private static List<TestMatrices.Case> forkingInputs() {
    List<TestMatrices.Case> out = new ArrayList<>();
    // each just above the sizes where work forks and a reduction has more than one chunk
    MatrixBlock wide = TestMatrices.random(300, 240, 1.0, 1, false);
    MatrixBlock narrow = TestMatrices.random(25_000, 3, 0.9, 2, false);
    MatrixBlock column = TestMatrices.random(70_000, 1, 1.0, 3, false);
    MatrixBlock row = TestMatrices.random(1, 140_000, 0.5, 4, false);
    MatrixBlock sparse = TestMatrices.random(2000, 350, 0.1, 5, true);
    out.add(new TestMatrices.Case("wide dense 300x240", wide));
    out.add(new TestMatrices.Case("narrow dense 25000x3", narrow));
    out.add(new TestMatrices.Case("column 70000x1", column));
    out.add(new TestMatrices.Case("row 1x140000", row));
    out.add(new TestMatrices.Case("csr 2000x350", sparse));
    out.add(new TestMatrices.Case("mcsr 2000x350", TestMatrices.asMCSR(sparse)));
    out.add(new TestMatrices.Case("csr of wide", TestMatrices.otherFormat(wide)));
    return out;
  }

  @Test
  void oneAndTwoThreadsGiveBitIdenticalResultsOnInputsThatFork() {
    for (TestMatrices.Case c : forkingInputs()) {
      for (AggregateOp op : AggregateOp.values()) {
        for (Direction dir : Direction.values()) {
          String what = c + " " + op + " " + dir;
          MatrixBlock seq = AggregateKernels.aggregate(c.block(), op, dir, SEQ);
          MatrixBlock two = AggregateKernels.aggregate(c.block(), op, dir, TWO);
          assertTrue(MatrixComparison.approxEquals(seq, two, 0, 0),
              what + ": " + MatrixComparison.firstDifference(seq, two, 0, 0));
        }
      }
    }
  }

  @Test
  void multiChunkReductionsMatchTheReferenceInEveryLayout() {
    // ROW has no chunk merges (rows are independent): the sweep covers it
    for (TestMatrices.Case c : forkingInputs()) {
      for (AggregateOp op : new AggregateOp[] {AggregateOp.SUM, AggregateOp.VAR,
          AggregateOp.MAX, AggregateOp.PROD}) {
        for (Direction dir : new Direction[] {Direction.FULL, Direction.COL}) {
          MatrixBlock expected = AggregateReference.expected(c.block(), op, dir);
          TestMatrices.assertClose(expected, AggregateKernels.aggregate(c.block(), op, dir, TWO),
              1e-12, c + " " + op + " " + dir);
        }
      }
    }
  }

  @Test
  void reductionOverMoreThanAMillionValuesStaysWithin1e9OfBigDecimal() {
    MatrixBlock m = TestMatrices.random(2000, 600, 1.0, 77, false);
    double[] a = m.denseValues();
    for (int i = 0; i < a.length; i++) {
      a[i] = a[i] * 1000 + 0.37; // a non-zero mean, mixed magnitudes
    }
    // one exact pass gives every reference: sum, sum of squares, mean, variance
    BigDecimal s1 = BigDecimal.ZERO;
    BigDecimal s2 = BigDecimal.ZERO;
    for (double x : a) {
      BigDecimal b = new BigDecimal(x);
      s1 = s1.add(b);
      s2 = s2.add(b.multiply(b));
    }
    BigDecimal n = BigDecimal.valueOf(a.length);
    MathContext mc = new MathContext(40);
    double var = n.multiply(s2).subtract(s1.multiply(s1))
        .divide(n.multiply(BigDecimal.valueOf(a.length - 1L)), mc).doubleValue();
    for (AggregateOp op : new AggregateOp[] {AggregateOp.SUM, AggregateOp.SUM_SQ,
        AggregateOp.MEAN, AggregateOp.VAR, AggregateOp.SD}) {
      double expected = switch (op) {
        case SUM -> s1.doubleValue();
        case SUM_SQ -> s2.doubleValue();
        case MEAN -> s1.divide(n, mc).doubleValue();
        case VAR -> var;
        default -> Math.sqrt(var);
      };
      for (MatrixBlock in : new MatrixBlock[] {m, TestMatrices.otherFormat(m),
          TestMatrices.asMCSR(m)}) {
        double actual = AggregateKernels.full(in, op, TWO);
        assertTrue(MatrixComparison.close(expected, actual, 1e-9, 0),
            op + (in.isSparse() ? " sparse" : " dense") + ": " + expected + " vs " + actual);
      }
    }
  }

  @Test
  void varianceIsAccurateForDataWithALargeMean() {
    SplittableRandom rnd = new SplittableRandom(5);
    int rows = 400;
    int cols = 250;
    double[] a = new double[rows * cols];
    for (int i = 0; i < a.length; i++) {
      a[i] = 1e9 + rnd.nextDouble();
    }
    MatrixBlock m = MatrixBlock.dense(rows, cols, a);
    // narrow (column-chunked) and column-vector layouts, too
    MatrixBlock narrow = MatrixBlock.dense(rows * cols / 4, 4, a.clone());
    for (MatrixBlock in : new MatrixBlock[] {m, TestMatrices.otherFormat(m), narrow,
        TestMatrices.asMCSR(narrow)}) {
      for (Direction dir : Direction.values()) {
        String what = in.shape() + (in.isSparse() ? " sparse " : " dense ") + dir;
        MatrixBlock var = AggregateReference.expected(in, AggregateOp.VAR, dir);
        TestMatrices.assertClose(var, AggregateKernels.aggregate(in, AggregateOp.VAR, dir, TWO),
            1e-9, what + " VAR");
        double[] sd = var.denseValues().clone();
        for (int i = 0; i < sd.length; i++) {
          sd[i] = Math.sqrt(sd[i]);
        }
        TestMatrices.assertClose(MatrixBlock.dense(var.rows(), var.cols(), sd),
            AggregateKernels.aggregate(in, AggregateOp.SD, dir, TWO), 1e-9, what + " SD");
      }
    }
    // the textbook one-pass formula E[x^2] - E[x]^2 loses every digit here
    double n = a.length;
    double naive = (AggregateKernels.full(m, AggregateOp.SUM_SQ, SEQ)
        - Math.pow(AggregateKernels.full(m, AggregateOp.SUM, SEQ), 2) / n) / (n - 1);
    double exact = AggregateReference.variance(a);
    assertTrue(Math.abs(naive - exact) > 1e-3 * exact, "one-pass formula should fail: " + naive);
  }

  @Test
  void cancellationThatDefeatsNaiveSummationIsExactHere() {
    // rows 0..599: 1e9 + k/256 (k in 0..255), rows 600..1199: -1e9. The exact sum is sum(k)/256.
    // Any plain run of up to 2^15 such values is exact, so ours is exact whatever the blocking;
    // a naive running sum reaches 6e14, whose ulp (0.125) swallows the k/256 parts.
    SplittableRandom rnd = new SplittableRandom(11);
    int rows = 1200;
    int cols = 1000;
    double[] a = new double[rows * cols];
    for (int i = 0; i < a.length / 2; i++) {
      a[i] = 1e9 + rnd.nextInt(256) / 256.0;
      a[a.length / 2 + i] = -1e9;
    }
    BigDecimal exact = AggregateReference.exactSum(a);
    double naive = 0;
    for (double x : a) {
      naive += x;
    }
    double want = exact.doubleValue();
    assertTrue(Math.abs(naive - want) > 1e-6 * Math.abs(want),
        "naive summation should lose digits: " + naive + " vs " + want);
    MatrixBlock m = MatrixBlock.dense(rows, cols, a);
    for (MatrixBlock in : new MatrixBlock[] {m, TestMatrices.otherFormat(m),
        TestMatrices.asMCSR(m), MatrixBlock.dense(a.length, 1, a)}) {
      for (KernelPool pool : new KernelPool[] {SEQ, TWO}) {
        assertEquals(want, AggregateKernels.full(in, AggregateOp.SUM, pool),
            in.shape() + (in.isSparse() ? " sparse" : " dense"));
        assertEquals(want / a.length, AggregateKernels.full(in, AggregateOp.MEAN, pool),
            Math.ulp(want / a.length), in.shape() + " mean");
      }
    }
  }
}
