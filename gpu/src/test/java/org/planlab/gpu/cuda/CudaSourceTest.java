package org.planlab.gpu.cuda;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.planlab.engine.codegen.cplan.CNode;
import org.planlab.engine.codegen.cplan.CNode.Access;
import org.planlab.engine.codegen.cplan.CNode.VecLen;
import org.planlab.engine.codegen.cplan.CPlan;
import org.planlab.engine.codegen.runtime.CellType;
import org.planlab.engine.codegen.runtime.OuterType;
import org.planlab.engine.codegen.runtime.RowType;
import org.planlab.engine.ops.AggregateOp;
import org.planlab.engine.ops.BinaryOp;
import org.planlab.engine.ops.Direction;
import org.planlab.engine.ops.UnaryOp;

/**
 * The CUDA source of the device's kernels: the structure each skeleton must have (entry point,
 * grid-stride or row loop, aggregation, side-input indexing, operand order), only generated
 * identifiers, and — when {@code nvcc} is on the PATH — that every generated program compiles
 * to PTX. Fused plans come from compiling DML through the engine with fusion on (fuse-all), as
 * L2SVM, MLogreg and similar scripts produce them.
 */
class CudaSourceTest {
  private static final CudaSource SOURCE = new CudaSource();

  @TempDir
  static Path dir;

  /** The Cell and Row plans of all scripts, by script name. */
  private static final Map<String, List<CPlan>> PLANS = new LinkedHashMap<>();

  /** The plans of other templates (MAgg, Outer), which the device does not run. */
  private static final List<CPlan> OTHER_PLANS = new ArrayList<>();

  @BeforeAll
  static void compilePlans() {
    for (Map.Entry<String, String> e : DmlScripts.ALL.entrySet()) {
      List<CPlan> device = new ArrayList<>();
      for (CPlan p : FusedPlans.of(dir, e.getValue(), "fa")) {
        if (p instanceof CPlan.Cell || p instanceof CPlan.Row) {
          device.add(p);
        } else {
          OTHER_PLANS.add(p);
        }
      }
      PLANS.put(e.getKey(), device);
    }
  }

  // ------------------------------------------------------------------ element-wise

  @Test
  void binaryKernelsIndexTheOtherOperandAsTheBroadcastSays() {
    Map<CudaSource.Broadcast, String> reads = Map.of(
        CudaSource.Broadcast.MATRIX_MATRIX, "= b0[rix * b0n + cix];",
        CudaSource.Broadcast.MATRIX_ROW, "= b0[cix];",
        CudaSource.Broadcast.ROW_MATRIX, "= b0[cix];",
        CudaSource.Broadcast.MATRIX_COLUMN, "= b0[rix * b0n];",
        CudaSource.Broadcast.COLUMN_MATRIX, "= b0[rix * b0n];",
        CudaSource.Broadcast.MATRIX_SCALAR, "double s0",
        CudaSource.Broadcast.SCALAR_MATRIX, "double s0");
    for (BinaryOp op : BinaryOp.values()) {
      for (CudaSource.Broadcast kind : CudaSource.Broadcast.values()) {
        String src = kernels(SOURCE.binary(op, kind));
        String what = op + " " + kind;
        assertTrue(src.contains(reads.get(kind)), what + ":\n" + src);
        assertTrue(src.contains("(const double* __restrict__ a, double* __restrict__ out, "
            + "long long m, long long n"), what);
        assertGridStrideNoAgg(src, what);
      }
    }
  }

  @Test
  void binaryKernelsKeepTheOperandOrderOfNonCommutativeOperators() {
    // the iterated matrix is `a`; the other operand is T1 (a side read) or s0 (a scalar)
    assertTrue(kernels(SOURCE.binary(BinaryOp.MINUS, CudaSource.Broadcast.MATRIX_MATRIX))
        .contains("(a - T1)"));
    assertTrue(kernels(SOURCE.binary(BinaryOp.MINUS, CudaSource.Broadcast.ROW_MATRIX))
        .contains("(T1 - a)"));
    assertTrue(kernels(SOURCE.binary(BinaryOp.DIV, CudaSource.Broadcast.COLUMN_MATRIX))
        .contains("(T1 / a)"));
    assertTrue(kernels(SOURCE.binary(BinaryOp.POW, CudaSource.Broadcast.SCALAR_MATRIX))
        .contains("pl_pow(s0, a)"));
    assertTrue(kernels(SOURCE.binary(BinaryOp.POW, CudaSource.Broadcast.MATRIX_SCALAR))
        .contains("pl_pow(a, s0)"));
    assertTrue(kernels(SOURCE.binary(BinaryOp.LT, CudaSource.Broadcast.SCALAR_MATRIX))
        .contains("(s0 < a ? 1.0 : 0.0)"));
    assertTrue(kernels(SOURCE.binary(BinaryOp.MOD, CudaSource.Broadcast.MATRIX_ROW))
        .contains("pl_mod(a, T1)"));
  }

  @Test
  void binaryOperatorsUseTheEngineSemanticsNotTheCNamesakes() {
    Map<BinaryOp, String> calls = Map.of(BinaryOp.MIN, "pl_min(a, s0)", BinaryOp.MAX,
        "pl_max(a, s0)", BinaryOp.INTDIV, "pl_intdiv(a, s0)", BinaryOp.AND, "pl_and(a, s0)",
        BinaryOp.OR, "pl_or(a, s0)", BinaryOp.LOG, "pl_logb(a, s0)", BinaryOp.NEQ,
        "(a != s0 ? 1.0 : 0.0)", BinaryOp.GE, "(a >= s0 ? 1.0 : 0.0)");
    calls.forEach((op, call) -> assertTrue(kernels(SOURCE.binary(op,
        CudaSource.Broadcast.MATRIX_SCALAR)).contains(call), op + " should emit " + call));
  }

  @Test
  void unaryKernelsApplyTheEngineSemantics() {
    Map<UnaryOp, String> calls = new LinkedHashMap<>();
    calls.put(UnaryOp.ROUND, "pl_round(a)");
    calls.put(UnaryOp.SIGN, "pl_sign(a)");
    calls.put(UnaryOp.SIGMOID, "pl_sigmoid(a)");
    calls.put(UnaryOp.ISNAN, "(a != a ? 1.0 : 0.0)");
    calls.put(UnaryOp.NOT, "(a == 0.0 ? 1.0 : 0.0)");
    calls.put(UnaryOp.NEG, "(-a)");
    calls.put(UnaryOp.ABS, "fabs(a)");
    for (UnaryOp op : UnaryOp.values()) {
      String src = kernels(SOURCE.unary(op));
      assertGridStrideNoAgg(src, op.toString());
      if (calls.containsKey(op)) {
        assertTrue(src.contains(calls.get(op)), op + ":\n" + src);
      }
    }
  }

  @Test
  void preludeFollowsJavaMathOnNanSignedZerosAndInfinities() {
    String prelude = CudaSource.prelude();
    // Math.min/max: NaN first, then the signed-zero tie; Math.pow: NaN exponent, |1|^Inf
    assertTrue(prelude.contains("if (a != a) return a;"));
    assertTrue(prelude.contains(
        "if (a == 0.0 && b == 0.0) return __double_as_longlong(a) < 0 ? a : b;"));
    assertTrue(prelude.contains("if (fabs(a) == 1.0 && fabs(b) == PL_INF) return PL_NAN;"));
    // %/% through a saturating cast to long (C's cast is undefined beyond it), NaN/Inf kept
    assertTrue(prelude.contains("if (q != q || fabs(q) == PL_INF) return q;"),
        "x %/% 0 passes the infinite quotient through");
    assertTrue(prelude.contains("if (q >= 9223372036854775808.0) return 9223372036854775808.0;"));
    assertTrue(prelude.contains("return fabs(s) < PL_INF ? s + c : s;"),
        "a non-finite compensated sum is returned as is");
  }

  // ------------------------------------------------------------------ aggregates

  @Test
  void aggregateKernelsReduceInTheirDirection() {
    for (AggregateOp op : List.of(AggregateOp.SUM, AggregateOp.SUM_SQ, AggregateOp.MEAN,
        AggregateOp.MIN, AggregateOp.MAX)) {
      String full = kernels(SOURCE.aggregate(op, Direction.FULL));
      String row = kernels(SOURCE.aggregate(op, Direction.ROW));
      String col = kernels(SOURCE.aggregate(op, Direction.COL));
      assertTrue(full.contains("_final(const double* __restrict__ partials, int count"), op
          + " full has a second pass");
      assertTrue(full.contains("out[2 * blockIdx.x] = rs[0];"), op + " one partial per block");
      assertTrue(row.contains("for (long long rix = blockIdx.x; rix < m; rix += gridDim.x)"),
          op + " one block per row");
      assertTrue(row.contains("if (threadIdx.x == 0) out[rix] = "), op.toString());
      assertTrue(col.contains("for (long long rix = threadIdx.y; rix < m; rix += blockDim.y)"),
          op + " lanes stride over the rows");
      assertTrue(col.contains("if (threadIdx.y == 0 && cix < n) out[cix] = "), op.toString());
      assertFalse(full.contains("atomic") || row.contains("atomic") || col.contains("atomic"),
          "reductions are atomic-free, so deterministic");
      String tree = switch (op) {
        case MIN -> "pl_tree_min(";
        case MAX -> "pl_tree_max(";
        default -> "pl_tree_sum(";
      };
      for (String src : List.of(full, row, col)) {
        assertTrue(src.contains(tree), op + " reduces with " + tree + ":\n" + src);
      }
    }
    assertTrue(kernels(SOURCE.aggregate(AggregateOp.SUM_SQ, Direction.ROW))
        .contains("pl_add(&s, &c, e * e);"));
    assertTrue(kernels(SOURCE.aggregate(AggregateOp.MEAN, Direction.ROW)).contains(
        "/ (double) n;"));
    assertTrue(kernels(SOURCE.aggregate(AggregateOp.MEAN, Direction.COL)).contains(
        "/ (double) m;"));
    assertTrue(kernels(SOURCE.aggregate(AggregateOp.MEAN, Direction.FULL)).contains(
        "/ (double) cells;"));
  }

  @Test
  void aggregatesWithoutADeviceKernelAreRejected() {
    for (AggregateOp op : List.of(AggregateOp.VAR, AggregateOp.SD, AggregateOp.PROD)) {
      UnsupportedOperationException e = assertThrows(UnsupportedOperationException.class,
          () -> SOURCE.aggregate(op, Direction.FULL));
      assertTrue(e.getMessage().contains(op.name()), e.getMessage());
    }
  }

  // ------------------------------------------------------------------ fused plans

  @Test
  void dmlScriptsYieldCellAndRowPlansOfEveryVariant() {
    Set<String> variants = new TreeSet<>();
    for (List<CPlan> plans : PLANS.values()) {
      for (CPlan p : plans) {
        variants.add(p instanceof CPlan.Cell c ? "Cell " + c.type() : "Row "
            + ((CPlan.Row) p).type());
      }
    }
    for (String v : List.of("Cell NO_AGG", "Cell FULL_AGG", "Row COL_AGG_T", "Row NO_AGG")) {
      assertTrue(variants.contains(v), "no " + v + " plan among " + variants + "\n" + PLANS);
    }
    assertTrue(PLANS.get("mmchain").stream().anyMatch(p -> p instanceof CPlan.Row r
        && r.type() == RowType.COL_AGG_T), "t(X) %*% (w * (X %*% v)) is a Row COL_AGG_T: "
        + PLANS.get("mmchain"));
    assertFalse(PLANS.get("l2svmLoss").isEmpty(), "the L2SVM loss is fused");
  }

  @Test
  void fusedCellKernelsHaveTheSkeletonOfTheirVariant() {
    int cells = 0;
    for (CPlan plan : allPlans()) {
      if (!(plan instanceof CPlan.Cell c)) {
        continue;
      }
      cells++;
      CudaProgram p = SOURCE.fused(c);
      String src = kernels(p);
      String what = c + ":\n" + src;
      assertTrue(Pattern.compile("extern \"C\" __global__ void pl_cell_[0-9a-f]{16}\\(const "
          + "double\\* __restrict__ a, double\\* __restrict__ out, long long m, long long n"
          + Pattern.quote(sideParameters(c.sides(), c.scalars())) + "\\)").matcher(src).find(),
          what);
      assertTrue(src.contains("_cell(double a"), what);
      switch (c.type()) {
        case NO_AGG -> assertGridStrideNoAgg(src, what);
        case ROW_AGG -> assertTrue(src.contains("out[rix] = "), what);
        case COL_AGG -> assertTrue(src.contains("out[cix] = "), what);
        case FULL_AGG -> assertTrue(src.contains(p.finalName() + "("), what);
        default -> throw new AssertionError(c.type());
      }
      if (c.type() != CellType.NO_AGG) {
        assertTrue(src.contains(switch (c.agg()) {
          case MIN -> "pl_tree_min(";
          case MAX -> "pl_tree_max(";
          default -> "pl_tree_sum(";
        }), what);
      }
      assertSideIndexing(c, src);
    }
    assertTrue(cells >= 5, "Cell plans: " + cells);
  }

  @Test
  void fusedRowKernelsRunOneBlockPerRowWithTheirOutputWrite() {
    int rows = 0;
    for (CPlan plan : allPlans()) {
      if (!(plan instanceof CPlan.Row r)) {
        continue;
      }
      rows++;
      CudaProgram p = SOURCE.fused(r);
      String src = kernels(p);
      String what = r + ":\n" + src;
      assertTrue(Pattern.compile("extern \"C\" __global__ void pl_row_[0-9a-f]{16}\\(")
          .matcher(src).find(), what);
      assertTrue(src.contains("for (long long rix = blockIdx.x; rix < m; rix += gridDim.x) {"),
          what);
      assertTrue(src.contains("const double* arow = a + rix * n;"), what);
      if (r.type() == RowType.NO_AGG) {
        assertTrue(src.contains("out[rix"), what);
        assertFalse(src.contains("_final("), what);
      } else {
        assertTrue(src.contains("pl_add(&part["), what);
        assertTrue(src.contains(p.finalName() + "(const double* __restrict__ work, int blocks"),
            what);
      }
      for (CNode n : FusedPlans.nodes(r)) {
        if (n instanceof CNode.Dot) {
          assertTrue(src.contains("pl_vdot("), what);
        } else if (n instanceof CNode.MatVec) {
          assertTrue(src.contains("pl_vmatmult("), what);
        } else if (n instanceof CNode.VectorAgg g) {
          assertTrue(src.contains("pl_v" + switch (g.op()) {
            case SUM_SQ -> "sumsq";
            default -> g.op().name().toLowerCase(java.util.Locale.ROOT);
          } + "("), what);
        }
      }
      assertSideIndexing(r, src);
    }
    assertTrue(rows >= 3, "Row plans: " + rows);
  }

  @Test
  void handBuiltRowPlansCoverEveryRowNodeKind() {
    CNode row = CNode.Data.vector(Access.MAIN, 0, VecLen.MAIN);
    CNode other = CNode.Data.vector(Access.SIDE_ROW_VECTOR, 0, VecLen.MAIN);
    CNode vec = CNode.Data.vector(Access.SIDE_VECTOR, 1, VecLen.MAIN);
    CNode col = CNode.Data.scalar(Access.SIDE_COL, 2);
    CNode one = CNode.Data.scalar(Access.SIDE_SCALAR, 3);
    CNode s0 = CNode.Data.scalar(Access.SCALAR, 0);
    CNode mv = new CNode.MatVec(new CNode.Unary(UnaryOp.SIGMOID,
        new CNode.Binary(BinaryOp.MINUS, row, other)), 4);
    CNode cond = new CNode.IfElse(new CNode.Binary(BinaryOp.GT, col, one),
        new CNode.VectorAgg(AggregateOp.MAX, row), new CNode.Dot(row, vec));
    CNode scaled = new CNode.Binary(BinaryOp.MULT, s0, new CNode.Binary(BinaryOp.PLUS, mv,
        cond));
    for (RowType type : List.of(RowType.NO_AGG, RowType.COL_AGG)) {
      String src = kernels(SOURCE.fused(new CPlan.Row(scaled, type, 3, 5, 1)));
      assertTrue(src.contains("pl_vmatmult(T"), src);
      assertTrue(src.contains("pl_vmax(arow, n, rs)"), src);
      assertTrue(src.contains("pl_vdot(arow, b1, n, rs, rc)"), src);
      assertTrue(src.contains("pl_sigmoid(T"), src);
      assertTrue(src.contains("= (T"), src);
    }
    CPlan.Row full = new CPlan.Row(new CNode.VectorAgg(AggregateOp.SUM_SQ,
        new CNode.Binary(BinaryOp.MULT, row, other)), RowType.FULL_AGG, 1, 1, 0);
    assertTrue(kernels(SOURCE.fused(full)).contains("if (threadIdx.x == 0) pl_add(&part[0], "
        + "&part[size], T"));
    CPlan.Row outer = new CPlan.Row(new CNode.OuterAdd(row, new CNode.MatVec(row, 0)),
        RowType.COL_AGG_T, 1, 1, 0);
    String src = kernels(SOURCE.fused(outer));
    assertTrue(src.contains("const long long i = k / b0n; const long long j = k - i * b0n; "
        + "pl_add(&part[k], &part[size + k], arow[i] * T1[j]);"), src);
  }

  @Test
  void plansTheDeviceCannotRunNameTheirKind() {
    CNode cell = CNode.Data.scalar(Access.MAIN, 0);
    CNode rowVector = CNode.Data.vector(Access.MAIN, 0, VecLen.MAIN);
    assertUnsupported(new CPlan.MAgg(List.of(cell), List.of(AggregateOp.SUM), true, 0, 0),
        "MAgg");
    assertUnsupported(new CPlan.Outer(new CNode.Dot(CNode.Data.vector(Access.OUTER_U, 0,
        VecLen.side(0)), CNode.Data.vector(Access.OUTER_V, 1, VecLen.side(1))), OuterType.AGG,
        2, 0), "Outer");
    assertUnsupported(new CPlan.Cell(new CNode.VectorAgg(AggregateOp.SUM, rowVector),
        CellType.NO_AGG, AggregateOp.SUM, false, 0, 0), "VectorAgg");
    assertUnsupported(new CPlan.Cell(cell, CellType.FULL_AGG, AggregateOp.PROD, false, 0, 0),
        "PROD");
    assertUnsupported(new CPlan.Row(new CNode.VectorAgg(AggregateOp.SUM,
        new CNode.Binary(BinaryOp.MULT, rowVector, CNode.Data.scalar(Access.SIDE_CELL, 0))),
        RowType.NO_AGG, 1, 1, 0), "SIDE_CELL");
    assertUnsupported(new CPlan.Row(new CNode.VectorAgg(AggregateOp.MEAN, rowVector),
        RowType.NO_AGG, 0, 0, 0), "MEAN");
    assertUnsupported(new CPlan.Row(new CNode.VectorAgg(AggregateOp.SUM,
        new CNode.OuterAdd(rowVector, rowVector)), RowType.NO_AGG, 0, 0, 0), "OuterAdd");
    assertUnsupported(new CPlan.Row(new CNode.VectorAgg(AggregateOp.SUM,
        CNode.Data.vector(Access.SIDE_MATRIX, 0, VecLen.MAIN)), RowType.NO_AGG, 0, 1, 0),
        "SIDE_MATRIX");
    assertUnsupported(new CPlan.Cell(CNode.Data.scalar(Access.SIDE_CELL, 2), CellType.NO_AGG,
        AggregateOp.SUM, false, 1, 0), "side input 2");
  }

  @Test
  void theOtherTemplatesOfTheScriptsAreRejectedByName() {
    for (CPlan p : OTHER_PLANS) {
      UnsupportedOperationException e = assertThrows(UnsupportedOperationException.class,
          () -> SOURCE.fused(p));
      assertTrue(e.getMessage().contains(p.getClass().getSimpleName()), e.getMessage());
    }
  }

  // ------------------------------------------------------------------ every program

  @Test
  void equalOperationsGiveEqualSourceAndDistinctOnesDistinctNames() {
    assertEquals(SOURCE.binary(BinaryOp.PLUS, CudaSource.Broadcast.MATRIX_ROW),
        new CudaSource().binary(BinaryOp.PLUS, CudaSource.Broadcast.MATRIX_ROW));
    for (CPlan plan : allPlans()) {
      assertEquals(SOURCE.fused(plan), new CudaSource().fused(plan));
    }
    Set<String> names = new TreeSet<>();
    List<CudaProgram> all = elementwiseAndAggregates();
    all.forEach(p -> names.add(p.name()));
    assertEquals(all.size(), names.size(), "one name per distinct kernel");
    assertNotEquals(SOURCE.binary(BinaryOp.MINUS, CudaSource.Broadcast.MATRIX_ROW).name(),
        SOURCE.binary(BinaryOp.MINUS, CudaSource.Broadcast.ROW_MATRIX).name());
  }

  @Test
  void generatedKernelsHoldOnlyGeneratedIdentifiers() {
    List<CudaProgram> all = new ArrayList<>(elementwiseAndAggregates());
    allPlans().forEach(p -> all.add(SOURCE.fused(p)));
    Pattern word = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");
    Pattern generated = Pattern.compile("pl_[a-z_]+(_[0-9a-f]{16}(_cell|_final)?)?|T\\d+|b\\d+n?"
        + "|s\\d+|PL_[A-Z]+");
    for (CudaProgram p : all) {
      Matcher m = word.matcher(kernels(p));
      while (m.find()) {
        String w = m.group();
        assertTrue(KEYWORDS.contains(w) || generated.matcher(w).matches(),
            "unexpected identifier '" + w + "' in " + p.name());
      }
      for (String script : List.of("featuresQ", "labelsQ", "weightsQ", "probsQ", "secondQ")) {
        assertFalse(p.source().contains(script), "script name in " + p.name());
      }
    }
  }

  @Test
  void everyGeneratedProgramCompilesWithNvcc() throws Exception {
    Path nvcc = Nvcc.find().orElse(null);
    assumeTrue(nvcc != null, "nvcc is not on the PATH");
    // the element-wise and aggregate kernels share one unit (one prelude, names are distinct)
    StringBuilder unit = new StringBuilder(CudaSource.prelude());
    for (CudaProgram p : elementwiseAndAggregates()) {
      unit.append('\n').append(kernels(p));
    }
    assertCompiles(nvcc, "elementwise", unit.toString());
    // each fused program, and two complete element-wise ones, alone
    assertCompiles(nvcc, "binary", SOURCE.binary(BinaryOp.MOD,
        CudaSource.Broadcast.COLUMN_MATRIX).source());
    assertCompiles(nvcc, "aggregate", SOURCE.aggregate(AggregateOp.MEAN, Direction.COL)
        .source());
    int i = 0;
    for (CPlan plan : allPlans()) {
      assertCompiles(nvcc, "fused" + i++, SOURCE.fused(plan).source());
    }
  }

  @Test
  void handBuiltPlansOfEveryNodeKindCompileWithNvcc() throws Exception {
    Path nvcc = Nvcc.find().orElse(null);
    assumeTrue(nvcc != null, "nvcc is not on the PATH");
    CNode row = CNode.Data.vector(Access.MAIN, 0, VecLen.MAIN);
    CNode other = CNode.Data.vector(Access.SIDE_ROW_VECTOR, 0, VecLen.MAIN);
    CNode vec = CNode.Data.vector(Access.SIDE_VECTOR, 1, VecLen.MAIN);
    CNode col = CNode.Data.scalar(Access.SIDE_COL, 2);
    CNode one = CNode.Data.scalar(Access.SIDE_SCALAR, 3);
    CNode s0 = CNode.Data.scalar(Access.SCALAR, 0);
    CNode mv = new CNode.MatVec(new CNode.Unary(UnaryOp.TANH, new CNode.Binary(BinaryOp.MINUS,
        row, other)), 4);
    CNode cond = new CNode.IfElse(new CNode.Binary(BinaryOp.GT, col, one),
        new CNode.VectorAgg(AggregateOp.MIN, row), new CNode.Dot(row, vec));
    CNode out = new CNode.Binary(BinaryOp.POW, s0, new CNode.Binary(BinaryOp.PLUS, mv, cond));
    StringBuilder unit = new StringBuilder(CudaSource.prelude());
    for (RowType type : List.of(RowType.NO_AGG, RowType.COL_AGG)) {
      unit.append(kernels(SOURCE.fused(new CPlan.Row(out, type, 3, 5, 1))));
    }
    unit.append(kernels(SOURCE.fused(new CPlan.Row(new CNode.VectorAgg(AggregateOp.SUM_SQ,
        row), RowType.FULL_AGG, 0, 0, 0))));
    unit.append(kernels(SOURCE.fused(new CPlan.Row(new CNode.OuterAdd(s0, vec),
        RowType.COL_AGG_T, 0, 2, 1))));
    unit.append(kernels(SOURCE.fused(new CPlan.Row(new CNode.OuterAdd(col, s0),
        RowType.COL_AGG_T, 0, 3, 1))));
    CNode x = CNode.Data.scalar(Access.MAIN, 0);
    CNode cellOut = new CNode.IfElse(new CNode.Binary(BinaryOp.NEQ,
        CNode.Data.scalar(Access.SIDE_ROW, 0), x), new CNode.Unary(UnaryOp.SIGN,
        CNode.Data.scalar(Access.SIDE_CELL, 1)), new CNode.Binary(BinaryOp.INTDIV, s0,
        CNode.Data.scalar(Access.SIDE_SCALAR, 2)));
    for (CellType type : CellType.values()) {
      for (AggregateOp agg : List.of(AggregateOp.SUM, AggregateOp.SUM_SQ, AggregateOp.MIN,
          AggregateOp.MAX)) {
        if (type == CellType.NO_AGG && agg != AggregateOp.SUM) {
          continue;
        }
        unit.append(kernels(SOURCE.fused(new CPlan.Cell(cellOut, type, agg, false, 3, 1))));
      }
    }
    assertCompiles(nvcc, "handbuilt", unit.toString());
  }

  // ------------------------------------------------------------------ helpers

  /** C/CUDA words the skeletons use, and their own local names. */
  private static final Set<String> KEYWORDS = Set.of("extern", "C", "__global__", "void",
      "const", "double", "long", "__restrict__", "for", "if", "return", "static", "__device__",
      "__forceinline__", "__shared__", "int", "blockIdx", "blockDim", "gridDim", "threadIdx",
      "x", "y", "__syncthreads", "LL", "a", "out", "m", "n", "rix", "cix", "i", "j", "k", "b",
      "c", "s", "e", "c0", "cells", "count", "partials", "work", "size", "stride", "part",
      "tmp", "arow", "rs", "rc", "blocks", "values", "columns", "rowPointers", "r", "col",
      "fabs", "exp", "log", "sqrt", "floor", "ceil", "tanh", "sin", "cos", "tan", "asin", "acos",
      "atan", "sinh", "cosh");

  private static List<CudaProgram> elementwiseAndAggregates() {
    List<CudaProgram> out = new ArrayList<>();
    for (BinaryOp op : BinaryOp.values()) {
      for (CudaSource.Broadcast kind : CudaSource.Broadcast.values()) {
        out.add(SOURCE.binary(op, kind));
      }
    }
    for (UnaryOp op : UnaryOp.values()) {
      out.add(SOURCE.unary(op));
    }
    for (AggregateOp op : List.of(AggregateOp.SUM, AggregateOp.SUM_SQ, AggregateOp.MEAN,
        AggregateOp.MIN, AggregateOp.MAX)) {
      for (Direction dir : Direction.values()) {
        out.add(SOURCE.aggregate(op, dir));
      }
    }
    out.add(SOURCE.mirror());
    out.add(SOURCE.csrToDense());
    return out;
  }

  private static List<CPlan> allPlans() {
    List<CPlan> out = new ArrayList<>();
    PLANS.values().forEach(out::addAll);
    return out;
  }

  /** The program's kernels, without the shared prelude. */
  private static String kernels(CudaProgram p) {
    String prelude = CudaSource.prelude();
    assertTrue(p.source().startsWith(prelude), p.name() + " starts with the prelude");
    return p.source().substring(prelude.length());
  }

  private static String sideParameters(int sides, int scalars) {
    StringBuilder s = new StringBuilder();
    for (int k = 0; k < sides; k++) {
      s.append(", const double* __restrict__ b").append(k).append(", long long b").append(k)
          .append('n');
    }
    for (int k = 0; k < scalars; k++) {
      s.append(", double s").append(k);
    }
    return s.toString();
  }

  private static void assertGridStrideNoAgg(String src, String what) {
    assertTrue(src.contains("for (long long i = blockIdx.x * (long long) blockDim.x + "
        + "threadIdx.x; i < cells;"), what + " has a grid-stride loop:\n" + src);
    assertTrue(src.contains("i += (long long) gridDim.x * blockDim.x"), what);
    assertTrue(src.contains("out[i] = "), what);
  }

  /** Every leaf reads its data as its access says (SideInput's indexing). */
  private static void assertSideIndexing(CPlan plan, String src) {
    for (CNode n : FusedPlans.nodes(plan)) {
      if (!(n instanceof CNode.Data d)) {
        continue;
      }
      int k = d.index();
      String expected = switch (d.access()) {
        case MAIN -> plan instanceof CPlan.Row ? "arow" : "a[rix * n + cix]";
        case SIDE_CELL -> "b" + k + "[rix * b" + k + "n + cix]";
        case SIDE_ROW -> "b" + k + "[cix]";
        case SIDE_COL -> "b" + k + "[rix * b" + k + "n]";
        case SIDE_SCALAR -> "b" + k + "[0]";
        case SCALAR -> "double s" + k;
        case SIDE_ROW_VECTOR -> "(b" + k + " + rix * b" + k + "n)";
        case SIDE_VECTOR -> "b" + k;
        default -> throw new AssertionError("unexpected leaf " + d);
      };
      assertTrue(src.contains(expected), d + " should read " + expected + ":\n" + src);
    }
  }

  private static void assertUnsupported(CPlan plan, String kind) {
    UnsupportedOperationException e = assertThrows(UnsupportedOperationException.class,
        () -> SOURCE.fused(plan));
    assertTrue(e.getMessage().contains(kind), "'" + e.getMessage() + "' should name " + kind);
  }

  private static void assertCompiles(Path nvcc, String name, String source) throws Exception {
    Nvcc.Result r = Nvcc.compile(nvcc, dir, name, source);
    assertEquals(0, r.exitCode(), "nvcc failed on " + name + ".cu:\n" + r.output());
    assertTrue(java.nio.file.Files.size(r.ptx()) > 0, "no PTX for " + name);
  }
}
