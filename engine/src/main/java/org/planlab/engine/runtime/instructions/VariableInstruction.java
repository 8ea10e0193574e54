package org.planlab.engine.runtime.instructions;

import org.planlab.engine.data.Data;
import org.planlab.engine.data.ScalarValue;
import org.planlab.engine.ir.Hop;
import org.planlab.engine.ir.HopParam;
import org.planlab.engine.ir.OpCode;
import org.planlab.engine.lang.types.ValueType;
import org.planlab.engine.lineage.LineageItem;
import org.planlab.engine.runtime.ExecutionContext;

/** Literals and transient reads/writes of variables (LITERAL, READ_VAR, WRITE_VAR). */
public final class VariableInstruction extends Instruction {
  private final ScalarValue literal;
  private final String variable;

  public VariableInstruction(String opcode, Hop hop, int[] inputs, int output) {
    super(opcode, hop, inputs, output);
    this.literal = hop.param() instanceof HopParam.Literal l ? l.value() : null;
    this.variable = hop.param() instanceof HopParam.Variable v ? v.name() : null;
  }

  @Override
  public Data execute(Data[] in, ExecutionContext ctx) {
    switch (hop().op()) {
      case LITERAL:
        return literal;
      case READ_VAR: {
        Data d = ctx.get(variable);
        if (d == null) {
          throw new IllegalArgumentException("variable '" + variable + "' is not defined");
        }
        return d;
      }
      case WRITE_VAR:
        ctx.set(variable, in[0]);
        return null;
      default:
        throw new IllegalStateException("not a variable opcode: " + hop().op());
    }
  }

  /** As {@link #execute(Data[], ExecutionContext)}; a write keeps the value's lineage. */
  @Override
  public Data execute(Data[] in, LineageItem[] lineage, ExecutionContext ctx) {
    if (lineage != null && hop().op() == OpCode.WRITE_VAR) {
      // a scalar variable is traced by its value (its literal, made when it is read): exact,
      // and a loop-carried scalar does not drag the whole loop's history along
      ctx.set(variable, in[0], in[0] instanceof ScalarValue ? null : lineage[0]);
      return null;
    }
    return execute(in, ctx);
  }

  /** The variable a read or write names, or null for a literal. */
  public String variable() {
    return variable;
  }

  /** Literals, variable reads and writes pass any value on as it is. */
  @Override
  public boolean acceptsHandles() {
    return true;
  }

  @Override
  protected String detail() {
    if (literal == null) {
      return variable == null ? "" : variable;
    }
    return literal.valueType() == ValueType.STRING ? "\"" + literal.asString() + "\""
        : literal.asString();
  }
}
