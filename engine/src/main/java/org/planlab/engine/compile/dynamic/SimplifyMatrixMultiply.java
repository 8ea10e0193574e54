package org.planlab.engine.compile.dynamic;

import org.planlab.engine.ir.DataCharacteristics;
import org.planlab.engine.ir.Hop;
import org.planlab.engine.ir.HopParam;
import org.planlab.engine.ir.OpCode;
import org.planlab.engine.lang.ast.SourcePosition;
import org.planlab.engine.ops.AggregateOp;
import org.planlab.engine.ops.BinaryOp;
import org.planlab.engine.ops.Direction;
import org.planlab.engine.ops.UnaryOp;

/**
 * Eq. 6, "simplify matrix multiply":
 * <ul>
 *   <li>{@code diag(v) %*% Y -> v * Y} for a column vector v (n > 1); the element-wise kernels
 *       broadcast a column vector over Y's columns, which covers the paper's
 *       {@code (v %*% matrix(1, ...)) * Y} case without materialising the outer product;</li>
 *   <li>{@code diag(X %*% Y) -> rowSums(X * t(Y))} when X %*% Y is square (n > 1): only the
 *       diagonal's n dot products are computed;</li>
 *   <li>{@code (-t(X)) %*% y -> -(t(X) %*% y)} when the product is smaller than X, so the
 *       negation runs over the small result.</li>
 * </ul>
 * One more in the same spirit, which SystemDS's dynamic algebraic simplifications also apply:
 * sums of a product are taken before the product, {@code sum(A %*% B) ->
 * sum(t(colSums(A)) * rowSums(B))}, {@code colSums(A %*% B) -> colSums(A) %*% B} and
 * {@code rowSums(A %*% B) -> A %*% rowSums(B)}, when A and B hold fewer cells than the product
 * (a low-rank product such as a factorization's {@code W %*% H}). This holds even when the
 * product has other consumers: they may compute it anyway, or fused operators may read A and B
 * instead of it (fusion paper sec. 2.2, the Outer template), and either way the sums read fewer
 * cells than a pass over the product.
 *
 * <p>SystemDS's {@code cbind(X %*% B, matrix(0, m, 1)) -> X %*% cbind(B, matrix(0, k, 1))}
 * (MLogreg's {@code [X B, 0]}) is not applied: here the cbind form fuses better (its
 * {@code LT - rowMaxs(LT)} and {@code exp} share a Cell operator), and the rewritten form
 * quadruples the plans MPSkipEnum evaluates for MLogreg while its run is no faster.
 */
public final class SimplifyMatrixMultiply implements DynamicRewrite {
  @Override
  public Hop apply(Hop hop, RewriteContext ctx) {
    if (hop.op() == OpCode.AGGREGATE) {
      return sumBeforeProduct(hop, ctx);
    }
    if (hop.op() == OpCode.MATMULT) {
      Hop left = hop.input(0);
      Hop right = hop.input(1);
      if (left.op() == OpCode.DIAG) {
        Hop v = left.input(0);
        DataCharacteristics sv = ctx.size(v);
        if (sv.dimsKnown() && sv.cols() == 1 && sv.rows() > 1 && ctx.size(right).dimsKnown()) {
          return HopFactory.binary(BinaryOp.MULT, v, right, hop.position());
        }
      }
      if (left.op() == OpCode.UNARY
          && left.param(HopParam.Unary.class).op() == UnaryOp.NEG
          && left.input(0).op() == OpCode.TRANSPOSE) {
        DataCharacteristics out = ctx.size(hop);
        DataCharacteristics x = ctx.size(left.input(0).input(0));
        if (out.dimsKnown() && x.dimsKnown() && out.cells() < x.cells()) {
          return HopFactory.unary(UnaryOp.NEG,
              HopFactory.matmult(left.input(0), right, hop.position()), hop.position());
        }
      }
      return hop;
    }
    if (hop.op() == OpCode.DIAG && hop.input(0).op() == OpCode.MATMULT) {
      DataCharacteristics prod = ctx.size(hop.input(0));
      if (prod.dimsKnown() && prod.rows() == prod.cols() && prod.rows() > 1) {
        Hop x = hop.input(0).input(0);
        Hop y = hop.input(0).input(1);
        return HopFactory.aggregate(AggregateOp.SUM, Direction.ROW,
            HopFactory.binary(BinaryOp.MULT, x, HopFactory.transpose(y, hop.position()),
                hop.position()),
            hop.position());
      }
    }
    return hop;
  }

  private static Hop sumBeforeProduct(Hop hop, RewriteContext ctx) {
    HopParam.Aggregate p = hop.param(HopParam.Aggregate.class);
    Hop prod = hop.input(0);
    if (p.op() != AggregateOp.SUM || prod.op() != OpCode.MATMULT) {
      return hop;
    }
    Hop a = prod.input(0);
    Hop b = prod.input(1);
    DataCharacteristics sa = ctx.size(a);
    DataCharacteristics sb = ctx.size(b);
    DataCharacteristics out = ctx.size(prod);
    if (!sa.dimsKnown() || !sb.dimsKnown() || !out.dimsKnown()
        || sa.cells() + sb.cells() >= out.cells()) {
      return hop;
    }
    SourcePosition pos = hop.position();
    return switch (p.direction()) {
      case FULL -> HopFactory.aggregate(AggregateOp.SUM, Direction.FULL,
          HopFactory.binary(BinaryOp.MULT,
              HopFactory.transpose(HopFactory.aggregate(AggregateOp.SUM, Direction.COL, a, pos),
                  pos),
              HopFactory.aggregate(AggregateOp.SUM, Direction.ROW, b, pos), pos), pos);
      case COL -> HopFactory.matmult(
          HopFactory.aggregate(AggregateOp.SUM, Direction.COL, a, pos), b, pos);
      case ROW -> HopFactory.matmult(
          a, HopFactory.aggregate(AggregateOp.SUM, Direction.ROW, b, pos), pos);
    };
  }
}
