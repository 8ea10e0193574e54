package org.planlab.experiment.peer;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;
import org.planlab.experiment.results.PointMetrics;
import org.planlab.workloads.Objective;

/**
 * What one SystemDS run printed, read back into planlab's points.csv columns: the driver's
 * {@code objective:} line and the statistics of {@code -stats} (SystemDS 3.3.0's format,
 * "Label:<tabs>value[/value...] sec."), or the error SystemDS reported.
 *
 * <p>The columns and what they come from:
 * <ul>
 *   <li>{@code wall_s}: "Total elapsed time", SystemDS's own measure from the start of the
 *       script's parsing to the end of its execution — the scope of planlab's {@code wall_s}
 *       (compile plus run in a started JVM), without the JVM's start-up
 *   <li>{@code compile_s}, {@code execute_s}: "Total compilation time", "Total execution time"
 *       (reading the inputs is part of the execution, as in planlab)
 *   <li>{@code algorithm_s}: the slowest heavy hitter among SystemDS's builtin function calls
 *       (opcodes {@code m_<name>}): the call of the algorithm a driver makes, which contains
 *       any builtin it calls in turn
 *   <li>{@code recompilations}: the sum of "HOP DAGs recompiled (PRED, SB)"
 *   <li>{@code codegen_ms}: the DAG part of "Codegen compile times (DAG,JC)", the whole time of
 *       SystemDS's code generator, and {@code codegen_compile_ms} its JC (class compilation)
 *       part
 *   <li>{@code cplans}, {@code classes_compiled}: CP and JC of "Codegen compile (DAG,CP,JC)"
 *   <li>{@code plans_all}, {@code plans_partitioned}, {@code plans_evaluated}: ALLt, ALLp and
 *       EVALt of "Codegen enum (ALLt/p,EVALt/p)"
 *   <li>{@code operator_cache_hits}: the hits of "Codegen op plan cache hits" (hits/total)
 *   <li>{@code fused_cell}, {@code fused_magg}, {@code fused_row}, {@code fused_outer}: the
 *       executions of the heavy hitters whose opcodes start with {@code spoofCell},
 *       {@code spoofMA}, {@code spoofRA}, {@code spoofOP} (SystemDS names fused operators
 *       "spoof" + template + class)
 *   <li>{@code sysds_recompile_s}: "HOP DAGs recompile time", dynamic recompilation during the
 *       execution (with code generation on, it includes generating and compiling operators)
 *   <li>{@code sysds_jit_s}, {@code sysds_gc_s}: "Total JIT compile time", "Total JVM GC time"
 *   <li>{@code process_s}: the wall time of the SystemDS JVM, start-up included
 * </ul>
 * Columns SystemDS has no counterpart for stay empty.
 *
 * @param objective the last {@code objective:} value, NaN when none was printed
 * @param metrics every column of {@link PointMetrics#COLUMNS} and the {@code sysds_} ones
 *     (unmodifiable)
 * @param error SystemDS's error message, empty when it reported none
 */
public record SystemDsOutput(double objective, Map<String, String> metrics,
    Optional<String> error) {
  /** The extra columns of SystemDS runs. */
  public static final List<String> EXTRA_COLUMNS = List.of("sysds_recompile_s",
      "sysds_jit_s", "sysds_gc_s", "process_s");

  private static final Pattern ANSI = Pattern.compile("\u001B\\[[0-9;]*m");
  private static final String ERROR_LINE = "An Error Occurred";
  /** The opcode prefix of SystemDS's builtin function calls in its heavy hitters. */
  private static final String BUILTIN_CALL = "m_";
  private static final Map<String, String> FUSED = Map.of("spoofCell", "fused_cell",
      "spoofMA", "fused_magg", "spoofRA", "fused_row", "spoofOP", "fused_outer");

  /** Freezes the metrics. */
  public SystemDsOutput {
    metrics = Collections.unmodifiableMap(new LinkedHashMap<>(metrics));
  }

  /**
   * Reads one run's output.
   *
   * @param stdout what the run printed on stdout
   * @param stderr what it printed on stderr
   * @param processNanos the wall time of its whole JVM, start-up included ({@code process_s})
   * @throws IllegalArgumentException when the objective line holds no number
   */
  public static SystemDsOutput parse(String stdout, String stderr, long processNanos) {
    Map<String, String> m = new LinkedHashMap<>();
    PointMetrics.COLUMNS.forEach(c -> m.put(c, ""));
    EXTRA_COLUMNS.forEach(c -> m.put(c, ""));
    Map<String, String> stats = new LinkedHashMap<>();
    Map<String, Long> fused = new LinkedHashMap<>();
    FUSED.values().forEach(c -> fused.put(c, 0L));
    boolean heavyHitters = false;
    boolean anyHeavyHitter = false;
    double algorithm = -1;
    for (String raw : stdout.split("\\R")) {
      String line = ANSI.matcher(raw).replaceAll("").strip();
      if (line.startsWith("Heavy hitter instructions")) {
        heavyHitters = true;
        continue;
      }
      if (heavyHitters) {
        String[] t = line.split("\\s+");
        if (t.length >= 4 && t[0].matches("\\d+")) {
          anyHeavyHitter = true;
          if (t[1].startsWith(BUILTIN_CALL)) {
            algorithm = Math.max(algorithm, Double.parseDouble(t[2]));
          }
          for (Map.Entry<String, String> f : FUSED.entrySet()) {
            if (t[1].startsWith(f.getKey())) {
              fused.merge(f.getValue(), Long.parseLong(t[t.length - 1]), Long::sum);
            }
          }
        }
        continue;
      }
      int colon = line.indexOf(':');
      if (colon > 0 && !line.startsWith(Objective.LINE_PREFIX)) {
        stats.put(line.substring(0, colon).strip(), line.substring(colon + 1).strip()
            .replaceFirst("\\s*secs?\\.$", "").replaceFirst("\\.$", ""));
      }
    }
    put(m, "wall_s", seconds(stats, "Total elapsed time", 0));
    put(m, "compile_s", seconds(stats, "Total compilation time", 0));
    put(m, "execute_s", seconds(stats, "Total execution time", 0));
    if (algorithm >= 0) {
      m.put("algorithm_s", String.format(Locale.ROOT, "%.6f", algorithm));
    }
    String recompiled = stats.get("HOP DAGs recompiled (PRED, SB)");
    if (recompiled != null) {
      m.put("recompilations", Long.toString(part(recompiled, 0) + part(recompiled, 1)));
    }
    String times = stats.get("Codegen compile times (DAG,JC)");
    if (times != null) {
      m.put("codegen_ms", millis(Double.parseDouble(times.split("/")[0])));
      m.put("codegen_compile_ms", millis(Double.parseDouble(times.split("/")[1])));
    }
    String compiled = stats.get("Codegen compile (DAG,CP,JC)");
    if (compiled != null) {
      m.put("cplans", Long.toString(part(compiled, 1)));
      m.put("classes_compiled", Long.toString(part(compiled, 2)));
    }
    String enumerated = stats.get("Codegen enum (ALLt/p,EVALt/p)");
    if (enumerated != null) {
      m.put("plans_all", Long.toString(part(enumerated, 0)));
      m.put("plans_partitioned", Long.toString(part(enumerated, 1)));
      m.put("plans_evaluated", Long.toString(part(enumerated, 2)));
    }
    String cache = stats.get("Codegen op plan cache hits");
    if (cache != null) {
      m.put("operator_cache_hits", Long.toString(part(cache, 0)));
    }
    if (anyHeavyHitter) {
      fused.forEach((c, n) -> m.put(c, Long.toString(n)));
    }
    put(m, "sysds_recompile_s", seconds(stats, "HOP DAGs recompile time", 0));
    put(m, "sysds_jit_s", seconds(stats, "Total JIT compile time", 0));
    put(m, "sysds_gc_s", seconds(stats, "Total JVM GC time", 0));
    m.put("process_s", String.format(Locale.ROOT, "%.6f", processNanos / 1e9));
    double objective = Objective.parse(stdout);
    m.put("objective", Double.isNaN(objective) ? "" : Double.toString(objective));
    return new SystemDsOutput(objective, m, error(stdout + "\n" + stderr));
  }

  /**
   * The message after SystemDS's "An Error Occurred :" line (the exception's type and message,
   * up to the next blank line), or the first line of an uncaught exception's trace.
   */
  static Optional<String> error(String output) {
    List<String> lines = output.lines().map(l -> ANSI.matcher(l).replaceAll("").strip())
        .toList();
    for (int i = 0; i < lines.size(); i++) {
      if (lines.get(i).startsWith(ERROR_LINE)) {
        StringBuilder sb = new StringBuilder();
        for (int j = i + 1; j < lines.size() && !lines.get(j).isEmpty(); j++) {
          sb.append(sb.length() == 0 ? "" : " / ").append(lines.get(j));
        }
        return Optional.of(sb.length() == 0 ? lines.get(i) : sb.toString());
      }
      if (lines.get(i).startsWith("Exception in thread")) {
        return Optional.of(lines.get(i));
      }
    }
    return Optional.empty();
  }

  private static String seconds(Map<String, String> stats, String label, int part) {
    String v = stats.get(label);
    return v == null ? "" : String.format(Locale.ROOT, "%.6f",
        Double.parseDouble(v.split("/")[part]));
  }

  private static long part(String value, int i) {
    return Long.parseLong(value.split("/")[i].strip());
  }

  private static String millis(double seconds) {
    return String.format(Locale.ROOT, "%.3f", seconds * 1e3);
  }

  private static void put(Map<String, String> m, String column, String value) {
    m.put(column, value);
  }
}
