package org.planlab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.planlab.experiment.results.EndedProcess;
import org.planlab.experiment.results.PointsCsv;
import org.planlab.experiment.results.RunLock;
import org.planlab.experiment.results.RunManifest;
import org.planlab.experiment.results.StatsFile;
import org.planlab.experiment.run.PointLauncher;
import org.planlab.experiment.run.PointSpec;
import picocli.CommandLine;

/** {@code planlab run} with a launcher that fakes the points' JVMs (no JVM is started). */
class RunCommandTest {
  @TempDir
  Path dir;

  /** Points whose argument n is 2 fail; the others report wall 1.5 s and objective n. */
  private static final PointLauncher FAKE = request -> {
    try {
      PointSpec spec = PointSpec.read(request.specFile());
      if (spec.args().get("n").equals("2")) {
        return new PointLauncher.Result(PointLauncher.Status.FAILED, "s.dml:3:3: n is 2");
      }
      for (int rep = 1; rep <= spec.repeat(); rep++) {
        StatsFile.write(StatsFile.path(Path.of(spec.runDir()), spec.point(), rep),
            StatsFile.json(null, spec.point(), spec.variant(), rep, spec.params(),
                spec.inputs(), 7, 1_500_000_000L, PointsCsv.OK, "",
                Map.of("wall_s", "1.5", "compile_s", "0.25", "objective", spec.args().get("n"))));
      }
      return new PointLauncher.Result(PointLauncher.Status.OK, "");
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  };

  private CliRun planlab(String... args) {
    return CliRun.of(new CommandLine(new RunCommand(FAKE)), args);
  }

  /** The run folder a run printed. */
  private static Path runFolder(CliRun r) {
    return Path.of(r.out().lines().filter(l -> l.startsWith("run folder: ")).findFirst()
        .orElseThrow(() -> new AssertionError(r.out() + r.err()))
        .substring("run folder: ".length()));
  }

  private static String status(Path runDir) {
    return RunManifest.read(runDir).status();
  }

  /** The first line of {@code planlab report RUN_DIR}'s Markdown table. */
  private static String reportHeadline(Path runDir) throws IOException {
    CliRun r = CliRun.planlab("report", runDir.toString(), "--format", "md");
    assertEquals(0, r.code(), r.err());
    return Files.readAllLines(runDir.resolve("report/report.md")).stream()
        .filter(l -> l.startsWith("Run ")).findFirst().orElseThrow();
  }

  private Path descriptor(String yaml) throws IOException {
    Files.writeString(dir.resolve("s.dml"), "print($n)\n");
    Path f = dir.resolve("exp.yaml");
    Files.writeString(f, yaml);
    return f;
  }

  @Test
  void aFailedPointGivesExitCodeOneAfterEveryPointRan() throws IOException {
    Path f = descriptor("name: s\nscript: s.dml\nparams: {n: [1, 2, 3]}\nrepeat: 2\n");
    CliRun r = planlab(f.toString(), "--results-root", dir.resolve("results").toString(),
        "--quiet");
    assertEquals(1, r.code(), r.err());
    List<String> lines = r.out().lines().toList();
    assertTrue(lines.get(0).startsWith("run " + dir.resolve("results").resolve("s")),
        lines.get(0));
    assertTrue(lines.get(1).startsWith("run folder: "), lines.get(1));
    assertEquals("1 of 3 points failed", lines.get(3));
  }

  @Test
  void eachFinishedPointPrintsOneSummaryLine() throws IOException {
    Path f = descriptor("name: s\nscript: s.dml\nparams: {n: [1, 2]}\nrepeat: 2\n");
    CliRun r = planlab(f.toString(), "--results-root", dir.resolve("results").toString());
    List<String> lines = r.out().lines().toList();
    assertEquals("[1/2] n-1  ok  wall 1.50 s (median of 2)  compile 0.25 s  objective 1",
        lines.get(1));
    assertEquals("[2/2] n-2  FAILED: s.dml:3:3: n is 2", lines.get(2));
  }

  @Test
  void aResumedRunReportsTheSkippedPoints() throws IOException {
    Path f = descriptor("name: s\nscript: s.dml\nparams: {n: [1, 2, 3]}\nrepeat: 1\n");
    planlab(f.toString(), "--results-root", dir.resolve("results").toString(), "--quiet");
    CliRun r = planlab(f.toString(), "--results-root", dir.resolve("results").toString(),
        "--quiet");
    assertTrue(r.out().lines().toList().get(0).startsWith("resuming "), r.out());
    assertEquals("skipped 2 finished points", r.out().lines().toList().get(1));
  }

  @Test
  void repeatAndWarmupOptionsOverrideTheDescriptorInEveryPointSpec() throws IOException {
    Path f = descriptor("name: s\nscript: s.dml\nparams: {n: [1, 3]}\nrepeat: 2\nwarmup: 1\n");
    Path results = dir.resolve("results");
    CliRun r = planlab(f.toString(), "--results-root", results.toString(), "--quiet",
        "--repeat", "3", "--warmup", "0");
    assertEquals(0, r.code(), r.err());
    String folder = r.out().lines().filter(l -> l.startsWith("run folder: ")).findFirst()
        .orElseThrow().substring("run folder: ".length());
    PointSpec spec = PointSpec.read(Path.of(folder, "logs", "n-1.spec.json"));
    assertEquals(3, spec.repeat());
    assertEquals(0, spec.warmup());
    CliRun bad = planlab(f.toString(), "--results-root", results.toString(), "--warmup", "-1");
    assertEquals(2, bad.code());
    assertTrue(bad.err().startsWith("--warmup must be in [0, 1000000], was -1\n"), bad.err());
  }

  @Test
  void planlabHasTheRunSubcommand() {
    assertTrue(PlanlabCommand.commandLine().getSubcommands().containsKey("run"));
  }

  @Test
  void aDescriptorErrorIsAUsageErrorWithoutStackTrace() throws IOException {
    Path f = descriptor("name: s\nscript: s.dml\nrepeat: 0\n");
    CliRun r = planlab(f.toString(), "--results-root", dir.resolve("results").toString());
    assertEquals(2, r.code());
    assertEquals(f + ":3:1: key 'repeat': must be >= 1, was 0", r.err().lines().findFirst()
        .orElse(""));
  }

  @Test
  void anOnlyPatternMatchingNoPointIsAUsageError() throws IOException {
    Path f = descriptor("name: s\nscript: s.dml\nparams: {n: [1, 2]}\n");
    CliRun r = planlab(f.toString(), "--results-root", dir.resolve("results").toString(),
        "--only", "x*");
    assertEquals(2, r.code());
    assertEquals("--only 'x*' matches no point; points: [n-1, n-2]",
        r.err().lines().findFirst().orElse(""));
  }

  @Test
  void aRunWhosePointsAllRanWithAFailureIsCompleteWithFailuresAndTheReportSaysSo()
      throws IOException {
    Path f = descriptor("name: s\nscript: s.dml\nparams: {n: [1, 2]}\nrepeat: 1\n");
    CliRun r = planlab(f.toString(), "--results-root", dir.resolve("results").toString(),
        "--quiet");
    assertEquals(1, r.code(), r.err());
    Path run = runFolder(r);
    assertEquals("complete-with-failures", status(run));
    assertFalse(Files.exists(run.resolve(RunLock.FILE)), "the lock is released");
    assertTrue(reportHeadline(run).startsWith("Run " + run.getFileName() + " (with failures), "),
        reportHeadline(run));
  }

  @Test
  void aRunWhosePointsAreAllOkIsComplete() throws IOException {
    Path f = descriptor("name: s\nscript: s.dml\nparams: {n: [1, 3]}\nrepeat: 1\n");
    CliRun r = planlab(f.toString(), "--results-root", dir.resolve("results").toString(),
        "--quiet");
    assertEquals(0, r.code(), r.err());
    assertEquals("complete", status(runFolder(r)));
    assertTrue(reportHeadline(runFolder(r)).contains(" (complete), "));
  }

  @Test
  void aStoppedRunIsInterruptedRecordsNothingOfTheStoppedPointAndResumes() throws IOException {
    Path f = descriptor("name: s\nscript: s.dml\nparams: {n: [1, 3, 4]}\nrepeat: 1\n");
    // the runner is stopped while the point n = 3 runs
    PointLauncher stopAtThree = request -> {
      try {
        if (PointSpec.read(request.specFile()).args().get("n").equals("3")) {
          return new PointLauncher.Result(PointLauncher.Status.INTERRUPTED, "stopping");
        }
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
      return FAKE.launch(request);
    };
    String results = dir.resolve("results").toString();
    CliRun r = CliRun.of(new CommandLine(new RunCommand(stopAtThree)), f.toString(),
        "--results-root", results, "--quiet");
    assertEquals(1, r.code(), r.err());
    assertTrue(r.out().contains("interrupted: run the same command again to continue\n"),
        r.out());
    Path run = runFolder(r);
    assertEquals("interrupted", status(run));
    assertFalse(Files.exists(run.resolve(RunLock.FILE)), "the lock is released");
    assertEquals(List.of("n-1"), PointsCsv.read(run.resolve("points.csv")).stream()
        .map(PointsCsv.Row::point).toList());
    assertFalse(Files.exists(StatsFile.path(run, "n-3", 1)));
    assertTrue(reportHeadline(run).contains(" (interrupted), "));

    CliRun again = planlab(f.toString(), "--results-root", results, "--quiet");
    assertEquals(0, again.code(), again.err());
    assertEquals(run, runFolder(again));
    assertEquals("skipped 1 finished point", again.out().lines().toList().get(1));
    assertEquals("complete", status(run));
  }

  @Test
  void aRunLeftRunningByAKilledRunnerReadsAsInterrupted() throws Exception {
    Path f = descriptor("name: s\nscript: s.dml\nparams: {n: [1, 3]}\nrepeat: 1\n");
    Path run = runFolder(planlab(f.toString(), "--results-root",
        dir.resolve("results").toString(), "--quiet"));
    // what a runner killed with SIGKILL leaves: status running, its lock naming it
    RunManifest.read(run).finish(RunManifest.RUNNING, null).write(run);
    Files.writeString(run.resolve(RunLock.FILE), "pid=" + EndedProcess.pid() + "\nhost="
        + InetAddress.getLocalHost().getHostName() + "\nsince=2024-05-01T10:00:00Z\n");
    assertTrue(reportHeadline(run).contains(" (interrupted), "), reportHeadline(run));
    assertEquals("interrupted", RunManifest.effectiveStatus(run, "running"));
  }

  @Test
  void aRunFolderHeldByALiveRunIsRefusedWithExitCodeOne() throws IOException {
    Path f = descriptor("name: s\nscript: s.dml\nparams: {n: [1, 3]}\nrepeat: 1\n");
    Path run = dir.resolve("run");
    Files.createDirectories(run);
    // a live owner: this test's JVM
    ProcessHandle self = ProcessHandle.current();
    String host = InetAddress.getLocalHost().getHostName();
    Files.writeString(run.resolve(RunLock.FILE), "pid=" + self.pid() + "\nhost=" + host
        + "\nsince=2024-05-01T10:00:00Z\n");
    CliRun r = planlab(f.toString(), "--out", run.toString(), "--quiet");
    assertEquals(1, r.code(), r.err());
    assertEquals("planlab: run folder " + run + " is in use by PID " + self.pid() + " on " + host
        + " (since 2024-05-01T10:00:00Z)\n", r.err());
    assertFalse(Files.exists(run.resolve("run.json")), "nothing was written");
  }

  @Test
  void theLockOfAKilledRunIsTakenOverWithAMessage() throws Exception {
    Path f = descriptor("name: s\nscript: s.dml\nparams: {n: [1, 3]}\nrepeat: 1\n");
    Path run = dir.resolve("run");
    Files.createDirectories(run);
    long dead = EndedProcess.pid();
    String host = InetAddress.getLocalHost().getHostName();
    Files.writeString(run.resolve(RunLock.FILE), "pid=" + dead + "\nhost=" + host
        + "\nsince=2024-05-01T10:00:00Z\n");
    CliRun r = planlab(f.toString(), "--out", run.toString(), "--quiet");
    assertEquals(0, r.code(), r.err());
    assertEquals("planlab: took over the lock of run folder " + run + " from PID " + dead + " on "
        + host + " (since 2024-05-01T10:00:00Z), which no longer runs\n", r.err());
    assertEquals("complete", status(run));
    assertFalse(Files.exists(run.resolve(RunLock.FILE)));
  }

  @Test
  void temporaryFilesOfInterruptedWritesAreRemovedWhenARunStarts() throws Exception {
    Path f = descriptor("name: s\nscript: s.dml\nparams: {n: [1, 2]}\nrepeat: 1\n");
    Path run = dir.resolve("run");
    planlab(f.toString(), "--out", run.toString(), "--quiet");
    long dead = EndedProcess.pid();
    List<Path> left = List.of(run.resolve(".points.csv." + dead + "-k3.tmp"),
        run.resolve("stats/.n-2-r1.json.5f3a9c.tmp"),
        run.resolve("logs/.n-2.spec.json." + dead + "-a1.tmp"));
    for (Path p : left) {
      Files.writeString(p, "partial");
    }
    CliRun r = planlab(f.toString(), "--out", run.toString(), "--quiet");
    assertEquals("planlab: removed 3 temporary files of interrupted writes in " + run + "\n",
        r.err());
    for (Path p : left) {
      assertFalse(Files.exists(p), p.toString());
    }
  }
}
