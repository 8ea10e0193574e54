package org.planlab.engine.lineage;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
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
import org.planlab.engine.data.Data;
import org.planlab.engine.data.MatrixValue;
import org.planlab.engine.data.ScalarValue;
import org.planlab.engine.matrix.MatrixBlock;

/**
 * RECOMPUTE (MEMPHIS sec. 3.1): a value traced in one run, its trace serialized and parsed back,
 * is computed again by a fresh engine from the trace alone, bit for bit.
 */
class LineageRecomputeTest {
  private static final PrintStream NOWHERE = new PrintStream(OutputStream.nullOutputStream());

  @TempDir
  Path dir;

  private EngineConfig config(ReuseMode mode) {
    return EngineConfig.builder().fusion("none").parallelism(2).workingDirectory(dir)
        .reuse(ReuseConfig.NONE.withMode(mode)).build();
  }

  /** Runs {@code script} with tracing; the log of {@code var}'s trace and its value. */
  private Map.Entry<String, Data> traced(String script, String var) throws IOException {
    Path f = dir.resolve("s.dml");
    Files.writeString(f, script);
    try (Engine e = Engine.create(config(ReuseMode.TRACE))) {
      RunResult r = e.run(e.compile(f, Map.of()), Map.of(), NOWHERE);
      return Map.entry(LineageLog.serialize(r.lineage().get(var)), r.variables().get(var));
    }
  }

  private Data recompute(String log) {
    try (Engine e = Engine.create(config(ReuseMode.NONE))) {
      RunResult r = e.run(e.compile(LineageRecompute.program(LineageLog.parse(log))), Map.of(),
          NOWHERE);
      return r.variables().get(LineageRecompute.RESULT);
    }
  }

  private static void assertBitwise(Data expected, Data actual) {
    if (expected instanceof ScalarValue) {
      assertEquals(expected, actual);
      return;
    }
    MatrixBlock a = ((MatrixValue) expected).block();
    MatrixBlock b = ((MatrixValue) actual).block();
    assertEquals(a.rows(), b.rows());
    assertEquals(a.cols(), b.cols());
    long[] x = new long[a.rows() * a.cols()];
    long[] y = new long[x.length];
    for (int i = 0; i < a.rows(); i++) {
      for (int j = 0; j < a.cols(); j++) {
        x[i * a.cols() + j] = Double.doubleToRawLongBits(a.get(i, j));
        y[i * a.cols() + j] = Double.doubleToRawLongBits(b.get(i, j));
      }
    }
    assertArrayEquals(x, y);
  }

  @Test
  void aLoopOfMatrixProductsAggregatesAndIndexingIsRecomputedBitForBit() throws IOException {
    var t = traced("""
        X = rand(rows=300, cols=20, min=-1, max=1, seed=3)
        v = rand(rows=20, cols=1, seed=4)
        w = rand(rows=300, cols=1, seed=5)
        for (i in 1:4) {
          G = t(X) %*% X + i * diag(matrix(1, 20, 1))
          v = solve(G, t(X) %*% (w * (X %*% v)))
          X = X[, 2:20] %*% t(X[1:20, 2:20]) / 10
        }
        R = cbind(v, rowSums(t(X) %*% w), cumsum(v) ^ 2)
        """, "R");
    // the loop's iterations are deduplicated: each is one dedup item whose patch holds the
    // iteration's operations, t(X) %*% X as tsmm and t(X) %*% (w * (X %*% v)) as mmchain_w
    assertTrue(t.getKey().contains(" dedup [") && t.getKey().contains("tsmm [")
        && t.getKey().contains("mmchain_w ["), t.getKey());
    assertBitwise(t.getValue(), recompute(t.getKey()));
  }

  /**
   * Nested loops deduplicated at both levels, with a variable first defined inside a loop and
   * scalar bookkeeping traced by value: the serialized trace still recomputes the value.
   */
  @Test
  void nestedDeduplicatedLoopsAreRecomputedBitForBit() throws IOException {
    var t = traced("""
        W = rand(rows=6, cols=6, seed=7)
        s = 0
        for (j in 1:8) {
          for (i in 1:5) {
            W = W * 0.9 + t(W) %*% W / (10 + i)
            s = s + sum(W)
          }
          V = W + s / j
        }
        R = V + W * s
        """, "R");
    LineageItem root = LineageLog.parse(t.getKey());
    assertTrue(LineageLog.topologicalOrder(root).size() < 8 * 5 * 4,
        "deduplicated: " + LineageLog.topologicalOrder(root).size() + " items");
    assertBitwise(t.getValue(), recompute(t.getKey()));
  }

  @Test
  void anUnseededRandRecordsItsSeed() throws IOException {
    var t = traced("R = rand(rows=50, cols=50) %*% rand(rows=50, cols=2, pdf=\"normal\")\n", "R");
    assertBitwise(t.getValue(), recompute(t.getKey()));
    // a second trace of the same script draws other seeds
    assertNotEquals(LineageLog.parse(t.getKey()), LineageLog.parse(traced(
        "R = rand(rows=50, cols=50) %*% rand(rows=50, cols=2, pdf=\"normal\")\n", "R").getKey()));
  }

  @Test
  void aReadIsRecomputedFromTheFileAndRefusedOnceTheFileChanged() throws IOException {
    Path a = dir.resolve("A.csv");
    Files.writeString(a, "1,2\n3,4.5\n");
    var t = traced("A = read(\"" + a + "\", format=\"csv\")\nS = colSums(A) * 2\n", "S");
    assertBitwise(t.getValue(), recompute(t.getKey()));
    Files.writeString(a, "1,2\n3,4.5\n5,6\n");
    assertEquals("cannot recompute the read of " + a + ": the file changed since it was traced",
        assertThrows(IllegalArgumentException.class, () -> recompute(t.getKey())).getMessage());
  }

  @Test
  void aValueWithoutTracedComputationIsRefusedByName() {
    LineageItem input = Lineages.unique("value", 3);
    LineageItem sum = new LineageItem("uak+", "AGGREGATE Aggregate[op=SUM, direction=ALL] "
        + "SCALAR DOUBLE", input);
    assertEquals("cannot recompute value#3: its computation was not traced (an input given to "
        + "the run, a parfor result or time())", assertThrows(IllegalArgumentException.class,
            () -> LineageRecompute.program(sum)).getMessage());
  }
}
