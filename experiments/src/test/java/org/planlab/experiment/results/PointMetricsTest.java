package org.planlab.experiment.results;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.planlab.engine.stats.CodegenCounter;
import org.planlab.engine.stats.CompilePhase;
import org.planlab.engine.stats.ProcessTimes;
import org.planlab.engine.stats.StatisticsSnapshot;
import org.planlab.engine.stats.StatisticsSnapshot.HeavyHitter;

class PointMetricsTest {
  private static StatisticsSnapshot snapshot(Map<CodegenCounter, Long> codegen) {
    return snapshot(codegen, Map.of("PLANS_ALL", 64L, "PLANS_PARTITIONED", 16L,
        "PLANS_EVALUATED", 9L, "PARTITIONS", 2L, "INTERESTING_POINTS", 6L));
  }

  private static StatisticsSnapshot snapshot(Map<CodegenCounter, Long> codegen,
      Map<String, Long> selection) {
    return snapshot(codegen, selection, Map.of());
  }

  private static StatisticsSnapshot snapshot(Map<CodegenCounter, Long> codegen,
      Map<String, Long> selection, Map<String, Long> backend) {
    return new StatisticsSnapshot(
        Map.of(CompilePhase.PARSE, 100_000_000L, CompilePhase.LOWERING, 400_000_000L), 12, 2,
        List.of(new HeavyHitter("spoofCell", 5, 10), new HeavyHitter("spoofRow", 3, 10),
            new HeavyHitter("ba+*", 9, 10)),
        4096, 2_000_000_000L, 1_200_000_000L, new ProcessTimes(1_500_000_000L, 250_000_000L),
        codegen, selection,
        Map.of(), Map.of(), 0, Map.of(), backend, new StatisticsSnapshot.Buffers(3 << 20, 1 << 20),
        List.of());
  }

  @Test
  void sparkColumnsShowTheBackendsCountersOfDataMovedBetweenDriverAndExecutors() {
    Map<String, String> m = PointMetrics.of(snapshot(Map.of(), Map.of(), Map.of("spark.jobs", 34L,
        "spark.stages", 36L, "spark.shuffle_bytes", 0L, "spark.broadcast_bytes", 503_193_347L,
        "spark.parallelize_bytes", 503_191_698L, "spark.collect_bytes", 1_360_001_938L)), 1,
        Double.NaN);
    assertEquals("34", m.get("spark_jobs"));
    assertEquals("36", m.get("spark_stages"));
    assertEquals("0", m.get("shuffle_bytes"));
    assertEquals("503193347", m.get("broadcast_bytes"));
    assertEquals("503191698", m.get("parallelize_bytes"));
    assertEquals("1360001938", m.get("collect_bytes"));
    assertEquals("", m.get("gpu_mallocs"));
  }

  @Test
  void metricsOfARunWithCodeGeneration() {
    Map<String, String> m = PointMetrics.of(snapshot(Map.of(CodegenCounter.DAGS_OPTIMIZED, 4L,
        CodegenCounter.EXPLORE_NANOS, 1_000_000L, CodegenCounter.SELECT_NANOS, 2_000_000L,
        CodegenCounter.CONSTRUCT_NANOS, 3_000_000L, CodegenCounter.COMPILE_NANOS, 4_000_000L,
        CodegenCounter.CPLANS_BUILT, 7L, CodegenCounter.CLASSES_COMPILED, 5L,
        CodegenCounter.CACHE_HITS, 2L)), 3_000_000_000L, 1.5);
    assertEquals(PointMetrics.COLUMNS, List.copyOf(m.keySet()));
    assertEquals("3.000000", m.get("wall_s"));
    assertEquals("0.500000", m.get("compile_s"));
    assertEquals("2.000000", m.get("execute_s"));
    assertEquals("1.200000", m.get("algorithm_s"));
    assertEquals("1.500000", m.get("execute_user_s"));
    assertEquals("0.250000", m.get("execute_kernel_s"));
    assertEquals("0.100000", m.get("parse_s"));
    assertEquals("10.000", m.get("codegen_ms"));
    assertEquals("4.000", m.get("codegen_compile_ms"));
    assertEquals("7", m.get("cplans"));
    assertEquals("5", m.get("classes_compiled"));
    assertEquals("2", m.get("operator_cache_hits"));
    assertEquals("64", m.get("plans_all"));
    assertEquals("16", m.get("plans_partitioned"));
    assertEquals("9", m.get("plans_evaluated"));
    assertEquals("2", m.get("partitions"));
    assertEquals("6", m.get("interesting_points"));
    assertEquals("5", m.get("fused_cell"));
    assertEquals("0", m.get("fused_magg"));
    assertEquals("3", m.get("fused_row"));
    assertEquals("0", m.get("fused_outer"));
    assertEquals("12", m.get("dags"));
    assertEquals("2", m.get("recompilations"));
    assertEquals("4096", m.get("peak_heap_bytes"));
    assertEquals(Long.toString(3 << 20), m.get("buffer_fresh_bytes"));
    assertEquals(Long.toString(1 << 20), m.get("buffer_recycled_bytes"));
    assertEquals("1.5", m.get("objective"));
    assertEquals("", m.get("reuse_hits"));
    assertEquals("", m.get("spark_jobs"));
  }

  @Test
  void aRunMeasuredBesideReferenceWorkRecordsItsCpuTimePerReferenceCpuSecond() {
    // 1.2 CPU seconds while the script executed, 0.4 CPU seconds of reference work
    Map<String, String> m = PointMetrics.of(snapshot(Map.of()), 3_000_000_000L, 1.5,
        new PointMetrics.Reference(1_200_000_000L, 400_000_000L));
    assertEquals("1.200000", m.get("execute_cpu_s"));
    assertEquals("0.400000", m.get("reference_cpu_s"));
    assertEquals("3.000000", m.get("execute_per_reference"));
    assertEquals("2.000000", m.get("execute_s"));
  }

  @Test
  void referenceColumnsAreEmptyWithoutReferenceWork() {
    Map<String, String> m = PointMetrics.of(snapshot(Map.of()), 1, Double.NaN);
    assertEquals("", m.get("execute_cpu_s"));
    assertEquals("", m.get("reference_cpu_s"));
    assertEquals("", m.get("execute_per_reference"));
  }

  @Test
  void referenceTimesAreCheckedNamingTheValue() {
    IllegalArgumentException zero = assertThrows(IllegalArgumentException.class,
        () -> new PointMetrics.Reference(5, 0));
    assertEquals("referenceCpuNanos must be > 0, was 0", zero.getMessage());
    IllegalArgumentException negative = assertThrows(IllegalArgumentException.class,
        () -> new PointMetrics.Reference(-5, 1));
    assertEquals("executeCpuNanos must be >= 0, was -5", negative.getMessage());
  }

  @Test
  void codegenColumnsAreEmptyWithoutCodeGenerationAndNoObjectiveIsEmpty() {
    Map<String, String> m = PointMetrics.of(snapshot(Map.of()), 1, Double.NaN);
    assertEquals("", m.get("codegen_ms"));
    assertEquals("", m.get("cplans"));
    assertEquals("", m.get("plans_evaluated"));
    assertEquals("", m.get("objective"));
  }

  @Test
  void aSelectionAnsweredFromThePlanCacheEvaluatedZeroPlans() {
    // every partition a plan-cache hit: the selector reported, but never counted a plan
    Map<String, String> m = PointMetrics.of(snapshot(Map.of(CodegenCounter.DAGS_OPTIMIZED, 4L),
        Map.of("DAGS", 4L, "PARTITIONS", 5L, "PLAN_CACHE_HITS", 5L)), 1, Double.NaN);
    assertEquals("0", m.get("plans_evaluated"));
    assertEquals("5", m.get("partitions"));
    assertEquals("0", m.get("interesting_points"));
  }
}
