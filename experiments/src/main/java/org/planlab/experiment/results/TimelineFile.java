package org.planlab.experiment.results;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.planlab.engine.io.FileErrors;
import org.planlab.engine.stats.StatisticsSnapshot.Span;

/**
 * A run's timeline ({@code EngineConfig.timeline}) as CSV {@code name,where,thread,start_ms,
 * end_ms}: one row per instruction or prefetch span, times in milliseconds since the run's
 * statistics began. {@code planlab exec --timeline FILE} writes it, and so does a point of a
 * variant with {@code timeline: true}, beside its stats file as
 * {@code stats/<point>-r<rep>.timeline.csv}; {@code planlab report} draws it.
 */
public final class TimelineFile {
  /** The header line's cells. */
  public static final List<String> HEADER =
      List.of("name", "where", "thread", "start_ms", "end_ms");
  /** How a timeline's file name ends. */
  public static final String SUFFIX = ".timeline.csv";

  private static final Pattern NAME =
      Pattern.compile("(.+)-r(\\d+)" + Pattern.quote(SUFFIX));

  private TimelineFile() {
  }

  /** The timeline of repetition {@code rep} of {@code point} in {@code runDir}. */
  public static Path path(Path runDir, String point, int rep) {
    return runDir.resolve(StatsFile.FOLDER).resolve(point + "-r" + rep + SUFFIX);
  }

  /** The spans as CSV text, header first. */
  public static String csv(List<Span> spans) {
    StringBuilder sb = new StringBuilder();
    PointsCsv.line(sb, HEADER);
    for (Span s : spans) {
      PointsCsv.line(sb, List.of(s.name(), s.where(), s.thread(), millis(s.startNanos()),
          millis(s.endNanos())));
    }
    return sb.toString();
  }

  /**
   * Writes the spans to {@code file} atomically.
   *
   * @throws UncheckedIOException naming the file when it cannot be written
   */
  public static void write(Path file, List<Span> spans) {
    AtomicFiles.writeString(file, csv(spans));
  }

  /**
   * Reads a timeline written by {@link #write}.
   *
   * @throws IllegalArgumentException naming the file and line when it is not one
   * @throws UncheckedIOException naming the file when it cannot be read
   */
  public static List<Span> read(Path file) {
    List<PointsCsv.Record> records = PointsCsv.records(file);
    if (records.isEmpty() || !records.get(0).cells().equals(HEADER)) {
      throw new IllegalArgumentException(file + ": not a timeline (the header must be "
          + String.join(",", HEADER) + ")");
    }
    List<Span> spans = new ArrayList<>();
    for (PointsCsv.Record r : records.subList(1, records.size())) {
      List<String> c = r.cells();
      if (c.size() != HEADER.size()) {
        throw new IllegalArgumentException(file + ", line " + r.line() + ": " + c.size()
            + " cells, but a timeline has " + HEADER.size());
      }
      spans.add(new Span(c.get(0), c.get(1), c.get(2), nanos(file, r, c.get(3)),
          nanos(file, r, c.get(4))));
    }
    return List.copyOf(spans);
  }

  /**
   * The first (lowest numbered) repetition of each point of {@code runDir} that stored a
   * timeline, by point id in sorted order; empty when there is none.
   *
   * @throws UncheckedIOException naming the folder when it cannot be listed
   */
  public static Map<String, Integer> firstRepetitions(Path runDir) {
    Path folder = runDir.resolve(StatsFile.FOLDER);
    Map<String, Integer> first = new TreeMap<>();
    if (!Files.isDirectory(folder)) {
      return first;
    }
    try (Stream<Path> files = Files.list(folder)) {
      for (Path f : files.toList()) {
        Matcher m = NAME.matcher(f.getFileName().toString());
        if (m.matches() && Files.isRegularFile(f)) {
          first.merge(m.group(1), Integer.parseInt(m.group(2)), Math::min);
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot list " + folder + ": " + FileErrors.reason(e), e);
    }
    return first;
  }

  private static String millis(long nanos) {
    return String.format(Locale.ROOT, "%.3f", nanos / 1e6);
  }

  private static long nanos(Path file, PointsCsv.Record r, String ms) {
    try {
      return Math.round(Double.parseDouble(ms) * 1e6);
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(file + ", line " + r.line() + ": '" + ms
          + "' is not a time in milliseconds");
    }
  }
}
