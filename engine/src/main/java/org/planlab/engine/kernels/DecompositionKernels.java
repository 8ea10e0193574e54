package org.planlab.engine.kernels;

import org.apache.commons.math3.linear.Array2DRowRealMatrix;
import org.apache.commons.math3.linear.LUDecomposition;
import org.apache.commons.math3.linear.QRDecomposition;
import org.apache.commons.math3.linear.RealMatrix;
import org.apache.commons.math3.linear.SingularValueDecomposition;
import org.planlab.engine.matrix.DimensionMismatchException;
import org.planlab.engine.matrix.MatrixBlock;

/**
 * The decompositions with several results, as SystemDS 3.3.0's {@code svd}, {@code lu} and
 * {@code qr} return them: commons-math3's decompositions, whose shapes, pivoting and sign
 * conventions SystemDS exposes unchanged. Inputs are densified.
 */
public final class DecompositionKernels {
  private DecompositionKernels() {
  }

  /**
   * The thin singular value decomposition {@code A = U S t(V)} of an m x n matrix, with p =
   * min(m, n): U m x p, S the p x p diagonal matrix of the singular values (descending), V n x p.
   */
  public static MatrixBlock[] svd(MatrixBlock a) {
    int p = Math.min(a.rows(), a.cols());
    if (p == 0) {
      return new MatrixBlock[] {MatrixBlock.empty(a.rows(), 0, false),
          MatrixBlock.empty(0, 0, false), MatrixBlock.empty(a.cols(), 0, false)};
    }
    SingularValueDecomposition d = new SingularValueDecomposition(matrix(a));
    return new MatrixBlock[] {block(d.getU()), block(d.getS()), block(d.getV())};
  }

  /**
   * The LU decomposition with partial pivoting {@code P A = L U} of a square non-singular
   * matrix: the permutation P, unit lower triangular L and upper triangular U, all n x n.
   *
   * @throws DimensionMismatchException when {@code a} is not square
   * @throws IllegalArgumentException when {@code a} is singular (as SystemDS, which rejects it)
   */
  public static MatrixBlock[] lu(MatrixBlock a) {
    if (a.rows() != a.cols()) {
      throw new DimensionMismatchException("dimension mismatch in lu: " + a.shape()
          + " (the matrix must be square)");
    }
    int n = a.rows();
    if (n == 0) {
      MatrixBlock e = MatrixBlock.empty(0, 0, false);
      return new MatrixBlock[] {e, e, e};
    }
    LUDecomposition d = new LUDecomposition(matrix(a));
    if (d.getSolver().isNonSingular()) {
      return new MatrixBlock[] {block(d.getP()), block(d.getL()), block(d.getU())};
    }
    throw new IllegalArgumentException("lu: the " + a.shape() + " matrix is singular; the LU"
        + " decomposition needs a non-singular matrix");
  }

  /**
   * The Householder QR decomposition of an m x n matrix: H (m x n) holds the Householder
   * vectors in its lower trapezoid, R (m x n) is upper trapezoidal.
   */
  public static MatrixBlock[] qr(MatrixBlock a) {
    if (a.rows() == 0 || a.cols() == 0) {
      MatrixBlock e = MatrixBlock.empty(a.rows(), a.cols(), false);
      return new MatrixBlock[] {e, e};
    }
    QRDecomposition d = new QRDecomposition(matrix(a));
    return new MatrixBlock[] {block(d.getH()), block(d.getR())};
  }

  private static RealMatrix matrix(MatrixBlock a) {
    return new Array2DRowRealMatrix(a.toArray(), false);
  }

  private static MatrixBlock block(RealMatrix m) {
    return MatrixBlock.of(m.getData());
  }
}
