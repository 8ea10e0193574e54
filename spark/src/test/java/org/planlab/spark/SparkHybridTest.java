package org.planlab.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.planlab.engine.api.Engine;
import org.planlab.engine.api.Explain;
import org.planlab.engine.config.EngineConfig;
import org.planlab.engine.config.ExecMode;
import org.planlab.engine.ir.ExecType;
import org.planlab.engine.runtime.ReuseHook;

/**
 * {@code hybrid} mode on the Spark backend with a local budget of 64 KiB (optimizer paper, sec.
 * 3.3; Spark paper, sec. 3.2-3.3): the operations on a 200 x 60 matrix (94 KiB) exceed the
 * budget and are placed on Spark, the ones on 60-element vectors fit and stay in CP; explain
 * shows each decision with the budget it was compared with, and the results equal CP's. The
 * script's final variables fit the driver (the backend refuses to collect larger ones).
 */
class SparkHybridTest {
  private static final long BUDGET = 64 << 10;
  private static final String SCRIPT = """
      X = read($X)
      v = read($v)
      y = X %*% v
      G = t(X) %*% X
      r = colSums(X * 2 + 1)
      w = v * 3 + 1
      u = t(w) %*% v
      s = sum(w) + sum(y) + sum(r)
      print("s " + s)
      """;

  @TempDir
  static Path dir;
  private static Map<String, String> args;

  @BeforeAll
  static void data() {
    args = Map.of("X", SparkRuns.write(dir, "X", SparkRuns.gaussian(31, 200, 60)).toString(),
        "v", SparkRuns.write(dir, "v", SparkRuns.gaussian(32, 60, 1)).toString());
  }

  private static EngineConfig config(ExecMode mode) {
    return SparkRuns.config(dir, mode, SparkRuns.SMALL_BLOCKS).localMemoryBudget(BUDGET).build();
  }

  /** The placement notes of the HOP lines matching {@code p} (at least one). */
  private static List<String> notes(String explain, String p) {
    Matcher m = Pattern.compile(p + " .*(\\[[^\\]]*\\])$", Pattern.MULTILINE).matcher(explain);
    List<String> out = new ArrayList<>();
    while (m.find()) {
      out.add(m.group(1));
    }
    assertFalse(out.isEmpty(), p + " matches nothing in\n" + explain);
    return out;
  }

  private static void assertPlaced(String explain, String hop, String type, String cmp) {
    for (String n : notes(explain, hop)) {
      assertTrue(n.startsWith("[" + type + ": op ") && n.endsWith(cmp + " local 64.0 KiB]"),
          hop + ": " + n + "\n" + explain);
    }
  }

  /** {@code iterations} times: w computed in the driver from v, read by X %*% w on Spark. */
  private static String driverVectorLoop(int iterations) {
    return """
        X = read($X)
        v = read($v)
        s = 0
        for (i in 1:%d) {
          w = v * i + 1
          y = X %%*%% w
          s = s + sum(y)
        }
        print("s " + s)
        """.formatted(iterations);
  }

  @Test
  void largeOperationsRunOnSparkSmallOnesInCpWithCpResults() throws Exception {
    Path file = dir.resolve("hybrid.dml");
    Files.writeString(file, SCRIPT);
    SparkRuns.Run hybrid = SparkRuns.run(config(ExecMode.HYBRID), e -> e.compile(file, args));
    String explain = Explain.hops(hybrid.script());

    assertTrue(explain.startsWith("PLACEMENT mode=hybrid local budget=64.0 KiB\n"), explain);
    // X %*% v, t(X) %*% X and X * 2 + 1 read or write the 94 KiB of X
    assertPlaced(explain, "MATMULT \\(\\d+,\\d+\\) matrix double dims=200x1", "SPARK", " >");
    assertPlaced(explain, "MATMULT \\(\\d+,\\d+\\) matrix double dims=60x60", "SPARK", " >");
    assertPlaced(explain, "BINARY \\[\\*\\] \\(\\d+,\\d+\\) matrix double dims=200x60",
        "SPARK", " >");
    assertPlaced(explain, "BINARY \\[\\+\\] \\(\\d+,\\d+\\) matrix double dims=200x60",
        "SPARK", " >");
    // the vector operations fit
    assertPlaced(explain, "BINARY \\[\\*\\] \\(\\d+,\\d+\\) matrix double dims=60x1", "CP",
        " <=");
    assertPlaced(explain, "BINARY \\[\\+\\] \\(\\d+,\\d+\\) matrix double dims=60x1", "CP",
        " <=");
    assertPlaced(explain, "MATMULT \\(\\d+,\\d+\\) matrix double dims=1x1", "CP", " <=");

    SparkRuns.Run cp = SparkRuns.run(config(ExecMode.SINGLENODE), e -> e.compile(file, args));
    SparkRuns.assertSameVariables(cp, hybrid, SparkOpsTest.TOL);
    assertEquals(cp.printed().lines().count(), hybrid.printed().lines().count());
    assertTrue(SparkRuns.close(Double.parseDouble(cp.printed().strip().substring(2)),
        Double.parseDouble(hybrid.printed().strip().substring(2)), SparkOpsTest.TOL),
        hybrid.printed() + " vs " + cp.printed());
    for (String op : List.of("sp_ba+*", "sp_tsmm", "sp_*", "sp_+", "*", "+")) {
      assertTrue(hybrid.opcodes().contains(op), op + " did not run: " + hybrid.opcodes());
    }
  }

  /**
   * The transitive rule refined as in SystemML's aggregate placement: D = X %*% W runs on Spark
   * (X exceeds the budget) and has three consumers. rowMins(D) goes to Spark even so, since each
   * block of D's five columns reduces on its own and only the 200 x 1 result reaches the driver
   * instead of D; colSums(D) stays in the driver, as its 200 rows span blocks of 7 rows that
   * would need a final aggregation. Results equal CP's.
   */
  @Test
  void rowAggregatesWithinOneBlockColumnRunWhereTheirInputIs() throws Exception {
    Path file = dir.resolve("aggregates.dml");
    Files.writeString(file, """
        X = read($X)
        W = rand(rows=ncol(X), cols=5, seed=3)
        D = X %*% W
        m = rowMins(D)
        P = D <= m
        c = colSums(D)
        s = sum(m) + sum(P) + sum(c)
        print("s " + s)
        """);
    SparkRuns.Run hybrid = SparkRuns.run(config(ExecMode.HYBRID), e -> e.compile(file, args));
    String explain = Explain.hops(hybrid.script());
    String rowMins = "AGGREGATE \\[MIN,ROW\\] \\(\\d+\\) matrix double dims=200x1";
    for (String n : notes(explain, rowMins)) {
      assertTrue(n.startsWith("[SPARK: input on spark"), n + "\n" + explain);
    }
    assertPlaced(explain, "AGGREGATE \\[SUM,COL\\] \\(\\d+\\) matrix double dims=1x5", "CP",
        " <=");
    SparkRuns.Run cp = SparkRuns.run(config(ExecMode.SINGLENODE), e -> e.compile(file, args));
    SparkRuns.assertSameVariables(cp, hybrid, SparkOpsTest.TOL);
    assertTrue(hybrid.opcodes().contains("sp_ua_min_row"), hybrid.opcodes().toString());
  }

  /**
   * MEMPHIS sec. 5.1, broadcasting local objects: each iteration's w is computed in the driver
   * and read by X %*% w on Spark; with async its broadcast is made on a prefetch thread once w
   * is computed, and mapmm finds it made: as many broadcasts as without async, same results.
   */
  @Test
  void asynchronousBroadcastsOfDriverResultsGiveTheSameResultsWithoutExtraBroadcasts()
      throws Exception {
    Path file = dir.resolve("broadcast.dml");
    Files.writeString(file, driverVectorLoop(4));
    SparkRuns.Run sync = SparkRuns.run(config(ExecMode.HYBRID), e -> e.compile(file, args));
    SparkRuns.Run async = SparkRuns.run(config(ExecMode.HYBRID).toBuilder().async(true)
        .timeline(true).build(), e -> e.compile(file, args));
    SparkRuns.Run cp = SparkRuns.run(config(ExecMode.SINGLENODE), e -> e.compile(file, args));

    SparkRuns.assertSameVariables(cp, async, SparkOpsTest.TOL);
    SparkRuns.assertSameVariables(sync, async, SparkOpsTest.TOL);
    assertEquals(4, sync.moved().broadcastCalls(), "one broadcast of w per iteration");
    assertEquals(sync.moved().broadcastCalls(), async.moved().broadcastCalls());
    assertTrue(async.statistics().timeline().stream().anyMatch(x -> x.name().equals("broadcast")
        && x.thread().startsWith("planlab-prefetch-")), "broadcasts on prefetch threads: "
        + async.statistics().timeline());
  }

  /**
   * A driver vector that an operator reads as a broadcast is never parallelized, and the
   * backend's record of the blocks it moved keeps none of them alive: each of forty iterations
   * moves a new w (nine blocks) to X %*% w on Spark, and afterwards almost none is reachable.
   */
  @Test
  void driverVectorsMovedForBroadcastsAreNeitherParallelizedNorKeptAlive() throws Exception {
    Path file = dir.resolve("moved.dml");
    Files.writeString(file, driverVectorLoop(40));
    try (Engine engine = Engine.create(config(ExecMode.HYBRID));
        PrintStream out = new PrintStream(new ByteArrayOutputStream(), true,
            StandardCharsets.UTF_8)) {
      engine.run(engine.compile(file, args), Map.of(), out, ReuseHook.NONE);
      SparkBackend b = (SparkBackend) engine.backends().get(ExecType.SPARK);
      assertEquals(40, b.counters().snapshot().broadcastCalls(), "one broadcast of each w");
      assertEquals(0, b.counters().snapshot().parallelizeCalls());
      for (int k = 0; k < 20 && b.localCopies() > 2; k++) {
        System.gc();
        Thread.sleep(20);
      }
      assertTrue(b.localCopies() <= 2, b.localCopies() + " moved blocks still reachable");
    }
  }

  /**
   * The fusion paper's Table 6 effect (sec. 5.5): fuse-all fuses the driver's vector operations
   * of an L2SVM step, {@code out = max(1 - Y * Xw, 0)} with {@code Xw = Xw + step * Xd}, into
   * the distributed {@code t(X) %*% (out * Y)}, which must then broadcast Xw and Xd every
   * iteration; Gen prices broadcasts (sec. 4.2), computes {@code out * Y} in the driver and
   * broadcasts that one vector. Both give CP's results.
   */
  @Test
  void genBroadcastsFewerBytesThanFuseAllByKeepingVectorOperationsInTheDriver()
      throws Exception {
    Path file = dir.resolve("table6.dml");
    Files.writeString(file, """
        X = read($X)
        Y = (rand(rows=nrow(X), cols=1, seed=32) > 0.5) * 2 - 1
        s = t(X) %*% Y
        Xw = matrix(0, rows=nrow(X), cols=1)
        obj = 0
        for (i in 1:3) {
          Xd = X %*% s
          step = 0
          for (j in 1:2) {
            step = step + sum(Y * Xd) / (1 + sum(Xd * Xd))
          }
          Xw = Xw + step * Xd
          out = max(1 - Y * Xw, 0)
          obj = 0.5 * sum(out * out)
          s = t(X) %*% (out * Y)
        }
        print("obj " + obj)
        """);
    EngineConfig hybrid = config(ExecMode.HYBRID);
    SparkRuns.Run fa = SparkRuns.run(hybrid.toBuilder().fusion("fa").build(),
        e -> e.compile(file, args));
    SparkRuns.Run gen = SparkRuns.run(hybrid.toBuilder().fusion("mpskip").build(),
        e -> e.compile(file, args));
    SparkRuns.Run cp = SparkRuns.run(config(ExecMode.SINGLENODE), e -> e.compile(file, args));
    SparkRuns.assertSameVariables(cp, fa, SparkOpsTest.TOL);
    SparkRuns.assertSameVariables(cp, gen, SparkOpsTest.TOL);

    // fuse-all's t(X) %*% (out * Y) reads Y, Xw and Xd (Y's broadcast is made once), Gen's
    // reads out * Y: two vectors per iteration against one
    long vector = 200 * 8;
    long faBytes = fa.moved().broadcastBytes();
    long genBytes = gen.moved().broadcastBytes();
    assertTrue(faBytes - genBytes >= 3 * vector * 0.9, "FA " + faBytes + " Gen " + genBytes);
    assertTrue(fa.opcodes().contains("sp_spoofRow"), fa.opcodes().toString());
    assertEquals(0, fa.moved().parallelizeBytes() + gen.moved().parallelizeBytes(),
        "the driver's vectors reach the executors as broadcasts only");
  }

  /**
   * Forced {@code spark} mode keeps operations over driver data that fit one block in the driver
   * (a job per 60-element vector buys nothing), while everything that reads the distributed X,
   * and the read of X itself (larger than a block of 100 x 100), runs on Spark.
   */
  @Test
  void forcedSparkKeepsSmallDriverOperationsInTheDriver() throws Exception {
    Path file = dir.resolve("forced.dml");
    Files.writeString(file, SCRIPT);
    EngineConfig config = SparkRuns.config(dir, ExecMode.SPARK,
        "spark:master=local[2],blockSize=100").build();
    SparkRuns.Run forced = SparkRuns.run(config, e -> e.compile(file, args));
    String explain = Explain.hops(forced.script());
    for (String n : notes(explain, "READ_FILE \\(\\d+(?:,\\d+)*\\) matrix double dims=200x60")) {
      assertTrue(n.startsWith("[SPARK: forced by mode"), n + "\n" + explain);
    }
    for (String hop : List.of("READ_FILE \\(\\d+(?:,\\d+)*\\) matrix double dims=60x1",
        "BINARY \\[\\*\\] \\(\\d+,\\d+\\) matrix double dims=60x1")) {
      for (String n : notes(explain, hop)) {
        assertTrue(n.startsWith("[CP: small, inputs in driver"), n + "\n" + explain);
      }
    }
    for (String n : notes(explain, "MATMULT \\(\\d+,\\d+\\) matrix double dims=200x1")) {
      assertTrue(n.startsWith("[SPARK: forced by mode"), n + "\n" + explain);
    }
    SparkRuns.Run cp = SparkRuns.run(config(ExecMode.SINGLENODE), e -> e.compile(file, args));
    SparkRuns.assertSameVariables(cp, forced, SparkOpsTest.TOL);
    assertTrue(forced.opcodes().contains("sp_read_file"), forced.opcodes().toString());
    assertTrue(forced.opcodes().contains("sp_ba+*"), forced.opcodes().toString());
  }
}
