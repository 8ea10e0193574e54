package org.planlab.engine.lineage;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.planlab.engine.ir.Hop;
import org.planlab.engine.ir.HopDag;
import org.planlab.engine.ir.HopParam;
import org.planlab.engine.ir.OpCode;
import org.planlab.engine.ir.Program;
import org.planlab.engine.ir.ProgramBlock;
import org.planlab.engine.lang.ast.SourcePosition;
import org.planlab.engine.lang.types.DataType;
import org.planlab.engine.lang.types.ValueType;
import org.planlab.engine.ops.AggregateOp;
import org.planlab.engine.ops.BinaryOp;
import org.planlab.engine.ops.Direction;
import org.planlab.engine.ops.UnaryOp;

/**
 * RECOMPUTE of MEMPHIS sec. 3.1: the program that computes a traced value again. The lineage
 * DAG becomes a HOP DAG — each item's data names its HOP's operation, parameter, data type and
 * value type; literals and file reads are its leaves; physical operators are expanded into the
 * logical HOPs they implement ({@code tsmm} into {@code t(X) %*% X}, {@code mmchain} into
 * {@code t(X) %*% (X %*% v)}, ...) — and the program writes it to {@link #RESULT}. Compiling
 * it with an engine applies the full compilation chain, so the environment may differ from the
 * original one (MEMPHIS: "full re-compilation ensures the same results").
 *
 * <p>A fused operator is traced as the operations it replaced ({@link FusedLineage}), so its
 * value is recomputed like theirs. Not recomputable, with a message naming the item: a fused
 * operator whose item holds its plan (one that does not know the HOPs it replaced), whole
 * function calls (multi-level items name the function, not its body), and values whose
 * computation was not traced (inputs given to a run, parfor results, {@code time()}).
 */
public final class LineageRecompute {
  /** The variable the recomputed value is written to. */
  public static final String RESULT = "__recomputed";

  private static final SourcePosition POSITION = new SourcePosition("<lineage>", 0, 0);
  private static final Pattern DATA =
      Pattern.compile("([A-Z_]+) (\\w+)\\[([^\\]]*)\\] (SCALAR|MATRIX|FRAME|LIST) ([A-Z]+)(?: .*)?",
          Pattern.DOTALL);

  private LineageRecompute() {
  }

  /**
   * The program computing {@code root}'s value into {@link #RESULT}.
   *
   * @throws IllegalArgumentException naming an item that cannot be recomputed
   */
  public static Program program(LineageItem root) {
    Map<LineageItem, Hop> hops = new IdentityHashMap<>();
    // loops' deduplicated iterations back to their operations; then inputs before consumers,
    // without recursion: the order of a lineage log
    LineageItem full = LoopDeduplication.expandAll(root);
    for (LineageItem item : LineageLog.topologicalOrder(full)) {
      List<Hop> in = new ArrayList<>(item.inputCount());
      for (int i = 0; i < item.inputCount(); i++) {
        in.add(hops.get(item.input(i)));
      }
      hops.put(item, hop(item, in));
    }
    Hop value = hops.get(full);
    Hop write = new Hop(OpCode.WRITE_VAR, new HopParam.Variable(RESULT), List.of(value),
        value.dataType(), value.valueType(), POSITION);
    return new Program(List.of(new ProgramBlock.Basic(new HopDag(List.of(write)))), Map.of());
  }

  private static Hop hop(LineageItem item, List<Hop> in) {
    if (item.literal() != null) {
      return new Hop(OpCode.LITERAL, new HopParam.Literal(item.literal()), List.of(),
          DataType.SCALAR, item.literal().valueType(), POSITION);
    }
    String opcode = item.opcode();
    if (opcode.equals(Lineages.UNIQUE)) {
      throw new IllegalArgumentException("cannot recompute " + item.data() + ": its computation "
          + "was not traced (an input given to the run, a parfor result or time())");
    }
    if (opcode.equals(LineageReuse.CALL)) {
      throw new IllegalArgumentException("cannot recompute the call " + item.data() + ": a "
          + "multi-level item names the function, not its body; trace with reuse full");
    }
    if (item.data().endsWith(LineageReuse.DRAWN_SEED)) {
      // the drawn seed is an operand: the trace recomputes the same numbers
      return generic(item, item.data().substring(0,
          item.data().length() - LineageReuse.DRAWN_SEED.length()), in);
    }
    if (opcode.equals(LineageReuse.READ) && !LineageReuse.fileUnchanged(item)) {
      throw new IllegalArgumentException("cannot recompute the read of "
          + LineageReuse.readPath(item) + ": the file changed since it was traced");
    }
    return switch (opcode) {
      case "tsmm" -> matmult(transpose(in.get(0)), in.get(0));
      case "tsmm_right" -> matmult(in.get(0), transpose(in.get(0)));
      case "mmchain" -> matmult(transpose(in.get(0)), matmult(in.get(0), in.get(1)));
      case "mmchain_w" -> matmult(transpose(in.get(0)), new Hop(OpCode.BINARY,
          new HopParam.Binary(BinaryOp.MULT), List.of(in.get(2),
              matmult(in.get(0), in.get(1))), DataType.MATRIX, ValueType.DOUBLE,
          POSITION));
      case "tlmm" -> matmult(transpose(in.get(0)), in.get(1));
      default -> generic(item, item.data(), in);
    };
  }

  private static Hop generic(LineageItem item, String data, List<Hop> in) {
    Matcher m = DATA.matcher(data);
    if (!m.matches()) {
      throw new IllegalArgumentException("cannot recompute " + item + ": its data does not name "
          + "an operation");
    }
    OpCode op = OpCode.valueOf(m.group(1));
    if (op == OpCode.FUSED) {
      throw new IllegalArgumentException("cannot recompute the fused operator " + item.opcode()
          + ": its item holds the operator's plan, not the operations it replaced; trace with "
          + "fusion none");
    }
    HopParam param = param(item, m.group(2), m.group(3));
    return new Hop(op, param, in, DataType.valueOf(m.group(4)), ValueType.valueOf(m.group(5)),
        POSITION);
  }

  /** The parameter a record's text {@code Name[key=value, ...]} describes. */
  private static HopParam param(LineageItem item, String name, String fields) {
    Map<String, String> f = new java.util.HashMap<>();
    if (!fields.isEmpty()) {
      for (String kv : fields.split(", ")) {
        int eq = kv.indexOf('=');
        f.put(kv.substring(0, eq), kv.substring(eq + 1));
      }
    }
    return switch (name) {
      case "None" -> HopParam.NONE;
      case "Binary" -> new HopParam.Binary(BinaryOp.valueOf(f.get("op")));
      case "Unary" -> new HopParam.Unary(UnaryOp.valueOf(f.get("op")));
      case "Aggregate" -> new HopParam.Aggregate(AggregateOp.valueOf(f.get("op")),
          Direction.valueOf(f.get("direction")));
      case "Cumulative" -> new HopParam.Cumulative(
          HopParam.Cumulative.Kind.valueOf(f.get("kind")));
      case "Cast" -> new HopParam.Cast(ValueType.valueOf(f.get("to")));
      case "Decomposition" -> new HopParam.Decomposition(Integer.parseInt(f.get("result")));
      case "Probability" -> new HopParam.Probability(
          org.planlab.engine.ops.Distribution.valueOf(f.get("distribution")));
      default -> throw new IllegalArgumentException("cannot recompute " + item
          + ": unknown parameter " + name);
    };
  }

  private static Hop transpose(Hop x) {
    return new Hop(OpCode.TRANSPOSE, HopParam.NONE, List.of(x), DataType.MATRIX,
        ValueType.DOUBLE, POSITION);
  }

  private static Hop matmult(Hop a, Hop b) {
    return new Hop(OpCode.MATMULT, HopParam.NONE, List.of(a, b), DataType.MATRIX,
        ValueType.DOUBLE, POSITION);
  }
}
