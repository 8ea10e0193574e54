package org.planlab.experiment.results;

import static java.util.Objects.requireNonNull;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.planlab.engine.io.FileErrors;

/**
 * {@code points.csv} of a run: a header, then one row per (point, repetition). Columns:
 * {@code point,workload,variant,rep,status,error}, {@code engine} (planlab or the reference
 * engine that ran the row), one {@code param:<key>} column per point parameter, then the metric
 * columns ({@link PointMetrics#COLUMNS} and any extra ones). Files written before the
 * {@code engine} column existed are read as planlab's. Cells are quoted as RFC 4180 does when
 * they hold a comma, a quote or a line break.
 */
public final class PointsCsv {
  /** The leading columns, in order. */
  public static final List<String> FIXED = List.of("point", "workload", "variant", "rep",
      "status", "error");
  /** The column of the engine that ran a row, after {@link #FIXED}. */
  public static final String ENGINE = "engine";
  /** The engine of rows of files without an {@link #ENGINE} column. */
  public static final String DEFAULT_ENGINE = "planlab";
  /** The prefix of parameter columns. */
  public static final String PARAM = "param:";
  /** status of a run that finished. */
  public static final String OK = "ok";
  /** status of a run whose JVM failed. */
  public static final String FAILED = "failed";
  /** status of a run whose JVM was stopped at the timeout. */
  public static final String TIMEOUT = "timeout";

  private PointsCsv() {
  }

  /**
   * One row.
   *
   * @param point the point id
   * @param workload the workload, or the script's file name without {@code .dml}
   * @param variant the variant name
   * @param rep the repetition, from 1
   * @param status {@link #OK}, {@link #FAILED} or {@link #TIMEOUT}
   * @param error the error message, {@code ""} when ok
   * @param params every parameter of the point, by key without the {@code param:} prefix
   *     (unmodifiable)
   * @param metrics metric column to value, {@code ""} when unknown (unmodifiable)
   * @param engine the engine that ran it ({@code planlab} or a reference engine)
   */
  public record Row(String point, String workload, String variant, int rep, String status,
      String error, Map<String, String> params, Map<String, String> metrics, String engine) {
    /** A row planlab ran. */
    public Row(String point, String workload, String variant, int rep, String status,
        String error, Map<String, String> params, Map<String, String> metrics) {
      this(point, workload, variant, rep, status, error, params, metrics, DEFAULT_ENGINE);
    }

    /** Checks the arguments and freezes the maps. */
    public Row {
      requireNonNull(engine, "engine is null");
      requireNonNull(point, "point is null");
      requireNonNull(workload, "workload is null");
      requireNonNull(variant, "variant is null");
      requireNonNull(status, "status is null");
      requireNonNull(error, "error is null");
      params = Collections.unmodifiableMap(new LinkedHashMap<>(params));
      metrics = Collections.unmodifiableMap(new LinkedHashMap<>(metrics));
    }

    /** Whether the run finished. */
    public boolean ok() {
      return OK.equals(status);
    }
  }

  /** Writes {@code rows} to {@code file} atomically (the whole file each time). */
  public static void write(Path file, List<Row> rows) {
    Set<String> params = new LinkedHashSet<>();
    Set<String> metrics = new LinkedHashSet<>(PointMetrics.COLUMNS);
    for (Row r : rows) {
      params.addAll(r.params().keySet());
      metrics.addAll(r.metrics().keySet());
    }
    StringBuilder sb = new StringBuilder();
    List<String> header = new ArrayList<>(FIXED);
    header.add(ENGINE);
    params.forEach(p -> header.add(PARAM + p));
    header.addAll(metrics);
    line(sb, header);
    for (Row r : rows) {
      List<String> cells = new ArrayList<>(List.of(r.point(), r.workload(), r.variant(),
          Integer.toString(r.rep()), r.status(), r.error(), r.engine()));
      params.forEach(p -> cells.add(r.params().getOrDefault(p, "")));
      metrics.forEach(m -> cells.add(r.metrics().getOrDefault(m, "")));
      line(sb, cells);
    }
    AtomicFiles.writeString(file, sb.toString());
  }

  /**
   * Reads a points.csv: columns that are neither fixed nor parameters are metrics.
   *
   * @throws IllegalArgumentException naming the file and line when it is not a points.csv
   */
  public static List<Row> read(Path file) {
    List<Record> records = records(file);
    if (records.isEmpty() || !records.get(0).cells().subList(0, Math.min(FIXED.size(),
        records.get(0).cells().size())).equals(FIXED)) {
      throw new IllegalArgumentException(file + ": not a points.csv (the header must start with "
          + String.join(",", FIXED) + ")");
    }
    List<String> header = records.get(0).cells();
    boolean engines = header.size() > FIXED.size() && header.get(FIXED.size()).equals(ENGINE);
    int first = FIXED.size() + (engines ? 1 : 0);
    List<Row> rows = new ArrayList<>();
    for (int i = 1; i < records.size(); i++) {
      List<String> cells = records.get(i).cells();
      long line = records.get(i).line();
      if (cells.size() != header.size()) {
        throw new IllegalArgumentException(file + ", line " + line + ": " + cells.size()
            + " cells, but the header has " + header.size());
      }
      Map<String, String> params = new LinkedHashMap<>();
      Map<String, String> metrics = new LinkedHashMap<>();
      for (int c = first; c < header.size(); c++) {
        String h = header.get(c);
        if (h.startsWith(PARAM)) {
          params.put(h.substring(PARAM.length()), cells.get(c));
        } else {
          metrics.put(h, cells.get(c));
        }
      }
      int rep;
      try {
        rep = Integer.parseInt(cells.get(3));
      } catch (NumberFormatException e) {
        throw new IllegalArgumentException(file + ", line " + line + ": rep '"
            + cells.get(3) + "' is not a number");
      }
      rows.add(new Row(cells.get(0), cells.get(1), cells.get(2), rep, cells.get(4),
          cells.get(5), params, metrics, engines ? cells.get(FIXED.size()) : DEFAULT_ENGINE));
    }
    return rows;
  }

  /** Appends one CSV line of {@code cells}, quoted as RFC 4180 does where needed. */
  static void line(StringBuilder sb, List<String> cells) {
    for (int i = 0; i < cells.size(); i++) {
      if (i > 0) {
        sb.append(',');
      }
      String c = cells.get(i);
      if (c.indexOf(',') >= 0 || c.indexOf('"') >= 0 || c.indexOf('\n') >= 0
          || c.indexOf('\r') >= 0) {
        sb.append('"').append(c.replace("\"", "\"\"")).append('"');
      } else {
        sb.append(c);
      }
    }
    sb.append('\n');
  }

  /**
   * One record of a CSV file.
   *
   * @param line the file's line the record starts on (the header is line 1; a quoted cell with
   *     line breaks makes a record span several lines)
   * @param cells the record's cells, unquoted (unmodifiable)
   */
  public record Record(long line, List<String> cells) {
    /** Freezes the cells. */
    public Record {
      cells = List.copyOf(cells);
    }
  }

  /**
   * The records of a CSV file such as points.csv, with the lines they start on.
   *
   * @throws UncheckedIOException "cannot read FILE: REASON" when the file cannot be read
   */
  public static List<Record> records(Path file) {
    try {
      return parse(Files.readString(file, StandardCharsets.UTF_8));
    } catch (IOException e) {
      throw new UncheckedIOException(FileErrors.cannotRead(file, e), e);
    }
  }

  /**
   * RFC 4180 records: quoted cells may hold commas, doubled quotes and line breaks; empty lines
   * between records are skipped.
   */
  private static List<Record> parse(String text) {
    List<Record> records = new ArrayList<>();
    List<String> record = new ArrayList<>();
    StringBuilder cell = new StringBuilder();
    boolean quoted = false;
    boolean any = false;
    long line = 1;
    long start = 1;
    for (int i = 0; i < text.length(); i++) {
      char ch = text.charAt(i);
      if (!any && cell.length() == 0 && record.isEmpty()) {
        start = line;
      }
      // a line ends at \n and at a \r not followed by \n (\r\n counts once, at the \n)
      if (ch == '\n' || (ch == '\r' && (i + 1 == text.length() || text.charAt(i + 1) != '\n'))) {
        line++;
      }
      if (quoted) {
        if (ch == '"') {
          if (i + 1 < text.length() && text.charAt(i + 1) == '"') {
            cell.append('"');
            i++;
          } else {
            quoted = false;
          }
        } else {
          cell.append(ch);
        }
      } else if (ch == '"') {
        quoted = true;
        any = true;
      } else if (ch == ',') {
        record.add(cell.toString());
        cell.setLength(0);
        any = true;
      } else if (ch == '\n' || ch == '\r') {
        if (ch == '\r' && i + 1 < text.length() && text.charAt(i + 1) == '\n') {
          i++; // \r\n is one line break, counted here
          line++;
        }
        if (any || cell.length() > 0) {
          record.add(cell.toString());
          records.add(new Record(start, record));
        }
        record = new ArrayList<>();
        cell.setLength(0);
        any = false;
      } else {
        cell.append(ch);
        any = true;
      }
    }
    if (any || cell.length() > 0) {
      record.add(cell.toString());
      records.add(new Record(start, record));
    }
    return records;
  }
}
