package org.planlab.experiment.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * Measures a baseline's tracked ratios on results ({@code planlab compare}): each side is the
 * median of its metric over the matching ok rows of all given runs combined.
 */
public final class Comparison {
  private Comparison() {
  }

  /** Every tracked ratio of {@code baseline} measured on {@code results}, in baseline order. */
  public static List<RatioResult> evaluate(Baseline baseline, ResultsTable results) {
    List<RatioResult> out = new ArrayList<>();
    for (TrackedRatio r : baseline.tracked()) {
      out.add(evaluate(r, results));
    }
    return List.copyOf(out);
  }

  /** One tracked ratio measured on {@code results}. */
  public static RatioResult evaluate(TrackedRatio ratio, ResultsTable results) {
    OptionalDouble num = ratio.numerator().value(results);
    if (num.isEmpty()) {
      return noData(ratio, noRows(ratio, "numerator", ratio.numerator(), results));
    }
    double actual = num.getAsDouble();
    Optional<RatioSide> den = ratio.denominator();
    if (den.isPresent()) {
      OptionalDouble d = den.get().value(results);
      if (d.isEmpty()) {
        return noData(ratio, noRows(ratio, "denominator", den.get(), results));
      }
      if (d.getAsDouble() == 0) {
        return noData(ratio, "tracked ratio '" + ratio.name() + "': denominator "
            + den.get().metric() + " is 0 for where " + den.get().describeWhere());
      }
      actual /= d.getAsDouble();
    }
    return new RatioResult(ratio, actual, ratio.verdict(actual), "");
  }

  private static RatioResult noData(TrackedRatio ratio, String problem) {
    return new RatioResult(ratio, Double.NaN, Verdict.NO_DATA, problem);
  }

  private static String noRows(TrackedRatio ratio, String sideName, RatioSide side,
      ResultsTable results) {
    StringBuilder b = new StringBuilder("tracked ratio '").append(ratio.name())
        .append("': no ok rows with a value of ").append(side.metric()).append(" match ")
        .append(sideName).append(" where ").append(side.describeWhere());
    List<String> unknown = side.unknownColumns(results);
    if (!unknown.isEmpty()) {
      b.append(" (no column ").append(String.join(", ", unknown)).append(" in the results)");
    }
    if (!results.hasColumn(side.metric())) {
      b.append(" (no metric column ").append(side.metric()).append(" in the results)");
    }
    return b.toString();
  }

  /** The results as an aligned text table: name, expected, actual, change, tolerance, verdict. */
  public static String table(List<RatioResult> results) {
    List<String[]> rows = new ArrayList<>();
    rows.add(new String[] {"name", "expected", "actual", "change", "tolerance", "verdict"});
    for (RatioResult r : results) {
      boolean has = !Double.isNaN(r.actual());
      rows.add(new String[] {r.ratio().name(), number(r.ratio().expected()),
          has ? number(r.actual()) : "-",
          has ? String.format(Locale.ROOT, "%+.1f%%", r.changePercent()) : "-",
          String.format(Locale.ROOT, "%.1f%%", r.ratio().tolerance() * 100),
          r.verdict().label()});
    }
    int[] width = new int[6];
    for (String[] r : rows) {
      for (int c = 0; c < r.length; c++) {
        width[c] = Math.max(width[c], r[c].length());
      }
    }
    StringBuilder b = new StringBuilder();
    for (String[] r : rows) {
      StringBuilder line = new StringBuilder();
      for (int c = 0; c < r.length; c++) {
        String cell = c == 0 || c == r.length - 1 ? pad(r[c], width[c], false)
            : pad(r[c], width[c], true);
        line.append(cell).append(c < r.length - 1 ? "  " : "");
      }
      b.append(line.toString().stripTrailing()).append('\n');
    }
    return b.toString();
  }

  /** Up to four significant digits, whole counts as integers. */
  private static String number(double v) {
    return Double.isFinite(v) ? Formats.human(v) : Double.toString(v);
  }

  private static String pad(String s, int width, boolean right) {
    String fill = " ".repeat(width - s.length());
    return right ? fill + s : s + fill;
  }
}
