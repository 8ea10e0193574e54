package org.planlab.engine.spi;

import java.util.List;
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
  public static final class Provider extends BasicStrategyProvider<FusionPlanSelector> {
    public Provider() {
      super(StrategyKind.FUSION, NAME, "no operator fusion: every DAG runs its basic (and "
          + "hand-fused) operators", List.of(), o -> new NoFusion());
    }
  }
}
