package org.planlab.optimizers.fusion;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.planlab.engine.api.Engine;
import org.planlab.engine.codegen.select.CostConstants;
import org.planlab.engine.config.EngineConfig;
import org.planlab.engine.stats.CodegenCounter;
import org.planlab.optimizers.fusion.FusionRuns.Outcome;

/**
 * Engines are instances: two engines with different selectors and cost profiles in one JVM,
 * running the same script interleaved, each get their own plans, plan caches, operator caches
 * and counters — exactly what a fresh engine of the same configuration gets — so what ran
 * before in the JVM never changes what is measured next.
 */
class EngineIsolationTest {
  /** removeEmpty leaves R's rows unknown: every iteration recompiles and selects again. */
  private static final String SCRIPT = """
      X = rand(rows=2000, cols=100, seed=1)
      s = 0
      for (i in 1:3) {
        R = removeEmpty(target=X * (X > 0.2), margin="rows")
        T = R * 2 + 1
        s = s + sum(T * R) + sum((T + R) * R) + sum(R^2)
      }
      print(s)
      """;

  @TempDir
  Path dir;

  private static EngineConfig mpskip() {
    return FusionRuns.config("mpskip", 1);
  }

  /** The exhaustive oracle (no plan cache) over a slow-memory profile. */
  private static EngineConfig exhaustiveWithSlowMemory() {
    CostConstants slow = new CostConstants(2e9, 1e9, 8e9, 2, 1e9, 1.0, 0.7);
    return FusionRuns.config("exhaustive:maxPoints=16", 1).toBuilder().costConstants(slow)
        .build();
  }

  /** What a run did: selection counters, fused operator executions, classes compiled. */
  private record Observed(Map<String, Long> selection, Map<String, Long> fused, long compiled,
      long cacheHits, double s) {
    static Observed of(Outcome o) {
      Map<String, Long> fused = new TreeMap<>();
      for (var h : o.result().statistics().heavyHitters()) {
        if (h.opcode().startsWith("spoof")) {
          fused.put(h.opcode(), h.count());
        }
      }
      Map<String, Long> selection = new TreeMap<>(o.result().statistics().selection());
      selection.remove("SELECT_NANOS");
      return new Observed(selection, fused, o.counter(CodegenCounter.CLASSES_COMPILED),
          o.counter(CodegenCounter.CACHE_HITS), o.scalar("s"));
    }

    long evaluated() {
      return selection.getOrDefault("PLANS_EVALUATED", 0L);
    }
  }

  private Observed fresh(EngineConfig config) {
    try (Engine engine = Engine.create(config)) {
      return Observed.of(FusionRuns.run(engine, dir, SCRIPT));
    }
  }

  @Test
  void twoEnginesInOneJvmSeeOnlyTheirOwnCaches() {
    Observed freshA = fresh(mpskip());
    Observed freshB = fresh(exhaustiveWithSlowMemory());
    try (Engine a = Engine.create(mpskip()); Engine b = Engine.create(exhaustiveWithSlowMemory())) {
      Observed a1 = Observed.of(FusionRuns.run(a, dir, SCRIPT));
      Observed b1 = Observed.of(FusionRuns.run(b, dir, SCRIPT));
      Observed a2 = Observed.of(FusionRuns.run(a, dir, SCRIPT));
      Observed b2 = Observed.of(FusionRuns.run(b, dir, SCRIPT));

      // a first run in each engine is what a fresh engine does, whatever ran before it
      assertEquals(freshA, a1);
      assertEquals(freshB, b1);
      assertTrue(a1.evaluated() > 0 && b1.evaluated() > 0, a1 + "\n" + b1);
      assertTrue(a1.compiled() > 0 && b1.compiled() > 0, "each engine compiles its operators");

      // a second run in the same engine is answered by that engine's caches: mpskip's plan
      // cache and each engine's operator cache; the exhaustive oracle keeps no plans
      assertEquals(0, a2.evaluated(), a2.toString());
      assertTrue(a2.selection().getOrDefault("PLAN_CACHE_HITS", 0L) > 0, a2.toString());
      assertEquals(b1.selection(), b2.selection());
      assertEquals(0, a2.compiled());
      assertEquals(0, b2.compiled());
      assertEquals(a1.fused(), a2.fused());
      assertEquals(b1.fused(), b2.fused());

      // the configurations search differently, and compute the same value
      assertTrue(b1.evaluated() >= a1.evaluated(), a1 + "\n" + b1);
      assertEquals(0, b1.selection().getOrDefault("PLAN_CACHE_HITS", 0L));
      assertEquals(a1.s(), b1.s(), Math.abs(a1.s()) * FusionRuns.TOL);
    }
  }
}
