package org.planlab.engine.codegen.gen;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.planlab.engine.codegen.cplan.CNode;
import org.planlab.engine.codegen.runtime.RowType;
import org.planlab.engine.ops.AggregateOp;
import org.planlab.engine.ops.BinaryOp;
import org.planlab.engine.ops.Indicators;
import org.planlab.engine.ops.UnaryOp;

/**
 * Expands the CNode DAG of one fused operator into the statements of its {@code genexec} body:
 * a depth-first template expansion (fusion paper, sec. 2.2), so every node's inputs are
 * emitted before the node, with one method per CNode type emitting that node's line.
 *
 * <p>Common subexpression elimination (sec. 4.4) falls out of the CNodes being records: a map
 * from already-emitted node to its variable makes structurally equal subtrees emit once, also
 * across the outputs of a MAgg plan.
 *
 * <p>Only generated names ({@code T1}, {@code T2}, ...), the genexec parameters, enum constant
 * names and integer positions reach the source; a plan holds no text of a script.
 *
 * <p>A plan the template cannot express (a leaf access the template has no data for, a vector
 * where the template has no ring buffer, an index beyond the plan's inputs) raises a
 * {@link CodegenException}, so the caller falls back to the unfused plan.
 */
final class BodyEmitter {

  /** Which genexec signature the body runs in; it decides how leaves read their data. */
  enum Template {
    /** Cell and MAgg: per cell, {@code a} and side inputs by (rix, cix). */
    CELL,
    /** Row: per row, (a, ai) or (avals, aix, apos, alen) and a ring buffer. */
    ROW,
    /**
     * Outer: per non-zero, {@code a}, {@code uv} (the dot product of U's and V's rows, which the
     * skeleton computes), and (u, ui) and (v, vi) of length k.
     */
    OUTER
  }

  /** An emitted value: a scalar expression, a vector in an array, or a vector in lanes. */
  sealed interface Value permits Scalar, Vector, Lanes {
  }

  /** A scalar: a variable name or a parameter ({@code a}). */
  record Scalar(String expr) implements Value {
  }

  /**
   * A vector read from {@code array} at {@code offset} for {@code length} elements. {@code main}
   * marks the Row template's main row (a, ai), which primitives with a sparse variant read
   * from (avals, aix, apos, alen) instead when the main input is sparse.
   */
  record Vector(String array, String offset, String length, boolean main) implements Value {
  }

  /**
   * A short row vector of a length known when the code is generated, held as one scalar per
   * element (scalar replacement of the vector): the row of a {@code cbind} of scalars (MLogreg's
   * {@code cbind(X %*% B, 0)}) or of a constant matrix, and what element-wise operations and
   * aggregates make of it. Nothing is stored and no vector primitive is called: over rows this
   * narrow, a call and a ring-buffer array per operation cost more than the arithmetic. A
   * consumer that needs an array (a product with a side matrix, a slice at a run-time column,
   * {@code t(A) %*% B}) gets the lanes written into a ring-buffer array.
   */
  record Lanes(List<String> exprs) implements Value {
    Lanes {
      exprs = List.copyOf(exprs);
    }
  }

  /** The longest vector held in lanes; longer ones live in ring-buffer arrays. */
  static final int MAX_LANES = 8;

  private static final Vector MAIN_ROW = new Vector("a", "ai", "len", true);
  private static final String SPARSE_ROW = "avals, aix, apos, alen";

  private final Template template;
  private final int sides;
  private final int scalars;
  private final List<String> statements = new ArrayList<>();
  private final Map<CNode, Value> emitted = new HashMap<>();
  /** Lanes already written into an array, by their lanes. */
  private final Map<Lanes, Vector> arrays = new HashMap<>();
  private final int mainLanes;
  private int lastVar;
  private int bufferCalls;
  private boolean needsDenseRow;

  BodyEmitter(Template template, int sides, int scalars) {
    this(template, sides, scalars, 0);
  }

  /**
   * With {@code mainLanes} W in [1, {@link #MAX_LANES}], a Row body for main rows of exactly W
   * columns: the main row is read into W lanes (from the dense row {@code a}, which the
   * skeleton also fills for a sparse main input), so the whole row is scalar code.
   */
  BodyEmitter(Template template, int sides, int scalars, int mainLanes) {
    if (mainLanes < 0 || mainLanes > MAX_LANES || mainLanes > 0 && template != Template.ROW) {
      throw new IllegalArgumentException("main lanes are 1 to " + MAX_LANES + " in a Row body, "
          + "were " + mainLanes + " in " + template);
    }
    this.template = template;
    this.sides = sides;
    this.scalars = scalars;
    this.mainLanes = mainLanes;
  }

  /** The body's statements in emission order. */
  List<String> statements() {
    return List.copyOf(statements);
  }

  /** How many emitted nodes take an array from the ring buffer (one per row each). */
  int bufferCalls() {
    return bufferCalls;
  }

  /** Whether some emitted code reads the main row densely, (a, ai), also for a sparse main. */
  boolean needsDenseRow() {
    return needsDenseRow;
  }

  // ------------------------------------------------------------------ roots

  /** Cell and Outer: {@code return <out>;}. */
  void returnValue(CNode out) {
    statements.add("return " + scalar(out) + ";");
  }

  /** MAgg: {@code c[i] = <out_i>;} per output; the skeleton aggregates. */
  void writeOutputs(List<CNode> outs) {
    List<String> values = new ArrayList<>();
    for (CNode out : outs) {
      values.add(scalar(out));
    }
    for (int i = 0; i < values.size(); i++) {
      statements.add("c[" + i + "] = " + values.get(i) + ";");
    }
  }

  /** Row: writes or accumulates the row's result into (c, ci) as {@code type} says. */
  void writeRow(CNode out, RowType type) {
    switch (type) {
      case NO_AGG -> {
        Value v = emit(out);
        if (v instanceof Lanes l) {
          writeLanes(l, " = ");
        } else if (v instanceof Vector vec) {
          Vector d = dense(vec);
          statements.add(call("vectWrite", d.array, "c", d.offset, "ci", d.length) + ";");
        } else {
          statements.add("c[ci] = " + ((Scalar) v).expr + ";");
        }
      }
      case COL_AGG -> {
        Value v = emit(out);
        if (v instanceof Lanes l) {
          writeLanes(l, " += ");
        } else if (v instanceof Vector vec) {
          Vector d = dense(vec);
          statements.add(call("vectAdd", d.array, "c", d.offset, "ci", d.length) + ";");
        } else {
          // the column sums of a one-column result: a single output cell
          statements.add("c[ci] += " + ((Scalar) v).expr + ";");
        }
      }
      case FULL_AGG -> statements.add("c[ci] += " + scalar(out) + ";");
      case COL_AGG_T -> writeOuterAdd((CNode.OuterAdd) out);
      default -> throw new IllegalStateException("unknown row type " + type);
    }
  }

  /** {@code c[ci + j] = lane j} (or {@code +=}) for every lane. */
  private void writeLanes(Lanes l, String assign) {
    for (int j = 0; j < l.exprs.size(); j++) {
      statements.add("c[ci" + (j == 0 ? "" : " + " + j) + "]" + assign + l.exprs.get(j) + ";");
    }
  }

  /** {@code c += t(left) %*% right} for one row: the four operand shape combinations. */
  private void writeOuterAdd(CNode.OuterAdd root) {
    Value l = arrayed(emit(root.left()));
    Value r = arrayed(emit(root.right()));
    if (l instanceof Vector lv && r instanceof Vector rv) {
      Vector rd = dense(rv);
      if (lv.main) {
        statements.add(sparseOrDense(
            call("vectOuterMultAdd", SPARSE_ROW, rd.array, rd.offset, "c", "ci", rd.length),
            call("vectOuterMultAdd", "a", rd.array, "c", "ai", rd.offset, "ci", "len",
                rd.length)));
      } else {
        statements.add(call("vectOuterMultAdd", lv.array, rd.array, "c", lv.offset, rd.offset,
            "ci", lv.length, rd.length) + ";");
      }
    } else if (l instanceof Vector lv) {
      statements.add(multAdd(lv, ((Scalar) r).expr));
    } else if (r instanceof Vector rv) {
      statements.add(multAdd(rv, ((Scalar) l).expr));
    } else {
      statements.add("c[ci] += " + ((Scalar) l).expr + " * " + ((Scalar) r).expr + ";");
    }
  }

  /** {@code c[ci + j] += s * v[j]}, over the main row's non-zeros when it is sparse. */
  private String multAdd(Vector v, String s) {
    if (v.main) {
      return sparseOrDense(call("vectMultAdd", SPARSE_ROW, s, "c", "ci"),
          call("vectMultAdd", "a", s, "c", "ai", "ci", "len"));
    }
    return call("vectMultAdd", v.array, s, "c", v.offset, "ci", v.length) + ";";
  }

  private static String sparseOrDense(String sparseCall, String denseCall) {
    return "if (avals != null) { " + sparseCall + "; } else { " + denseCall + "; }";
  }

  // ------------------------------------------------------------------ nodes

  /** The value of {@code node}, emitting it (inputs first) unless an equal node was emitted. */
  Value emit(CNode node) {
    Value v = emitted.get(node);
    if (v == null) {
      v = expand(node);
      emitted.put(node, v);
    }
    return v;
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
    } else if (node instanceof CNode.Concat c) {
      return concat(c);
    } else if (node instanceof CNode.Repeat r) {
      return repeat(r);
    } else if (node instanceof CNode.OuterAdd) {
      throw new CodegenException("OuterAdd is valid only as the root of a COL_AGG_T Row plan");
    }
    throw new IllegalStateException("unknown CNode " + node.getClass().getSimpleName());
  }

  private String scalar(CNode node) {
    Value v = emit(node);
    if (v instanceof Scalar s) {
      return s.expr;
    }
    throw new CodegenException("a scalar is needed where the plan has a vector");
  }

  /** The vector {@code node} as an array (lanes are written into a ring-buffer array). */
  private Vector vector(CNode node) {
    Value v = arrayed(emit(node));
    if (v instanceof Vector vec) {
      return vec;
    }
    throw new CodegenException("a vector is needed where the plan has a scalar");
  }

  private Value data(CNode.Data d) {
    int k = d.index();
    switch (d.access()) {
      case MAIN -> {
        if (template == Template.ROW) {
          requireShape(d, CNode.Shape.VECTOR);
          if (mainLanes == 0) {
            return MAIN_ROW;
          }
          needsDenseRow = true;
          List<String> lanes = new ArrayList<>();
          for (int j = 0; j < mainLanes; j++) {
            lanes.add(defineScalar("a[ai" + (j == 0 ? "" : " + " + j) + "]").expr);
          }
          return new Lanes(lanes);
        }
        requireShape(d, CNode.Shape.SCALAR);
        return new Scalar("a");
      }
      case SIDE_CELL -> {
        requireTemplate(d, Template.CELL, Template.OUTER);
        requireShape(d, CNode.Shape.SCALAR);
        return defineScalar(side(d) + ".get(rix, cix)");
      }
      case SIDE_ROW -> {
        requireTemplate(d, Template.CELL, Template.OUTER);
        requireShape(d, CNode.Shape.SCALAR);
        return defineScalar(side(d) + ".get(0, cix)");
      }
      case SIDE_COL -> {
        requireShape(d, CNode.Shape.SCALAR);
        return defineScalar(side(d) + ".get(rix, 0)");
      }
      case SIDE_SCALAR -> {
        requireShape(d, CNode.Shape.SCALAR);
        return defineScalar(side(d) + ".get(0, 0)");
      }
      case SCALAR -> {
        requireShape(d, CNode.Shape.SCALAR);
        if (k >= scalars) {
          throw new CodegenException("scalar input " + k + " of a plan with " + scalars
              + " scalar inputs");
        }
        return defineScalar("scalars[" + k + "]");
      }
      case SIDE_ROW_VECTOR -> {
        requireTemplate(d, Template.ROW);
        requireShape(d, CNode.Shape.VECTOR);
        String array = define("double[]", side(d) + ".values()");
        return new Vector(array, "rix * b[" + k + "].cols()", length(d.length()), false);
      }
      case SIDE_VECTOR -> {
        requireTemplate(d, Template.ROW);
        requireShape(d, CNode.Shape.VECTOR);
        String array = define("double[]", side(d) + ".values()");
        return new Vector(array, "0", length(d.length()), false);
      }
      case SIDE_MATRIX -> throw new CodegenException(
          "a SIDE_MATRIX leaf cannot be read directly: MatVec names its side input itself");
      case OUTER_U -> {
        requireTemplate(d, Template.OUTER);
        requireShape(d, CNode.Shape.VECTOR);
        return new Vector("u", "ui", "k", false);
      }
      case OUTER_V -> {
        requireTemplate(d, Template.OUTER);
        requireShape(d, CNode.Shape.VECTOR);
        return new Vector("v", "vi", "k", false);
      }
      default -> throw new IllegalStateException("unknown access " + d.access());
    }
  }

  private Value unary(CNode.Unary u) {
    Value in = emit(u.in());
    String op = "UnaryOp." + u.op().name();
    if (in instanceof Scalar s) {
      return defineScalar(unaryExpr(u.op(), s.expr));
    }
    if (in instanceof Lanes l) {
      List<String> out = new ArrayList<>();
      for (String x : l.exprs) {
        out.add(defineScalar(unaryExpr(u.op(), x)).expr);
      }
      return new Lanes(out);
    }
    requireBuffer("an element-wise unary operation on a vector");
    Vector v = dense((Vector) in);
    return bufferVector(call("vectUnaryWrite", op, v.array, v.offset, v.length, "buf"),
        v.length);
  }

  private Value binary(CNode.Binary b) {
    Value l = emit(b.left());
    Value r = emit(b.right());
    String op = "BinaryOp." + b.op().name();
    if (l instanceof Scalar ls && r instanceof Scalar rs) {
      return defineScalar(binaryExpr(b.op(), ls.expr, rs.expr));
    }
    if (l instanceof Lanes || r instanceof Lanes) {
      int k = laneCount(l, r);
      List<String> out = new ArrayList<>();
      for (int j = 0; j < k; j++) {
        out.add(defineScalar(binaryExpr(b.op(), lane(l, j), lane(r, j))).expr);
      }
      return new Lanes(out);
    }
    requireBuffer("an element-wise binary operation on vectors");
    if (l instanceof Vector lv && r instanceof Vector rv) {
      Vector ld = dense(lv);
      Vector rd = dense(rv);
      return bufferVector(call("vectBinaryWrite", op, ld.array, rd.array, ld.offset, rd.offset,
          ld.length, "buf"), ld.length);
    } else if (l instanceof Vector lv) {
      Vector ld = dense(lv);
      return bufferVector(call("vectBinaryWrite", op, ld.array, ((Scalar) r).expr, ld.offset,
          ld.length, "buf"), ld.length);
    }
    Vector rd = dense((Vector) r);
    return bufferVector(call("vectBinaryWrite", op, ((Scalar) l).expr, rd.array, rd.offset,
        rd.length, "buf"), rd.length);
  }

  /** The Java expression of {@code op} on scalars: inline where it can be, else apply. */
  private static String binaryExpr(BinaryOp op, String l, String r) {
    String inline = inlineBinary(op, l, r);
    return inline != null ? inline : "BinaryOp." + op.name() + ".apply(" + l + ", " + r + ")";
  }

  /** As {@link #binaryExpr} for a unary operation. */
  private static String unaryExpr(UnaryOp op, String x) {
    String inline = inlineUnary(op, x);
    return inline != null ? inline : "UnaryOp." + op.name() + ".apply(" + x + ")";
  }

  /**
   * The Java expression of a scalar binary operation whose value is exactly
   * {@link BinaryOp#apply}'s (the same expression as there), or null for the others, which call
   * {@code apply}. Inline, the JIT compiles the cell's arithmetic as one expression; through
   * {@code apply}, every cell dispatches on the operation in a call that is too large to inline.
   */
  private static String inlineBinary(BinaryOp op, String l, String r) {
    return switch (op) {
      case PLUS -> "(" + l + " + " + r + ")";
      case MINUS -> "(" + l + " - " + r + ")";
      case MULT -> "(" + l + " * " + r + ")";
      case DIV -> "(" + l + " / " + r + ")";
      case POW -> "BinaryOp.pow(" + l + ", " + r + ")";
      case MIN -> "Math.min(" + l + ", " + r + ")";
      case MAX -> "Math.max(" + l + ", " + r + ")";
      case EQ -> indicator("eq", l, r);
      case NEQ -> indicator("ne", l, r);
      case LT -> indicator("lt", l, r);
      case LE -> indicator("le", l, r);
      case GT -> indicator("gt", l, r);
      case GE -> indicator("ge", l, r);
      case AND -> indicator("and", l, r);
      case OR -> indicator("or", l, r);
      case XOR -> indicator("xor", l, r);
      default -> null;
    };
  }

  /** As {@link #inlineBinary} for {@link UnaryOp#apply}. */
  private static String inlineUnary(UnaryOp op, String x) {
    return switch (op) {
      case ABS -> "Math.abs(" + x + ")";
      case EXP -> "Math.exp(" + x + ")";
      case LOG -> "Math.log(" + x + ")";
      case SQRT -> "Math.sqrt(" + x + ")";
      case FLOOR -> "Math.floor(" + x + ")";
      case CEIL -> "Math.ceil(" + x + ")";
      case TANH -> "UnaryOp.tanh(" + x + ")";
      case SIN -> "Math.sin(" + x + ")";
      case COS -> "Math.cos(" + x + ")";
      case NEG -> "(-" + x + ")";
      case NOT -> indicator("isZero", x);
      case ISNAN -> indicator("isNaN", x);
      case ROUND -> "UnaryOp.round(" + x + ")";
      case SIGN -> "UnaryOp.sign(" + x + ")";
      case SIGMOID -> "UnaryOp.sigmoid(" + x + ")";
      default -> null;
    };
  }

  /** A call of the branch-free {@link Indicators} function {@code fn}. */
  private static String indicator(String fn, String... args) {
    return "Indicators." + fn + "(" + String.join(", ", args) + ")";
  }

  /**
   * {@code cond != 0 ? yes : no}, as the ifelse kernel selects: NaN is true (NaN != 0) and
   * -0.0 is false.
   */
  private Value ifElse(CNode.IfElse i) {
    String cond = scalar(i.cond());
    String yes = scalar(i.yes());
    String no = scalar(i.no());
    return defineScalar(indicator("select", cond, yes, no));
  }

  private Value vectorAgg(CNode.VectorAgg g) {
    AggregateOp op = g.op();
    if (emit(g.in()) instanceof Lanes l) {
      return defineScalar(laneAggregate(op, l.exprs));
    }
    Vector v = vector(g.in());
    String fn = switch (op) {
      case SUM -> "vectSum";
      case SUM_SQ -> "vectSumSq";
      case MIN -> "vectMin";
      case MAX -> "vectMax";
      default -> throw new CodegenException("a row aggregate must be SUM, SUM_SQ, MIN or MAX, "
          + "was " + op);
    };
    String dense = call(fn, v.array, v.offset, v.length);
    if (!v.main) {
      return defineScalar(dense);
    }
    // MIN and MAX over a sparse row also see its zeros: they need the logical length
    String sparse = op == AggregateOp.MIN || op == AggregateOp.MAX
        ? call(fn, "avals", "apos", "alen", "len")
        : call(fn, "avals", "apos", "alen");
    return defineScalar("avals != null ? " + sparse + " : " + dense);
  }

  /**
   * SUM, SUM_SQ, MIN or MAX over lanes, folded left to right: min and max with
   * {@link Math#min}/{@link Math#max}, so a NaN lane propagates as in the vector primitives.
   */
  private static String laneAggregate(AggregateOp op, List<String> lanes) {
    String acc = null;
    for (String x : lanes) {
      String term = op == AggregateOp.SUM_SQ ? x + " * " + x : x;
      acc = acc == null ? term : switch (op) {
        case SUM, SUM_SQ -> acc + " + " + term;
        case MIN -> "Math.min(" + acc + ", " + term + ")";
        case MAX -> "Math.max(" + acc + ", " + term + ")";
        default -> throw new CodegenException("a row aggregate must be SUM, SUM_SQ, MIN or MAX,"
            + " was " + op);
      };
    }
    return acc;
  }

  private Value dot(CNode.Dot d) {
    if (isOuterFactor(d.left(), CNode.Access.OUTER_U)
        && isOuterFactor(d.right(), CNode.Access.OUTER_V)) {
      requireTemplate((CNode.Data) d.left(), Template.OUTER);
      // the outer product's cell U[i,] . V[j,]: the skeleton computes it with U's row held in
      // registers and passes it in (fusion paper sec. 2.2)
      return new Scalar("uv");
    }
    Value lv = emit(d.left());
    Value rv = emit(d.right());
    if (lv instanceof Lanes || rv instanceof Lanes) {
      int k = laneCount(lv, rv);
      List<String> products = new ArrayList<>();
      for (int j = 0; j < k; j++) {
        products.add("(" + lane(lv, j) + " * " + lane(rv, j) + ")");
      }
      return defineScalar(String.join(" + ", products));
    }
    Vector l = vector(d.left());
    Vector r = vector(d.right());
    if (l.main && r.main) {
      return defineScalar("avals != null ? " + call("vectSumSq", "avals", "apos", "alen")
          + " : " + call("dotProduct", "a", "a", "ai", "ai", "len"));
    } else if (l.main || r.main) {
      Vector other = l.main ? r : l;
      return defineScalar("avals != null ? "
          + call("dotProduct", SPARSE_ROW, other.array, other.offset) + " : "
          + call("dotProduct", "a", other.array, "ai", other.offset, "len"));
    }
    return defineScalar(call("dotProduct", l.array, r.array, l.offset, r.offset, l.length));
  }

  private static boolean isOuterFactor(CNode n, CNode.Access access) {
    return n instanceof CNode.Data data && data.access() == access;
  }

  private Value matVec(CNode.MatVec m) {
    requireBuffer("a vector-matrix product");
    Vector v = vector(m.row());
    checkSide(m.side());
    String matrix = "b[" + m.side() + "].values()";
    String p = "b[" + m.side() + "].cols()";
    String dense = call("vectMatMult", v.array, v.offset, matrix, v.length, p, "buf");
    if (!v.main) {
      return bufferVector(dense, p);
    }
    return bufferVector("avals != null ? "
        + call("vectMatMult", SPARSE_ROW, matrix, p, "buf") + " : " + dense, p);
  }

  /**
   * A column range of a vector: a view at an offset of the same array (no copy), or for one
   * column the element itself. The start is a scalar input, 1-based.
   */
  private Value slice(CNode.Slice x) {
    requireBuffer("a column slice");
    Vector v = dense(vector(x.in()));
    String from = scalar(x.from());
    String offset = define("int", v.offset + " + (int) " + from + " - 1");
    if (x.columns() == 1) {
      return defineScalar(v.array + "[" + offset + "]");
    }
    return new Vector(v.array, offset, Integer.toString(x.columns()), false);
  }

  /**
   * {@code cbind} of parts: a ring-buffer array of the parts' total run-time length, each part
   * copied in at the sum of the lengths before it (a scalar part is one element). Offsets of
   * parts after fixed-length ones are constants in the source.
   */
  private Value concat(CNode.Concat c) {
    requireBuffer("a cbind");
    List<Value> parts = new ArrayList<>();
    List<String> lanes = new ArrayList<>();
    boolean allLanes = true;
    for (CNode p : c.parts()) {
      Value v = emit(p);
      parts.add(v);
      if (v instanceof Scalar s) {
        lanes.add(s.expr);
      } else if (v instanceof Lanes l) {
        lanes.addAll(l.exprs);
      } else {
        allLanes = false;
      }
    }
    if (allLanes && lanes.size() <= MAX_LANES) {
      return new Lanes(lanes);
    }
    List<String> lengths = new ArrayList<>();
    for (int i = 0; i < parts.size(); i++) {
      Value v = arrayed(parts.get(i));
      parts.set(i, v instanceof Vector vec ? dense(vec) : v);
      lengths.add(v instanceof Vector vec ? vec.length : "1");
    }
    String length = sum(lengths);
    bufferCalls++;
    String out = define("double[]", "buf.next(" + length + ")");
    String at = "0";
    for (int i = 0; i < parts.size(); i++) {
      if (parts.get(i) instanceof Vector v) {
        statements.add(call("vectWrite", v.array, out, v.offset, at, v.length) + ";");
      } else {
        statements.add(out + "[" + at + "] = " + ((Scalar) parts.get(i)).expr + ";");
      }
      if (i + 1 < parts.size()) {
        at = sum(List.of(at, lengths.get(i)));
      }
    }
    return new Vector(out, "0", length, false);
  }

  /** The sum of length expressions: a literal when all are literals, else an int variable. */
  private String sum(List<String> lengths) {
    long constant = 0;
    List<String> terms = new ArrayList<>();
    for (String l : lengths) {
      if (l.chars().allMatch(Character::isDigit)) {
        constant += Long.parseLong(l);
      } else {
        terms.add(l);
      }
    }
    if (terms.isEmpty()) {
      return Long.toString(constant);
    }
    if (constant != 0) {
      terms.add(Long.toString(constant));
    }
    return terms.size() == 1 ? terms.get(0) : define("int", String.join(" + ", terms));
  }

  /** The row of a constant matrix inside a cbind: {@code columns} copies of the scalar. */
  private Value repeat(CNode.Repeat r) {
    requireBuffer("a constant row");
    String value = scalar(r.value());
    if (r.columns() <= MAX_LANES) {
      return new Lanes(java.util.Collections.nCopies(r.columns(), value));
    }
    String length = Integer.toString(r.columns());
    return bufferVector(call("vectFill", value, length, "buf"), length);
  }

  // ------------------------------------------------------------------ helpers

  /** The number of lanes of two values combined element-wise, at least one of them lanes. */
  private static int laneCount(Value l, Value r) {
    return l instanceof Lanes ll ? ll.exprs.size() : ((Lanes) r).exprs.size();
  }

  /** Element {@code j} of a value combined element-wise with lanes: a scalar is every element. */
  private String lane(Value v, int j) {
    if (v instanceof Scalar s) {
      return s.expr;
    } else if (v instanceof Lanes l) {
      return l.exprs.get(j);
    }
    Vector d = dense((Vector) v);
    String index = d.offset.equals("0") ? Integer.toString(j) : d.offset + " + " + j;
    return defineScalar(d.array + "[" + index + "]").expr;
  }

  /** {@code v} as an array: lanes are written into a ring-buffer array, others pass. */
  private Value arrayed(Value v) {
    if (!(v instanceof Lanes l)) {
      return v;
    }
    Vector done = arrays.get(l);
    if (done != null) {
      return done;
    }
    requireBuffer("a vector");
    bufferCalls++;
    String length = Integer.toString(l.exprs.size());
    String out = define("double[]", "buf.next(" + length + ")");
    for (int j = 0; j < l.exprs.size(); j++) {
      statements.add(out + "[" + j + "] = " + l.exprs.get(j) + ";");
    }
    Vector array = new Vector(out, "0", length, false);
    arrays.put(l, array);
    return array;
  }

  /** A use of {@code v} that reads it as (array, offset): the main row then must be dense. */
  private Vector dense(Vector v) {
    if (v.main) {
      needsDenseRow = true;
    }
    return v;
  }

  private Scalar defineScalar(String expr) {
    return new Scalar(define("double", expr));
  }

  private Vector bufferVector(String expr, String length) {
    bufferCalls++;
    // primitives that write into the ring buffer return a fresh array read from offset 0
    return new Vector(define("double[]", expr), "0", length, false);
  }

  private String define(String type, String expr) {
    String name = "T" + ++lastVar;
    statements.add(type + " " + name + " = " + expr + ";");
    return name;
  }

  private static String call(String fn, String... args) {
    return "VectorOps." + fn + "(" + String.join(", ", args) + ")";
  }

  private String side(CNode.Data d) {
    checkSide(d.index());
    return "b[" + d.index() + "]";
  }

  private void checkSide(int k) {
    if (k >= sides) {
      throw new CodegenException("side input " + k + " of a plan with " + sides
          + " side inputs");
    }
  }

  private String length(CNode.VecLen len) {
    if (len.isFixed()) {
      return Integer.toString(len.fixed());
    }
    if (len.isMain()) {
      return "len";
    }
    checkSide(len.side());
    return "b[" + len.side() + "].cols()";
  }

  private void requireShape(CNode.Data d, CNode.Shape shape) {
    if (d.shape() != shape) {
      throw new CodegenException(d.access() + " data in the " + template + " template must be a "
          + shape + ", was a " + d.shape());
    }
  }

  private void requireTemplate(CNode.Data d, Template... allowed) {
    for (Template t : allowed) {
      if (t == template) {
        return;
      }
    }
    throw new CodegenException(d.access() + " data is not available in the " + template
        + " template");
  }

  private void requireBuffer(String what) {
    if (template != Template.ROW) {
      throw new CodegenException(what + " needs the Row template's ring buffer, not the "
          + template + " template");
    }
  }
}
