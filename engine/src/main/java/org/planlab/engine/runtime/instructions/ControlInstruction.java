package org.planlab.engine.runtime.instructions;

import org.planlab.engine.data.Data;
import org.planlab.engine.ir.Hop;
import org.planlab.engine.runtime.DmlRuntimeException;
import org.planlab.engine.runtime.ExecutionContext;

/** Side effects: PRINT, STOP, ASSERT, EVICT. */
public final class ControlInstruction extends Instruction {

  public ControlInstruction(String opcode, Hop hop, int[] inputs, int output) {
    super(opcode, hop, inputs, output);
  }

  @Override
  public Data execute(Data[] in, ExecutionContext ctx) {
    switch (hop().op()) {
      case PRINT:
        ctx.out().println(CastInstruction.toText(in[0], 3, " ", "\n"));
        return null;
      case STOP:
        throw new DmlRuntimeException(position(), CastInstruction.toText(in[0], 3, " ", "\n"));
      case ASSERT:
        if (!Operands.bool(in[0], "assert")) {
          throw new DmlRuntimeException(position(), "assertion failed");
        }
        return null;
      case EVICT: {
        double percent = Operands.dbl(in[0], "evict");
        if (!(percent >= 0 && percent <= 100)) {
          throw new DmlRuntimeException(position(), "evict takes a percentage in [0, 100], was "
              + CastInstruction.toText(in[0], 3, " ", "\n"));
        }
        ctx.mover().evict(percent / 100);
        return null;
      }
      default:
        throw new IllegalStateException("not a control opcode: " + hop().op());
    }
  }
}
