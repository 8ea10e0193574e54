package org.planlab.engine.api;

import java.util.Map;
import org.planlab.engine.data.Data;
import org.planlab.engine.stats.StatisticsSnapshot;

/** The outcome of a run: the final variables of the main program and the statistics. */
public record RunResult(Map<String, Data> variables, StatisticsSnapshot statistics) {
  public RunResult {
    variables = Map.copyOf(variables);
  }
}
