package org.planlab.engine.codegen.gen;

import java.util.List;
import org.planlab.engine.codegen.cplan.CNode;
import org.planlab.engine.codegen.cplan.CNode.Access;
import org.planlab.engine.codegen.cplan.CNode.VecLen;
import org.planlab.engine.codegen.cplan.CPlan;
import org.planlab.engine.codegen.runtime.CellType;
import org.planlab.engine.codegen.runtime.OuterType;
import org.planlab.engine.codegen.runtime.RowType;
import org.planlab.engine.ops.AggregateOp;
import org.planlab.engine.ops.BinaryOp;
import org.planlab.engine.ops.UnaryOp;

/** Hand-built CPlans for the generator tests, named after the expression they fuse. */
final class Plans {
  private Plans() {
  }

  /** Cell/MAgg/Outer: the main input's cell. */
  static final CNode X = CNode.Data.scalar(Access.MAIN, 0);
  /** Row: the main input's row. */
  static final CNode XROW = CNode.Data.vector(Access.MAIN, 0, VecLen.MAIN);
  static final CNode U = CNode.Data.vector(Access.OUTER_U, 0, VecLen.side(0));
  static final CNode V = CNode.Data.vector(Access.OUTER_V, 1, VecLen.side(1));

  static CNode side(int k) {
    return CNode.Data.scalar(Access.SIDE_CELL, k);
  }

  static CNode scalar(int k) {
    return CNode.Data.scalar(Access.SCALAR, k);
  }

  static CNode bin(BinaryOp op, CNode l, CNode r) {
    return new CNode.Binary(op, l, r);
  }

  static CNode un(UnaryOp op, CNode in) {
    return new CNode.Unary(op, in);
  }

  static CNode mult(CNode l, CNode r) {
    return bin(BinaryOp.MULT, l, r);
  }

  /** sum(X * Y * Z), sparse-safe. */
  static CPlan.Cell sumXyz() {
    return new CPlan.Cell(mult(mult(X, side(0)), side(1)), CellType.FULL_AGG, AggregateOp.SUM,
        true, 2, 0);
  }

  /** X * Y + Z, not sparse-safe. */
  static CPlan.Cell xyPlusZ() {
    return new CPlan.Cell(bin(BinaryOp.PLUS, mult(X, side(0)), side(1)), CellType.NO_AGG,
        AggregateOp.SUM, false, 2, 0);
  }

  /** sum(X * Y) and sum(X * Z) in one pass. */
  static CPlan.MAgg sumXyAndXz() {
    return new CPlan.MAgg(List.of(mult(X, side(0)), mult(X, side(1))),
        List.of(AggregateOp.SUM, AggregateOp.SUM), true, 2, 0);
  }

  /** t(X) %*% (w * (X %*% v)) with w (m x 1) side 0 and v (n x 1) side 1. */
  static CPlan.Row mlogregLike() {
    CNode v = CNode.Data.vector(Access.SIDE_VECTOR, 1, VecLen.MAIN);
    CNode w = CNode.Data.scalar(Access.SIDE_COL, 0);
    CNode q = mult(w, new CNode.Dot(XROW, v));
    return new CPlan.Row(new CNode.OuterAdd(XROW, q), RowType.COL_AGG_T, 0, 2, 0);
  }

  /** X %*% V with V (n x p) side 0. */
  static CPlan.Row xTimesV() {
    return new CPlan.Row(new CNode.MatVec(XROW, 0), RowType.NO_AGG, 1, 1, 0);
  }

  /** rowSums(X * Y) with Y side 0 of X's shape. */
  static CPlan.Row rowSumsXy() {
    CNode y = CNode.Data.vector(Access.SIDE_ROW_VECTOR, 0, VecLen.MAIN);
    return new CPlan.Row(new CNode.VectorAgg(AggregateOp.SUM, mult(XROW, y)), RowType.NO_AGG,
        1, 1, 0);
  }

  /** sum(X * log(U %*% t(V) + eps)) with eps scalar 0. */
  static CPlan.Outer sumXLogUv() {
    CNode uv = new CNode.Dot(U, V);
    return new CPlan.Outer(mult(X, un(UnaryOp.LOG, bin(BinaryOp.PLUS, uv, scalar(0)))),
        OuterType.AGG, 2, 1);
  }

  /** (X * (U %*% t(V))) %*% V. */
  static CPlan.Outer rightXuv() {
    return new CPlan.Outer(mult(X, new CNode.Dot(U, V)), OuterType.RIGHT, 2, 0);
  }

  /** One plan of each template and variant above. */
  static List<CPlan> representative() {
    return List.of(sumXyz(), xyPlusZ(), sumXyAndXz(), mlogregLike(), xTimesV(), rowSumsXy(),
        sumXLogUv(), rightXuv());
  }

  /**
   * Asserts that {@code op}'s class extends the private copy of {@code skeleton} its class
   * loader defined (same name, another class than the engine's), which keeps the JIT's
   * genexec call site monomorphic per operator.
   */
  static void assertSkeleton(Class<?> skeleton, Object op) {
    Class<?> parent = op.getClass().getSuperclass();
    org.junit.jupiter.api.Assertions.assertEquals(skeleton.getName(), parent.getName());
    org.junit.jupiter.api.Assertions.assertNotSame(skeleton, parent);
    org.junit.jupiter.api.Assertions.assertInstanceOf(
        org.planlab.engine.codegen.runtime.SpoofOperator.class, op);
  }
}
