package org.planlab.engine.runtime.instructions;

import java.util.Objects;
import org.planlab.engine.codegen.FusedOp;
import org.planlab.engine.data.Data;
import org.planlab.engine.ir.ExecType;
import org.planlab.engine.ir.Hop;
import org.planlab.engine.ir.HopParam;
import org.planlab.engine.lang.ast.SourcePosition;
import org.planlab.engine.lang.types.DataType;
import org.planlab.engine.lineage.FusedLineage;
import org.planlab.engine.lineage.LineageItem;
import org.planlab.engine.runtime.ExecutionContext;

/**
 * One executable step of a basic block program: a physical opcode, the frame slots of its
 * operands, the slot of its output (-1 when it has none), the HOP it implements (for its
 * parameter and position) and the execution type of the backend it runs on. Immutable;
 * {@link #toString()} names everything lineage tracing needs.
 *
 * <p>Matrix operands reach {@link #execute} in the representation of the instruction's
 * backend: local {@link org.planlab.engine.data.MatrixValue}s for CP, the backend's handles
 * otherwise (the executor moves a value that lives elsewhere first), unless the instruction
 * {@link #acceptsHandles() accepts any location}.
 */
public abstract class Instruction {
  /** What {@link #fusedLineage()} remembers for an instruction without one. */
  private static final Object NO_FUSED_LINEAGE = new Object();
  private final String opcode;
  private final Hop hop;
  private final int[] inputs;
  private final int output;
  private final ExecType execType;
  private final boolean tracedByValue;
  private volatile String lineageData;
  /** {@link #fusedLineage()} once built: the lineage, or {@link #NO_FUSED_LINEAGE}. */
  private volatile Object fusedLineage;

  /** A CP instruction. */
  protected Instruction(String opcode, Hop hop, int[] inputs, int output) {
    this(opcode, hop, inputs, output, ExecType.CP);
  }

  /** An instruction of the backend running {@code execType}. */
  protected Instruction(String opcode, Hop hop, int[] inputs, int output, ExecType execType) {
    this.opcode = Objects.requireNonNull(opcode, "opcode is null");
    this.hop = Objects.requireNonNull(hop, "hop is null");
    this.inputs = inputs.clone();
    this.output = output;
    this.execType = Objects.requireNonNull(execType, "execType is null");
    this.tracedByValue = (this instanceof VariableInstruction
        || this instanceof ElementwiseInstruction) && hop.dataType() == DataType.SCALAR
        && hop.inputs().stream().allMatch(i -> i.dataType() == DataType.SCALAR);
  }

  /**
   * Whether this is scalar arithmetic or a scalar variable's read or write: its output's
   * lineage is its value (MEMPHIS sec. 3.2 traces scalars by value), so tracing makes no item
   * for it and the executor skips the trace altogether.
   */
  public boolean tracedByValue() {
    return tracedByValue;
  }

  /** The execution type of the backend this instruction runs on. */
  public ExecType execType() {
    return execType;
  }

  /**
   * Whether the instruction takes its matrix operands wherever they live — variable reads and
   * writes, function calls and transfers pass handles on, metadata reads need only the dims —
   * instead of in its backend's representation.
   */
  public boolean acceptsHandles() {
    return false;
  }

  /**
   * Whether the instruction only reads its operands: it keeps no reference to them after it
   * returns (no variable, list, cache or remote copy holds them), so that its output, when
   * not an operand's value or buffer, is referenced by its slot alone. The executor recycles
   * the buffers of such outputs once their slot dies ({@link org.planlab.engine.matrix.BlockPool}).
   * False unless an instruction says so ({@link KernelInstruction}).
   */
  public boolean keepsNoOperand() {
    return false;
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

  /**
   * Computes the output as {@link #execute(Data[], ExecutionContext)}, with the operands'
   * lineage items at hand (null when not tracing) for instructions that pass them on.
   */
  public Data execute(Data[] in, LineageItem[] lineage, ExecutionContext ctx) {
    return execute(in, ctx);
  }

  /**
   * What the output depends on besides the opcode and the operands, for its lineage item: the
   * HOP's operation, parameter, data type and value type (MEMPHIS sec. 3.2: "opcode, data
   * items"), enough to rebuild the HOP when a trace is recomputed. Built once per instruction.
   */
  public final String lineageData() {
    String d = lineageData;
    if (d == null) {
      d = lineageData(hop, lineageParameter());
      lineageData = d;
    }
    return d;
  }

  /** The lineage data of an instruction of {@code hop} whose parameter reads {@code param}. */
  public static String lineageData(Hop hop, String param) {
    return hop.op() + " " + param + " " + hop.dataType() + " " + hop.valueType();
  }

  /**
   * For a fused operator that knows the HOPs it replaced, its lineage as theirs (built once);
   * else null.
   */
  public final FusedLineage fusedLineage() {
    Object f = fusedLineage;
    if (f == null) {
      FusedLineage built = FusedLineage.of(hop);
      f = built != null ? built : NO_FUSED_LINEAGE;
      fusedLineage = f;
    }
    return f instanceof FusedLineage l ? l : null;
  }

  /**
   * The parameter part of {@link #lineageData}: the HOP's parameter record; for a fused
   * operator its plan, on whichever backend it runs (equal plans compute equal outputs from
   * equal inputs, whatever names code generation gave their classes).
   */
  protected String lineageParameter() {
    FusedOp f = fusedOperator();
    return f != null ? f.plan().toString() : hop.param().toString();
  }

  /**
   * What the opcode alone does not say (a literal, a variable, a callee; a fused operator's
   * template and class), or "".
   */
  protected String detail() {
    FusedOp f = fusedOperator();
    return f != null ? f.describe() : "";
  }

  /** The generated operator of a FUSED HOP, or null. */
  private FusedOp fusedOperator() {
    return hop.param() instanceof HopParam.Fused f && f.operator() instanceof FusedOp op ? op
        : null;
  }

  @Override
  public String toString() {
    StringBuilder sb = new StringBuilder();
    if (execType != ExecType.CP) {
      sb.append(execType.name()).append(' ');
    }
    sb.append(opcode);
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
