package org.planlab.engine.kernels;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.planlab.engine.matrix.MatrixBlock;

/**
 * {@link UniqueKernels} against SystemDS 3.3.0: the order of the distinct values is the one
 * SystemDS printed for the same matrix (read from a CSV file there), including a set large
 * enough that the hash table grows several times.
 */
class UniqueKernelsTest {

  /** 30 x 4 values ((i * 37) mod 83 - 20) / 4 for the row-major cell index i: 83 distinct. */
  private static MatrixBlock cycle() {
    double[][] v = new double[30][4];
    for (int r = 0; r < 30; r++) {
      for (int c = 0; c < 4; c++) {
        v[r][c] = (((r * 4 + c) * 37) % 83 - 20) / 4.0;
      }
    }
    return MatrixBlock.of(v);
  }

  @Test
  void distinctValuesComeInSystemDsOrder() {
    // SystemDS: print(toString(t(unique(X)), decimal=2))
    double[] expected = {
        2.00, 0.00, -2.00, 2.25, -2.25, -2.50, 2.50, 2.75, -2.75, 3.00, -3.00, 3.25, -3.25,
        -3.50, 3.50, -3.75, 3.75, -4.00, 4.00, 4.25, -4.25, 4.50, -4.50, -4.75, 4.75, -5.00,
        5.00, 5.25, 5.50, 5.75, 6.00, 6.25, 6.50, 6.75, 7.00, 7.25, 7.50, 7.75, 8.00, 8.25,
        8.50, 8.75, 9.00, 9.25, 9.50, 9.75, 10.00, 10.25, 10.50, 10.75, 11.25, 11.00, 11.50,
        11.75, 12.00, 12.25, 12.50, 12.75, 13.00, 13.25, 13.50, 13.75, 14.00, 14.25, 14.50,
        14.75, 15.00, 15.25, 15.50, -0.25, 0.25, 0.50, -0.50, 0.75, -0.75, 1.00, -1.00, -1.25,
        1.25, -1.50, 1.50, -1.75, 1.75};
    MatrixBlock u = UniqueKernels.unique(cycle(), UniqueKernels.Dir.ALL);
    double[] actual = new double[u.rows()];
    for (int i = 0; i < actual.length; i++) {
      actual[i] = u.get(i, 0);
    }
    assertArrayEquals(expected, actual);
  }

  @Test
  void aSparseInputGivesTheOrderOfItsDenseForm() {
    double[] v = new double[400];
    v[3 * 20 + 4] = 7;
    v[10 * 20 + 2] = -1;
    v[19 * 20 + 19] = 7;
    MatrixBlock dense = MatrixBlock.dense(20, 20, v);
    dense.recomputeNonZeros();
    MatrixBlock sparse = dense.copy().toSparseInPlace();
    assertTrue(sparse.isSparse() && !dense.isSparse());
    // SystemDS's order of {0, 7, -1} added in row-major order
    assertArrayEquals(new double[][] {{0}, {-1}, {7}},
        UniqueKernels.unique(dense, UniqueKernels.Dir.ALL).toArray());
    assertArrayEquals(UniqueKernels.unique(dense, UniqueKernels.Dir.ALL).toArray(),
        UniqueKernels.unique(sparse, UniqueKernels.Dir.ALL).toArray());
  }
}
