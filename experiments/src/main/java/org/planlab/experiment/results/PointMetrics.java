package org.planlab.experiment.results;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;
import org.planlab.engine.codegen.select.SelectionStats;
import org.planlab.engine.stats.CodegenCounter;
import org.planlab.engine.stats.CompilePhase;
import org.planlab.engine.stats.ReuseCounter;
import org.planlab.engine.stats.StatisticsSnapshot;

/**
 * The metric columns of points.csv for one measured run, taken from the engine's statistics.
 * Values are text as they go into the CSV; a metric the run has no value for (no code
 * generation under {@code fusion: none}, reuse and Spark counters of the CPU backend) is the
 * empty string.
 *
 * <p>{@code algorithm_s} is the part of {@code execute_s} spent in the function calls of the
 * main program: for a workload driver, which reads its inputs, calls the algorithm and checks
 * the result, the time in the algorithm; empty for scripts that call no function.
 *
 * <p>{@code execute_cpu_s}, {@code reference_cpu_s} and {@code execute_per_reference} are set for
 * points that measure reference work around their runs ({@code reference: machine}): the
 * process's CPU seconds while the script executed, the CPU seconds of one unit of reference work
 * at that time, and the first divided by the second. More work in planlab raises the ratio; a
 * busier machine stretches elapsed times but not CPU times, and cores that run slower slow the
 * reference work as well, which keeps the ratio trackable on a shared machine where seconds are
 * not.
 *
 * <p>{@code execute_user_s} and {@code execute_kernel_s} split the process's CPU time during the
 * execution into user mode and kernel (mostly page faults of freshly touched memory); empty
 * where the operating system does not report them. {@code buffer_fresh_bytes} and
 * {@code buffer_recycled_bytes} are the bytes of large block buffers local operations
 * allocated new and took recycled from dead intermediates (0 and 0 without recycling).
 *
 * <p>The Spark columns count what Spark's listener and the backend saw: jobs, stages, shuffle
 * bytes, and the bytes of driver values shipped to the executors as broadcasts and as
 * parallelized RDDs and of results collected to the driver (Spark paper, sec. 3.2: the hybrid
 * plan's transfers). A driver vector reaches a distributed operator by either way, so the first
 * two together are what a fusion plan ships (fusion paper, sec. 5.5).
 */
public final class PointMetrics {
  /** The metric columns, in the order of the results contract. */
  public static final List<String> COLUMNS = List.of("wall_s", "compile_s", "execute_s",
      "algorithm_s", "execute_cpu_s", "reference_cpu_s", "execute_per_reference", "execute_user_s",
      "execute_kernel_s", "parse_s", "codegen_ms", "codegen_explore_ms", "codegen_select_ms",
      "codegen_construct_ms", "codegen_compile_ms", "dags", "recompilations", "cplans",
      "classes_compiled", "operator_cache_hits", "plans_all", "plans_partitioned",
      "plans_evaluated", "partitions",
      "interesting_points", "fused_cell", "fused_magg", "fused_row", "fused_outer", "reuse_hits",
      "reuse_misses", "reuse_evictions", "reuse_spills", "reuse_hits_disk",
      "reuse_hits_partial", "reuse_hits_function", "reuse_puts", "reuse_reloads", "reuse_bytes",
      "reuse_probe_s", "reuse_saved_s", "spark_jobs", "spark_stages",
      "shuffle_bytes", "broadcast_bytes", "parallelize_bytes", "collect_bytes", "gpu_mallocs",
      "gpu_recycled", "gpu_reused",
      "gpu_frees", "gpu_evicted_cached", "gpu_host_evictions", "gpu_recopied_bytes",
      "gpu_h2d_bytes", "gpu_device_s", "peak_heap_bytes", "buffer_fresh_bytes",
      "buffer_recycled_bytes", "objective");

  /** Opcodes of the fused operators by template, as {@code FusedOp.opcode()} names them. */
  private static final Map<String, String> FUSED = Map.of("fused_cell", "spoofCell",
      "fused_magg", "spoofMagg", "fused_row", "spoofRow", "fused_outer", "spoofOuter");

  /** The Spark columns and the backend counters they show. */
  private static final Map<String, String> SPARK = Map.of("spark_jobs", "spark.jobs",
      "spark_stages", "spark.stages", "shuffle_bytes", "spark.shuffle_bytes",
      "broadcast_bytes", "spark.broadcast_bytes", "parallelize_bytes",
      "spark.parallelize_bytes", "collect_bytes", "spark.collect_bytes");

  /** The GPU columns and the backend counters they show (MEMPHIS sec. 4.2, Fig. 12(b)). */
  private static final Map<String, String> GPU = Map.of("gpu_mallocs", "gpu.mallocs",
      "gpu_recycled", "gpu.recycled", "gpu_reused", "gpu.reused", "gpu_frees", "gpu.frees",
      "gpu_evicted_cached", "gpu.evicted_cached", "gpu_host_evictions", "gpu.host_evictions",
      "gpu_recopied_bytes", "gpu.recopied_bytes", "gpu_h2d_bytes", "gpu.h2d_bytes");

  private PointMetrics() {
  }

  /**
   * The metrics of one run.
   *
   * @param s the run's statistics (compile and execution)
   * @param wallNanos wall time of compile plus run
   * @param objective the printed objective, NaN when there is none
   * @return every column of {@link #COLUMNS}, in that order (unmodifiable)
   */
  public static Map<String, String> of(StatisticsSnapshot s, long wallNanos, double objective) {
    return of(s, wallNanos, objective, null);
  }

  /**
   * CPU times of a run measured beside reference work.
   *
   * @param executeCpuNanos the process's CPU time while the script executed
   * @param referenceCpuNanos the CPU time of one unit of reference work at that time, > 0
   */
  public record Reference(long executeCpuNanos, long referenceCpuNanos) {
    /** Checks the times. */
    public Reference {
      if (executeCpuNanos < 0) {
        throw new IllegalArgumentException("executeCpuNanos must be >= 0, was "
            + executeCpuNanos);
      }
      if (referenceCpuNanos <= 0) {
        throw new IllegalArgumentException("referenceCpuNanos must be > 0, was "
            + referenceCpuNanos);
      }
    }
  }

  /**
   * The metrics of one run, measured beside reference work when {@code reference} is not null.
   *
   * @param s the run's statistics (compile and execution)
   * @param wallNanos wall time of compile plus run
   * @param objective the printed objective, NaN when there is none
   * @param reference the run's and the reference work's CPU times, or null
   * @return every column of {@link #COLUMNS}, in that order (unmodifiable)
   */
  public static Map<String, String> of(StatisticsSnapshot s, long wallNanos, double objective,
      Reference reference) {
    Map<String, String> m = new LinkedHashMap<>();
    COLUMNS.forEach(c -> m.put(c, ""));
    m.put("wall_s", seconds(wallNanos));
    m.put("compile_s", seconds(s.totalCompileNanos()));
    m.put("execute_s", seconds(s.executionNanos()));
    if (s.mainCallNanos() > 0) {
      m.put("algorithm_s", seconds(s.mainCallNanos()));
    }
    if (reference != null) {
      m.put("execute_cpu_s", seconds(reference.executeCpuNanos()));
      m.put("reference_cpu_s", seconds(reference.referenceCpuNanos()));
      m.put("execute_per_reference", String.format(Locale.ROOT, "%.6f",
          (double) reference.executeCpuNanos() / reference.referenceCpuNanos()));
    }
    if (s.executionCpu().known()) {
      m.put("execute_user_s", seconds(s.executionCpu().userNanos()));
      m.put("execute_kernel_s", seconds(s.executionCpu().kernelNanos()));
    }
    Long parse = s.compileNanos().get(CompilePhase.PARSE);
    m.put("parse_s", parse == null ? "" : seconds(parse));
    Map<CodegenCounter, Long> cg = s.codegen();
    if (cg.getOrDefault(CodegenCounter.DAGS_OPTIMIZED, 0L) > 0) {
      // counters of a run that generated code; without code generation they do not apply
      long total = 0;
      for (CodegenCounter c : List.of(CodegenCounter.EXPLORE_NANOS, CodegenCounter.SELECT_NANOS,
          CodegenCounter.CONSTRUCT_NANOS, CodegenCounter.COMPILE_NANOS)) {
        total += cg.getOrDefault(c, 0L);
      }
      m.put("codegen_ms", millis(total));
      m.put("codegen_explore_ms", millis(cg.getOrDefault(CodegenCounter.EXPLORE_NANOS, 0L)));
      m.put("codegen_select_ms", millis(cg.getOrDefault(CodegenCounter.SELECT_NANOS, 0L)));
      m.put("codegen_construct_ms",
          millis(cg.getOrDefault(CodegenCounter.CONSTRUCT_NANOS, 0L)));
      m.put("codegen_compile_ms", millis(cg.getOrDefault(CodegenCounter.COMPILE_NANOS, 0L)));
      m.put("cplans", Long.toString(cg.getOrDefault(CodegenCounter.CPLANS_BUILT, 0L)));
      m.put("classes_compiled",
          Long.toString(cg.getOrDefault(CodegenCounter.CLASSES_COMPILED, 0L)));
      m.put("operator_cache_hits", Long.toString(cg.getOrDefault(CodegenCounter.CACHE_HITS, 0L)));
      Map<String, Long> sel = s.selection();
      // a counter a selector never touched is 0 once some selector ran (every plan a plan-cache
      // hit evaluates none), and unknown (blank) when no selector reported at all
      Function<SelectionStats.Counter, Long> count = c -> sel.isEmpty() ? null
          : sel.getOrDefault(c.name(), 0L);
      put(m, "plans_all", count.apply(SelectionStats.Counter.PLANS_ALL));
      put(m, "plans_partitioned", count.apply(SelectionStats.Counter.PLANS_PARTITIONED));
      put(m, "plans_evaluated", count.apply(SelectionStats.Counter.PLANS_EVALUATED));
      put(m, "partitions", count.apply(SelectionStats.Counter.PARTITIONS));
      put(m, "interesting_points", count.apply(SelectionStats.Counter.INTERESTING_POINTS));
    }
    m.put("dags", Long.toString(s.dags()));
    m.put("recompilations", Long.toString(s.recompilations()));
    FUSED.forEach((column, opcode) -> m.put(column, Long.toString(s.heavyHitters().stream()
        .filter(h -> h.opcode().equals(opcode))
        .mapToLong(StatisticsSnapshot.HeavyHitter::count).sum())));
    Map<ReuseCounter, Long> r = s.reuse();
    long probes = r.getOrDefault(ReuseCounter.HITS_MEMORY, 0L)
        + r.getOrDefault(ReuseCounter.HITS_DISK, 0L) + r.getOrDefault(ReuseCounter.MISSES, 0L)
        + r.getOrDefault(ReuseCounter.HITS_PARTIAL, 0L)
        + r.getOrDefault(ReuseCounter.HITS_FUNCTION, 0L);
    if (probes > 0) {
      // counters of a run that probed a reuse cache; without one they do not apply
      Function<ReuseCounter, String> n = c -> Long.toString(r.getOrDefault(c, 0L));
      m.put("reuse_hits", Long.toString(r.getOrDefault(ReuseCounter.HITS_MEMORY, 0L)
          + r.getOrDefault(ReuseCounter.HITS_DISK, 0L)
          + r.getOrDefault(ReuseCounter.HITS_PARTIAL, 0L)
          + r.getOrDefault(ReuseCounter.HITS_FUNCTION, 0L)));
      m.put("reuse_misses", n.apply(ReuseCounter.MISSES));
      m.put("reuse_evictions", n.apply(ReuseCounter.EVICTIONS));
      m.put("reuse_spills", n.apply(ReuseCounter.SPILLS));
      m.put("reuse_hits_disk", n.apply(ReuseCounter.HITS_DISK));
      m.put("reuse_hits_partial", n.apply(ReuseCounter.HITS_PARTIAL));
      m.put("reuse_hits_function", n.apply(ReuseCounter.HITS_FUNCTION));
      m.put("reuse_puts", n.apply(ReuseCounter.PUTS));
      m.put("reuse_reloads", n.apply(ReuseCounter.RELOADS));
      m.put("reuse_bytes", n.apply(ReuseCounter.BYTES_PUT));
      m.put("reuse_probe_s", seconds(r.getOrDefault(ReuseCounter.PROBE_NANOS, 0L)));
      m.put("reuse_saved_s", seconds(r.getOrDefault(ReuseCounter.SAVED_NANOS, 0L)));
    }
    // counters of a run that used the Spark backend; without it they do not apply
    SPARK.forEach((column, counter) -> {
      Long v = s.backend().get(counter);
      if (v != null) {
        m.put(column, Long.toString(v));
      }
    });
    // counters of a run that used the GPU backend; its device time is simulated time on the
    // simulated device
    GPU.forEach((column, counter) -> {
      Long v = s.backend().get(counter);
      if (v != null) {
        m.put(column, Long.toString(v));
      }
    });
    Long device = s.backend().get("gpu.device_ns");
    if (device != null) {
      m.put("gpu_device_s", seconds(device));
    }
    m.put("peak_heap_bytes", Long.toString(s.peakLiveBytes()));
    m.put("buffer_fresh_bytes", Long.toString(s.buffers().freshBytes()));
    m.put("buffer_recycled_bytes", Long.toString(s.buffers().recycledBytes()));
    m.put("objective", Double.isNaN(objective) ? "" : Double.toString(objective));
    return Collections.unmodifiableMap(m);
  }

  private static void put(Map<String, String> m, String column, Long value) {
    m.put(column, value == null ? "" : Long.toString(value));
  }

  private static String seconds(long nanos) {
    return String.format(Locale.ROOT, "%.6f", nanos / 1e9);
  }

  private static String millis(long nanos) {
    return String.format(Locale.ROOT, "%.3f", nanos / 1e6);
  }
}
