package org.planlab.engine.runtime.instructions;

import org.planlab.engine.data.Data;
import org.planlab.engine.data.MatrixData;
import org.planlab.engine.ir.ExecType;
import org.planlab.engine.ir.Hop;
import org.planlab.engine.runtime.ExecutionContext;

/**
 * Moves the value of one operand to the backend running {@code target} (Spark paper, sec. 4.2:
 * collect and parallelize between the driver and the cluster; MEMPHIS sec. 2.3: host-device
 * copies). Lowering inserts one where an operation consumes a matrix produced on another
 * backend, before the first consumer on the target; all consumers there share the moved value.
 * Its opcode names the target: {@code tocp}, {@code tospark}, {@code togpu}. Scalars pass
 * unchanged.
 */
public final class TransferInstruction extends Instruction {
  private final ExecType target;

  /**
   * @param producer the HOP whose value moves (its position is reported on failure)
   * @param target where the value is needed
   */
  public TransferInstruction(Hop producer, ExecType target, int input, int output) {
    super("to" + target.label(), producer, new int[] {input}, output);
    this.target = target;
  }

  /** Where the value moves to. */
  public ExecType target() {
    return target;
  }

  @Override
  public boolean acceptsHandles() {
    return true;
  }

  @Override
  public Data execute(Data[] in, ExecutionContext ctx) {
    if (in[0] instanceof MatrixData m && target == ExecType.CP && !m.isLocal()
        && ctx.prefetcher() != null) {
      // MEMPHIS sec. 5.1: the remote job or copy runs while the driver goes on
      return ctx.prefetcher().prefetch(m, opcode(), ctx);
    }
    return in[0] instanceof MatrixData m ? ctx.mover().move(m, target, ctx) : in[0];
  }
}
