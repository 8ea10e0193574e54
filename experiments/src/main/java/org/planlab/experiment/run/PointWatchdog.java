package org.planlab.experiment.run;

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.time.Duration;
import java.util.Optional;
import org.planlab.experiment.descriptor.DescriptorLoader;

/**
 * Ends a point's JVM when it has no reason to go on, even if its runner cannot end it (killed
 * with SIGKILL, or stopped): when the runner is gone, and past the point's timeout. Each ends the
 * JVM at once with {@link Runtime#halt}, so no finally block writes a partial result and no
 * stats file claims a run that did not finish.
 *
 * <ul>
 *   <li>The runner keeps the point's stdin as a pipe and never writes to it: end of file means
 *       the runner closed it or died (the operating system closes a dead process's pipes,
 *       whatever killed it). A second sign, should something else hold the pipe open: the
 *       parent process no longer runs, or the JVM has another parent (it was re-parented).
 *       Both end the JVM with {@link PointMain#EXIT_RUNNER_GONE}.
 *   <li>Past the timeout, counted from the watchdog's start, the JVM prints the timeout as its
 *       error line and ends with {@link PointMain#EXIT_TIMEOUT}. The runner enforces the same
 *       limit from the JVM's launch, so it normally acts first; this one holds when it cannot.
 * </ul>
 */
final class PointWatchdog {
  /** How often the parent and the clock are looked at. */
  private static final Duration POLL = Duration.ofMillis(500);

  private PointWatchdog() {
  }

  /**
   * Starts the watchdog's daemon threads: one reading {@code lifeline} (the JVM's stdin) until
   * its end, one checking the parent process and the time every {@link #POLL}.
   *
   * @param timeout the point's wall-time limit
   * @param err where the timeout's error line goes (the JVM's stderr)
   */
  static void start(Duration timeout, InputStream lifeline, PrintStream err) {
    start(timeout, lifeline, err, () -> {
    });
  }

  /**
   * As {@link #start(Duration, InputStream, PrintStream)}, running {@code beforeHalt} just
   * before the JVM halts: {@code Runtime.halt} runs no shutdown hook, so processes the point
   * started (a reference engine's JVM) would outlive it otherwise.
   */
  static void start(Duration timeout, InputStream lifeline, PrintStream err,
      Runnable beforeHalt) {
    Optional<ProcessHandle> parent = ProcessHandle.current().parent();
    if (parent.isEmpty() || !parent.get().isAlive()) {
      Runtime.getRuntime().halt(PointMain.EXIT_RUNNER_GONE);
    }
    long pid = parent.get().pid();
    long deadline = System.nanoTime() + timeout.toNanos();

    Thread stdin = new Thread(() -> {
      byte[] buffer = new byte[256];
      try {
        while (lifeline.read(buffer) >= 0) {
          // the runner writes nothing; whatever arrives is ignored
        }
      } catch (IOException e) {
        // a broken pipe is a runner gone as well
      }
      halt(beforeHalt, PointMain.EXIT_RUNNER_GONE);
    }, "planlab-runner-watch");
    stdin.setDaemon(true);
    stdin.start();

    Thread clock = new Thread(() -> {
      while (true) {
        long left = deadline - System.nanoTime();
        if (left <= 0) {
          err.println(PointMain.ERROR_PREFIX + "timed out after "
              + DescriptorLoader.formatDuration(timeout));
          err.flush();
          halt(beforeHalt, PointMain.EXIT_TIMEOUT);
        }
        Optional<Long> now = ProcessHandle.current().parent().map(ProcessHandle::pid);
        if (!parent.get().isAlive() || now.isEmpty() || now.get() != pid) {
          halt(beforeHalt, PointMain.EXIT_RUNNER_GONE);
        }
        try {
          Thread.sleep(Math.min(POLL.toMillis(), Math.max(1, left / 1_000_000)));
        } catch (InterruptedException e) {
          return;
        }
      }
    }, "planlab-point-clock");
    clock.setDaemon(true);
    clock.start();
  }

  private static void halt(Runnable beforeHalt, int code) {
    try {
      beforeHalt.run();
    } finally {
      Runtime.getRuntime().halt(code);
    }
  }
}
