package org.planlab.experiment.report;

import static java.util.Objects.requireNonNull;

import java.nio.file.Path;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * What {@code planlab report} writes.
 *
 * @param formats the outputs; HTML implies the PNG figures it shows
 * @param metric the metric column to aggregate, e.g. {@code wall_s}
 * @param baseline the variant speed-ups are relative to; empty = the run's baseline variant
 * @param out the folder to write into
 * @param counters the columns of the compact per-variant table (compile and code-generation
 *     counters by default); those a run did not record are left out
 */
public record ReportOptions(Set<ReportFormat> formats, String metric, Optional<String> baseline,
    Path out, List<String> counters) {
  /** The compact table's columns unless others are chosen. */
  public static final List<String> DEFAULT_COUNTERS = List.of("codegen_ms", "plans_evaluated",
      "fused_cell", "fused_magg", "fused_row", "fused_outer");

  /** The metric reported unless another is chosen. */
  public static final String DEFAULT_METRIC = "wall_s";

  /** Copies the formats. */
  public ReportOptions {
    requireNonNull(formats, "formats is null");
    formats = formats.isEmpty() ? Set.of() : Set.copyOf(EnumSet.copyOf(formats));
    requireNonNull(metric, "metric is null");
    requireNonNull(baseline, "baseline is null");
    requireNonNull(out, "out is null");
    counters = List.copyOf(counters);
  }

  /** The options with the default counters. */
  public ReportOptions(Set<ReportFormat> formats, String metric, Optional<String> baseline,
      Path out) {
    this(formats, metric, baseline, out, DEFAULT_COUNTERS);
  }

  /** Whether figures are drawn (for PNG, and for HTML which shows them). */
  public boolean figures() {
    return formats.contains(ReportFormat.PNG) || formats.contains(ReportFormat.HTML);
  }
}
