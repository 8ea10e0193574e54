package org.planlab.optimizers.fusion;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.planlab.engine.api.Engine;
import org.planlab.engine.api.RunResult;
import org.planlab.engine.config.EngineConfig;
import org.planlab.engine.config.ReuseConfig;
import org.planlab.engine.data.MatrixValue;
import org.planlab.engine.lineage.LineageItem;
import org.planlab.engine.lineage.LineageLog;
import org.planlab.engine.lineage.LineageRecompute;
import org.planlab.engine.lineage.ReuseMode;
import org.planlab.engine.matrix.MatrixBlock;
import org.planlab.engine.stats.StatisticsSnapshot.HeavyHitter;

/**
 * Fused operators in lineage traces (LIMA sec. 3; MEMPHIS sec. 3.1): a fused operator is traced
 * as the operations it replaced, so a trace computed under any fusion plan can be computed again
 * from its serialized form, and equal values have equal items whatever plan computed them.
 */
class FusedLineageTest {
  private static final PrintStream NOWHERE = new PrintStream(OutputStream.nullOutputStream());

  /** Operators of the four templates: Outer, multi-aggregate, Row and Cell. */
  private static final String SCRIPT = """
      X = rand(rows=400, cols=300, sparsity=0.05, seed=11)
      U = rand(rows=400, cols=4, seed=12)
      V = rand(rows=300, cols=4, seed=13)
      Y = rand(rows=400, cols=300, seed=14)
      v = rand(rows=300, cols=1, seed=15)
      w = rand(rows=400, cols=1, seed=16)
      a = sum((X != 0) * (U %*% t(V) - X) ^ 2)
      b = sum(Y ^ 2)
      c = sum(Y * 3)
      G = t(Y) %*% (w * exp(Y %*% v / 100) / 2)
      C = abs(Y - 1) * 2 + X
      R = G * (a + b / c) + t(colSums(C))
      """;

  @TempDir
  Path dir;

  private EngineConfig config(String fusion, ReuseMode mode) {
    return EngineConfig.builder().fusion(fusion).parallelism(2).statistics(true)
        .workingDirectory(dir).reuse(ReuseConfig.NONE.withMode(mode)).build();
  }

  /** Runs {@link #SCRIPT} tracing; R's lineage, its value and the opcodes that ran. */
  private record Traced(LineageItem lineage, MatrixBlock value, List<HeavyHitter> ops) {
  }

  private Traced trace(String fusion) throws IOException {
    Path f = dir.resolve("s.dml");
    Files.writeString(f, SCRIPT);
    try (Engine e = Engine.create(config(fusion, ReuseMode.TRACE))) {
      RunResult r = e.run(e.compile(f, Map.of()), Map.of(), NOWHERE);
      return new Traced(r.lineage().get("R"), ((MatrixValue) r.variables().get("R")).block(),
          r.statistics().heavyHitters());
    }
  }

  private MatrixBlock recompute(String log, String fusion) {
    try (Engine e = Engine.create(config(fusion, ReuseMode.NONE))) {
      RunResult r = e.run(e.compile(LineageRecompute.program(LineageLog.parse(log))), Map.of(),
          NOWHERE);
      return ((MatrixValue) r.variables().get(LineageRecompute.RESULT)).block();
    }
  }

  @Test
  void aTraceOfFusedOperatorsNamesTheirOperationsAndIsRecomputed() throws IOException {
    Traced fused = trace("mpskip");
    for (String op : List.of("spoofOuter", "spoofMagg", "spoofRow", "spoofCell")) {
      assertTrue(fused.ops().stream().anyMatch(h -> h.opcode().equals(op)),
          op + " ran: " + fused.ops());
    }
    String log = LineageLog.serialize(fused.lineage());
    assertFalse(log.contains("spoof") || log.contains("FUSED"), log);

    // recompiled from the trace, with fusion and without: the same values to 1e-9 (the
    // recompiled DAG may group operations into other operators, so not the same bits)
    for (String fusion : List.of("mpskip", "none")) {
      MatrixBlock again = recompute(log, fusion);
      for (int i = 0; i < fused.value().rows(); i++) {
        double x = fused.value().get(i, 0);
        assertEquals(x, again.get(i, 0), 1e-9 * Math.abs(x), fusion + ", row " + i);
      }
    }
  }

  @Test
  void aFusedOperatorsItemEqualsTheItemOfEveryPlanOfTheSameOperations() throws IOException {
    // fa and fnr fuse other operator sets than mpskip; the operations, and so R's item, agree
    LineageItem mpskip = trace("mpskip").lineage();
    assertEquals(mpskip, trace("fa").lineage());
    assertEquals(mpskip, trace("fnr").lineage());
  }
}
