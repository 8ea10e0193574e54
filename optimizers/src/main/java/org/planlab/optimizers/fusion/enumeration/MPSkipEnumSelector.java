package org.planlab.optimizers.fusion.enumeration;

import java.util.Objects;
import org.planlab.engine.codegen.memo.MemoTable;
import org.planlab.engine.codegen.select.FusionPlan;
import org.planlab.engine.codegen.select.SelectionContext;
import org.planlab.engine.ir.HopDag;
import org.planlab.engine.spi.FusionPlanSelector;

/**
 * Cost-based candidate selection with {@link MPSkipEnum} (fusion paper, sec. 4): per plan
 * partition, the cheapest assignment of its interesting points under the cost model, found
 * with cost-based and structural pruning, graceful approximation and a plan cache owned by
 * this selector instance.
 */
public final class MPSkipEnumSelector implements FusionPlanSelector {
  public static final String NAME = "mpskip";

  private final CostModel model;
  private final MPSkipEnum enumerator;

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
  }

  @Override
  public String name() {
    return NAME;
  }

  /** The enumerator (and through it the plan cache) this selector owns. */
  public MPSkipEnum enumerator() {
    return enumerator;
  }

  @Override
  public FusionPlan select(MemoTable memo, HopDag dag, SelectionContext ctx) {
    boolean cache = enumerator.options().planCache();
    // the constants belong to the key: one selector serves every configuration of the JVM
    long constants = ctx.costs().hashCode();
    return PartitionedSelection.select(memo, ctx, model, (m, p, costs, stats) ->
        enumerator.enumerate(costs, p.points().size(), () -> ReachabilityGraph.of(m, p),
            cache ? PlanSignature.of(m, p).with(constants) : null, stats));
  }
}
