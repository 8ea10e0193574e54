package org.planlab.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.planlab.engine.api.CompiledScript;
import org.planlab.engine.api.Engine;
import org.planlab.engine.api.RunResult;
import org.planlab.engine.config.EngineConfig;
import org.planlab.engine.config.ExecMode;
import org.planlab.engine.config.ReuseConfig;
import org.planlab.engine.data.Data;
import org.planlab.engine.data.MatrixData;
import org.planlab.engine.data.ScalarValue;
import org.planlab.engine.ir.ExecType;
import org.planlab.engine.lineage.LineageReuse;
import org.planlab.engine.lineage.ReuseCache;
import org.planlab.engine.lineage.ReuseMode;
import org.planlab.engine.matrix.MatrixBlock;
import org.planlab.engine.stats.ReuseCounter;
import org.planlab.engine.stats.StatisticsSnapshot;

/**
 * Lineage-based reuse of operations placed on Spark (MEMPHIS sec. 4.1): RDD handles and the
 * scalars of Spark actions are reused across loop iterations, and cached RDDs are evicted from
 * the Spark budget by unpersisting them.
 */
class SparkReuseTest {
  /**
   * Grid-search linear regression (MEMPHIS example 4.1): t(X) %*% X and t(X) %*% y do not
   * depend on the regularization and are computed once; sum(X) is a Spark action.
   */
  private static final String GRID_SEARCH = """
      X = read($X)
      y = read($y)
      B = matrix(0, ncol(X), 4)
      s = 0
      for (i in 1:4) {
        lambda = i / 10
        A = t(X) %*% X + diag(matrix(lambda, ncol(X), 1))
        b = t(X) %*% y
        B[, i] = solve(A, b)
        s = s + sum(X)
      }
      """;

  @TempDir
  Path dir;

  /** One run's final values, collected, and its statistics. */
  private record Outcome(Map<String, MatrixBlock> matrices, Map<String, Double> scalars,
      StatisticsSnapshot stats, Map<String, Data> variables, SparkBackend backend) {
  }

  private static EngineConfig config(Path dir, ReuseMode mode, String spark) {
    return SparkRuns.config(dir, ExecMode.SPARK, spark)
        .reuse(new ReuseConfig(mode, "lru", 0, 1, true, 0)).build();
  }

  /** What a test inspects while the engine of a run is still open. */
  private interface Inspection {
    void inspect(ReuseCache cache, SparkBackend backend, Map<String, Data> variables);
  }

  /** Runs {@code dml} with the configured reuse; {@code withCache} sees the run's cache. */
  private Outcome run(EngineConfig config, String dml, Map<String, String> args,
      Inspection withCache) throws Exception {
    Path file = dir.resolve("script-" + System.nanoTime() + ".dml");
    Files.writeString(file, dml);
    try (Engine engine = Engine.create(config);
        PrintStream out = new PrintStream(new ByteArrayOutputStream(), true,
            StandardCharsets.UTF_8);
        ReuseCache cache = engine.newReuseCache()) {
      CompiledScript script = engine.compile(file, args);
      RunResult r = cache == null ? engine.run(script, Map.of(), out)
          : engine.run(script, Map.of(), out,
              new LineageReuse(config.reuse().mode(), cache, script.program().source()));
      Map<String, MatrixBlock> matrices = new HashMap<>();
      Map<String, Double> scalars = new HashMap<>();
      for (Map.Entry<String, Data> e : r.variables().entrySet()) {
        if (e.getValue() instanceof BlockedMatrix b) {
          matrices.put(e.getKey(), Blocks.assemble(b.geometry(), b.rdd().collect()));
        } else if (e.getValue() instanceof MatrixData m) {
          matrices.put(e.getKey(), m.acquireLocal());
        } else if (e.getValue() instanceof ScalarValue s) {
          scalars.put(e.getKey(), s.asDouble());
        }
      }
      if (withCache != null) {
        withCache.inspect(cache, (SparkBackend) engine.backends().get(ExecType.SPARK),
            r.variables());
      }
      return new Outcome(matrices, scalars, r.statistics(), r.variables(),
          (SparkBackend) engine.backends().get(ExecType.SPARK));
    }
  }

  private Map<String, String> gridInputs() {
    Path x = SparkRuns.write(dir, "X", SparkRuns.gaussian(7, 40, 6));
    Path y = SparkRuns.write(dir, "y", SparkRuns.gaussian(8, 40, 1));
    return Map.of("X", x.toString(), "y", y.toString());
  }

  private static long jobs(Outcome o) {
    return o.stats().backend().getOrDefault("spark.jobs", 0L);
  }

  private static long hits(Outcome o) {
    return o.stats().reuse().getOrDefault(ReuseCounter.HITS_MEMORY, 0L);
  }

  @Test
  void gridSearchReusesGramMatricesOnSparkWithFewerJobs() throws Exception {
    Map<String, String> args = gridInputs();
    Outcome off = run(config(dir, ReuseMode.NONE, SparkRuns.SMALL_BLOCKS), GRID_SEARCH, args,
        null);
    Outcome full = run(config(dir, ReuseMode.FULL, SparkRuns.SMALL_BLOCKS), GRID_SEARCH, args,
        null);

    assertTrue(hits(full) > 0, "reuse hits: " + full.stats().reuse());
    assertTrue(jobs(full) < jobs(off), "Spark jobs with reuse " + jobs(full) + ", without "
        + jobs(off));
    SparkRuns.assertClose("B", off.matrices().get("B"), full.matrices().get("B"), 1e-9);
    assertTrue(SparkRuns.close(off.scalars().get("s"), full.scalars().get("s"), 1e-9),
        full.scalars().get("s") + " vs " + off.scalars().get("s"));
  }

  /**
   * MEMPHIS sec. 5.1, "Reusing Prefetched Results": with asynchronous operators a remote
   * chain root and its fetch run as one prefetch, which PUTs the fetched copy; a later
   * iteration with the same lineage takes that copy from the cache without a job or a
   * collect. Here six iterations compute two distinct products.
   */
  @Test
  void prefetchedResultsAreCachedAndFetchedOnce() throws Exception {
    Map<String, String> args = gridInputs();
    String dml = """
        X = read($X)
        y = read($y)
        B = matrix(0, ncol(X), 6)
        for (i in 1:6) {
          k = i %% 2 + 1
          b = t(X) %*% (y * k)
          B[, i] = b * i
        }
        """;
    // hybrid: the product over X (1920 bytes) exceeds the local budget and runs on Spark, the
    // driver reads its 6 x 1 result; a Spark region too small for any RDD handle, so only the
    // driver's copies can be reused
    String spark = "spark:master=local[2],blockSize=7,reuseBudget=1";
    EngineConfig none = SparkRuns.config(dir, ExecMode.HYBRID, spark).localMemoryBudget(1500)
        .reuse(new ReuseConfig(ReuseMode.NONE, "lru", 0, 1, true, 0)).build();
    EngineConfig full = none.toBuilder()
        .reuse(new ReuseConfig(ReuseMode.FULL, "lru", 0, 1, true, 0)).build();
    Outcome sync = run(none, dml, args, null);
    Outcome asyncOff = run(none.toBuilder().async(true).build(), dml, args, null);
    Outcome asyncFull = run(full.toBuilder().async(true).build(), dml, args, null);

    SparkRuns.assertClose("B", sync.matrices().get("B"), asyncOff.matrices().get("B"), 1e-9);
    SparkRuns.assertClose("B", sync.matrices().get("B"), asyncFull.matrices().get("B"), 1e-9);
    long collectsOff = asyncOff.stats().backend().getOrDefault("spark.collects", 0L);
    long collectsFull = asyncFull.stats().backend().getOrDefault("spark.collects", 0L);
    assertEquals(6, collectsOff, "prefetches without reuse: " + asyncOff.stats().backend());
    assertEquals(2, collectsFull, "prefetches with reuse: " + asyncFull.stats().backend());
    assertTrue(hits(asyncFull) >= 4, "reuse: " + asyncFull.stats().reuse());
  }

  @Test
  void multilevelReuseOnSparkMatchesNoReuse() throws Exception {
    Map<String, String> args = gridInputs();
    String dml = """
        linRegDS = function(matrix[double] X, matrix[double] y, double lambda)
            return (matrix[double] beta) {
          A = t(X) %*% X + diag(matrix(lambda, ncol(X), 1))
          b = t(X) %*% y
          beta = solve(A, b)
        }
        X = read($X)
        y = read($y)
        B = matrix(0, ncol(X), 6)
        for (i in 1:6) {
          B[, i] = linRegDS(X, y, (i %% 3 + 1) / 10)
        }
        """;
    Outcome off = run(config(dir, ReuseMode.NONE, SparkRuns.SMALL_BLOCKS), dml, args, null);
    Outcome ml = run(config(dir, ReuseMode.MULTILEVEL, SparkRuns.SMALL_BLOCKS), dml, args,
        null);

    assertTrue(hits(ml) + ml.stats().reuse().getOrDefault(ReuseCounter.HITS_FUNCTION, 0L) > 0,
        "reuse: " + ml.stats().reuse());
    assertTrue(jobs(ml) < jobs(off), "Spark jobs with reuse " + jobs(ml) + ", without "
        + jobs(off));
    SparkRuns.assertClose("B", off.matrices().get("B"), ml.matrices().get("B"), 1e-9);
  }

  @Test
  void evictingACachedRddUnpersistsItWithoutCollecting() throws Exception {
    Path x = SparkRuns.write(dir, "X", SparkRuns.gaussian(9, 40, 6));
    // one 40x6 handle (about 2 KB) fits the Spark budget, two do not
    String spark = SparkRuns.SMALL_BLOCKS + ",reuseBudget=3000";
    String dml = """
        X = read($X)
        A = X * 2
        sa = sum(A)
        C = X + 1
        sc = sum(C)
        """;
    long[] handleBytes = new long[1];
    boolean[] persisted = new boolean[2];
    Outcome o = run(config(dir, ReuseMode.FULL, spark), dml, Map.of("X", x.toString()),
        (cache, backend, variables) -> {
          handleBytes[0] = cache.handleBytes(SparkBackend.NAME);
          var persistent = backend.context().sc().getPersistentRDDs();
          persisted[0] = persistent.contains(((BlockedMatrix) variables.get("A")).rdd().id());
          persisted[1] = persistent.contains(((BlockedMatrix) variables.get("C")).rdd().id());
        });

    BlockedMatrix a = assertInstanceOf(BlockedMatrix.class, o.variables().get("A"));
    assertFalse(persisted[0], "A's RDD was not unpersisted");
    assertTrue(persisted[1], "C's RDD, still cached, was unpersisted");
    assertNull(a.localCopy(), "the evicted RDD was collected");
    assertEquals(0L, o.stats().backend().getOrDefault("spark.collects", 0L));
    assertTrue(o.stats().reuse().getOrDefault(ReuseCounter.EVICTIONS, 0L) >= 1);
    assertTrue(handleBytes[0] > 0 && handleBytes[0] <= 3000, "bytes: " + handleBytes[0]);
  }
}
