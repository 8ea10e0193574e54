package org.planlab.engine.kernels;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.planlab.engine.matrix.DimensionMismatchException;
import org.planlab.engine.matrix.MatrixBlock;
import org.planlab.engine.parallel.KernelPool;
import org.planlab.engine.matrix.MatrixComparison;
import org.planlab.engine.matrix.TestMatrices;

/**
 * solve, inv, cholesky and det against references written here (Gaussian elimination with
 * partial pivoting, Cholesky-Banachiewicz) and against reconstruction (a x = b, inv(a) a = I,
 * L L^T = a), over dense, CSR and MCSR inputs.
 */
class LinAlgKernelsTest {
  // 40 and 75 span two and three panels of the blocked LU
  private static final int[] SIZES = {1, 2, 3, 5, 17, 40, 75};
  private static final double[] SPARSITIES = {0.05, 0.3, 1.0};

  /** A non-singular, reasonably conditioned n x n test matrix in three formats. */
  private record Square(String name, MatrixBlock block) {
    @Override
    public String toString() {
      return name;
    }
  }

  /**
   * Random matrices with U(-1, 1) entries at the given sparsity plus a diagonal of n/2 (sparse
   * inputs stay non-singular; dense ones still need pivoting), and general dense random ones.
   */
  private static List<Square> squares(long seed) {
    List<Square> out = new ArrayList<>();
    int i = 0;
    for (int n : SIZES) {
      for (double sp : SPARSITIES) {
        double[][] a = TestMatrices.random(n, n, sp, seed + 17L * i++, false).toArray();
        for (int k = 0; k < n; k++) {
          a[k][k] += (k % 2 == 0 ? 1 : -1) * Math.max(1, n / 2.0);
        }
        addFormats(out, n + "x" + n + " sp=" + sp + " shifted", MatrixBlock.of(a));
      }
      addFormats(out, n + "x" + n + " general", TestMatrices.random(n, n, 1.0, seed + 17L * i++,
          false));
    }
    return out;
  }

  private static void addFormats(List<Square> out, String name, MatrixBlock m) {
    MatrixBlock dense = m.copy().toDenseInPlace();
    out.add(new Square(name + " dense", dense));
    out.add(new Square(name + " csr", dense.copy().toSparseInPlace()));
    out.add(new Square(name + " mcsr", TestMatrices.asMCSR(dense)));
  }

  // ---------------------------------------------------------------- solve

  @Test
  void solveMatchesGaussianEliminationAndReconstructsB() {
    for (Square s : squares(1)) {
      MatrixBlock a = s.block();
      int n = a.rows();
      for (int k : new int[] {1, 3}) {
        for (boolean sparseB : new boolean[] {false, true}) {
          MatrixBlock b = TestMatrices.random(n, k, 0.6, 100 + n, sparseB);
          MatrixBlock aBefore = a.copy();
          MatrixBlock bBefore = b.copy();
          MatrixBlock x = LinAlgKernels.solve(a, b);
          String what = s + " b " + n + "x" + k + (sparseB ? " sparse" : " dense");
          assertFalse(x.isSparse(), what);
          assertMatches(gaussSolve(a.toArray(), b.toArray()), x, 1e-12, what);
          assertSmallResidual(a, x, b, what);
          assertTrue(MatrixComparison.approxEquals(aBefore, a, 0, 0), what + ": a modified");
          assertTrue(MatrixComparison.approxEquals(bBefore, b, 0, 0), what + ": b modified");
        }
      }
    }
  }

  /** The blocked LU's trailing updates split over threads by rows: the same bits for any. */
  @Test
  void solveAndInvAreBitIdenticalForOneAndTwoThreads() {
    MatrixBlock a = TestMatrices.random(301, 301, 1.0, 5, false);
    MatrixBlock b = TestMatrices.random(301, 2, 1.0, 6, false);
    try (KernelPool two = new KernelPool(2)) {
      MatrixBlock x = LinAlgKernels.solve(a, b);
      assertTrue(MatrixComparison.approxEquals(x, LinAlgKernels.solve(a, b, two), 0, 0));
      assertSmallResidual(a, x, b, "301x301");
      assertTrue(MatrixComparison.approxEquals(LinAlgKernels.inv(a), LinAlgKernels.inv(a, two),
          0, 0));
    }
  }

  @Test
  void solveOfOneByOne() {
    MatrixBlock x = LinAlgKernels.solve(MatrixBlock.of(new double[][] {{4}}),
        MatrixBlock.of(new double[][] {{2, 8, 0}}));
    TestMatrices.assertClose(new double[][] {{0.5, 2, 0}}, x, 0, "1x1");
    assertEquals(2, x.nnz());
  }

  @Test
  void solveOfZeroByZero() {
    MatrixBlock x = LinAlgKernels.solve(MatrixBlock.empty(0, 0), MatrixBlock.empty(0, 3));
    assertEquals(0, x.rows());
    assertEquals(3, x.cols());
    MatrixBlock y = LinAlgKernels.solve(MatrixBlock.of(new double[][] {{1, 2}, {3, 4}}),
        MatrixBlock.empty(2, 0));
    assertEquals(2, y.rows());
    assertEquals(0, y.cols());
  }

  @Test
  void solveRejectsNonSquareCoefficients() {
    DimensionMismatchException e = assertThrows(DimensionMismatchException.class,
        () -> LinAlgKernels.solve(MatrixBlock.dense(3, 4), MatrixBlock.dense(3, 1)));
    assertEquals("dimension mismatch in solve: 3x4 and 3x1 (the coefficient matrix must be"
        + " square)", e.getMessage());
  }

  @Test
  void solveRejectsRightHandSideOfOtherHeight() {
    DimensionMismatchException e = assertThrows(DimensionMismatchException.class,
        () -> LinAlgKernels.solve(MatrixBlock.dense(3, 3), MatrixBlock.dense(2, 1)));
    assertTrue(e.getMessage().startsWith("dimension mismatch in solve: 3x3 and 2x1"),
        e.getMessage());
  }

  @Test
  void solveRejectsSingularMatrices() {
    double[][] tenths = {{0.1, 0.2, 0.3}, {0.4, 0.5, 0.6}, {0.7, 0.8, 0.9}};
    double[][] tinyTenths = new double[3][3];
    for (int i = 0; i < 3; i++) {
      for (int j = 0; j < 3; j++) {
        tinyTenths[i][j] = tenths[i][j] * 1e-9;
      }
    }
    double[][][] singular = {
        {{0}},
        {{1, 2}, {2, 4}},
        {{1, 2}, {3, 6}},
        {{0, 0}, {0, 0}},
        {{1, 2, 3}, {4, 5, 6}, {7, 8, 9}},
        // rank 2, but LU leaves a last pivot of 1.1e-16 rather than 0
        tenths,
        // the same times 1e-9 (last pivot 1.2e-25, far below commons-math's absolute 1e-11
        // default, yet that default would also reject 1e-12 * I): singular for its scale
        tinyTenths,
    };
    for (double[][] m : singular) {
      for (MatrixBlock a : new MatrixBlock[] {MatrixBlock.of(m), MatrixBlock.of(m)
          .toSparseInPlace()}) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
            () -> LinAlgKernels.solve(a, MatrixBlock.dense(m.length, 1)));
        assertTrue(e.getMessage().startsWith("solve: the " + m.length + "x" + m.length
            + " matrix is singular"), e.getMessage());
      }
    }
  }

  @Test
  void solveJudgesSingularityRelativeToScale() {
    // commons-math's absolute default (1e-11) would call these singular
    for (double scale : new double[] {1e-12, 1e-200, 1e200}) {
      MatrixBlock a = MatrixBlock.of(new double[][] {{2 * scale, scale}, {scale, 3 * scale}});
      MatrixBlock b = MatrixBlock.of(new double[][] {{3 * scale}, {4 * scale}});
      TestMatrices.assertClose(new double[][] {{1}, {1}}, LinAlgKernels.solve(a, b), 1e-14,
          "scale " + scale);
    }
  }

  // ---------------------------------------------------------------- inv

  @Test
  void invTimesMatrixIsIdentityAndMatchesGaussianElimination() {
    for (Square s : squares(2)) {
      MatrixBlock a = s.block();
      int n = a.rows();
      MatrixBlock before = a.copy();
      MatrixBlock inv = LinAlgKernels.inv(a);
      assertFalse(inv.isSparse(), s.name());
      assertMatches(gaussSolve(a.toArray(), identity(n)), inv, 1e-12, s.name());
      double[][] prod = multiply(inv.toArray(), a.toArray());
      double[][] prod2 = multiply(a.toArray(), inv.toArray());
      for (int i = 0; i < n; i++) {
        for (int j = 0; j < n; j++) {
          assertEquals(i == j ? 1 : 0, prod[i][j], 1e-12, s + " inv(a)*a at " + i + "," + j);
          assertEquals(i == j ? 1 : 0, prod2[i][j], 1e-12, s + " a*inv(a) at " + i + "," + j);
        }
      }
      assertTrue(MatrixComparison.approxEquals(before, a, 0, 0), s + ": a modified");
    }
  }

  @Test
  void invOfSmallCases() {
    TestMatrices.assertClose(new double[][] {{0.25}},
        LinAlgKernels.inv(MatrixBlock.of(new double[][] {{4}})), 0, "1x1");
    MatrixBlock empty = LinAlgKernels.inv(MatrixBlock.empty(0, 0));
    assertEquals(0, empty.rows());
    assertEquals(0, empty.cols());
    TestMatrices.assertClose(new double[][] {{1e12, 0}, {0, 1e12}},
        LinAlgKernels.inv(MatrixBlock.of(new double[][] {{1e-12, 0}, {0, 1e-12}})), 1e-15,
        "tiny scale");
    // a result with exact zeros has an exact nnz
    MatrixBlock d = LinAlgKernels.inv(MatrixBlock.of(new double[][] {{2, 0}, {0, 4}}));
    TestMatrices.assertClose(new double[][] {{0.5, 0}, {0, 0.25}}, d, 0, "diagonal");
    assertEquals(2, d.nnz());
  }

  @Test
  void invRejectsSingularAndNonSquareMatrices() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> LinAlgKernels.inv(MatrixBlock.of(new double[][] {{1, 2, 3}, {4, 5, 6}, {7, 8, 9}})));
    assertTrue(e.getMessage().startsWith("inv: the 3x3 matrix is singular"), e.getMessage());
    assertEquals("dimension mismatch in inv: 2x3 (the matrix must be square)",
        assertThrows(DimensionMismatchException.class,
            () -> LinAlgKernels.inv(MatrixBlock.dense(2, 3))).getMessage());
  }

  // ---------------------------------------------------------------- cholesky

  @Test
  void choleskyIsLowerTriangularReconstructsAndMatchesReference() {
    Random rnd = new Random(3);
    for (int n : SIZES) {
      for (double sp : SPARSITIES) {
        // M M^T + n I: symmetric positive definite, and exactly symmetric as computed
        double[][] m = TestMatrices.random(n, n, sp, rnd.nextLong(), false).toArray();
        double[][] a = multiply(m, transpose(m));
        for (int i = 0; i < n; i++) {
          a[i][i] += n;
        }
        List<Square> formats = new ArrayList<>();
        addFormats(formats, n + "x" + n + " sp=" + sp, MatrixBlock.of(a));
        double[][] expected = choleskyReference(a);
        for (Square s : formats) {
          MatrixBlock before = s.block().copy();
          MatrixBlock l = LinAlgKernels.cholesky(s.block());
          assertFalse(l.isSparse(), s.name());
          assertMatches(expected, l, 1e-12, s.name());
          double[][] la = l.toArray();
          for (int i = 0; i < n; i++) {
            for (int j = i + 1; j < n; j++) {
              assertEquals(0.0, la[i][j], s + " upper entry " + i + "," + j);
            }
            assertTrue(la[i][i] > 0, s + " diagonal " + i);
          }
          double[][] llt = multiply(la, transpose(la));
          double scale = maxAbs(a);
          for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
              assertEquals(a[i][j], llt[i][j], 1e-13 * scale, s + " L*L^T at " + i + "," + j);
            }
          }
          assertTrue(MatrixComparison.approxEquals(before, s.block(), 0, 0), s + ": a modified");
        }
      }
    }
  }

  @Test
  void choleskyOfSmallCases() {
    TestMatrices.assertClose(new double[][] {{3}},
        LinAlgKernels.cholesky(MatrixBlock.of(new double[][] {{9}})), 0, "1x1");
    assertEquals(0, LinAlgKernels.cholesky(MatrixBlock.empty(0, 0)).rows());
    MatrixBlock tiny = LinAlgKernels.cholesky(MatrixBlock.of(new double[][] {{4e-20, 2e-20},
        {2e-20, 5e-20}}));
    TestMatrices.assertClose(new double[][] {{2e-10, 0}, {1e-10, 2e-10}}, tiny, 1e-15,
        "tiny scale");
    assertEquals(3, tiny.nnz());
  }

  @Test
  void choleskyRejectsIndefiniteAndSemidefiniteMatrices() {
    // rank 2 of 3 with entries that do not cancel exactly: the last pivot is rounding noise
    double[][] f = {{0.1, 0.2}, {0.3, 0.7}, {0.11, 0.13}};
    double[][] lowRank = multiply(f, transpose(f));
    double[][][] notPd = {{{-1}}, {{0}}, {{1, 2}, {2, 1}}, {{1, 1}, {1, 1}},
        {{1, 1, 0}, {1, 2, 1}, {0, 1, 1}}, lowRank};
    for (double[][] m : notPd) {
      IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
          () -> LinAlgKernels.cholesky(MatrixBlock.of(m)));
      assertTrue(e.getMessage().startsWith("cholesky: the " + m.length + "x" + m.length
          + " matrix must be symmetric positive definite, but it is not positive definite"),
          e.getMessage());
    }
  }

  @Test
  void choleskyRejectsNonSymmetricMatrices() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> LinAlgKernels.cholesky(MatrixBlock.of(new double[][] {{2, 1}, {0, 2}})));
    assertEquals("cholesky: the 2x2 matrix must be symmetric positive definite, but it is not"
        + " symmetric: a[0, 1] = 1.0 and a[1, 0] = 0.0 (0-based)", e.getMessage());
    assertEquals("dimension mismatch in cholesky: 3x2 (the matrix must be square)",
        assertThrows(DimensionMismatchException.class,
            () -> LinAlgKernels.cholesky(MatrixBlock.dense(3, 2))).getMessage());
  }

  // ---------------------------------------------------------------- det

  @Test
  void detMatchesGaussianElimination() {
    for (Square s : squares(4)) {
      double expected = gaussDet(s.block().toArray());
      double actual = LinAlgKernels.det(s.block());
      assertEquals(expected, actual, 1e-12 * Math.abs(expected), s.name());
    }
  }

  @Test
  void detOfSmallAndSingularCases() {
    assertEquals(1.0, LinAlgKernels.det(MatrixBlock.empty(0, 0)));
    assertEquals(-3.0, LinAlgKernels.det(MatrixBlock.of(new double[][] {{-3}})));
    assertEquals(-2.0, LinAlgKernels.det(MatrixBlock.of(new double[][] {{1, 2}, {3, 4}})), 1e-15);
    assertEquals(0.0, LinAlgKernels.det(MatrixBlock.of(new double[][] {{1, 2}, {2, 4}})));
    assertEquals(0.0, LinAlgKernels.det(MatrixBlock.of(new double[][] {{0, 0, 1}, {0, 0, 2},
        {1, 1, 1}})));
    assertEquals(0.0, LinAlgKernels.det(MatrixBlock.empty(3, 3)));
    assertEquals(1e-36, LinAlgKernels.det(MatrixBlock.of(new double[][] {{1e-12, 0, 0},
        {0, 1e-12, 0}, {0, 0, 1e-12}})), 1e-50);
    assertThrows(DimensionMismatchException.class, () -> LinAlgKernels.det(MatrixBlock.dense(1,
        2)));
  }

  // ---------------------------------------------------------------- references and checks

  /** x with a x = b by Gaussian elimination with partial pivoting on copies. */
  private static double[][] gaussSolve(double[][] a0, double[][] b0) {
    int n = a0.length;
    int k = n == 0 ? 0 : b0[0].length;
    double[][] a = deepCopy(a0);
    double[][] b = deepCopy(b0);
    for (int col = 0; col < n; col++) {
      int p = col;
      for (int r = col + 1; r < n; r++) {
        if (Math.abs(a[r][col]) > Math.abs(a[p][col])) {
          p = r;
        }
      }
      double[] t = a[p];
      a[p] = a[col];
      a[col] = t;
      t = b[p];
      b[p] = b[col];
      b[col] = t;
      for (int r = col + 1; r < n; r++) {
        double f = a[r][col] / a[col][col];
        for (int c = col; c < n; c++) {
          a[r][c] -= f * a[col][c];
        }
        for (int c = 0; c < k; c++) {
          b[r][c] -= f * b[col][c];
        }
      }
    }
    double[][] x = new double[n][k];
    for (int r = n - 1; r >= 0; r--) {
      for (int c = 0; c < k; c++) {
        double s = b[r][c];
        for (int j = r + 1; j < n; j++) {
          s -= a[r][j] * x[j][c];
        }
        x[r][c] = s / a[r][r];
      }
    }
    return x;
  }

  private static double gaussDet(double[][] a0) {
    double[][] a = deepCopy(a0);
    int n = a.length;
    double det = 1;
    for (int col = 0; col < n; col++) {
      int p = col;
      for (int r = col + 1; r < n; r++) {
        if (Math.abs(a[r][col]) > Math.abs(a[p][col])) {
          p = r;
        }
      }
      if (p != col) {
        double[] t = a[p];
        a[p] = a[col];
        a[col] = t;
        det = -det;
      }
      det *= a[col][col];
      for (int r = col + 1; r < n; r++) {
        double f = a[r][col] / a[col][col];
        for (int c = col; c < n; c++) {
          a[r][c] -= f * a[col][c];
        }
      }
    }
    return det;
  }

  /** Cholesky-Banachiewicz, row by row. */
  private static double[][] choleskyReference(double[][] a) {
    int n = a.length;
    double[][] l = new double[n][n];
    for (int i = 0; i < n; i++) {
      for (int j = 0; j <= i; j++) {
        double s = a[i][j];
        for (int k = 0; k < j; k++) {
          s -= l[i][k] * l[j][k];
        }
        l[i][j] = i == j ? Math.sqrt(s) : s / l[j][j];
      }
    }
    return l;
  }

  /**
   * Cell-wise agreement within {@code relTol} relative to the cell or to the largest expected
   * value (entries near zero carry the rounding of the large ones), plus exact nnz.
   */
  private static void assertMatches(double[][] expected, MatrixBlock actual, double relTol,
      String what) {
    MatrixBlock e = MatrixBlock.of(expected.length == 0 ? new double[0][0] : expected);
    String diff = MatrixComparison.firstDifference(e, actual, relTol, relTol * maxAbs(expected));
    if (diff != null) {
      throw new AssertionError(what + ": " + diff);
    }
    TestMatrices.assertClose(actual, actual.copy(), 0, what);
    long nnz = 0;
    for (double[] row : actual.toArray()) {
      for (double v : row) {
        nnz += v != 0 ? 1 : 0;
      }
    }
    assertEquals(nnz, actual.nnz(), what + ": nnz");
  }

  /** ||a x - b|| <= 1e-13 * ||a|| * ||x|| (max norms), the backward error of a stable solve. */
  private static void assertSmallResidual(MatrixBlock a, MatrixBlock x, MatrixBlock b,
      String what) {
    double[][] ax = multiply(a.toArray(), x.toArray());
    double[][] bb = b.toArray();
    double res = 0;
    for (int i = 0; i < ax.length; i++) {
      for (int j = 0; j < ax[i].length; j++) {
        res = Math.max(res, Math.abs(ax[i][j] - bb[i][j]));
      }
    }
    double bound = 1e-13 * a.rows() * maxAbs(a.toArray()) * maxAbs(x.toArray());
    assertTrue(res <= bound, what + ": residual " + res + " > " + bound);
  }

  private static double[][] multiply(double[][] a, double[][] b) {
    int n = a.length;
    int m = b.length;
    int k = m == 0 ? 0 : b[0].length;
    double[][] c = new double[n][k];
    for (int i = 0; i < n; i++) {
      for (int j = 0; j < k; j++) {
        double s = 0;
        for (int p = 0; p < m; p++) {
          s += a[i][p] * b[p][j];
        }
        c[i][j] = s;
      }
    }
    return c;
  }

  private static double[][] transpose(double[][] a) {
    int n = a.length;
    int m = n == 0 ? 0 : a[0].length;
    double[][] t = new double[m][n];
    for (int i = 0; i < n; i++) {
      for (int j = 0; j < m; j++) {
        t[j][i] = a[i][j];
      }
    }
    return t;
  }

  private static double[][] identity(int n) {
    double[][] id = new double[n][n];
    for (int i = 0; i < n; i++) {
      id[i][i] = 1;
    }
    return id;
  }

  private static double maxAbs(double[][] a) {
    double m = 0;
    for (double[] row : a) {
      for (double v : row) {
        m = Math.max(m, Math.abs(v));
      }
    }
    return m;
  }

  private static double[][] deepCopy(double[][] a) {
    double[][] c = new double[a.length][];
    for (int i = 0; i < a.length; i++) {
      c[i] = a[i].clone();
    }
    return c;
  }
}
