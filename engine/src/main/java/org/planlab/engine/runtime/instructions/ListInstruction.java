package org.planlab.engine.runtime.instructions;

import static org.planlab.engine.runtime.instructions.Operands.scalar;

import java.util.List;
import org.planlab.engine.data.Data;
import org.planlab.engine.data.ListValue;
import org.planlab.engine.data.ScalarValue;
import org.planlab.engine.ir.Hop;
import org.planlab.engine.ir.HopParam;
import org.planlab.engine.lang.types.ValueType;
import org.planlab.engine.runtime.ExecutionContext;

/**
 * The operations of SystemDS's List type: LIST, LIST_INDEX, LIST_SET, LIST_APPEND and
 * LIST_REMOVE. Lists live in the driver; their matrix elements are local values (the executor
 * brings an operand from another backend home before a list holds it).
 */
public final class ListInstruction extends Instruction {

  public ListInstruction(String opcode, Hop hop, int[] inputs, int output) {
    super(opcode, hop, inputs, output);
  }

  @Override
  public Data execute(Data[] in, ExecutionContext ctx) {
    return switch (hop().op()) {
      case LIST -> new ListValue(List.of(in), hop().param(HopParam.ListNames.class).names());
      case LIST_INDEX -> index(list(in[0]), in[1], in[2]);
      case LIST_SET -> set(list(in[0]), in[1], in[2]);
      case LIST_APPEND -> append(in[0], in[1]);
      case LIST_REMOVE -> list(in[0]).without(scalar(in[1], "remove position").asLong());
      case CAST_LIST -> {
        ListValue l = list(in[0]);
        yield l.size() == 1 && l.get(1) instanceof ListValue inner ? inner : l;
      }
      default -> throw new IllegalStateException("not a list opcode: " + hop().op());
    };
  }

  private static ListValue list(Data d) {
    if (d instanceof ListValue l) {
      return l;
    }
    throw new IllegalArgumentException("expected a list, got " + describe(d));
  }

  /** L[i], L[i:j] or L["name"]: always a list (as.matrix or as.scalar take its element). */
  private static ListValue index(ListValue l, Data lower, Data upper) {
    ScalarValue lo = scalar(lower, "list index");
    if (lo.valueType() == ValueType.STRING) {
      String name = lo.asString();
      int at = l.position(name).orElseThrow(() -> new IllegalArgumentException(
          l.isNamed() ? "the list has no element '" + name + "' (elements: "
              + String.join(", ", l.names()) + ")"
              : "cannot index an unnamed list by name '" + name + "'"));
      return l.slice(at + 1, at + 1);
    }
    return l.slice(lo.asLong(), scalar(upper, "list index").asLong());
  }

  private static ListValue set(ListValue l, Data key, Data value) {
    ScalarValue k = scalar(key, "list index");
    Data element = unwrapSingle(value);
    return k.valueType() == ValueType.STRING ? l.with(k.asString(), element)
        : l.with(k.asLong(), element);
  }

  /** append(L, v) adds v; append(s, t) of two strings joins them with a line break. */
  private static Data append(Data target, Data value) {
    if (target instanceof ListValue l) {
      return l.append(value, null);
    }
    return ScalarValue.of(scalar(target, "append").asString() + "\n"
        + scalar(value, "append").asString());
  }

  /** A one-element list assigned into a list is its element ({@code L[i] = M[j]}). */
  private static Data unwrapSingle(Data d) {
    return d instanceof ListValue l && l.size() == 1 ? l.get(1) : d;
  }

  static String describe(Data d) {
    return d instanceof ListValue ? "a list" : d instanceof ScalarValue ? "a scalar" : "a matrix";
  }
}
