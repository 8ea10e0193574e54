package org.planlab.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.planlab.engine.parallel.KernelPool;

/**
 * The hand-written loops against naive triple-loop references over small matrices with about a
 * third zeros, dense and as CSR arrays built here (independently of the engine's blocks), on two
 * threads (each loop's two-range split) to a relative 1e-12.
 */
class HandLoopsTest {
  private static final int ROWS = 37;
  private static final int COLS = 11;
  private static final double TOL = 1e-12;

  private final KernelPool pool = new KernelPool(2);

  @AfterEach
  void close() {
    pool.close();
  }

  /** A rows x cols row-major array, about a third zeros when {@code withZeros}. */
  private static double[] matrix(int rows, int cols, long seed, boolean withZeros, double lo) {
    SplittableRandom rnd = new SplittableRandom(seed);
    double[] a = new double[rows * cols];
    for (int i = 0; i < a.length; i++) {
      a[i] = withZeros && rnd.nextInt(3) == 0 ? 0 : lo + (1 - lo) * rnd.nextDouble();
    }
    return a;
  }

  /** CSR arrays of a dense row-major array: row pointers, column indexes, values. */
  private record Csr(int[] ptr, int[] ix, double[] v) {
    static Csr of(double[] a, int rows, int cols) {
      int[] ptr = new int[rows + 1];
      List<Integer> ix = new ArrayList<>();
      List<Double> v = new ArrayList<>();
      for (int r = 0; r < rows; r++) {
        for (int c = 0; c < cols; c++) {
          if (a[r * cols + c] != 0) {
            ix.add(c);
            v.add(a[r * cols + c]);
          }
        }
        ptr[r + 1] = ix.size();
      }
      return new Csr(ptr, ix.stream().mapToInt(Integer::intValue).toArray(),
          v.stream().mapToDouble(Double::doubleValue).toArray());
    }
  }

  private static void assertClose(double expected, double actual) {
    assertEquals(expected, actual, TOL * Math.max(1, Math.abs(expected)));
  }

  private static void assertClose(double[] expected, double[] actual) {
    assertEquals(expected.length, actual.length);
    for (int i = 0; i < expected.length; i++) {
      assertClose(expected[i], actual[i]);
    }
  }

  private static double naiveSumProduct(double[] x, double[] y, double[] z) {
    double s = 0;
    for (int i = 0; i < x.length; i++) {
      s += x[i] * y[i] * (z == null ? 1 : z[i]);
    }
    return s;
  }

  /** t(X) %*% (W * (X %*% V)), V cols x p, W rows x p, result cols x p (all row-major). */
  private static double[] naiveChain(double[] x, double[] v, double[] w, int rows, int cols,
      int p) {
    double[] xv = new double[rows * p];
    for (int r = 0; r < rows; r++) {
      for (int j = 0; j < p; j++) {
        for (int c = 0; c < cols; c++) {
          xv[r * p + j] += x[r * cols + c] * v[c * p + j];
        }
        xv[r * p + j] *= w[r * p + j];
      }
    }
    double[] out = new double[cols * p];
    for (int c = 0; c < cols; c++) {
      for (int j = 0; j < p; j++) {
        for (int r = 0; r < rows; r++) {
          out[c * p + j] += x[r * cols + c] * xv[r * p + j];
        }
      }
    }
    return out;
  }

  @Test
  void sparseSumProduct3MatchesTheDenseNaiveSum() {
    double[] x = matrix(ROWS, COLS, 1, true, -1);
    double[] y = matrix(ROWS, COLS, 2, false, -1);
    double[] z = matrix(ROWS, COLS, 3, false, -1);
    Csr csr = Csr.of(x, ROWS, COLS);
    assertClose(naiveSumProduct(x, y, z),
        HandLoops.sumProduct3Sparse(csr.ptr(), csr.ix(), csr.v(), ROWS, COLS, y, z, pool));
  }

  @Test
  void sparseSumProducts2MatchesBothDenseNaiveSums() {
    double[] x = matrix(ROWS, COLS, 4, true, -1);
    double[] y = matrix(ROWS, COLS, 5, false, -1);
    double[] z = matrix(ROWS, COLS, 6, false, -1);
    Csr csr = Csr.of(x, ROWS, COLS);
    assertClose(new double[] {naiveSumProduct(x, y, null), naiveSumProduct(x, z, null)},
        HandLoops.sumProducts2Sparse(csr.ptr(), csr.ix(), csr.v(), ROWS, COLS, y, z, pool));
  }

  @Test
  void denseWeightedMmchainMatchesTheNaiveChain() {
    double[] x = matrix(ROWS, COLS, 7, true, -1);
    double[] v = matrix(COLS, 1, 8, false, -1);
    double[] w = matrix(ROWS, 1, 9, true, -1);
    assertClose(naiveChain(x, v, w, ROWS, COLS, 1),
        HandLoops.mmchainWeighted(x, v, w, ROWS, COLS, pool));
  }

  @Test
  void sparseWeightedMmchainMatchesTheNaiveChain() {
    double[] x = matrix(ROWS, COLS, 10, true, -1);
    double[] v = matrix(COLS, 1, 11, false, -1);
    double[] w = matrix(ROWS, 1, 12, false, -1);
    Csr csr = Csr.of(x, ROWS, COLS);
    assertClose(naiveChain(x, v, w, ROWS, COLS, 1),
        HandLoops.mmchainWeightedSparse(csr.ptr(), csr.ix(), csr.v(), ROWS, COLS, v, w, pool));
  }

  @ParameterizedTest(name = "p = {0}")
  @ValueSource(ints = {1, 2, 3})
  void denseMatrixChainMatchesTheNaiveChain(int p) {
    double[] x = matrix(ROWS, COLS, 13, true, -1);
    double[] v = matrix(COLS, p, 14, false, -1);
    double[] w = matrix(ROWS, p, 15, false, -1);
    assertClose(naiveChain(x, v, w, ROWS, COLS, p),
        HandLoops.mmchainMatrix(x, v, w, ROWS, COLS, p, pool));
  }

  @ParameterizedTest(name = "p = {0}")
  @ValueSource(ints = {1, 2, 3})
  void sparseMatrixChainMatchesTheNaiveChain(int p) {
    double[] x = matrix(ROWS, COLS, 16, true, -1);
    double[] v = matrix(COLS, p, 17, false, -1);
    double[] w = matrix(ROWS, p, 18, false, -1);
    Csr csr = Csr.of(x, ROWS, COLS);
    assertClose(naiveChain(x, v, w, ROWS, COLS, p),
        HandLoops.mmchainMatrixSparse(csr.ptr(), csr.ix(), csr.v(), ROWS, COLS, v, w, p, pool));
  }

  /** sum over non-zero x_ij of x_ij * log(U[i,] . V[j,] + eps), U m x k, V n x k. */
  private static double naiveOuterLog(double[] x, int m, int n, double[] u, double[] v, int k,
      double eps) {
    double s = 0;
    for (int i = 0; i < m; i++) {
      for (int j = 0; j < n; j++) {
        if (x[i * n + j] != 0) {
          double uv = 0;
          for (int t = 0; t < k; t++) {
            uv += u[i * k + t] * v[j * k + t];
          }
          s += x[i * n + j] * Math.log(uv + eps);
        }
      }
    }
    return s;
  }

  @Test
  void sparseOuterLogMatchesTheNaiveSumOverNonZeros() {
    int k = 5;
    double[] x = matrix(ROWS, COLS, 19, true, -1);
    double[] u = matrix(ROWS, k, 20, false, 0);
    double[] v = matrix(COLS, k, 21, false, 0);
    Csr csr = Csr.of(x, ROWS, COLS);
    assertClose(naiveOuterLog(x, ROWS, COLS, u, v, k, 1e-15),
        HandLoops.sumXLogUvSparse(csr.ptr(), csr.ix(), csr.v(), ROWS, u, v, k, 1e-15, pool));
  }

  @Test
  void denseOuterLogMatchesTheNaiveSumOverNonZeros() {
    int k = 6;
    double[] x = matrix(ROWS, COLS, 22, true, -1);
    double[] u = matrix(ROWS, k, 23, false, 0);
    double[] v = matrix(COLS, k, 24, false, 0);
    assertClose(naiveOuterLog(x, ROWS, COLS, u, v, k, 1e-15),
        HandLoops.sumXLogUvDense(x, ROWS, COLS, u, v, k, 1e-15, pool));
  }

  @Test
  void sparseRightOuterProductMatchesTheNaiveProduct() {
    int k = 7;
    double[] x = matrix(ROWS, COLS, 25, true, -1);
    double[] u = matrix(ROWS, k, 26, false, -1);
    double[] v = matrix(COLS, k, 27, false, -1);
    double[] expected = new double[ROWS * k];
    for (int i = 0; i < ROWS; i++) {
      for (int j = 0; j < COLS; j++) {
        double xij = x[i * COLS + j];
        if (xij != 0) {
          double uv = 0;
          for (int t = 0; t < k; t++) {
            uv += u[i * k + t] * v[j * k + t];
          }
          for (int t = 0; t < k; t++) {
            expected[i * k + t] += xij * uv * v[j * k + t];
          }
        }
      }
    }
    Csr csr = Csr.of(x, ROWS, COLS);
    assertClose(expected,
        HandLoops.rightXuvSparse(csr.ptr(), csr.ix(), csr.v(), ROWS, u, v, k, pool));
  }
}
