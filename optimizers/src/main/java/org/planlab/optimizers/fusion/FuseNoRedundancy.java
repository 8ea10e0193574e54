package org.planlab.optimizers.fusion;

import java.util.List;
import org.planlab.engine.codegen.memo.MemoEntry;
import org.planlab.engine.codegen.memo.MemoTable;
import org.planlab.engine.codegen.select.FusionPlan;
import org.planlab.engine.codegen.select.SelectionContext;
import org.planlab.engine.codegen.select.Selections;
import org.planlab.engine.ir.Hop;
import org.planlab.engine.ir.HopDag;
import org.planlab.engine.spi.BasicStrategyProvider;
import org.planlab.engine.spi.FusionPlanSelector;
import org.planlab.engine.spi.StrategyKind;

/**
 * Fuse-no-redundancy (FNR, fusion paper, sec. 4, "Selection Heuristics"): fusion without
 * redundant compute. Entries that reference a materialization point — an intermediate with
 * several consumers — are dropped, so every such intermediate is materialized once and read
 * by its consumers (like caching); among the remaining entries each HOP keeps its most fused
 * entry per template. Full aggregates sharing inputs become multi-aggregates. Where a
 * sparsity-exploiting Outer operator is valid, it is chosen
 * ({@link Selections#sparsityExploitingFirst}).
 */
public final class FuseNoRedundancy implements FusionPlanSelector {
  public static final String NAME = "fnr";

  @Override
  public String name() {
    return NAME;
  }

  @Override
  public FusionPlan select(MemoTable memo, HopDag dag, SelectionContext ctx) {
    return Selections.heuristic(memo, (h, e) -> !referencesMaterializationPoint(memo, h, e), ctx);
  }


  private static boolean referencesMaterializationPoint(MemoTable memo, Hop h, MemoEntry e) {
    for (int i = 0; i < e.arity(); i++) {
      if (e.isRef(i) && Selections.distinctConsumers(memo, h.input(i)) > 1) {
        return true;
      }
    }
    return false;
  }

  /** Creates {@code fnr} selectors. */
  public static final class Provider extends BasicStrategyProvider<FusionPlanSelector> {
    public Provider() {
      super(StrategyKind.FUSION, NAME, "fuse-no-redundancy (fusion paper, sec. 4): fusion "
          + "without redundant compute", List.of(), o -> new FuseNoRedundancy());
    }
  }
}
