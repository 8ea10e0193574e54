package org.planlab.engine.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.planlab.engine.api.Engine;
import org.planlab.engine.api.RunResult;
import org.planlab.engine.config.EngineConfig;
import org.planlab.engine.data.Data;
import org.planlab.engine.data.MatrixValue;
import org.planlab.engine.data.ScalarValue;
import org.planlab.engine.matrix.BlockPool;
import org.planlab.engine.stats.StatisticsSnapshot;

/**
 * Recycling the buffers of dead intermediates ({@link BlockPool}) changes no value: scripts run
 * with recycling on and off give bit-for-bit equal variables and output, over intermediates and
 * variables written in loops, while the run with recycling on hands buffers out again (with
 * fusion on, the workloads module checks the same on every workload). The scripts pass values
 * through the operations that can share an operand's block or buffer, and through variables
 * (also copied to a second one), function calls and lists, which keep values beyond their
 * slots; a buffer recycled while still referenced would show as a changed value.
 */
class BufferRecyclingTest {
  @TempDir
  Path dir;

  /** Columns of the matrices: with 200 rows, 40,000 cells, above the pool's minimum. */
  static final String LOOP = """
      X = rand(rows=200, cols=200, seed=1)
      acc = 0
      for (i in 1:12) {
        A = X * i
        B = A + 1
        C = t(B) - X
        acc = acc + sum(C * X) + sum(B)
      }
      print("acc " + acc)
      """;

  static final String PASS_THROUGH = """
      f = function(Matrix[Double] M) return (Matrix[Double] R) {
        R = M * 2
        M = M + 1
        R = R + M
      }
      v = rand(rows=40000, cols=1, seed=2) * 2
      w = t(v)
      u = rand(rows=40000, cols=1, seed=3) * 3
      c = ifelse(TRUE, u + 1, u)
      k = rand(rows=40000, cols=1, seed=4) + 0
      e = k[1:40000, 1]
      g = f(e)
      L = list(g, c)
      h = as.matrix(L[1]) + as.matrix(L[2])
      for (i in 1:5) {
        z = rand(rows=40000, cols=1, seed=10 + i) * i
        h = h + z
      }
      P = matrix(0, rows=40000, cols=4)
      parfor (j in 1:4) {
        t1 = rand(rows=40000, cols=1, seed=20 + j) * j
        t2 = t1 + 1
        t1 = t2 * t2
        P[, j] = t1 + t2
      }
      # copies: a value bound to two variables dies with the second (MLogreg's P = P_new)
      B = rand(rows=40000, cols=1, seed=30)
      for (i in 1:6) {
        Bn = B * 0.5 + i
        if (i %% 2 == 0) {
          B = Bn
        }
        Q = Bn + B
      }
      s = sum(w) + sum(c) + sum(e) + sum(h) + sum(P) + sum(B) + sum(Q)
      print("s " + s)
      """;

  private record Outcome(Map<String, Data> variables, String printed,
      StatisticsSnapshot.Buffers buffers) {
  }

  private Outcome run(String script, boolean recycle) throws IOException {
    Path file = dir.resolve("s.dml");
    Files.writeString(file, script, StandardCharsets.UTF_8);
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    PrintStream out = new PrintStream(bytes, true, StandardCharsets.UTF_8);
    EngineConfig config = EngineConfig.builder().fusion("none").parallelism(2)
        .statistics(true).workingDirectory(dir).recycle(recycle).build();
    try (Engine engine = Engine.create(config)) {
      RunResult r = engine.run(engine.compile(file, Map.of()), Map.of(), out);
      return new Outcome(r.variables(), bytes.toString(StandardCharsets.UTF_8),
          r.statistics().buffers());
    }
  }

  private void assertSameRuns(String script) throws IOException {
    Outcome off = run(script, false);
    Outcome on = run(script, true);
    assertEquals(off.printed(), on.printed());
    assertEquals(off.variables().keySet(), on.variables().keySet());
    for (Map.Entry<String, Data> e : off.variables().entrySet()) {
      Data a = e.getValue();
      Data b = on.variables().get(e.getKey());
      if (a instanceof MatrixValue ma) {
        assertEquals(ma.block(), ((MatrixValue) b).block(), e.getKey());
      } else if (a instanceof ScalarValue sa) {
        assertEquals(sa, b, e.getKey());
      }
    }
    assertEquals(StatisticsSnapshot.Buffers.NONE, off.buffers());
    assertTrue(on.buffers().recycledBytes() > 0, "nothing recycled: " + on.buffers());
  }

  @Test
  void loopIntermediatesAreRecycledWithoutChangingAValue() throws IOException {
    assertSameRuns(LOOP);
  }

  @Test
  void valuesPassedThroughOperationsVariablesCallsAndListsKeepTheirBuffers()
      throws IOException {
    assertSameRuns(PASS_THROUGH);
  }

  @Test
  void recycledBuffersCountAsRecycledNotAllocated() throws IOException {
    Outcome on = run(LOOP, true);
    // every iteration's intermediates die; from the second on, they reuse the first's buffers
    assertTrue(on.buffers().recycledBytes() >= 10L * 8 * 40_000,
        "recycled only " + on.buffers());
    assertTrue(on.buffers().freshBytes() < on.buffers().recycledBytes(), on.buffers().toString());
  }
}
