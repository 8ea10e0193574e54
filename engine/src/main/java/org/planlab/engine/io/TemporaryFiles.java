package org.planlab.engine.io;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The temporary files of writes that rename their result into place: named
 * {@code .NAME[SUFFIX].<pid>-<random>.tmp} beside the target NAME, hidden, never mistaken for a
 * result, and carrying the id of the process that writes them. A write that is killed (the
 * final file stays intact, the rename never happens) leaves its temporary behind; the next write
 * of the same target, or a sweep of the folder, deletes it.
 *
 * <p>A temporary is <em>stale</em> when the process that wrote it no longer runs; a name
 * without a process id (the form written before ids were recorded) counts as stale. Temporaries
 * of live processes are kept, so two processes writing into one folder at the same time (two
 * reports of one run, say) never delete each other's files; a temporary whose writer's id was
 * reused by an unrelated live process is kept until a later sweep finds it stale.
 */
public final class TemporaryFiles {
  /** The random part and the process id of a temporary's name: the last dot-separated field. */
  private static final Pattern WRITER = Pattern.compile("\\.(\\d+)-[0-9a-z]+\\.tmp$");
  private static final String SUFFIX = ".tmp";

  private TemporaryFiles() {
  }

  /**
   * A fresh name (not created) for a temporary of {@code target}, with {@code suffix} after the
   * target's name (e.g. {@code ".mtd"} for the temporary of its metadata, or {@code ""}).
   */
  public static Path nameFor(Path target, String suffix) {
    return target.resolveSibling("." + target.getFileName() + suffix + "."
        + ProcessHandle.current().pid() + "-"
        + Long.toUnsignedString(ThreadLocalRandom.current().nextLong(), 36) + SUFFIX);
  }

  /** Whether {@code fileName} has the form of a temporary (of any target). */
  public static boolean isTemporary(String fileName) {
    return fileName.startsWith(".") && fileName.endsWith(SUFFIX) && fileName.length() > 5;
  }

  /**
   * Deletes the stale temporaries of {@code target}: the files {@code .NAME.*.tmp} beside it
   * whose writer no longer runs. Never throws: a temporary that cannot be deleted or listed is
   * left for a later attempt.
   *
   * @return how many were deleted
   */
  public static int deleteStale(Path target) {
    Path t = target.toAbsolutePath();
    Path dir = t.getParent();
    String prefix = "." + t.getFileName() + ".";
    List<Path> stale = new ArrayList<>();
    try (DirectoryStream<Path> s = Files.newDirectoryStream(dir, f -> {
      String n = f.getFileName().toString();
      return n.startsWith(prefix) && isTemporary(n);
    })) {
      s.forEach(stale::add);
    } catch (IOException | RuntimeException e) {
      return 0;
    }
    return delete(stale);
  }

  /**
   * Deletes the stale temporaries in {@code dir} and every folder below it (hidden
   * {@code .*.tmp} files whose writer no longer runs). Never throws, as {@link #deleteStale}.
   *
   * @return how many were deleted
   */
  public static int deleteStaleBelow(Path dir) {
    List<Path> found;
    try (Stream<Path> s = Files.walk(dir)) {
      found = s.filter(p -> isTemporary(p.getFileName().toString()))
          .filter(Files::isRegularFile).toList();
    } catch (IOException | RuntimeException e) {
      return 0;
    }
    return delete(found);
  }

  /** Whether the process that wrote the temporary {@code fileName} no longer runs. */
  static boolean isStale(String fileName) {
    Matcher m = WRITER.matcher(fileName);
    if (!m.find()) {
      return true;
    }
    long pid;
    try {
      pid = Long.parseLong(m.group(1));
    } catch (NumberFormatException e) {
      return true;
    }
    return !ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false);
  }

  private static int delete(List<Path> candidates) {
    int deleted = 0;
    for (Path p : candidates) {
      if (isStale(p.getFileName().toString())) {
        try {
          if (Files.deleteIfExists(p)) {
            deleted++;
          }
        } catch (IOException e) {
          // left for a later write or sweep; a hidden temporary harms no reader
        }
      }
    }
    return deleted;
  }
}
