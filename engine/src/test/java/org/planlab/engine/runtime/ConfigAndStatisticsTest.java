package org.planlab.engine.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.planlab.engine.api.Engine;
import org.planlab.engine.config.EngineConfig;
import org.planlab.engine.spi.Plugins;
import org.planlab.engine.spi.StrategyKind;
import org.planlab.engine.stats.CompilePhase;
import org.planlab.engine.stats.Statistics;
import org.planlab.engine.stats.StatisticsSnapshot;

class ConfigAndStatisticsTest {

  @Test
  void configBuilderRoundTripsAndRejectsBadValues() {
    EngineConfig c = EngineConfig.builder().fusion("none").parallelism(3).statistics(true)
        .maxRecursionDepth(7).build();
    assertEquals(c, c.toBuilder().build());
    assertEquals(3, c.parallelism());
    assertEquals("depth-first", c.ordering());
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> EngineConfig.builder().fusion("none").parallelism(0).build());
    assertTrue(e.getMessage().contains("0"));
  }

  @Test
  void codegenCompilerAndOperatorCacheDefaultToJaninoWithTheCacheAndRoundTrip() {
    EngineConfig d = EngineConfig.defaults();
    assertEquals("janino", d.codegenCompiler());
    assertTrue(d.operatorCache());
    EngineConfig c = d.toBuilder().codegenCompiler("javac").operatorCache(false).build();
    assertEquals("javac", c.codegenCompiler());
    assertFalse(c.operatorCache());
    assertEquals(c, c.toBuilder().build());
  }

  @Test
  void unknownCodegenCompilerNamesTheKnownOnes() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> EngineConfig.builder().codegenCompiler("ecj").build());
    assertEquals("unknown codegen compiler 'ecj' (known: janino, javac)", e.getMessage());
  }

  @Test
  void theTimelineShowsTimePerThreadAndTheOverlap() throws InterruptedException {
    Statistics s = new Statistics();
    long t0 = System.nanoTime();
    // main: [0, 10] and [20, 30] ms; prefetch: [5, 25] ms; two or more busy: 5 + 5 ms
    s.recordSpan("a", "cp", t0, t0 + 10_000_000);
    s.recordSpan("b", "cp", t0 + 20_000_000, t0 + 30_000_000);
    Thread other = new Thread(() -> s.recordSpan("prefetch x", "spark", t0 + 5_000_000,
        t0 + 25_000_000), "planlab-prefetch-1");
    other.start();
    other.join();
    StatisticsSnapshot snap = s.snapshot();
    assertEquals(List.of("a", "prefetch x", "b"),
        snap.timeline().stream().map(StatisticsSnapshot.Span::name).toList());
    String text = snap.format(0);
    assertTrue(text.contains("Timeline (s in spans per thread): main 0.020 "
        + "planlab-prefetch-1 0.020; two or more at once 0.010 s"), text);
    assertFalse(new Statistics().snapshot().format(0).contains("Timeline"));
  }

  @Test
  void unknownOrderingNamesTheKnownOnes() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> Plugins.load().create(StrategyKind.ORDERING, "sideways"));
    assertEquals("unknown operator ordering 'sideways'; known: depth-first", e.getMessage());
  }

  /**
   * The time in the main program's function calls counts each call of the main program once,
   * with its nested calls inside it: less than the sum over every {@code fcall}, which counts
   * the nested ones again.
   */
  @Test
  void mainCallTimeCountsTheMainProgramsCallsOnly(@TempDir Path dir) throws Exception {
    Path script = dir.resolve("calls.dml");
    Files.writeString(script, """
        inner = function(Matrix[Double] A) return (Matrix[Double] B) {
          B = A %*% A + 1
        }
        outer = function(Matrix[Double] A) return (Double s) {
          s = 0
          for (i in 1:3) {
            s = s + sum(inner(A))
          }
        }
        X = rand(rows=200, cols=200, seed=3)
        s = outer(X)
        print(s)
        """);
    StatisticsSnapshot snap;
    EngineConfig config = EngineConfig.builder().fusion("none").statistics(true).build();
    try (Engine engine = Engine.create(config);
        java.io.PrintStream out =
            new java.io.PrintStream(java.io.OutputStream.nullOutputStream())) {
      snap = engine.run(engine.compile(script, java.util.Map.of()), java.util.Map.of(), out,
          ReuseHook.NONE).statistics();
    }
    StatisticsSnapshot.HeavyHitter calls = snap.heavyHitters().stream()
        .filter(h -> h.opcode().equals("fcall")).findFirst().orElseThrow();
    assertEquals(4, calls.count(), "outer once, inner three times");
    assertTrue(snap.mainCallNanos() > 0 && snap.mainCallNanos() < calls.totalNanos()
        && snap.mainCallNanos() <= snap.executionNanos(), snap.mainCallNanos() + " of "
        + calls.totalNanos() + " in fcall, " + snap.executionNanos() + " in all");
    assertTrue(snap.format(5).contains("in functions called by the main program:"),
        snap.format(5));
    assertEquals(0, new Statistics().snapshot().mainCallNanos());
  }

  @Test
  void snapshotSortsHeavyHittersAndFormatsTheTable() {
    Statistics s = new Statistics();
    s.recordInstruction("ba+*", 3_000_000);
    s.recordInstruction("ba+*", 1_000_000);
    s.recordInstruction("+", 10);
    s.addCompileTime(CompilePhase.PARSE, 5_000_000);
    s.incrementRecompilations();
    s.observeLiveBytes(100);
    s.observeLiveBytes(50);
    StatisticsSnapshot snap = s.snapshot();
    assertEquals(List.of(new StatisticsSnapshot.HeavyHitter("ba+*", 2, 4_000_000),
        new StatisticsSnapshot.HeavyHitter("+", 1, 10)), snap.heavyHitters());
    assertEquals(100, snap.peakLiveBytes());
    assertEquals(1, snap.recompilations());
    assertEquals(5_000_000, snap.totalCompileNanos());
    String table = snap.format(1);
    assertTrue(table.contains("ba+*") && table.contains("Number of recompilations:\t1"), table);
    assertFalse(table.contains(" + "), "limited to one heavy hitter: " + table);
  }
}
