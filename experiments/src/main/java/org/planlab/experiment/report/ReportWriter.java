package org.planlab.experiment.report;

import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import org.planlab.engine.stats.StatisticsSnapshot.Span;
import org.planlab.experiment.report.ChartDecisions.ChartKind;
import org.planlab.experiment.report.ReportDocument.Element;
import org.planlab.experiment.report.ReportDocument.Figure;
import org.planlab.experiment.report.ReportDocument.Heading;
import org.planlab.experiment.report.ReportDocument.Paragraph;
import org.planlab.experiment.report.ReportDocument.TableBlock;
import org.planlab.experiment.results.TimelineFile;
import tech.tablesaw.api.DoubleColumn;
import tech.tablesaw.api.IntColumn;
import tech.tablesaw.api.StringColumn;
import tech.tablesaw.api.Table;

/**
 * Writes the tables and figures of one run ({@code planlab report}): per workload a table of the
 * metric's medians (rows = data points, columns = variants), the speed-ups over the baseline
 * variant, the compile and code-generation counters when the run recorded them, and their
 * figures; then a timeline chart ({@link TimelineChart}) per point that stored timelines. Every
 * file is written atomically.
 */
public final class ReportWriter {
  /** The Markdown report's file name. */
  public static final String MARKDOWN_FILE = "report.md";
  /** The HTML report's file name. */
  public static final String HTML_FILE = "report.html";
  /** The aggregated rows' file name. */
  public static final String SUMMARY_FILE = "summary.csv";

  private final ResultsTable results;
  private final ReportOptions options;
  private final RunInfo run;
  private final Summary summary;
  private final String baseline;
  private final List<Element> elements = new ArrayList<>();
  private final List<WrittenFile> figures = new ArrayList<>();

  private ReportWriter(ResultsTable results, ReportOptions options) {
    this.results = results;
    this.options = options;
    this.run = results.runs().get(0);
    if (!results.metricColumns().contains(options.metric())) {
      throw new IllegalArgumentException("unknown metric '" + options.metric() + "'; metrics of "
          + run.dir().resolve(ResultsTable.POINTS_FILE) + ": "
          + String.join(", ", results.metricColumns()));
    }
    this.summary = Summary.of(results, options.metric());
    this.baseline = options.baseline().orElse(run.baselineVariant());
    List<String> variants = summary.variants();
    if (!variants.isEmpty() && !variants.contains(baseline)) {
      throw new IllegalArgumentException("unknown baseline variant '" + baseline
          + "'; variants of " + run.dir().resolve(ResultsTable.POINTS_FILE) + ": "
          + String.join(", ", variants));
    }
  }

  /**
   * Writes the report of the first run of {@code results} into {@code options.out()}.
   *
   * @return the files written: summary, html, table, then the figures
   * @throws IllegalArgumentException when the metric or baseline variant is not in the results
   *     (the message lists the valid ones)
   * @throws ReportException when a file cannot be written
   */
  public static List<WrittenFile> write(ResultsTable results, ReportOptions options) {
    return new ReportWriter(results, options).write();
  }

  private List<WrittenFile> write() {
    elements.add(new Paragraph("Run " + run.runId()
        + (run.status().isEmpty() ? "" : " (" + run.statusLabel() + ")") + ", "
        + results.rowCount() + " rows of " + run.dir().resolve(ResultsTable.POINTS_FILE)
        + ". Median " + options.metric() + " over the ok repetitions"
        + (baseline.isEmpty() ? "." : "; speed-up = " + baseline + " median / variant median.")));
    for (String w : summary.workloads()) {
      section(w);
    }
    if (options.figures()) {
      timelines();
    }
    ReportDocument doc = new ReportDocument(run.name() + ": " + options.metric(), elements);
    List<WrittenFile> written = new ArrayList<>();
    Path out = options.out();
    if (options.formats().contains(ReportFormat.CSV)) {
      Path f = out.resolve(SUMMARY_FILE);
      OutputFiles.write(f, summaryCsv());
      written.add(new WrittenFile("summary", f));
    }
    if (options.formats().contains(ReportFormat.HTML)) {
      Path f = out.resolve(HTML_FILE);
      OutputFiles.write(f, doc.html().getBytes(StandardCharsets.UTF_8));
      written.add(new WrittenFile("html", f));
    }
    if (options.formats().contains(ReportFormat.MD)) {
      Path f = out.resolve(MARKDOWN_FILE);
      OutputFiles.write(f, doc.markdown().getBytes(StandardCharsets.UTF_8));
      written.add(new WrittenFile("table", f));
    }
    written.addAll(figures);
    return List.copyOf(written);
  }

  private void section(String w) {
    List<PointKey> points = summary.points(w);
    List<String> varying = summary.varyingParameters(w);
    List<String> variants = summary.variants(w);
    List<String> labelHeader = varying.isEmpty() ? List.of("workload") : varying;
    Labels labels = new Labels(points, varying);
    elements.add(new Heading(2, w));

    List<List<String>> rows = new ArrayList<>();
    for (PointKey p : points) {
      List<String> r = new ArrayList<>(labels.of(p));
      variants.forEach(v -> r.add(summary.find(p, v).map(Aggregate::cell).orElse("")));
      rows.add(r);
    }
    elements.add(new Paragraph("Median " + Formats.titleWithUnit(options.metric())
        + " per data point and variant:"));
    elements.add(new TableBlock(concat(labelHeader, variants), rows, labelHeader.size()));

    List<String> others = variants.stream().filter(v -> !v.equals(baseline)).toList();
    boolean speedups = variants.contains(baseline) && !others.isEmpty();
    if (speedups) {
      List<List<String>> sRows = new ArrayList<>();
      for (PointKey p : points) {
        List<String> r = new ArrayList<>(labels.of(p));
        others.forEach(v -> r.add(speedupCell(p, v)));
        sRows.add(r);
      }
      elements.add(new Paragraph("Speed-up over " + baseline + " (" + baseline
          + " median / variant median):"));
      elements.add(new TableBlock(concat(labelHeader, others), sRows, labelHeader.size()));
    }
    codegenTable(w, points, labels, variants, labelHeader);
    if (options.figures()) {
      metricFigure(w, points, varying, labels, variants);
      if (speedups) {
        speedupFigure(w, points, varying, labels, others);
      }
    }
  }

  private OptionalDouble speedup(PointKey p, String variant) {
    Optional<Aggregate> b = summary.find(p, baseline);
    Optional<Aggregate> v = summary.find(p, variant);
    if (b.isEmpty() || v.isEmpty() || !b.get().hasValue() || !v.get().hasValue()
        || v.get().median() == 0) {
      return OptionalDouble.empty();
    }
    return OptionalDouble.of(b.get().median() / v.get().median());
  }

  private String speedupCell(PointKey p, String variant) {
    OptionalDouble s = speedup(p, variant);
    if (s.isPresent()) {
      return Formats.ratio(s.getAsDouble());
    }
    // a failed variant shows why; a failed baseline leaves nothing to compare against
    Optional<Aggregate> v = summary.find(p, variant);
    return v.isPresent() && !v.get().hasValue() ? v.get().cell() : "-";
  }

  private void codegenTable(String w, List<PointKey> points, Labels labels,
      List<String> variants, List<String> labelHeader) {
    List<Summary> present = new ArrayList<>();
    for (String m : options.counters()) {
      if (results.hasColumn(m)) {
        Summary s = Summary.of(results, m);
        if (s.hasValues(w)) {
          present.add(s);
        }
      }
    }
    if (present.isEmpty()) {
      return;
    }
    List<List<String>> rows = new ArrayList<>();
    for (PointKey p : points) {
      for (String v : variants) {
        List<String> cells = new ArrayList<>();
        boolean any = false;
        for (Summary s : present) {
          Optional<Aggregate> a = s.find(p, v).filter(Aggregate::hasValue);
          any |= a.isPresent();
          cells.add(a.map(x -> Formats.plain(x.median(), x.metric())).orElse("-"));
        }
        if (any) {
          List<String> r = new ArrayList<>(labels.of(p));
          r.add(v);
          r.addAll(cells);
          rows.add(r);
        }
      }
    }
    List<String> header = new ArrayList<>(labelHeader);
    header.add("variant");
    present.forEach(s -> header.add(s.metric()));
    elements.add(new Paragraph("Counters (medians):"));
    elements.add(new TableBlock(header, rows, labelHeader.size() + 1));
  }

  private void metricFigure(String w, List<PointKey> points, List<String> varying,
      Labels labels, List<String> variants) {
    if (!summary.hasValues(w)) {
      return; // every point failed: nothing to draw
    }
    String metric = options.metric();
    String title = run.name() + ": " + metric + workloadSuffix(w);
    String yTitle = Formats.titleWithUnit(metric);
    double[] medians = summary.rows().stream()
        .filter(a -> a.point().workload().equals(w) && a.hasValue())
        .mapToDouble(Aggregate::median).toArray();
    Map<String, List<String>> values = new LinkedHashMap<>();
    varying.forEach(n -> values.put(n, points.stream().map(p -> p.param(n)).toList()));
    byte[] png;
    if (ChartDecisions.chartKind(values) == ChartKind.LINE) {
      String param = varying.get(0);
      List<Charts.Line> lines = new ArrayList<>();
      for (String v : variants) {
        List<double[]> xy = new ArrayList<>();
        for (PointKey p : points) {
          summary.find(p, v).filter(Aggregate::hasValue).ifPresent(a -> xy.add(new double[] {
              Formats.number(p.param(param)).orElseThrow(), a.median()}));
        }
        if (!xy.isEmpty()) {
          lines.add(new Charts.Line(v, xy.stream().mapToDouble(d -> d[0]).toArray(),
              xy.stream().mapToDouble(d -> d[1]).toArray()));
        }
      }
      double[] xs = points.stream()
          .mapToDouble(p -> Formats.number(p.param(param)).orElseThrow()).toArray();
      png = Charts.line(title, param, yTitle, lines, ChartDecisions.logAxis(xs),
          ChartDecisions.logAxis(medians));
    } else {
      Map<String, List<Double>> series = new LinkedHashMap<>();
      for (String v : variants) {
        List<Double> ys = points.stream().map(p -> summary.find(p, v)
            .filter(Aggregate::hasValue).map(Aggregate::median).orElse(null)).toList();
        if (ys.stream().anyMatch(y -> y != null)) {
          series.put(v, ys);
        }
      }
      png = Charts.bars(title, categoryTitle(varying), yTitle, points.stream().map(labels::category).toList(),
          series, ChartDecisions.logAxis(medians));
    }
    Path f = options.out().resolve(fileName(w) + "-" + fileName(metric) + ".png");
    OutputFiles.write(f, png);
    figures.add(new WrittenFile("figure", f));
    elements.add(new Figure(f.getFileName().toString(), title));
  }

  private void speedupFigure(String w, List<PointKey> points, List<String> varying,
      Labels labels, List<String> others) {
    Map<String, List<Double>> series = new LinkedHashMap<>();
    List<Double> all = new ArrayList<>();
    for (String v : others) {
      List<Double> ys = new ArrayList<>();
      for (PointKey p : points) {
        OptionalDouble s = speedup(p, v);
        ys.add(s.isPresent() ? s.getAsDouble() : null);
        s.ifPresent(all::add);
      }
      if (ys.stream().anyMatch(y -> y != null)) {
        series.put(v, ys);
      }
    }
    if (series.isEmpty()) {
      return;
    }
    String title = run.name() + ": speed-up over " + baseline + " (" + options.metric() + ")"
        + workloadSuffix(w);
    byte[] png = Charts.bars(title, categoryTitle(varying), "speed-up [x]",
        points.stream().map(labels::category).toList(), series,
        ChartDecisions.logAxis(all.stream().mapToDouble(Double::doubleValue).toArray()));
    Path f = options.out().resolve(fileName(w) + "-speedup-" + fileName(options.metric())
        + ".png");
    OutputFiles.write(f, png);
    figures.add(new WrittenFile("figure", f));
    elements.add(new Figure(f.getFileName().toString(), title));
  }

  /**
   * A timeline chart per point that stored timelines ({@code timeline: true}), of its first
   * repetition, in the order of the points in points.csv.
   */
  private void timelines() {
    Map<String, Integer> stored = TimelineFile.firstRepetitions(run.dir());
    if (stored.isEmpty()) {
      return;
    }
    List<String> order = new ArrayList<>();
    for (int r = 0; r < results.rowCount(); r++) {
      String p = results.text("point", r);
      if (stored.containsKey(p) && !order.contains(p)) {
        order.add(p);
      }
    }
    stored.keySet().stream().filter(p -> !order.contains(p)).forEach(order::add);
    elements.add(new Heading(2, "Timelines"));
    elements.add(new Paragraph("The first stored timeline of each point: a lane per thread, a "
        + "bar per instruction or prefetch colored by where it ran (cp, spark, gpu, "
        + "prefetch), in milliseconds since the run's first span."));
    for (String point : order) {
      int rep = stored.get(point);
      Path file = TimelineFile.path(run.dir(), point, rep);
      List<Span> spans;
      try {
        spans = TimelineFile.read(file);
      } catch (IllegalArgumentException | java.io.UncheckedIOException e) {
        throw new ReportException(e.getMessage(), e);
      }
      if (spans.isEmpty()) {
        elements.add(new Paragraph(point + ": the timeline of repetition " + rep
            + " has no spans."));
        continue;
      }
      String head = point + ", repetition " + rep;
      Path f = options.out().resolve("timeline-" + fileName(point) + ".png");
      OutputFiles.write(f, TimelineChart.draw(head, spans));
      figures.add(new WrittenFile("figure", f));
      elements.add(new Figure(f.getFileName().toString(),
          run.name() + ": timeline of " + TimelineChart.title(head, spans)));
    }
  }

  private String workloadSuffix(String w) {
    return summary.workloads().size() > 1 ? " (" + w + ")" : "";
  }

  private static String categoryTitle(List<String> varying) {
    return varying.isEmpty() ? "workload" : String.join(", ", varying);
  }

  private byte[] summaryCsv() {
    Table t = Table.create("summary");
    StringColumn workload = StringColumn.create("workload");
    List<StringColumn> params = results.parameterColumns().stream()
        .map(StringColumn::create).toList();
    StringColumn variant = StringColumn.create("variant");
    StringColumn status = StringColumn.create("status");
    StringColumn metric = StringColumn.create("metric");
    IntColumn reps = IntColumn.create("reps");
    IntColumn count = IntColumn.create("count");
    DoubleColumn median = DoubleColumn.create("median");
    DoubleColumn min = DoubleColumn.create("min");
    DoubleColumn max = DoubleColumn.create("max");
    for (Aggregate a : summary.rows()) {
      workload.append(a.point().workload());
      for (StringColumn c : params) {
        c.append(a.point().param(c.name().substring(ResultsTable.PARAM_PREFIX.length())));
      }
      variant.append(a.variant());
      status.append(a.status());
      metric.append(a.metric());
      reps.append(a.reps());
      count.append(a.count());
      appendValue(median, a.median());
      appendValue(min, a.min());
      appendValue(max, a.max());
    }
    t.addColumns(workload);
    params.forEach(t::addColumns);
    t.addColumns(variant, status, metric, reps, count, median, min, max);
    StringWriter w = new StringWriter();
    t.write().csv(w);
    return w.toString().getBytes(StandardCharsets.UTF_8);
  }

  private static void appendValue(DoubleColumn c, double v) {
    if (Double.isNaN(v)) {
      c.appendMissing();
    } else {
      c.append(v);
    }
  }

  private static List<String> concat(List<String> a, List<String> b) {
    List<String> out = new ArrayList<>(a);
    out.addAll(b);
    return out;
  }

  /** How a workload's data points are labelled: the varying parameters' values, per column. */
  private static final class Labels {
    private final List<String> varying;
    private final Map<String, Map<String, String>> shown = new LinkedHashMap<>();

    Labels(List<PointKey> points, List<String> varying) {
      this.varying = varying;
      for (String n : varying) {
        shown.put(n, Formats.parameterColumn(points.stream().map(p -> p.param(n)).toList()));
      }
    }

    /** One cell per varying parameter, or the workload name when none varies. */
    List<String> of(PointKey p) {
      return varying.isEmpty() ? List.of(p.workload())
          : varying.stream().map(n -> shown.get(n).get(p.param(n))).toList();
    }

    /** One chart category: the single value, or {@code name=value} pairs. */
    String category(PointKey p) {
      List<String> cells = of(p);
      if (varying.size() <= 1) {
        return cells.get(0);
      }
      List<String> pairs = new ArrayList<>();
      for (int i = 0; i < varying.size(); i++) {
        pairs.add(varying.get(i) + "=" + cells.get(i));
      }
      return String.join(", ", pairs);
    }
  }

  /** A file-name-safe form of a workload or metric name. */
  static String fileName(String s) {
    String f = s.replaceAll("[^A-Za-z0-9._-]", "_");
    return f.isEmpty() ? "_" : f;
  }
}
