package org.planlab.experiment.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Stream;
import org.planlab.engine.io.FileErrors;
import org.planlab.experiment.results.PointsCsv;
import org.planlab.experiment.results.RunManifest;
import tech.tablesaw.api.ColumnType;
import tech.tablesaw.api.DoubleColumn;
import tech.tablesaw.api.IntColumn;
import tech.tablesaw.api.StringColumn;
import tech.tablesaw.api.Table;
import tech.tablesaw.columns.Column;

/**
 * The rows of one or more runs' {@code points.csv} (the results contract of EXPERIMENTS.md) as one
 * Tablesaw table: the key columns {@code point, workload, variant, status, error} and every
 * {@code param:} column as text (exactly as written, so that {@code 1e5} stays {@code 1e5}),
 * {@code rep} as an integer, and every other column as a numeric metric (empty = missing). Runs
 * with different columns are combined over the union of their columns.
 */
public final class ResultsTable {
  /** The results file of a run folder. */
  public static final String POINTS_FILE = "points.csv";
  /** The run description of a run folder. */
  public static final String RUN_FILE = "run.json";
  /** The columns every points.csv starts with, in this order ({@code engine} since reference
   * engines joined; older files lack it). */
  public static final List<String> KEY_COLUMNS =
      List.of("point", "workload", "variant", "rep", "status", "error", "engine");
  /** Prefix of the point-parameter columns. */
  public static final String PARAM_PREFIX = "param:";
  /** The status of a repetition that finished. */
  public static final String OK = "ok";

  private static final List<String> REQUIRED = List.of("point", "workload", "variant", "status");

  private final Table table;
  private final List<RunInfo> runs;
  private final List<String> parameterColumns;
  private final List<String> metricColumns;

  private ResultsTable(Table table, List<RunInfo> runs) {
    this.table = table;
    this.runs = List.copyOf(runs);
    List<String> params = new ArrayList<>();
    List<String> metrics = new ArrayList<>();
    for (String c : table.columnNames()) {
      if (c.startsWith(PARAM_PREFIX)) {
        params.add(c);
      } else if (isMetric(c)) {
        metrics.add(c);
      }
    }
    this.parameterColumns = List.copyOf(params);
    this.metricColumns = List.copyOf(metrics);
  }

  /** Whether a points.csv column holds a metric: not a key column and not a parameter. */
  public static boolean isMetric(String column) {
    return !KEY_COLUMNS.contains(column) && !column.startsWith(PARAM_PREFIX);
  }

  /** Reads one results folder (a run folder or an experiment folder, see {@link #resolveRun}). */
  public static ResultsTable read(Path dir) {
    return read(List.of(dir));
  }

  /**
   * Reads the runs of the given folders (each a run folder or an experiment folder) into one
   * table over the union of their columns.
   *
   * @throws ReportException when a folder holds no run or a file cannot be read
   */
  public static ResultsTable read(List<Path> dirs) {
    if (dirs.isEmpty()) {
      throw new IllegalArgumentException("no results folder given");
    }
    List<RunInfo> runs = new ArrayList<>();
    List<Table> tables = new ArrayList<>();
    for (Path d : dirs) {
      Path run = resolveRun(d);
      Table t = readPoints(run.resolve(POINTS_FILE));
      tables.add(t);
      runs.add(readRunInfo(run, t));
    }
    return new ResultsTable(union(tables), runs);
  }

  /**
   * The run folder a results argument denotes: {@code dir} itself when it holds a
   * {@code points.csv}, else its newest run, i.e. the subfolder with a points.csv whose name
   * (a UTC timestamp {@code yyyyMMdd'T'HHmmss'Z'}, which sorts chronologically) is greatest.
   *
   * @throws ReportException when {@code dir} is neither
   */
  public static Path resolveRun(Path dir) {
    if (!Files.isDirectory(dir)) {
      throw new ReportException("results folder " + dir + " does not exist");
    }
    if (Files.isRegularFile(dir.resolve(POINTS_FILE))) {
      return dir;
    }
    try (Stream<Path> children = Files.list(dir)) {
      Optional<Path> newest = children
          .filter(p -> Files.isRegularFile(p.resolve(POINTS_FILE)))
          .max(Comparator.comparing(p -> p.getFileName().toString()));
      return newest.orElseThrow(() -> new ReportException("no " + POINTS_FILE + " in " + dir
          + " nor in a run folder below it (expected results/<name>/<run-id>/" + POINTS_FILE
          + ")"));
    } catch (IOException e) {
      throw new ReportException("cannot list " + dir + ": " + FileErrors.reason(e), e);
    }
  }

  /**
   * The table of one points.csv, read with {@link PointsCsv#records} and typed here, so that a
   * bad cell is reported with its file line (the header is line 1) and column.
   */
  private static Table readPoints(Path file) {
    List<PointsCsv.Record> records;
    try {
      records = PointsCsv.records(file);
    } catch (java.io.UncheckedIOException e) {
      throw new ReportException(e.getMessage(), e);
    }
    List<String> header = records.isEmpty() ? List.of()
        : records.get(0).cells().stream().map(String::strip).toList();
    for (String c : REQUIRED) {
      if (!header.contains(c)) {
        throw new ReportException(file + ": missing column '" + c + "' (columns: "
            + String.join(",", header) + ")");
      }
    }
    Table t = Table.create(file.toString());
    java.util.Set<String> names = new java.util.HashSet<>();
    for (String given : header) {
      if (!names.add(given)) {
        throw new ReportException(file + ", line 1: column '" + given + "' appears twice");
      }
      // Tablesaw's column names ignore case, points.csv's do not: the parameters of two
      // workloads' inputs y and Y are two columns, the later one named y~2 here
      String name = given;
      for (int n = 2; t.containsColumn(name); n++) {
        name = given + "~" + n;
      }
      ColumnType type = typeOf(name);
      t.addColumns(type == ColumnType.INTEGER ? IntColumn.create(name)
          : type == ColumnType.DOUBLE ? DoubleColumn.create(name) : StringColumn.create(name));
    }
    for (PointsCsv.Record r : records.subList(1, records.size())) {
      List<String> cells = r.cells();
      if (cells.size() != header.size()) {
        throw new ReportException(file + ", line " + r.line() + ": " + cells.size()
            + " cells, but the header has " + header.size());
      }
      for (int c = 0; c < cells.size(); c++) {
        append(t.column(c), cells.get(c), file, r.line());
      }
    }
    return t;
  }

  /** Appends one cell to its typed column; empty is missing. */
  private static void append(Column<?> column, String cell, Path file, long line) {
    if (column instanceof StringColumn s) {
      s.append(cell);
      return;
    }
    String text = cell.strip();
    if (text.isEmpty()) {
      column.appendMissing();
      return;
    }
    try {
      if (column instanceof IntColumn i) {
        i.append(Integer.parseInt(text));
      } else {
        ((DoubleColumn) column).append(Double.parseDouble(text));
      }
    } catch (NumberFormatException e) {
      throw new ReportException(file + ", line " + line + ": column '" + column.name() + "': '"
          + cell + "' is not " + (column instanceof IntColumn ? "a whole number" : "a number"));
    }
  }

  private static ColumnType typeOf(String column) {
    if (column.equals("rep")) {
      return ColumnType.INTEGER;
    }
    return isMetric(column) ? ColumnType.DOUBLE : ColumnType.STRING;
  }

  private static RunInfo readRunInfo(Path run, Table points) {
    String folder = run.getFileName() == null ? run.toString() : run.getFileName().toString();
    Path parent = run.toAbsolutePath().getParent();
    String name = parent == null || parent.getFileName() == null ? folder
        : parent.getFileName().toString();
    String runId = folder;
    String status = "";
    String baseline = "";
    Path file = run.resolve(RUN_FILE);
    if (Files.isRegularFile(file)) {
      JsonNode root;
      try {
        root = new ObjectMapper().readTree(file.toFile());
      } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
        throw new ReportException(file + ": not valid JSON: " + e.getOriginalMessage(), e);
      } catch (IOException e) {
        throw new ReportException(FileErrors.cannotRead(file, e), e);
      }
      name = text(root, "name", name);
      runId = text(root, "runId", runId);
      status = RunManifest.effectiveStatus(run, text(root, "status", status));
      baseline = text(root, "baselineVariant", baseline);
    }
    if (baseline.isEmpty() && points.rowCount() > 0) {
      // the contract's default: the first variant
      baseline = points.stringColumn("variant").get(0);
    }
    return new RunInfo(run, name, runId, status, baseline);
  }

  private static String text(JsonNode root, String key, String fallback) {
    JsonNode n = root == null ? null : root.get(key);
    return n == null || n.isNull() ? fallback : n.asText();
  }

  private static Table union(List<Table> tables) {
    if (tables.size() == 1) {
      return tables.get(0);
    }
    Set<String> names = new LinkedHashSet<>();
    for (Table t : tables) {
      names.addAll(t.columnNames());
    }
    Table u = Table.create("points");
    for (String n : names) {
      ColumnType type = typeOf(n);
      u.addColumns(type == ColumnType.INTEGER ? IntColumn.create(n)
          : type == ColumnType.DOUBLE ? DoubleColumn.create(n) : StringColumn.create(n));
    }
    for (Table t : tables) {
      for (String n : names) {
        @SuppressWarnings("unchecked")
        Column<Object> target = (Column<Object>) u.column(n);
        if (t.containsColumn(n)) {
          Column<?> source = t.column(n);
          for (int r = 0; r < t.rowCount(); r++) {
            if (source.isMissing(r)) {
              target.appendMissing();
            } else {
              target.append(source.get(r));
            }
          }
        } else {
          for (int r = 0; r < t.rowCount(); r++) {
            target.appendMissing();
          }
        }
      }
    }
    return u;
  }

  /** The runs read, in the order of the arguments. */
  public List<RunInfo> runs() {
    return runs;
  }

  /** A copy of the table (Tablesaw tables are mutable; this one stays as read). */
  public Table table() {
    return table.copy();
  }

  /** Number of rows (one per point and repetition). */
  public int rowCount() {
    return table.rowCount();
  }

  /** Whether the table has this column. */
  public boolean hasColumn(String column) {
    return table.containsColumn(column);
  }

  /** Every column name, in order. */
  public List<String> columns() {
    return List.copyOf(table.columnNames());
  }

  /** The {@code param:} columns, in order. */
  public List<String> parameterColumns() {
    return parameterColumns;
  }

  /** The metric columns, in order. */
  public List<String> metricColumns() {
    return metricColumns;
  }

  /**
   * The cell of a row as text: the text of a string column, the number of a numeric one; empty
   * when missing or when there is no such column.
   */
  public String text(String column, int row) {
    if (!table.containsColumn(column)) {
      return "";
    }
    Column<?> c = table.column(column);
    if (c.isMissing(row)) {
      return "";
    }
    return c instanceof StringColumn s ? s.get(row) : c.getString(row);
  }

  /** The metric of a row; NaN when missing or when there is no such numeric column. */
  public double metric(String column, int row) {
    if (!table.containsColumn(column) || !(table.column(column) instanceof DoubleColumn d)) {
      return Double.NaN;
    }
    return d.isMissing(row) ? Double.NaN : d.getDouble(row);
  }

  /** Whether the row's repetition finished ({@code status} = ok). */
  public boolean isOk(int row) {
    return OK.equals(text("status", row));
  }
}
