package org.planlab.experiment.report;

import static java.util.Objects.requireNonNull;

import java.nio.file.Path;

/**
 * A file the report wrote.
 *
 * @param kind {@code summary}, {@code html}, {@code table} or {@code figure}
 * @param path where
 */
public record WrittenFile(String kind, Path path) {
  /** Checks the components. */
  public WrittenFile {
    requireNonNull(kind, "kind is null");
    requireNonNull(path, "path is null");
  }

  /** The line the command prints, e.g. {@code table: results/x/report/report.md}. */
  public String line() {
    return kind + ": " + path;
  }
}
