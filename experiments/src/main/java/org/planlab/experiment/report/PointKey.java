package org.planlab.experiment.report;

import static java.util.Objects.requireNonNull;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A data point of a report: a workload and the values of its point parameters, without the
 * variant (so every variant of the same point shares the key).
 *
 * @param workload the workload name
 * @param params parameter name (without {@code param:}) to its value as written, in column order
 */
public record PointKey(String workload, Map<String, String> params) {
  /** Copies {@code params} unmodifiably, keeping its order. */
  public PointKey {
    requireNonNull(workload, "workload is null");
    params = Collections.unmodifiableMap(new LinkedHashMap<>(requireNonNull(params,
        "params is null")));
  }

  /** The value of a parameter; empty when the point has no such parameter. */
  public String param(String name) {
    return params.getOrDefault(name, "");
  }
}
