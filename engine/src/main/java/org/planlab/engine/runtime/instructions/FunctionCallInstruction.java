package org.planlab.engine.runtime.instructions;

import org.planlab.engine.data.Data;
import org.planlab.engine.ir.Hop;
import org.planlab.engine.ir.HopParam;
import org.planlab.engine.lineage.LineageItem;
import org.planlab.engine.runtime.ExecutionContext;

/**
 * A call of a user-defined function: the bound arguments are the operands; the results go
 * straight to the caller's output variables (copy semantics, see {@code Interpreter#call}).
 */
public final class FunctionCallInstruction extends Instruction {

  public FunctionCallInstruction(String opcode, Hop hop, int[] inputs, int output) {
    super(opcode, hop, inputs, output);
  }

  @Override
  public Data execute(Data[] in, ExecutionContext ctx) {
    return execute(in, null, ctx);
  }

  /** The call, with the arguments' lineage for the callee's parameters (null: not traced). */
  @Override
  public Data execute(Data[] in, LineageItem[] lineage, ExecutionContext ctx) {
    HopParam.Call call = hop().param(HopParam.Call.class);
    ctx.interpreter().call(call.function(), in, lineage, call.outputs(), ctx, position());
    return null;
  }

  /** Arguments are bound as they are; the callee's instructions move them where they run. */
  @Override
  public boolean acceptsHandles() {
    return true;
  }

  @Override
  protected String detail() {
    HopParam.Call call = hop().param(HopParam.Call.class);
    return call.function() + " -> " + call.outputs();
  }
}
