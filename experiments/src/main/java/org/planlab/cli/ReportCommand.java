package org.planlab.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.Callable;
import org.planlab.experiment.report.ReportFormat;
import org.planlab.experiment.report.ReportOptions;
import org.planlab.experiment.report.ReportWriter;
import org.planlab.experiment.report.ResultsTable;
import org.planlab.experiment.report.WrittenFile;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code planlab report RESULTS_DIR [--format md,csv,png,html] [--metric wall_s]
 * [--baseline VARIANT] [--out DIR]}: tables and figures of one run. Exit codes: 0 written;
 * 1 the results cannot be read or the report cannot be written; 2 usage error (unknown format,
 * metric or variant, or a folder that does not exist).
 */
@Command(name = "report", mixinStandardHelpOptions = true, sortOptions = false,
    description = "Tables (Markdown, CSV) and figures (PNG, HTML) from a results folder.",
    footer = {"",
        "RESULTS_DIR is a run folder (results/<name>/<run-id>, holds points.csv) or an",
        "experiment folder (results/<name>; then its newest run is reported).",
        "Writes report.md, summary.csv, <workload>-<metric>.png,",
        "<workload>-speedup-<metric>.png, timeline-<point>.png (points that stored",
        "timelines) and report.html; the last lines printed are",
        "'table: FILE' and one 'figure: FILE' per figure.",
        "Exit codes: 0 written, 1 failure, 2 usage error."})
final class ReportCommand implements Callable<Integer> {
  @CommandLine.Spec
  CommandLine.Model.CommandSpec spec;

  @Parameters(index = "0", paramLabel = "RESULTS_DIR", description = "run or experiment folder")
  Path resultsDir;

  @Option(names = "--format", paramLabel = "F[,F...]", defaultValue = "md,png",
      description = "md, csv, png, html (html implies png); default: ${DEFAULT-VALUE}")
  String formats;

  @Option(names = "--metric", paramLabel = "M", defaultValue = ReportOptions.DEFAULT_METRIC,
      description = "the metric column to aggregate (default: ${DEFAULT-VALUE})")
  String metric;

  @Option(names = "--baseline", paramLabel = "VARIANT",
      description = "variant speed-ups are relative to (default: run.json's baselineVariant)")
  String baseline;

  @Option(names = "--counters", paramLabel = "M[,M...]", split = ",",
      description = "columns of the per-variant counter table (default: codegen_ms, "
          + "plans_evaluated, fused_cell, fused_magg, fused_row, fused_outer)")
  List<String> counters;

  @Option(names = "--out", paramLabel = "DIR",
      description = "output folder (default: RESULTS_DIR/report)")
  Path out;

  @Override
  public Integer call() {
    CommandLine cl = spec.commandLine();
    Set<ReportFormat> fmt;
    try {
      fmt = ReportFormat.parseList(formats);
    } catch (IllegalArgumentException e) {
      throw new CommandLine.ParameterException(cl, "--format: " + e.getMessage(), e);
    }
    if (!java.nio.file.Files.isDirectory(resultsDir)) {
      throw new CommandLine.ParameterException(cl, "results folder " + resultsDir
          + " does not exist");
    }
    ResultsTable results = ResultsTable.read(resultsDir);
    ReportOptions options = new ReportOptions(fmt, metric, Optional.ofNullable(baseline),
        out != null ? out : resultsDir.resolve("report"),
        counters != null ? counters : ReportOptions.DEFAULT_COUNTERS);
    List<WrittenFile> written;
    try {
      written = ReportWriter.write(results, options);
    } catch (IllegalArgumentException e) {
      throw new CommandLine.ParameterException(cl, e.getMessage(), e);
    }
    PrintWriter w = cl.getOut();
    written.forEach(f -> w.println(f.line()));
    w.flush();
    return 0;
  }
}
