package org.planlab.engine.codegen.cplan;

import java.util.Objects;
import org.planlab.engine.ops.AggregateOp;
import org.planlab.engine.ops.BinaryOp;
import org.planlab.engine.ops.UnaryOp;

/**
 * A basic-operation node of a code generation plan (fusion paper, sec. 2.2): the DAG of
 * operations inside one fused operator. Nodes are immutable records with structural equality,
 * so two plans built from different HOP DAGs but computing the same thing are equal — the
 * property the operator cache relies on. A node is a scalar (one value per cell or per row) or a
 * vector (one row-aligned vector per row of the main input, Row template only).
 *
 * <p>No node holds text that came from a script: operators are enums, inputs are positions,
 * and literals are scalar inputs ({@link Access#SCALAR}), so generated source is built only
 * from these.
 */
public sealed interface CNode {

  /** Whether this node is one value or a row-aligned vector. */
  Shape shape();

  /** Length of a vector node; {@code null} for scalars. */
  VecLen length();

  /** The operand nodes, in order (none for a leaf). */
  java.util.List<CNode> inputs();

  default boolean isVector() {
    return shape() == Shape.VECTOR;
  }

  /** A node whose result is one value (per cell or per row), whatever its inputs. */
  sealed interface ScalarResult extends CNode {
    @Override
    default Shape shape() {
      return Shape.SCALAR;
    }

    @Override
    default VecLen length() {
      return null;
    }
  }

  /** Row: a row vector whose width is fixed when the plan is built (a cbind row). */
  sealed interface FixedRow extends CNode {
    /** The width. */
    int columns();

    @Override
    default Shape shape() {
      return Shape.VECTOR;
    }

    @Override
    default VecLen length() {
      return VecLen.fixed(columns());
    }
  }

  /** Scalar or row-aligned vector. */
  enum Shape { SCALAR, VECTOR }

  /**
   * The length of a vector at run time: the main input's column count ({@code side == -1}),
   * the column count of side input {@code side}, or a length fixed when the plan was built
   * ({@code fixed > 0}, {@code side == -1}: column slices, whose lengths the operator's known
   * dims give).
   */
  record VecLen(int side, int fixed) {
    public static final VecLen MAIN = new VecLen(-1, 0);

    public VecLen {
      if (side < -1) {
        throw new IllegalArgumentException("side must be >= -1, was " + side);
      }
      if (fixed < 0 || fixed > 0 && side != -1) {
        throw new IllegalArgumentException("a fixed length is positive and names no side, was "
            + fixed + " with side " + side);
      }
    }

    public static VecLen side(int k) {
      return new VecLen(k, 0);
    }

    /** A length known when the plan is built. */
    public static VecLen fixed(int n) {
      if (n <= 0) {
        throw new IllegalArgumentException("a fixed length must be positive, was " + n);
      }
      return new VecLen(-1, n);
    }

    public boolean isMain() {
      return side == -1 && fixed == 0;
    }

    public boolean isFixed() {
      return fixed > 0;
    }
  }

  /**
   * How a leaf reads its data. Side inputs are numbered from 0 in the operator's side-input
   * list; scalars in its scalar list. The main input is the operator's first input.
   */
  enum Access {
    /** Cell/MAgg/Outer: the main input's current cell value ({@code a}). Row: its current row. */
    MAIN,
    /** Cell/MAgg/Outer: side input k at the current cell (same dims as the main input). */
    SIDE_CELL,
    /** Cell/MAgg/Outer/Row: side input k, a column vector, at the current row. */
    SIDE_COL,
    /** Cell/MAgg/Outer: side input k, a row vector, at the current column. */
    SIDE_ROW,
    /** Any template: side input k, a 1x1 matrix. */
    SIDE_SCALAR,
    /** Any template: scalar input k (a scalar value of the script, or a literal). */
    SCALAR,
    /** Row: the current row of side input k (rows aligned with the main input) as a vector. */
    SIDE_ROW_VECTOR,
    /** Row: side input k, a 1 x n row vector, as one vector for every row (broadcast). */
    SIDE_VECTOR,
    /** Row: side input k as a whole row-major matrix (right operand of {@link MatVec}). */
    SIDE_MATRIX,
    /** Outer: the current row of U (rank-length vector). */
    OUTER_U,
    /** Outer: the current row of V (rank-length vector). */
    OUTER_V
  }

  /** A leaf: the main input, a side input or a scalar input, read as {@code access} says. */
  record Data(Access access, int index, Shape shape, VecLen length) implements CNode {
    @Override
    public java.util.List<CNode> inputs() {
      return java.util.List.of();
    }

    public Data {
      Objects.requireNonNull(access, "access is null");
      Objects.requireNonNull(shape, "shape is null");
      if (index < 0) {
        throw new IllegalArgumentException("index must be >= 0, was " + index);
      }
      if ((shape == Shape.VECTOR) != (length != null)) {
        throw new IllegalArgumentException("a vector needs a length, a scalar none");
      }
    }

    /** A scalar leaf. */
    public static Data scalar(Access access, int index) {
      return new Data(access, index, Shape.SCALAR, null);
    }

    /** A vector leaf of length {@code length}. */
    public static Data vector(Access access, int index, VecLen length) {
      return new Data(access, index, Shape.VECTOR, length);
    }
  }

  /** An element-wise unary operation (on a scalar, or on each element of a vector). */
  record Unary(UnaryOp op, CNode in) implements CNode {
    @Override
    public java.util.List<CNode> inputs() {
      return java.util.List.of(in);
    }

    public Unary {
      Objects.requireNonNull(op, "op is null");
      Objects.requireNonNull(in, "in is null");
    }

    @Override
    public Shape shape() {
      return in.shape();
    }

    @Override
    public VecLen length() {
      return in.length();
    }
  }

  /**
   * An element-wise binary operation with the kernels' semantics ({@link BinaryOp#apply}); a
   * vector result when either operand is a vector (then both vectors have the same length).
   */
  record Binary(BinaryOp op, CNode left, CNode right) implements CNode {
    @Override
    public java.util.List<CNode> inputs() {
      return java.util.List.of(left, right);
    }

    public Binary {
      Objects.requireNonNull(op, "op is null");
      Objects.requireNonNull(left, "left is null");
      Objects.requireNonNull(right, "right is null");
    }

    @Override
    public Shape shape() {
      return left.isVector() || right.isVector() ? Shape.VECTOR : Shape.SCALAR;
    }

    @Override
    public VecLen length() {
      return left.isVector() ? left.length() : right.length();
    }
  }

  /** {@code ifelse(cond, yes, no)} on scalars: {@code cond != 0 ? yes : no}. */
  record IfElse(CNode cond, CNode yes, CNode no) implements ScalarResult {
    @Override
    public java.util.List<CNode> inputs() {
      return java.util.List.of(cond, yes, no);
    }

    public IfElse {
      Objects.requireNonNull(cond, "cond is null");
      Objects.requireNonNull(yes, "yes is null");
      Objects.requireNonNull(no, "no is null");
      if (cond.isVector() || yes.isVector() || no.isVector()) {
        throw new IllegalArgumentException("ifelse is fused on scalars only");
      }
    }
  }

  /**
   * Row: aggregate of a vector to a scalar — SUM, SUM_SQ, MIN or MAX, as {@code rowSums},
   * {@code rowMaxs}, ... of a row-aligned expression.
   */
  record VectorAgg(AggregateOp op, CNode in) implements ScalarResult {
    @Override
    public java.util.List<CNode> inputs() {
      return java.util.List.of(in);
    }

    public VectorAgg {
      Objects.requireNonNull(op, "op is null");
      Objects.requireNonNull(in, "in is null");
      if (!in.isVector()) {
        throw new IllegalArgumentException("VectorAgg needs a vector input");
      }
    }
  }

  /**
   * Dot product of two vectors of equal length: in Row, a row times a column-vector side input
   * ({@code X %*% v}); in Outer, {@code U[i,] . V[j,]}.
   */
  record Dot(CNode left, CNode right) implements ScalarResult {
    @Override
    public java.util.List<CNode> inputs() {
      return java.util.List.of(left, right);
    }

    public Dot {
      Objects.requireNonNull(left, "left is null");
      Objects.requireNonNull(right, "right is null");
      if (!left.isVector() || !right.isVector()) {
        throw new IllegalArgumentException("Dot needs two vectors");
      }
    }
  }

  /**
   * Row: a row vector times a side matrix ({@code X %*% V} with V n x p, p > 1 — the skinny
   * matrix-matrix product inside a row); the result has V's column count.
   */
  record MatVec(CNode row, int side) implements CNode {
    @Override
    public java.util.List<CNode> inputs() {
      return java.util.List.of(row);
    }

    public MatVec {
      Objects.requireNonNull(row, "row is null");
      if (!row.isVector()) {
        throw new IllegalArgumentException("MatVec needs a row vector");
      }
      if (side < 0) {
        throw new IllegalArgumentException("side must be >= 0, was " + side);
      }
    }

    @Override
    public Shape shape() {
      return Shape.VECTOR;
    }

    @Override
    public VecLen length() {
      return VecLen.side(side);
    }
  }

  /**
   * Row: columns {@code from .. from + columns - 1} of a row vector ({@code X[, lo:hi]} of a
   * row-aligned X, sec. 2.2's Row template over column ranges); {@code from} is a scalar node
   * holding the 1-based first column, so plans that differ only in where the range starts share
   * one class. A one-column slice is a scalar, as a one-column matrix is everywhere in the Row
   * template.
   */
  record Slice(CNode in, CNode from, int columns) implements CNode {
    @Override
    public java.util.List<CNode> inputs() {
      return java.util.List.of(in, from);
    }

    public Slice {
      Objects.requireNonNull(in, "in is null");
      Objects.requireNonNull(from, "from is null");
      if (!in.isVector() || from.isVector()) {
        throw new IllegalArgumentException("Slice takes a vector and a scalar start");
      }
      if (columns <= 0) {
        throw new IllegalArgumentException("a slice has at least one column, was " + columns);
      }
    }

    @Override
    public Shape shape() {
      return columns == 1 ? Shape.SCALAR : Shape.VECTOR;
    }

    @Override
    public VecLen length() {
      return columns == 1 ? null : VecLen.fixed(columns);
    }
  }

  /**
   * Row: {@code cbind} of row-aligned parts, each a vector or a scalar (a one-column matrix,
   * as everywhere in the Row template): the row of the result is the parts' rows side by side
   * (fusion paper sec. 2.2; SystemML's Row template fuses MLogreg's
   * {@code cbind(X %*% B, matrix(0, rows=N, cols=1))} this way). {@code columns} is the
   * result's width when the plan was built; the generated code places each part at the sum of
   * the run-time lengths before it.
   */
  record Concat(java.util.List<CNode> parts, int columns) implements FixedRow {
    public Concat {
      parts = java.util.List.copyOf(parts);
      if (parts.size() < 2) {
        throw new IllegalArgumentException("cbind concatenates at least two parts, was "
            + parts.size());
      }
      if (columns < parts.size()) {
        throw new IllegalArgumentException("cbind of " + parts.size() + " parts has at least as "
            + "many columns, was " + columns);
      }
    }

    @Override
    public java.util.List<CNode> inputs() {
      return parts;
    }
  }

  /**
   * Row: a constant row, {@code columns} (at least 2) copies of a scalar: the row of
   * {@code matrix(c, rows=m, cols=k)} inside a {@code cbind}, never materialized.
   */
  record Repeat(CNode value, int columns) implements FixedRow {
    public Repeat {
      Objects.requireNonNull(value, "value is null");
      if (value.isVector()) {
        throw new IllegalArgumentException("Repeat copies a scalar");
      }
      if (columns < 2) {
        throw new IllegalArgumentException("a repeated row has at least two columns, was "
            + columns + " (one column is the scalar itself)");
      }
    }

    @Override
    public java.util.List<CNode> inputs() {
      return java.util.List.of(value);
    }
  }

  /**
   * Row, root of a {@code COL_AGG_T} operator only: {@code t(A) %*% B} accumulated row by row,
   * {@code out += left^T right}, where left and right are the current rows of two row-aligned
   * expressions (each a vector or a scalar, i.e. a 1-column matrix). The output has
   * len(left) rows and len(right) columns.
   */
  record OuterAdd(CNode left, CNode right) implements CNode {
    @Override
    public java.util.List<CNode> inputs() {
      return java.util.List.of(left, right);
    }

    public OuterAdd {
      Objects.requireNonNull(left, "left is null");
      Objects.requireNonNull(right, "right is null");
    }

    @Override
    public Shape shape() {
      return Shape.VECTOR;
    }

    @Override
    public VecLen length() {
      return right.isVector() ? right.length() : left.length();
    }
  }
}
