package org.planlab.engine.kernels;

import java.util.Random;
import org.planlab.engine.matrix.MatrixBlock;
import org.planlab.engine.matrix.TestMatrices;

/**
 * Independent references for the multiplication kernels (naive loops over {@code double[][]})
 * and the assertions the tests share.
 */
final class Reference {
  /** Relative error allowed against the sum of absolute products of a cell. */
  static final double REL = 1e-12;

  /** The three formats a test operand comes in. */
  enum Format {
    DENSE, CSR, MCSR
  }

  private Reference() {
  }

  static double[][] multiply(double[][] a, double[][] b, int n) {
    int m = a.length;
    int k = m == 0 ? 0 : a[0].length;
    double[][] c = new double[m][n];
    for (int i = 0; i < m; i++) {
      for (int j = 0; j < n; j++) {
        double s = 0;
        for (int p = 0; p < k; p++) {
          s += a[i][p] * b[p][j];
        }
        c[i][j] = s;
      }
    }
    return c;
  }

  /** Per cell {@code sum_k |a_ik| * |b_kj|}: the scale of the rounding error of a dot product. */
  static double[][] absProductBound(double[][] a, double[][] b, int n) {
    return multiply(abs(a), abs(b), n);
  }

  static double[][] abs(double[][] a) {
    double[][] r = new double[a.length][];
    for (int i = 0; i < a.length; i++) {
      r[i] = new double[a[i].length];
      for (int j = 0; j < a[i].length; j++) {
        r[i][j] = Math.abs(a[i][j]);
      }
    }
    return r;
  }

  static double[][] transpose(double[][] a, int cols) {
    double[][] t = new double[cols][a.length];
    for (int i = 0; i < a.length; i++) {
      for (int j = 0; j < cols; j++) {
        t[j][i] = a[i][j];
      }
    }
    return t;
  }

  /**
   * Asserts shape, |actual - ref| <= REL * bound (+1e-300) per cell, exact nnz, and that the
   * format is the one {@link MatrixBlock#preferSparse} picks for that nnz.
   */
  static void assertWithinBound(double[][] ref, double[][] bound, int rows, int cols,
      MatrixBlock actual, String what) {
    if (actual.rows() != rows || actual.cols() != cols) {
      throw new AssertionError(what + ": shape " + actual.shape() + ", expected " + rows + "x" + cols);
    }
    double[][] c = actual.toArray();
    for (int i = 0; i < rows; i++) {
      for (int j = 0; j < cols; j++) {
        double tol = REL * bound[i][j] + 1e-300;
        if (!(Math.abs(c[i][j] - ref[i][j]) <= tol)) {
          throw new AssertionError(what + ": cell (" + i + ", " + j + ") is " + c[i][j]
              + ", expected " + ref[i][j] + " +- " + tol);
        }
      }
    }
    assertExactNnzAndFormat(actual, what);
  }

  /** Exact equality with a reference array (for integer-valued data), plus nnz and format. */
  static void assertExact(double[][] ref, int rows, int cols, MatrixBlock actual, String what) {
    assertWithinBound(ref, new double[rows][cols], rows, cols, actual, what);
  }

  static void assertExactNnzAndFormat(MatrixBlock actual, String what) {
    long nnz = 0;
    for (double[] row : actual.toArray()) {
      for (double v : row) {
        nnz += v != 0 ? 1 : 0;
      }
    }
    if (actual.nnz() != nnz) {
      throw new AssertionError(what + ": nnz is " + actual.nnz() + " but the block holds " + nnz);
    }
    if (actual.isSparse() && actual.isAllocated() && actual.sparseRows().size() != nnz) {
      throw new AssertionError(what + ": sparse block stores explicit zeros");
    }
    boolean want = MatrixBlock.preferSparse(actual.rows(), actual.cols(), nnz);
    if (actual.isSparse() != want) {
      throw new AssertionError(what + ": format is " + (actual.isSparse() ? "sparse" : "dense")
          + " but the format rule wants " + (want ? "sparse" : "dense") + " for nnz " + nnz);
    }
  }

  /** Asserts bit-identical cells, nnz and format (the 1-vs-2-threads check). */
  static void assertIdentical(MatrixBlock expected, MatrixBlock actual, String what) {
    if (expected.rows() != actual.rows() || expected.cols() != actual.cols()) {
      throw new AssertionError(what + ": shapes differ: " + expected.shape() + " vs "
          + actual.shape());
    }
    double[][] e = expected.toArray();
    double[][] a = actual.toArray();
    for (int i = 0; i < e.length; i++) {
      for (int j = 0; j < e[i].length; j++) {
        if (Double.doubleToLongBits(e[i][j]) != Double.doubleToLongBits(a[i][j])) {
          throw new AssertionError(what + ": cell (" + i + ", " + j + ") differs: " + e[i][j]
              + " vs " + a[i][j]);
        }
      }
    }
    if (expected.nnz() != actual.nnz() || expected.isSparse() != actual.isSparse()) {
      throw new AssertionError(what + ": nnz/format differ: " + expected.nnz() + "/"
          + expected.isSparse() + " vs " + actual.nnz() + "/" + actual.isSparse());
    }
  }

  /** Same values in the requested format (a copy). */
  static MatrixBlock inFormat(MatrixBlock m, Format f) {
    return switch (f) {
      case DENSE -> m.copy().toDenseInPlace();
      case CSR -> m.copy().toSparseInPlace();
      case MCSR -> TestMatrices.asMCSR(m);
    };
  }

  /** U(-1, 1) values (never 0) at about the given sparsity, in the requested format. */
  static MatrixBlock random(int rows, int cols, double sparsity, long seed, Format f) {
    if (rows == 0) {
      // TestMatrices.random builds through MatrixBlock.of, which makes any 0-row array 0x0
      return inFormat(MatrixBlock.dense(0, cols), f);
    }
    return inFormat(TestMatrices.random(rows, cols, sparsity, seed, false), f);
  }

  /** Small integers in [-4, 4] \ {0} at about the given sparsity: every product sum is exact. */
  static MatrixBlock integers(int rows, int cols, double sparsity, long seed, Format f) {
    Random rnd = new Random(seed);
    double[][] a = new double[rows][cols];
    for (int i = 0; i < rows; i++) {
      for (int j = 0; j < cols; j++) {
        if (rnd.nextDouble() < sparsity) {
          int v = rnd.nextInt(8) - 4;
          a[i][j] = v >= 0 ? v + 1 : v;
        }
      }
    }
    return inFormat(rows == 0 ? MatrixBlock.dense(0, cols) : MatrixBlock.of(a), f);
  }

  /** Uniform values over twelve orders of magnitude, either sign, with a tenth zeros (+0, -0). */
  static double[] mixedMagnitudes(Random rnd, int len) {
    double[] a = new double[len];
    for (int i = 0; i < len; i++) {
      int kind = rnd.nextInt(10);
      a[i] = kind == 0 ? (rnd.nextBoolean() ? 0.0 : -0.0)
          : (rnd.nextDouble() * 2 - 1) * Math.pow(10, rnd.nextInt(13) - 6);
    }
    return a;
  }
}
