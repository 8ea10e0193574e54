package org.planlab.engine.spi;

import org.planlab.engine.codegen.memo.MemoTable;
import org.planlab.engine.codegen.select.FusionPlan;
import org.planlab.engine.codegen.select.SelectionContext;
import org.planlab.engine.ir.HopDag;

/**
 * Candidate selection (fusion paper, sec. 4): chooses, from the memo table of valid partial
 * fusion plans, the subset to apply. Implementations are pure functions of their arguments,
 * found with {@link java.util.ServiceLoader} by {@link #name()} (see {@link FusionSelectors}).
 * Built-in names: {@code none}, {@code fa}, {@code fnr} (and, later, {@code mpskip},
 * {@code exhaustive}).
 */
public interface FusionPlanSelector {

  /** The name an experiment descriptor or {@code EngineConfig} selects this strategy by. */
  String name();

  /**
   * The selected plan for {@code dag}: the memo entries to apply per HOP (at most one per
   * template type) and the multi-aggregate groups. Everything the choice may depend on (sizes,
   * consumers, costs, statistics counters) is reachable from the arguments.
   */
  FusionPlan select(MemoTable memo, HopDag dag, SelectionContext ctx);
}
