package org.planlab.experiment.run;

import static java.util.Objects.requireNonNull;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Optional;
import java.util.function.BooleanSupplier;
import java.util.stream.Stream;
import org.planlab.experiment.descriptor.ExperimentDescriptor;
import org.planlab.experiment.results.RunLock;
import org.planlab.experiment.results.RunManifest;

/**
 * Chooses the folder a run goes to and locks it: the folder given with {@code --out} (continued
 * when it holds a run of the same descriptor), else the newest run of the experiment when it can
 * be resumed (unless a new run is asked for), else a new folder named by the start time. The
 * lock is taken before the folder's run.json is trusted, so two runners never both continue one
 * run: the second finds the first's lock and fails naming it.
 */
final class RunFolders {
  /** The name of a run folder: a UTC timestamp, which sorts chronologically. */
  private static final String RUN_ID_PATTERN = "\\d{8}T\\d{6}Z";

  private RunFolders() {
  }

  /**
   * A locked run folder.
   *
   * @param lock the folder's lock, held by this process
   * @param resumed whether the folder holds a run of the descriptor that is continued
   */
  record Claim(RunLock lock, boolean resumed) {
    /** Checks the arguments. */
    Claim {
      requireNonNull(lock, "lock is null");
    }
  }

  /**
   * Locks the folder for a run of {@code d}.
   *
   * @param out the folder given with {@code --out}, or null
   * @param forceNew whether to start a new run even when the newest one could be resumed
   * @param experimentDir the experiment's folder in the results root (its runs' parent)
   * @param now the start time, naming a new folder
   * @throws IllegalArgumentException when {@code out} holds a run of another descriptor
   * @throws RunLock.InUseException when the folder is held by a live run
   */
  static Claim claim(ExperimentDescriptor d, Path out, boolean forceNew, Path experimentDir,
      Instant now) {
    if (out != null) {
      Path folder = out.toAbsolutePath();
      try {
        Files.createDirectories(folder);
      } catch (IOException e) {
        throw new UncheckedIOException("cannot create the run folder " + out + ": "
            + e.getMessage(), e);
      }
      return lockAndCheck(folder, () -> holdsRunOf(out, d));
    }
    if (!forceNew) {
      Optional<Path> newest = newestRun(experimentDir).filter(p -> resumable(p, d));
      if (newest.isPresent()) {
        // its owner may have finished it between the look above and the lock
        Claim c = lockAndCheck(newest.get(), () -> resumable(newest.get(), d));
        if (c.resumed()) {
          return c;
        }
        c.lock().release();
      }
    }
    return new Claim(RunLock.acquire(newRunDir(experimentDir, now)), false);
  }

  /** Locks {@code folder}, then checks whether its run is continued; releases on an error. */
  private static Claim lockAndCheck(Path folder, BooleanSupplier resumed) {
    RunLock lock = RunLock.acquire(folder);
    try {
      return new Claim(lock, resumed.getAsBoolean());
    } catch (RuntimeException e) {
      lock.release();
      throw e;
    }
  }

  /**
   * Whether {@code out} holds a run (of {@code d}).
   *
   * @throws IllegalArgumentException when it holds a run of another descriptor
   */
  private static boolean holdsRunOf(Path out, ExperimentDescriptor d) {
    if (!Files.isRegularFile(out.resolve(RunManifest.FILE))) {
      return false;
    }
    RunManifest m = RunManifest.read(out);
    if (!m.descriptorSha256().equals(d.sha256())) {
      throw new IllegalArgumentException("--out " + out + " holds a run of another descriptor ("
          + m.descriptorFile() + "); choose an empty folder");
    }
    return true;
  }

  /** The newest run folder (with a run.json) of the experiment. */
  private static Optional<Path> newestRun(Path experimentDir) {
    if (!Files.isDirectory(experimentDir)) {
      return Optional.empty();
    }
    try (Stream<Path> s = Files.list(experimentDir)) {
      return s.filter(p -> Files.isRegularFile(p.resolve(RunManifest.FILE)))
          .filter(p -> p.getFileName().toString().matches(RUN_ID_PATTERN))
          .max(Path::compareTo);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot list " + experimentDir + ": " + e.getMessage(), e);
    }
  }

  /**
   * Whether the run in {@code runDir} is of {@code d} and not complete. A run whose status is
   * running is resumable too: when its owner still runs, the folder's lock refuses the resume
   * with a message naming it; when the owner was killed, the run continues.
   */
  private static boolean resumable(Path runDir, ExperimentDescriptor d) {
    RunManifest m = RunManifest.read(runDir);
    return m.descriptorSha256().equals(d.sha256()) && RunManifest.resumable(m.status());
  }

  private static Path newRunDir(Path experimentDir, Instant now) {
    Instant t = now;
    try {
      Files.createDirectories(experimentDir);
      while (true) {
        Path dir = experimentDir.resolve(ExperimentRunner.RUN_ID.format(t));
        try {
          Files.createDirectory(dir);
          return dir;
        } catch (FileAlreadyExistsException e) {
          // two runs in one second: the later takes the next free second, keeping ids ordered
          t = t.plusSeconds(1);
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot create a run folder in " + experimentDir + ": "
          + e.getMessage(), e);
    }
  }
}
