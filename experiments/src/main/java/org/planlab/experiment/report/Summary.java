package org.planlab.experiment.report;

import static java.util.Objects.requireNonNull;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.Set;

/**
 * One metric aggregated per (workload, data point, variant) over the ok repetitions: median,
 * min, max and count. Points are ordered by their varying parameters (numerically where
 * both values are numbers), variants by first appearance in the results.
 *
 * @param metric the metric column
 * @param rows one aggregate per data point and variant
 */
public record Summary(String metric, List<Aggregate> rows) {
  /** Copies the rows. */
  public Summary {
    requireNonNull(metric, "metric is null");
    rows = List.copyOf(rows);
  }

  /** Aggregates {@code metric} of every point and variant of {@code results}. */
  public static Summary of(ResultsTable results, String metric) {
    Map<PointKey, Map<String, List<Integer>>> groups = new LinkedHashMap<>();
    for (int r = 0; r < results.rowCount(); r++) {
      groups.computeIfAbsent(pointOf(results, r), k -> new LinkedHashMap<>())
          .computeIfAbsent(results.text("variant", r), k -> new ArrayList<>()).add(r);
    }
    List<Aggregate> rows = new ArrayList<>();
    for (Map.Entry<PointKey, Map<String, List<Integer>>> g : groups.entrySet()) {
      for (Map.Entry<String, List<Integer>> v : g.getValue().entrySet()) {
        rows.add(aggregate(results, metric, g.getKey(), v.getKey(), v.getValue()));
      }
    }
    return new Summary(metric, sorted(rows));
  }

  /** The data point of a row: its workload and every parameter it has a value for. */
  static PointKey pointOf(ResultsTable results, int row) {
    Map<String, String> params = new LinkedHashMap<>();
    for (String c : results.parameterColumns()) {
      String v = results.text(c, row);
      if (!v.isEmpty()) {
        params.put(c.substring(ResultsTable.PARAM_PREFIX.length()), v);
      }
    }
    return new PointKey(results.text("workload", row), params);
  }

  private static Aggregate aggregate(ResultsTable results, String metric, PointKey point,
      String variant, List<Integer> rowIds) {
    double[] values = new double[rowIds.size()];
    int n = 0;
    boolean anyOk = false;
    boolean anyFailed = false;
    for (int r : rowIds) {
      if (results.isOk(r)) {
        anyOk = true;
        double v = results.metric(metric, r);
        if (!Double.isNaN(v)) {
          values[n++] = v;
        }
      } else if (!Aggregate.TIMEOUT.equals(results.text("status", r))) {
        anyFailed = true;
      }
    }
    String status = anyOk ? ResultsTable.OK : anyFailed ? Aggregate.FAILED : Aggregate.TIMEOUT;
    double[] ok = Arrays.copyOf(values, n);
    Arrays.sort(ok);
    return new Aggregate(point, variant, metric, status, rowIds.size(), n, median(ok),
        n == 0 ? Double.NaN : ok[0], n == 0 ? Double.NaN : ok[n - 1]);
  }

  /** The median of sorted values (mean of the middle two for an even count); NaN if empty. */
  static double median(double[] sorted) {
    int n = sorted.length;
    if (n == 0) {
      return Double.NaN;
    }
    return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
  }

  private static List<Aggregate> sorted(List<Aggregate> rows) {
    List<String> workloads = new ArrayList<>(new LinkedHashSet<>(
        rows.stream().map(a -> a.point().workload()).toList()));
    List<Aggregate> out = new ArrayList<>(rows);
    // stable: workloads keep their first appearance, points within one sort by parameter values
    out.sort(Comparator.<Aggregate>comparingInt(a -> workloads.indexOf(a.point().workload()))
        .thenComparing(Aggregate::point, Summary::comparePoints));
    return out;
  }

  private static int comparePoints(PointKey a, PointKey b) {
    for (Map.Entry<String, String> e : a.params().entrySet()) {
      int c = compareValues(e.getValue(), b.param(e.getKey()));
      if (c != 0) {
        return c;
      }
    }
    return 0;
  }

  private static int compareValues(String a, String b) {
    OptionalDouble x = Formats.number(a);
    OptionalDouble y = Formats.number(b);
    if (x.isPresent() && y.isPresent()) {
      return Double.compare(x.getAsDouble(), y.getAsDouble());
    }
    if (x.isPresent() != y.isPresent()) {
      return x.isPresent() ? -1 : 1; // numbers first keeps the order total
    }
    return a.compareTo(b);
  }

  /** The workloads, in order of first appearance. */
  public List<String> workloads() {
    Set<String> w = new LinkedHashSet<>();
    rows.forEach(a -> w.add(a.point().workload()));
    return List.copyOf(w);
  }

  /** The data points of a workload, in order. */
  public List<PointKey> points(String workload) {
    Set<PointKey> p = new LinkedHashSet<>();
    rows.stream().filter(a -> a.point().workload().equals(workload)).forEach(a -> p.add(a.point()));
    return List.copyOf(p);
  }

  /** The variants run for a workload, in order of first appearance. */
  public List<String> variants(String workload) {
    Set<String> v = new LinkedHashSet<>();
    rows.stream().filter(a -> a.point().workload().equals(workload)).forEach(a -> v.add(a.variant()));
    return List.copyOf(v);
  }

  /** The variants of every workload, in order of first appearance. */
  public List<String> variants() {
    Set<String> v = new LinkedHashSet<>();
    rows.forEach(a -> v.add(a.variant()));
    return List.copyOf(v);
  }

  /**
   * The parameters of a workload whose value differs between its data points, in column order
   * (a parameter missing at some points counts as differing).
   */
  public List<String> varyingParameters(String workload) {
    List<PointKey> points = points(workload);
    Set<String> names = new LinkedHashSet<>();
    points.forEach(p -> names.addAll(p.params().keySet()));
    List<String> varying = new ArrayList<>();
    for (String n : names) {
      if (points.stream().map(p -> Formats.parameter(p.param(n))).distinct().count() > 1) {
        varying.add(n);
      }
    }
    return varying;
  }

  /** The aggregate of a data point and variant, if that combination was run. */
  public Optional<Aggregate> find(PointKey point, String variant) {
    return rows.stream().filter(a -> a.point().equals(point) && a.variant().equals(variant))
        .findFirst();
  }

  /** Whether any data point of the workload has a value of the metric. */
  public boolean hasValues(String workload) {
    return rows.stream().anyMatch(a -> a.point().workload().equals(workload) && a.hasValue());
  }
}
