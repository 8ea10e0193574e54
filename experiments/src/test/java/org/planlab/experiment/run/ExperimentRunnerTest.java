package org.planlab.experiment.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.planlab.engine.stats.StatisticsSnapshot;
import org.planlab.experiment.descriptor.DescriptorLoader;
import org.planlab.experiment.descriptor.ExperimentDescriptor;
import org.planlab.experiment.results.PointMetrics;
import org.planlab.experiment.results.PointsCsv;
import org.planlab.experiment.results.PointsCsv.Row;
import org.planlab.experiment.results.StatsFile;
import org.planlab.experiment.results.TimelineFile;

/** Runs real experiments, each point in a forked JVM, on tiny data. */
class ExperimentRunnerTest {
  @TempDir
  Path dir;

  /** Launches real JVMs and counts them. */
  private static final class CountingLauncher implements PointLauncher {
    final AtomicInteger launches = new AtomicInteger();
    final ForkedJvmLauncher forked = new ForkedJvmLauncher();

    @Override
    public Result launch(Request request) {
      launches.incrementAndGet();
      return forked.launch(request);
    }
  }

  private ExperimentDescriptor descriptor(String yaml) throws IOException {
    Path f = dir.resolve("exp.yaml");
    Files.writeString(f, yaml);
    return DescriptorLoader.load(f);
  }

  private ExperimentRunner.Summary run(ExperimentDescriptor d, PointLauncher launcher) {
    return new ExperimentRunner(launcher).run(d,
        new ExperimentRunner.Options(null, null, null, null, dir.resolve("results"), false),
        new ExperimentRunner.Listener() { });
  }

  /** A script whose point with n = 2 stops, or loops until killed when {@code loop}. */
  private ExperimentDescriptor nScript(String values, String timeout, boolean loop)
      throws IOException {
    Files.writeString(dir.resolve("s.dml"), "n = $n\n"
        + "if (n == 2) {\n"
        + (loop ? "  i = 0\n  while (i >= 0) {\n    i = i + 1\n  }\n"
            : "  stop(\"n must not be 2\")\n")
        + "}\n"
        + "print(\"objective: \" + n)\n");
    return descriptor("name: s\nscript: s.dml\nparams: {n: " + values + "}\nrepeat: 1\nwarmup: 0\n"
        + "threads: 1\ntimeout: " + timeout + "\njvm: {heap: 256m}\n");
  }

  @Test
  void l2svmWithoutAndWithFusionGivesOkRowsWithEqualObjectives() throws IOException {
    ExperimentDescriptor d = descriptor("""
        name: tiny-l2svm
        workload: l2svm
        params: {maxiter: 3}
        data:
          X: {rows: 200, cols: 5}
        variants:
          Base: {fusion: none}
          FA: {fusion: fa}
        repeat: 1
        warmup: 0
        threads: 1
        jvm: {heap: 512m}
        """);
    ExperimentRunner.Summary s = run(d, new ForkedJvmLauncher());
    assertTrue(s.complete());

    List<String> header = new ArrayList<>(PointsCsv.FIXED);
    header.add(PointsCsv.ENGINE);
    for (String p : List.of("icpt", "lambda", "tol", "maxiter", "maxii", "verbose", "X.rows",
        "X.cols", "X.min", "X.max", "X.seed", "Y.of", "Y.classes", "Y.seed")) {
      header.add("param:" + p);
    }
    header.addAll(PointMetrics.COLUMNS);
    assertEquals(String.join(",", header), Files.readAllLines(s.pointsCsv()).get(0));

    List<Row> rows = PointsCsv.read(s.pointsCsv());
    assertEquals(List.of("Base", "FA"), rows.stream().map(Row::point).toList());
    assertEquals(List.of("ok", "ok"), rows.stream().map(Row::status).toList());
    double base = Double.parseDouble(rows.get(0).metrics().get("objective"));
    double fused = Double.parseDouble(rows.get(1).metrics().get("objective"));
    assertEquals(base, fused, 1e-9 * Math.abs(base));
    assertEquals("0", rows.get(0).metrics().get("fused_cell"));
    assertFalse(rows.get(1).metrics().get("cplans").isEmpty());

    JsonNode stats = StatsFile.read(StatsFile.path(s.runDir(), "FA", 1));
    assertEquals("FA", stats.get("point").asText());
    assertEquals("ok", stats.get("status").asText());
    assertEquals(fused, stats.get("objective").asDouble());
    assertTrue(stats.get("heavyHitters").isArray());
    assertTrue(Files.isRegularFile(Path.of(stats.get("inputs").get("X").asText())));

    JsonNode run = new ObjectMapper().readTree(s.runDir().resolve("run.json").toFile());
    List<String> fields = new ArrayList<>();
    run.fieldNames().forEachRemaining(fields::add);
    assertEquals(List.of("name", "descriptorFile", "descriptorSha256", "descriptor", "runId",
        "status", "start", "end", "environment", "baselineVariant"), fields);
    assertEquals("complete", run.get("status").asText());
    assertEquals("Base", run.get("baselineVariant").asText());
    assertEquals(d.sha256(), run.get("descriptorSha256").asText());
    assertEquals(s.runDir().getFileName().toString(), run.get("runId").asText());
    List<String> env = new ArrayList<>();
    run.get("environment").fieldNames().forEachRemaining(env::add);
    assertEquals(List.of("commit", "dirty", "javaVersion", "jvm", "os", "cores", "maxHeapBytes",
        "physicalMemoryBytes", "planlabVersion"), env);
  }

  @Test
  void aVariantWithTimelineStoresEachRepetitionsSpansBesideItsStatsAndOthersStoreNone()
      throws IOException {
    Files.writeString(dir.resolve("t.dml"), "A = rand(rows=50, cols=50, seed=3)\n"
        + "B = A %*% t(A)\nprint(\"objective: \" + sum(B))\n");
    ExperimentDescriptor d = descriptor("""
        name: traced
        script: t.dml
        variants:
          Plain: {}
          Traced: {timeline: true}
        repeat: 2
        warmup: 0
        threads: 1
        jvm: {heap: 256m}
        """);
    ExperimentRunner.Summary s = run(d, new ForkedJvmLauncher());
    assertTrue(s.complete());

    for (int rep = 1; rep <= 2; rep++) {
      Path timeline = TimelineFile.path(s.runDir(), "Traced", rep);
      assertEquals(s.runDir().resolve("stats/Traced-r" + rep + ".timeline.csv"), timeline);
      List<String> lines = Files.readAllLines(timeline);
      assertEquals("name,where,thread,start_ms,end_ms", lines.get(0));
      List<StatisticsSnapshot.Span> spans = TimelineFile.read(timeline);
      assertFalse(spans.isEmpty());
      assertTrue(spans.stream().allMatch(x -> x.where().equals("cp")), lines.toString());
      assertTrue(spans.stream().allMatch(x -> x.endNanos() >= x.startNanos()), lines.toString());
      JsonNode stats = StatsFile.read(StatsFile.path(s.runDir(), "Traced", rep));
      assertEquals(spans.size(), stats.get("timelineSpans").asInt());
      assertFalse(stats.has("timeline"), "the spans are in the timeline file only");
    }
    assertFalse(Files.exists(TimelineFile.path(s.runDir(), "Plain", 1)));
    assertEquals(0, StatsFile.read(StatsFile.path(s.runDir(), "Plain", 1))
        .get("timelineSpans").asInt());
    assertEquals(List.of("Traced-r1.timeline.csv", "Traced-r2.timeline.csv"),
        listStats(s.runDir()).stream().filter(f -> f.endsWith(".timeline.csv")).toList());
  }

  @Test
  void withMachineReferenceEveryMeasuredRunRecordsItsCpuTimePerReferenceCpuSecond()
      throws IOException {
    Files.writeString(dir.resolve("t.dml"), "A = rand(rows=300, cols=300, seed=3)\n"
        + "B = A %*% t(A)\nprint(\"objective: \" + sum(B))\n");
    ExperimentDescriptor d = descriptor("""
        name: referenced
        script: t.dml
        reference: machine
        repeat: 3
        warmup: 1
        threads: 2
        jvm: {heap: 256m}
        """);
    ExperimentRunner.Summary s = run(d, new ForkedJvmLauncher());
    assertTrue(s.complete());
    List<Row> rows = PointsCsv.read(s.pointsCsv());
    assertEquals(3, rows.size());
    for (Row r : rows) {
      double cpu = Double.parseDouble(r.metrics().get("execute_cpu_s"));
      double reference = Double.parseDouble(r.metrics().get("reference_cpu_s"));
      double ratio = Double.parseDouble(r.metrics().get("execute_per_reference"));
      assertTrue(reference > 0, r.metrics().toString());
      // each written with six decimals: the ratio of the written values within their rounding
      assertEquals(cpu / reference, ratio, 1e-6 / reference * (1 + ratio) + 1e-6,
          r.metrics().toString());
    }
  }

  private static List<String> listStats(Path runDir) throws IOException {
    try (var files = Files.list(runDir.resolve(StatsFile.FOLDER))) {
      return files.map(f -> f.getFileName().toString()).sorted().toList();
    }
  }

  @Test
  void aPointThatStopsIsRecordedFailedWithItsMessageAndTheOthersAreOk() throws IOException {
    ExperimentRunner.Summary s = run(nScript("[1, 2, 3]", "1m", false),
        new ForkedJvmLauncher());
    assertEquals(1, s.failed());
    assertFalse(s.complete());
    List<Row> rows = PointsCsv.read(s.pointsCsv());
    assertEquals(List.of("n-1", "n-2", "n-3"), rows.stream().map(Row::point).toList());
    assertEquals(List.of("ok", "failed", "ok"), rows.stream().map(Row::status).toList());
    assertEquals(dir.resolve("s.dml") + ":3:3: error: n must not be 2", rows.get(1).error());
    assertEquals("3.0", rows.get(2).metrics().get("objective"));
    assertEquals("failed", StatsFile.read(StatsFile.path(s.runDir(), "n-2", 1))
        .get("status").asText());
  }

  @Test
  void aSecondInvocationSkipsFinishedPointsAndRunsFailedOnesAgain() throws IOException {
    ExperimentDescriptor d = nScript("[1, 2, 3]", "1m", false);
    ExperimentRunner.Summary first = run(d, new ForkedJvmLauncher());
    long okStatsTime = Files.getLastModifiedTime(StatsFile.path(first.runDir(), "n-1", 1))
        .toMillis();

    CountingLauncher counting = new CountingLauncher();
    ExperimentRunner.Summary second = run(d, counting);
    assertEquals(first.runDir(), second.runDir());
    assertEquals(1, counting.launches.get());
    assertEquals(2, second.skipped());
    assertEquals(okStatsTime, Files.getLastModifiedTime(StatsFile.path(second.runDir(), "n-1",
        1)).toMillis());
    assertEquals(List.of("ok", "failed", "ok"), PointsCsv.read(second.pointsCsv()).stream()
        .map(Row::status).toList());
  }

  @Test
  void aPointPastItsTimeoutIsRecordedAsTimeoutAndTheRunGoesOn() throws IOException {
    // the limit leaves a busy machine ample time to start the JVM of the point that is ok
    ExperimentRunner.Summary s = run(nScript("[2, 3]", "8s", true), new ForkedJvmLauncher());
    List<Row> rows = PointsCsv.read(s.pointsCsv());
    assertEquals(List.of("timeout", "ok"), rows.stream().map(Row::status).toList());
    assertEquals("timed out after 8s", rows.get(0).error());
    assertEquals(1, s.failed());
  }

  @Test
  void aPointJvmEndsItselfPastItsTimeoutWhenTheRunnerDoesNot() throws IOException {
    // the runner waits an hour: only the point JVM's own watchdog ends it at the descriptor's 3s
    PointLauncher patient = r -> new ForkedJvmLauncher().launch(new PointLauncher.Request(
        r.specFile(), r.heap(), r.jvmOptions(), Duration.ofHours(1), r.workingDirectory(),
        r.stdout(), r.stderr()));
    long t0 = System.nanoTime();
    ExperimentRunner.Summary s = run(nScript("[2]", "3s", true), patient);
    assertTrue(System.nanoTime() - t0 < Duration.ofMinutes(1).toNanos());
    List<Row> rows = PointsCsv.read(s.pointsCsv());
    assertEquals(List.of("timeout"), rows.stream().map(Row::status).toList());
    assertEquals("timed out after 3s", rows.get(0).error());
    assertEquals("complete-with-failures", s.status());
  }

  @Test
  void roundsRunThePointsRoundRobinAndPoolTheirNumberedRuns() throws IOException {
    ExperimentDescriptor d = nScript("[1, 3]", "1m", false);
    List<String> launched = new ArrayList<>();
    PointLauncher recording = request -> {
      launched.add(request.stdout().getFileName().toString());
      return new ForkedJvmLauncher().launch(request);
    };
    ExperimentRunner.Options twoRounds = new ExperimentRunner.Options(null, 2, null, null,
        dir.resolve("results"), false, 2);
    List<String> finished = new ArrayList<>();
    ExperimentRunner.Summary s = new ExperimentRunner(recording).run(d, twoRounds,
        new ExperimentRunner.Listener() {
          @Override
          public void pointFinished(ExperimentRunner.PointOutcome o) {
            finished.add(o.index() + "/" + o.total() + " " + o.point().id() + " "
                + o.rows().stream().map(r -> Integer.toString(r.rep())).toList());
          }
        });
    assertTrue(s.complete());
    assertEquals(List.of("n-1.out", "n-3.out", "n-1.round2.out", "n-3.round2.out"), launched);
    assertEquals(List.of("1/4 n-1 [1, 2]", "2/4 n-3 [1, 2]", "3/4 n-1 [3, 4]",
        "4/4 n-3 [3, 4]"), finished);
    List<Row> rows = PointsCsv.read(s.pointsCsv());
    assertEquals(List.of("n-1:1", "n-1:2", "n-1:3", "n-1:4", "n-3:1", "n-3:2", "n-3:3",
        "n-3:4"), rows.stream().map(r -> r.point() + ":" + r.rep()).toList());
    assertTrue(rows.stream().allMatch(Row::ok));
    assertEquals(4, StatsFile.read(StatsFile.path(s.runDir(), "n-3", 4)).get("rep").asInt());

    // the run folder continued with the same rounds and repeats: nothing is left to do
    CountingLauncher counting = new CountingLauncher();
    ExperimentRunner.Summary again = new ExperimentRunner(counting).run(d,
        new ExperimentRunner.Options(null, 2, null, s.runDir(), dir.resolve("results"), false,
            2), new ExperimentRunner.Listener() { });
    assertEquals(0, counting.launches.get());
    assertEquals(2, again.skipped());
  }

  @Test
  void aDescriptorsRoundsAreRunUnlessTheOptionsSayOtherwise() throws IOException {
    ExperimentDescriptor once = nScript("[1]", "1m", false);
    ExperimentDescriptor d = new ExperimentDescriptor(once.file(), once.sha256(), once.name(),
        once.description(), once.studies(), once.backend(), once.variants(), once.repeat(),
        once.warmup(), 2, once.timeout(), once.threads(), once.jvm(), once.reference());
    List<String> launched = new ArrayList<>();
    PointLauncher recording = request -> {
      launched.add(request.stdout().getFileName().toString());
      return new ForkedJvmLauncher().launch(request);
    };
    ExperimentRunner.Summary s = new ExperimentRunner(recording).run(d,
        new ExperimentRunner.Options(null, 1, null, null, dir.resolve("results"), false, null),
        new ExperimentRunner.Listener() { });
    assertTrue(s.complete());
    assertEquals(List.of("Default.out", "Default.round2.out"), launched);
    assertEquals(2, PointsCsv.read(s.pointsCsv()).size());

    launched.clear();
    new ExperimentRunner(recording).run(d, new ExperimentRunner.Options(null, 1, null, null,
        dir.resolve("results"), true, 1), new ExperimentRunner.Listener() { });
    assertEquals(List.of("Default.out"), launched, "--rounds 1 overrides the descriptor");
  }

  @Test
  void roundsMustBePositive() {
    IllegalArgumentException e = org.junit.jupiter.api.Assertions.assertThrows(
        IllegalArgumentException.class, () -> new ExperimentRunner.Options(null, null, null,
            null, dir, false, 0));
    assertEquals("--rounds must be >= 1, was 0", e.getMessage());
  }
}
