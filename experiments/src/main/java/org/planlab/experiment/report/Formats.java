package org.planlab.experiment.report;

import java.math.BigDecimal;
import java.math.MathContext;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.OptionalDouble;

/**
 * How numbers appear in reports: parameters in one consistent human form, metric values with
 * three significant digits and their unit, ratios as {@code 2.31x}.
 */
public final class Formats {
  /** Integers from this magnitude on are written in short scientific form ({@code 1e5}). */
  private static final double SCIENTIFIC_FROM = 1e4;
  /** Significant digits of a parameter's mantissa that still count as a short form. */
  private static final int SHORT_MANTISSA_DIGITS = 3;

  private Formats() {
  }

  /** The number a text denotes ({@code 1e5}, {@code 100000}, {@code 0.5}), if it is one. */
  public static OptionalDouble number(String text) {
    String s = text.strip();
    if (s.isEmpty() || !(Character.isDigit(s.charAt(0)) || s.charAt(0) == '-'
        || s.charAt(0) == '+' || s.charAt(0) == '.')) {
      return OptionalDouble.empty(); // excludes NaN, Infinity and hexadecimal forms
    }
    try {
      double v = Double.parseDouble(s);
      return Double.isFinite(v) ? OptionalDouble.of(v) : OptionalDouble.empty();
    } catch (NumberFormatException e) {
      return OptionalDouble.empty();
    }
  }

  /**
   * A parameter value for a table or an axis: numbers in one form whatever way the results
   * wrote them (so {@code 1e5}, {@code 100000} and {@code 100000.0} all read {@code 1e5});
   * anything else as written.
   */
  public static String parameter(String raw) {
    OptionalDouble v = number(raw);
    return v.isPresent() ? human(v.getAsDouble()) : raw;
  }

  /**
   * The values of one parameter column, each mapped to how the column shows it: like
   * {@link #parameter}, except that whole numbers are written all in scientific form or all
   * plainly, so that a column never mixes {@code 1000} with {@code 1e4}. Scientific form is used
   * when the largest value reaches 10^4 and every value has a short mantissa ({@code 1e3,
   * 1e4, 2.5e5}); else every whole number is plain ({@code 1234, 100000}).
   */
  public static Map<String, String> parameterColumn(Collection<String> raw) {
    Map<String, String> out = new LinkedHashMap<>();
    List<BigDecimal> whole = new ArrayList<>();
    boolean allWhole = true;
    for (String r : raw) {
      OptionalDouble v = number(r);
      BigDecimal d = v.isPresent()
          ? new BigDecimal(Double.toString(v.getAsDouble())).stripTrailingZeros() : null;
      if (d == null || d.scale() > 0) {
        allWhole = false;
      } else {
        whole.add(d);
      }
    }
    boolean scientific = allWhole && !whole.isEmpty()
        && whole.stream().anyMatch(d -> d.abs().doubleValue() >= SCIENTIFIC_FROM)
        && whole.stream().allMatch(d -> d.signum() == 0 || d.precision() <= SHORT_MANTISSA_DIGITS);
    for (String r : raw) {
      OptionalDouble v = number(r);
      if (!allWhole || v.isEmpty()) {
        out.put(r, parameter(r));
      } else {
        BigDecimal d = new BigDecimal(Double.toString(v.getAsDouble())).stripTrailingZeros();
        out.put(r, d.signum() == 0 ? "0" : scientific ? scientific(d) : d.toPlainString());
      }
    }
    return out;
  }

  /**
   * A number in human form: whole numbers below 10^4 as they are ({@code 5000}), larger whole
   * numbers with a short mantissa in scientific form ({@code 1e5}, {@code 2.5e6}), fractions with
   * up to four significant digits ({@code 0.001}, {@code 1e-12}).
   */
  public static String human(double v) {
    if (v == 0) {
      return "0";
    }
    BigDecimal d = new BigDecimal(Double.toString(v)).stripTrailingZeros();
    double a = Math.abs(v);
    boolean whole = d.scale() <= 0;
    if (whole && a < SCIENTIFIC_FROM) {
      return d.toPlainString();
    }
    if (whole) {
      return d.precision() <= SHORT_MANTISSA_DIGITS ? scientific(d) : d.toPlainString();
    }
    BigDecimal r = d.round(new MathContext(4)).stripTrailingZeros();
    return a >= 1e-3 ? r.toPlainString() : scientific(r);
  }

  private static String scientific(BigDecimal d) {
    int exponent = d.precision() - d.scale() - 1;
    BigDecimal mantissa = d.movePointLeft(exponent).stripTrailingZeros();
    return mantissa.toPlainString() + "e" + exponent;
  }

  /** The unit of a metric column by its suffix: s, ms, B (bytes), or none (a count). */
  public static String unit(String metric) {
    if (metric.endsWith("_ms")) {
      return "ms";
    }
    if (metric.endsWith("_s")) {
      return "s";
    }
    if (metric.endsWith("_bytes")) {
      return "B";
    }
    return "";
  }

  /** An axis or column title: the metric and its unit, e.g. {@code wall_s [s]}. */
  public static String titleWithUnit(String metric) {
    String u = unit(metric);
    return u.isEmpty() ? metric : metric + " [" + u + "]";
  }

  /**
   * A metric value with its unit: times with three significant digits ({@code 1.52 s}), bytes in
   * binary units ({@code 1.5 GiB}), whole counts as integers, other counts with three
   * significant digits.
   */
  public static String value(double v, String metric) {
    String u = unit(metric);
    if (u.equals("B")) {
      return bytes(v);
    }
    String n = plain(v, metric);
    return u.isEmpty() ? n : n + " " + u;
  }

  /**
   * A metric value without its unit, for columns whose title carries it: whole counts as
   * integers, anything else with three significant digits.
   */
  public static String plain(double v, String metric) {
    return unit(metric).isEmpty() && v == Math.rint(v) && Math.abs(v) < 1e15
        ? Long.toString((long) v) : significant(v);
  }

  /** Three significant digits, plain notation from 0.001 on ({@code 152}, {@code 1.52}). */
  public static String significant(double v) {
    if (v == 0 || !Double.isFinite(v)) {
      return v == 0 ? "0" : Double.toString(v);
    }
    double a = Math.abs(v);
    if (a >= 100) {
      return String.format(Locale.ROOT, "%.0f", v);
    }
    if (a < 1e-3) {
      return String.format(Locale.ROOT, "%.2e", v);
    }
    int decimals = 2 - (int) Math.floor(Math.log10(a));
    return String.format(Locale.ROOT, "%." + decimals + "f", v);
  }

  /** A ratio as a speed-up factor, e.g. {@code 2.31x}. */
  public static String ratio(double r) {
    return String.format(Locale.ROOT, "%.2fx", r);
  }

  private static String bytes(double b) {
    String[] units = {"B", "KiB", "MiB", "GiB", "TiB"};
    double v = b;
    int u = 0;
    while (Math.abs(v) >= 1024 && u < units.length - 1) {
      v /= 1024;
      u++;
    }
    return u == 0 ? String.format(Locale.ROOT, "%.0f B", v)
        : String.format(Locale.ROOT, "%.1f %s", v, units[u]);
  }
}
