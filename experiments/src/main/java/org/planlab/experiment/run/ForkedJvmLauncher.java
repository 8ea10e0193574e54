package org.planlab.experiment.run;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.planlab.experiment.descriptor.DescriptorLoader;

/**
 * Starts each point in a fresh JVM: the runner's own java binary and class path, the Vector API
 * module and headless AWT (as every planlab JVM has them), {@code -Xmx} of the descriptor and its
 * JVM options. A JVM still running at the timeout is killed ({@link Process#destroyForcibly}).
 */
public final class ForkedJvmLauncher implements PointLauncher {
  /** How many trailing stderr lines describe a JVM that died without planlab's error line. */
  private static final int TAIL_LINES = 3;

  @Override
  public Result launch(Request r) {
    List<String> cmd = new ArrayList<>();
    cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    cmd.add("-cp");
    cmd.add(System.getProperty("java.class.path"));
    cmd.add("--add-modules=jdk.incubator.vector");
    cmd.add("-Djava.awt.headless=true");
    cmd.add("-Xmx" + r.heap());
    cmd.addAll(r.jvmOptions());
    cmd.add(PointMain.class.getName());
    cmd.add(r.specFile().toString());
    Process p;
    try {
      Files.createDirectories(r.stdout().toAbsolutePath().getParent());
      Files.createDirectories(r.stderr().toAbsolutePath().getParent());
      p = new ProcessBuilder(cmd).directory(r.workingDirectory().toFile())
          .redirectOutput(r.stdout().toFile()).redirectError(r.stderr().toFile()).start();
    } catch (IOException e) {
      return new Result(Status.FAILED, "cannot start the point's JVM: " + e.getMessage());
    }
    try {
      if (!p.waitFor(r.timeout().toMillis(), TimeUnit.MILLISECONDS)) {
        p.destroyForcibly();
        p.waitFor();
        return new Result(Status.TIMEOUT, "timed out after "
            + DescriptorLoader.formatDuration(r.timeout()));
      }
    } catch (InterruptedException e) {
      // the runner is being stopped: take the point's JVM with it
      p.destroyForcibly();
      Thread.currentThread().interrupt();
      return new Result(Status.FAILED, "interrupted");
    }
    int exit = p.exitValue();
    return exit == 0 ? new Result(Status.OK, "") : new Result(Status.FAILED, error(r.stderr(),
        exit));
  }

  /** planlab's error line of the point's stderr, else its last lines, else the exit code. */
  static String error(Path stderr, int exit) {
    List<String> lines;
    try {
      lines = Files.readAllLines(stderr, StandardCharsets.UTF_8);
    } catch (IOException e) {
      lines = List.of();
    }
    for (int i = lines.size() - 1; i >= 0; i--) {
      if (lines.get(i).startsWith(PointMain.ERROR_PREFIX)) {
        return lines.get(i).substring(PointMain.ERROR_PREFIX.length());
      }
    }
    List<String> tail = lines.stream().filter(l -> !l.isBlank())
        .filter(l -> !l.startsWith("WARNING: Using incubator modules")).toList();
    tail = tail.subList(Math.max(0, tail.size() - TAIL_LINES), tail.size());
    return "the point's JVM exited with code " + exit + (tail.isEmpty() ? ""
        : ": " + String.join(" / ", tail.stream().map(String::strip).toList()));
  }
}
