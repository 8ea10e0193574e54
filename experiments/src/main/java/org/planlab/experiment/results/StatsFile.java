package org.planlab.experiment.results;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import org.planlab.engine.stats.StatisticsSnapshot;

/**
 * {@code stats/<point>-r<rep>.json}: the full {@link StatisticsSnapshot} of one measured run (its
 * fields at the top level) plus {@code point, variant, rep, params, objective, wallNanos, status,
 * error}, the input files the point used ({@code inputs}) and the run's points.csv metrics
 * ({@code metrics}). A run that did not finish has no snapshot fields. The snapshot's timeline
 * is not part of it ({@link TimelineFile} stores it), only its number of spans
 * ({@code timelineSpans}).
 */
public final class StatsFile {
  /** The folder inside a run folder. */
  public static final String FOLDER = "stats";

  private static final ObjectMapper JSON = new ObjectMapper()
      .enable(SerializationFeature.INDENT_OUTPUT);

  private StatsFile() {
  }

  /** The file of repetition {@code rep} of {@code point} in {@code runDir}. */
  public static Path path(Path runDir, String point, int rep) {
    return runDir.resolve(FOLDER).resolve(point + "-r" + rep + ".json");
  }

  /**
   * The JSON of one repetition.
   *
   * @param snapshot the statistics, or null when the run did not finish
   * @param objective NaN (written as null) when there is none
   * @param metrics the points.csv metrics, empty when the run did not finish
   */
  public static ObjectNode json(StatisticsSnapshot snapshot, String point, String variant,
      int rep, Map<String, String> params, Map<String, String> inputs, double objective,
      long wallNanos, String status, String error, Map<String, String> metrics) {
    ObjectNode o = snapshot == null ? JSON.createObjectNode() : JSON.valueToTree(snapshot);
    if (snapshot != null) {
      // the spans go to their own file (TimelineFile); here only how many there are
      o.remove("timeline");
      o.put("timelineSpans", snapshot.timeline().size());
    }
    o.put("point", point);
    o.put("variant", variant);
    o.put("rep", rep);
    o.set("params", JSON.valueToTree(params));
    o.set("inputs", JSON.valueToTree(inputs));
    if (Double.isNaN(objective)) {
      o.putNull("objective");
    } else {
      o.put("objective", objective);
    }
    o.put("wallNanos", wallNanos);
    o.put("status", status);
    o.put("error", error);
    o.set("metrics", JSON.valueToTree(metrics));
    return o;
  }

  /** Writes {@code json} to {@code file} atomically. */
  public static void write(Path file, JsonNode json) {
    try {
      AtomicFiles.writeString(file, JSON.writeValueAsString(json) + "\n");
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("a JSON tree always serializes", e);
    }
  }

  /** Reads a stats file. */
  public static JsonNode read(Path file) {
    try {
      return JSON.readTree(Files.readString(file));
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read " + file + ": " + e.getMessage(), e);
    }
  }

  /** The {@code metrics} object of a stats file as column to text. */
  public static Map<String, String> metrics(JsonNode stats) {
    Map<String, String> m = new LinkedHashMap<>();
    stats.path("metrics").fields().forEachRemaining(e -> m.put(e.getKey(), e.getValue().asText()));
    return m;
  }
}
