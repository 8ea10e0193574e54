package org.planlab.engine.compile.dynamic;

import org.planlab.engine.ir.DataCharacteristics;
import org.planlab.engine.ir.Hop;
import org.planlab.engine.ir.HopParam;
import org.planlab.engine.ir.OpCode;
import org.planlab.engine.ops.AggregateOp;
import org.planlab.engine.ops.Direction;

/**
 * Eq. 6, "simplify aggregates" for sum, min, max, mean and prod: {@code rowSums(X) -> X} when
 * ncol(X) = 1 and {@code colSums(X) -> X} when nrow(X) = 1; {@code colSums(X) -> sum(X)} (as a
 * 1x1 matrix) when ncol(X) = 1 and {@code rowSums(X) -> sum(X)} when nrow(X) = 1; and for sums
 * of an empty X, {@code sum(X) -> 0} and {@code rowSums/colSums(X) -> matrix(0, ...)}.
 */
public final class SimplifyAggregates implements DynamicRewrite {
  @Override
  public Hop apply(Hop hop, RewriteContext ctx) {
    if (hop.op() != OpCode.AGGREGATE) {
      return hop;
    }
    HopParam.Aggregate p = hop.param(HopParam.Aggregate.class);
    Hop x = hop.input(0);
    DataCharacteristics in = ctx.size(x);
    if (!in.dimsKnown()) {
      return hop;
    }
    boolean sum = p.op() == AggregateOp.SUM || p.op() == AggregateOp.SUM_SQ;
    if (sum && in.nnz() == 0) {
      return switch (p.direction()) {
        case FULL -> HopFactory.literal(0.0, hop.position());
        case ROW -> HopFactory.zeros(in.rows(), 1, hop.position());
        case COL -> HopFactory.zeros(1, in.cols(), hop.position());
      };
    }
    boolean elementPreserving = switch (p.op()) {
      case SUM, MIN, MAX, MEAN, PROD -> true;
      default -> false;
    };
    if (!elementPreserving || p.direction() == Direction.FULL || in.cells() == 0) {
      return hop;
    }
    long reduced = p.direction() == Direction.ROW ? in.cols() : in.rows();
    long kept = p.direction() == Direction.ROW ? in.rows() : in.cols();
    if (reduced == 1) {
      // each output cell aggregates exactly one input cell
      return x;
    }
    if (kept == 1) {
      return HopFactory.castMatrix(
          HopFactory.aggregate(p.op(), Direction.FULL, x, hop.position()), hop.position());
    }
    return hop;
  }
}
