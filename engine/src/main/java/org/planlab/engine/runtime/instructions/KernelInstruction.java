package org.planlab.engine.runtime.instructions;

import org.planlab.engine.ir.ExecType;
import org.planlab.engine.ir.Hop;

/**
 * An instruction that runs a local kernel (or a fused operator) over its operands: in CP, the
 * kernel reads the operands and returns a new block or one of them, keeping no reference to
 * them ({@link #keepsNoOperand}), so the executor may recycle its output's buffer once the
 * output's slot dies.
 */
public abstract class KernelInstruction extends Instruction {
  /** A CP instruction. */
  protected KernelInstruction(String opcode, Hop hop, int[] inputs, int output) {
    super(opcode, hop, inputs, output);
  }

  /** In CP, a kernel reads the operands and returns a new block or one of them. */
  @Override
  public final boolean keepsNoOperand() {
    return execType() == ExecType.CP;
  }
}
