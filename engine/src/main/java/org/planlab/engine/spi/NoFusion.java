package org.planlab.engine.spi;

import org.planlab.engine.codegen.memo.MemoTable;
import org.planlab.engine.codegen.select.FusionPlan;
import org.planlab.engine.codegen.select.SelectionContext;
import org.planlab.engine.ir.HopDag;

/** {@code none}: selects nothing, so every DAG runs with its basic (and hand-fused) operators. */
public final class NoFusion implements FusionPlanSelector {
  public static final String NAME = "none";

  @Override
  public String name() {
    return NAME;
  }

  @Override
  public FusionPlan select(MemoTable memo, HopDag dag, SelectionContext ctx) {
    return FusionPlan.EMPTY;
  }

  /** Creates {@code none}. */
  public static final class Provider implements StrategyProvider<FusionPlanSelector> {
    @Override
    public StrategyKind<FusionPlanSelector> kind() {
      return StrategyKind.FUSION;
    }

    @Override
    public String name() {
      return NAME;
    }

    @Override
    public String description() {
      return "no operator fusion: every DAG runs its basic (and hand-fused) operators";
    }

    @Override
    public FusionPlanSelector create(PluginOptions options) {
      return new NoFusion();
    }
  }
}
