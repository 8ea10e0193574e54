package org.planlab.experiment.report;

import java.io.UncheckedIOException;
import java.nio.file.Path;
import org.planlab.experiment.results.AtomicFiles;

/**
 * Writes report outputs the way every results file is written (EXPERIMENTS.md), through
 * {@link AtomicFiles}, reporting a failure as a {@link ReportException} the commands turn into
 * a message.
 */
final class OutputFiles {
  private OutputFiles() {
  }

  /** Replaces {@code target} with {@code content} atomically. */
  static void write(Path target, byte[] content) {
    try {
      AtomicFiles.write(target, content);
    } catch (UncheckedIOException e) {
      throw new ReportException(e.getMessage(), e);
    }
  }
}
