package org.planlab.optimizers.fusion.enumeration;

import org.planlab.engine.codegen.memo.MemoTable;
import org.planlab.engine.codegen.select.FusionPlan;
import org.planlab.engine.codegen.select.SelectionContext;
import org.planlab.engine.ir.HopDag;
import org.planlab.engine.spi.FusionPlanSelector;

/**
 * MPSkipEnum without graceful approximation or budget: every partition gets its exact optimum
 * under the cost model, with all pruning techniques and the plan cache still on. For measuring
 * what approximation costs (a partition of 20 points may take seconds instead of
 * milliseconds); {@code mpskip} is the selector for running workloads.
 */
public final class MPSkipExactSelector implements FusionPlanSelector {
  public static final String NAME = "mpskip-exact";

  /** The default options without approximation and without a budget. */
  public static final MPSkipEnum.Options OPTIONS = MPSkipEnum.Options.DEFAULTS
      .withApproximation(Integer.MAX_VALUE, 0).withBudget(Long.MAX_VALUE, Long.MAX_VALUE);

  private final MPSkipEnumSelector selector = new MPSkipEnumSelector(CostModel.EQ3, OPTIONS);

  @Override
  public String name() {
    return NAME;
  }

  @Override
  public FusionPlan select(MemoTable memo, HopDag dag, SelectionContext ctx) {
    return selector.select(memo, dag, ctx);
  }
}
