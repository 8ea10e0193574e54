package org.planlab.cli;

import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import org.planlab.experiment.report.Baseline;
import org.planlab.experiment.report.ReportException;
import org.planlab.experiment.report.Comparison;
import org.planlab.experiment.report.RatioResult;
import org.planlab.experiment.report.ResultsTable;
import org.planlab.experiment.report.Verdict;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code planlab compare BASELINE.json RESULTS_DIR... [--write-baseline OUT]}: measures the
 * baseline's tracked ratios on the results (all folders combined). Exit codes: 0 every ratio
 * within tolerance (or the baseline written); 1 a regression beyond tolerance or a ratio without
 * matching rows; 2 input it cannot use (a usage error, a malformed baseline, a corrupt or
 * unreadable points.csv or run.json, a baseline that cannot be written), so that CI can tell a
 * regression from a broken check.
 */
@Command(name = "compare", mixinStandardHelpOptions = true, sortOptions = false,
    description = "Tracked ratios of results against a baseline; exit 1 on a regression.",
    footer = {"",
        "Each RESULTS_DIR is a run folder or an experiment folder (then its newest",
        "run); the rows of all of them are combined. A side of a ratio is the median",
        "of its metric over the ok rows matching its 'where' (exact values, or globs",
        "with *).",
        "Exit codes: 0 ok, 1 regression or a ratio without rows, 2 unusable input: a",
        "usage error, a malformed baseline, corrupt or unreadable results."})
final class CompareCommand implements Callable<Integer> {
  @CommandLine.Spec
  CommandLine.Model.CommandSpec spec;

  @Parameters(index = "0", paramLabel = "BASELINE.json", description = "the tracked ratios")
  Path baselineFile;

  @Parameters(index = "1..*", arity = "1..*", paramLabel = "RESULTS_DIR",
      description = "run or experiment folders")
  List<Path> resultsDirs;

  @Option(names = "--write-baseline", paramLabel = "OUT",
      description = "write the tracked ratios with this run's values as expected, exit 0")
  Path writeBaseline;

  @Override
  public Integer call() {
    CommandLine cl = spec.commandLine();
    PrintWriter out = cl.getOut();
    PrintWriter err = cl.getErr();
    for (Path d : resultsDirs) {
      if (!Files.isDirectory(d)) {
        throw new CommandLine.ParameterException(cl, "results folder " + d + " does not exist");
      }
    }
    Baseline baseline;
    List<RatioResult> results;
    try {
      baseline = Baseline.read(baselineFile);
      results = Comparison.evaluate(baseline, ResultsTable.read(resultsDirs));
    } catch (ReportException e) {
      // a malformed baseline or unreadable results: not a regression, so not exit 1
      return unusable(err, e.getMessage());
    }
    out.print(Comparison.table(results));
    out.flush();
    boolean noData = false;
    for (RatioResult r : results) {
      if (r.verdict() == Verdict.NO_DATA) {
        err.println("planlab: " + r.problem());
        noData = true;
      }
    }
    if (writeBaseline != null) {
      if (noData) {
        err.println("planlab: baseline not written: a tracked ratio has no value");
        err.flush();
        return 1;
      }
      try {
        baseline.withExpected(results.stream().map(RatioResult::actual).toList())
            .write(writeBaseline);
      } catch (ReportException e) {
        return unusable(err, e.getMessage());
      }
      out.println("baseline: " + writeBaseline);
      out.flush();
      err.flush();
      return 0;
    }
    long regressions = 0;
    for (RatioResult r : results) {
      if (r.verdict() == Verdict.REGRESSION) {
        regressions++;
        err.println("planlab: regression beyond tolerance: " + r.ratio().name() + " (expected "
            + r.ratio().expected() + ", actual " + r.actual() + ", tolerance "
            + r.ratio().tolerance() + ", better " + r.ratio().better().label() + ")");
      }
    }
    err.flush();
    return regressions > 0 || noData ? 1 : 0;
  }

  /** Exit code 2 with {@code message}: input or output that compare cannot use. */
  private static int unusable(PrintWriter err, String message) {
    err.println("planlab: " + message);
    err.flush();
    return 2;
  }
}
