package org.planlab.engine.matrix;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * Deterministic random test inputs and the shape/format grid every kernel test sweeps. Shared
 * with the other modules' tests through the engine's test-jar.
 */
public final class TestMatrices {
  private TestMatrices() {
  }

  /** Sparsities a kernel test covers: ultra-sparse to dense. */
  public static final double[] SPARSITIES = {0.001, 0.05, 0.3, 0.7, 1.0};

  /** Shapes every kernel test covers: empty, 1x1, vectors, small and mid-sized matrices. */
  public static final int[][] SHAPES = {
      {0, 5}, {5, 0}, {0, 0}, {1, 1}, {1, 17}, {23, 1}, {7, 9}, {64, 33}, {130, 70}, {301, 12}
  };

  /**
   * A rows x cols block with about {@code sparsity} non-zeros drawn from U(-1, 1) (never 0),
   * in the requested format regardless of what the format rule would choose.
   */
  public static MatrixBlock random(int rows, int cols, double sparsity, long seed, boolean sparse) {
    Random rnd = new Random(seed);
    // start from an explicit shape: a double[][] cannot carry the column count of 0 x n
    MatrixBlock m = MatrixBlock.dense(rows, cols);
    double[] a = m.denseValues();
    for (int i = 0; i < a.length; i++) {
      if (rnd.nextDouble() < sparsity) {
        double v = rnd.nextDouble() * 2 - 1;
        a[i] = v == 0 ? 0.5 : v;
      }
    }
    m.recomputeNonZeros();
    return sparse ? m.toSparseInPlace() : m;
  }

  /** Same values as {@code m} in the other format. */
  public static MatrixBlock otherFormat(MatrixBlock m) {
    MatrixBlock c = m.copy();
    return m.isSparse() ? c.toDenseInPlace() : c.toSparseInPlace();
  }

  /** Same values as {@code m} in sparse MCSR form (the building representation). */
  public static MatrixBlock asMCSR(MatrixBlock m) {
    MatrixBlock s = m.copy().toSparseInPlace();
    s.sparseRowsForUpdate();
    return s;
  }

  /** One named test case: a block and a description for assertion messages. */
  public record Case(String name, MatrixBlock block) {
    @Override
    public String toString() {
      return name;
    }
  }

  /**
   * The standard sweep: every shape of {@link #SHAPES} x every sparsity x dense, CSR and MCSR
   * formats (the three formats hold the same values).
   */
  public static List<Case> sweep(long seed) {
    List<Case> out = new ArrayList<>();
    int i = 0;
    for (int[] s : SHAPES) {
      for (double sp : SPARSITIES) {
        MatrixBlock d = random(s[0], s[1], sp, seed + 31L * i++, false);
        String n = s[0] + "x" + s[1] + " sp=" + sp;
        out.add(new Case(n + " dense", d));
        out.add(new Case(n + " csr", otherFormat(d)));
        out.add(new Case(n + " mcsr", asMCSR(d)));
      }
    }
    return out;
  }

  /** Asserts agreement within {@code relTol} (absolute floor 1e-300), naming the first difference. */
  public static void assertClose(MatrixBlock expected, MatrixBlock actual, double relTol, String what) {
    String diff = MatrixComparison.firstDifference(expected, actual, relTol, 1e-300);
    if (diff != null) {
      throw new AssertionError(what + ": " + diff);
    }
    long nnz = actual.isSparse() ? actual.sparseRows().size() : countNonZeros(actual);
    if (actual.nnz() != nnz) {
      throw new AssertionError(what + ": nnz is " + actual.nnz() + " but the block holds " + nnz);
    }
  }

  /** Asserts agreement with a double[][] reference. */
  public static void assertClose(double[][] expected, MatrixBlock actual, double relTol, String what) {
    int r = expected.length;
    int c = r == 0 ? actual.cols() : expected[0].length;
    MatrixBlock e = MatrixBlock.dense(r, c);
    for (int i = 0; i < r; i++) {
      System.arraycopy(expected[i], 0, e.denseValues(), i * c, c);
    }
    e.recomputeNonZeros();
    assertClose(e, actual, relTol, what);
  }

  private static long countNonZeros(MatrixBlock m) {
    long n = 0;
    for (double[] row : m.toArray()) {
      for (double v : row) {
        n += v != 0 ? 1 : 0;
      }
    }
    return n;
  }
}
