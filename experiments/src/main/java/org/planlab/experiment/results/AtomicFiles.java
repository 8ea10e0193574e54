package org.planlab.experiment.results;

import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import org.planlab.engine.io.FileErrors;
import org.planlab.engine.io.TemporaryFiles;

/**
 * Writes files so that a reader sees either the previous version or the new one, never a
 * partial file, even when the writing JVM is killed: the bytes go to a temporary file in the
 * same folder (same file system, so the rename can be atomic), which is forced to disk and then
 * moved over the target with {@link StandardCopyOption#ATOMIC_MOVE}. Temporary files are named
 * {@code .NAME.<pid>-<random>.tmp} ({@link TemporaryFiles}): hidden, and never mistaken for a
 * result by a reader that looks for {@code *.json} or {@code *.csv}. The temporary of a killed
 * writer stays behind; each write first deletes those of its target whose writer no longer runs.
 */
public final class AtomicFiles {
  private AtomicFiles() {
  }

  /** Writes {@code text} as UTF-8 to {@code file} atomically, creating parent folders. */
  public static void writeString(Path file, String text) {
    write(file, text.getBytes(StandardCharsets.UTF_8));
  }

  /**
   * Writes {@code bytes} to {@code file} atomically, creating parent folders.
   *
   * @throws UncheckedIOException naming the file when it cannot be written
   */
  public static void write(Path file, byte[] bytes) {
    Path target = file.toAbsolutePath();
    Path tmp = null;
    try {
      Files.createDirectories(target.getParent());
      TemporaryFiles.deleteStale(target);
      // a fresh name with the default permissions (createTempFile would make it owner-only)
      tmp = TemporaryFiles.nameFor(target, "");
      try (OutputStream out = Files.newOutputStream(tmp, StandardOpenOption.CREATE_NEW,
          StandardOpenOption.WRITE)) {
        out.write(bytes);
      }
      // force the data before the rename, so a crash after the rename cannot expose a file
      // whose name is new but whose blocks were never written
      try (FileChannel ch = FileChannel.open(tmp, StandardOpenOption.WRITE)) {
        ch.force(true);
      }
      move(tmp, target);
      tmp = null;
    } catch (IOException e) {
      // the operating system's reason for the caller's file, never the temporary's name
      throw new UncheckedIOException(FileErrors.cannotWrite(file, e), e);
    } finally {
      if (tmp != null) {
        try {
          Files.deleteIfExists(tmp);
        } catch (IOException ignored) {
          // the write already failed; a leftover hidden temporary file harms no reader
        }
      }
    }
  }

  /**
   * Moves {@code source} to {@code target} atomically, replacing it. File systems without atomic
   * moves (rare for a rename within one folder) get a plain replacing move.
   */
  public static void move(Path source, Path target) throws IOException {
    try {
      Files.move(source, target, StandardCopyOption.ATOMIC_MOVE,
          StandardCopyOption.REPLACE_EXISTING);
    } catch (AtomicMoveNotSupportedException e) {
      Files.move(source, target, StandardCopyOption.REPLACE_EXISTING);
    }
  }
}
