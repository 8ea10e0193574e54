package org.planlab.experiment.report;

import static java.util.Objects.requireNonNull;

import java.nio.file.Path;
import org.planlab.experiment.results.RunManifest;

/**
 * What a report needs from one run's {@code run.json}: the experiment name, the run id, the run's
 * status and the variant speed-ups are measured against.
 *
 * @param dir the run folder (holds {@code points.csv})
 * @param name the experiment name
 * @param runId the run id (UTC timestamp), the folder name when run.json lacks it
 * @param status run.json's status ({@code complete}, {@code complete-with-failures},
 *     {@code interrupted}, or {@code running} while a live process holds the run's lock: a run
 *     whose owner is gone reads as interrupted); empty when unknown
 * @param baselineVariant the baseline variant; empty when run.json does not name one
 */
public record RunInfo(Path dir, String name, String runId, String status,
    String baselineVariant) {
  /** Checks that no component is null. */
  public RunInfo {
    requireNonNull(dir, "dir is null");
    requireNonNull(name, "name is null");
    requireNonNull(runId, "runId is null");
    requireNonNull(status, "status is null");
    requireNonNull(baselineVariant, "baselineVariant is null");
  }

  /** The status as a report shows it, e.g. {@code with failures}; empty when unknown. */
  public String statusLabel() {
    return status.equals(RunManifest.COMPLETE_WITH_FAILURES) ? "with failures" : status;
  }
}
