package org.planlab.engine.kernels;

import org.apache.commons.math3.linear.Array2DRowRealMatrix;
import org.apache.commons.math3.linear.CholeskyDecomposition;
import org.apache.commons.math3.linear.EigenDecomposition;
import org.apache.commons.math3.linear.NonPositiveDefiniteMatrixException;
import org.apache.commons.math3.linear.NonSymmetricMatrixException;
import org.apache.commons.math3.linear.RealMatrix;
import org.planlab.engine.matrix.DimensionMismatchException;
import org.planlab.engine.matrix.MatrixBlock;
import org.planlab.engine.parallel.KernelPool;

/**
 * Dense linear algebra built-ins of DML: {@code solve}, {@code inv} and {@code det} by the
 * blocked LU decomposition of {@link LuDecomposition}, {@code cholesky} and the symmetric
 * eigendecomposition through commons-math3. Inputs may be dense or sparse (they are densified:
 * these factorizations fill in anyway); results are dense blocks with exact nnz.
 *
 * <p>Singularity is judged relative to the matrix's scale, not by an absolute threshold such
 * as commons-math's default (a pivot below 1e-11 would make {@code 1e-12 * I} singular): a pivot counts as zero
 * when it is at most {@code n * eps * max|a_ij|}, the rank tolerance of MATLAB's and NumPy's
 * {@code rank} with the largest entry standing in for the largest singular value. Like R's
 * {@code solve}, this rejects systems whose rows differ in scale by ~1/eps.
 */
public final class LinAlgKernels {
  /**
   * Largest relative difference of a[i][j] and a[j][i] that {@link #cholesky} accepts as
   * symmetric (SystemDS's value: tolerates rounding of matrices computed as symmetric).
   */
  static final double SYMMETRY_TOLERANCE = 1e-14;

  private LinAlgKernels() {
  }

  /**
   * The solution {@code x} of {@code a x = b}, for a square non-singular {@code a} (n x n) and
   * {@code b} with n rows, by LU decomposition with partial pivoting.
   *
   * @throws DimensionMismatchException when {@code a} is not square or {@code b} has not n rows
   * @throws IllegalArgumentException when {@code a} is singular
   */
  public static MatrixBlock solve(MatrixBlock a, MatrixBlock b) {
    return solve(a, b, KernelPool.sequential());
  }

  /** {@link #solve(MatrixBlock, MatrixBlock)} with the factorization's updates on {@code pool}. */
  public static MatrixBlock solve(MatrixBlock a, MatrixBlock b, KernelPool pool) {
    if (a.rows() != a.cols()) {
      throw DimensionMismatchException.of("solve", a, b, "the coefficient matrix must be square");
    }
    if (b.rows() != a.rows()) {
      throw DimensionMismatchException.of("solve", a, b,
          "the right-hand side must have as many rows as the coefficient matrix");
    }
    int n = a.rows();
    if (n == 0) {
      return MatrixBlock.empty(0, b.cols(), false);
    }
    if (b.cols() == 0) {
      return MatrixBlock.empty(n, 0, false);
    }
    LuDecomposition lu = nonSingularLu("solve", a, pool);
    double[] rhs = b.copy().toDenseInPlace().denseValues();
    return MatrixBlock.dense(n, b.cols(), lu.solve(rhs, b.cols()));
  }

  /**
   * The inverse of a square non-singular matrix, by LU decomposition with partial pivoting.
   *
   * @throws DimensionMismatchException when {@code a} is not square
   * @throws IllegalArgumentException when {@code a} is singular
   */
  public static MatrixBlock inv(MatrixBlock a) {
    return inv(a, KernelPool.sequential());
  }

  /** {@link #inv(MatrixBlock)} with the factorization's updates on {@code pool}. */
  public static MatrixBlock inv(MatrixBlock a, KernelPool pool) {
    checkSquare("inv", a);
    int n = a.rows();
    if (n == 0) {
      return MatrixBlock.empty(0, 0, false);
    }
    LuDecomposition lu = nonSingularLu("inv", a, pool);
    double[] identity = new double[n * n];
    for (int i = 0; i < n; i++) {
      identity[i * n + i] = 1;
    }
    return MatrixBlock.dense(n, n, lu.solve(identity, n));
  }

  /**
   * The lower triangular {@code L} with {@code L L^T = a} of a symmetric positive definite
   * matrix.
   *
   * @throws DimensionMismatchException when {@code a} is not square
   * @throws IllegalArgumentException when {@code a} is not symmetric (relative tolerance {@value
   *     #SYMMETRY_TOLERANCE}) or not positive definite (a pivot at most {@code n * eps} times the
   *     largest diagonal entry)
   */
  public static MatrixBlock cholesky(MatrixBlock a) {
    checkSquare("cholesky", a);
    int n = a.rows();
    if (n == 0) {
      return MatrixBlock.empty(0, 0, false);
    }
    double[][] x = a.toArray();
    double maxDiag = 0;
    for (int i = 0; i < n; i++) {
      maxDiag = Math.max(maxDiag, Math.abs(x[i][i]));
    }
    double positivityTolerance = n * Math.ulp(1.0) * maxDiag;
    try {
      CholeskyDecomposition chol = new CholeskyDecomposition(
          new Array2DRowRealMatrix(x, false), SYMMETRY_TOLERANCE, positivityTolerance);
      return lowerFromUpper(chol.getLT());
    } catch (NonSymmetricMatrixException e) {
      int i = e.getRow();
      int j = e.getColumn();
      throw new IllegalArgumentException("cholesky: the " + a.shape()
          + " matrix must be symmetric positive definite, but it is not symmetric: a[" + i + ", "
          + j + "] = " + a.get(i, j) + " and a[" + j + ", " + i + "] = " + a.get(j, i)
          + " (0-based)", e);
    } catch (NonPositiveDefiniteMatrixException e) {
      throw new IllegalArgumentException("cholesky: the " + a.shape()
          + " matrix must be symmetric positive definite, but it is not positive definite"
          + " (pivot " + e.getRow() + " is " + e.getArgument() + ")", e);
    }
  }

  /**
   * The determinant of a square matrix, by LU decomposition with partial pivoting (0 only for an
   * exactly zero pivot; near-singular matrices give their tiny computed determinant). The
   * determinant of a 0x0 matrix is 1.
   *
   * @throws DimensionMismatchException when {@code a} is not square
   */
  /**
   * The eigen decomposition of a symmetric matrix, as SystemDS's {@code eigen}: the eigenvalues
   * in ascending order as an n x 1 column, and the n x n matrix of the matching unit
   * eigenvectors as columns (commons-math3's {@code EigenDecomposition}, reordered from its
   * descending order). Each vector's sign is as the decomposition gives it.
   *
   * @throws IllegalArgumentException for a matrix that is not square or not symmetric
   */
  public static MatrixBlock[] eigen(MatrixBlock a) {
    checkSquare("eigen", a);
    int n = a.rows();
    if (n == 0) {
      return new MatrixBlock[] {MatrixBlock.empty(0, 1, false), MatrixBlock.empty(0, 0, false)};
    }
    double[][] x = a.toArray();
    for (int i = 0; i < n; i++) {
      for (int j = 0; j < i; j++) {
        double scale = Math.max(Math.abs(x[i][j]), Math.abs(x[j][i]));
        if (Math.abs(x[i][j] - x[j][i]) > SYMMETRY_TOLERANCE * Math.max(1, scale)) {
          throw new IllegalArgumentException("eigen: the " + a.shape() + " matrix must be "
              + "symmetric, but a[" + i + ", " + j + "] = " + x[i][j] + " and a[" + j + ", " + i
              + "] = " + x[j][i] + " (0-based)");
        }
      }
    }
    EigenDecomposition e = new EigenDecomposition(new Array2DRowRealMatrix(x, false));
    double[] values = e.getRealEigenvalues();
    Integer[] order = new Integer[n];
    for (int i = 0; i < n; i++) {
      order[i] = i;
    }
    java.util.Arrays.sort(order, (p, q) -> Double.compare(values[p], values[q]));
    double[][] vals = new double[n][1];
    double[][] vecs = new double[n][n];
    for (int k = 0; k < n; k++) {
      vals[k][0] = values[order[k]];
      double[] v = e.getEigenvector(order[k]).toArray();
      for (int i = 0; i < n; i++) {
        vecs[i][k] = v[i];
      }
    }
    return new MatrixBlock[] {MatrixBlock.of(vals), MatrixBlock.of(vecs)};
  }

  public static double det(MatrixBlock a) {
    checkSquare("det", a);
    if (a.rows() == 0) {
      return 1;
    }
    LuDecomposition lu = LuDecomposition.factor(a, KernelPool.sequential());
    return lu.minPivot() == 0 ? 0 : lu.determinant();
  }

  /**
   * The LU factors of {@code a}, rejected as singular when a pivot is at most
   * {@code n * eps * max|a_ij|} (see the class comment).
   */
  private static LuDecomposition nonSingularLu(String op, MatrixBlock a, KernelPool pool) {
    double maxAbs = 0;
    if (a.isSparse()) {
      for (double[] row : a.toArray()) {
        for (double v : row) {
          maxAbs = Math.max(maxAbs, Math.abs(v));
        }
      }
    } else if (!a.isEmpty()) {
      for (double v : a.denseValues()) {
        maxAbs = Math.max(maxAbs, Math.abs(v));
      }
    }
    LuDecomposition lu = LuDecomposition.factor(a, pool);
    if (!(lu.minPivot() > a.rows() * Math.ulp(1.0) * maxAbs)) {
      throw new IllegalArgumentException(op + ": the " + a.shape() + " matrix is singular"
          + " (a pivot is zero relative to its largest entry " + maxAbs + ")");
    }
    return lu;
  }

  private static void checkSquare(String op, MatrixBlock a) {
    if (a.rows() != a.cols()) {
      throw new DimensionMismatchException("dimension mismatch in " + op + ": " + a.shape()
          + " (the matrix must be square)");
    }
  }

  /** L as a block from commons-math's L^T (transposed while copying). */
  private static MatrixBlock lowerFromUpper(RealMatrix lt) {
    double[][] u = lt instanceof Array2DRowRealMatrix arr ? arr.getDataRef() : lt.getData();
    int n = u.length;
    double[] v = new double[n * n];
    for (int i = 0; i < n; i++) {
      double[] ui = u[i];
      for (int j = i; j < n; j++) {
        v[j * n + i] = ui[j];
      }
    }
    return MatrixBlock.dense(n, n, v);
  }
}
