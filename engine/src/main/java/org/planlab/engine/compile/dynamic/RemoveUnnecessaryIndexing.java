package org.planlab.engine.compile.dynamic;

import org.planlab.engine.ir.DataCharacteristics;
import org.planlab.engine.ir.Hop;
import org.planlab.engine.ir.OpCode;

/**
 * Eq. 6, "remove unnecessary indexing": {@code X[...] -> X} and {@code X[...] = Y -> Y} when
 * the range covers the whole matrix (same dims), and {@code X[...] -> matrix(0, ...)} when X is
 * empty.
 */
public final class RemoveUnnecessaryIndexing implements DynamicRewrite {
  @Override
  public Hop apply(Hop hop, RewriteContext ctx) {
    if (hop.op() == OpCode.RIGHT_INDEX) {
      Hop x = hop.input(0);
      if (ctx.sameDims(hop, x)) {
        return x;
      }
      DataCharacteristics out = ctx.size(hop);
      if (ctx.isEmpty(x) && out.dimsKnown()) {
        return HopFactory.zeros(out.rows(), out.cols(), hop.position());
      }
    } else if (hop.op() == OpCode.LEFT_INDEX && hop.input(1).isMatrix()
        && ctx.sameDims(hop.input(0), hop.input(1))) {
      return hop.input(1);
    }
    return hop;
  }
}
