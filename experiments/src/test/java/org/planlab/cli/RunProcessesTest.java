package org.planlab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.planlab.experiment.results.RunLock;
import org.planlab.experiment.results.RunManifest;
import org.planlab.experiment.run.PointMain;
import org.planlab.experiment.run.PointSpec;

/**
 * {@code planlab run} as a real process tree: a runner JVM started like {@code ./planlab run}, and
 * the point JVM it starts, whose script loops until it is killed. The runner is then stopped from
 * outside as a user or a scheduler would.
 */
class RunProcessesTest {
  /** How long a point JVM may take to go once its runner is gone. */
  private static final Duration GONE_WITHIN = Duration.ofSeconds(10);
  /** How long a runner may take to start its point JVM on a busy machine. */
  private static final Duration STARTED_WITHIN = Duration.ofSeconds(30);

  @TempDir
  Path dir;

  private Process runner;

  @AfterEach
  void killWhatIsLeft() {
    if (runner != null) {
      runner.destroyForcibly();
    }
    pointJvms().forEach(ProcessHandle::destroyForcibly);
  }

  /** A one-point experiment whose script never ends, with a timeout far beyond the test. */
  private Path descriptor() throws IOException {
    Files.writeString(dir.resolve("loop.dml"), "i = 0\nwhile (i >= 0) {\n  i = i + 1\n}\n");
    Path f = dir.resolve("loop.yaml");
    Files.writeString(f, "name: loop\nscript: loop.dml\nrepeat: 1\nwarmup: 0\nthreads: 1\n"
        + "timeout: 10m\njvm: {heap: 256m}\n");
    return f;
  }

  /**
   * Starts {@code planlab run DESCRIPTOR} in its own JVM, as the launcher script does. SIGINT
   * gets its default action first: a JVM started with SIGINT ignored (as the background jobs of
   * a shell script are) keeps ignoring it, whereas Ctrl-C in a terminal reaches a foreground
   * job that has its default handler.
   */
  private Process startRunner(Path descriptor) throws IOException {
    return new ProcessBuilder("env", "--default-signal=INT", java(), "-Xmx256m",
        "--add-modules=jdk.incubator.vector", "-Djava.awt.headless=true", "-cp",
        System.getProperty("java.class.path"), PlanlabCommand.class.getName(), "run",
        descriptor.toString(), "--results-root", dir.resolve("results").toString(), "--quiet")
        .directory(dir.toFile())
        .redirectOutput(dir.resolve("runner.out").toFile())
        .redirectError(dir.resolve("runner.err").toFile()).start();
  }

  private static String java() {
    return Path.of(System.getProperty("java.home"), "bin", "java").toString();
  }

  /** The point JVMs of this test's runs that are alive (their spec files are below dir). */
  private List<ProcessHandle> pointJvms() {
    try (Stream<ProcessHandle> all = ProcessHandle.allProcesses()) {
      return all.filter(h -> {
        String c = commandLine(h);
        return c.contains(PointMain.class.getName()) && c.contains(dir.toString());
      }).toList();
    }
  }

  /**
   * The whole command line of {@code h}: from /proc where there is one, since
   * {@link ProcessHandle.Info#commandLine} cuts long ones (a class path of Maven's repository
   * fills its first 4 KB, before the main class and the spec file).
   */
  private static String commandLine(ProcessHandle h) {
    Path proc = Path.of("/proc", Long.toString(h.pid()), "cmdline");
    try {
      return new String(Files.readAllBytes(proc), StandardCharsets.UTF_8).replace('\0', ' ');
    } catch (IOException | SecurityException e) {
      // no /proc, or the process is gone: what the JDK knows
      return h.info().commandLine().orElse("");
    }
  }

  /** Waits until the runner has started its point JVM. */
  private void awaitPointJvm() throws Exception {
    long deadline = System.nanoTime() + STARTED_WITHIN.toNanos();
    while (pointJvms().isEmpty()) {
      if (!runner.isAlive() || System.nanoTime() > deadline) {
        throw new AssertionError("no point JVM started; runner stderr: "
            + Files.readString(dir.resolve("runner.err")));
      }
      Thread.sleep(100);
    }
  }

  /** Waits until no point JVM of this test is left; fails naming them after GONE_WITHIN. */
  private void assertPointJvmsGone() throws InterruptedException {
    long deadline = System.nanoTime() + GONE_WITHIN.toNanos();
    List<ProcessHandle> left = pointJvms();
    while (!left.isEmpty() && System.nanoTime() < deadline) {
      Thread.sleep(100);
      left = pointJvms();
    }
    assertEquals(List.of(), left.stream().map(ProcessHandle::pid).toList(),
        "point JVMs still running " + GONE_WITHIN.toSeconds() + " s after their runner");
  }

  /** The run folder of the experiment (there is one). */
  private Path runFolder() throws IOException {
    try (Stream<Path> s = Files.list(dir.resolve("results/loop"))) {
      return s.filter(Files::isDirectory).findFirst().orElseThrow();
    }
  }

  @Test
  void sigtermToTheRunnerEndsItsPointJvmAndRecordsTheRunInterrupted() throws Exception {
    runner = startRunner(descriptor());
    awaitPointJvm();
    runner.destroy();
    assertTrue(runner.waitFor(GONE_WITHIN.toSeconds(), TimeUnit.SECONDS), "the runner ended");
    assertPointJvmsGone();
    Path run = runFolder();
    assertEquals(RunManifest.INTERRUPTED, RunManifest.read(run).status());
    assertFalse(Files.exists(run.resolve(RunLock.FILE)), "the lock is released");
    assertFalse(Files.exists(run.resolve("points.csv")), "the stopped point is not recorded");
    assertTrue(Files.readString(dir.resolve("runner.err")).contains("planlab: stopped: the run in "
        + run + " is marked interrupted; run the same command again to continue it\n"));
  }

  @Test
  void sigintToTheRunnerEndsItsPointJvmAndRecordsTheRunInterrupted() throws Exception {
    runner = startRunner(descriptor());
    awaitPointJvm();
    Process kill = new ProcessBuilder("kill", "-INT", Long.toString(runner.pid())).start();
    assertEquals(0, kill.waitFor());
    assertTrue(runner.waitFor(GONE_WITHIN.toSeconds(), TimeUnit.SECONDS), "the runner ended");
    assertPointJvmsGone();
    Path run = runFolder();
    assertEquals(RunManifest.INTERRUPTED, RunManifest.read(run).status());
    assertFalse(Files.exists(run.resolve(RunLock.FILE)), "the lock is released");
    assertTrue(Files.readString(dir.resolve("runner.err")).contains("planlab: stopped: the run in "
        + run + " is marked interrupted"), Files.readString(dir.resolve("runner.err")));
  }

  /**
   * The point JVM enforces its timeout itself: started directly, with its stdin held open as
   * a live runner would hold it and nobody to kill it, it ends with the timeout's exit code and
   * error line.
   */
  @Test
  void aPointJvmEndsItselfPastItsTimeout() throws Exception {
    Files.writeString(dir.resolve("loop.dml"), "i = 0\nwhile (i >= 0) {\n  i = i + 1\n}\n");
    Path runDir = Files.createDirectories(dir.resolve("run"));
    PointSpec spec = new PointSpec("p1", "Default", dir.resolve("loop.dml").toString(), Map.of(),
        Map.of(), Map.of(), List.of(), dir.toString(), "none", "depth-first", 1, null, "janino",
        true, "singlenode", 0, "none", "costnsize", 0, 1, false, false, true, "cp", "CP", 0, 1, 1,
        runDir.toString(), 2_000);
    Path specFile = dir.resolve("p1.spec.json");
    spec.write(specFile);
    Process point = new ProcessBuilder(java(), "-Xmx256m", "--add-modules=jdk.incubator.vector",
        "-cp", System.getProperty("java.class.path"), PointMain.class.getName(),
        specFile.toString()).redirectError(dir.resolve("point.err").toFile()).start();
    try {
      assertTrue(point.waitFor(30, TimeUnit.SECONDS), "the point JVM ended by itself");
      String err = Files.readString(dir.resolve("point.err"));
      assertEquals(PointMain.EXIT_TIMEOUT, point.exitValue(), err);
      assertTrue(err.contains(PointMain.ERROR_PREFIX + "timed out after 2s"), err);
    } finally {
      point.destroyForcibly();
    }
  }

  @Test
  void sigkillToTheRunnerEndsItsPointJvm() throws Exception {
    runner = startRunner(descriptor());
    awaitPointJvm();
    runner.destroyForcibly();
    runner.waitFor();
    assertPointJvmsGone();
    // the runner could record nothing: its lock names it, and it is gone
    Path run = runFolder();
    assertEquals(RunManifest.RUNNING, RunManifest.read(run).status());
    assertEquals(RunManifest.INTERRUPTED, RunManifest.effectiveStatus(run,
        RunManifest.RUNNING));
  }

  @Test
  void aSecondRunOfTheExperimentFailsNamingTheLiveRunAndLeavesItAlone() throws Exception {
    Path descriptor = descriptor();
    runner = startRunner(descriptor);
    awaitPointJvm();
    Path run = runFolder();
    CliRun second = CliRun.planlab("run", descriptor.toString(), "--results-root",
        dir.resolve("results").toString(), "--quiet");
    assertEquals(1, second.code(), second.out() + second.err());
    String expected = "planlab: run folder " + run + " is in use by PID " + runner.pid()
        + " on ";
    assertTrue(second.err().startsWith(expected) && second.err().contains(" (since "),
        second.err());
    assertEquals(1, pointJvms().size(), "the first run's point still runs");
    assertEquals(RunManifest.RUNNING, RunManifest.read(run).status());
  }
}
