package org.planlab.engine.runtime.instructions;

import java.util.Objects;
import org.planlab.engine.data.Data;
import org.planlab.engine.ir.Hop;
import org.planlab.engine.lang.ast.SourcePosition;
import org.planlab.engine.runtime.ExecutionContext;

/**
 * One executable step of a basic block program: a physical opcode, the frame slots of its
 * operands, the slot of its output (-1 when it has none), and the HOP it implements (for its
 * parameter and position). Immutable; {@link #toString()} names everything lineage tracing
 * needs.
 */
public abstract class Instruction {
  private final String opcode;
  private final Hop hop;
  private final int[] inputs;
  private final int output;

  protected Instruction(String opcode, Hop hop, int[] inputs, int output) {
    this.opcode = Objects.requireNonNull(opcode, "opcode is null");
    this.hop = Objects.requireNonNull(hop, "hop is null");
    this.inputs = inputs.clone();
    this.output = output;
  }

  /** The physical operator, e.g. "+", "ba+*", "tsmm", "mmchain", "rand". */
  public String opcode() {
    return opcode;
  }

  /** The HOP this instruction implements (the root HOP of a fused pattern). */
  public Hop hop() {
    return hop;
  }

  public SourcePosition position() {
    return hop.position();
  }

  /** Operand slots (a copy). */
  public int[] inputs() {
    return inputs.clone();
  }

  public int inputCount() {
    return inputs.length;
  }

  public int input(int i) {
    return inputs[i];
  }

  /** Output slot, or -1. */
  public int output() {
    return output;
  }

  /**
   * Computes the output from the operand values (never modified). Returns null for
   * instructions without output.
   */
  public abstract Data execute(Data[] in, ExecutionContext ctx);

  /** What the opcode alone does not say (a literal, a variable, a callee), or "". */
  protected String detail() {
    return "";
  }

  @Override
  public String toString() {
    StringBuilder sb = new StringBuilder(opcode);
    String d = detail();
    if (!d.isEmpty()) {
      sb.append(' ').append(d);
    }
    for (int i : inputs) {
      sb.append(" _").append(i);
    }
    if (output >= 0) {
      sb.append(" -> _").append(output);
    }
    return sb.append("  # ").append(hop.position()).toString();
  }
}
