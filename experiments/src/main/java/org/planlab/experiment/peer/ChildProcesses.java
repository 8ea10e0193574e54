package org.planlab.experiment.peer;

import static java.util.Objects.requireNonNull;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

/**
 * The processes a point's JVM starts for a reference engine (Maven, SystemDS), so that they end
 * with it: the point's watchdog ends its JVM with {@code Runtime.halt}, which runs no shutdown
 * hook, so it calls {@link #killAll} first.
 */
public final class ChildProcesses {
  /** How long a killed process is given to be gone. */
  private static final long KILL_WAIT_SECONDS = 5;

  private final Set<Process> live = ConcurrentHashMap.newKeySet();

  /**
   * How a process ended.
   *
   * @param exit its exit code (meaningless when timed out)
   * @param timedOut whether it was killed at its timeout
   * @param nanos its wall time
   */
  public record Ended(int exit, boolean timedOut, long nanos) {
    /** Whether it exited with 0 in time. */
    public boolean ok() {
      return !timedOut && exit == 0;
    }
  }

  /**
   * Runs {@code command} in {@code dir} with stdout and stderr to files and stdin closed,
   * waiting at most {@code timeout}; killed (with its own children) past it.
   *
   * @param env extra environment variables
   * @throws IOException when it cannot be started
   * @throws InterruptedException when the waiting thread is interrupted (the process is killed)
   */
  public Ended run(List<String> command, Path dir, Map<String, String> env, Path stdout,
      Path stderr, Duration timeout) throws IOException, InterruptedException {
    requireNonNull(timeout, "timeout is null");
    Files.createDirectories(dir);
    Files.createDirectories(stdout.toAbsolutePath().getParent());
    Files.createDirectories(stderr.toAbsolutePath().getParent());
    ProcessBuilder pb = new ProcessBuilder(command).directory(dir.toFile())
        .redirectInput(ProcessBuilder.Redirect.from(nullDevice()))
        .redirectOutput(stdout.toFile()).redirectError(stderr.toFile());
    pb.environment().putAll(env);
    long t0 = System.nanoTime();
    Process p = pb.start();
    live.add(p);
    try {
      boolean finished = p.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS);
      long nanos = System.nanoTime() - t0;
      if (!finished) {
        kill(p);
        return new Ended(-1, true, nanos);
      }
      return new Ended(p.exitValue(), false, nanos);
    } catch (InterruptedException e) {
      kill(p);
      throw e;
    } finally {
      live.remove(p);
    }
  }

  /** Kills every process still running, with its children (Maven forks, for one). */
  public void killAll() {
    live.forEach(ChildProcesses::kill);
  }

  /**
   * Kills {@code p} and its descendants (SIGKILL: the processes planlab starts write their files
   * atomically, so nothing is left half done, and a busy JVM must end too) and waits a little for
   * it to be gone.
   */
  public static void kill(Process p) {
    p.descendants().forEach(ProcessHandle::destroyForcibly);
    p.destroyForcibly();
    try {
      p.waitFor(KILL_WAIT_SECONDS, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  private static java.io.File nullDevice() {
    return new java.io.File(System.getProperty("os.name").startsWith("Windows") ? "NUL"
        : "/dev/null");
  }
}
