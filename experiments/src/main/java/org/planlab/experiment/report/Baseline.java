package org.planlab.experiment.report;

import static java.util.Objects.requireNonNull;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.planlab.engine.io.FileErrors;

/**
 * The ratios CI tracks ({@code results/baselines/*.json}, read by {@code planlab compare}):
 * <pre>{"description": "...", "tracked": [{"name": "sum(XYZ) fused speed-up",
 *   "numerator": {"where": {"variant": "Base", "point": "sumxyz*"}, "metric": "wall_s"},
 *   "denominator": {...},  // optional, absent = 1
 *   "expected": 3.1, "tolerance": 0.25, "better": "higher"}]}</pre>
 * Unknown keys are errors, so that a misspelt key never silently disables a check.
 *
 * @param description what the baseline tracks; may be empty
 * @param tracked the tracked ratios, in file order
 */
public record Baseline(String description, List<TrackedRatio> tracked) {
  private static final Set<String> TOP_KEYS = Set.of("description", "tracked");
  private static final Set<String> RATIO_KEYS =
      Set.of("name", "numerator", "denominator", "expected", "tolerance", "better");
  private static final Set<String> SIDE_KEYS = Set.of("where", "metric");
  private static final List<String> TOP_ORDER = List.of("description", "tracked");
  private static final List<String> RATIO_ORDER =
      List.of("name", "numerator", "denominator", "expected", "tolerance", "better");
  private static final List<String> SIDE_ORDER = List.of("where", "metric");

  /** Copies the list. */
  public Baseline {
    requireNonNull(description, "description is null");
    tracked = List.copyOf(tracked);
  }

  /**
   * Reads and checks a baseline file.
   *
   * @throws BaselineException naming the file and the key when it is unreadable or malformed
   */
  public static Baseline read(Path file) {
    if (Files.isDirectory(file)) {
      throw new BaselineException("baseline " + file + " is a directory");
    }
    if (!Files.isRegularFile(file)) {
      throw new BaselineException("baseline " + file + " does not exist");
    }
    JsonNode root;
    try {
      root = new ObjectMapper().readTree(file.toFile());
    } catch (JsonProcessingException e) {
      throw new BaselineException(file + ": not valid JSON at line "
          + e.getLocation().getLineNr() + ", column " + e.getLocation().getColumnNr() + ": "
          + e.getOriginalMessage(), e);
    } catch (IOException e) {
      throw new BaselineException("cannot read baseline " + file + ": "
          + FileErrors.readReason(file, e), e);
    }
    return new Parser(file).baseline(root);
  }

  /** The same baseline expecting the given values, one per tracked ratio, in order. */
  public Baseline withExpected(List<Double> expected) {
    if (expected.size() != tracked.size()) {
      throw new IllegalArgumentException(expected.size() + " values for " + tracked.size()
          + " tracked ratios");
    }
    List<TrackedRatio> t = new ArrayList<>();
    for (int i = 0; i < tracked.size(); i++) {
      t.add(tracked.get(i).withExpected(expected.get(i)));
    }
    return new Baseline(description, t);
  }

  /** Writes this baseline as JSON (atomically), in the format {@link #read} accepts. */
  public void write(Path file) {
    ObjectMapper mapper = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
    ObjectNode root = mapper.createObjectNode();
    root.put("description", description);
    ArrayNode list = root.putArray("tracked");
    for (TrackedRatio r : tracked) {
      ObjectNode n = list.addObject();
      n.put("name", r.name());
      side(n.putObject("numerator"), r.numerator());
      r.denominator().ifPresent(d -> side(n.putObject("denominator"), d));
      n.put("expected", r.expected());
      n.put("tolerance", r.tolerance());
      n.put("better", r.better().label());
    }
    try {
      OutputFiles.write(file, (mapper.writeValueAsString(root) + "\n")
          .getBytes(StandardCharsets.UTF_8));
    } catch (JsonProcessingException e) {
      throw new ReportException("cannot write baseline " + file + ": " + e.getOriginalMessage(),
          e);
    }
  }

  private static void side(ObjectNode n, RatioSide s) {
    ObjectNode where = n.putObject("where");
    s.where().forEach(where::put);
    n.put("metric", s.metric());
  }

  /** Reads the tree, remembering the file for messages. */
  private record Parser(Path file) {
    Baseline baseline(JsonNode root) {
      object(root, "(top level)");
      keys(root, "", TOP_KEYS, TOP_ORDER);
      String description = root.has("description")
          ? text(root.get("description"), "description") : "";
      JsonNode list = root.get("tracked");
      if (list == null) {
        throw error("tracked", "missing key");
      }
      if (!list.isArray() || list.isEmpty()) {
        throw error("tracked", "must be a non-empty list of tracked ratios");
      }
      List<TrackedRatio> tracked = new ArrayList<>();
      for (int i = 0; i < list.size(); i++) {
        tracked.add(ratio(list.get(i), "tracked[" + i + "]"));
      }
      return new Baseline(description, tracked);
    }

    private TrackedRatio ratio(JsonNode n, String path) {
      object(n, path);
      keys(n, path + ".", RATIO_KEYS, RATIO_ORDER);
      String name = text(required(n, path, "name"), path + ".name");
      RatioSide numerator = side(required(n, path, "numerator"), path + ".numerator");
      Optional<RatioSide> denominator = n.has("denominator")
          ? Optional.of(side(n.get("denominator"), path + ".denominator")) : Optional.empty();
      double expected = number(required(n, path, "expected"), path + ".expected");
      double tolerance = number(required(n, path, "tolerance"), path + ".tolerance");
      if (tolerance < 0) {
        throw error(path + ".tolerance", "must be >= 0, was " + tolerance);
      }
      String better = text(required(n, path, "better"), path + ".better");
      Better b = Arrays.stream(Better.values()).filter(v -> v.label().equals(better))
          .findFirst().orElseThrow(() -> error(path + ".better", "unknown value '" + better
              + "'; valid values: higher, lower, equal"));
      return new TrackedRatio(name, numerator, denominator, expected, tolerance, b);
    }

    private RatioSide side(JsonNode n, String path) {
      object(n, path);
      keys(n, path + ".", SIDE_KEYS, SIDE_ORDER);
      Map<String, String> where = new LinkedHashMap<>();
      JsonNode w = n.get("where");
      if (w != null) {
        object(w, path + ".where");
        for (Iterator<Map.Entry<String, JsonNode>> it = w.fields(); it.hasNext(); ) {
          Map.Entry<String, JsonNode> e = it.next();
          JsonNode v = e.getValue();
          if (!v.isTextual() && !v.isNumber()) {
            throw error(path + ".where." + e.getKey(), "must be a text or a number, was "
                + v);
          }
          // numbers are matched numerically, so their JSON spelling does not matter
          where.put(e.getKey(), v.asText());
        }
      }
      String metric = text(required(n, path, "metric"), path + ".metric");
      return new RatioSide(where, metric);
    }

    private JsonNode required(JsonNode n, String path, String key) {
      JsonNode v = n.get(key);
      if (v == null || v.isNull()) {
        throw error(path + "." + key, "missing key");
      }
      return v;
    }

    private void object(JsonNode n, String path) {
      if (n == null || !n.isObject()) {
        throw error(path, "must be an object, was " + n);
      }
    }

    private void keys(JsonNode n, String prefix, Set<String> valid, List<String> order) {
      for (Iterator<String> it = n.fieldNames(); it.hasNext(); ) {
        String k = it.next();
        if (!valid.contains(k)) {
          throw error(prefix + k, "unknown key; valid keys: " + String.join(", ", order));
        }
      }
    }

    private String text(JsonNode n, String path) {
      if (!n.isTextual()) {
        throw error(path, "must be a text, was " + n);
      }
      return n.asText();
    }

    private double number(JsonNode n, String path) {
      if (!n.isNumber()) {
        throw error(path, "must be a number, was " + n);
      }
      return n.asDouble();
    }

    private BaselineException error(String key, String message) {
      return new BaselineException(file + ": " + key + ": " + message);
    }
  }
}
