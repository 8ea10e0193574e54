package org.planlab.engine.ir;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import org.planlab.engine.data.ScalarValue;

/**
 * Renders a {@link Program} for explain output and tests: every block with its kind, and every
 * DAG one HOP per line in topological order, as
 * {@code (id) OPCODE [param] (input ids) datatype valuetype}, plus dims, nnz and memory when a
 * {@link SizeInfo} is given (the size-propagation tables plug in through it). Ids are the DAG's
 * own {@link HopDag#ids()}, so they restart at 1 in every DAG.
 */
public final class HopPrinter {
  private static final String INDENT = "  ";

  private HopPrinter() {
  }

  /**
   * Per-DAG facts to print beside each HOP; any may be empty (then nothing is printed for it).
   */
  public interface SizeInfo {
    /** The output size of {@code hop} in {@code dag}, if known. */
    Optional<DataCharacteristics> size(HopDag dag, Hop hop);

    /** The output memory estimate of {@code hop} in bytes, if known. */
    OptionalLong memory(HopDag dag, Hop hop);

    /** Anything else to print at the end of {@code hop}'s line (e.g. its placement), or "". */
    default String note(HopDag dag, Hop hop) {
      return "";
    }
  }

  /** No sizes: the plain DAG. */
  public static final SizeInfo NO_SIZES = new SizeInfo() {
    @Override
    public Optional<DataCharacteristics> size(HopDag dag, Hop hop) {
      return Optional.empty();
    }

    @Override
    public OptionalLong memory(HopDag dag, Hop hop) {
      return OptionalLong.empty();
    }
  };

  /** The whole program without sizes. */
  public static String print(Program program) {
    return print(program, NO_SIZES);
  }

  /** The whole program, with sizes and memory estimates where {@code sizes} knows them. */
  public static String print(Program program, SizeInfo sizes) {
    StringBuilder sb = new StringBuilder();
    sb.append("PROGRAM\n");
    blocks(program.main(), 1, sizes, sb);
    for (Map.Entry<?, Program.Function> f : program.functions().entrySet()) {
      sb.append("FUNCTION ").append(f.getKey()).append('\n');
      blocks(f.getValue().body(), 1, sizes, sb);
    }
    return sb.toString();
  }

  /** One DAG, each line indented by {@code depth} levels. */
  public static String print(HopDag dag, int depth, SizeInfo sizes) {
    StringBuilder sb = new StringBuilder();
    dag(dag, depth, sizes, sb);
    return sb.toString();
  }

  /** One DAG without sizes, unindented. */
  public static String print(HopDag dag) {
    return print(dag, 0, NO_SIZES);
  }

  private static void blocks(List<ProgramBlock> blocks, int depth, SizeInfo sizes,
      StringBuilder sb) {
    for (ProgramBlock b : blocks) {
      if (b instanceof ProgramBlock.Basic basic) {
        line(sb, depth, "BASIC");
        dag(basic.dag(), depth + 1, sizes, sb);
      } else if (b instanceof ProgramBlock.If i) {
        line(sb, depth, "IF");
        dag(i.predicate(), depth + 1, sizes, sb);
        line(sb, depth, "THEN");
        blocks(i.thenBlocks(), depth + 1, sizes, sb);
        if (!i.elseBlocks().isEmpty()) {
          line(sb, depth, "ELSE");
          blocks(i.elseBlocks(), depth + 1, sizes, sb);
        }
      } else if (b instanceof ProgramBlock.While w) {
        line(sb, depth, "WHILE");
        dag(w.predicate(), depth + 1, sizes, sb);
        line(sb, depth, "DO");
        blocks(w.body(), depth + 1, sizes, sb);
      } else if (b instanceof ProgramBlock.For f) {
        line(sb, depth, (f.parallel() ? "PARFOR " : "FOR ") + f.variable()
            + (f.parforOptions().isEmpty() ? "" : " " + new java.util.TreeMap<>(f.parforOptions())));
        line(sb, depth, "FROM");
        dag(f.from(), depth + 1, sizes, sb);
        line(sb, depth, "TO");
        dag(f.to(), depth + 1, sizes, sb);
        if (f.increment().isPresent()) {
          line(sb, depth, "BY");
          dag(f.increment().get(), depth + 1, sizes, sb);
        }
        line(sb, depth, "DO");
        blocks(f.body(), depth + 1, sizes, sb);
      }
    }
  }

  private static void dag(HopDag dag, int depth, SizeInfo sizes, StringBuilder sb) {
    Map<Hop, Integer> ids = dag.ids();
    for (Hop h : dag.topologicalOrder()) {
      StringBuilder l = new StringBuilder();
      l.append('(').append(ids.get(h)).append(") ").append(h.op());
      String p = param(h.param());
      if (!p.isEmpty()) {
        l.append(" [").append(p).append(']');
      }
      if (!h.inputs().isEmpty()) {
        l.append(" (");
        for (int i = 0; i < h.inputs().size(); i++) {
          l.append(i > 0 ? "," : "").append(ids.get(h.input(i)));
        }
        l.append(')');
      }
      l.append(' ').append(h.dataType().dmlName()).append(' ').append(h.valueType().dmlName());
      sizes.size(dag, h).ifPresent(dc -> l.append(" dims=").append(dc));
      OptionalLong mem = sizes.memory(dag, h);
      if (mem.isPresent()) {
        l.append(" mem=").append(mem.getAsLong()).append('B');
      }
      String note = sizes.note(dag, h);
      if (!note.isEmpty()) {
        l.append(' ').append(note);
      }
      line(sb, depth, l.toString());
    }
  }

  /** The parameter as DML would write it: literal values, variable names, operator symbols. */
  static String param(HopParam p) {
    if (p instanceof HopParam.Literal l) {
      ScalarValue v = l.value();
      return v instanceof ScalarValue.StringValue s ? quoted(s.value()) : v.asString();
    }
    if (p instanceof HopParam.Variable v) {
      return v.name();
    }
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
      return c.kind().toString();
    }
    if (p instanceof HopParam.Cast c) {
      return c.to().dmlName();
    }
    if (p instanceof HopParam.Call c) {
      return c.function() + " -> " + c.outputs();
    }
    return "";
  }

  /** A string literal as DML would write it, escapes included, so every HOP is one line. */
  private static String quoted(String s) {
    StringBuilder sb = new StringBuilder("\"");
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      switch (c) {
        case '\n' -> sb.append("\\n");
        case '\t' -> sb.append("\\t");
        case '\r' -> sb.append("\\r");
        case '"' -> sb.append("\\\"");
        case '\\' -> sb.append("\\\\");
        default -> sb.append(c);
      }
    }
    return sb.append('"').toString();
  }

  private static void line(StringBuilder sb, int depth, String text) {
    sb.append(INDENT.repeat(depth)).append(text).append('\n');
  }
}
