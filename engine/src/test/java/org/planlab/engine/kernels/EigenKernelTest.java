package org.planlab.engine.kernels;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import org.junit.jupiter.api.Test;
import org.planlab.engine.matrix.MatrixBlock;

/** eigen of symmetric matrices: A v = lambda v, orthonormal vectors, ascending values. */
class EigenKernelTest {

  @Test
  void aTwoByTwoHasItsKnownDecomposition() {
    MatrixBlock[] e = LinAlgKernels.eigen(MatrixBlock.of(new double[][] {{2, 1}, {1, 2}}));
    assertEquals(1.0, e[0].get(0, 0), 1e-14);
    assertEquals(3.0, e[0].get(1, 0), 1e-14);
    // the eigenvector of 3 is (1, 1) / sqrt(2) up to its sign
    assertEquals(Math.sqrt(0.5), Math.abs(e[1].get(0, 1)), 1e-14);
    assertEquals(e[1].get(0, 1), e[1].get(1, 1), 1e-14);
  }

  @Test
  void aRandomCovarianceSatisfiesTheDefinition() {
    int n = 30;
    Random r = new Random(5);
    double[][] x = new double[100][n];
    for (double[] row : x) {
      for (int j = 0; j < n; j++) {
        row[j] = r.nextGaussian();
      }
    }
    double[][] c = new double[n][n];
    for (int i = 0; i < n; i++) {
      for (int j = 0; j < n; j++) {
        for (double[] row : x) {
          c[i][j] += row[i] * row[j];
        }
      }
    }
    MatrixBlock[] e = LinAlgKernels.eigen(MatrixBlock.of(c));
    for (int k = 0; k < n; k++) {
      if (k > 0) {
        assertTrue(e[0].get(k - 1, 0) <= e[0].get(k, 0), "ascending");
      }
      double lambda = e[0].get(k, 0);
      for (int i = 0; i < n; i++) {
        double av = 0;
        for (int j = 0; j < n; j++) {
          av += c[i][j] * e[1].get(j, k);
        }
        assertEquals(lambda * e[1].get(i, k), av, 1e-9 * Math.abs(lambda) + 1e-9);
      }
      for (int l = 0; l < n; l++) {
        double dot = 0;
        for (int i = 0; i < n; i++) {
          dot += e[1].get(i, k) * e[1].get(i, l);
        }
        assertEquals(k == l ? 1.0 : 0.0, dot, 1e-12);
      }
    }
  }

  @Test
  void aMatrixThatIsNotSymmetricIsRefused() {
    assertEquals("eigen: the 2x2 matrix must be symmetric, but a[1, 0] = 3.0 and a[0, 1] = 1.0 "
        + "(0-based)", assertThrows(IllegalArgumentException.class,
            () -> LinAlgKernels.eigen(MatrixBlock.of(new double[][] {{2, 1}, {3, 2}})))
        .getMessage());
  }
}
