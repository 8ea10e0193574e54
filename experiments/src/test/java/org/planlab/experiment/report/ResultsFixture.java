package org.planlab.experiment.report;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Writes a results folder by hand in the layout of the results contract (EXPERIMENTS.md and the
 * harness brief): {@code points.csv} with the key columns, one {@code param:} column per
 * parameter and every contract metric column, plus a {@code run.json}.
 */
public final class ResultsFixture {
  /** The metric columns of the contract, in order. */
  public static final List<String> CONTRACT_METRICS = List.of("wall_s", "compile_s",
      "execute_s", "parse_s", "codegen_ms", "codegen_explore_ms", "codegen_select_ms",
      "codegen_construct_ms", "codegen_compile_ms", "dags", "recompilations", "cplans",
      "classes_compiled", "operator_cache_hits", "plans_all", "plans_partitioned",
      "plans_evaluated", "partitions", "interesting_points", "fused_cell", "fused_magg",
      "fused_row", "fused_outer", "reuse_hits", "reuse_misses", "reuse_evictions",
      "reuse_spills", "reuse_hits_disk", "reuse_hits_partial", "reuse_hits_function",
      "reuse_puts", "reuse_reloads", "reuse_bytes", "reuse_probe_s", "reuse_saved_s",
      "spark_jobs", "spark_stages", "shuffle_bytes", "broadcast_bytes", "gpu_mallocs",
      "gpu_recycled", "gpu_reused", "gpu_frees", "gpu_evicted_cached", "gpu_host_evictions",
      "gpu_recopied_bytes", "gpu_h2d_bytes", "gpu_device_s", "peak_heap_bytes", "objective");

  /** wall_s of the standard run, [size][variant][rep]; Gen at 1e6 failed (NaN). */
  public static final double[][][] WALL = {
      {{1.9, 1.5, 1.7}, {0.9, 0.8, 0.85}, {0.5, 0.55, 0.45}},
      {{17.5, 16.0, 17.0}, {8.2, 8.0, 8.4}, {Double.NaN, Double.NaN, Double.NaN}}};
  /** Sizes (param:X.rows) of the standard run. */
  public static final List<String> SIZES = List.of("1e5", "1e6");
  /** Variants of the standard run; Base is its baseline. */
  public static final List<String> VARIANTS = List.of("Base", "FA", "Gen");

  private final List<String> params;
  private final List<String> lines = new ArrayList<>();

  /** A points.csv with these parameters (names without {@code param:}). */
  public ResultsFixture(String... params) {
    this.params = List.of(params);
  }

  /**
   * The standard run: workload l2svm, X.rows in {1e5, 1e6} (X.cols = 10 and maxiter = 20
   * constant), variants Base, FA, Gen, three repetitions each with {@link #WALL} as wall_s; the
   * fused variants record codegen_ms = 10 * (rep + 1) and plans_evaluated = 7 (FA) or 12 (Gen),
   * fused_cell = 2; Gen at 1e6 fails in every repetition.
   */
  public static ResultsFixture standard() {
    ResultsFixture f = new ResultsFixture("X.rows", "X.cols", "maxiter");
    for (int s = 0; s < SIZES.size(); s++) {
      for (int v = 0; v < VARIANTS.size(); v++) {
        for (int r = 0; r < 3; r++) {
          List<String> params = List.of(SIZES.get(s), "10", "20");
          double wall = WALL[s][v][r];
          if (Double.isNaN(wall)) {
            f.notOk("l2svm", VARIANTS.get(v), r + 1, "failed", "OutOfMemoryError: Java heap",
                params);
          } else if (v == 0) {
            f.ok("l2svm", VARIANTS.get(v), r + 1, params, Map.of("wall_s", wall));
          } else {
            f.ok("l2svm", VARIANTS.get(v), r + 1, params, Map.of("wall_s", wall,
                "codegen_ms", 10.0 * (r + 1), "plans_evaluated", v == 1 ? 7.0 : 12.0,
                "fused_cell", 2.0));
          }
        }
      }
    }
    return f;
  }

  /** Adds a finished repetition. */
  public ResultsFixture ok(String workload, String variant, int rep, List<String> paramValues,
      Map<String, Double> metrics) {
    return row(workload, variant, rep, "ok", "", paramValues, metrics);
  }

  /** Adds a repetition that ended with {@code status} (failed or timeout) and an error. */
  public ResultsFixture notOk(String workload, String variant, int rep, String status,
      String error, List<String> paramValues) {
    return row(workload, variant, rep, status, error, paramValues, Map.of());
  }

  private ResultsFixture row(String workload, String variant, int rep, String status,
      String error, List<String> paramValues, Map<String, Double> metrics) {
    StringBuilder b = new StringBuilder();
    String point = workload + "_" + String.join("-", paramValues) + "_" + variant;
    b.append(point).append(',').append(workload).append(',').append(variant).append(',')
        .append(rep).append(',').append(status).append(',')
        .append('"').append(error.replace("\"", "\"\"")).append('"');
    for (String v : paramValues) {
      b.append(',').append(v);
    }
    for (String m : CONTRACT_METRICS) {
      b.append(',');
      Double v = metrics.get(m);
      if (v != null) {
        b.append(v);
      }
    }
    lines.add(b.toString());
    return this;
  }

  /** The points.csv text. */
  public String csv() {
    StringBuilder b = new StringBuilder("point,workload,variant,rep,status,error");
    params.forEach(p -> b.append(",param:").append(p));
    CONTRACT_METRICS.forEach(m -> b.append(',').append(m));
    b.append('\n');
    lines.forEach(l -> b.append(l).append('\n'));
    return b.toString();
  }

  /** Writes {@code runDir/points.csv} and {@code runDir/run.json}; returns runDir. */
  public Path write(Path runDir, String name, String baselineVariant) {
    try {
      Files.createDirectories(runDir);
      Files.writeString(runDir.resolve("points.csv"), csv());
      Files.writeString(runDir.resolve("run.json"), "{\"name\": \"" + name
          + "\", \"runId\": \"" + runDir.getFileName() + "\", \"status\": \"complete\", "
          + "\"descriptor\": {}, \"environment\": {\"cores\": 2}, \"baselineVariant\": \""
          + baselineVariant + "\"}\n");
      return runDir;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
