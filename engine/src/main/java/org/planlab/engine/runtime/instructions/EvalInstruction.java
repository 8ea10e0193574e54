package org.planlab.engine.runtime.instructions;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.planlab.engine.data.Data;
import org.planlab.engine.data.ListValue;
import org.planlab.engine.data.MatrixData;
import org.planlab.engine.data.ScalarValue;
import org.planlab.engine.ir.Hop;
import org.planlab.engine.matrix.MatrixBlock;
import org.planlab.engine.runtime.ExecutionContext;

/**
 * {@code eval(fname, args...)}: calls the function named by the string {@code fname}, chosen at
 * run time (SystemDS's second-order eval). One list argument supplies the arguments (by name if
 * the list is named); otherwise the arguments are positional. The result is the function's first
 * result as a matrix (a scalar becomes 1x1), as SystemDS returns it.
 */
public final class EvalInstruction extends Instruction {

  public EvalInstruction(String opcode, Hop hop, int[] inputs, int output) {
    super(opcode, hop, inputs, output);
  }

  @Override
  public Data execute(Data[] in, ExecutionContext ctx) {
    String name = Operands.str(in[0], "eval's function name");
    List<Data> args;
    List<String> names = null;
    if (in.length == 2 && in[1] instanceof ListValue l) {
      args = l.values();
      names = l.isNamed() ? l.names() : null;
    } else {
      args = new ArrayList<>(Arrays.asList(in).subList(1, in.length));
    }
    Data result = ctx.interpreter().eval(name, args, names, ctx, position());
    if (result instanceof ListValue l && l.size() == 1) {
      result = l.get(1);
    }
    if (result instanceof MatrixData) {
      return result;
    }
    if (result instanceof ScalarValue s) {
      return Operands.wrap(MatrixBlock.scalar(s.asDouble()));
    }
    throw new IllegalArgumentException("eval(\"" + name + "\") returned a list; eval returns"
        + " a matrix or a scalar");
  }
}
