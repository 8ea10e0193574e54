package org.planlab.optimizers.fusion.enumeration;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import org.planlab.engine.codegen.memo.MemoEntry;
import org.planlab.engine.codegen.memo.MemoTable;
import org.planlab.engine.codegen.select.FusionPlan;
import org.planlab.engine.codegen.select.MultiAggregates;
import org.planlab.engine.codegen.select.SelectionContext;
import org.planlab.engine.codegen.select.SelectionStats;
import org.planlab.engine.codegen.select.SelectionStats.Counter;
import org.planlab.engine.codegen.select.Selections;
import org.planlab.engine.ir.Hop;

/**
 * The frame of cost-based selection shared by the MPSkipEnum and exhaustive selectors
 * (fusion paper, sec. 4): partition the memo table, choose each partition's assignment
 * independently, and select the union of the partitions' entries under their assignments;
 * full aggregates of the result are grouped into multi-aggregates. Reports the Fig. 15 search
 * space counters.
 */
final class PartitionedSelection {

  /** Chooses one partition's assignment; the result carries the costs explain shows. */
  @FunctionalInterface
  interface Enumerator {
    MPSkipEnum.Result best(MemoTable memo, PlanPartition p, PartitionCosts costs,
        SelectionStats stats);
  }

  /** Interesting points from which a partition counts as large (Fig. 15's pruning check). */
  static final int LARGE = 8;

  private PartitionedSelection() {
  }

  static FusionPlan select(MemoTable memo, SelectionContext ctx, CostModel model,
      Enumerator enumerator) {
    long start = System.nanoTime();
    SelectionStats stats = ctx.stats();
    List<PlanPartition> partitions = PlanPartitions.analyze(memo);
    long allPoints = 0;
    for (PlanPartition p : partitions) {
      allPoints += p.points().size();
      stats.add(Counter.PLANS_PARTITIONED, Assignments.pow2Saturating(p.points().size()));
    }
    stats.add(Counter.DAGS, 1);
    stats.add(Counter.PARTITIONS, partitions.size());
    stats.add(Counter.INTERESTING_POINTS, allPoints);
    stats.add(Counter.PLANS_ALL, Assignments.pow2Saturating(allPoints));
    Map<Hop, List<MemoEntry>> selected = new IdentityHashMap<>();
    double chosen = 0;
    double allFused = 0;
    double allMaterialized = 0;
    for (PlanPartition p : partitions) {
      PartitionCosts costs = model.costs(memo, p, ctx.costs(), ctx.distributed());
      int n = p.points().size();
      long evaluatedBefore = stats.get(Counter.PLANS_EVALUATED);
      MPSkipEnum.Result best = enumerator.best(memo, p, costs, stats);
      boolean[] q = best.assignment();
      if (n >= LARGE) {
        stats.add(Counter.LARGE_PARTITIONS, 1);
        stats.add(Counter.PLANS_PARTITIONED_LARGE, Assignments.pow2Saturating(n));
        stats.add(Counter.PLANS_EVALUATED_LARGE,
            stats.get(Counter.PLANS_EVALUATED) - evaluatedBefore);
      }
      // estimates for explain: the chosen plan against the two extremes (FA- and FNR-like)
      chosen += best.cost();
      allFused += best.fuseAllCost();
      allMaterialized += best.materializeAllCost();
      costs.selection(q).forEach((h, es) ->
          selected.computeIfAbsent(h, x -> new ArrayList<>()).addAll(es));
    }
    // the cost model selects consistent entries; this only guards the memo invariant
    FusionPlan plan = new FusionPlan(Selections.consistent(selected), List.of(),
        new FusionPlan.Estimate(chosen, allFused, allMaterialized));
    plan = plan.withMultiAggregates(MultiAggregates.group(plan, memo));
    stats.add(Counter.SELECT_NANOS, System.nanoTime() - start);
    return plan;
  }
}
