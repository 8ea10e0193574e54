package org.planlab.engine.codegen.template;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.planlab.engine.api.CompiledScript;
import org.planlab.engine.api.Engine;
import org.planlab.engine.codegen.memo.CloseType;
import org.planlab.engine.codegen.memo.MemoEntry;
import org.planlab.engine.codegen.memo.MemoTable;
import org.planlab.engine.codegen.memo.OpNames;
import org.planlab.engine.codegen.memo.TemplateType;
import org.planlab.engine.config.EngineConfig;
import org.planlab.engine.ir.DataCharacteristics;
import org.planlab.engine.ir.Hop;
import org.planlab.engine.ir.HopDag;
import org.planlab.engine.ir.OpCode;
import org.planlab.engine.ir.ProgramBlock;

/**
 * Candidate exploration (fusion paper, sec. 3.2) on the paper's and the lecture's examples:
 * the memo table's groups, entry types, fusion references (by input position) and close states.
 * Entries are compared by a structural signature, e.g. {@code R(f,m)!}: template letter, per
 * input {@code f} (fused reference) or {@code m} (materialized), then {@code *} for open
 * invalid, {@code !} for closed valid and nothing for open valid.
 */
class OfmcExplorerTest {

  @TempDir
  static Path dir;

  /** One explored DAG: the table and the sizes it was explored with. */
  private record Explored(HopDag dag, Map<Hop, DataCharacteristics> sizes, MemoTable memo) {

    /** The single HOP named {@code name} (memo notation) with the given output dims. */
    Hop only(String name, long rows, long cols) {
      return only(name, h -> {
        DataCharacteristics dc = sizes.get(h);
        return dc != null && dc.rows() == rows && dc.cols() == cols;
      });
    }

    Hop only(String name, Predicate<Hop> filter) {
      List<Hop> found = new ArrayList<>();
      for (Hop h : dag.topologicalOrder()) {
        if (OfmcExplorer.isCandidate(h) && OpNames.of(h).equals(name) && filter.test(h)) {
          found.add(h);
        }
      }
      assertEquals(1, found.size(), "HOPs " + name + " matching in\n" + memo.format());
      return found.get(0);
    }

    Set<String> group(Hop h) {
      return signatures(memo.entries(h));
    }
  }

  private static Set<String> signatures(List<MemoEntry> entries) {
    Set<String> out = new TreeSet<>();
    for (MemoEntry e : entries) {
      out.add(signature(e));
    }
    return out;
  }

  private static String signature(MemoEntry e) {
    StringBuilder sb = new StringBuilder(e.type().letter()).append('(');
    for (int i = 0; i < e.arity(); i++) {
      sb.append(i > 0 ? "," : "").append(e.isRef(i) ? 'f' : 'm');
    }
    sb.append(')');
    switch (e.closed()) {
      case OPEN_INVALID -> sb.append('*');
      case CLOSED_VALID -> sb.append('!');
      case CLOSED_INVALID -> sb.append('#');
      case OPEN_VALID -> { }
    }
    return sb.toString();
  }

  private static Set<String> set(String... signatures) {
    return new TreeSet<>(List.of(signatures));
  }

  /** Compiles {@code dml} without fusion and explores its (single) basic-block DAG. */
  private static Explored explore(String dml) {
    CompiledScript s = compile(dml);
    HopDag dag = onlyDag(s);
    return new Explored(dag, s.sizes(), OfmcExplorer.standard().explore(dag, s.sizes()));
  }

  private static CompiledScript compile(String dml) {
    try {
      Path file = Files.createTempFile(dir, "ofmc", ".dml");
      Files.writeString(file, dml, StandardCharsets.UTF_8);
      try (Engine engine = Engine.create(EngineConfig.builder().fusion("none").build())) {
        return engine.compile(file, Map.of());
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static HopDag onlyDag(CompiledScript s) {
    List<HopDag> dags = new ArrayList<>();
    for (ProgramBlock b : s.program().source().main()) {
      if (b instanceof ProgramBlock.Basic basic) {
        dags.add(basic.dag());
      }
    }
    assertEquals(1, dags.size(), "basic blocks");
    return dags.get(0);
  }

  private static boolean readsOp(Hop h, int input, OpCode op) {
    return h.input(input).op() == op;
  }

  private static final String MLOGREG = """
      X = rand(rows=1000, cols=20, seed=1)
      V = rand(rows=20, cols=8, seed=2)
      P = rand(rows=1000, cols=9, seed=3)
      k = 8
      Q = P[,1:k] * (X %*% V)
      H = t(X) %*% (Q - P[,1:k] * rowSums(Q))
      """;

  /**
   * Eq. (2), the MLogreg inner loop, against the lecture's memo-table slide (with k = 8
   * classes: row aggregates and row broadcasts open Row operators from
   * Shapes.ROW_MIN_COLS columns on). The planner
   * rewrites {@code t(X) %*% D} into {@code t(t(D) %*% X)} (the smaller transpose), so the
   * final product reads t(D) and X. Unlike the slide, the column range {@code P[,1:k]} opens a
   * Row entry of its own (SystemML's Row template fuses column-range indexing), so its
   * consumers may read it from P's rows instead of a materialized slice.
   */
  @Test
  void mlogregMemoTableMatchesTheLectureSlide() {
    Explored x = explore(MLOGREG);
    MemoTable memo = x.memo();
    Hop xv = x.only("ba(+*)", 1000, 8);
    Hop q = x.only("b(*)", h -> readsOp(h, 1, OpCode.MATMULT));
    Hop rowSums = x.only("ua(Rsum)", 1000, 1);
    Hop pr = x.only("b(*)", h -> readsOp(h, 1, OpCode.AGGREGATE));
    Hop minus = x.only("b(-)", 1000, 8);
    Hop tD = x.only("r(t)", 8, 1000);
    Hop h = x.only("ba(+*)", 8, 20);

    assertEquals(set("R(m,m)"), x.group(xv));
    Hop slice = x.only("rix", 1000, 8);
    assertEquals(set("R(m,m,m,m,m)"), x.group(slice), "a column range of P's rows");
    assertEquals(set("C(m,m)", "R(m,f)", "R(f,m)", "R(f,f)"), x.group(q));
    assertEquals(set("C(m)!", "C(f)!", "R(m)", "R(f)"), x.group(rowSums));
    assertEquals(set("C(m,m)", "R(m,m)", "R(m,f)", "R(f,m)", "R(f,f)"), x.group(pr));
    assertEquals(set("C(m,m)", "C(f,m)", "C(m,f)", "C(f,f)", "R(f,m)", "R(m,f)", "R(f,f)"),
        x.group(minus));
    assertEquals(set("R(m)*", "R(f)*"), x.group(tD), "the transpose is an invalid entry point");
    assertEquals(set("R(f,m)!"), x.group(h),
        "t(D) %*% X closes as a Row operator that reads X by rows and fuses the transpose");

    // the references point at the operands of the chain, by input position
    assertEquals(q, minus.input(0));
    assertEquals(pr, minus.input(1));
    assertEquals(minus, tD.input(0));
    assertEquals(tD, h.input(0));

    // exactly these eight groups; rand and the transpose of the result have none
    assertEquals(8, memo.hops().size(), memo.format());
    assertEquals(25, memo.size(), memo.format());
    // no entry is closed-invalid after exploration, and the table is frozen
    for (Hop g : memo.hops()) {
      for (MemoEntry e : memo.entries(g)) {
        assertTrue(e.closed() != CloseType.CLOSED_INVALID, memo.format());
      }
    }
  }

  /** Fig. 1(a): sum(X*Y*Z) is a chain of Cell entries closed by the aggregate. */
  @Test
  void sumOfProductsIsACellChainClosedByTheAggregate() {
    Explored x = explore("""
        X = rand(rows=300, cols=40, sparsity=0.1, seed=1)
        Y = rand(rows=300, cols=40, seed=2)
        Z = rand(rows=300, cols=40, seed=3)
        s = sum(X * Y * Z)
        """);
    Hop sum = x.only("ua(RCsum)", h -> true);
    Hop xyz = sum.input(0);
    Hop xy = xyz.input(0);
    assertEquals("b(*)", OpNames.of(xyz));
    assertEquals("b(*)", OpNames.of(xy));
    assertEquals(set("C(m,m)"), x.group(xy));
    assertEquals(set("C(m,m)", "C(f,m)"), x.group(xyz));
    assertEquals(set("C(m)!", "C(f)!"), x.group(sum));
    assertEquals(3, x.memo().hops().size(), x.memo().format());
  }

  /** U %*% t(V) opens an Outer entry that is not a valid operator on its own. */
  @Test
  void outerProductAloneIsAnOpenInvalidEntryPoint() {
    Explored x = explore("""
        U = rand(rows=300, cols=5, seed=2)
        V = rand(rows=200, cols=5, seed=3)
        O = U %*% t(V)
        """);
    Hop mm = x.only("ba(+*)", 300, 200);
    assertEquals(set("O(m,m)*"), x.group(mm));
    assertEquals(1, x.memo().hops().size(), x.memo().format());
  }

  /**
   * Fig. 1(d): X * log(U %*% t(V) + eps) is zero wherever the sparse X is, so the Outer chain
   * becomes valid at the multiply and closes valid at sum.
   */
  @Test
  void outerChainBecomesValidAtTheMultiplyByTheDriver() {
    Explored x = explore("""
        X = rand(rows=300, cols=200, sparsity=0.01, seed=1)
        U = rand(rows=300, cols=5, seed=2)
        V = rand(rows=200, cols=5, seed=3)
        s = sum(X * log(U %*% t(V) + 1e-15))
        """);
    Hop mm = x.only("ba(+*)", 300, 200);
    Hop plus = x.only("b(+)", 300, 200);
    Hop log = x.only("u(log)", 300, 200);
    Hop mult = x.only("b(*)", 300, 200);
    Hop sum = x.only("ua(RCsum)", h -> true);
    assertEquals(mm, plus.input(0));
    assertEquals(log, mult.input(1));
    assertEquals(set("O(m,m)*"), x.group(mm));
    assertEquals(set("C(m,m)", "O(f,m)*"), x.group(plus));
    assertEquals(set("C(m)", "C(f)", "O(f)*"), x.group(log));
    assertEquals(set("C(m,m)", "C(m,f)", "O(m,f)"), x.group(mult));
    assertEquals(set("C(m)!", "C(f)!", "O(f)!"), x.group(sum));
  }

  /** Without the multiply by a driver the chain never becomes valid: no valid Outer entry. */
  @Test
  void outerChainWithoutADriverHasNoValidOuterEntry() {
    Explored x = explore("""
        U = rand(rows=300, cols=5, seed=2)
        V = rand(rows=200, cols=5, seed=3)
        s = sum(log(U %*% t(V) + 1e-15))
        """);
    MemoTable memo = x.memo();
    for (Hop h : memo.hops()) {
      for (MemoEntry e : memo.entries(h)) {
        if (e.type() == TemplateType.OUTER) {
          assertEquals(CloseType.OPEN_INVALID, e.closed(), memo.format());
        }
      }
    }
    Hop sum = x.only("ua(RCsum)", h -> true);
    assertEquals(set("C(m)!", "C(f)!"), x.group(sum));
  }

  /** Without known sizes no template condition holds: the table stays empty. */
  @Test
  void unknownSizesGiveNoEntries() {
    CompiledScript s = compile(MLOGREG);
    HopDag dag = onlyDag(s);
    MemoTable memo = OfmcExplorer.standard().explore(dag, new IdentityHashMap<>());
    assertEquals(0, memo.size(), memo.format());
    assertTrue(memo.hops().isEmpty());
  }

  /** Partial fusion: only the part of the DAG whose sizes are known is explored. */
  @Test
  void unknownInputSizesFuseOnlyTheKnownPart() {
    CompiledScript s = compile("""
        X = rand(rows=300, cols=40, seed=1)
        Y = rand(rows=300, cols=40, seed=2)
        Z = rand(rows=300, cols=40, seed=3)
        s = sum(X * Y * Z)
        """);
    HopDag dag = onlyDag(s);
    Hop sum = null;
    for (Hop h : dag.topologicalOrder()) {
      if ("ua(RCsum)".equals(OpNames.of(h))) {
        sum = h;
      }
    }
    Hop xyz = sum.input(0);
    Hop xy = xyz.input(0);
    Hop z = xyz.input(1);
    Map<Hop, DataCharacteristics> sizes = new IdentityHashMap<>(s.sizes());
    assertFalse(sizes.isEmpty());
    sizes.remove(z); // Z's dims unknown, as for a read without metadata
    MemoTable memo = OfmcExplorer.standard().explore(dag, sizes);
    assertEquals(set("C(m,m)"), signatures(memo.entries(xy)));
    assertTrue(memo.entries(xyz).isEmpty(), memo.format());
    assertEquals(set("C(m)!"), signatures(memo.entries(sum)),
        "the aggregate of a known-size input still opens, but cannot fuse the unknown part");
  }

  /** The explored table is read-only. */
  @Test
  void exploredTableIsFrozen() {
    Explored x = explore(MLOGREG);
    Hop h = x.memo().hops().get(0);
    MemoEntry e = x.memo().entries(h).get(0);
    org.junit.jupiter.api.Assertions.assertThrows(IllegalStateException.class,
        () -> x.memo().add(h, e));
  }
}
