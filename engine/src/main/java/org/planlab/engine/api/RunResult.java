package org.planlab.engine.api;

import java.util.Map;
import org.planlab.engine.data.Data;
import org.planlab.engine.lineage.LineageItem;
import org.planlab.engine.stats.StatisticsSnapshot;

/**
 * The outcome of a run: the final variables of the main program, the statistics, and when the
 * run traced lineage, each variable's lineage item (else an empty map).
 */
public record RunResult(Map<String, Data> variables, StatisticsSnapshot statistics,
    Map<String, LineageItem> lineage) {
  public RunResult {
    variables = Map.copyOf(variables);
    lineage = Map.copyOf(lineage);
  }

  /** A result without lineage. */
  public RunResult(Map<String, Data> variables, StatisticsSnapshot statistics) {
    this(variables, statistics, Map.of());
  }
}
