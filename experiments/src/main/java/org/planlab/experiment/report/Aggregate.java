package org.planlab.experiment.report;

import static java.util.Objects.requireNonNull;

/**
 * One metric of one data point and variant, over its ok repetitions.
 *
 * @param point the data point
 * @param variant the variant
 * @param metric the metric column
 * @param status {@code ok} when at least one repetition finished; else {@code failed} when any
 *     repetition failed, else {@code timeout}
 * @param reps the repetitions recorded
 * @param count the ok repetitions with a value of the metric
 * @param median median of those values; NaN when count is 0
 * @param min smallest of them; NaN when count is 0
 * @param max largest of them; NaN when count is 0
 */
public record Aggregate(PointKey point, String variant, String metric, String status, int reps,
    int count, double median, double min, double max) {
  /** The status of a point whose repetitions all failed (at least one not by timeout). */
  public static final String FAILED = "failed";
  /** The status of a point whose repetitions all timed out. */
  public static final String TIMEOUT = "timeout";

  /** Checks the components. */
  public Aggregate {
    requireNonNull(point, "point is null");
    requireNonNull(variant, "variant is null");
    requireNonNull(metric, "metric is null");
    requireNonNull(status, "status is null");
  }

  /** Whether there is a median to show. */
  public boolean hasValue() {
    return count > 0;
  }

  /** The median with its unit, or the status when the point has no value. */
  public String cell() {
    if (hasValue()) {
      return Formats.value(median, metric);
    }
    return status.equals(ResultsTable.OK) ? "-" : status;
  }
}
