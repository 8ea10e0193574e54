package org.planlab.optimizers.fusion;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.planlab.optimizers.fusion.FusionRuns.assertClose;
import static org.planlab.optimizers.fusion.FusionRuns.assertSameVariables;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.planlab.engine.api.Engine;
import org.planlab.engine.codegen.construct.BuiltOperator;
import org.planlab.engine.codegen.cplan.CPlan;
import org.planlab.engine.codegen.runtime.CellType;
import org.planlab.engine.codegen.runtime.OuterType;
import org.planlab.engine.codegen.runtime.RowType;
import org.planlab.engine.compile.fusion.Codegen;
import org.planlab.engine.ir.Hop;
import org.planlab.engine.ir.HopParam;
import org.planlab.engine.ir.OpCode;
import org.planlab.engine.matrix.MatrixBlock;
import org.planlab.engine.ops.AggregateOp;
import org.planlab.engine.stats.CodegenCounter;
import org.planlab.optimizers.fusion.FusionRuns.Outcome;

/**
 * The fusion paper's patterns (Fig. 1, 2, 9, 10; Eq. (1), (2)) under the heuristic selectors and
 * mpskip: fused results equal unfused ones (and a plain-Java computation of the same data), and
 * the operators built are the ones the paper shows. Work counters, never times, show sparsity
 * exploitation.
 */
class FusionPatternsTest {
  private static final List<String> FUSED = List.of("fa", "fnr", "mpskip");

  @TempDir
  static Path dir;

  // ---- helpers ----

  private static Outcome run(String dml, String fusion) {
    return FusionRuns.run(dir, dml, fusion, 1);
  }

  /**
   * Runs {@code dml} unfused and under fa and fnr with 1 and 2 threads, asserts {@code vars}
   * agree with the unfused run and returns the fused runs (fa then fnr, one thread).
   */
  private static Map<String, Outcome> runAll(String dml, List<String> vars) {
    Outcome none = run(dml, "none");
    assertTrue(none.codegen().isEmpty(), "none runs no code generator");
    assertEquals(0, none.fusedExecutions());
    Map<String, Outcome> out = new java.util.LinkedHashMap<>();
    for (String fusion : FUSED) {
      for (int threads = 1; threads <= 2; threads++) {
        Outcome o = FusionRuns.run(dir, dml, fusion, threads);
        assertSameVariables(none, o, vars, fusion + " with " + threads + " threads");
        assertTrue(o.fusedExecutions() > 0, fusion + " ran no fused operator");
        if (threads == 1) {
          out.put(fusion, o);
        }
      }
    }
    return out;
  }

  private static String describe(Outcome o) {
    return o.operators().stream().map(b -> b.plan().getClass().getSimpleName() + " "
        + variant(b.plan()) + " roots " + b.roots())
        .collect(Collectors.joining("\n  ", o.fusion() + " operators:\n  ", "\nmemo:\n"))
        + o.codegen().stream().map(r -> r.memo().format()).collect(Collectors.joining("\n"));
  }

  private static String variant(CPlan p) {
    if (p instanceof CPlan.Cell c) {
      return c.type() + "(" + c.agg() + ")" + (c.sparseSafe() ? " sparse-safe" : "");
    } else if (p instanceof CPlan.MAgg m) {
      return m.aggs().toString();
    } else if (p instanceof CPlan.Row r) {
      return r.type().toString();
    }
    return ((CPlan.Outer) p).type().toString();
  }

  /** The operators of {@code o} whose plan is a {@code type}. */
  private static <T extends CPlan> List<BuiltOperator> ofType(Outcome o, Class<T> type) {
    List<BuiltOperator> out = new ArrayList<>();
    for (BuiltOperator b : o.operators()) {
      if (type.isInstance(b.plan())) {
        out.add(b);
      }
    }
    return out;
  }

  /** The single operator of {@code o}, asserted to be a {@code type}. */
  private static <T extends CPlan> T single(Outcome o, Class<T> type) {
    assertEquals(1, o.operators().size(), describe(o));
    assertEquals(1, o.compiled().size(), describe(o));
    assertEquals(o.operators().get(0).plan(), o.compiled().get(0).plan());
    return assertInstanceOf(type, o.operators().get(0).plan(), describe(o));
  }

  /** The HOP written to variable {@code name} in the compiled DAGs. */
  private static Hop variable(Outcome o, String name) {
    for (Codegen.Result r : o.codegen()) {
      for (Hop root : r.memo().dag().roots()) {
        if (root.op() == OpCode.WRITE_VAR
            && root.param(HopParam.Variable.class).name().equals(name)) {
          return root.input(0);
        }
      }
    }
    throw new AssertionError("no variable " + name + " written in a fused DAG");
  }

  // ---- plain-Java references ----

  private static double[][] arr(MatrixBlock m) {
    return m.toArray();
  }

  private static double[][] mult(double[][] a, double[][] b) {
    double[][] c = new double[a.length][b[0].length];
    for (int i = 0; i < a.length; i++) {
      for (int k = 0; k < b.length; k++) {
        double v = a[i][k];
        for (int j = 0; j < b[0].length; j++) {
          c[i][j] += v * b[k][j];
        }
      }
    }
    return c;
  }

  private static double[][] transpose(double[][] a) {
    double[][] t = new double[a[0].length][a.length];
    for (int i = 0; i < a.length; i++) {
      for (int j = 0; j < a[0].length; j++) {
        t[j][i] = a[i][j];
      }
    }
    return t;
  }

  // ---- Cell ----

  private static String sumXyz(double sparsityX) {
    return """
        X = rand(rows=300, cols=40, sparsity=%s, seed=11)
        Y = rand(rows=300, cols=40, seed=12)
        Z = rand(rows=300, cols=40, seed=13)
        s = sum(X * Y * Z)
        """.formatted(sparsityX);
  }

  /** Fig. 1(a), 9(a,b): sum(X*Y*Z) is one Cell full aggregate, sparse-safe over a sparse X. */
  @ParameterizedTest
  @ValueSource(doubles = {1.0, 0.1})
  void sumOfProductIsOneCellFullAggregate(double sparsity) {
    Map<String, Outcome> runs = runAll(sumXyz(sparsity), List.of("s"));
    for (Outcome o : runs.values()) {
      CPlan.Cell c = single(o, CPlan.Cell.class);
      assertEquals(CellType.FULL_AGG, c.type());
      assertEquals(AggregateOp.SUM, c.agg());
      if (sparsity < 1) {
        assertTrue(c.sparseSafe(), "multiplying by the sparse X is sparse-safe");
        assertSame(variable(o, "X"), o.operators().get(0).main(), "the sparse X drives");
      }
    }
    Outcome fa = runs.get("fa");
    double[][] x = arr(fa.matrix("X"));
    double[][] y = arr(fa.matrix("Y"));
    double[][] z = arr(fa.matrix("Z"));
    double expected = 0;
    for (int i = 0; i < x.length; i++) {
      for (int j = 0; j < x[0].length; j++) {
        expected += x[i][j] * y[i][j] * z[i][j];
      }
    }
    assertClose(expected, fa.scalar("s"), "sum(X*Y*Z)");
  }

  // ---- Multi-aggregates ----

  /** Fig. 1(c): sum(X^2), sum(X*Y), sum(Y^2) share X and Y: one MAgg with three aggregates. */
  // ---- the newer element-wise builtins fuse like the operators they lower to ----

  /** Operands with negatives, zeros and fractions, so %/%, %% and the bitwise casts matter. */
  private static final String SIGNED = """
      X = round(rand(rows=200, cols=30, min=-9, max=9, seed=31) * 4) / 4
      Y = round(rand(rows=200, cols=30, min=-5, max=5, seed=32))
      """;

  @Test
  void newElementwiseBuiltinsFuseIntoOneCellOperator() {
    String dml = SIGNED + """
        R = bitwAnd(X * 7, Y) + xor(X > 0, Y) + tan(X / 9) * atan(Y) + is.infinite(X / Y)
          + cosh(X / 9) + (X %% Y) - (X %/% 3) + bitwShiftL(Y, 2) - bitwShiftR(X, 1)
          + asin(X / 10) + acos(Y / 10) + sinh(X / 9) + is.na(X / Y) + bitwOr(X, Y)
          + bitwXor(X, 3) + pmax(X, Y) - pmin(X, 0.5)
        """;
    for (Outcome o : runAll(dml, List.of("R")).values()) {
      // one Cell operator computes all of R (another one builds X)
      Hop r = variable(o, "R");
      assertEquals(1, ofType(o, CPlan.Cell.class).stream()
          .filter(b -> b.roots().equals(List.of(r))).count(), describe(o));
    }
  }

  @Test
  void newElementwiseBuiltinsFuseIntoAMultiAggregate() {
    String dml = SIGNED + """
        a = sum(sinh(X / 9) * xor(X, Y))
        b = sum(bitwOr(X, 3) * (Y %% 4))
        """;
    for (Outcome o : runAll(dml, List.of("a", "b")).values()) {
      List<BuiltOperator> maggs = ofType(o, CPlan.MAgg.class);
      assertEquals(1, maggs.size(), describe(o));
      assertEquals(List.of(AggregateOp.SUM, AggregateOp.SUM),
          ((CPlan.MAgg) maggs.get(0).plan()).aggs());
    }
  }

  @Test
  void newElementwiseBuiltinsFuseIntoARowOperator() {
    String dml = SIGNED + """
        v = rand(rows=30, cols=1, min=-1, max=1, seed=33)
        q = t(X) %*% (bitwXor(X %*% v, 1) * atan(X %*% v) + (X %*% v) %/% 2)
        """;
    Map<String, Outcome> runs = runAll(dml, List.of("q"));
    Outcome fa = runs.get("fa");
    assertEquals(1, ofType(fa, CPlan.Row.class).size(), describe(fa));
  }

  @Test
  void threeAggregatesOverSharedInputsAreOneMultiAggregate() {
    String dml = """
        X = rand(rows=300, cols=40, seed=21)
        Y = rand(rows=300, cols=40, seed=22)
        a = sum(X^2)
        b = sum(X*Y)
        c = sum(Y^2)
        """;
    Map<String, Outcome> runs = runAll(dml, List.of("a", "b", "c"));
    for (Outcome o : runs.values()) {
      CPlan.MAgg m = single(o, CPlan.MAgg.class);
      assertEquals(List.of(AggregateOp.SUM, AggregateOp.SUM, AggregateOp.SUM), m.aggs());
      assertEquals(3, o.operators().get(0).roots().size());
    }
    Outcome fa = runs.get("fa");
    double[][] x = arr(fa.matrix("X"));
    double[][] y = arr(fa.matrix("Y"));
    double a = 0;
    double b = 0;
    double c = 0;
    for (int i = 0; i < x.length; i++) {
      for (int j = 0; j < x[0].length; j++) {
        a += x[i][j] * x[i][j];
        b += x[i][j] * y[i][j];
        c += y[i][j] * y[i][j];
      }
    }
    assertClose(a, fa.scalar("a"), "sum(X^2)");
    assertClose(b, fa.scalar("b"), "sum(X*Y)");
    assertClose(c, fa.scalar("c"), "sum(Y^2)");
  }

  /** Fig. 9(c,d): sum(X*Y), sum(X*Z) over a (sparse) X: one MAgg with two aggregates. */
  @ParameterizedTest
  @ValueSource(doubles = {1.0, 0.1})
  void twoAggregatesSharingXAreOneMultiAggregate(double sparsity) {
    String dml = """
        X = rand(rows=300, cols=40, sparsity=%s, seed=31)
        Y = rand(rows=300, cols=40, seed=32)
        Z = rand(rows=300, cols=40, seed=33)
        a = sum(X*Y)
        b = sum(X*Z)
        """.formatted(sparsity);
    Map<String, Outcome> runs = runAll(dml, List.of("a", "b"));
    for (Outcome o : runs.values()) {
      CPlan.MAgg m = single(o, CPlan.MAgg.class);
      assertEquals(2, m.aggs().size());
      if (sparsity < 1) {
        assertTrue(m.sparseSafe(), "both aggregates multiply by the sparse X");
      }
    }
  }

  // ---- Row ----

  private static String mvChain(double sparsity, int k) {
    return """
        X = rand(rows=400, cols=30, sparsity=%s, seed=41)
        v = rand(rows=30, cols=%d, seed=42)
        w = rand(rows=400, cols=%d, seed=43)
        r = t(X) %%*%% (w * (X %%*%% v))
        """.formatted(sparsity, k, k);
  }

  /**
   * Fig. 1(b), 10(a,b): t(X) %*% (w * (X %*% v)) is one Row operator over X that aggregates
   * the transposed product by columns, for dense and sparse X; Fig. 10(c) with 2 columns too.
   */
  @ParameterizedTest
  @ValueSource(strings = {"1.0:1", "0.1:1", "1.0:2", "0.1:2"})
  void matrixVectorChainIsOneRowOperator(String sparsityAndCols) {
    double sparsity = Double.parseDouble(sparsityAndCols.split(":")[0]);
    int k = Integer.parseInt(sparsityAndCols.split(":")[1]);
    Map<String, Outcome> runs = runAll(mvChain(sparsity, k), List.of("r"));
    for (Outcome o : runs.values()) {
      CPlan.Row row = single(o, CPlan.Row.class);
      assertEquals(RowType.COL_AGG_T, row.type());
      assertSame(variable(o, "X"), o.operators().get(0).main(), "X is read once, by rows");
      assertEquals(1, o.fusedExecutions());
      assertEquals(400, o.counter(CodegenCounter.FUSED_WORK), "one body call per row of X");
    }
    Outcome fa = runs.get("fa");
    double[][] x = arr(fa.matrix("X"));
    double[][] xv = mult(x, arr(fa.matrix("v")));
    double[][] w = arr(fa.matrix("w"));
    for (int i = 0; i < xv.length; i++) {
      for (int j = 0; j < k; j++) {
        xv[i][j] *= w[i][j];
      }
    }
    assertClose(mult(transpose(x), xv), fa.matrix("r"), "t(X) %*% (w * (X %*% v))");
  }

  private static final String MLOGREG = """
      X = rand(rows=500, cols=20, seed=51)
      V = rand(rows=20, cols=3, seed=52)
      P = rand(rows=500, cols=4, seed=53)
      k = 3
      H = t(X) %*% (P[,1:k] * (X %*% V) - P[,1:k] * rowSums(P[,1:k] * (X %*% V)))
      """;

  /**
   * Eq. (2), the MLogreg Hessian-vector product (Q inlined so it is no live variable). Fuse-all
   * covers the whole chain with one Row operator over X. Q = P[,1:k] * (X %*% V) feeds both
   * rowSums and the minus (a materialization point), so fuse-no-redundancy computes it once by
   * a Row operator over X and the chain's Row operator reads it.
   */
  @Test
  void mlogregHessianChainIsOneRowOperatorOverX() {
    Map<String, Outcome> runs = runAll(MLOGREG, List.of("H"));
    Outcome fa = runs.get("fa");
    assertEquals(1, fa.operators().size(), describe(fa));
    BuiltOperator chain = fa.operators().get(0);
    assertEquals(RowType.COL_AGG_T, assertInstanceOf(CPlan.Row.class, chain.plan()).type());
    assertSame(variable(fa, "X"), chain.main());

    Outcome fnr = runs.get("fnr");
    List<BuiltOperator> rows = ofType(fnr, CPlan.Row.class);
    assertEquals(2, rows.size(), describe(fnr));
    assertEquals(2, fnr.operators().size(), describe(fnr));
    BuiltOperator q = rows.get(0).plan() instanceof CPlan.Row r && r.type() == RowType.NO_AGG
        ? rows.get(0) : rows.get(1);
    BuiltOperator h = q == rows.get(0) ? rows.get(1) : rows.get(0);
    assertEquals(RowType.COL_AGG_T, ((CPlan.Row) h.plan()).type(), describe(fnr));
    assertEquals(RowType.NO_AGG, ((CPlan.Row) q.plan()).type(), describe(fnr));
    assertSame(variable(fnr, "X"), q.main());
    assertSame(variable(fnr, "X"), h.main());
    assertTrue(h.inputs().contains(q.roots().get(0)), "the chain reads the materialized Q");

    double[][] x = arr(fa.matrix("X"));
    double[][] p = arr(fa.matrix("P"));
    double[][] xv = mult(x, arr(fa.matrix("V")));
    double[][] d = new double[x.length][3];
    for (int i = 0; i < x.length; i++) {
      double rs = 0;
      for (int j = 0; j < 3; j++) {
        rs += p[i][j] * xv[i][j];
      }
      for (int j = 0; j < 3; j++) {
        d[i][j] = p[i][j] * xv[i][j] - p[i][j] * rs;
      }
    }
    assertClose(mult(transpose(x), d), fa.matrix("H"), "MLogreg H");
  }

  private static final String SOFTMAX_INPUT = """
      X = rand(rows=400, cols=12, sparsity=%s, seed=81)
      B = rand(rows=12, cols=1, min=-1, max=1, seed=82)
      N = nrow(X)
      LT = cbind(X %%*%% B, matrix(0, rows=N, cols=1))
      LT = LT - rowMaxs(LT)
      """;

  /**
   * MLogreg's shifted linear terms, {@code cbind(X %*% B, matrix(0, rows=N, cols=1)) -
   * rowMaxs(...)}: the Row template fuses the cbind with a constant column (sec. 2.2, as
   * SystemML's), so fuse-all and mpskip compute it in one Row operator over X, with no cbind,
   * constant matrix, row maximum or subtraction left unfused, over dense and sparse X.
   */
  @ParameterizedTest
  @ValueSource(doubles = {1.0, 0.3})
  void mlogregCbindWithAConstantColumnIsOneRowOperatorOverX(double sparsity) {
    String dml = SOFTMAX_INPUT.formatted(sparsity);
    Outcome none = run(dml, "none");
    assertEquals(1, none.executions("cbind"));
    Map<String, Outcome> runs = runAll(dml, List.of("LT"));
    for (String fusion : List.of("fa", "mpskip")) {
      Outcome o = runs.get(fusion);
      assertEquals(1, o.operators().size(), describe(o));
      BuiltOperator op = o.operators().get(0);
      CPlan.Row row = assertInstanceOf(CPlan.Row.class, op.plan(), describe(o));
      assertEquals(RowType.NO_AGG, row.type(), describe(o));
      assertSame(variable(o, "X"), op.main());
      for (String unfused : List.of("cbind", "fill", "ua_max_row", "-", "ba+*")) {
        assertEquals(0, o.executions(unfused), unfused + ": " + describe(o));
      }
    }
    double[][] x = arr(runs.get("fa").matrix("X"));
    double[][] xb = mult(x, arr(runs.get("fa").matrix("B")));
    double[][] lt = new double[x.length][2];
    for (int i = 0; i < x.length; i++) {
      double m = Math.max(xb[i][0], 0);
      lt[i][0] = xb[i][0] - m;
      lt[i][1] = 0 - m;
    }
    assertClose(lt, runs.get("mpskip").matrix("LT"), "cbind(X %*% B, 0) - rowMaxs");
  }

  private static final String SLICES = """
      X = rand(rows=300, cols=12, sparsity=%s, seed=71)
      P = rand(rows=300, cols=5, seed=72)
      Y = rand(rows=300, cols=5, seed=73)
      G = t(X) %%*%% (P[, 2:4] - Y[, 2:4])
      g = t(X) %%*%% (P[, 5] * Y[, 5])
      """;

  /**
   * Column ranges of whole rows, MLogreg's {@code P[, 1:K] - Y[, 1:K]}, are read by the Row
   * operators from the rows of P and Y (sec. 2.2; SystemML's Row template fuses column-range
   * indexing): no slice is materialized, for a range and for a single column, over dense and
   * sparse X.
   */
  @ParameterizedTest
  @ValueSource(doubles = {1.0, 0.2})
  void columnSlicesAreReadInsideTheRowOperators(double sparsity) {
    String dml = SLICES.formatted(sparsity);
    assertEquals(4, run(dml, "none").executions("right_index"));
    Map<String, Outcome> runs = runAll(dml, List.of("G", "g"));
    for (Outcome o : runs.values()) {
      assertEquals(0, o.executions("right_index"), describe(o));
      assertEquals(2, o.operators().size(), describe(o));
      for (BuiltOperator b : o.operators()) {
        CPlan.Row row = assertInstanceOf(CPlan.Row.class, b.plan(), describe(o));
        // the plan is specialized for its main input's width: X's 12 columns, or under fnr,
        // whose operators read the rows of P or Y, their 5
        assertEquals(o.fusion().equals("fnr") ? 5 : 12, row.widthHint(), describe(o));
        assertTrue(b.inputs().contains(variable(o, "P"))
            && b.inputs().contains(variable(o, "Y")), "the slices read P and Y themselves");
        // fnr does not fuse t(X), which both products read, and multiplies unfused
        if (!o.fusion().equals("fnr")) {
          assertEquals(RowType.COL_AGG_T, row.type(), describe(o));
          assertSame(variable(o, "X"), b.main());
        }
      }
    }
    Outcome fa = runs.get("fa");
    double[][] x = arr(fa.matrix("X"));
    double[][] p = arr(fa.matrix("P"));
    double[][] y = arr(fa.matrix("Y"));
    double[][] d = new double[x.length][3];
    double[][] e = new double[x.length][1];
    for (int i = 0; i < x.length; i++) {
      for (int j = 0; j < 3; j++) {
        d[i][j] = p[i][1 + j] - y[i][1 + j];
      }
      e[i][0] = p[i][4] * y[i][4];
    }
    assertClose(mult(transpose(x), d), fa.matrix("G"), "t(X) %*% (P[, 2:4] - Y[, 2:4])");
    assertClose(mult(transpose(x), e), fa.matrix("g"), "t(X) %*% (P[, 5] * Y[, 5])");
  }

  // ---- Outer ----

  private static String outerAgg(double sparsity) {
    return """
        X = rand(rows=400, cols=300, sparsity=%s, seed=61)
        U = rand(rows=400, cols=4, seed=62)
        V = rand(rows=300, cols=4, seed=63)
        s = sum(X * log(U %%*%% t(V) + 1e-15))
        """.formatted(sparsity);
  }

  /**
   * Fig. 1(d), 10(d): sum(X * log(U %*% t(V) + eps)) over a sparse X is one Outer aggregate
   * driven by X whose body runs once per non-zero of X, not per cell, so the work grows with
   * nnz(X) at fixed dims.
   */
  @Test
  void outerAggregateRunsOncePerNonZeroOfX() {
    long previous = -1;
    for (double sparsity : new double[] {0.001, 0.01, 0.1}) {
      Map<String, Outcome> runs = runAll(outerAgg(sparsity), List.of("s"));
      for (Outcome o : runs.values()) {
        CPlan.Outer outer = single(o, CPlan.Outer.class);
        assertEquals(OuterType.AGG, outer.type());
        assertSame(variable(o, "X"), o.operators().get(0).main());
        long nnz = o.matrix("X").nnz();
        assertTrue(nnz > 0 && nnz < 400L * 300 / 5, "X is sparse: " + nnz);
        assertEquals(nnz, o.counter(CodegenCounter.FUSED_WORK), "work = nnz(X) at " + sparsity);
      }
      long work = runs.get("fa").counter(CodegenCounter.FUSED_WORK);
      assertTrue(work > previous, "work grows with nnz: " + previous + " then " + work);
      previous = work;
      if (sparsity == 0.01) {
        Outcome fa = runs.get("fa");
        double[][] x = arr(fa.matrix("X"));
        double[][] uv = mult(arr(fa.matrix("U")), transpose(arr(fa.matrix("V"))));
        double expected = 0;
        for (int i = 0; i < x.length; i++) {
          for (int j = 0; j < x[0].length; j++) {
            if (x[i][j] != 0) {
              expected += x[i][j] * Math.log(uv[i][j] + 1e-15);
            }
          }
        }
        assertClose(expected, fa.scalar("s"), "sum(X * log(U %*% t(V) + eps))");
      }
    }
  }

  private static final String EQ1 = """
      X = rand(rows=400, cols=300, sparsity=0.05, seed=71)
      U = rand(rows=400, cols=4, seed=72)
      V = rand(rows=300, cols=4, seed=73)
      r = 0.5
      R = ((X != 0) * (U %*% t(V))) %*% V + 1e-6 * U * r
      """;

  /**
   * Eq. (1), the ALS-CG update: an Outer RIGHT operator driven by X itself (the {@code X != 0}
   * mask is dropped: the operator visits X's non-zeros only, sec. 4.4) plus a Cell operator for
   * the {@code + 1e-6 * U * r} part; the m x n outer product is never materialized.
   */
  @Test
  void alsCgUpdateIsAnOuterRightOverXPlusACell() {
    Map<String, Outcome> runs = runAll(EQ1, List.of("R"));
    for (Outcome o : runs.values()) {
      List<BuiltOperator> outer = ofType(o, CPlan.Outer.class);
      assertEquals(1, outer.size(), describe(o));
      assertEquals(OuterType.RIGHT, ((CPlan.Outer) outer.get(0).plan()).type(), describe(o));
      assertSame(variable(o, "X"), outer.get(0).main(), "the mask X != 0 is dropped");
      assertEquals(1, ofType(o, CPlan.Cell.class).size(), describe(o));
      assertEquals(2, o.operators().size(), describe(o));
      // the only product read is the Outer operator's own output (W %*% V, n x k)
      for (BuiltOperator b : o.operators()) {
        for (Hop in : b.inputs()) {
          assertFalse(in.op() == OpCode.MATMULT && in != outer.get(0).roots().get(0),
              "no operator reads a materialized product: " + describe(o));
        }
      }
      assertEquals(o.matrix("X").nnz() + 400L * 4, o.counter(CodegenCounter.FUSED_WORK),
          "Outer work nnz(X), Cell work 400 x 4 cells");
    }
    Outcome fa = runs.get("fa");
    double[][] x = arr(fa.matrix("X"));
    double[][] u = arr(fa.matrix("U"));
    double[][] v = arr(fa.matrix("V"));
    double[][] w = mult(u, transpose(v));
    for (int i = 0; i < x.length; i++) {
      for (int j = 0; j < x[0].length; j++) {
        w[i][j] = x[i][j] != 0 ? w[i][j] : 0;
      }
    }
    double[][] expected = mult(w, v);
    for (int i = 0; i < expected.length; i++) {
      for (int j = 0; j < 4; j++) {
        expected[i][j] += 1e-6 * u[i][j] * 0.5;
      }
    }
    assertClose(expected, fa.matrix("R"), "Eq. (1)");
  }

  private static final String PNMF_LEFT = """
      X = rand(rows=400, cols=300, sparsity=0.02, seed=91)
      W = rand(rows=400, cols=4, seed=92)
      H = rand(rows=4, cols=300, seed=93)
      G = t(W) %*% (X / (W %*% H + 1e-15))
      """;

  /**
   * PNMF's update of H: t(W) %*% (X / (W %*% H + eps)) over a sparse X is an Outer LEFT
   * operator whose body runs once per non-zero of X.
   */
  @Test
  void pnmfLeftProductIsAnOuterLeftOverX() {
    Map<String, Outcome> runs = runAll(PNMF_LEFT, List.of("G"));
    for (Outcome o : runs.values()) {
      CPlan.Outer outer = single(o, CPlan.Outer.class);
      assertEquals(OuterType.LEFT, outer.type());
      assertSame(variable(o, "X"), o.operators().get(0).main());
      assertEquals(o.matrix("X").nnz(), o.counter(CodegenCounter.FUSED_WORK));
    }
  }

  // ---- Materialization points ----

  private static final String SHARED = """
      X = rand(rows=300, cols=40, seed=81)
      Y = rand(rows=300, cols=40, seed=82)
      Z = rand(rows=300, cols=40, seed=83)
      A = exp(X * Y) * 2
      B = log(X * Y) + Z
      """;

  /**
   * Fig. 2: X * Y has two fused consumers. Fuse-all recomputes it inside both operators (it is
   * no operator's input); fuse-no-redundancy materializes it once and both operators read it.
   */
  @Test
  void materializationPointIsRecomputedByFaAndMaterializedByFnr() {
    Map<String, Outcome> runs = runAll(SHARED, List.of("A", "B"));
    Outcome fa = runs.get("fa");
    Outcome fnr = runs.get("fnr");
    Hop xyFa = variable(fa, "A").input(0).input(0);
    assertEquals(OpCode.BINARY, xyFa.op());
    assertSame(xyFa, variable(fa, "B").input(0).input(0), "X * Y is a common subexpression");
    assertEquals(2, fa.operators().size(), describe(fa));
    for (BuiltOperator b : fa.operators()) {
      assertFalse(b.inputs().contains(xyFa), "fa recomputes X * Y: " + describe(fa));
      assertInstanceOf(CPlan.Cell.class, b.plan());
    }
    Hop xyFnr = variable(fnr, "A").input(0).input(0);
    assertEquals(2, fnr.operators().size(), describe(fnr));
    for (BuiltOperator b : fnr.operators()) {
      assertTrue(b.inputs().contains(xyFnr), "fnr reads the materialized X * Y: " + describe(fnr));
      assertInstanceOf(CPlan.Cell.class, b.plan());
    }
    assertSameVariables(fa, fnr, List.of("A", "B"), "fa vs fnr");
  }

  // ---- selectors ----

  @Test
  void noneBuildsNothing() {
    Outcome o = run(sumXyz(0.1), "none");
    assertTrue(o.codegen().isEmpty());
    assertTrue(o.operators().isEmpty());
    assertEquals(0, o.fusedExecutions());
    assertEquals(0, o.counter(CodegenCounter.FUSED_WORK));
  }

  @Test
  void unknownSelectorNamesTheKnownOnes() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> Engine.create(FusionRuns.config("no-such-selector", 1)));
    assertTrue(e.getMessage().contains("no-such-selector"), e.getMessage());
    for (String known : List.of("none", "fa", "fnr")) {
      assertTrue(e.getMessage().contains(known), e.getMessage());
    }
  }
}
