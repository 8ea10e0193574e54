package org.planlab.experiment.report;

import java.util.Arrays;
import java.util.EnumSet;
import java.util.Locale;
import java.util.Set;
import java.util.stream.Collectors;

/** The outputs {@code planlab report --format} can write. */
public enum ReportFormat {
  /** {@code report.md}: tables per workload. */
  MD,
  /** {@code summary.csv}: the aggregated rows. */
  CSV,
  /** One PNG per (workload, metric) and a speed-up chart per workload. */
  PNG,
  /** {@code report.html}: the tables and the figures (implies PNG). */
  HTML;

  /** The name on the command line. */
  public String label() {
    return name().toLowerCase(Locale.ROOT);
  }

  /**
   * Parses a comma-separated list such as {@code md,png}.
   *
   * @throws IllegalArgumentException naming an unknown format and the valid ones
   */
  public static Set<ReportFormat> parseList(String list) {
    Set<ReportFormat> out = EnumSet.noneOf(ReportFormat.class);
    for (String s : list.split(",", -1)) {
      String n = s.strip();
      ReportFormat f = Arrays.stream(values()).filter(v -> v.label().equalsIgnoreCase(n))
          .findFirst().orElseThrow(() -> new IllegalArgumentException("unknown format '" + n
              + "'; valid formats: " + Arrays.stream(values()).map(ReportFormat::label)
              .collect(Collectors.joining(", "))));
      out.add(f);
    }
    return out;
  }
}
