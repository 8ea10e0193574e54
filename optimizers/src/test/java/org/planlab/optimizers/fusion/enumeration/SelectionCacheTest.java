package org.planlab.optimizers.fusion.enumeration;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.planlab.optimizers.fusion.enumeration.ExploredDags.kept;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.planlab.engine.codegen.memo.MemoEntry;
import org.planlab.engine.codegen.memo.MemoTable;
import org.planlab.engine.codegen.select.FusionPlan;
import org.planlab.engine.codegen.select.SelectionContext;
import org.planlab.engine.codegen.select.SelectionStats;
import org.planlab.engine.codegen.select.SelectionStats.Counter;
import org.planlab.engine.ir.DataCharacteristics;
import org.planlab.engine.ir.Hop;

/**
 * The cache of whole selections in front of the partitions (sec. 4.3's plan cache at DAG
 * level): a recompiled DAG with the same shapes gets the same plan, estimates, multi-aggregates
 * and search-space counters without partition analysis; a DAG that differs falls back to the
 * partitions' cache.
 */
class SelectionCacheTest {
  // two partitions sharing T = X * Y + c, and three full aggregates over X and Y that form a
  // multi-aggregate
  private static final String SCRIPT = """
      X = rand(rows=%d, cols=1000, seed=1)
      Y = rand(rows=%d, cols=1000, seed=2)
      Z = rand(rows=%d, cols=1000, seed=3)
      W = rand(rows=%d, cols=1000, seed=4)
      T = X * Y + 1
      print(sum(T * Z * W) + sum((T + Z) * W))
      print(sum(X^2) + sum(X * Z) + sum(Z^2))
      """;
  private static final String EXTRA = """
      V = rand(rows=500, cols=20, seed=5)
      print(sum(exp(V) * 2))
      """;

  private static MemoTable explore(int rows, String extra) {
    return ExploredDags.exploreOne(SCRIPT.formatted(rows, rows, rows, rows) + extra);
  }

  private static FusionPlan select(MPSkipEnumSelector selector, MemoTable memo,
      SelectionStats stats) {
    return selector.select(memo, memo.dag(), new SelectionContext(stats));
  }

  private static List<List<Integer>> groups(MemoTable memo, FusionPlan plan) {
    List<Hop> order = memo.dag().topologicalOrder();
    List<List<Integer>> out = new ArrayList<>();
    for (List<Hop> g : plan.multiAggregates()) {
      out.add(g.stream().map(order::indexOf).toList());
    }
    return out;
  }

  @Test
  void aRecompiledDagIsAnsweredWholeWithoutVisitingItsPartitions() {
    MPSkipEnumSelector selector = new MPSkipEnumSelector();
    MemoTable memo = explore(1000, "");
    SelectionStats first = new SelectionStats();
    FusionPlan plan = select(selector, memo, first);
    assertTrue(first.plansEvaluated() > 0);
    assertFalse(plan.multiAggregates().isEmpty(), "sum(X^2), sum(X*Z), sum(Z^2) share X, Z");
    assertEquals(0, selector.selections().hits());
    long partitionHits = selector.enumerator().cache().hits(); // equal partitions of one DAG

    MemoTable again = explore(1000, "");
    SelectionStats second = new SelectionStats();
    FusionPlan cached = select(selector, again, second);
    assertEquals(1, selector.selections().hits());
    assertEquals(partitionHits, selector.enumerator().cache().hits(),
        "no partition was looked up");
    assertEquals(kept(memo, plan), kept(again, cached));
    assertEquals(groups(memo, plan), groups(again, cached));
    assertEquals(plan.estimate(), cached.estimate());
    assertEquals(0, second.plansEvaluated());
    for (Counter c : List.of(Counter.DAGS, Counter.PARTITIONS, Counter.INTERESTING_POINTS,
        Counter.PLANS_ALL, Counter.PLANS_PARTITIONED, Counter.LARGE_PARTITIONS,
        Counter.PLANS_PARTITIONED_LARGE)) {
      assertEquals(first.get(c), second.get(c), c.name());
    }
    assertEquals(first.get(Counter.PARTITIONS), second.get(Counter.PLAN_CACHE_HITS));
    assertTrue(second.get(Counter.SELECT_NANOS) > 0);
  }

  @Test
  void aDagThatDiffersFallsBackToThePartitionsCache() {
    MPSkipEnumSelector selector = new MPSkipEnumSelector();
    MemoTable memo = explore(1000, "");
    SelectionStats first = new SelectionStats();
    FusionPlan plan = select(selector, memo, first);
    long partitions = first.get(Counter.PARTITIONS);
    long partitionHits = selector.enumerator().cache().hits();
    assertEquals(partitionHits, first.get(Counter.PLAN_CACHE_HITS));
    assertTrue(partitionHits < partitions);

    // an unrelated statement changes the DAG, not the partitions it had
    MemoTable bigger = explore(1000, EXTRA);
    SelectionStats stats = new SelectionStats();
    FusionPlan other = select(selector, bigger, stats);
    assertEquals(0, selector.selections().hits());
    assertTrue(stats.get(Counter.PARTITIONS) > partitions, "the extra statement's partition");
    long hits = selector.enumerator().cache().hits() - partitionHits;
    assertEquals(hits, stats.get(Counter.PLAN_CACHE_HITS));
    assertTrue(hits >= partitions, "every partition of the first DAG is a hit: " + hits);
    Map<String, List<MemoEntry>> shared = kept(bigger, other);
    shared.keySet().retainAll(kept(memo, plan).keySet());
    assertEquals(kept(memo, plan), shared);
  }

  @Test
  void anotherSizeIsAnotherProblem() {
    MPSkipEnumSelector selector = new MPSkipEnumSelector();
    MemoTable memo = explore(1000, "");
    SelectionStats first = new SelectionStats();
    select(selector, memo, first);
    SelectionStats stats = new SelectionStats();
    MemoTable smaller = explore(999, "");
    select(selector, smaller, stats);
    assertEquals(0, selector.selections().hits());
    assertEquals(first.get(Counter.PLAN_CACHE_HITS), stats.get(Counter.PLAN_CACHE_HITS),
        "only the hits among equal partitions of the DAG itself");
    assertTrue(stats.plansEvaluated() > 0);
    assertNotEquals(PlanSignature.of(memo, memo.dag().topologicalOrder()),
        PlanSignature.of(smaller, smaller.dag().topologicalOrder()));
  }

  @Test
  void theSameDagWithOtherSizesIsAnotherProblem() {
    // sizes known only at run time (read inputs): same HOPs and literals, other sizes
    MPSkipEnumSelector selector = new MPSkipEnumSelector();
    MemoTable memo = explore(1000, "");
    select(selector, memo, new SelectionStats());
    Map<Hop, DataCharacteristics> sparse = new IdentityHashMap<>();
    memo.sizes().forEach((h, dc) -> sparse.put(h, dc.withNnz(dc.nnz() / 100)));
    MemoTable other = new MemoTable(memo.dag(), sparse);
    for (Hop h : memo.hops()) {
      other.set(h, memo.entries(h));
    }
    SelectionStats stats = new SelectionStats();
    select(selector, other.freeze(), stats);
    assertEquals(0, selector.selections().hits());
    assertTrue(stats.plansEvaluated() > 0);
  }

  @Test
  void withoutThePlanCacheNothingIsKept() {
    MPSkipEnumSelector selector = new MPSkipEnumSelector(CostModel.EQ3,
        MPSkipEnum.Options.DEFAULTS.withPlanCache(false));
    MemoTable memo = explore(1000, "");
    FusionPlan plan = select(selector, memo, new SelectionStats());
    SelectionStats stats = new SelectionStats();
    MemoTable again = explore(1000, "");
    FusionPlan fresh = select(selector, again, stats);
    assertEquals(0, selector.selections().size());
    assertEquals(0, selector.enumerator().cache().size());
    assertEquals(0, stats.get(Counter.PLAN_CACHE_HITS));
    assertTrue(stats.plansEvaluated() > 0);
    assertEquals(kept(memo, plan), kept(again, fresh));
  }

  @Test
  void aStoredSelectionDoesNotReplayOnATableWithoutItsEntries() {
    MemoTable memo = explore(1000, "");
    SelectionStats stats = new SelectionStats();
    FusionPlan plan = select(new MPSkipEnumSelector(), memo, stats);
    StoredSelection stored = StoredSelection.of(plan, memo, stats);
    MemoTable small = ExploredDags.exploreOne("""
        A = rand(rows=10, cols=10, seed=1)
        print(sum(A * 2))
        """);
    SelectionStats replayed = new SelectionStats();
    assertNull(stored.replay(small, small.dag().topologicalOrder(), replayed));
    assertEquals(new SelectionStats().snapshot(), replayed.snapshot(), "nothing reported");
    FusionPlan same = stored.replay(memo, memo.dag().topologicalOrder(), replayed);
    assertEquals(kept(memo, plan), kept(memo, same));
  }
}
