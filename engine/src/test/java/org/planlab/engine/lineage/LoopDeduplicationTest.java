package org.planlab.engine.lineage;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.planlab.engine.api.Engine;
import org.planlab.engine.api.RunResult;
import org.planlab.engine.config.EngineConfig;
import org.planlab.engine.config.ReuseConfig;
import org.planlab.engine.stats.ReuseCounter;

/** Loop deduplication (LIMA sec. 3.3): one item per iteration, as exact as the operations. */
class LoopDeduplicationTest {
  @TempDir
  Path dir;

  private RunResult run(String script, ReuseMode mode) throws IOException {
    Path f = dir.resolve("s.dml");
    Files.writeString(f, script);
    EngineConfig c = EngineConfig.builder().fusion("none").parallelism(1)
        .reuse(new ReuseConfig(mode, "lru", 0, 1, true, 0)).build();
    try (Engine e = Engine.create(c)) {
      return e.run(e.compile(f, Map.of()), Map.of(),
          new PrintStream(OutputStream.nullOutputStream()));
    }
  }

  private static int distinctItems(LineageItem root) {
    return LineageLog.topologicalOrder(root).size();
  }

  @Test
  void aLongLoopAddsOneItemPerIterationNotOnePerOperation() throws IOException {
    RunResult r = run("""
        W = matrix(0.5, rows=4, cols=4)
        X = matrix(1, rows=4, cols=4)
        for (i in 1:2000) {
          G = t(X) %*% W
          W = W - 0.001 * (G + W) / (1 + sum(abs(G)))
        }
        """, ReuseMode.TRACE);
    LineageItem w = r.lineage().get("W");
    // 2000 dedup items and their literal inputs (the loop variable is none of them: the body
    // does not read it), instead of about 2000 x 9 operations
    int n = distinctItems(w);
    assertTrue(n < 2000 * 3, "items in W's trace: " + n);
    assertEquals(LoopDeduplication.DEDUP, w.opcode());
    // one level per iteration over the fill of W's first value
    assertEquals(1 + 2000, w.height());
    // and exact: the expanded trace is the undeduplicated one, six matrix operations per
    // iteration (the scalar 1 + sum(abs(G)) is traced by its value, a literal per iteration)
    LineageItem expanded = LoopDeduplication.expandAll(w);
    assertEquals(LoopDeduplication.DEDUP.equals(expanded.opcode()), false);
    assertTrue(distinctItems(expanded) >= 2000 * 6, "expanded: " + distinctItems(expanded));
  }

  @Test
  void equalLoopsGiveEqualItemsSoTheSecondIsReused() throws IOException {
    String loop = """
        %1$s = rand(rows=300, cols=30, seed=3)
        for (i in 1:5) {
          P = t(%1$s) %%*%% %1$s
          %1$s = %1$s + %1$s %%*%% P * 0.0001
        }
        """;
    String script = loop.formatted("A") + loop.formatted("B");
    RunResult traced = run(script, ReuseMode.TRACE);
    assertEquals(traced.lineage().get("A"), traced.lineage().get("B"));
    assertEquals(traced.lineage().get("A").hashCode(), traced.lineage().get("B").hashCode());
    RunResult reused = run(script, ReuseMode.FULL);
    assertEquals(traced.variables().get("A"), reused.variables().get("B"));
    assertTrue(reused.statistics().reuse().get(ReuseCounter.HITS_MEMORY) >= 5,
        "the second loop's products are reused: " + reused.statistics().reuse());
  }

  @Test
  void differentLoopsGiveDifferentItems() throws IOException {
    RunResult r = run("""
        A = matrix(1, rows=3, cols=3)
        B = matrix(1, rows=3, cols=3)
        for (i in 1:3) {
          A = A %*% A + 1
          B = B %*% B - 1
        }
        """, ReuseMode.TRACE);
    assertNotEquals(r.lineage().get("A"), r.lineage().get("B"));
  }
}
