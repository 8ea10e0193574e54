package org.planlab.experiment.results;

import java.io.IOException;
import java.nio.file.Path;

/** Process ids of processes that have ended, for the stale-owner cases of the tests. */
public final class EndedProcess {
  private EndedProcess() {
  }

  /** The id of a JVM that ran {@code java -version}, has ended and was reaped. */
  public static long pid() throws IOException, InterruptedException {
    Process p = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java")
        .toString(), "-version").redirectErrorStream(true)
        .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
    p.waitFor();
    return p.pid();
  }
}
