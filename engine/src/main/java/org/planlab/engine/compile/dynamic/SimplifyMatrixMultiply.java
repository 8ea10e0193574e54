package org.planlab.engine.compile.dynamic;

import org.planlab.engine.ir.DataCharacteristics;
import org.planlab.engine.ir.Hop;
import org.planlab.engine.ir.HopParam;
import org.planlab.engine.ir.OpCode;
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
 */
public final class SimplifyMatrixMultiply implements DynamicRewrite {
  @Override
  public Hop apply(Hop hop, RewriteContext ctx) {
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
}
