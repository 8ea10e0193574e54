package org.planlab.engine.codegen.select;

import java.util.Objects;

/**
 * What a selector may use besides the memo table and the DAG: the counters it reports into and
 * the constants of the cost model (sec. 4.2).
 */
public record SelectionContext(SelectionStats stats, CostConstants costs) {
  public SelectionContext {
    Objects.requireNonNull(stats, "stats is null");
    Objects.requireNonNull(costs, "costs is null");
  }

  /** Counters {@code stats} and the default cost constants. */
  public SelectionContext(SelectionStats stats) {
    this(stats, CostConstants.DEFAULTS);
  }
}
