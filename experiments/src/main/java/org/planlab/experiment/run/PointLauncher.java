package org.planlab.experiment.run;

import static java.util.Objects.requireNonNull;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/**
 * Runs one point's JVM ({@link PointMain}) to its end or its timeout. The seam between the runner
 * and the operating system: {@link ForkedJvmLauncher} starts real JVMs; tests wrap it to count
 * launches.
 */
@FunctionalInterface
public interface PointLauncher {

  /**
   * What to launch.
   *
   * @param specFile the point's {@link PointSpec} JSON
   * @param heap the maximum heap ({@code -Xmx})
   * @param jvmOptions more JVM options (unmodifiable)
   * @param timeout wall-time limit
   * @param workingDirectory the JVM's working directory
   * @param stdout file receiving the JVM's standard output
   * @param stderr file receiving the JVM's standard error
   */
  record Request(Path specFile, String heap, List<String> jvmOptions, Duration timeout,
      Path workingDirectory, Path stdout, Path stderr) {
    /** Checks the arguments. */
    public Request {
      requireNonNull(specFile, "specFile is null");
      requireNonNull(heap, "heap is null");
      jvmOptions = List.copyOf(jvmOptions);
      requireNonNull(timeout, "timeout is null");
      requireNonNull(workingDirectory, "workingDirectory is null");
      requireNonNull(stdout, "stdout is null");
      requireNonNull(stderr, "stderr is null");
    }
  }

  /**
   * How a point's JVM ended: it finished ({@code OK}), failed, ran past its timeout, or was
   * ended because the runner is stopping ({@code INTERRUPTED}: the point is not recorded, it runs
   * again when the run is resumed).
   */
  enum Status { OK, FAILED, TIMEOUT, INTERRUPTED }

  /**
   * The outcome.
   *
   * @param status how the JVM ended
   * @param error a readable one-line message, {@code ""} when ok
   */
  record Result(Status status, String error) {
    /** Checks the arguments. */
    public Result {
      requireNonNull(status, "status is null");
      requireNonNull(error, "error is null");
    }
  }

  /** Runs the point's JVM and waits for it (at most the timeout). */
  Result launch(Request request);
}
