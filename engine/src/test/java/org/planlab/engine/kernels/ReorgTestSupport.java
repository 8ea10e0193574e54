package org.planlab.engine.kernels;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.planlab.engine.matrix.MatrixBlock;
import org.planlab.engine.matrix.SparseBlock;
import org.planlab.engine.matrix.SparseBlockCSR;
import org.planlab.engine.matrix.TestMatrices;

/**
 * Checks shared by the reorganisation kernel tests: exact agreement with a naive double[][]
 * reference, well-formed sparse output, the documented output format, and untouched inputs.
 */
final class ReorgTestSupport {
  private ReorgTestSupport() {
  }

  /**
   * Asserts {@code actual} equals the reference exactly, has exact nnz, is well formed, and is
   * in the format {@link MatrixBlock#preferSparse} picks for it.
   */
  static void assertResult(double[][] expected, int rows, int cols, MatrixBlock actual,
      String what) {
    assertEquals(rows + "x" + cols, actual.shape(), what + ": shape");
    TestMatrices.assertClose(expected, actual, 0, what);
    assertWellFormed(actual, what);
    assertEquals(MatrixBlock.preferSparse(rows, cols, actual.nnz()), actual.isSparse(),
        what + ": format for nnz " + actual.nnz());
  }

  /** Sparse rows: column indexes strictly ascending and inside the block, no stored zeros. */
  static void assertWellFormed(MatrixBlock m, String what) {
    if (!m.isSparse() || !m.isAllocated()) {
      return;
    }
    SparseBlock sb = m.sparseRows();
    assertEquals(m.rows(), sb.numRows(), what + ": sparse row count");
    for (int r = 0; r < m.rows(); r++) {
      int apos = sb.pos(r);
      int[] aix = sb.indexes(r);
      double[] av = sb.values(r);
      for (int k = apos; k < apos + sb.size(r); k++) {
        assertTrue(aix[k] >= 0 && aix[k] < m.cols(), what + ": column " + aix[k] + " in row " + r);
        assertTrue(k == apos || aix[k - 1] < aix[k], what + ": unsorted row " + r);
        assertTrue(av[k] != 0, what + ": stored zero in row " + r);
      }
    }
  }

  /** A snapshot of an input, to assert later that a kernel left it alone. */
  record Snapshot(MatrixBlock block, double[][] values, long nnz, boolean sparse) {
    static Snapshot of(MatrixBlock m) {
      return new Snapshot(m, m.toArray(), m.nnz(), m.isSparse());
    }

    void assertUnchanged(String what) {
      assertEquals(sparse, block.isSparse(), what + ": input format changed");
      assertEquals(nnz, block.nnz(), what + ": input nnz changed");
      TestMatrices.assertClose(values, block, 0, what + ": input changed");
    }
  }

  /**
   * {@link TestMatrices#sweep} plus genuine 0-row blocks: {@code TestMatrices.random(0, n, ..)}
   * builds its block from a {@code double[0][n]}, which cannot carry the column count, so the
   * sweep's "0x5" cases are 0x0.
   */
  static List<TestMatrices.Case> sweep(long seed) {
    List<TestMatrices.Case> cases = new ArrayList<>(TestMatrices.sweep(seed));
    for (int cols : new int[] {1, 5}) {
      String n = "0x" + cols + " ";
      cases.add(new TestMatrices.Case(n + "dense", MatrixBlock.dense(0, cols)));
      cases.add(new TestMatrices.Case(n + "csr",
          MatrixBlock.sparse(0, cols, SparseBlockCSR.empty(0))));
      cases.add(new TestMatrices.Case(n + "mcsr", MatrixBlock.sparse(0, cols)));
      cases.add(new TestMatrices.Case(n + "unallocated", MatrixBlock.empty(0, cols, true)));
    }
    return cases;
  }

  /** The same values in dense, CSR and MCSR form. */
  static MatrixBlock[] formats(MatrixBlock m) {
    MatrixBlock d = m.copy().toDenseInPlace();
    return new MatrixBlock[] {d, d.copy().toSparseInPlace(), TestMatrices.asMCSR(d)};
  }

  /** Random integers in [1, max] as an n x 1 block. */
  static MatrixBlock randomCodes(int n, int max, Random rnd) {
    double[] a = new double[n];
    for (int i = 0; i < n; i++) {
      a[i] = 1 + rnd.nextInt(max);
    }
    return MatrixBlock.dense(n, 1, a);
  }

  // ---------------------------------------------------------------- naive references

  static double[][] transpose(double[][] a, int rows, int cols) {
    double[][] t = new double[cols][rows];
    for (int i = 0; i < rows; i++) {
      for (int j = 0; j < cols; j++) {
        t[j][i] = a[i][j];
      }
    }
    return t;
  }

  static double[][] slice(double[][] a, int r0, int r1, int c0, int c1) {
    double[][] s = new double[r1 - r0][c1 - c0];
    for (int i = r0; i < r1; i++) {
      for (int j = c0; j < c1; j++) {
        s[i - r0][j - c0] = a[i][j];
      }
    }
    return s;
  }

  static double[][] copy(double[][] a) {
    double[][] c = new double[a.length][];
    for (int i = 0; i < a.length; i++) {
      c[i] = a[i].clone();
    }
    return c;
  }
}
