package org.planlab.engine.codegen.template;

import org.planlab.engine.codegen.memo.CloseType;
import org.planlab.engine.codegen.memo.MemoEntry;
import org.planlab.engine.codegen.memo.MemoTable;
import org.planlab.engine.codegen.memo.TemplateType;
import org.planlab.engine.ir.DataCharacteristics;
import org.planlab.engine.ir.Hop;

/**
 * The Cell template (fusion paper, sec. 2.2 and 3.2): element-wise unary, binary (with scalar
 * or row/column-vector broadcast) and ifelse operations over cells of one iteration space, closed
 * by a sum/sumSq/min/max aggregation in any direction. Fusing an input requires it to span the
 * whole iteration space; a broadcast vector stays a materialized side input, so no vector is
 * recomputed once per cell.
 */
public final class CellTemplate implements Template {

  @Override
  public TemplateType type() {
    return TemplateType.CELL;
  }

  @Override
  public boolean open(Hop h, MemoTable memo) {
    return isCellOperation(h, memo) || isCellAggregate(h, memo);
  }

  @Override
  public boolean fuse(Hop h, Hop in, MemoTable memo) {
    return memo.hasOpen(in, TemplateType.CELL) && covers(h, in, memo);
  }

  @Override
  public boolean merge(Hop h, Hop in, MemoTable memo) {
    return memo.hasOpen(in, TemplateType.CELL) && covers(h, in, memo);
  }

  @Override
  public CloseType close(Hop h, MemoEntry e, MemoTable memo) {
    return isCellAggregate(h, memo) ? CloseType.CLOSED_VALID : CloseType.OPEN_VALID;
  }

  /** Whether {@code in}, an input of {@code h}, spans h's iteration space. */
  private static boolean covers(Hop h, Hop in, MemoTable memo) {
    if (isCellAggregate(h, memo)) {
      return true;
    }
    return isCellOperation(h, memo) && Shapes.sameDims(Shapes.dims(in, memo), Shapes.dims(h, memo));
  }

  /** An element-wise operation whose matrix inputs have h's dims or broadcast to them. */
  static boolean isCellOperation(Hop h, MemoTable memo) {
    DataCharacteristics out = Shapes.dims(h, memo);
    if (out == null) {
      return false;
    }
    boolean full = false;
    switch (h.op()) {
      case BINARY, UNARY, IFELSE -> {
        for (Hop in : h.inputs()) {
          if (in.isScalar()) {
            continue;
          }
          DataCharacteristics d = Shapes.dims(in, memo);
          if (d == null) {
            return false;
          }
          if (Shapes.sameDims(d, out)) {
            full = true;
          } else if (!(h.op() == org.planlab.engine.ir.OpCode.BINARY
              && (d.rows() == out.rows() && d.cols() == 1
                  || d.rows() == 1 && d.cols() == out.cols()))) {
            return false;
          }
        }
        return full;
      }
      default -> {
        return false;
      }
    }
  }

  /** sum/sumSq/min/max of a matrix with known dims. */
  static boolean isCellAggregate(Hop h, MemoTable memo) {
    return Shapes.isFusedAggregate(h) && Shapes.dims(h.input(0), memo) != null;
  }
}
