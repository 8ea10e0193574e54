package org.planlab.engine.codegen;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.planlab.engine.codegen.cplan.CNode;
import org.planlab.engine.codegen.cplan.CPlan;
import org.planlab.engine.codegen.runtime.SpoofOperator;
import org.planlab.engine.codegen.runtime.SpoofResult;
import org.planlab.engine.ir.FusedOperator;
import org.planlab.engine.matrix.MatrixBlock;
import org.planlab.engine.parallel.KernelPool;

/**
 * A compiled fused operator as the IR and runtime see it: its plan, the generated class (name
 * and source, for explain) and the instance to run. Inputs at run time are the main input, the
 * plan's side inputs (matrices) and its scalar inputs, in that order.
 */
public final class FusedOp implements FusedOperator {
  private final CPlan plan;
  private final String className;
  private final String source;
  private final SpoofOperator operator;

  public FusedOp(CPlan plan, String className, String source, SpoofOperator operator) {
    this.plan = Objects.requireNonNull(plan, "plan is null");
    this.className = Objects.requireNonNull(className, "className is null");
    this.source = Objects.requireNonNull(source, "source is null");
    this.operator = Objects.requireNonNull(operator, "operator is null");
  }

  public CPlan plan() {
    return plan;
  }

  public String className() {
    return className;
  }

  public String source() {
    return source;
  }

  /** The compiled instance (stateless: concurrent calls may share it). */
  public SpoofOperator operator() {
    return operator;
  }

  /** Number of matrix inputs (main and sides); the scalar inputs follow them. */
  public int matrixInputs() {
    return 1 + plan.sides();
  }

  /** Runs the operator over main + side inputs and the scalar values. */
  public SpoofResult execute(List<MatrixBlock> matrices, double[] scalars, KernelPool pool) {
    int[] dims = outputDims(plan, matrices);
    return operator.execute(matrices, scalars, dims[0], dims[1], pool);
  }

  @Override
  public String describe() {
    return templateName(plan) + " " + variant(plan) + " " + className;
  }

  @Override
  public String opcode() {
    String t = templateName(plan);
    return "spoof" + t.charAt(0) + t.substring(1).toLowerCase(java.util.Locale.ROOT);
  }

  /** CELL, MAGG, ROW or OUTER. */
  public static String templateName(CPlan plan) {
    if (plan instanceof CPlan.Cell) {
      return "CELL";
    } else if (plan instanceof CPlan.MAgg) {
      return "MAGG";
    } else if (plan instanceof CPlan.Row) {
      return "ROW";
    }
    return "OUTER";
  }

  private static String variant(CPlan plan) {
    if (plan instanceof CPlan.Cell c) {
      return c.type().name() + (c.type() == org.planlab.engine.codegen.runtime.CellType.NO_AGG
          ? "" : "(" + c.agg().name().toLowerCase(java.util.Locale.ROOT) + ")")
          + (c.sparseSafe() ? " sparse-safe" : "");
    } else if (plan instanceof CPlan.MAgg m) {
      List<String> a = new ArrayList<>();
      m.aggs().forEach(x -> a.add(x.name().toLowerCase(java.util.Locale.ROOT)));
      return "x" + m.aggs().size() + a + (m.sparseSafe() ? " sparse-safe" : "");
    } else if (plan instanceof CPlan.Row r) {
      return r.type().name();
    }
    return ((CPlan.Outer) plan).type().name();
  }

  /**
   * The output dims of {@code plan} over these inputs (main first, then sides): Cell by its
   * aggregation of the main input's m x n, MAgg 1 x k, Row by its type and the lengths of its
   * result vectors, Outer n x k (LEFT), m x k (RIGHT), m x n (CELLWISE) or 1 x 1 (AGG).
   */
  public static int[] outputDims(CPlan plan, List<MatrixBlock> in) {
    MatrixBlock x = in.get(0);
    int m = x.rows();
    int n = x.cols();
    if (plan instanceof CPlan.Cell c) {
      return switch (c.type()) {
        case NO_AGG -> new int[] {m, n};
        case ROW_AGG -> new int[] {m, 1};
        case COL_AGG -> new int[] {1, n};
        case FULL_AGG -> new int[] {1, 1};
      };
    } else if (plan instanceof CPlan.MAgg g) {
      return new int[] {1, g.outs().size()};
    } else if (plan instanceof CPlan.Row r) {
      return switch (r.type()) {
        case NO_AGG -> new int[] {m, length(r.out(), in)};
        case COL_AGG -> new int[] {1, length(r.out(), in)};
        case FULL_AGG -> new int[] {1, 1};
        case COL_AGG_T -> {
          CNode.OuterAdd o = (CNode.OuterAdd) r.out();
          yield new int[] {length(o.left(), in), length(o.right(), in)};
        }
      };
    }
    CPlan.Outer o = (CPlan.Outer) plan;
    int k = in.get(1).cols();
    return switch (o.type()) {
      case LEFT -> new int[] {n, k};
      case RIGHT -> new int[] {m, k};
      case CELLWISE -> new int[] {m, n};
      case AGG -> new int[] {1, 1};
    };
  }

  private static int length(CNode node, List<MatrixBlock> in) {
    if (!node.isVector()) {
      return 1;
    }
    CNode.VecLen len = node.length();
    if (len.isFixed()) {
      return len.fixed();
    }
    return len.isMain() ? in.get(0).cols() : in.get(1 + len.side()).cols();
  }
}
