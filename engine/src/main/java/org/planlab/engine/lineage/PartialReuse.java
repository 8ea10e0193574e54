package org.planlab.engine.lineage;

import java.util.List;
import org.planlab.engine.data.Data;
import org.planlab.engine.data.MatrixValue;
import org.planlab.engine.kernels.TsmmKernels;
import org.planlab.engine.matrix.MatrixBlock;
import org.planlab.engine.runtime.ExecutionContext;
import org.planlab.engine.runtime.instructions.Instruction;
import org.planlab.engine.runtime.instructions.MatMultInstruction;

/**
 * Partial reuse (LIMA sec. 4.3): an instruction whose output was not cached as a whole may still
 * contain a cached value as a part, and be computed from that part and a compensation that costs
 * much less than the instruction itself. The rewrites are chosen by the lineage of the operands,
 * so a reused part is the same value by construction, and every compensation is computed in the
 * order of the full kernel, so its result is bit-identical to executing the instruction.
 *
 * <p>The rewrite here is the one feature-engineering and hyper-parameter loops meet most:
 * {@code t(C) %*% C} for {@code C = cbind(X, dX)} (an appended column of ones for an intercept,
 * or new features) from a cached {@code t(X) %*% X}: only the cells of the trailing columns are
 * computed, {@code n * ncol(C) * ncol(dX)} multiply-adds instead of {@code n * ncol(C)^2 / 2}.
 */
final class PartialReuse {
  private static final String CBIND = "cbind";

  private PartialReuse() {
  }

  /**
   * The output of {@code instr} (item {@code key}, operands {@code in}) computed from a cached
   * part, or null when no rewrite applies or the part is not cached.
   */
  static Data compute(LineageItem key, Instruction instr, Data[] in, ReuseCache cache,
      ExecutionContext ctx) {
    if (!(instr instanceof MatMultInstruction mm)
        || mm.kind() != MatMultInstruction.Kind.TSMM_LEFT) {
      return null;
    }
    LineageItem bound = key.inputs().get(0);
    List<LineageItem> parts = bound.inputs();
    if (!bound.opcode().equals(CBIND) || parts.size() < 2
        || !(in[0] instanceof MatrixValue c) || c.block().isSparse()) {
      return null;
    }
    // the leading operands of the cbind: its first one, or a cbind of all but the last
    LineageItem lead = parts.size() == 2 ? parts.get(0)
        : LineageItem.owning(CBIND, bound.data(),
            parts.subList(0, parts.size() - 1).toArray(new LineageItem[0]));
    LineageItem leadKey = LineageItem.owning(key.opcode(), key.data(), new LineageItem[] {lead});
    Data part = cache.getPart(leadKey, ctx.statistics());
    if (!(part instanceof MatrixValue p) || p.rows() != p.cols() || p.cols() > c.cols()) {
      return null;
    }
    MatrixBlock out = TsmmKernels.tsmmExtendColumns(c.block(), p.block(), ctx.pool());
    return new MatrixValue(out);
  }
}
