package org.planlab.bench;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.planlab.bench.FusedPatternMethods.Method;
import org.planlab.experiment.results.AtomicFiles;
import org.planlab.experiment.results.RunEnvironment;

/**
 * Converts a JMH JSON result of {@link FusedPatternBench} into the experiment results layout
 * (EXPERIMENTS.md, the results contract): {@code RESULTS_ROOT/NAME/RUN_ID/run.json} and
 * {@code points.csv}, so that the generic reports and comparisons read the pattern benchmarks
 * like any other run.
 *
 * <p>One points.csv row per JMH result (rep 1: JMH already aggregates its iterations), workload
 * {@value #WORKLOAD}, variant {@code unfused|gen|hand|kernel} and the parameters
 * {@code param:pattern}, {@code param:format} and every JMH {@code @Param} as
 * {@code param:<name>} (empty where a benchmark's state lacks it), then the metrics
 * {@code score_ms, score_error_ms, wall_s} (the score in seconds, what generic reports plot) and
 * {@code gb_per_s} (bytes of input read per second, for the dense memory-bound patterns of
 * {@link FusedPatternMethods#bytesRead}). The point id is
 * {@code <pattern>_<format>_<name>-<value>..._<variant>}: the variant is appended because the
 * contract makes a point unique within its run.
 *
 * <p>run.json carries the contract's fields; the "descriptor" is the JMH configuration (the JSON
 * file, its SHA-256, mode, forks, iterations, JVM arguments), the environment's Java version, JVM
 * and maximum heap are those of the benchmark JVM as JMH recorded them (not of this converter),
 * commit and dirty flag come from git, "start" is unknown (null) and "end" is the JSON file's
 * modification time. Files are written atomically (temporary file in the run folder, then an
 * atomic rename).
 *
 * <p>Usage: {@code java -cp benchmarks.jar org.planlab.bench.JmhResults JMH.json RESULTS_ROOT
 * NAME}; prints the run folder.
 */
public final class JmhResults {
  /** The workload column of every row. */
  public static final String WORKLOAD = "FusedPatternBench";
  /** The variant the reports divide by. */
  public static final String BASELINE_VARIANT = FusedPatternMethods.UNFUSED;

  private static final DateTimeFormatter RUN_ID =
      DateTimeFormatter.ofPattern("yyyyMMdd'T'HHmmss'Z'").withZone(ZoneOffset.UTC);
  private static final Pattern SAFE_NAME = Pattern.compile("[A-Za-z0-9._-]+");
  private static final Pattern XMX = Pattern.compile("-Xmx(\\d+)([kKmMgGtT]?)");
  private static final List<String> FIXED_COLUMNS =
      List.of("point", "workload", "variant", "rep", "status", "error");
  private static final List<String> METRIC_COLUMNS =
      List.of("score_ms", "score_error_ms", "wall_s", "gb_per_s");

  private JmhResults() {
  }

  /**
   * Facts about the machine and the checkout that the JMH JSON does not record.
   *
   * @param commit {@code git rev-parse HEAD}, or {@value RunEnvironment#UNKNOWN}
   * @param dirty whether {@code git status --porcelain} listed changes (false when unknown)
   * @param os OS name, version and architecture
   * @param cores available processors
   * @param physicalMemoryBytes the machine's memory, -1 when the JVM cannot tell
   * @param planlabVersion the planlab version
   */
  public record Host(String commit, boolean dirty, String os, int cores,
      long physicalMemoryBytes, String planlabVersion) {
    /** Checks that no field is null. */
    public Host {
      Objects.requireNonNull(commit, "commit is null");
      Objects.requireNonNull(os, "os is null");
      Objects.requireNonNull(planlabVersion, "planlabVersion is null");
    }

    /**
     * This machine, with the git state of the checkout the benchmark classes were loaded from
     * (benchmarks.jar in experiments/target), else of the checkout containing {@code dir}.
     */
    public static Host detect(Path dir) {
      RunEnvironment e = RunEnvironment.capture(dir);
      return new Host(e.commit(), e.dirty(), e.os(), e.cores(), e.physicalMemoryBytes(),
          e.planlabVersion());
    }
  }

  /**
   * One JMH result as a points.csv row.
   *
   * @param point the file-name-safe point id
   * @param method the benchmark method and what it measures
   * @param params the JMH parameters, by name
   * @param scoreMs mean time per operation in milliseconds
   * @param scoreErrorMs half-width of JMH's 99.9% confidence interval in milliseconds (NaN for a
   *     single measurement iteration)
   * @param gbPerS bytes of input read per second / 1e9, NaN where not known
   */
  record Point(String point, Method method, Map<String, String> params, double scoreMs,
      double scoreErrorMs, double gbPerS) {
    /** Copies the parameters (sorted by name). */
    Point {
      Objects.requireNonNull(point, "point is null");
      Objects.requireNonNull(method, "method is null");
      params = Collections.unmodifiableMap(new TreeMap<>(params));
    }

    /** The score in seconds: the {@code wall_s} metric. */
    double wallSeconds() {
      return scoreMs / 1e3;
    }
  }

  /**
   * Runs the conversion: {@code JMH.json RESULTS_ROOT NAME}. Exit code 0 with the run folder on
   * stdout, 1 when the JSON cannot be converted (message on stderr), 2 for a usage error.
   */
  public static void main(String[] args) {
    if (args.length != 3) {
      System.err.println("usage: JmhResults JMH.json RESULTS_ROOT NAME");
      System.exit(2);
    }
    if (!SAFE_NAME.matcher(args[2]).matches()) {
      System.err.println("error: NAME must be file-name safe ([A-Za-z0-9._-]+), was '" + args[2]
          + "'");
      System.exit(2);
    }
    try {
      Path run = write(Path.of(args[0]), Path.of(args[1]), args[2]);
      System.out.println(run);
    } catch (IOException | IllegalArgumentException | IllegalStateException e) {
      System.err.println("error: " + e.getMessage());
      System.exit(1);
    }
  }

  /**
   * Converts {@code jmhJson} into a new run folder {@code resultsRoot/name/<now as run id>} with
   * this machine's {@link Host#detect host} facts.
   *
   * @return the run folder
   */
  public static Path write(Path jmhJson, Path resultsRoot, String name) throws IOException {
    String runId = RUN_ID.format(Instant.now());
    return write(jmhJson, resultsRoot, name, runId, Host.detect(Path.of("").toAbsolutePath()));
  }

  /**
   * Converts {@code jmhJson} into the new run folder {@code resultsRoot/name/runId}.
   *
   * @return the run folder
   * @throws IllegalArgumentException for a benchmark that is not in {@link FusedPatternMethods}
   *     (naming it), a score unit other than time per operation, or a malformed JSON
   * @throws IllegalStateException if the run folder exists already
   */
  public static Path write(Path jmhJson, Path resultsRoot, String name, String runId, Host host)
      throws IOException {
    byte[] bytes = Files.readAllBytes(jmhJson);
    JsonNode root;
    try {
      root = new ObjectMapper().readTree(bytes);
    } catch (JsonProcessingException e) {
      throw new IllegalArgumentException(jmhJson + " is not JSON: " + e.getOriginalMessage());
    }
    if (root == null || !root.isArray()) {
      throw new IllegalArgumentException(jmhJson + " is not a JMH JSON result (an array of"
          + " benchmark results)");
    }
    List<Point> points = points(root, jmhJson);
    Path run = resultsRoot.resolve(name).resolve(runId);
    Files.createDirectories(run.getParent());
    try {
      Files.createDirectory(run);
    } catch (FileAlreadyExistsException e) {
      throw new IllegalStateException("run folder " + run + " exists already");
    }
    Instant end = Files.getLastModifiedTime(jmhJson).toInstant().truncatedTo(ChronoUnit.SECONDS);
    ObjectNode manifest = runJson(root, jmhJson, sha256(bytes), name, runId, end, host);
    AtomicFiles.writeString(run.resolve("run.json"), new ObjectMapper()
        .enable(SerializationFeature.INDENT_OUTPUT).writeValueAsString(manifest) + "\n");
    AtomicFiles.writeString(run.resolve("points.csv"), pointsCsv(points));
    return run;
  }

  /**
   * The points of a JMH JSON result, in its order.
   *
   * @param source the file named in error messages
   * @throws IllegalArgumentException for an unknown benchmark method, a non-time score unit or
   *     two results with the same point id
   */
  static List<Point> points(JsonNode root, Path source) {
    List<Point> points = new ArrayList<>();
    Set<String> ids = new HashSet<>();
    for (JsonNode b : root) {
      String benchmark = b.path("benchmark").asText("");
      Method method;
      try {
        method = FusedPatternMethods.of(benchmark);
      } catch (IllegalArgumentException e) {
        throw new IllegalArgumentException(source + ": " + e.getMessage());
      }
      Map<String, String> params = new TreeMap<>();
      b.path("params").fields()
          .forEachRemaining(e -> params.put(e.getKey(), e.getValue().asText()));
      JsonNode pm = b.path("primaryMetric");
      String unit = pm.path("scoreUnit").asText("");
      double toMs;
      try {
        toMs = FusionBenchReport.unitToSeconds(unit) * 1e3;
      } catch (IllegalArgumentException e) {
        throw new IllegalArgumentException(source + ": " + benchmark + ": " + e.getMessage());
      }
      if (!pm.path("score").isNumber()) {
        throw new IllegalArgumentException(source + ": " + benchmark
            + " has no primaryMetric.score");
      }
      double scoreMs = pm.path("score").asDouble() * toMs;
      JsonNode err = pm.path("scoreError");
      // JMH writes "NaN" (a string) when one measurement iteration gives no interval
      double errorMs = err.isNumber() ? err.asDouble() * toMs : Double.NaN;
      // bytes / (ms * 1e6) = bytes / s / 1e9
      double gbPerS = FusedPatternMethods.bytesRead(method, params) / (scoreMs * 1e6);
      String id = pointId(method, params);
      if (!ids.add(id)) {
        throw new IllegalArgumentException(source + ": two results for point " + id);
      }
      points.add(new Point(id, method, params, scoreMs, errorMs, gbPerS));
    }
    return points;
  }

  /** {@code <pattern>_<format>_<name>-<value>..._<variant>}, parameters sorted by name. */
  static String pointId(Method method, Map<String, String> params) {
    StringBuilder sb = new StringBuilder(method.pattern()).append('_').append(method.format());
    new TreeMap<>(params).forEach((k, v) -> sb.append('_').append(k).append('-').append(v));
    sb.append('_').append(method.variant());
    return sb.toString().replaceAll("[^A-Za-z0-9._-]", "-");
  }

  /** The points.csv text: header, then one row per point. */
  static String pointsCsv(List<Point> points) {
    Set<String> paramNames = new TreeSet<>();
    points.forEach(p -> paramNames.addAll(p.params().keySet()));
    List<String> header = new ArrayList<>(FIXED_COLUMNS);
    header.add("param:pattern");
    header.add("param:format");
    paramNames.forEach(n -> header.add("param:" + n));
    header.addAll(METRIC_COLUMNS);
    StringBuilder sb = new StringBuilder();
    sb.append(String.join(",", header)).append('\n');
    for (Point p : points) {
      List<String> cells = new ArrayList<>(List.of(p.point(), WORKLOAD, p.method().variant(), "1",
          "ok", "", p.method().pattern(), p.method().format()));
      paramNames.forEach(n -> cells.add(p.params().getOrDefault(n, "")));
      cells.add(number(p.scoreMs()));
      cells.add(number(p.scoreErrorMs()));
      cells.add(number(p.wallSeconds()));
      cells.add(number(p.gbPerS()));
      List<String> quoted = new ArrayList<>();
      cells.forEach(c -> quoted.add(csv(c)));
      sb.append(String.join(",", quoted)).append('\n');
    }
    return sb.toString();
  }

  private static ObjectNode runJson(JsonNode root, Path jmhJson, String sha256, String name,
      String runId, Instant end, Host host) {
    JsonNode first = root.isEmpty() ? JsonNodeFactory.instance.objectNode() : root.get(0);
    ObjectNode o = JsonNodeFactory.instance.objectNode();
    o.put("name", name);
    o.put("descriptorFile", jmhJson.toAbsolutePath().normalize().toString());
    o.put("descriptorSha256", sha256);
    ObjectNode d = o.putObject("descriptor");
    d.put("kind", "jmh");
    d.put("benchmark", FusedPatternBench.class.getName());
    d.put("jmhVersion", first.path("jmhVersion").asText(null));
    d.put("mode", first.path("mode").asText(null));
    d.put("forks", first.path("forks").asInt());
    d.put("warmupIterations", first.path("warmupIterations").asInt());
    d.put("warmupTime", first.path("warmupTime").asText(null));
    d.put("measurementIterations", first.path("measurementIterations").asInt());
    d.put("measurementTime", first.path("measurementTime").asText(null));
    ArrayNode jvmArgs = d.putArray("jvmArgs");
    first.path("jvmArgs").forEach(a -> jvmArgs.add(a.asText()));
    d.put("results", root.size());
    o.put("runId", runId);
    o.put("status", "complete");
    o.putNull("start");
    o.put("end", DateTimeFormatter.ISO_INSTANT.format(end));
    ObjectNode env = o.putObject("environment");
    env.put("commit", host.commit());
    env.put("dirty", host.dirty());
    env.put("javaVersion", first.path("jdkVersion").asText(RunEnvironment.UNKNOWN));
    env.put("jvm", (first.path("vmName").asText(RunEnvironment.UNKNOWN) + " "
        + first.path("vmVersion").asText("")).trim());
    env.put("os", host.os());
    env.put("cores", host.cores());
    env.put("maxHeapBytes", maxHeapBytes(first.path("jvmArgs")));
    env.put("physicalMemoryBytes", host.physicalMemoryBytes());
    env.put("planlabVersion", host.planlabVersion());
    o.put("baselineVariant", BASELINE_VARIANT);
    return o;
  }

  /** The benchmark JVM's {@code -Xmx} in bytes (the last one wins, as in the JVM), or -1. */
  static long maxHeapBytes(JsonNode jvmArgs) {
    long bytes = -1;
    for (JsonNode a : jvmArgs) {
      // an argument appended on the JMH command line may hold several flags in one string
      for (String flag : a.asText().trim().split("\\s+")) {
        Matcher m = XMX.matcher(flag);
        if (m.matches()) {
          long n = Long.parseLong(m.group(1));
          bytes = switch (m.group(2).toLowerCase(Locale.ROOT)) {
            case "k" -> n << 10;
            case "m" -> n << 20;
            case "g" -> n << 30;
            case "t" -> n << 40;
            default -> n;
          };
        }
      }
    }
    return bytes;
  }

  private static String number(double v) {
    return Double.isNaN(v) || Double.isInfinite(v) ? "" : Double.toString(v);
  }

  private static String csv(String cell) {
    if (cell.indexOf(',') < 0 && cell.indexOf('"') < 0 && cell.indexOf('\n') < 0
        && cell.indexOf('\r') < 0) {
      return cell;
    }
    return '"' + cell.replace("\"", "\"\"") + '"';
  }

  private static String sha256(byte[] bytes) {
    try {
      return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-256 is missing from this JVM", e);
    }
  }
}
