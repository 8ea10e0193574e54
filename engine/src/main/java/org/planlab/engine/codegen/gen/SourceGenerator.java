package org.planlab.engine.codegen.gen;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.planlab.engine.codegen.cplan.CNode;
import org.planlab.engine.codegen.cplan.CPlan;
import org.planlab.engine.codegen.runtime.CellType;
import org.planlab.engine.codegen.runtime.OuterType;
import org.planlab.engine.codegen.runtime.RowType;
import org.planlab.engine.codegen.runtime.SideInput;
import org.planlab.engine.codegen.runtime.SpoofCellwise;
import org.planlab.engine.codegen.runtime.SpoofMultiAggregate;
import org.planlab.engine.codegen.runtime.SpoofOuterProduct;
import org.planlab.engine.codegen.runtime.SpoofRowwise;
import org.planlab.engine.codegen.runtime.VectorBuffer;
import org.planlab.engine.codegen.runtime.VectorOps;
import org.planlab.engine.ops.AggregateOp;
import org.planlab.engine.ops.BinaryOp;
import org.planlab.engine.ops.Indicators;
import org.planlab.engine.ops.UnaryOp;

/**
 * Generates the Java source of one fused operator from its {@link CPlan} (fusion paper, sec.
 * 2.2): a final class extending the template's skeleton, whose constructor passes the plan's
 * variant and whose {@code genexec} is the plan's CNode DAG expanded depth-first by a
 * {@link BodyEmitter}. The unit is assembled from pieces (package, imports, class header,
 * constructor, method), never by replacing placeholders in a text blob.
 *
 * <p>Stateless and thread-safe. Plans the templates cannot express raise a
 * {@link CodegenException}.
 */
public final class SourceGenerator {

  /** The package of every generated operator class. */
  public static final String PACKAGE = "org.planlab.engine.codegen.generated";

  private static final Pattern CLASS_NAME = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");

  /** Reserved words and literals, which are no valid class names. */
  private static final Set<String> RESERVED = Set.of("abstract", "assert", "boolean", "break",
      "byte", "case", "catch", "char", "class", "const", "continue", "default", "do", "double",
      "else", "enum", "extends", "final", "finally", "float", "for", "goto", "if", "implements",
      "import", "instanceof", "int", "interface", "long", "native", "new", "package", "private",
      "protected", "public", "return", "short", "static", "strictfp", "super", "switch",
      "synchronized", "this", "throw", "throws", "transient", "try", "void", "volatile", "while",
      "true", "false", "null", "var", "record", "yield", "sealed", "permits", "_");

  /**
   * The classes generated code names, each imported by name: the compiler then finds a simple
   * name with one lookup, where an on-demand import ({@code package.*}) makes it try the name
   * in the unit's package and in every imported package first.
   */
  private static final List<String> IMPORTS = Stream.of(SpoofCellwise.class,
      SpoofMultiAggregate.class, SpoofOuterProduct.class, SpoofRowwise.class, SideInput.class,
      VectorBuffer.class, VectorOps.class, CellType.class, RowType.class, OuterType.class,
      AggregateOp.class, BinaryOp.class, Indicators.class, UnaryOp.class)
      .map(Class::getName).sorted().toList();

  private static final Set<AggregateOp> CELL_AGGS =
      Set.of(AggregateOp.SUM, AggregateOp.SUM_SQ, AggregateOp.MIN, AggregateOp.MAX);

  /**
   * The compilation unit of {@code plan} as class {@code className} in {@link #PACKAGE}.
   *
   * @throws IllegalArgumentException if className is not a plain Java identifier
   * @throws CodegenException if the plan's template cannot express it
   */
  public String generate(CPlan plan, String className) {
    Objects.requireNonNull(plan, "plan is null");
    checkClassName(className);
    if (plan instanceof CPlan.Cell cell) {
      return cell(cell, className);
    } else if (plan instanceof CPlan.MAgg magg) {
      return multiAggregate(magg, className);
    } else if (plan instanceof CPlan.Row row) {
      return row(row, className);
    } else if (plan instanceof CPlan.Outer outer) {
      return outer(outer, className);
    }
    throw new IllegalStateException("unknown CPlan " + plan.getClass().getSimpleName());
  }

  /** Throws IllegalArgumentException unless {@code name} is a plain, non-reserved identifier. */
  public static void checkClassName(String name) {
    if (name == null || !CLASS_NAME.matcher(name).matches() || RESERVED.contains(name)) {
      throw new IllegalArgumentException("class name must match [A-Za-z_][A-Za-z0-9_]* and "
          + "not be a reserved word, was " + (name == null ? "null" : "'" + name + "'"));
    }
  }

  private String cell(CPlan.Cell p, String name) {
    if (p.type() != CellType.NO_AGG) {
      checkAggregate(p.agg());
    }
    BodyEmitter body = new BodyEmitter(BodyEmitter.Template.CELL, p.sides(), p.scalars());
    body.returnValue(p.out());
    return unit(name, "SpoofCellwise",
        List.of("CellType." + p.type().name(), "AggregateOp." + p.agg().name(),
            Boolean.toString(p.sparseSafe())),
        "protected double genexec(double a, SideInput[] b, double[] scalars, int m, int n, "
            + "int rix, int cix)",
        body.statements());
  }

  private String multiAggregate(CPlan.MAgg p, String name) {
    List<String> aggs = new ArrayList<>();
    for (AggregateOp op : p.aggs()) {
      checkAggregate(op);
      aggs.add("AggregateOp." + op.name());
    }
    BodyEmitter body = new BodyEmitter(BodyEmitter.Template.CELL, p.sides(), p.scalars());
    body.writeOutputs(p.outs());
    return unit(name, "SpoofMultiAggregate",
        List.of(Boolean.toString(p.sparseSafe()),
            "java.util.List.of(" + String.join(", ", aggs) + ")"),
        "protected void genexec(double a, SideInput[] b, double[] scalars, double[] c, int m, "
            + "int n, int rix, int cix)",
        body.statements());
  }

  private String row(CPlan.Row p, String name) {
    BodyEmitter body = new BodyEmitter(BodyEmitter.Template.ROW, p.sides(), p.scalars());
    body.writeRow(p.out(), p.type());
    int width = p.widthHint();
    BodyEmitter narrow = null;
    if (width > 0 && width <= BodyEmitter.MAX_LANES) {
      narrow = new BodyEmitter(BodyEmitter.Template.ROW, p.sides(), p.scalars(), width);
      narrow.writeRow(p.out(), p.type());
    }
    // every buffer-writing node holds one array of the ring while the row is computed, so
    // the ring must be at least that long even if the plan undercounted its temporaries
    int temps = Math.max(p.vectorTemps(), body.bufferCalls());
    boolean denseRow = body.needsDenseRow();
    if (narrow != null) {
      temps = Math.max(temps, narrow.bufferCalls());
      denseRow |= narrow.needsDenseRow();
    }
    return unit(name, "SpoofRowwise",
        List.of("RowType." + p.type().name(), Integer.toString(temps),
            Boolean.toString(denseRow)),
        "protected void genexec(double[] a, int ai, double[] avals, int[] aix, int apos, "
            + "int alen, SideInput[] b, double[] scalars, double[] c, int ci, int len, int rix, "
            + "VectorBuffer buf)",
        widthSpeculation(width, narrow, body.statements()));
  }

  /**
   * The row body, specialized for the expected row length when the plan has a width hint W.
   * Up to {@link BodyEmitter#MAX_LANES} columns, rows of exactly W columns take a body of
   * scalar code over the row's W lanes, {@code if (len == W) { ...; return; }}, and others the
   * general body; the lanes' sums and dot products add left to right, where the vector
   * primitives keep several accumulators, so the two agree up to rounding. Wider, the general
   * body follows a no-op that states the length, {@code if (len == W) { len = W; }}: the JIT
   * compiles the branch it never saw taken as a trap, so below it the length is the constant
   * W, and the dot products, axpys and element loops over rows of a narrow matrix (MLogreg's 10
   * columns) run with a known trip count, unrolled, instead of as loops of unknown length whose
   * set-up costs as much as their few iterations. A row of another length takes the trap once,
   * and the JIT compiles both paths.
   */
  private static List<String> widthSpeculation(int width, BodyEmitter narrow,
      List<String> body) {
    if (width == 0) {
      return body;
    }
    List<String> out = new ArrayList<>();
    if (narrow != null) {
      out.add("if (len == " + width + ") {");
      for (String statement : narrow.statements()) {
        out.add("  " + statement);
      }
      out.add("  return;");
      out.add("}");
    } else {
      out.add("if (len == " + width + ") { len = " + width + "; }");
    }
    out.addAll(body);
    return out;
  }

  private String outer(CPlan.Outer p, String name) {
    BodyEmitter body = new BodyEmitter(BodyEmitter.Template.OUTER, p.sides(), p.scalars());
    body.returnValue(p.out());
    return unit(name, "SpoofOuterProduct",
        List.of("OuterType." + p.type().name(), Boolean.toString(isLinear(p.out()))),
        "protected double genexec(double a, double uv, double[] u, int ui, double[] v, int vi, "
            + "SideInput[] b, double[] scalars, int k, int rix, int cix)",
        body.statements());
  }

  /**
   * Whether an Outer plan's cell is {@code a * (U[i,] . V[j,])}, {@code X * (U %*% t(V))}: the
   * skeleton then runs RIGHT and LEFT rows on shared loops without calling genexec.
   */
  static boolean isLinear(CNode out) {
    if (!(out instanceof CNode.Binary b) || b.op() != BinaryOp.MULT) {
      return false;
    }
    return isMain(b.left()) && isOuterDot(b.right()) || isOuterDot(b.left()) && isMain(b.right());
  }

  private static boolean isMain(CNode n) {
    return n instanceof CNode.Data d && d.access() == CNode.Access.MAIN;
  }

  private static boolean isOuterDot(CNode n) {
    return n instanceof CNode.Dot dot && dot.left() instanceof CNode.Data l
        && l.access() == CNode.Access.OUTER_U && dot.right() instanceof CNode.Data r
        && r.access() == CNode.Access.OUTER_V;
  }

  private static void checkAggregate(AggregateOp op) {
    if (!CELL_AGGS.contains(op)) {
      throw new CodegenException("a fused aggregate must be SUM, SUM_SQ, MIN or MAX, was " + op);
    }
  }

  /** The compilation unit: package, imports, class, constructor and the genexec override. */
  private static String unit(String name, String skeleton, List<String> superArgs,
      String signature, List<String> statements) {
    StringBuilder s = new StringBuilder();
    s.append("package ").append(PACKAGE).append(";\n\n");
    for (String i : IMPORTS) {
      s.append("import ").append(i).append(";\n");
    }
    s.append('\n');
    s.append("public final class ").append(name).append(" extends ").append(skeleton)
        .append(" {\n");
    s.append("  public ").append(name).append("() {\n");
    s.append("    super(").append(String.join(", ", superArgs)).append(");\n");
    s.append("  }\n\n");
    s.append("  ").append(signature).append(" {\n");
    for (String statement : statements) {
      s.append("    ").append(statement).append('\n');
    }
    s.append("  }\n");
    s.append("}\n");
    return s.toString();
  }
}
