package org.planlab.optimizers.fusion;

import java.util.List;
import org.planlab.engine.codegen.memo.MemoTable;
import org.planlab.engine.codegen.select.FusionPlan;
import org.planlab.engine.codegen.select.SelectionContext;
import org.planlab.engine.codegen.select.Selections;
import org.planlab.engine.ir.HopDag;
import org.planlab.engine.spi.BasicStrategyProvider;
import org.planlab.engine.spi.FusionPlanSelector;
import org.planlab.engine.spi.StrategyKind;

/**
 * Fuse-all (FA, fusion paper, sec. 4, "Selection Heuristics"): maximal fusion. Every HOP keeps,
 * per template, its most fused entry, so every fusion reference the memo table allows is
 * taken; an intermediate with several consumers is recomputed inside each fused consumer
 * (redundant compute on common subexpressions, like lazy evaluation) and materialized only
 * where a consumer cannot fuse it. Full aggregates sharing inputs become multi-aggregates.
 * Where a sparsity-exploiting Outer operator is valid, it is chosen
 * ({@link Selections#sparsityExploitingFirst}).
 */
public final class FuseAll implements FusionPlanSelector {
  public static final String NAME = "fa";

  @Override
  public String name() {
    return NAME;
  }

  @Override
  public FusionPlan select(MemoTable memo, HopDag dag, SelectionContext ctx) {
    return Selections.heuristic(memo, (h, e) -> true, ctx);
  }

  /** Creates {@code fa} selectors. */
  public static final class Provider extends BasicStrategyProvider<FusionPlanSelector> {
    public Provider() {
      super(StrategyKind.FUSION, NAME, "fuse-all (fusion paper, sec. 4): maximal fusion, "
          + "recomputing shared intermediates", List.of(), o -> new FuseAll());
    }
  }
}
