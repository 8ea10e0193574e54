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
import org.planlab.engine.spi.BasicStrategyProvider;
import org.planlab.engine.spi.FusionPlanSelector;
import org.planlab.engine.spi.PluginOption;
import org.planlab.engine.spi.PluginOptions;
import org.planlab.engine.spi.StrategyKind;

/**
 * Cost-based candidate selection with {@link MPSkipEnum} (fusion paper, sec. 4): per plan
 * partition, the cheapest assignment of its interesting points under the cost model, found
 * with cost-based and structural pruning, graceful approximation and a plan cache owned by
 * this selector instance.
 *
 * <p>The plan cache has two levels. In front of the partitions, whole selections are kept by
 * the memo table's signature ({@link PlanSignature#of(MemoTable, List)}), the cost
 * constants and the distributed execution: a DAG recompiled with the same shapes — every
 * iteration of a loop whose sizes are only known at run time — costs one hash over its HOPs
 * and a lookup, not the partition analysis, cost model setup and per-partition signatures,
 * which would otherwise run at every recompilation. Behind it, {@link MPSkipEnum} keeps
 * partitions by their own signature, for partitions shared by different DAGs. An engine creates
 * one selector and keeps it, so the cache serves every run of that engine and no other.
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
    // the constants belong to the keys: the same DAG under other constants, or with other
    // operators running distributed, is another problem
    long constants = ctx.costs().hashCode();
    if (ctx.distributed().enabled()) {
      constants = 31 * constants + ctx.distributed().hashCode();
    }
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
    plan = partitioned(memo, new SelectionContext(local, ctx.costs(), ctx.distributed()),
        constants);
    local.add(Counter.SELECT_NANOS, lookup);
    ctx.stats().addAll(local);
    selections.put(key, StoredSelection.of(plan, memo, local));
    return plan;
  }

  /**
   * The enumeration options of a spec: the defaults with the given keys applied.
   * {@code approximate=false} turns off graceful approximation and the per-partition budget,
   * so every partition gets its exact optimum under the cost model (with all pruning and the
   * plan cache still on); a {@code maxPlans} given with it still bounds the search.
   *
   * @throws IllegalArgumentException for approximation settings given with
   *     {@code approximate=false}, or values out of range
   */
  static MPSkipEnum.Options enumerationOptions(PluginOptions o) {
    boolean approximate = o.bool("approximate");
    if (!approximate && (o.given("approximateFrom") || o.given("epsilon"))) {
      throw new IllegalArgumentException("approximateFrom and epsilon need approximate=true");
    }
    MPSkipEnum.Options opts = new MPSkipEnum.Options(o.bool("costPruning"),
        o.bool("structuralPruning"), o.bool("planCache"),
        approximate ? o.integer("approximateFrom") : Integer.MAX_VALUE,
        approximate ? o.number("epsilon") : 0,
        approximate || o.given("maxPlans") ? o.longValue("maxPlans") : Long.MAX_VALUE,
        Long.MAX_VALUE, o.integer("planCacheCapacity"));
    return opts;
  }

  private FusionPlan partitioned(MemoTable memo, SelectionContext ctx, long constants) {
    boolean cache = enumerator.options().planCache();
    return PartitionedSelection.select(memo, ctx, model, (m, p, costs, stats) ->
        enumerator.enumerate(costs, p.points().size(), () -> ReachabilityGraph.of(m, p),
            cache ? PlanSignature.of(m, p).with(constants) : null, stats));
  }

  /** Creates {@code mpskip} selectors. */
  public static final class Provider extends BasicStrategyProvider<FusionPlanSelector> {
    private static final MPSkipEnum.Options D = MPSkipEnum.Options.DEFAULTS;

    public Provider() {
      super(StrategyKind.FUSION, NAME, "cost-based MPSkipEnum (fusion paper, sec. 4.3) over "
          + "the Eq. 3 cost model, with pruning, graceful approximation and a plan cache",
          List.of(
              PluginOption.bool("approximate", true, "graceful approximation and a probe "
                  + "budget per partition (sec. 4.3); false: every partition's exact optimum"),
              PluginOption.integer("approximateFrom", D.approximateFrom(), "approximate "
                  + "partitions with at least this many interesting points"),
              PluginOption.number("epsilon", D.epsilon(), "an approximated partition stops "
                  + "once its best plan costs <= (1 + epsilon) x the static lower bound"),
              PluginOption.longValue("maxPlans", D.maxPlans(), "most plans probed per "
                  + "partition before the best so far is taken (approximate=true)"),
              PluginOption.bool("costPruning", D.costPruning(), "skip-ahead by lower bounds "
                  + "and early abort of plan costing"),
              PluginOption.bool("structuralPruning", D.structuralPruning(), "cut sets of the "
                  + "reachability graph"),
              PluginOption.bool("planCache", D.planCache(), "reuse the plans of equal DAGs and "
                  + "partitions (signatures of structure, sizes and cost constants)"),
              PluginOption.integer("planCacheCapacity", D.planCacheCapacity(), "most cached "
                  + "plans (least recently used evicted)")),
          o -> new MPSkipEnumSelector(CostModel.EQ3, enumerationOptions(o)));
    }
  }
}
