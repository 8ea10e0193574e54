package org.planlab.engine.compile.dynamic;

import org.planlab.engine.ir.DataCharacteristics;
import org.planlab.engine.ir.Hop;
import org.planlab.engine.ir.HopParam;
import org.planlab.engine.ops.BinaryOp;

/**
 * Eq. 6, "remove empty operators": {@code X + Y, X - Y -> X} (and {@code Y + X -> X}) when Y is
 * empty; {@code X %*% Y}, {@code X * Y} and {@code t(X) -> matrix(0, ...)} when an operand is
 * empty; sparse-safe unary operators (round, abs, ...) of an empty X give X. As in the paper,
 * an empty operand of {@code *} or {@code %*%} zeroes the result even where the other operand
 * holds NaN or infinities.
 */
public final class RemoveEmptyOperators implements DynamicRewrite {
  @Override
  public Hop apply(Hop hop, RewriteContext ctx) {
    DataCharacteristics out = ctx.size(hop);
    switch (hop.op()) {
      case BINARY: {
        if (!hop.input(0).isMatrix() || !hop.input(1).isMatrix()) {
          return hop;
        }
        BinaryOp op = hop.param(HopParam.Binary.class).op();
        Hop a = hop.input(0);
        Hop b = hop.input(1);
        if ((op == BinaryOp.PLUS || op == BinaryOp.MINUS) && ctx.isEmpty(b)
            && ctx.sameDims(hop, a)) {
          return a;
        }
        if (op == BinaryOp.PLUS && ctx.isEmpty(a) && ctx.sameDims(hop, b)) {
          return b;
        }
        if (op == BinaryOp.MULT && (ctx.isEmpty(a) || ctx.isEmpty(b)) && out.dimsKnown()) {
          return HopFactory.zeros(out.rows(), out.cols(), hop.position());
        }
        return hop;
      }
      case MATMULT:
      case TRANSPOSE:
        if (out.dimsKnown() && hop.inputs().stream().anyMatch(ctx::isEmpty)) {
          return HopFactory.zeros(out.rows(), out.cols(), hop.position());
        }
        return hop;
      case UNARY:
        return hop.param(HopParam.Unary.class).op().sparseSafe() && ctx.isEmpty(hop.input(0))
            ? hop.input(0) : hop;
      default:
        return hop;
    }
  }
}
