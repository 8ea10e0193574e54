package org.planlab.engine.runtime.instructions;

import static org.planlab.engine.runtime.instructions.Operands.matrix;
import static org.planlab.engine.runtime.instructions.Operands.wrap;

import org.planlab.engine.data.Data;
import org.planlab.engine.ir.Hop;
import org.planlab.engine.kernels.BiasKernels;
import org.planlab.engine.runtime.ExecutionContext;

/** The DNN builtins BIAS_ADD and BIAS_MULTIPLY (CP only). */
public final class BiasInstruction extends KernelInstruction {

  public BiasInstruction(String opcode, Hop hop, int[] inputs, int output) {
    super(opcode, hop, inputs, output);
  }

  @Override
  public Data execute(Data[] in, ExecutionContext ctx) {
    return switch (hop().op()) {
      case BIAS_ADD -> wrap(BiasKernels.biasAdd(matrix(in[0]), matrix(in[1])));
      case BIAS_MULTIPLY -> wrap(BiasKernels.biasMultiply(matrix(in[0]), matrix(in[1])));
      default -> throw new IllegalStateException("not a bias opcode: " + hop().op());
    };
  }
}
