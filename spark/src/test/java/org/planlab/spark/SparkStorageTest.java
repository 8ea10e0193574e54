package org.planlab.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.planlab.engine.api.CompiledScript;
import org.planlab.engine.api.Engine;
import org.planlab.engine.api.Explain;
import org.planlab.engine.api.RunResult;
import org.planlab.engine.config.ExecMode;
import org.planlab.engine.data.Data;
import org.planlab.engine.ir.ExecType;
import org.planlab.engine.runtime.ReuseHook;

/**
 * What the Spark backend keeps and moves in a forced-Spark run: intermediates read once are not
 * persisted, and the others leave Spark's storage once nothing can read them (MEMPHIS sec. 4.2,
 * live-variable management) while the inputs of a live result stay persisted; a generator read
 * only by operations in the driver runs in the driver; the one-hot table runs on Spark; and a
 * small matrix moved to Spark for a broadcast is never parallelized.
 */
class SparkStorageTest {
  private static final double TOL = 1e-12;

  @TempDir
  static Path dir;
  private static Map<String, String> args;

  @BeforeAll
  static void data() {
    args = Map.of("X", SparkRuns.write(dir, "X", SparkRuns.gaussian(41, 120, 7)).toString(),
        "y", SparkRuns.write(dir, "y", SparkRuns.gaussian(42, 120, 1)).toString());
  }

  /** The ids of the RDDs persisted when the run ends, and the run's final variables. */
  private record Stored(Set<Integer> persisted, Map<String, Data> variables, double s,
      SparkCounters.Snapshot moved, String explain) {
  }

  private static Stored run(String dml, ExecMode mode) throws Exception {
    Path file = dir.resolve("script-" + System.nanoTime() + ".dml");
    Files.writeString(file, dml);
    try (Engine engine = Engine.create(
        SparkRuns.config(dir, mode, SparkRuns.SMALL_BLOCKS).build());
        PrintStream out = new PrintStream(new ByteArrayOutputStream(), true,
            StandardCharsets.UTF_8)) {
      CompiledScript script = engine.compile(file, args);
      RunResult r = engine.run(script, Map.of(), out, ReuseHook.NONE);
      Set<Integer> ids = new HashSet<>();
      SparkCounters.Snapshot moved = null;
      if (engine.backends().get(ExecType.SPARK) instanceof SparkBackend b) {
        scala.jdk.javaapi.CollectionConverters.asJava(b.context().sc().getPersistentRDDs())
            .keySet().forEach(k -> ids.add((Integer) k));
        moved = b.counters().snapshot();
      }
      double s = ((org.planlab.engine.data.ScalarValue) r.variables().get("s")).asDouble();
      return new Stored(ids, r.variables(), s, moved, Explain.hops(script));
    }
  }

  private static int rddId(Stored run, String variable) {
    return assertInstanceOfBlocked(run.variables().get(variable)).rdd().id();
  }

  private static BlockedMatrix assertInstanceOfBlocked(Data d) {
    assertTrue(d instanceof BlockedMatrix, "not on Spark: " + d);
    return (BlockedMatrix) d;
  }

  /**
   * Each of eight iterations computes P, T = P / 100, exp(T) and Q = exp(T) + T on Spark. P and Q
   * are variables and T has two readers, so they are persisted; exp(T), read once by the
   * addition, is computed inside Q's job and never persisted (Spark paper, sec. 4.2). At the
   * end only what the final variables can read is persisted: X, P and Q, and the last T, which
   * Q was computed from (Q stays live, so its inputs stay too) — not the 21 RDDs of the earlier
   * iterations.
   */
  @Test
  void deadIntermediatesLeaveSparkStorageAndLiveResultsKeepTheirInputs() throws Exception {
    String dml = """
        X = read($X)
        s = 0
        for (i in 1:8) {
          P = X * i
          T = P / 100
          Q = exp(T) + T
          s = s + sum(Q)
        }
        """;
    Stored spark = run(dml, ExecMode.SPARK);
    Stored cp = run(dml, ExecMode.SINGLENODE);

    assertTrue(SparkRuns.close(cp.s(), spark.s(), TOL), spark.s() + " vs " + cp.s());
    Set<Integer> live = Set.of(rddId(spark, "X"), rddId(spark, "P"), rddId(spark, "Q"));
    assertTrue(spark.persisted().containsAll(live), spark.persisted() + " lacks " + live);
    assertEquals(4, spark.persisted().size(), "persisted: " + spark.persisted()
        + ", live variables' RDDs " + live);
  }

  /**
   * Spark has no operator for {@code order}, so it runs in the driver; {@code seq}, read only by
   * it, runs there as well instead of being generated on Spark and collected. Nothing is
   * collected.
   */
  @Test
  void aGeneratorReadOnlyInTheDriverRunsInTheDriver() throws Exception {
    String dml = """
        y = read($y)
        S = order(target=seq(1, nrow(y)), by=1, decreasing=TRUE)
        s = sum(S[1:3, ]) + sum(y)
        """;
    Stored spark = run(dml, ExecMode.SPARK);
    Stored cp = run(dml, ExecMode.SINGLENODE);

    assertTrue(SparkRuns.close(cp.s(), spark.s(), TOL), spark.s() + " vs " + cp.s());
    Matcher seq = Pattern.compile("SEQ .*\\[(\\w+): ([^,]+),").matcher(spark.explain());
    assertTrue(seq.find(), spark.explain());
    assertEquals("CP", seq.group(1), spark.explain());
    assertEquals("inputs and consumers in driver", seq.group(2));
    assertEquals(0, spark.moved().collectCalls(), "collected");
  }

  /**
   * The one-hot table {@code table(seq(1, n), z, n, 3)} runs on Spark block by block, as
   * SystemDS's rexpand does: nothing is collected or parallelized, and the result equals CP's,
   * also where a code exceeds the columns (z = 4 where y > 1: dropped).
   */
  @Test
  void theOneHotTableRunsOnSparkWithoutCollecting() throws Exception {
    String dml = """
        y = read($y)
        z = (y > 0) + (y > 1) * 2 + 1
        T = table(seq(1, nrow(z)), z, nrow(z), 3)
        s = sum(T * seq(1, nrow(z)) %*% matrix("1 10 100", rows=1, cols=3))
        """;
    Stored spark = run(dml, ExecMode.SPARK);
    Stored cp = run(dml, ExecMode.SINGLENODE);

    assertTrue(SparkRuns.close(cp.s(), spark.s(), TOL), spark.s() + " vs " + cp.s());
    assertTrue(spark.variables().get("T") instanceof BlockedMatrix, "T on Spark");
    assertEquals(0, spark.moved().collectCalls(), "collected");
    assertEquals(0, spark.moved().parallelizeCalls(), "parallelized");
  }

  /**
   * Constant matrices read by Spark operations are filled on the executors, as CP fills them
   * (0 gives empty blocks), not filled in the driver and parallelized.
   */
  @Test
  void constantMatricesAreFilledOnSpark() throws Exception {
    String dml = """
        X = read($X)
        P = matrix(0.25, rows=nrow(X), cols=3)
        Z = matrix(0, rows=nrow(X), cols=2)
        s = sum(cbind(X, P, Z) * 2) + sum(P[, 1:2] + 1)
        """;
    Stored spark = run(dml, ExecMode.SPARK);
    Stored cp = run(dml, ExecMode.SINGLENODE);

    assertTrue(SparkRuns.close(cp.s(), spark.s(), TOL), spark.s() + " vs " + cp.s());
    assertTrue(spark.variables().get("P") instanceof BlockedMatrix, "P on Spark");
    assertEquals(0, spark.moved().parallelizeCalls(), "parallelized");
  }

  /**
   * A vector computed in the driver and read by {@code X %*% w} on Spark is broadcast; it is
   * never parallelized as an RDD, which nobody would read.
   */
  @Test
  void aSmallMatrixMovedForABroadcastIsNotParallelized() throws Exception {
    String dml = """
        X = read($X)
        s = 0
        for (i in 1:3) {
          w = matrix(i, rows=ncol(X), cols=1)
          s = s + sum(X %*% w)
        }
        """;
    Stored spark = run(dml, ExecMode.SPARK);
    Stored cp = run(dml, ExecMode.SINGLENODE);

    assertTrue(SparkRuns.close(cp.s(), spark.s(), TOL), spark.s() + " vs " + cp.s());
    assertEquals(3, spark.moved().broadcastCalls(), "one broadcast of w per iteration");
    assertEquals(0, spark.moved().parallelizeCalls());
  }
}
