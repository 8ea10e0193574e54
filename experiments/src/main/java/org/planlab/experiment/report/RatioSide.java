package org.planlab.experiment.report;

import static java.util.Objects.requireNonNull;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * One side of a tracked ratio: the median of a metric over the ok rows that match every
 * {@code where} entry. A where key names a column ({@code variant}, {@code point},
 * {@code workload}, {@code param:X.rows}; a parameter also without its {@code param:} prefix);
 * its value matches the cell exactly, as a glob where {@code *} stands for any text, or as the
 * same number ({@code 1e5} matches {@code 100000}).
 *
 * @param where column to value or glob, in file order
 * @param metric the metric column
 */
public record RatioSide(Map<String, String> where, String metric) {
  /** Copies {@code where} unmodifiably, keeping its order. */
  public RatioSide {
    where = Collections.unmodifiableMap(new LinkedHashMap<>(requireNonNull(where,
        "where is null")));
    requireNonNull(metric, "metric is null");
  }

  /** The median of the metric over the matching ok rows; empty when none has a value. */
  public OptionalDouble value(ResultsTable results) {
    List<Double> values = new ArrayList<>();
    for (int r = 0; r < results.rowCount(); r++) {
      if (results.isOk(r) && matches(results, r)) {
        double v = results.metric(metric, r);
        if (!Double.isNaN(v)) {
          values.add(v);
        }
      }
    }
    if (values.isEmpty()) {
      return OptionalDouble.empty();
    }
    return OptionalDouble.of(Summary.median(values.stream().mapToDouble(Double::doubleValue)
        .sorted().toArray()));
  }

  /** Whether a row matches every where entry. */
  public boolean matches(ResultsTable results, int row) {
    for (Map.Entry<String, String> e : where.entrySet()) {
      String column = column(results, e.getKey());
      if (column == null || !valueMatches(e.getValue(), results.text(column, row))) {
        return false;
      }
    }
    return true;
  }

  /** The where keys that name no column of the results. */
  public List<String> unknownColumns(ResultsTable results) {
    return where.keySet().stream().filter(k -> column(results, k) == null).toList();
  }

  private static String column(ResultsTable results, String key) {
    if (results.hasColumn(key)) {
      return key;
    }
    String param = ResultsTable.PARAM_PREFIX + key;
    return results.hasColumn(param) ? param : null;
  }

  /** Whether a cell matches a where value: exactly, as a {@code *} glob, or as equal numbers. */
  static boolean valueMatches(String pattern, String cell) {
    if (pattern.contains("*")) {
      return glob(pattern).matcher(cell).matches();
    }
    if (pattern.equals(cell)) {
      return true;
    }
    OptionalDouble p = Formats.number(pattern);
    OptionalDouble c = Formats.number(cell);
    return p.isPresent() && c.isPresent() && p.getAsDouble() == c.getAsDouble();
  }

  private static Pattern glob(String pattern) {
    StringBuilder re = new StringBuilder();
    String[] parts = pattern.split("\\*", -1);
    for (int i = 0; i < parts.length; i++) {
      if (i > 0) {
        re.append(".*");
      }
      if (!parts[i].isEmpty()) {
        re.append(Pattern.quote(parts[i]));
      }
    }
    return Pattern.compile(re.toString(), Pattern.DOTALL);
  }

  /** The where clause as {@code {variant=Base, point=sumxyz*}}. */
  public String describeWhere() {
    return where.entrySet().stream().map(e -> e.getKey() + "=" + e.getValue())
        .collect(Collectors.joining(", ", "{", "}"));
  }
}
