package org.planlab.engine.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
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
