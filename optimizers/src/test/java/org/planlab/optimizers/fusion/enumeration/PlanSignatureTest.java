package org.planlab.optimizers.fusion.enumeration;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.planlab.optimizers.fusion.enumeration.ExploredDags.kept;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.planlab.engine.codegen.memo.MemoTable;
import org.planlab.engine.codegen.select.CostConstants;
import org.planlab.engine.codegen.select.FusionPlan;
import org.planlab.engine.codegen.select.SelectionContext;
import org.planlab.engine.codegen.select.SelectionStats;
import org.planlab.engine.codegen.select.SelectionStats.Counter;
import org.planlab.optimizers.fusion.cost.Eq3Costs;

/**
 * The plan cache's signatures on real memo tables (fusion paper, sec. 4.3): a recompiled DAG —
 * new HOP objects, same shapes — gets the same partition and table signatures, while a
 * different size, literal or cost constant is a different optimization problem. What the
 * selector does with them is {@link SelectionCacheTest}'s.
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

  /** The partitions' signatures, then the whole table's. */
  private static List<PlanSignature> signatures(MemoTable memo) {
    List<PlanSignature> out = new ArrayList<>();
    out.add(PlanSignature.of(memo, memo.dag().topologicalOrder()));
    for (PlanPartition p : PlanPartitions.analyze(memo)) {
      out.add(PlanSignature.of(memo, p));
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
    for (MemoTable other : List.of(explore(999, 1), explore(1000, 2))) {
      List<PlanSignature> others = signatures(other);
      assertNotEquals(sigs.get(0), others.get(0), "the table's signature");
      assertNotEquals(sigs.subList(1, sigs.size()), others.subList(1, others.size()));
    }
    PlanSignature s = sigs.get(1);
    assertNotEquals(s.with(CostConstants.DEFAULTS.hashCode()),
        s.with(CostConstants.DEFAULTS.withLocalMemoryFraction(0.01).hashCode()));
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
    assertEquals(kept(memo, fresh), kept(memo, constrained));
    assertNotEquals(kept(memo, roomy), kept(memo, constrained));
    PlanPartition p = PlanPartitions.analyze(memo).stream()
        .filter(q -> !q.points().isEmpty()).findFirst().orElseThrow();
    assertEquals(Double.POSITIVE_INFINITY,
        new Eq3Costs(memo, p, tight).planCost(new boolean[p.points().size()],
            Double.POSITIVE_INFINITY), "the fuse-all plan is infeasible under the budget");
  }
}
