package org.planlab.experiment.report;

import java.io.IOException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * Writes report outputs the way every results file is written (EXPERIMENTS.md): to a temporary
 * file in the target's folder, then renamed with {@code ATOMIC_MOVE}, so that a reader never sees
 * a half-written table or figure. (The runner's {@code AtomicFiles} does the same for run
 * outputs; this package keeps its own copy until the two are unified.)
 */
public final class OutputFiles {
  private OutputFiles() {
  }

  /** Replaces {@code target} with {@code content} atomically. */
  public static void write(Path target, byte[] content) {
    Path abs = target.toAbsolutePath();
    Path dir = abs.getParent();
    Path tmp = null;
    try {
      Files.createDirectories(dir);
      tmp = Files.createTempFile(dir, "." + abs.getFileName(), ".tmp");
      Files.write(tmp, content);
      try {
        Files.move(tmp, abs, StandardCopyOption.ATOMIC_MOVE);
      } catch (AtomicMoveNotSupportedException e) {
        // same folder, so this only happens on file systems without rename; still replace it
        Files.move(tmp, abs, StandardCopyOption.REPLACE_EXISTING);
      }
    } catch (IOException e) {
      throw new ReportException("cannot write " + abs + ": " + e, e);
    } finally {
      if (tmp != null) {
        try {
          Files.deleteIfExists(tmp);
        } catch (IOException ignored) {
          // the temporary file is hidden and the write itself already succeeded or failed
        }
      }
    }
  }
}
