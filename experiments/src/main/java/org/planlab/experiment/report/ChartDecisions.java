package org.planlab.experiment.report;

import java.util.Collection;
import java.util.Map;
import java.util.OptionalDouble;

/**
 * Which chart a workload gets and whether its axes are logarithmic: pure functions of the data,
 * so that the choice is testable without drawing.
 */
public final class ChartDecisions {
  /** A line chart needs at least this many values of its one varying parameter. */
  public static final int MIN_LINE_POINTS = 3;
  /** An axis is logarithmic when its values span at least this factor (two decades). */
  public static final double LOG_SPAN = 100;

  /** The two kinds of metric chart. */
  public enum ChartKind {
    /** Metric against the one numeric parameter, one series per variant. */
    LINE,
    /** Grouped bars: categories = data points, series = variants. */
    BARS
  }

  private ChartDecisions() {
  }

  /**
   * {@link ChartKind#LINE} when the points vary along exactly one parameter, all of its values
   * are numbers and it takes at least {@value #MIN_LINE_POINTS} distinct values; else
   * {@link ChartKind#BARS}.
   *
   * @param valuesByVaryingParameter each varying parameter with its values at the data points
   */
  public static ChartKind chartKind(Map<String, ? extends Collection<String>>
      valuesByVaryingParameter) {
    if (valuesByVaryingParameter.size() != 1) {
      return ChartKind.BARS;
    }
    Collection<String> values = valuesByVaryingParameter.values().iterator().next();
    boolean numeric = values.stream().allMatch(v -> Formats.number(v).isPresent());
    long distinct = values.stream().map(Formats::number)
        .map(o -> o.isPresent() ? o.getAsDouble() : Double.NaN).distinct().count();
    return numeric && distinct >= MIN_LINE_POINTS ? ChartKind.LINE : ChartKind.BARS;
  }

  /**
   * Whether an axis showing these values is logarithmic: all finite values are positive and the
   * largest is at least {@value #LOG_SPAN} times the smallest. NaN (missing) values are ignored.
   */
  public static boolean logAxis(double... values) {
    OptionalDouble min = java.util.Arrays.stream(values).filter(Double::isFinite).min();
    OptionalDouble max = java.util.Arrays.stream(values).filter(Double::isFinite).max();
    if (min.isEmpty() || min.getAsDouble() <= 0) {
      return false; // a log axis cannot show zero or negative values
    }
    return max.getAsDouble() / min.getAsDouble() >= LOG_SPAN;
  }
}
