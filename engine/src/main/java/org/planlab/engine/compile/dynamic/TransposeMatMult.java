package org.planlab.engine.compile.dynamic;

import org.planlab.engine.compile.size.MemoryEstimates;
import org.planlab.engine.ir.DataCharacteristics;
import org.planlab.engine.ir.Hop;
import org.planlab.engine.ir.OpCode;

/**
 * {@code t(X) %*% y -> t(t(y) %*% X)} when cheaper (a dynamic rewrite, optimizer paper, sec.
 * 3.1): both forms do the same multiply flops, but the left one materialises t(X) while the
 * right one transposes only y and the result. Applied when the estimated bytes of
 * {@code t(y)} plus the product are below those of {@code t(X)}, and only when t(X) has no
 * other consumer (else it is computed anyway).
 * A y that is itself {@code t(Z)} is used as Z, so no double transpose is created.
 */
public final class TransposeMatMult implements DynamicRewrite {
  @Override
  public Hop apply(Hop hop, RewriteContext ctx) {
    if (hop.op() != OpCode.MATMULT || hop.input(0).op() != OpCode.TRANSPOSE
        || ctx.consumerCount(hop.input(0)) > 1) {
      return hop;
    }
    Hop tx = hop.input(0);
    Hop x = tx.input(0);
    Hop y = hop.input(1);
    DataCharacteristics sx = ctx.size(x);
    DataCharacteristics sy = ctx.size(y);
    DataCharacteristics out = ctx.size(hop);
    if (!sx.dimsKnown() || !sy.dimsKnown() || !out.dimsKnown()) {
      return hop;
    }
    long before = MemoryEstimates.outputSize(sx);
    long after = MemoryEstimates.outputSize(sy) + MemoryEstimates.outputSize(out);
    if (after >= before) {
      return hop;
    }
    Hop ty = y.op() == OpCode.TRANSPOSE ? y.input(0) : HopFactory.transpose(y, hop.position());
    return HopFactory.transpose(HopFactory.matmult(ty, x, hop.position()), hop.position());
  }
}
