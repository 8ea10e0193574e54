package org.planlab.experiment.report;

import static java.util.Objects.requireNonNull;

import java.nio.file.Path;
import java.util.EnumSet;
import java.util.Optional;
import java.util.Set;

/**
 * What {@code planlab report} writes.
 *
 * @param formats the outputs; HTML implies the PNG figures it shows
 * @param metric the metric column to aggregate, e.g. {@code wall_s}
 * @param baseline the variant speed-ups are relative to; empty = the run's baseline variant
 * @param out the folder to write into
 */
public record ReportOptions(Set<ReportFormat> formats, String metric, Optional<String> baseline,
    Path out) {
  /** The metric reported unless another is chosen. */
  public static final String DEFAULT_METRIC = "wall_s";

  /** Copies the formats. */
  public ReportOptions {
    requireNonNull(formats, "formats is null");
    formats = formats.isEmpty() ? Set.of() : Set.copyOf(EnumSet.copyOf(formats));
    requireNonNull(metric, "metric is null");
    requireNonNull(baseline, "baseline is null");
    requireNonNull(out, "out is null");
  }

  /** Whether figures are drawn (for PNG, and for HTML which shows them). */
  public boolean figures() {
    return formats.contains(ReportFormat.PNG) || formats.contains(ReportFormat.HTML);
  }
}
