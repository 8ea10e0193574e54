package org.planlab.engine.kernels;

import java.util.Objects;
import org.planlab.engine.matrix.DimensionMismatchException;
import org.planlab.engine.matrix.MatrixBlock;
import org.planlab.engine.ops.BinaryOp;
import org.planlab.engine.ops.UnaryOp;
import org.planlab.engine.parallel.KernelPool;

/**
 * Element-wise operations on blocks: binary operators (matrix-matrix with vector broadcasting,
 * matrix-scalar, scalar-matrix), unary functions, {@code ifelse}, {@code replace} and
 * {@code contains}. Semantics are those of {@link BinaryOp} and {@link UnaryOp}.
 *
 * <p>All kernels leave their inputs untouched and return a new block with an exact nnz in the
 * format {@link MatrixBlock#preferSparse} picks for it. Sparse inputs are only traversed where
 * the operator needs it: sparse-safe operators keep sparse results and visit non-zeros only
 * (intersection for {@code *} and {@code &}, union for {@code +}, {@code -}, ...), other
 * operators give dense results. Large inputs are split over row ranges (or cell ranges of dense
 * operands) on the given pool; every output cell is computed by exactly one task, so results do
 * not depend on the number of threads.
 */
public final class ElementwiseKernels {
  private ElementwiseKernels() {
  }

  /**
   * {@code a op b}. The shapes must be equal, or one operand is a vector broadcast over the
   * other: a column vector with the other's rows (repeated across columns) or a row vector with
   * the other's columns (repeated down rows). A 1x1 matrix is not broadcast (only 1x1 op 1x1 is
   * allowed); use the scalar overloads for that.
   *
   * @throws DimensionMismatchException naming both shapes otherwise
   */
  public static MatrixBlock binary(MatrixBlock a, MatrixBlock b, BinaryOp op, KernelPool pool) {
    Objects.requireNonNull(a, "a is null");
    Objects.requireNonNull(b, "b is null");
    Objects.requireNonNull(op, "op is null");
    Objects.requireNonNull(pool, "pool is null");
    int ar = a.rows();
    int ac = a.cols();
    int br = b.rows();
    int bc = b.cols();
    if (ar == br && ac == bc) {
      return MatrixBinaryKernels.apply(a, false, b, false, ar, ac, op, pool);
    }
    boolean oneByOne = ar == 1 && ac == 1 || br == 1 && bc == 1;
    if (!oneByOne) {
      if (bc == 1 && br == ar) {
        return ScalarBinaryKernels.matrixColumn(a, b, false, op, pool);
      }
      if (br == 1 && bc == ac) {
        return MatrixBinaryKernels.apply(a, false, b, true, ar, ac, op, pool);
      }
      if (ac == 1 && ar == br) {
        return ScalarBinaryKernels.matrixColumn(b, a, true, op, pool);
      }
      if (ar == 1 && ac == bc) {
        return MatrixBinaryKernels.apply(a, true, b, false, br, bc, op, pool);
      }
    }
    throw DimensionMismatchException.of(op.symbol(), a, b, "element-wise operands need equal"
        + " shapes, or a column vector with matching rows or a row vector with matching columns");
  }

  /** {@code a op s} for every cell of {@code a}. */
  public static MatrixBlock binary(MatrixBlock a, double s, BinaryOp op, KernelPool pool) {
    Objects.requireNonNull(a, "a is null");
    Objects.requireNonNull(op, "op is null");
    Objects.requireNonNull(pool, "pool is null");
    return ScalarBinaryKernels.matrixScalar(a, s, false, op, pool);
  }

  /** {@code s op b} for every cell of {@code b}. */
  public static MatrixBlock binary(double s, MatrixBlock b, BinaryOp op, KernelPool pool) {
    Objects.requireNonNull(b, "b is null");
    Objects.requireNonNull(op, "op is null");
    Objects.requireNonNull(pool, "pool is null");
    return ScalarBinaryKernels.matrixScalar(b, s, true, op, pool);
  }

  /** {@code f(a)} for every cell of {@code a}. */
  public static MatrixBlock unary(MatrixBlock a, UnaryOp op, KernelPool pool) {
    Objects.requireNonNull(a, "a is null");
    Objects.requireNonNull(op, "op is null");
    Objects.requireNonNull(pool, "pool is null");
    return UnaryKernels.apply(a, op, pool);
  }

  /**
   * Cell-wise {@code cond != 0 ? yes : no}; NaN in {@code cond} counts as true.
   *
   * @throws DimensionMismatchException unless all three have the same shape
   */
  public static MatrixBlock ifelse(MatrixBlock cond, MatrixBlock yes, MatrixBlock no,
      KernelPool pool) {
    checkIfElse(cond, Objects.requireNonNull(yes, "yes is null"), pool);
    checkIfElse(cond, Objects.requireNonNull(no, "no is null"), pool);
    return IfElseKernels.ifelse(cond, yes, 0, no, 0, pool);
  }

  /** {@code ifelse} with scalar branches. */
  public static MatrixBlock ifelse(MatrixBlock cond, double yes, double no, KernelPool pool) {
    checkIfElse(cond, null, pool);
    return IfElseKernels.ifelse(cond, null, yes, null, no, pool);
  }

  /** {@code ifelse} with a matrix "yes" branch of cond's shape and a scalar "no" branch. */
  public static MatrixBlock ifelse(MatrixBlock cond, MatrixBlock yes, double no, KernelPool pool) {
    checkIfElse(cond, Objects.requireNonNull(yes, "yes is null"), pool);
    return IfElseKernels.ifelse(cond, yes, 0, null, no, pool);
  }

  /** {@code ifelse} with a scalar "yes" branch and a matrix "no" branch of cond's shape. */
  public static MatrixBlock ifelse(MatrixBlock cond, double yes, MatrixBlock no, KernelPool pool) {
    checkIfElse(cond, Objects.requireNonNull(no, "no is null"), pool);
    return IfElseKernels.ifelse(cond, null, yes, no, 0, pool);
  }

  /**
   * {@code a} with every cell equal to {@code pattern} set to {@code replacement}. A NaN pattern
   * matches NaN cells; a zero pattern matches all zeros, so a non-zero replacement makes a
   * sparse input dense.
   */
  public static MatrixBlock replace(MatrixBlock a, double pattern, double replacement,
      KernelPool pool) {
    Objects.requireNonNull(a, "a is null");
    Objects.requireNonNull(pool, "pool is null");
    return ReplaceKernels.replace(a, pattern, replacement, pool);
  }

  /** Whether some cell of {@code a} equals {@code pattern} (a NaN pattern looks for NaN). */
  public static boolean contains(MatrixBlock a, double pattern) {
    Objects.requireNonNull(a, "a is null");
    return ReplaceKernels.contains(a, pattern);
  }

  private static void checkIfElse(MatrixBlock cond, MatrixBlock branch, KernelPool pool) {
    Objects.requireNonNull(cond, "cond is null");
    Objects.requireNonNull(pool, "pool is null");
    if (branch != null && (branch.rows() != cond.rows() || branch.cols() != cond.cols())) {
      throw DimensionMismatchException.of("ifelse", cond, branch,
          "the branches must have the condition's shape");
    }
  }
}
