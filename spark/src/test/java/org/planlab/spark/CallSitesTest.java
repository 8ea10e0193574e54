package org.planlab.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collections;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.scheduler.SparkListener;
import org.apache.spark.scheduler.SparkListenerJobStart;
import org.apache.spark.scheduler.StageInfo;
import org.apache.spark.storage.RDDInfo;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.planlab.engine.api.Engine;
import org.planlab.engine.config.EngineConfig;
import org.planlab.engine.config.ExecMode;
import org.planlab.engine.ir.ExecType;
import org.planlab.engine.runtime.ReuseHook;
import scala.jdk.javaapi.CollectionConverters;

/**
 * {@link CallSites}: labelled work sees the description as Spark's call site and the thread's
 * previous call site comes back; in a run on Spark every job, stage and RDD — those of the
 * driver thread and those of prefetch threads — carries a planlab label (an opcode or a
 * transfer), never a call site Spark found by walking the stack.
 */
class CallSitesTest {
  /** Hybrid with a 64 KiB budget: X %*% w on Spark, w computed in the driver (broadcast). */
  private static final String SCRIPT = """
      X = read($X)
      v = read($v)
      s = 0
      for (i in 1:3) {
        w = v * i + 1
        y = X %*% w
        G = t(X) %*% X
        s = s + sum(y) + sum(G) + sum(colSums(X * i))
      }
      print("s " + s)
      """;

  @TempDir
  static Path dir;
  private static Map<String, String> args;
  private static Path script;

  @BeforeAll
  static void data() throws Exception {
    args = Map.of("X", SparkRuns.write(dir, "X", SparkRuns.gaussian(41, 200, 60)).toString(),
        "v", SparkRuns.write(dir, "v", SparkRuns.gaussian(42, 60, 1)).toString());
    script = Files.writeString(dir.resolve("callsites.dml"), SCRIPT);
  }

  @Test
  void labelledWorkSeesItsDescriptionAndThePreviousCallSiteComesBack() {
    SparkBackend backend = new SparkBackend(new SparkSettings(SparkSettings.DEFAULT_MASTER, 7,
        1L << 30, 0, 1L << 20, 1L << 26, 20, true), Scratch.create());
    try {
      JavaSparkContext sc = backend.context();
      assertNull(sc.getLocalProperty(CallSites.SHORT));
      String inner = CallSites.labelled(sc, "outer", () -> {
        assertEquals("outer", sc.getLocalProperty(CallSites.LONG));
        String seen = CallSites.labelled(sc, "inner", () -> sc.getLocalProperty(CallSites.SHORT)
            + " " + sc.getLocalProperty(CallSites.LONG));
        assertEquals("outer", sc.getLocalProperty(CallSites.SHORT));
        return seen;
      });
      assertEquals("inner inner", inner);
      assertThrows(IllegalStateException.class, () -> CallSites.labelled(sc, "failing", () -> {
        throw new IllegalStateException("boom");
      }));
      assertNull(sc.getLocalProperty(CallSites.SHORT));
      assertNull(sc.getLocalProperty(CallSites.LONG));
    } finally {
      backend.close();
    }
  }

  @Test
  void everyJobStageAndRddOfARunCarriesAPlanlabLabel() throws Exception {
    Set<String> sites = callSitesOfARun(config().build());
    assertLabelled(sites);
    assertTrue(sites.contains("planlab sp_ba+*"), sites.toString());
    assertTrue(sites.contains("planlab sp_tsmm"), sites.toString());
  }

  @Test
  void prefetchThreadsLabelTheirJobsToo() throws Exception {
    Set<String> sites = callSitesOfARun(config().async(true).build());
    assertLabelled(sites);
    assertTrue(sites.contains("planlab collect"), sites.toString());
  }

  private static EngineConfig.Builder config() {
    return SparkRuns.config(dir, ExecMode.HYBRID, SparkRuns.SMALL_BLOCKS)
        .localMemoryBudget(64 << 10);
  }

  private static void assertLabelled(Set<String> sites) {
    assertFalse(sites.isEmpty());
    for (String s : sites) {
      assertTrue(s.matches("planlab (sp_\\S+|collect|parallelize|broadcast)"),
          "a call site Spark found by walking the stack: " + s + " in " + sites);
    }
  }

  /**
   * The call sites of every job Spark ran for {@code SCRIPT}, of its stages and of their RDDs;
   * the calling thread has no call site left afterwards.
   */
  private static Set<String> callSitesOfARun(EngineConfig config) throws Exception {
    Set<String> sites = Collections.synchronizedSet(new TreeSet<>());
    SparkListener listener = new SparkListener() {
      @Override
      public void onJobStart(SparkListenerJobStart job) {
        sites.add(String.valueOf(job.properties().getProperty(CallSites.SHORT)));
        for (StageInfo stage : CollectionConverters.asJava(job.stageInfos())) {
          sites.add(stage.name());
          for (RDDInfo rdd : CollectionConverters.asJava(stage.rddInfos())) {
            sites.add(rdd.callSite());
          }
        }
      }
    };
    try (Engine engine = Engine.create(config);
        PrintStream out = new PrintStream(new ByteArrayOutputStream(), true,
            StandardCharsets.UTF_8)) {
      // started first: the operation that starts the context cannot label what it creates
      JavaSparkContext sc = ((SparkBackend) engine.backends().get(ExecType.SPARK)).context();
      sc.sc().addSparkListener(listener);
      try {
        engine.run(engine.compile(script, args), Map.of(), out, ReuseHook.NONE);
        sc.sc().listenerBus().waitUntilEmpty(10_000);
      } finally {
        sc.sc().removeSparkListener(listener);
      }
      assertNull(sc.getLocalProperty(CallSites.SHORT));
      assertNull(sc.getLocalProperty(CallSites.LONG));
    }
    return new TreeSet<>(sites);
  }
}
