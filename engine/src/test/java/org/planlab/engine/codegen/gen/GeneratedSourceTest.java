package org.planlab.engine.codegen.gen;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.planlab.engine.codegen.gen.Plans.U;
import static org.planlab.engine.codegen.gen.Plans.V;
import static org.planlab.engine.codegen.gen.Plans.X;
import static org.planlab.engine.codegen.gen.Plans.XROW;
import static org.planlab.engine.codegen.gen.Plans.bin;
import static org.planlab.engine.codegen.gen.Plans.mult;
import static org.planlab.engine.codegen.gen.Plans.side;
import static org.planlab.engine.codegen.gen.Plans.un;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.planlab.engine.codegen.cplan.CNode;
import org.planlab.engine.codegen.cplan.CNode.Access;
import org.planlab.engine.codegen.cplan.CNode.VecLen;
import org.planlab.engine.codegen.cplan.CPlan;
import org.planlab.engine.codegen.runtime.CellType;
import org.planlab.engine.codegen.runtime.OuterType;
import org.planlab.engine.codegen.runtime.RowType;
import org.planlab.engine.codegen.runtime.SpoofCellwise;
import org.planlab.engine.codegen.runtime.SpoofMultiAggregate;
import org.planlab.engine.codegen.runtime.SpoofOperator;
import org.planlab.engine.codegen.runtime.SpoofOuterProduct;
import org.planlab.engine.codegen.runtime.SpoofRowwise;
import org.planlab.engine.ops.AggregateOp;
import org.planlab.engine.ops.BinaryOp;
import org.planlab.engine.ops.UnaryOp;

class GeneratedSourceTest {
  private final SourceGenerator generator = new SourceGenerator();
  private final OperatorCompiler compiler = OperatorCompiler.janino();

  private SpoofOperator compile(CPlan plan) {
    return compiler.compile("Op", generator.generate(plan, "Op"));
  }

  private static int count(String text, String part) {
    int n = 0;
    for (int i = text.indexOf(part); i >= 0; i = text.indexOf(part, i + 1)) {
      n++;
    }
    return n;
  }

  @Test
  void representativePlansOfAllTemplatesCompileToTheirSkeletonWithJavac() {
    OperatorCompiler javac = OperatorCompiler.javac();
    List<Class<?>> skeletons = List.of(SpoofCellwise.class, SpoofCellwise.class,
        SpoofMultiAggregate.class, SpoofRowwise.class, SpoofRowwise.class, SpoofRowwise.class,
        SpoofOuterProduct.class, SpoofOuterProduct.class);
    List<CPlan> plans = Plans.representative();
    assertEquals(skeletons.size(), plans.size());
    for (int i = 0; i < plans.size(); i++) {
      Plans.assertSkeleton(skeletons.get(i), javac.compile("Op", generator.generate(plans.get(i),
          "Op")));
    }
  }

  @Test
  void everyNodeKindAndOperatorCompilesWithJavac() {
    OperatorCompiler javac = OperatorCompiler.javac();
    for (CPlan plan : coveragePlans()) {
      javac.compile("Op", generator.generate(plan, "Op"));
    }
  }

  @Test
  void representativePlansOfAllTemplatesCompileToTheirSkeleton() {
    Plans.assertSkeleton(SpoofCellwise.class, compile(Plans.sumXyz()));
    Plans.assertSkeleton(SpoofCellwise.class, compile(Plans.xyPlusZ()));
    Plans.assertSkeleton(SpoofMultiAggregate.class, compile(Plans.sumXyAndXz()));
    Plans.assertSkeleton(SpoofRowwise.class, compile(Plans.mlogregLike()));
    Plans.assertSkeleton(SpoofRowwise.class, compile(Plans.xTimesV()));
    Plans.assertSkeleton(SpoofRowwise.class, compile(Plans.rowSumsXy()));
    Plans.assertSkeleton(SpoofOuterProduct.class, compile(Plans.sumXLogUv()));
    Plans.assertSkeleton(SpoofOuterProduct.class, compile(Plans.rightXuv()));
  }

  /**
   * Only the cell {@code X * (U V^T)} is declared linear, in either operand order, so that only
   * it runs on the loops that skip genexec; the same product with anything more is not.
   */
  @Test
  void onlyTheWeightedOuterProductIsDeclaredLinear() {
    assertTrue(generator.generate(Plans.rightXuv(), "Op")
        .contains("super(OuterType.RIGHT, true);"));
    CPlan.Outer swapped = new CPlan.Outer(bin(BinaryOp.MULT, new CNode.Dot(U, V), X),
        OuterType.LEFT, 2, 0);
    assertTrue(generator.generate(swapped, "Op").contains("super(OuterType.LEFT, true);"));
    assertTrue(generator.generate(Plans.sumXLogUv(), "Op")
        .contains("super(OuterType.AGG, false);"));
    CPlan.Outer division = new CPlan.Outer(bin(BinaryOp.DIV, X, new CNode.Dot(U, V)),
        OuterType.RIGHT, 2, 0);
    assertTrue(generator.generate(division, "Op").contains("super(OuterType.RIGHT, false);"));
    CPlan.Outer residual = new CPlan.Outer(mult(X, bin(BinaryOp.MINUS, new CNode.Dot(U, V),
        side(2))), OuterType.RIGHT, 3, 0);
    assertTrue(generator.generate(residual, "Op").contains("super(OuterType.RIGHT, false);"));
  }

  @Test
  void everyNodeKindAndOperatorCompiles() {
    for (CPlan plan : coveragePlans()) {
      compile(plan);
    }
  }

  @Test
  void unitHasTheGeneratedClassInTheGeneratedPackage() {
    String src = generator.generate(Plans.sumXyz(), "TMP7");
    assertTrue(src.startsWith("package org.planlab.engine.codegen.generated;"), src);
    assertTrue(src.contains("public final class TMP7 extends SpoofCellwise {"), src);
    assertTrue(src.contains("super(CellType.FULL_AGG, AggregateOp.SUM, true);"), src);
  }

  @Test
  void aWidthHintIsStatedBeforeTheRowBodyAndOnlyThen() {
    CNode body = new CNode.VectorAgg(AggregateOp.SUM, un(UnaryOp.EXP, Plans.XROW));
    String hinted = generator.generate(new CPlan.Row(body, RowType.NO_AGG, 1, 0, 0, 10), "Op");
    String plain = generator.generate(new CPlan.Row(body, RowType.NO_AGG, 1, 0, 0), "Op");
    String speculation = "if (len == 10) { len = 10; }";
    int start = hinted.indexOf("VectorBuffer buf) {");
    int at = hinted.indexOf(speculation);
    assertTrue(start > 0 && at > start && at < hinted.indexOf("double[] T1", start),
        "the first statement of the row body:\n" + hinted);
    assertFalse(plain.contains("len == "), plain);
    assertThrows(IllegalArgumentException.class,
        () -> new CPlan.Row(body, RowType.NO_AGG, 1, 0, 0, CPlan.Row.MAX_WIDTH_HINT + 1));
    assertThrows(IllegalArgumentException.class,
        () -> new CPlan.Row(body, RowType.NO_AGG, 1, 0, 0, -1));
  }

  /**
   * A Row plan whose main rows are at most eight columns wide gets a body of scalar code for
   * rows of exactly that width: MLogreg's softmax over cbind(X %*% v, 0) reads the row into
   * lanes and calls no vector primitive and takes no ring-buffer array there.
   */
  @Test
  void aNarrowRowIsComputedInScalarLanes() {
    CNode v = CNode.Data.vector(Access.SIDE_VECTOR, 0, VecLen.MAIN);
    CNode lt = new CNode.Concat(List.of(new CNode.Dot(Plans.XROW, v), Plans.scalar(0)), 2);
    CNode e = un(UnaryOp.EXP, bin(BinaryOp.MINUS, lt, new CNode.VectorAgg(AggregateOp.MAX, lt)));
    CNode softmax = bin(BinaryOp.DIV, e, new CNode.VectorAgg(AggregateOp.SUM, e));
    String src = generator.generate(new CPlan.Row(softmax, RowType.NO_AGG, 4, 1, 1, 4), "Op");
    int start = src.indexOf("if (len == 4) {");
    int end = src.indexOf("return;", start);
    assertTrue(start > 0 && end > start, src);
    String lanes = src.substring(start, end);
    assertFalse(lanes.contains("VectorOps.") || lanes.contains("buf."), lanes);
    for (String statement : List.of("= a[ai + 3];", "Math.exp(", "Math.max(", "c[ci + 1] = ")) {
      assertTrue(lanes.contains(statement), statement + " in\n" + lanes);
    }
    // the general body after it, for rows of another width, reads the row as an array
    assertTrue(src.substring(end).contains("VectorOps.dotProduct(a, "), src);
  }

  @Test
  void equalSubtreesAreEmittedOnce() {
    CNode shared = un(UnaryOp.EXP, mult(X, side(0)));
    CPlan plan = new CPlan.Cell(bin(BinaryOp.PLUS, shared, mult(shared, shared)),
        CellType.NO_AGG, AggregateOp.SUM, false, 1, 0);
    String src = generator.generate(plan, "Op");
    assertEquals(1, count(src, "Math.exp("), src);
    assertEquals(1, count(src, "b[0].get(rix, cix)"), src);
    compile(plan);
  }

  @Test
  void equalSubtreesAreSharedAcrossMultiAggregateOutputs() {
    CNode xy = mult(X, side(0));
    CPlan plan = new CPlan.MAgg(List.of(xy, mult(xy, side(1)), un(UnaryOp.ABS, xy)),
        List.of(AggregateOp.SUM, AggregateOp.MAX, AggregateOp.MIN), true, 2, 0);
    String src = generator.generate(plan, "Op");
    assertEquals(1, count(src, "b[0].get(rix, cix)"), src);
    assertEquals(1, count(src, "(a * "), src);
    assertTrue(src.contains("c[2] = "), src);
    compile(plan);
  }

  @Test
  void arithmeticComparisonsAndCommonFunctionsAreInlineOthersCallTheirEnum() {
    CPlan plan = new CPlan.Cell(bin(BinaryOp.POW, bin(BinaryOp.DIV, X, side(0)),
        un(UnaryOp.SQRT, bin(BinaryOp.MINUS, X, side(0)))), CellType.NO_AGG, AggregateOp.SUM,
        false, 1, 0);
    String src = generator.generate(plan, "Op");
    assertTrue(src.contains("(a / T1)"), src);
    assertTrue(src.contains("(a - T1)"), src);
    assertTrue(src.contains("Math.sqrt(T3)"), src);
    assertTrue(src.contains("BinaryOp.pow(T2, T4)"), src);
    CPlan other = new CPlan.Cell(bin(BinaryOp.MOD, bin(BinaryOp.GT, X, side(0)),
        un(UnaryOp.TAN, X)), CellType.NO_AGG, AggregateOp.SUM, false, 1, 0);
    String src2 = generator.generate(other, "Op");
    assertTrue(src2.contains("Indicators.gt(a, T1)"), src2);
    assertTrue(src2.contains("UnaryOp.TAN.apply(a)"), src2);
    assertTrue(src2.contains("BinaryOp.MOD.apply(T2, T3)"), src2);
    compile(other);
  }

  @Test
  void rowPlanPassesBufferSizeAndDenseRowNeed() {
    // X %*% V reads the main row only through vectMatMult, which has a sparse variant
    assertTrue(generator.generate(Plans.xTimesV(), "Op")
        .contains("super(RowType.NO_AGG, 1, false);"));
    // X * Y reads the main row densely
    assertTrue(generator.generate(Plans.rowSumsXy(), "Op")
        .contains("super(RowType.NO_AGG, 1, true);"));
    // three buffer-writing nodes need a ring of three even when the plan says 0
    CNode y = CNode.Data.vector(Access.SIDE_ROW_VECTOR, 0, VecLen.MAIN);
    CNode e = un(UnaryOp.EXP, mult(bin(BinaryOp.PLUS, XROW, y), y));
    CPlan plan = new CPlan.Row(e, RowType.NO_AGG, 0, 1, 0);
    assertTrue(generator.generate(plan, "Op").contains("super(RowType.NO_AGG, 3, true);"));
  }

  @Test
  void sparseMainHasSparseVariantsWhereThePrimitivesOfferThem() {
    String src = generator.generate(Plans.mlogregLike(), "Op");
    assertTrue(src.contains("avals != null ? VectorOps.dotProduct(avals, aix, apos, alen, "),
        src);
    assertTrue(src.contains("if (avals != null) { VectorOps.vectMultAdd(avals, aix, apos, alen,"),
        src);
    assertTrue(src.contains("super(RowType.COL_AGG_T, 0, false);"), src);
  }

  @Test
  void classNameMustBeAPlainIdentifier() {
    for (String bad : new String[] {"", "1Op", "Op-1", "Op;System.exit(0)", "a b", "class",
        "Op\n", "Op.X"}) {
      assertThrows(IllegalArgumentException.class, () -> generator.generate(Plans.sumXyz(), bad),
          bad);
    }
    assertThrows(IllegalArgumentException.class, () -> generator.generate(Plans.sumXyz(), null));
    SourceGenerator.checkClassName("_Op9");
  }

  @Test
  void plansTheTemplateCannotExpressAreRejected() {
    // a vector operation in Outer has no ring buffer
    CPlan outerVector = new CPlan.Outer(new CNode.VectorAgg(AggregateOp.SUM,
        mult(U, V)), OuterType.AGG, 2, 0);
    assertThrows(CodegenException.class, () -> generator.generate(outerVector, "Op"));
    // side input beyond the plan's inputs
    CPlan badSide = new CPlan.Cell(mult(X, side(2)), CellType.NO_AGG, AggregateOp.SUM, true,
        2, 0);
    assertThrows(CodegenException.class, () -> generator.generate(badSide, "Op"));
    // a Row leaf in a Cell plan
    CPlan rowLeafInCell = new CPlan.Cell(new CNode.VectorAgg(AggregateOp.SUM,
        CNode.Data.vector(Access.SIDE_ROW_VECTOR, 0, VecLen.MAIN)), CellType.NO_AGG,
        AggregateOp.SUM, false, 1, 0);
    assertThrows(CodegenException.class, () -> generator.generate(rowLeafInCell, "Op"));
    // SIDE_MATRIX is only MatVec's operand
    CPlan matrixLeaf = new CPlan.Row(CNode.Data.vector(Access.SIDE_MATRIX, 0, VecLen.side(0)),
        RowType.NO_AGG, 0, 1, 0);
    assertThrows(CodegenException.class, () -> generator.generate(matrixLeaf, "Op"));
    // aggregates other than SUM, SUM_SQ, MIN, MAX
    CPlan mean = new CPlan.Cell(X, CellType.FULL_AGG, AggregateOp.MEAN, true, 0, 0);
    assertThrows(CodegenException.class, () -> generator.generate(mean, "Op"));
  }

  // ------------------------------------------------------------------ security

  private static final Pattern IDENTIFIER = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");
  private static final Pattern GENERATED_VAR = Pattern.compile("T[1-9][0-9]*");

  /** Everything the generator may write besides generated names: nothing from a script. */
  private static List<String> allowedIdentifiers() {
    List<String> ok = new ArrayList<>(List.of(
        // Java
        "package", "import", "public", "final", "class", "extends", "protected", "double", "int",
        "void", "return", "super", "if", "else", "null", "true", "false", "java", "util", "List",
        "of",
        // packages
        "org", "planlab", "engine", "codegen", "generated", "runtime", "ops",
        // skeletons, runtime types and their methods
        "SpoofCellwise", "SpoofMultiAggregate", "SpoofRowwise", "SpoofOuterProduct",
        "SideInput", "VectorBuffer", "VectorOps", "CellType", "RowType", "OuterType",
        "AggregateOp", "BinaryOp", "UnaryOp", "genexec", "get", "values", "cols", "apply",
        // branch-free comparisons and selection
        "Indicators", "eq", "ne", "lt", "le", "gt", "ge", "and", "or", "xor", "isZero", "isNaN",
        "select",
        // java.lang.Math and UnaryOp functions of inline scalar operations
        "Math", "pow", "min", "max", "abs", "exp", "log", "sqrt", "floor", "ceil", "tanh", "sin",
        "cos", "round", "sign", "sigmoid",
        "dotProduct", "vectMultAdd", "vectAdd", "vectWrite", "vectMatMult", "vectOuterMultAdd",
        "vectBinaryWrite", "vectUnaryWrite", "vectSum", "vectSumSq", "vectMin", "vectMax",
        "vectFill", "next",
        // genexec parameters
        "a", "ai", "avals", "aix", "apos", "alen", "b", "scalars", "c", "ci", "len", "rix",
        "cix", "m", "n", "u", "ui", "v", "vi", "k", "buf", "uv",
        // the class name the test passes
        "Op"));
    for (Enum<?>[] constants : List.of(BinaryOp.values(), UnaryOp.values(),
        AggregateOp.values(), CellType.values(), RowType.values(), OuterType.values())) {
      for (Enum<?> e : constants) {
        ok.add(e.name());
      }
    }
    return ok;
  }

  @Test
  void generatedSourceHoldsOnlyGeneratedIdentifiersAndKnownTokens() {
    List<String> allowed = allowedIdentifiers();
    List<CPlan> plans = new ArrayList<>(Plans.representative());
    plans.addAll(coveragePlans());
    for (CPlan plan : plans) {
      String src = generator.generate(plan, "Op");
      Matcher m = IDENTIFIER.matcher(src);
      while (m.find()) {
        String id = m.group();
        boolean digitsBefore = m.start() > 0 && Character.isDigit(src.charAt(m.start() - 1));
        assertFalse(digitsBefore, "identifier glued to a number: " + id);
        assertTrue(allowed.contains(id) || GENERATED_VAR.matcher(id).matches(),
            "unexpected identifier '" + id + "' in\n" + src);
      }
      // besides identifiers: number literals, whitespace and Java punctuation only
      // (no string or char literals, no comments)
      String rest = IDENTIFIER.matcher(src).replaceAll(" ");
      assertTrue(rest.matches("[0-9\\s(){}\\[\\];,.=+\\-*/<>!?:&|]*"),
          "unexpected characters in\n" + src);
      assertFalse(rest.contains("//") || rest.contains("/*"), "comment in\n" + src);
      assertFalse(rest.replace("1.0", "").replace("0.0", "").matches("(?s).*[0-9]\\.[0-9].*"),
          "floating-point text in\n" + src);
    }
  }

  // ------------------------------------------------------------------ coverage plans

  /** Plans that together use every node kind, access, operator and root variant. */
  static List<CPlan> coveragePlans() {
    List<CPlan> plans = new ArrayList<>();
    CNode sideRow = CNode.Data.scalar(Access.SIDE_ROW, 1);
    CNode sideCol = CNode.Data.scalar(Access.SIDE_COL, 2);
    CNode sideScalar = CNode.Data.scalar(Access.SIDE_SCALAR, 3);
    CNode s0 = Plans.scalar(0);
    CNode cell = X;
    for (BinaryOp op : BinaryOp.values()) {
      cell = bin(op, cell, side(0));
    }
    for (UnaryOp op : UnaryOp.values()) {
      cell = un(op, cell);
    }
    cell = new CNode.IfElse(bin(BinaryOp.GT, cell, s0), bin(BinaryOp.PLUS, sideRow, sideCol),
        sideScalar);
    for (CellType type : CellType.values()) {
      plans.add(new CPlan.Cell(cell, type, AggregateOp.SUM_SQ, false, 4, 1));
    }
    plans.add(new CPlan.MAgg(List.of(cell, X, sideRow), List.of(AggregateOp.MIN,
        AggregateOp.MAX, AggregateOp.SUM), false, 4, 1));

    // Row: vector-vector, vector-scalar, scalar-vector, unary, all aggregates, dots, matvecs
    CNode y = CNode.Data.vector(Access.SIDE_ROW_VECTOR, 0, VecLen.MAIN);
    CNode w = CNode.Data.vector(Access.SIDE_VECTOR, 1, VecLen.MAIN);
    CNode col = CNode.Data.scalar(Access.SIDE_COL, 2);
    CNode vv = bin(BinaryOp.MIN, XROW, y);
    CNode vs = bin(BinaryOp.MOD, vv, col);
    CNode sv = bin(BinaryOp.DIV, Plans.scalar(0), vs);
    CNode unary = un(UnaryOp.SIGMOID, sv);
    CNode aggs = Plans.scalar(0);
    for (AggregateOp op : List.of(AggregateOp.SUM, AggregateOp.SUM_SQ, AggregateOp.MIN,
        AggregateOp.MAX)) {
      aggs = bin(BinaryOp.PLUS, aggs, new CNode.VectorAgg(op, XROW));
      aggs = bin(BinaryOp.PLUS, aggs, new CNode.VectorAgg(op, unary));
    }
    CNode dots = bin(BinaryOp.PLUS, new CNode.Dot(XROW, XROW),
        bin(BinaryOp.PLUS, new CNode.Dot(y, XROW), new CNode.Dot(unary, w)));
    CNode matVec = new CNode.MatVec(new CNode.MatVec(XROW, 3), 4);
    CNode row = bin(BinaryOp.MULT, bin(BinaryOp.PLUS, aggs, dots), matVec);
    int sides = 5;
    plans.add(new CPlan.Row(row, RowType.NO_AGG, 2, sides, 1));
    plans.add(new CPlan.Row(row, RowType.COL_AGG, 2, sides, 1));
    plans.add(new CPlan.Row(bin(BinaryOp.PLUS, aggs, dots), RowType.NO_AGG, 2, sides, 1));
    plans.add(new CPlan.Row(bin(BinaryOp.PLUS, aggs, dots), RowType.FULL_AGG, 2, sides, 1));
    plans.add(new CPlan.Row(XROW, RowType.NO_AGG, 0, 0, 0));
    for (CNode l : List.of(XROW, unary, col)) {
      for (CNode r : List.of(XROW, matVec, dots)) {
        plans.add(new CPlan.Row(new CNode.OuterAdd(l, r), RowType.COL_AGG_T, 2, sides, 1));
      }
    }
    // the same rows in the body of scalar lanes (main rows of 3 columns), cbind in lanes, in a
    // ring-buffer array and sliced
    plans.add(new CPlan.Row(row, RowType.NO_AGG, 2, sides, 1, 3));
    plans.add(new CPlan.Row(row, RowType.COL_AGG, 2, sides, 1, 3));
    plans.add(new CPlan.Row(bin(BinaryOp.PLUS, aggs, dots), RowType.FULL_AGG, 2, sides, 1, 3));
    for (CNode l : List.of(XROW, unary, col)) {
      plans.add(new CPlan.Row(new CNode.OuterAdd(l, XROW), RowType.COL_AGG_T, 2, sides, 1, 3));
    }
    CNode narrow = new CNode.Concat(List.of(col, new CNode.Repeat(s0, 2), XROW), 6);
    CNode wide = new CNode.Concat(List.of(new CNode.Repeat(s0, 9), unary, col), 13);
    for (CNode cb : List.of(narrow, wide)) {
      CNode softmax = bin(BinaryOp.DIV, un(UnaryOp.EXP, cb),
          new CNode.VectorAgg(AggregateOp.SUM, un(UnaryOp.EXP, cb)));
      for (int hint : new int[] {0, 3}) {
        plans.add(new CPlan.Row(softmax, RowType.NO_AGG, 2, sides, 1, hint));
        plans.add(new CPlan.Row(new CNode.Slice(cb, s0, 2), RowType.COL_AGG, 2, sides, 1, hint));
        plans.add(new CPlan.Row(new CNode.Dot(cb, cb), RowType.FULL_AGG, 2, sides, 1, hint));
      }
    }
    // Outer: every scalar access, aggregates over U and V
    CNode outer = bin(BinaryOp.PLUS, new CNode.Dot(U, V), new CNode.VectorAgg(AggregateOp.MAX,
        U));
    outer = new CNode.IfElse(side(2), bin(BinaryOp.LOG, outer, sideRow), X);
    for (OuterType type : OuterType.values()) {
      plans.add(new CPlan.Outer(outer, type, 3, 0));
    }
    return plans;
  }
}
