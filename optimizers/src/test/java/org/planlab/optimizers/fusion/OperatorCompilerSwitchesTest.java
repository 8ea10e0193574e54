package org.planlab.optimizers.fusion;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.planlab.engine.api.Engine;
import org.planlab.engine.codegen.gen.OperatorCache;
import org.planlab.engine.config.EngineConfig;
import org.planlab.engine.matrix.MatrixBlock;
import org.planlab.engine.stats.CodegenCounter;
import org.planlab.optimizers.fusion.FusionRuns.Outcome;

/**
 * The codegen compiler and operator cache switches (fusion paper, sec. 5.3, Fig. 14) on a script
 * whose loop body is recompiled, and so optimized again, in every iteration: with the cache,
 * later iterations and later runs reuse the classes; without it, every CPlan is compiled each
 * time. javac's operators give exactly Janino's results.
 */
class OperatorCompilerSwitchesTest {
  /**
   * One operator at compile time (r), and one per iteration at recompilation (s): every
   * iteration recompiles the loop's DAG to other sizes, so none reuses an earlier iteration's
   * lowered code, and all build the same operator.
   */
  private static final String LOOP = """
      X = rand(rows=300, cols=20, sparsity=0.5, seed=5)
      s = 0
      for (i in 1:3) {
        Y = removeEmpty(target=X[1:(100 * i), ], margin="rows")
        Z = rand(rows=nrow(Y), cols=20, seed=6)
        s = s + sum(Y * Z * i)
      }
      r = t(X) %*% (X %*% rand(rows=20, cols=1, seed=7))
      """;
  private static final long CPLANS = 4;

  @TempDir
  Path dir;

  private static EngineConfig config(String compiler, boolean cache) {
    return FusionRuns.config("fa", 1).toBuilder().codegenCompiler(compiler)
        .operatorCache(cache).build();
  }

  private Outcome run(Engine engine) {
    Outcome o = FusionRuns.run(engine, dir, LOOP);
    String compiler = engine.config().codegenCompiler();
    assertEquals(CPLANS, o.counter(CodegenCounter.CPLANS_BUILT), compiler);
    assertEquals(0, o.counter(CodegenCounter.COMPILE_FAILURES), compiler);
    assertEquals(CPLANS, o.fusedExecutions(), compiler);
    return o;
  }

  private Outcome run(String compiler, boolean cache) {
    try (Engine engine = Engine.create(config(compiler, cache))) {
      return run(engine);
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"janino", "javac"})
  void withTheCacheLaterIterationsAndRunsReuseTheClasses(String compiler) {
    try (Engine engine = Engine.create(config(compiler, true))) {
      Outcome first = run(engine);
      assertEquals(CPLANS, first.counter(CodegenCounter.CLASSES_COMPILED)
          + first.counter(CodegenCounter.CACHE_HITS));
      // a fresh engine compiles its operators once; iterations 2 and 3 meet iteration 1's plan
      assertTrue(first.counter(CodegenCounter.CLASSES_COMPILED) >= 1);
      assertTrue(first.counter(CodegenCounter.CACHE_HITS) >= 2, first.result().statistics()
          .codegen().toString());
      Outcome second = run(engine);
      assertEquals(0, second.counter(CodegenCounter.CLASSES_COMPILED));
      assertEquals(CPLANS, second.counter(CodegenCounter.CACHE_HITS));
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"janino", "javac"})
  void withoutTheCacheEveryPlanIsCompiledEveryTime(String compiler) {
    try (Engine engine = Engine.create(config(compiler, false))) {
      OperatorCache cache = engine.operators();
      for (int k = 0; k < 2; k++) {
        Outcome o = run(engine);
        assertEquals(CPLANS, o.counter(CodegenCounter.CLASSES_COMPILED), "run " + k);
        assertEquals(0, o.counter(CodegenCounter.CACHE_HITS), "run " + k);
        assertTrue(o.counter(CodegenCounter.COMPILE_NANOS) > 0);
      }
      assertEquals(0, cache.misses(), "the engine's cache is not consulted");
      assertEquals(0, cache.hits(), "the engine's cache is not consulted");
    }
  }

  @Test
  void javacOperatorsGiveExactlyJaninosResults() {
    Outcome janino = run("janino", false);
    Outcome javac = run("javac", false);
    assertEquals(Double.doubleToLongBits(janino.scalar("s")),
        Double.doubleToLongBits(javac.scalar("s")));
    MatrixBlock a = janino.matrix("r");
    MatrixBlock b = javac.matrix("r");
    assertEquals(a.shape(), b.shape());
    for (int i = 0; i < a.rows(); i++) {
      for (int j = 0; j < a.cols(); j++) {
        assertEquals(Double.doubleToLongBits(a.get(i, j)), Double.doubleToLongBits(b.get(i, j)));
      }
    }
  }

  @Test
  void theCompilersWarmUpNeitherCachesNorCountsAnOperatorAndChangesNoResult() {
    Outcome cold;
    long coldMisses;
    try (Engine engine = Engine.create(config("janino", true).toBuilder().codegenWarmUp(false)
        .build())) {
      cold = run(engine);
      coldMisses = engine.operators().misses();
    }
    try (Engine engine = Engine.create(config("janino", true))) {
      assertTrue(engine.config().codegenWarmUp(), "on by default");
      Outcome warm = run(engine);
      assertEquals(cold.counter(CodegenCounter.CLASSES_COMPILED),
          warm.counter(CodegenCounter.CLASSES_COMPILED));
      assertEquals(cold.counter(CodegenCounter.CACHE_HITS),
          warm.counter(CodegenCounter.CACHE_HITS));
      assertEquals(coldMisses, engine.operators().misses());
      assertEquals(Double.doubleToLongBits(cold.scalar("s")),
          Double.doubleToLongBits(warm.scalar("s")));
    }
  }

  /**
   * A loop whose DAG is recompiled to the same sizes in every iteration lowers it once: the
   * later iterations run the code lowered for the first, with the same result as with sizes
   * that differ.
   */
  @Test
  void aDagRecompiledToTheSameSizesIsLoweredOnce() {
    String same = LOOP.replace("X[1:(100 * i), ]", "X[1:300, ]");
    try (Engine engine = Engine.create(config("janino", true))) {
      Outcome o = FusionRuns.run(engine, dir, same);
      assertEquals(2, o.counter(CodegenCounter.CPLANS_BUILT), "r, and s's first iteration");
      assertEquals(4, o.fusedExecutions(), "r, and s's three iterations");
      Outcome sliced = FusionRuns.run(engine, dir, LOOP.replace("100 * i", "300"));
      assertEquals(Double.doubleToLongBits(sliced.scalar("s")),
          Double.doubleToLongBits(o.scalar("s")));
    }
  }

  @Test
  void everyEngineHasItsOwnOperatorCache() {
    try (Engine a = Engine.create(config("janino", true));
        Engine b = Engine.create(config("janino", true));
        Engine c = Engine.create(config("javac", true))) {
      assertSame(a.operators(), a.operators());
      assertNotSame(a.operators(), b.operators());
      assertEquals("janino", a.operators().compiler().name());
      assertEquals("javac", c.operators().compiler().name());
      Outcome inA = run(a);
      Outcome inB = run(b);
      // what engine a compiled is not a cache hit in engine b
      assertEquals(inA.counter(CodegenCounter.CLASSES_COMPILED),
          inB.counter(CodegenCounter.CLASSES_COMPILED));
      assertEquals(a.operators().misses(), b.operators().misses());
    }
    assertThrows(IllegalArgumentException.class, () -> config("ecj", true));
  }
}
