package org.planlab.experiment.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.planlab.experiment.report.ResultsFixture.WALL;

import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.planlab.engine.stats.StatisticsSnapshot.Span;
import org.planlab.experiment.results.TimelineFile;

class ReportWriterTest {
  @TempDir
  Path dir;

  private static double median(double... v) {
    double[] s = v.clone();
    Arrays.sort(s);
    return s[s.length / 2]; // three repetitions: the middle one
  }

  private static String f(String format, double v) {
    return String.format(Locale.ROOT, format, v);
  }

  private Path standardRun() {
    return ResultsFixture.standard().write(dir.resolve("exp/20240102T030405Z"), "l2svm-rows",
        "Base");
  }

  private List<WrittenFile> report(Path run, Set<ReportFormat> formats) {
    return ReportWriter.write(ResultsTable.read(run),
        new ReportOptions(formats, "wall_s", Optional.empty(), run.resolve("report")));
  }

  private String markdown() throws IOException {
    Path run = standardRun();
    report(run, EnumSet.of(ReportFormat.MD));
    return Files.readString(run.resolve("report/report.md"));
  }

  private static void assertContainsLines(String text, String... lines) {
    String block = String.join("\n", lines) + "\n";
    assertTrue(text.contains(block), "expected\n" + block + "in\n" + text);
  }

  @Test
  void markdownTableHasOneRowPerSizeWithTheMedianOfEachVariantAndFailedPoints()
      throws IOException {
    String md = markdown();
    assertContainsLines(md,
        "| X.rows | Base | FA | Gen |",
        "|---|---:|---:|---:|",
        "| 1e5 | " + f("%.2f s", median(WALL[0][0])) + " | " + f("%.3f s", median(WALL[0][1]))
            + " | " + f("%.3f s", median(WALL[0][2])) + " |",
        "| 1e6 | " + f("%.1f s", median(WALL[1][0])) + " | " + f("%.2f s", median(WALL[1][1]))
            + " | failed |");
    assertTrue(md.contains("| 1e5 | 1.70 s | 0.850 s | 0.500 s |"), md);
  }

  @Test
  void markdownSpeedupTableDividesTheBaselineMedianByTheVariantMedian() throws IOException {
    String md = markdown();
    assertContainsLines(md,
        "| X.rows | FA | Gen |",
        "|---|---:|---:|",
        "| 1e5 | " + f("%.2fx", median(WALL[0][0]) / median(WALL[0][1])) + " | "
            + f("%.2fx", median(WALL[0][0]) / median(WALL[0][2])) + " |",
        "| 1e6 | " + f("%.2fx", median(WALL[1][0]) / median(WALL[1][1])) + " | failed |");
  }

  @Test
  void markdownCompileTableShowsCodegenCountersOfTheVariantsThatRecordedThem()
      throws IOException {
    String md = markdown();
    assertContainsLines(md,
        "| X.rows | variant | codegen_ms | plans_evaluated | fused_cell |",
        "|---|---|---:|---:|---:|",
        "| 1e5 | FA | 20.0 | 7 | 2 |",
        "| 1e5 | Gen | 20.0 | 12 | 2 |",
        "| 1e6 | FA | 20.0 | 7 | 2 |");
  }

  @Test
  void chosenCountersAreTheCompactTablesColumns() throws IOException {
    Path run = standardRun();
    ReportWriter.write(ResultsTable.read(run), new ReportOptions(EnumSet.of(ReportFormat.MD),
        "wall_s", Optional.empty(), run.resolve("report"), List.of("plans_evaluated",
            "codegen_ms")));
    String md = Files.readString(run.resolve("report/report.md"));
    assertContainsLines(md,
        "| X.rows | variant | plans_evaluated | codegen_ms |",
        "|---|---|---:|---:|",
        "| 1e5 | FA | 7 | 20.0 |",
        "| 1e5 | Gen | 12 | 20.0 |");
  }

  @Test
  void constantParametersAreNotTableColumns() throws IOException {
    String md = markdown();
    assertTrue(!md.contains("X.cols") && !md.contains("maxiter"), md);
  }

  @Test
  void summaryCsvHoldsMedianMinMaxAndCountPerPointAndVariant() throws IOException {
    Path run = standardRun();
    report(run, EnumSet.of(ReportFormat.CSV));
    List<String> lines = Files.readAllLines(run.resolve("report/summary.csv"));
    assertEquals("workload,param:X.rows,param:X.cols,param:maxiter,variant,status,metric,reps,"
        + "count,median,min,max", lines.get(0));
    assertEquals("l2svm,1e5,10,20,Base,ok,wall_s,3,3,1.7,1.5,1.9", lines.get(1));
    assertEquals("l2svm,1e6,10,20,Gen,failed,wall_s,3,0,,,", lines.get(6));
    assertEquals(7, lines.size());
  }

  @Test
  void figuresArePngImagesAndTheHtmlShowsThem() throws IOException {
    Path run = standardRun();
    List<WrittenFile> written = report(run, EnumSet.of(ReportFormat.PNG, ReportFormat.HTML));
    List<Path> figures = written.stream().filter(w -> w.kind().equals("figure"))
        .map(WrittenFile::path).toList();
    assertEquals(List.of(run.resolve("report/l2svm-wall_s.png"),
        run.resolve("report/l2svm-speedup-wall_s.png")), figures);
    for (Path p : figures) {
      BufferedImage img = ImageIO.read(p.toFile());
      assertNotNull(img, p.toString());
      assertTrue(img.getWidth() > 0 && img.getHeight() > 0, p.toString());
    }
    String html = Files.readString(run.resolve("report/report.html"));
    assertTrue(html.contains("<img src=\"l2svm-wall_s.png\""), html);
    assertTrue(html.contains("<img src=\"l2svm-speedup-wall_s.png\""), html);
    assertTrue(html.contains("<td>1e5</td><td class=\"num\">1.70 s</td>"), html);
  }

  /** Two threads, every kind of span, one span too short to draw, in the first repetition. */
  private static final List<Span> TIMELINE = List.of(
      new Span("sp_tsmm", "spark", "planlab-main", 0, 400_000_000),
      new Span("prefetch tocp", "spark", "planlab-prefetch-1", 400_000_000, 900_000_000),
      new Span("ba+*", "cp", "planlab-main", 400_000_000, 800_000_000),
      new Span("gpu_ba+*", "gpu", "planlab-main", 800_000_000, 950_000_000),
      new Span("rvar", "cp", "planlab-main", 950_000_000, 950_010_000),
      new Span("ua_sum_full", "cp", "planlab-main", 950_010_000, 1_000_000_000));

  @Test
  void aPointThatStoredTimelinesGetsAChartOfItsFirstRepetitionListedInTheReport()
      throws IOException {
    Path run = standardRun();
    String point = "l2svm_1e5-10-20_FA";
    TimelineFile.write(TimelineFile.path(run, point, 2), TIMELINE.subList(0, 2));
    TimelineFile.write(TimelineFile.path(run, point, 1), TIMELINE);
    List<WrittenFile> written = report(run, EnumSet.of(ReportFormat.MD, ReportFormat.PNG));

    Path png = run.resolve("report/timeline-" + point + ".png");
    assertTrue(written.contains(new WrittenFile("figure", png)), written.toString());
    BufferedImage img = ImageIO.read(png.toFile());
    assertNotNull(img);
    assertEquals(Charts.WIDTH, img.getWidth());
    String md = Files.readString(run.resolve("report/report.md"));
    assertContainsLines(md, "## Timelines");
    assertTrue(md.contains("![l2svm-rows: timeline of " + point + ", repetition 1 (5 spans; 1 "
        + "under 0.5% of the run not drawn)](timeline-" + point + ".png)"), md);
  }

  @Test
  void aRunWithoutTimelinesHasNoTimelineSection() throws IOException {
    String md = markdown();
    assertFalse(md.contains("Timelines"), md);
  }

  @Test
  void timelineLanesAreThreadsInTheOrderTheyFirstRanSomething() {
    assertEquals(List.of("planlab-main", "planlab-prefetch-1"), TimelineChart.lanes(TIMELINE));
    assertEquals(TimelineChart.Kind.PREFETCH, TimelineChart.Kind.of(TIMELINE.get(1)));
    assertEquals(TimelineChart.Kind.SPARK, TimelineChart.Kind.of(TIMELINE.get(0)));
    assertEquals(TimelineChart.Kind.GPU, TimelineChart.Kind.of(TIMELINE.get(3)));
  }

  @Test
  void writtenFilesEndWithTheTableThenTheFigures() {
    Path run = standardRun();
    List<WrittenFile> written = report(run, EnumSet.of(ReportFormat.MD, ReportFormat.PNG));
    assertEquals(List.of("table", "figure", "figure"),
        written.stream().map(WrittenFile::kind).toList());
    assertEquals("table: " + run.resolve("report/report.md"), written.get(0).line());
  }

  @Test
  void lineChartForThreeSizesIsDrawnOnLogAxes() throws IOException {
    ResultsFixture f = new ResultsFixture("X.rows");
    String[] sizes = {"1e3", "1e4", "1e5"};
    double[] base = {0.01, 0.1, 1.0};
    for (int s = 0; s < 3; s++) {
      f.ok("sum", "Base", 1, List.of(sizes[s]), java.util.Map.of("wall_s", base[s]));
      f.ok("sum", "Gen", 1, List.of(sizes[s]), java.util.Map.of("wall_s", base[s] / 3));
    }
    Path run = f.write(dir.resolve("sum/20240101T000000Z"), "sum", "Base");
    report(run, EnumSet.of(ReportFormat.PNG));
    assertNotNull(ImageIO.read(run.resolve("report/sum-wall_s.png").toFile()));
  }

  @Test
  void unknownMetricIsAnErrorListingTheMetrics() {
    Path run = standardRun();
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> ReportWriter.write(ResultsTable.read(run), new ReportOptions(
            EnumSet.of(ReportFormat.MD), "wal_s", Optional.empty(), run.resolve("report"))));
    assertEquals("unknown metric 'wal_s'; metrics of " + run.resolve("points.csv") + ": "
        + String.join(", ", ResultsFixture.CONTRACT_METRICS), e.getMessage());
  }

  @Test
  void unknownBaselineVariantIsAnErrorListingTheVariants() {
    Path run = standardRun();
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> ReportWriter.write(ResultsTable.read(run), new ReportOptions(
            EnumSet.of(ReportFormat.MD), "wall_s", Optional.of("FNR"), run.resolve("report"))));
    assertEquals("unknown baseline variant 'FNR'; variants of " + run.resolve("points.csv")
        + ": Base, FA, Gen", e.getMessage());
  }

  @Test
  void baselineOptionChangesTheSpeedupReference() throws IOException {
    Path run = standardRun();
    ReportWriter.write(ResultsTable.read(run), new ReportOptions(EnumSet.of(ReportFormat.MD),
        "wall_s", Optional.of("FA"), run.resolve("report")));
    String md = Files.readString(run.resolve("report/report.md"));
    assertContainsLines(md,
        "| X.rows | Base | Gen |",
        "|---|---:|---:|",
        "| 1e5 | " + f("%.2fx", median(WALL[0][1]) / median(WALL[0][0])) + " | "
            + f("%.2fx", median(WALL[0][1]) / median(WALL[0][2])) + " |");
  }
}
