package org.planlab.engine.codegen.select;

import java.util.Objects;

/**
 * What a selector may use besides the memo table and the DAG: the counters it reports into.
 * Cost-based selection adds its cost model here.
 */
public record SelectionContext(SelectionStats stats) {
  public SelectionContext {
    Objects.requireNonNull(stats, "stats is null");
  }
}
