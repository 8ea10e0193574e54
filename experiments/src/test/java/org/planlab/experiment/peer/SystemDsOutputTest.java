package org.planlab.experiment.peer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.planlab.experiment.results.PointMetrics;

/** Reads output SystemDS 3.3.0 printed (captured from real runs of the planlab drivers). */
class SystemDsOutputTest {
  private static String fixture(String name) throws IOException {
    try (InputStream in = SystemDsOutputTest.class.getResourceAsStream(name)) {
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
  }

  @Test
  void anL2svmRunWithCodegenGivesItsObjectiveTimesAndCodegenCounters() throws IOException {
    // l2svm.dml on 200 x 5 with sysds.codegen.enabled and -stats 1000
    SystemDsOutput o = SystemDsOutput.parse(fixture("l2svm-codegen.stdout"), "", 18_500_000_000L);
    assertEquals(16.291191934023214, o.objective());
    assertEquals(Optional.empty(), o.error());
    Map<String, String> m = o.metrics();
    assertEquals("17.318000", m.get("wall_s"));
    assertEquals("16.720000", m.get("compile_s"));
    assertEquals("0.599000", m.get("execute_s"));
    assertEquals("0.345000", m.get("algorithm_s"), "m_l2svm");
    assertEquals("0", m.get("recompilations"));
    assertEquals("13862.000", m.get("codegen_ms"));
    assertEquals("13414.000", m.get("codegen_compile_ms"));
    assertEquals("23", m.get("cplans"));
    assertEquals("15", m.get("classes_compiled"));
    assertEquals("2067", m.get("plans_all"));
    assertEquals("104", m.get("plans_partitioned"));
    assertEquals("69", m.get("plans_evaluated"));
    assertEquals("7", m.get("operator_cache_hits"));
    assertEquals("82", m.get("fused_cell"));
    assertEquals("63", m.get("fused_magg"));
    assertEquals("21", m.get("fused_row"));
    assertEquals("0", m.get("fused_outer"));
    assertEquals("0.000000", m.get("sysds_recompile_s"));
    assertEquals("18.772000", m.get("sysds_jit_s"));
    assertEquals("0.712000", m.get("sysds_gc_s"));
    assertEquals("18.500000", m.get("process_s"));
    assertEquals("16.291191934023214", m.get("objective"));
  }

  @Test
  void everyPlanlabColumnIsPresentAndThoseWithoutCounterpartAreEmpty() throws IOException {
    Map<String, String> m = SystemDsOutput.parse(fixture("l2svm-codegen.stdout"), "", 1).metrics();
    assertTrue(m.keySet().containsAll(PointMetrics.COLUMNS));
    assertEquals("", m.get("peak_heap_bytes"));
    assertEquals("", m.get("reuse_hits"));
    assertEquals("", m.get("parse_s"));
  }

  @Test
  void aRunWithoutCodegenHasNoCodegenColumnsButCountsNoFusedOperators() {
    String out = "objective: 2.5\nSystemDS Statistics:\nTotal elapsed time:\t\t1.000 sec.\n"
        + "Total compilation time:\t\t0.400 sec.\nTotal execution time:\t\t0.600 sec.\n"
        + "HOP DAGs recompiled (PRED, SB):\t3/4.\n"
        + "Heavy hitter instructions:\n  #  Instruction  Time(s)  Count\n"
        + "  1  m_outer        0.500      1\n  2  m_inner        0.300      4\n"
        + "  3  ba+*           0.018     82\n";
    Map<String, String> m = SystemDsOutput.parse(out, "", 2_000_000_000L).metrics();
    assertEquals("0.500000", m.get("algorithm_s"), "the outermost builtin call");
    assertEquals("7", m.get("recompilations"));
    assertEquals("", m.get("codegen_ms"));
    assertEquals("", m.get("cplans"));
    assertEquals("0", m.get("fused_cell"));
    assertEquals("2.5", m.get("objective"));
  }

  @Test
  void aScriptErrorIsReportedWithSystemDssMessageAlthoughSystemDsExitsWithZero()
      throws IOException {
    // captured from an alsCG driver that passed planlab's U_init, which SystemDS 3.3.0's alsCG
    // lacks
    SystemDsOutput o = SystemDsOutput.parse(fixture("alscg-error.stdout"), "", 1);
    assertTrue(Double.isNaN(o.objective()));
    assertEquals(Optional.of("LanguageException -- ERROR: [line 0:0] -- Named function call "
        + "parameter 'U_init' does not exist in signature of function 'm_alsCG'. Function "
        + "signature: [X, rank, regType, reg, maxi, check, thr, seed, verbose]"), o.error());
    assertEquals("", o.metrics().get("wall_s"));
  }

  @Test
  void anUncaughtExceptionOnStderrIsTheError() {
    SystemDsOutput o = SystemDsOutput.parse("", "log4j noise\nException in thread \"main\" "
        + "java.lang.NoClassDefFoundError: jcuda/Pointer\n\tat x.y(Z.java:1)\n", 1);
    assertEquals(Optional.of("Exception in thread \"main\" java.lang.NoClassDefFoundError: "
        + "jcuda/Pointer"), o.error());
  }
}
