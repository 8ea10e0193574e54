package org.planlab.cli;

import static org.planlab.cli.CliRun.planlab;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.planlab.experiment.report.ResultsFixture;

class ReportCommandTest {
  @TempDir
  Path dir;



  private Path experiment() {
    ResultsFixture.standard().write(dir.resolve("exp/20240101T000000Z"), "exp", "Base");
    return dir.resolve("exp");
  }

  @Test
  void defaultFormatsPrintTheTableThenTheFigures() {
    Path exp = experiment();
    CliRun r = planlab("report", exp.toString());
    assertEquals(0, r.code(), r.err());
    Path out = exp.resolve("report");
    assertEquals(List.of("table: " + out.resolve("report.md"),
        "figure: " + out.resolve("l2svm-wall_s.png"),
        "figure: " + out.resolve("l2svm-speedup-wall_s.png")), r.out().lines().toList());
    assertEquals("", r.err());
  }

  @Test
  void outOptionChoosesTheFolderAndCsvIsWritten() throws IOException {
    Path exp = experiment();
    Path out = dir.resolve("elsewhere");
    CliRun r = planlab("report", exp.toString(), "--format", "csv,md", "--out", out.toString());
    assertEquals(0, r.code(), r.err());
    assertEquals(List.of("summary: " + out.resolve("summary.csv"),
        "table: " + out.resolve("report.md")), r.out().lines().toList());
    assertTrue(Files.readString(out.resolve("summary.csv")).startsWith("workload,"));
  }

  @Test
  void unknownFormatIsAUsageErrorListingTheFormats() {
    CliRun r = planlab("report", experiment().toString(), "--format", "md,pdf");
    assertEquals(2, r.code());
    assertTrue(r.err().startsWith("--format: unknown format 'pdf'; valid formats: md, csv, png,"
        + " html\n"), r.err());
  }

  @Test
  void unknownMetricIsAUsageError() {
    CliRun r = planlab("report", experiment().toString(), "--metric", "walls");
    assertEquals(2, r.code());
    assertTrue(r.err().startsWith("unknown metric 'walls'; metrics of "), r.err());
  }

  @Test
  void missingFolderIsAUsageError() {
    CliRun r = planlab("report", dir.resolve("nope").toString());
    assertEquals(2, r.code());
    assertTrue(r.err().startsWith("results folder " + dir.resolve("nope")
        + " does not exist\n"), r.err());
  }

  @Test
  void folderWithoutResultsFailsWithoutStackTrace() throws IOException {
    Files.createDirectories(dir.resolve("empty"));
    CliRun r = planlab("report", dir.resolve("empty").toString());
    assertEquals(1, r.code());
    assertEquals("planlab: no points.csv in " + dir.resolve("empty") + " nor in a run folder"
        + " below it (expected results/<name>/<run-id>/points.csv)\n", r.err());
    assertFalse(r.err().contains("at org."));
  }
}
