package org.planlab.experiment.run;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.planlab.experiment.descriptor.DescriptorLoader;

/**
 * Starts each point in a fresh JVM: the runner's own java binary and class path, the Vector API
 * module and headless AWT (as every planlab JVM has them), the runner's class-data archive if it
 * has one ({@link #classDataFlags}), {@code -Xmx} of the descriptor and its JVM options. A JVM
 * still running at the timeout is killed ({@link Process#destroyForcibly}).
 *
 * <p>A point's JVM never outlives the runner: while it runs, a shutdown hook of the runner's JVM
 * kills it (so SIGTERM, SIGINT or {@code System.exit} of the runner take it along; the point is
 * then {@link PointLauncher.Status#INTERRUPTED}), and its stdin is a pipe the runner holds open,
 * whose end tells the point's own {@link PointWatchdog} that the runner is gone, also after
 * SIGKILL. The watchdog enforces the timeout too; its exit code {@link PointMain#EXIT_TIMEOUT}
 * counts as a timeout.
 */
public final class ForkedJvmLauncher implements PointLauncher {
  /**
   * The system property with the path of the application class-data archive the runner's JVM
   * was started with ({@code ./planlab} sets it, README "Start-up"). The archive holds the
   * classes a planlab JVM loads for the runner's class path and JVM, which points share.
   */
  public static final String CLASS_DATA_ARCHIVE = "planlab.cds.archive";

  /** How many trailing stderr lines describe a JVM that died without planlab's error line. */
  private static final int TAIL_LINES = 3;
  /** The result of a point ended because the runner stops. */
  private static final Result STOPPING = new Result(Status.INTERRUPTED, "the runner is stopping");

  @Override
  public Result launch(Request r) {
    List<String> cmd = new ArrayList<>();
    cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    cmd.add("-cp");
    cmd.add(System.getProperty("java.class.path"));
    cmd.add("--add-modules=jdk.incubator.vector");
    cmd.add("-Djava.awt.headless=true");
    cmd.addAll(org.planlab.spark.SparkBackend.JAVA17_FLAGS);
    cmd.addAll(classDataFlags(System.getProperty(CLASS_DATA_ARCHIVE)));
    cmd.add("-Xmx" + r.heap());
    cmd.addAll(r.jvmOptions());
    cmd.add(PointMain.class.getName());
    cmd.add(r.specFile().toString());
    Process p;
    try {
      Files.createDirectories(r.stdout().toAbsolutePath().getParent());
      Files.createDirectories(r.stderr().toAbsolutePath().getParent());
      // stdin stays a pipe, open until this JVM ends: the point's lifeline (PointWatchdog)
      ProcessBuilder pb = new ProcessBuilder(cmd).directory(r.workingDirectory().toFile());
      // Spark stays on loopback (DEPENDENCIES.md)
      pb.environment().put("SPARK_LOCAL_IP", "127.0.0.1");
      p = pb
          .redirectInput(ProcessBuilder.Redirect.PIPE)
          .redirectOutput(r.stdout().toFile()).redirectError(r.stderr().toFile()).start();
    } catch (IOException e) {
      return new Result(Status.FAILED, "cannot start the point's JVM: " + e.getMessage());
    }
    Thread killer = new Thread(() -> kill(p), "planlab-point-kill");
    try {
      Runtime.getRuntime().addShutdownHook(killer);
    } catch (IllegalStateException e) {
      kill(p);
      return STOPPING;
    }
    boolean finished;
    try {
      finished = p.waitFor(r.timeout().toMillis(), TimeUnit.MILLISECONDS);
    } catch (InterruptedException e) {
      // the runner's thread is being stopped: take the point's JVM with it
      Thread.currentThread().interrupt();
      kill(p);
      unhook(killer);
      return STOPPING;
    }
    if (!unhook(killer)) {
      // the runner's JVM is shutting down and its hook ended the point
      return STOPPING;
    }
    if (!finished) {
      kill(p);
      return new Result(Status.TIMEOUT, "timed out after "
          + DescriptorLoader.formatDuration(r.timeout()));
    }
    int exit = p.exitValue();
    // a point past its timeout says so in its error line
    return exit == 0 ? new Result(Status.OK, "") : new Result(
        exit == PointMain.EXIT_TIMEOUT ? Status.TIMEOUT : Status.FAILED, error(r.stderr(), exit));
  }

  /**
   * The JVM options that map the class-data archive {@code archive} (JDK application class-data
   * sharing), none when it is null or not a file. The JVM checks that the archive was made for
   * its class path and for itself and otherwise runs without it; its messages about that are
   * switched off, so a stale archive only costs start-up time. A descriptor's own JVM options
   * come later and may override these ({@code -Xshare:off}).
   */
  static List<String> classDataFlags(String archive) {
    if (archive == null || archive.isBlank()) {
      return List.of();
    }
    try {
      if (!Files.isRegularFile(Path.of(archive))) {
        return List.of();
      }
    } catch (InvalidPathException e) {
      return List.of();
    }
    return List.of("-XX:SharedArchiveFile=" + archive, "-Xshare:auto", "-Xlog:cds=off",
        "-Xlog:cds+dynamic=off", "-D" + CLASS_DATA_ARCHIVE + "=" + archive);
  }

  /**
   * Kills a point's JVM, and first its own processes (a peer engine's JVM), which would outlive
   * it else.
   */
  private static void kill(Process p) {
    org.planlab.experiment.peer.ChildProcesses.kill(p);
  }

  /** Removes the kill hook; false when the JVM is shutting down (the hook runs or ran). */
  private static boolean unhook(Thread killer) {
    try {
      Runtime.getRuntime().removeShutdownHook(killer);
      return true;
    } catch (IllegalStateException e) {
      return false;
    }
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
