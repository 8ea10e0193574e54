package org.planlab.optimizers.ordering;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.planlab.engine.api.CompiledScript;
import org.planlab.engine.api.Engine;
import org.planlab.engine.api.RunResult;
import org.planlab.engine.config.EngineConfig;
import org.planlab.engine.runtime.DmlRuntimeException;
import org.planlab.engine.runtime.ReuseHook;
import org.planlab.engine.runtime.program.BlockCode;
import org.planlab.engine.runtime.program.CompiledBlock;
import org.planlab.engine.stats.StatisticsSnapshot;

/**
 * Local inter-operator parallelism end to end: max-parallelize with local chains groups a loop
 * body's independent chains, and with asynchronous operators the runtime runs them on the
 * calling thread and the kernel pool's threads at the same time, with results bit for bit
 * those of the sequential order.
 */
class ConcurrentChainsRunTest {
  /** Four independent chains of 60 x 60 operations per iteration, joined by scalar sums. */
  private static final String CHAINS = """
      A = rand(rows=60, cols=60, seed=1)
      B = rand(rows=60, cols=60, seed=2)
      C = rand(rows=60, cols=60, seed=3)
      D = rand(rows=60, cols=60, seed=4)
      s = 0
      for (i in 1:30) {
        a = (A * i) %*% A
        a = a / max(a) + A
        b = (B + i) %*% B
        b = b / max(b) - B
        c = (C - i) %*% C
        c = c / max(c) * C
        d = (D / i) %*% D
        d = d / max(d) + D
        s = s + sum(a) + sum(b) + sum(c) + sum(d)
      }
      print(s)
      """;

  @TempDir
  Path dir;

  private record Run(String printed, StatisticsSnapshot stats, CompiledScript script) {
  }

  private Run run(String dml, EngineConfig config) throws IOException {
    Path f = dir.resolve("s.dml");
    Files.writeString(f, dml);
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (Engine engine = Engine.create(config);
        PrintStream out = new PrintStream(bytes, true, StandardCharsets.UTF_8)) {
      CompiledScript s = engine.compile(f, Map.of());
      RunResult r = engine.run(s, Map.of(), out, ReuseHook.NONE);
      return new Run(bytes.toString(StandardCharsets.UTF_8), r.statistics(), s);
    }
  }

  private static EngineConfig.Builder config(String ordering, int threads) {
    return EngineConfig.builder().ordering(ordering).parallelism(threads).statistics(true);
  }

  private static BlockCode loopBody(CompiledScript s) {
    CompiledBlock.For loop = (CompiledBlock.For) s.program().main().stream()
        .filter(b -> b instanceof CompiledBlock.For).findFirst().orElseThrow();
    return ((CompiledBlock.Basic) loop.body().get(0)).body().code();
  }

  @Test
  void independentChainsRunConcurrentlyWithTheSequentialResults() throws IOException {
    Run sequential = run(CHAINS, config("depth-first", 1).build());
    Run concurrent = run(CHAINS, config("max-parallelize:localChains=true", 2).async(true).timeline(true)
        .build());
    Run grouped = run(CHAINS, config("max-parallelize:localChains=true", 2).build());

    assertEquals(sequential.printed(), concurrent.printed());
    assertEquals(sequential.printed(), grouped.printed());
    BlockCode body = loopBody(concurrent.script());
    assertEquals(1, body.segments().size(), body.explain());
    assertEquals(4, body.segments().get(0).chains().size(), body.explain());
    assertTrue(loopBody(sequential.script()).segments().isEmpty(), "depth-first groups none");
    // the chains' operations ran on the calling thread and a kernel pool thread
    Set<String> threads = concurrent.stats().timeline().stream()
        .filter(x -> x.name().equals("ua_max_full")).map(StatisticsSnapshot.Span::thread)
        .collect(Collectors.toSet());
    assertTrue(threads.contains("planlab-main") && threads.stream()
        .anyMatch(t -> t.startsWith("planlab-kernel-")), "chains ran on: " + threads);
    // without async the groups run in order on the main thread
    assertTrue(grouped.stats().timeline().isEmpty());
  }

  @Test
  void aFailingChainFailsTheRunAtItsOperationAfterTheOthersEnded() throws IOException {
    // the third chain inverts a singular matrix; the others are fine
    String dml = """
        A = rand(rows=60, cols=60, seed=1)
        B = rand(rows=60, cols=60, seed=2)
        C = matrix(1, rows=60, cols=60)
        for (i in 1:2) {
          a = (A * i) %*% A
          a = sum(a / max(a) + A)
          b = (B + i) %*% B
          b = sum(b / max(b) - B)
          c = (C * i) %*% C
          c = sum(inv(c / max(c)))
          print(a + b + c)
        }
        """;
    Path f = dir.resolve("fail.dml");
    Files.writeString(f, dml);
    String sequential = failure(f, config("depth-first", 1).build());
    String concurrent = failure(f, config("max-parallelize:localChains=true", 2).async(true).build());
    assertEquals(sequential, concurrent);
    assertTrue(concurrent.startsWith(f + ":10:"), concurrent);
  }

  private static String failure(Path f, EngineConfig config) {
    try (Engine engine = Engine.create(config)) {
      CompiledScript s = engine.compile(f, Map.of());
      if (config.async()) {
        List<BlockCode.Segment> segments = loopBody(s).segments();
        assertEquals(1, segments.size(), loopBody(s).explain());
      }
      return assertThrows(DmlRuntimeException.class, () -> engine.run(s, Map.of(),
          new PrintStream(new ByteArrayOutputStream()), ReuseHook.NONE)).getMessage();
    }
  }
}
