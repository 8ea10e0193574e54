package org.planlab.optimizers.fusion.enumeration;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.planlab.engine.codegen.memo.MemoEntry;
import org.planlab.engine.codegen.memo.MemoTable;
import org.planlab.engine.codegen.memo.OpNames;
import org.planlab.engine.codegen.select.CostConstants;
import org.planlab.engine.codegen.select.FusionPlan;
import org.planlab.engine.codegen.select.SelectionContext;
import org.planlab.engine.codegen.select.SelectionStats;
import org.planlab.engine.codegen.select.SelectionStats.Counter;
import org.planlab.engine.ir.Hop;
import org.planlab.optimizers.fusion.cost.Eq3Costs;

/**
 * The plan cache's signature on real memo tables (fusion paper, sec. 4.3): a recompiled DAG —
 * new HOP objects, same shapes — finds its plans in the cache without costing any, while a
 * different size, literal or cost constant is a different optimization problem.
 */
class PlanSignatureTest {
  private static final String SCRIPT = """
      X = rand(rows=%d, cols=1000, seed=1)
      Y = rand(rows=%d, cols=1000, seed=2)
      Z = rand(rows=%d, cols=1000, seed=3)
      W = rand(rows=%d, cols=1000, seed=4)
      print(sum((X * Y + %d) * Z * W) + sum(((X * Y + %d) + Z) * W))
      """;

  private static MemoTable explore(int rows, int literal) {
    return ExploredDags.exploreOne(
        SCRIPT.formatted(rows, rows, rows, rows, literal, literal));
  }

  private static List<PlanSignature> signatures(MemoTable memo) {
    List<PlanSignature> out = new ArrayList<>();
    for (PlanPartition p : PlanPartitions.analyze(memo)) {
      out.add(PlanSignature.of(memo, p));
    }
    return out;
  }

  /** The selected entries by HOP name and position (HOP objects differ between compiles). */
  private static Map<String, List<MemoEntry>> byName(MemoTable memo, FusionPlan plan) {
    Map<String, List<MemoEntry>> out = new TreeMap<>();
    List<Hop> hops = memo.hops();
    for (int k = 0; k < hops.size(); k++) {
      List<MemoEntry> es = plan.selected().get(hops.get(k));
      if (es != null) {
        out.put(k + ":" + OpNames.of(hops.get(k)), es);
      }
    }
    return out;
  }

  @Test
  void aRecompiledDagHasTheSameSignaturesAndOtherSizesOrLiteralsDoNot() {
    MemoTable memo = explore(1000, 1);
    MemoTable again = explore(1000, 1);
    assertNotSame(memo.hops().get(0), again.hops().get(0));
    List<PlanSignature> sigs = signatures(memo);
    assertEquals(sigs, signatures(again));
    assertEquals(sigs.size(), new java.util.HashSet<>(sigs).size(),
        "the partitions differ from each other: " + sigs);
    assertNotEquals(sigs, signatures(explore(999, 1)));
    assertNotEquals(sigs, signatures(explore(1000, 2)));
    PlanSignature s = sigs.get(0);
    assertNotEquals(s.with(CostConstants.DEFAULTS.hashCode()),
        s.with(CostConstants.DEFAULTS.withLocalMemoryFraction(0.01).hashCode()));
  }

  @Test
  void theCacheAnswersARecompiledDagWithTheSamePlanAndNoCosting() {
    MPSkipEnumSelector selector = new MPSkipEnumSelector();
    MemoTable memo = explore(1000, 1);
    SelectionStats first = new SelectionStats();
    FusionPlan plan = selector.select(memo, memo.dag(), new SelectionContext(first));
    long searched = PlanPartitions.analyze(memo).stream()
        .filter(p -> !p.points().isEmpty()).count();
    assertEquals(1, searched, memo.format());
    assertEquals(0, first.get(Counter.PLAN_CACHE_HITS));

    MemoTable again = explore(1000, 1);
    SelectionStats second = new SelectionStats();
    FusionPlan cached = selector.select(again, again.dag(), new SelectionContext(second));
    assertEquals(first.get(Counter.PARTITIONS), second.get(Counter.PLAN_CACHE_HITS),
        "every partition is a hit");
    assertEquals(0, second.plansEvaluated());
    assertEquals(byName(memo, plan), byName(again, cached));
    assertEquals(plan.estimate(), cached.estimate());
  }

  @Test
  void otherCostConstantsAreAnotherProblem() {
    // MemoryConstraintTest's scenario: under a 28 MB budget fusing T into both consumers is
    // infeasible, so a cached unconstrained plan must not answer
    MPSkipEnumSelector selector = new MPSkipEnumSelector();
    MemoTable memo = explore(1000, 1);
    FusionPlan roomy =
        selector.select(memo, memo.dag(), new SelectionContext(new SelectionStats()));
    CostConstants tight = CostConstants.DEFAULTS.withLocalMemoryFraction(
        28.0 * (1 << 20) / Runtime.getRuntime().maxMemory());
    SelectionStats stats = new SelectionStats();
    FusionPlan constrained = selector.select(memo, memo.dag(), new SelectionContext(stats, tight));
    assertEquals(0, stats.get(Counter.PLAN_CACHE_HITS));
    FusionPlan fresh = new MPSkipEnumSelector().select(memo, memo.dag(),
        new SelectionContext(new SelectionStats(), tight));
    assertEquals(byName(memo, fresh), byName(memo, constrained));
    assertNotEquals(byName(memo, roomy), byName(memo, constrained));
    PlanPartition p = PlanPartitions.analyze(memo).stream()
        .filter(q -> !q.points().isEmpty()).findFirst().orElseThrow();
    assertEquals(Double.POSITIVE_INFINITY,
        new Eq3Costs(memo, p, tight).planCost(new boolean[p.points().size()],
            Double.POSITIVE_INFINITY), "the fuse-all plan is infeasible under the budget");
  }
}
