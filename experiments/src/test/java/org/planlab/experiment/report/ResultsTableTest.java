package org.planlab.experiment.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ResultsTableTest {
  @TempDir
  Path dir;

  @Test
  void experimentFolderResolvesToItsNewestRun() {
    ResultsFixture f = new ResultsFixture("n").ok("w", "A", 1, List.of("1"),
        Map.of("wall_s", 1.0));
    f.write(dir.resolve("exp/20240101T000000Z"), "exp", "A");
    Path newest = f.write(dir.resolve("exp/20240301T000000Z"), "exp", "A");
    f.write(dir.resolve("exp/20240201T000000Z"), "exp", "A");
    assertEquals(newest, ResultsTable.resolveRun(dir.resolve("exp")));
    assertEquals(newest, ResultsTable.read(dir.resolve("exp")).runs().get(0).dir());
  }

  @Test
  void runFolderResolvesToItself() {
    Path run = ResultsFixture.standard().write(dir.resolve("r"), "exp", "Base");
    assertEquals(run, ResultsTable.resolveRun(run));
  }

  @Test
  void folderWithoutRunsIsAnErrorNamingIt() throws IOException {
    Files.createDirectories(dir.resolve("empty/report"));
    ReportException e = assertThrows(ReportException.class,
        () -> ResultsTable.read(dir.resolve("empty")));
    assertEquals("no points.csv in " + dir.resolve("empty") + " nor in a run folder below it"
        + " (expected results/<name>/<run-id>/points.csv)", e.getMessage());
  }

  @Test
  void parametersDifferingOnlyInCaseAreTwoColumns() throws IOException {
    // two workloads of one descriptor, one with an input y, the other with Y
    Path run = dir.resolve("exp/20240101T000000Z");
    Files.createDirectories(run);
    Files.writeString(run.resolve("points.csv"), "point,workload,variant,rep,status,error,"
        + "param:y.of,param:Y.of,wall_s\n"
        + "a,w1,A,1,ok,,X,,1.5\n"
        + "b,w2,A,1,ok,,,X,2.5\n");
    ResultsTable t = ResultsTable.read(run);
    assertEquals(List.of("param:y.of", "param:Y.of~2"), t.parameterColumns());
    assertEquals("X", t.text("param:y.of", 0));
    assertEquals("X", t.text("param:Y.of~2", 1));
    assertEquals(2.5, t.metric("wall_s", 1));
  }

  @Test
  void parametersStayTextAndEmptyMetricsAreMissing() {
    Path run = ResultsFixture.standard().write(dir.resolve("r"), "exp", "Base");
    ResultsTable t = ResultsTable.read(run);
    assertEquals(18, t.rowCount());
    assertEquals("1e5", t.text("param:X.rows", 0));
    assertEquals(1.9, t.metric("wall_s", 0));
    assertTrue(Double.isNaN(t.metric("codegen_ms", 0)), "Base has no codegen time");
    assertEquals(List.of("param:X.rows", "param:X.cols", "param:maxiter"),
        t.parameterColumns());
    assertEquals(ResultsFixture.CONTRACT_METRICS, t.metricColumns());
  }

  @Test
  void runJsonGivesNameAndBaselineVariant() {
    Path run = ResultsFixture.standard().write(dir.resolve("r"), "l2svm-rows", "FA");
    RunInfo info = ResultsTable.read(run).runs().get(0);
    assertEquals("l2svm-rows", info.name());
    assertEquals("FA", info.baselineVariant());
    assertEquals("complete", info.status());
  }

  @Test
  void extraMetricColumnsAreMetricsAndRunsCombineOverTheUnionOfColumns() throws IOException {
    Path a = ResultsFixture.standard().write(dir.resolve("a"), "exp", "Base");
    Path b = dir.resolve("b");
    Files.createDirectories(b);
    Files.writeString(b.resolve("points.csv"),
        "point,workload,variant,rep,status,error,param:size,score_ms,score_error_ms\n"
            + "k_1_Base,kernel,Base,1,ok,,1000,2.5,0.1\n");
    ResultsTable t = ResultsTable.read(List.of(a, b));
    assertEquals(19, t.rowCount());
    assertTrue(t.metricColumns().containsAll(List.of("wall_s", "score_ms", "score_error_ms")));
    assertEquals(2.5, t.metric("score_ms", 18));
    assertTrue(Double.isNaN(t.metric("score_ms", 0)));
    assertEquals("", t.text("param:size", 0));
    assertEquals("1000", t.text("param:size", 18));
    assertEquals("Base", t.runs().get(1).baselineVariant(), "no run.json: the first variant");
  }

  @Test
  void missingKeyColumnIsAnErrorNamingFileAndColumn() throws IOException {
    Path run = dir.resolve("bad");
    Files.createDirectories(run);
    Files.writeString(run.resolve("points.csv"), "point,workload,rep,status\nx,w,1,ok\n");
    ReportException e = assertThrows(ReportException.class, () -> ResultsTable.read(run));
    assertEquals(run.resolve("points.csv") + ": missing column 'variant' (columns: "
        + "point,workload,rep,status)", e.getMessage());
  }
}
