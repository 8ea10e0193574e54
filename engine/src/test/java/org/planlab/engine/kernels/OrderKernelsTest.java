package org.planlab.engine.kernels;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.planlab.engine.kernels.ReorgTestSupport.assertResult;

import java.util.Random;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.planlab.engine.matrix.MatrixBlock;
import org.planlab.engine.matrix.MatrixComparison;
import org.planlab.engine.matrix.TestMatrices;
import org.planlab.engine.parallel.KernelPool;

class OrderKernelsTest {
  private static final KernelPool TWO = new KernelPool(2);
  private static final KernelPool[] POOLS = {KernelPool.sequential(), TWO};

  @AfterAll
  static void closePool() {
    TWO.close();
  }

  /**
   * Reference permutation by a stable insertion of each row behind every row that must precede
   * it: a row precedes another when its key is strictly smaller (larger when decreasing), NaN
   * keys coming after all numbers; equal keys keep input order.
   */
  private static int[] naiveOrder(double[] keys, boolean decreasing) {
    int n = keys.length;
    int[] perm = new int[n];
    for (int i = 0; i < n; i++) {
      int j = i;
      while (j > 0 && before(keys[i], keys[perm[j - 1]], decreasing)) {
        perm[j] = perm[j - 1];
        j--;
      }
      perm[j] = i;
    }
    return perm;
  }

  private static boolean before(double x, double y, boolean decreasing) {
    if (Double.isNaN(x)) {
      return false;
    }
    if (Double.isNaN(y)) {
      return true;
    }
    return decreasing ? x > y : x < y;
  }

  private static double[][] indexColumn(int[] perm) {
    double[][] out = new double[perm.length][1];
    for (int i = 0; i < perm.length; i++) {
      out[i][0] = perm[i] + 1;
    }
    return out;
  }

  private static double[] columnOf(double[][] a, int c) {
    double[] k = new double[a.length];
    for (int i = 0; i < a.length; i++) {
      k[i] = a[i][c];
    }
    return k;
  }

  private static MatrixBlock column(double... v) {
    return MatrixBlock.dense(v.length, 1, v.clone());
  }

  @Test
  void orderMatchesStableReferenceOverSweep() {
    for (TestMatrices.Case c : ReorgTestSupport.sweep(501)) {
      MatrixBlock x = c.block();
      if (x.cols() == 0) {
        continue;
      }
      ReorgTestSupport.Snapshot in = ReorgTestSupport.Snapshot.of(x);
      double[][] a = in.values();
      for (int by : new int[] {1, x.cols()}) {
        for (boolean decreasing : new boolean[] {false, true}) {
          int[] perm = naiveOrder(columnOf(a, by - 1), decreasing);
          double[][] sorted = new double[a.length][];
          for (int i = 0; i < a.length; i++) {
            sorted[i] = a[perm[i]];
          }
          for (KernelPool pool : POOLS) {
            String what = "order " + c + " by=" + by + " decr=" + decreasing + " p="
                + pool.parallelism();
            assertResult(sorted, x.rows(), x.cols(),
                OrderKernels.order(x, by, decreasing, false, pool), what);
            assertResult(indexColumn(perm), x.rows(), 1,
                OrderKernels.order(x, by, decreasing, true, pool), what + " index");
          }
        }
      }
      in.assertUnchanged("order " + c);
    }
  }

  @Test
  void equalKeysKeepTheirOriginalOrderInBothDirections() {
    MatrixBlock x = MatrixBlock.of(new double[][] {{3, 1}, {1, 2}, {3, 3}, {2, 4}, {1, 5}});
    for (MatrixBlock in : ReorgTestSupport.formats(x)) {
      assertResult(new double[][] {{2}, {5}, {4}, {1}, {3}}, 5, 1,
          OrderKernels.order(in, 1, false, true, KernelPool.sequential()), "increasing");
      assertResult(new double[][] {{1}, {3}, {4}, {2}, {5}}, 5, 1,
          OrderKernels.order(in, 1, true, true, KernelPool.sequential()), "decreasing");
      assertResult(new double[][] {{1, 2}, {1, 5}, {2, 4}, {3, 1}, {3, 3}}, 5, 2,
          OrderKernels.order(in, 1, false, false, KernelPool.sequential()), "rows");
    }
  }

  @Test
  void nanKeysSortLastInBothDirections() {
    MatrixBlock x = column(2, Double.NaN, -1, Double.NaN, 5, 0);
    assertResult(new double[][] {{3}, {6}, {1}, {5}, {2}, {4}}, 6, 1,
        OrderKernels.order(x, 1, false, true, KernelPool.sequential()), "increasing");
    assertResult(new double[][] {{5}, {1}, {6}, {3}, {2}, {4}}, 6, 1,
        OrderKernels.order(x, 1, true, true, KernelPool.sequential()), "decreasing");
  }

  @Test
  void negativeZeroEqualsZero() {
    MatrixBlock x = column(0.0, -0.0, 0.0, -1);
    assertResult(new double[][] {{4}, {1}, {2}, {3}}, 4, 1,
        OrderKernels.order(x, 1, false, true, KernelPool.sequential()), "increasing");
    assertResult(new double[][] {{1}, {2}, {3}, {4}}, 4, 1,
        OrderKernels.order(x, 1, true, true, KernelPool.sequential()), "decreasing");
  }

  @Test
  void oneAndTwoThreadsGiveIdenticalResultsOnManyDuplicates() {
    // large enough that runs and merges fork; few distinct keys make stability matter
    int n = 120_000;
    Random rnd = new Random(9);
    double[] a = new double[n * 2];
    for (int i = 0; i < n; i++) {
      int k = rnd.nextInt(12);
      a[2 * i] = k == 11 ? Double.NaN : k - 5;
      a[2 * i + 1] = i;
    }
    MatrixBlock x = MatrixBlock.dense(n, 2, a);
    double[] keys = new double[n];
    for (int i = 0; i < n; i++) {
      keys[i] = a[2 * i];
    }
    for (boolean decreasing : new boolean[] {false, true}) {
      MatrixBlock one = OrderKernels.order(x, 1, decreasing, false, KernelPool.sequential());
      MatrixBlock two = OrderKernels.order(x, 1, decreasing, false, TWO);
      assertTrue(MatrixComparison.approxEquals(one, two, 0, 0));
      MatrixBlock idx = OrderKernels.order(x, 1, decreasing, true, TWO);
      assertResult(indexColumn(stableByCounting(keys, decreasing)), n, 1, idx,
          "index decr=" + decreasing);
      // the second column holds the original row (0-based): it must equal the index - 1
      for (int i = 0; i < n; i++) {
        assertEquals(idx.get(i, 0) - 1, two.get(i, 1), "row " + i);
      }
    }
  }

  /** Stable order of small-integer keys (-5..5, NaN) by bucketing, independent of any sort. */
  private static int[] stableByCounting(double[] keys, boolean decreasing) {
    int n = keys.length;
    int[] perm = new int[n];
    int p = 0;
    for (int b = 0; b < 11; b++) {
      double key = decreasing ? 5 - b : b - 5;
      for (int i = 0; i < n; i++) {
        if (keys[i] == key) {
          perm[p++] = i;
        }
      }
    }
    for (int i = 0; i < n; i++) {
      if (Double.isNaN(keys[i])) {
        perm[p++] = i;
      }
    }
    assertEquals(n, p);
    return perm;
  }

  @Test
  void columnOutsideTheMatrixIsRejected() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> OrderKernels.order(MatrixBlock.dense(10, 4), 5, false, false,
            KernelPool.sequential()));
    assertEquals("order: by column 5 is not a column of a 10x4 matrix (columns are numbered 1 to"
        + " 4)", e.getMessage());
  }
}
