package org.planlab.optimizers.fusion.enumeration;

import java.util.List;
import java.util.Objects;
import org.planlab.engine.codegen.memo.MemoTable;
import org.planlab.engine.codegen.select.FusionPlan;
import org.planlab.engine.codegen.select.SelectionContext;
import org.planlab.engine.codegen.select.SelectionStats;
import org.planlab.engine.codegen.select.SelectionStats.Counter;
import org.planlab.engine.ir.Hop;
import org.planlab.engine.ir.HopDag;
import org.planlab.engine.spi.FusionPlanSelector;

/**
 * Cost-based candidate selection with {@link MPSkipEnum} (fusion paper, sec. 4): per plan
 * partition, the cheapest assignment of its interesting points under the cost model, found
 * with cost-based and structural pruning, graceful approximation and a plan cache owned by
 * this selector instance.
 *
 * <p>The plan cache has two levels. In front of the partitions, whole selections are kept by
 * the memo table's signature ({@link PlanSignature#of(MemoTable, List)}) and the cost
 * constants: a DAG recompiled with the same shapes — every iteration of a loop whose sizes are
 * only known at run time — costs one hash over its HOPs and a lookup, not the partition
 * analysis, cost model setup and per-partition signatures. That path ran on every
 * recompilation (158 DAGs per MLogreg run, 492 partitions per AutoEncoder run), and on two
 * cores the JIT compiling it late took measurable time from the kernels. Behind it,
 * {@link MPSkipEnum} keeps partitions by their own signature, for partitions shared by
 * different DAGs.
 */
public final class MPSkipEnumSelector implements FusionPlanSelector {
  public static final String NAME = "mpskip";

  private final CostModel model;
  private final MPSkipEnum enumerator;
  private final PlanCache<PlanSignature, StoredSelection> selections;

  /** The selector over the analytical cost model (Eq. 3), as {@code ServiceLoader} creates it. */
  public MPSkipEnumSelector() {
    this(CostModel.EQ3);
  }

  /** The selector with the default options ({@link MPSkipEnum.Options#DEFAULTS}). */
  public MPSkipEnumSelector(CostModel model) {
    this(model, MPSkipEnum.Options.DEFAULTS);
  }

  public MPSkipEnumSelector(CostModel model, MPSkipEnum.Options options) {
    this.model = Objects.requireNonNull(model, "model is null");
    this.enumerator = new MPSkipEnum(options);
    this.selections = new PlanCache<>(options.planCacheCapacity());
  }

  @Override
  public String name() {
    return NAME;
  }

  /** The enumerator (and through it the partitions' plan cache) this selector owns. */
  public MPSkipEnum enumerator() {
    return enumerator;
  }

  /** The cache of whole selections by memo-table signature. */
  PlanCache<PlanSignature, StoredSelection> selections() {
    return selections;
  }

  @Override
  public FusionPlan select(MemoTable memo, HopDag dag, SelectionContext ctx) {
    // the constants belong to the keys: one selector serves every configuration of the JVM
    long constants = ctx.costs().hashCode();
    if (!enumerator.options().planCache()) {
      return partitioned(memo, ctx, constants);
    }
    long start = System.nanoTime();
    List<Hop> order = memo.dag().topologicalOrder();
    PlanSignature key = PlanSignature.of(memo, order).with(constants);
    StoredSelection stored = selections.get(key);
    FusionPlan plan = stored == null ? null : stored.replay(memo, order, ctx.stats());
    long lookup = System.nanoTime() - start;
    if (plan != null) {
      ctx.stats().add(Counter.SELECT_NANOS, lookup);
      return plan;
    }
    SelectionStats local = new SelectionStats();
    plan = partitioned(memo, new SelectionContext(local, ctx.costs()), constants);
    local.add(Counter.SELECT_NANOS, lookup);
    ctx.stats().addAll(local);
    selections.put(key, StoredSelection.of(plan, memo, local));
    return plan;
  }

  private FusionPlan partitioned(MemoTable memo, SelectionContext ctx, long constants) {
    boolean cache = enumerator.options().planCache();
    return PartitionedSelection.select(memo, ctx, model, (m, p, costs, stats) ->
        enumerator.enumerate(costs, p.points().size(), () -> ReachabilityGraph.of(m, p),
            cache ? PlanSignature.of(m, p).with(constants) : null, stats));
  }
}
