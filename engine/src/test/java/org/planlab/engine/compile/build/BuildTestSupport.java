package org.planlab.engine.compile.build;

import java.util.ArrayList;
import java.util.List;
import org.planlab.engine.data.ScalarValue;
import org.planlab.engine.ir.Hop;
import org.planlab.engine.ir.HopDag;
import org.planlab.engine.ir.HopParam;
import org.planlab.engine.ir.OpCode;
import org.planlab.engine.ir.Program;
import org.planlab.engine.ir.ProgramBlock;
import org.planlab.engine.lang.DmlParser;
import org.planlab.engine.lang.ast.DmlProgram;
import org.planlab.engine.lang.ast.FunctionKey;
import org.planlab.engine.lang.validate.DmlValidator;

/** Parses, validates and builds scripts, and renders HOPs compactly, for the IR tests. */
public final class BuildTestSupport {
  /** Parameters every {@link #expression} snippet may use. */
  private static final String SIGNATURE = "f = function(matrix[double] X, matrix[double] Y,"
      + " double s, integer i, boolean b, string str) return (matrix[double] R) {\n"
      + "  R = X\n";

  private BuildTestSupport() {
  }

  public static Program build(String script) {
    return HopBuilder.build(new DmlValidator().validate(new DmlParser().parse(script, "t.dml")));
  }

  /** The blocks of main-script function {@code name}. */
  public static List<ProgramBlock> function(Program p, String name) {
    return p.functions().get(new FunctionKey(DmlProgram.MAIN_NAMESPACE, name)).body();
  }

  /**
   * The HOP assigned to {@code Z} by {@code Z = expression} inside a function whose parameters
   * X, Y (matrices), s (double), i (integer), b (boolean), str (string) are READ_VAR leaves.
   */
  public static Hop expression(String expression) {
    Program p = build(SIGNATURE + "  Z = " + expression + "\n}\n");
    // the last block: a statement calling time() gets a block of its own
    List<ProgramBlock> blocks = function(p, "f");
    return written(dagOf(blocks, blocks.size() - 1), "Z");
  }

  /** The side-effect roots of statement {@code statement} in the same function context. */
  public static List<Hop> effects(String statement) {
    Program p = build(SIGNATURE + "  " + statement + "\n}\n");
    List<Hop> out = new ArrayList<>();
    // a write has a block of its own (reads and writes of a file keep source order)
    for (ProgramBlock b : function(p, "f")) {
      for (Hop r : ((ProgramBlock.Basic) b).dag().roots()) {
        if (r.op() != OpCode.WRITE_VAR) {
          out.add(r);
        }
      }
    }
    return out;
  }

  /** The DAG of basic block {@code index}. */
  public static HopDag dagOf(List<ProgramBlock> blocks, int index) {
    return ((ProgramBlock.Basic) blocks.get(index)).dag();
  }

  /** The value written to {@code variable} by a WRITE_VAR root of {@code dag}. */
  public static Hop written(HopDag dag, String variable) {
    for (Hop r : dag.roots()) {
      if (r.op() == OpCode.WRITE_VAR && r.param(HopParam.Variable.class).name().equals(variable)) {
        return r.input(0);
      }
    }
    throw new AssertionError("no write of " + variable + " in " + dag.roots());
  }

  /** Names of the variables the DAG writes, in root order. */
  public static List<String> writes(HopDag dag) {
    return dag.roots().stream().filter(r -> r.op() == OpCode.WRITE_VAR)
        .map(r -> r.param(HopParam.Variable.class).name()).toList();
  }

  /** Names of the variables the DAG reads (READ_VAR leaves), in topological order. */
  public static List<String> reads(HopDag dag) {
    return dag.topologicalOrder().stream().filter(h -> h.op() == OpCode.READ_VAR)
        .map(h -> h.param(HopParam.Variable.class).name()).toList();
  }

  /**
   * A HOP as a term: literals as values (strings quoted), READ_VAR as the name, otherwise
   * {@code OPCODE[param](inputs)}.
   */
  public static String render(Hop h) {
    if (h.op() == OpCode.LITERAL) {
      ScalarValue v = h.param(HopParam.Literal.class).value();
      return v instanceof ScalarValue.StringValue s ? "\"" + s.value().replace("\n", "\\n") + "\""
          : v.asString();
    }
    if (h.op() == OpCode.READ_VAR) {
      return h.param(HopParam.Variable.class).name();
    }
    StringBuilder sb = new StringBuilder(h.op().name());
    String p = paramText(h.param());
    if (!p.isEmpty()) {
      sb.append('[').append(p).append(']');
    }
    if (!h.inputs().isEmpty()) {
      sb.append('(');
      for (int k = 0; k < h.inputs().size(); k++) {
        sb.append(k > 0 ? "," : "").append(render(h.input(k)));
      }
      sb.append(')');
    }
    return sb.toString();
  }

  private static String paramText(HopParam p) {
    if (p instanceof HopParam.Binary b) {
      return b.op().symbol();
    }
    if (p instanceof HopParam.Unary u) {
      return u.op().symbol();
    }
    if (p instanceof HopParam.Aggregate a) {
      return a.op() + "," + a.direction();
    }
    if (p instanceof HopParam.Cumulative c) {
      return c.kind().name();
    }
    if (p instanceof HopParam.Cast c) {
      return c.to().dmlName();
    }
    if (p instanceof HopParam.Call c) {
      return c.function() + "->" + c.outputs();
    }
    if (p instanceof HopParam.Variable v) {
      return v.name();
    }
    return "";
  }
}
