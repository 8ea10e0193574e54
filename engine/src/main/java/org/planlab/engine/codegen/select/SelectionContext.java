package org.planlab.engine.codegen.select;

import java.util.Objects;

/**
 * What a selector may use besides the memo table and the DAG: the counters it reports into, the
 * constants of the cost model (sec. 4.2), and which operators run distributed with what
 * broadcast budget (sec. 4.2, "Constraints and Distributed Operations").
 */
public record SelectionContext(SelectionStats stats, CostConstants costs,
    DistributedExecution distributed) {
  public SelectionContext {
    Objects.requireNonNull(stats, "stats is null");
    Objects.requireNonNull(costs, "costs is null");
    Objects.requireNonNull(distributed, "distributed is null");
  }

  /** Counters {@code stats} and cost constants {@code costs}, single-node execution. */
  public SelectionContext(SelectionStats stats, CostConstants costs) {
    this(stats, costs, DistributedExecution.NONE);
  }

  /** Counters {@code stats} and the default cost constants, single-node execution. */
  public SelectionContext(SelectionStats stats) {
    this(stats, CostConstants.DEFAULTS);
  }
}
