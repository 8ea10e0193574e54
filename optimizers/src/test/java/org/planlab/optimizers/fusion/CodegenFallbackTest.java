package org.planlab.optimizers.fusion;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.planlab.engine.api.CompiledScript;
import org.planlab.engine.api.Engine;
import org.planlab.engine.codegen.cplan.CPlan;
import org.planlab.engine.codegen.gen.CodegenException;
import org.planlab.engine.codegen.gen.OperatorCache;
import org.planlab.engine.codegen.gen.OperatorSource;
import org.planlab.engine.codegen.select.CostConstants;
import org.planlab.engine.compile.fusion.Codegen;
import org.planlab.engine.config.EngineConfig;
import org.planlab.engine.ir.Hop;
import org.planlab.engine.ir.HopDag;
import org.planlab.engine.ir.OpCode;
import org.planlab.engine.ir.ProgramBlock;
import org.planlab.engine.stats.CodegenCounter;
import org.planlab.engine.stats.Statistics;
import org.planlab.optimizers.fusion.FusionRuns.Outcome;

/**
 * What happens when an operator does not compile (the unfused plan runs, and it is reported),
 * and when sizes are only known at run time (the operators are generated at recompilation).
 */
class CodegenFallbackTest {
  private static final String SCRIPT = """
      X = rand(rows=200, cols=30, seed=1)
      Y = rand(rows=200, cols=30, seed=2)
      v = rand(rows=30, cols=1, seed=3)
      w = rand(rows=200, cols=1, seed=4)
      s = sum(X * Y * 3)
      r = t(X) %*% (w * (X %*% v))
      """;

  @TempDir
  Path dir;

  /** The script's single basic block DAG and its sizes, compiled without fusion. */
  private record Block(HopDag dag, Map<Hop, org.planlab.engine.ir.DataCharacteristics> sizes) {
  }

  private Block block() {
    CompiledScript s;
    try (Engine engine = Engine.create(EngineConfig.builder().fusion("none").build())) {
      s = engine.compile(FusionRuns.write(dir, SCRIPT), Map.of());
    }
    HopDag dag = ((ProgramBlock.Basic) s.program().source().main().get(0)).dag();
    return new Block(dag, s.sizes());
  }

  private static long fused(HopDag dag) {
    return dag.topologicalOrder().stream().filter(h -> h.op() == OpCode.FUSED).count();
  }

  @Test
  void anOperatorThatDoesNotCompileRunsUnfusedAndIsReported() {
    Block b = block();
    Statistics stats = new Statistics();
    List<String> warnings = new ArrayList<>();
    OperatorSource broken = plan -> {
      throw new CodegenException("fused operator TMPX does not compile: Line 3, Column 7: nope");
    };
    Codegen.Result r = new Codegen(new FuseAll(), broken, stats, CostConstants.DEFAULTS,
        warnings::add).optimize(b.dag(), b.sizes());
    assertSame(b.dag(), r.dag(), "the original DAG runs");
    assertEquals(0, fused(r.dag()));
    // the two operators fail, then the smaller ones tried in their place
    assertTrue(stats.codegen(CodegenCounter.COMPILE_FAILURES) >= 2, warnings.toString());
    assertEquals(stats.codegen(CodegenCounter.COMPILE_FAILURES), warnings.size());
    assertTrue(warnings.get(0).contains("did not compile, running it unfused"), warnings.get(0));
    assertTrue(warnings.get(0).contains("Line 3, Column 7: nope"), warnings.get(0));
  }

  @Test
  void onlyTheFailingOperatorFallsBack() {
    Block b = block();
    Statistics stats = new Statistics();
    OperatorCache cache = new OperatorCache();
    OperatorSource rowsFail = plan -> {
      if (plan instanceof CPlan.Row) {
        throw new CodegenException("fused operator TMPR does not compile: Line 1, Column 1: x");
      }
      return cache.lookup(plan);
    };
    Codegen.Result r = new Codegen(new FuseAll(), rowsFail, stats, CostConstants.DEFAULTS,
        w -> { }).optimize(b.dag(), b.sizes());
    assertTrue(stats.codegen(CodegenCounter.COMPILE_FAILURES) >= 1);
    assertTrue(r.operators().stream().anyMatch(o -> o.plan() instanceof CPlan.Cell),
        "the Cell operator is still fused: " + r.operators());
    assertTrue(r.operators().stream().noneMatch(o -> o.plan() instanceof CPlan.Row));
    assertEquals(r.operators().size(), fused(r.dag()));
  }

  @Test
  void sizesKnownOnlyAtRunTimeAreFusedAtRecompilation() {
    // removeEmpty makes Y's rows data-dependent: nothing over Y can be fused at compile time
    String dml = """
        X = rand(rows=300, cols=20, sparsity=0.5, seed=5)
        Y = removeEmpty(target=X, margin="rows")
        Z = rand(rows=nrow(Y), cols=20, seed=6)
        s = sum(Y * Z * 2)
        """;
    Outcome none = FusionRuns.run(dir, dml, "none", 1);
    Outcome fa = FusionRuns.run(dir, dml, "fa", 1);
    assertTrue(fa.operators().isEmpty(), "no operator at compile time: " + fa.operators());
    assertTrue(fa.result().statistics().recompilations() > 0);
    assertTrue(fa.fusedExecutions() > 0, "fused at run time");
    FusionRuns.assertSameVariables(none, fa, List.of("s"), "fa at recompilation");
  }
}
