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

/** One small plan per template, for warming up ({@link OperatorCache#warmUp}). */
final class WarmUpPlans {
  private static final CNode X = CNode.Data.scalar(Access.MAIN, 0);
  private static final CNode XROW = CNode.Data.vector(Access.MAIN, 0, VecLen.MAIN);

  /**
   * sum(X * s), sum(X^2) and max(X) in one pass, rowSums(exp(X)), sum(X * (U %*% t(V))): new
   * records on every call, so that equal plans built apart can be compared.
   */
  static List<CPlan> plans() {
    return List.of(
        new CPlan.Cell(new CNode.Binary(BinaryOp.MULT, X, CNode.Data.scalar(Access.SCALAR, 0)),
            CellType.FULL_AGG, AggregateOp.SUM, true, 0, 1),
        new CPlan.MAgg(List.of(new CNode.Binary(BinaryOp.MULT, X, X), X),
            List.of(AggregateOp.SUM, AggregateOp.MAX), false, 0, 0),
        new CPlan.Row(new CNode.VectorAgg(AggregateOp.SUM, new CNode.Unary(UnaryOp.EXP, XROW)),
            RowType.NO_AGG, 1, 0, 0),
        new CPlan.Outer(new CNode.Binary(BinaryOp.MULT, X, new CNode.Dot(
            CNode.Data.vector(Access.OUTER_U, 0, VecLen.side(0)),
            CNode.Data.vector(Access.OUTER_V, 1, VecLen.side(1)))), OuterType.AGG, 2, 0));
  }

  private WarmUpPlans() {
  }
}
