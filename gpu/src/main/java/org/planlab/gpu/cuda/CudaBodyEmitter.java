package org.planlab.gpu.cuda;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.planlab.engine.codegen.cplan.CNode;
import org.planlab.engine.ops.AggregateOp;

/**
 * Expands the CNode DAG of one fused operator into CUDA statements (fusion paper, sec. 2.2: a
 * depth-first template expansion, every node's inputs before the node), the device-side
 * counterpart of the engine's {@code BodyEmitter}: one method per CNode type emitting its lines.
 * Structurally equal subtrees are emitted once (sec. 4.4), as CNodes are records.
 *
 * <p>Cell: the statements of a device function computing one cell from {@code a} (the main
 * input's value), {@code rix}, {@code cix} and the side inputs {@code b<k>} ({@code b<k>n}
 * columns) and scalars {@code s<k>}. Row: the statements of one row inside the Row skeleton's
 * row loop, executed by all threads of the row's block: scalars are computed redundantly by
 * every thread, vector intermediates are written cooperatively into the block's temporary
 * slots ({@code tmp + slot * stride}) and followed by a barrier, and aggregates of vectors are
 * block-wide tree reductions ({@link CudaPrelude}).
 *
 * <p>Only generated names ({@code T1}, ...), the skeleton's parameters and numbers formatted
 * here reach the source. A node the template cannot run raises an
 * {@link UnsupportedOperationException} naming the node kind, so the caller runs the operator
 * unfused.
 */
final class CudaBodyEmitter {

  /** Which skeleton the body runs in. */
  enum Template { CELL, ROW }

  /** An emitted value. */
  sealed interface Value permits Scalar, Vector {
  }

  /** A scalar expression (a variable or a parameter). */
  record Scalar(String expr) implements Value {
  }

  /** A vector: a pointer expression and a length expression. */
  record Vector(String ptr, String length) implements Value {
  }

  private final Template template;
  private final int sides;
  private final int scalars;
  private final List<String> statements = new ArrayList<>();
  private final Map<CNode, Value> emitted = new HashMap<>();
  private int lastVar;
  private int slots;

  CudaBodyEmitter(Template template, int sides, int scalars) {
    this.template = template;
    this.sides = sides;
    this.scalars = scalars;
  }

  /** The statements in emission order. */
  List<String> statements() {
    return List.copyOf(statements);
  }

  /** Vector temporaries one row needs (Row template): one slot per vector-producing node. */
  int slots() {
    return slots;
  }

  /** Emits a raw statement of the skeleton (a root's write) after the body. */
  void add(String statement) {
    statements.add(statement);
  }

  /** The value of {@code node}, emitting it unless an equal node was emitted. */
  Value emit(CNode node) {
    Value v = emitted.get(node);
    if (v == null) {
      v = expand(node);
      emitted.put(node, v);
    }
    return v;
  }

  /** The scalar value of {@code node}. */
  String scalar(CNode node) {
    Value v = emit(node);
    if (v instanceof Scalar s) {
      return s.expr;
    }
    throw unsupported(node, "a vector where the plan needs a scalar");
  }

  /** The vector value of {@code node}. */
  Vector vector(CNode node) {
    Value v = emit(node);
    if (v instanceof Vector vec) {
      return vec;
    }
    throw unsupported(node, "a scalar where the plan needs a vector");
  }

  /** The CUDA length expression of a vector length (main columns or a side's columns). */
  String length(CNode.VecLen len) {
    if (len.isFixed()) {
      return Integer.toString(len.fixed());
    }
    if (len.isMain()) {
      return "n";
    }
    checkSide(len.side());
    return "b" + len.side() + "n";
  }

  private Value expand(CNode node) {
    if (node instanceof CNode.Data d) {
      return data(d);
    } else if (node instanceof CNode.Unary u) {
      return unary(u);
    } else if (node instanceof CNode.Binary b) {
      return binary(b);
    } else if (node instanceof CNode.IfElse i) {
      return ifElse(i);
    } else if (node instanceof CNode.VectorAgg g) {
      return vectorAgg(g);
    } else if (node instanceof CNode.Dot d) {
      return dot(d);
    } else if (node instanceof CNode.MatVec m) {
      return matVec(m);
    } else if (node instanceof CNode.Slice x) {
      return slice(x);
    } else if (node instanceof CNode.FixedRow) {
      // placement keeps plans with cbind rows on the host (CudaSource.expresses)
      throw unsupported(node, "cbind rows are not built on the device");
    } else if (node instanceof CNode.OuterAdd) {
      throw unsupported(node, "valid only as the root of a COL_AGG_T Row plan");
    }
    throw new UnsupportedOperationException("CUDA codegen: unknown CNode kind "
        + node.getClass().getSimpleName());
  }

  private Value data(CNode.Data d) {
    int k = d.index();
    switch (d.access()) {
      case MAIN -> {
        if (template == Template.ROW) {
          requireShape(d, CNode.Shape.VECTOR);
          return new Vector("arow", "n");
        }
        requireShape(d, CNode.Shape.SCALAR);
        return new Scalar("a");
      }
      case SIDE_CELL -> {
        requireTemplate(d, Template.CELL);
        requireShape(d, CNode.Shape.SCALAR);
        return defineScalar(side(k) + "[rix * b" + k + "n + cix]");
      }
      case SIDE_ROW -> {
        requireTemplate(d, Template.CELL);
        requireShape(d, CNode.Shape.SCALAR);
        return defineScalar(side(k) + "[cix]");
      }
      case SIDE_COL -> {
        requireShape(d, CNode.Shape.SCALAR);
        return defineScalar(side(k) + "[rix * b" + k + "n]");
      }
      case SIDE_SCALAR -> {
        requireShape(d, CNode.Shape.SCALAR);
        return defineScalar(side(k) + "[0]");
      }
      case SCALAR -> {
        requireShape(d, CNode.Shape.SCALAR);
        if (k >= scalars) {
          throw new UnsupportedOperationException("CUDA codegen: scalar input " + k
              + " of a plan with " + scalars + " scalar inputs");
        }
        return new Scalar("s" + k);
      }
      case SIDE_ROW_VECTOR -> {
        requireTemplate(d, Template.ROW);
        requireShape(d, CNode.Shape.VECTOR);
        return new Vector("(" + side(k) + " + rix * b" + k + "n)", length(d.length()));
      }
      case SIDE_VECTOR -> {
        requireTemplate(d, Template.ROW);
        requireShape(d, CNode.Shape.VECTOR);
        return new Vector(side(k), length(d.length()));
      }
      default -> throw unsupported(d, d.access() + " data is not available on the device");
    }
  }

  private Value unary(CNode.Unary u) {
    Value in = emit(u.in());
    if (in instanceof Scalar s) {
      return defineScalar(CudaPrelude.unary(u.op(), s.expr));
    }
    requireRow(u);
    Vector v = (Vector) in;
    return map(v.length, CudaPrelude.unary(u.op(), v.ptr + "[j]"));
  }

  private Value binary(CNode.Binary b) {
    Value l = emit(b.left());
    Value r = emit(b.right());
    if (l instanceof Scalar ls && r instanceof Scalar rs) {
      return defineScalar(CudaPrelude.binary(b.op(), ls.expr, rs.expr));
    }
    requireRow(b);
    String le = l instanceof Vector lv ? lv.ptr + "[j]" : ((Scalar) l).expr;
    String re = r instanceof Vector rv ? rv.ptr + "[j]" : ((Scalar) r).expr;
    String len = l instanceof Vector lv ? lv.length : ((Vector) r).length;
    return map(len, CudaPrelude.binary(b.op(), le, re));
  }

  /** {@code cond != 0 ? yes : no}: NaN is true, -0.0 false, as the ifelse kernel selects. */
  private Value ifElse(CNode.IfElse i) {
    String cond = scalar(i.cond());
    String yes = scalar(i.yes());
    String no = scalar(i.no());
    return defineScalar("(" + cond + " != 0.0 ? " + yes + " : " + no + ")");
  }

  private Value vectorAgg(CNode.VectorAgg g) {
    requireRow(g);
    Vector v = vector(g.in());
    AggregateOp op = g.op();
    return defineScalar(switch (op) {
      case SUM -> "pl_vsum(" + v.ptr + ", " + v.length + ", rs, rc)";
      case SUM_SQ -> "pl_vsumsq(" + v.ptr + ", " + v.length + ", rs, rc)";
      case MIN -> "pl_vmin(" + v.ptr + ", " + v.length + ", rs)";
      case MAX -> "pl_vmax(" + v.ptr + ", " + v.length + ", rs)";
      default -> throw unsupported(g, "a row aggregate must be SUM, SUM_SQ, MIN or MAX, was "
          + op);
    });
  }

  private Value dot(CNode.Dot d) {
    requireRow(d);
    Vector l = vector(d.left());
    Vector r = vector(d.right());
    return defineScalar("pl_vdot(" + l.ptr + ", " + r.ptr + ", " + l.length + ", rs, rc)");
  }

  private Value matVec(CNode.MatVec m) {
    requireRow(m);
    Vector v = vector(m.row());
    checkSide(m.side());
    String p = "b" + m.side() + "n";
    String out = defineSlot();
    statements.add("pl_vmatmult(" + v.ptr + ", " + v.length + ", b" + m.side() + ", " + p
        + ", " + out + ", rs, rc);");
    return new Vector(out, p);
  }

  /**
   * A column range of a vector: the same pointer at an offset, or for one column the element.
   * The start is a scalar input, 1-based.
   */
  private Value slice(CNode.Slice x) {
    requireRow(x);
    Vector v = vector(x.in());
    String offset = "((long long) " + scalar(x.from()) + " - 1)";
    if (x.columns() == 1) {
      return defineScalar(v.ptr + "[" + offset + "]");
    }
    return new Vector("(" + v.ptr + " + " + offset + ")", Integer.toString(x.columns()));
  }

  // ------------------------------------------------------------------ helpers

  /** A new vector slot written element-wise with {@code expr} (reading index j). */
  private Vector map(String length, String expr) {
    String out = defineSlot();
    statements.add("for (long long j = threadIdx.x; j < " + length + "; j += blockDim.x) "
        + out + "[j] = " + expr + ";");
    statements.add("__syncthreads();");
    return new Vector(out, length);
  }

  private String defineSlot() {
    String name = "T" + ++lastVar;
    statements.add("double* " + name + " = tmp + " + slots++ + " * stride;");
    return name;
  }

  private Scalar defineScalar(String expr) {
    String name = "T" + ++lastVar;
    statements.add("const double " + name + " = " + expr + ";");
    return new Scalar(name);
  }

  private String side(int k) {
    checkSide(k);
    return "b" + k;
  }

  private void checkSide(int k) {
    if (k >= sides) {
      throw new UnsupportedOperationException("CUDA codegen: side input " + k
          + " of a plan with " + sides + " side inputs");
    }
  }

  private void requireShape(CNode.Data d, CNode.Shape shape) {
    if (d.shape() != shape) {
      throw unsupported(d, d.access() + " data in the " + template + " template must be a "
          + shape + ", was a " + d.shape());
    }
  }

  private void requireTemplate(CNode.Data d, Template allowed) {
    if (template != allowed) {
      throw unsupported(d, d.access() + " data is not available in the " + template
          + " template");
    }
  }

  private void requireRow(CNode node) {
    if (template != Template.ROW) {
      throw unsupported(node, "vector operations need the Row template, not " + template);
    }
  }

  private static UnsupportedOperationException unsupported(CNode node, String why) {
    return new UnsupportedOperationException("CUDA codegen cannot emit CNode "
        + node.getClass().getSimpleName() + ": " + why);
  }
}
