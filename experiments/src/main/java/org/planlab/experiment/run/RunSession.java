package org.planlab.experiment.run;

import static java.util.Objects.requireNonNull;

import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.function.Consumer;
import org.planlab.experiment.results.PointsCsv;
import org.planlab.experiment.results.PointsCsv.Row;
import org.planlab.experiment.results.RunLock;
import org.planlab.experiment.results.RunManifest;

/**
 * One invocation's time in a run folder whose {@link RunLock} it holds: run.json says
 * {@code running} from the start, points.csv is rewritten after each point, and the end records
 * how the run ended and releases the lock — also when the JVM is stopped (SIGTERM, SIGINT,
 * {@code System.exit}): a shutdown hook then records {@code interrupted} and releases the lock
 * while the main thread may still wait for a point.
 *
 * <p>The main thread's writes and the hook exclude each other, and once the session has ended
 * nothing more is written: a point whose JVM the stop ended is not recorded as failed, and a
 * run that finished just before the stop keeps its status.
 */
final class RunSession implements AutoCloseable {
  private final RunLock lock;
  private final Clock clock;
  private final Consumer<String> notices;
  private final Thread hook;
  private RunManifest manifest;
  private boolean ended;

  /**
   * Starts a session: writes {@code manifest} with status running into the lock's folder and
   * registers the shutdown hook. Releases the lock when that fails.
   *
   * @param notices hears, from the hook, that the run was stopped and how to continue it
   */
  RunSession(RunLock lock, RunManifest manifest, Clock clock, Consumer<String> notices) {
    this.lock = requireNonNull(lock, "lock is null");
    this.clock = requireNonNull(clock, "clock is null");
    this.notices = requireNonNull(notices, "notices is null");
    this.hook = new Thread(this::stop, "planlab-run-stop");
    try {
      this.manifest = manifest.finish(RunManifest.RUNNING, null);
      this.manifest.write(lock.runDir());
      Runtime.getRuntime().addShutdownHook(hook);
    } catch (RuntimeException e) {
      lock.release();
      throw e;
    }
  }

  /** The run folder. */
  Path runDir() {
    return lock.runDir();
  }

  /** Rewrites points.csv with {@code rows}; false, writing nothing, once the session ended. */
  synchronized boolean writePoints(List<Row> rows) {
    if (ended) {
      return false;
    }
    PointsCsv.write(runDir().resolve(ExperimentRunner.POINTS_CSV), rows);
    return true;
  }

  /**
   * Records {@code status} and the end time in run.json and releases the lock, unless the
   * session ended already (stopped by the hook).
   *
   * @return the status recorded: {@code status}, or the earlier end's
   */
  synchronized String end(String status) {
    endFirst(status);
    return manifest.status();
  }

  /** Ends the session with {@code status}; false when it had ended already. */
  private synchronized boolean endFirst(String status) {
    if (ended) {
      return false;
    }
    ended = true;
    try {
      manifest = manifest.finish(status, clock.instant());
      manifest.write(runDir());
    } finally {
      lock.release();
      try {
        Runtime.getRuntime().removeShutdownHook(hook);
      } catch (IllegalStateException e) {
        // the JVM is shutting down: the hook runs and finds the session ended
      }
    }
    return true;
  }

  /** Ends as interrupted unless the session ended already. */
  @Override
  public void close() {
    end(RunManifest.INTERRUPTED);
  }

  /** The shutdown hook: the run stops before it could finish. */
  private void stop() {
    try {
      if (endFirst(RunManifest.INTERRUPTED)) {
        notices.accept("stopped: the run in " + runDir() + " is marked interrupted; run the "
            + "same command again to continue it");
      }
    } catch (UncheckedIOException e) {
      notices.accept("stopped, but could not mark the run interrupted: " + e.getMessage());
    }
  }
}
