package org.planlab.engine.codegen.gen;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.planlab.engine.codegen.cplan.CPlan;
import org.planlab.engine.codegen.runtime.CellType;
import org.planlab.engine.codegen.runtime.SpoofOperator;
import org.planlab.engine.codegen.runtime.SpoofResult;
import org.planlab.engine.matrix.MatrixBlock;
import org.planlab.engine.matrix.TestMatrices;
import org.planlab.engine.ops.AggregateOp;
import org.planlab.engine.parallel.KernelPool;

/**
 * Several units compiled in one call of the compiler ({@link OperatorCompiler#compileAll}, the
 * operator cache's {@link OperatorCache#lookupAll}): the same operators as compiling them one by
 * one, each with its own skeleton copy, and a unit that fails fails alone.
 */
class BatchCompileTest {
  private static final int M = 17;
  private static final int N = 9;
  private static final int K = 3;

  /** A plan with inputs to run it on and its output's shape. */
  private record Case(CPlan plan, List<MatrixBlock> inputs, int rows, int cols) {
  }

  private static List<Case> cases() {
    MatrixBlock x = TestMatrices.random(M, N, 0.4, 1, true);
    MatrixBlock y = TestMatrices.random(M, N, 0.9, 2, false);
    MatrixBlock z = TestMatrices.random(M, N, 0.5, 3, false);
    MatrixBlock v = TestMatrices.random(N, K, 1.0, 4, false);
    MatrixBlock u = TestMatrices.random(M, K, 1.0, 5, false);
    MatrixBlock w = TestMatrices.random(N, K, 1.0, 6, false);
    return List.of(new Case(Plans.sumXyz(), List.of(x, y, z), 1, 1),
        new Case(Plans.xyPlusZ(), List.of(x, y, z), M, N),
        new Case(Plans.sumXyAndXz(), List.of(x, y, z), 1, 2),
        new Case(Plans.xTimesV(), List.of(x, v), M, K),
        new Case(Plans.rowSumsXy(), List.of(x, y), M, 1),
        new Case(Plans.rightXuv(), List.of(x, u, w), M, K));
  }

  private static List<OperatorCompiler.Unit> units(List<Case> cases) {
    List<OperatorCompiler.Unit> units = new ArrayList<>();
    for (int i = 0; i < cases.size(); i++) {
      String name = "Op" + i;
      units.add(new OperatorCompiler.Unit(name,
          new SourceGenerator().generate(cases.get(i).plan(), name)));
    }
    return units;
  }

  private static MatrixBlock run(SpoofOperator op, Case c) {
    SpoofResult r = op.execute(c.inputs(), new double[0], c.rows(), c.cols(),
        KernelPool.sequential());
    return r.output();
  }

  private static void assertSameCells(MatrixBlock expected, MatrixBlock actual, String what) {
    assertEquals(expected.shape(), actual.shape(), what);
    for (int r = 0; r < expected.rows(); r++) {
      for (int c = 0; c < expected.cols(); c++) {
        assertEquals(Double.doubleToRawLongBits(expected.get(r, c)),
            Double.doubleToRawLongBits(actual.get(r, c)), what + " at " + r + "," + c);
      }
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"janino", "javac"})
  void aBatchGivesTheOperatorsAndResultsOfCompilingOneByOne(String name) {
    List<Case> cases = cases();
    List<OperatorCompiler.Unit> units = units(cases);
    List<Attempt<SpoofOperator>> batch = OperatorCompiler.byName(name).compileAll(units);
    assertEquals(units.size(), batch.size());
    Set<Class<?>> skeletons = new HashSet<>();
    for (int i = 0; i < units.size(); i++) {
      OperatorCompiler.Unit unit = units.get(i);
      SpoofOperator together = batch.get(i).get();
      SpoofOperator alone = OperatorCompiler.byName(name).compile(unit.className(),
          unit.source());
      assertEquals(unit.qualifiedName(), together.getClass().getName());
      assertEquals(alone.getClass().getSuperclass().getName(),
          together.getClass().getSuperclass().getName());
      assertTrue(skeletons.add(together.getClass().getSuperclass()),
          "every operator of the batch has its own skeleton copy");
      assertSame(together.getClass().getClassLoader(),
          together.getClass().getSuperclass().getClassLoader());
      assertSameCells(run(alone, cases.get(i)), run(together, cases.get(i)),
          unit.className());
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"janino", "javac"})
  void aUnitThatDoesNotCompileFailsAloneInItsBatch(String name) {
    List<Case> cases = cases().subList(0, 3);
    List<OperatorCompiler.Unit> units = new ArrayList<>(units(cases));
    OperatorCompiler.Unit good = units.get(1);
    units.set(1, new OperatorCompiler.Unit(good.className(),
        good.source().replace("return ", "return undefinedVariable + ")));
    List<Attempt<SpoofOperator>> outcomes = OperatorCompiler.byName(name).compileAll(units);
    assertNull(outcomes.get(1).value());
    CodegenException e = outcomes.get(1).failure();
    assertTrue(e.getMessage().startsWith("fused operator Op1 does not compile: "),
        e.getMessage());
    assertTrue(e.getMessage().matches("(?s).*Line \\d+, Column \\d+.*"), e.getMessage());
    assertSame(e, assertThrows(CodegenException.class, () -> outcomes.get(1).get()));
    for (int i : new int[] {0, 2}) {
      SpoofOperator op = outcomes.get(i).get();
      SpoofOperator alone = OperatorCompiler.byName(name).compile(units.get(i).className(),
          units.get(i).source());
      assertSameCells(run(alone, cases.get(i)), run(op, cases.get(i)), "Op" + i);
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"janino", "javac"})
  void anEmptyBatchCompilesNothing(String name) {
    assertEquals(List.of(), OperatorCompiler.byName(name).compileAll(List.of()));
  }

  @Test
  void aNameCompiledAgainFromAnotherSourceGetsTheNewSourcesOperator() {
    // Janino keeps what it resolved between calls; a generated class is not among it
    OperatorCompiler janino = OperatorCompiler.janino();
    List<Case> cases = cases();
    SourceGenerator gen = new SourceGenerator();
    SpoofOperator sum = janino.compile("Same", gen.generate(cases.get(0).plan(), "Same"));
    SpoofOperator cells = janino.compile("Same", gen.generate(cases.get(1).plan(), "Same"));
    assertNotSame(sum.getClass(), cells.getClass());
    assertSameCells(run(OperatorCompiler.javac().compile("Same",
        gen.generate(cases.get(1).plan(), "Same")), cases.get(1)), run(cells, cases.get(1)),
        "the second Same");
    assertEquals(1, run(sum, cases.get(0)).rows());
  }

  @ParameterizedTest
  @ValueSource(strings = {"janino", "javac"})
  void aUnitDeclaringAClassOutsideTheGeneratedPackageIsRejected(String name) {
    String src = new SourceGenerator().generate(Plans.sumXyz(), "Elsewhere")
        .replace("package " + SourceGenerator.PACKAGE + ";", "package org.planlab.other;");
    CodegenException e = assertThrows(CodegenException.class,
        () -> OperatorCompiler.byName(name).compile("Elsewhere", src));
    assertTrue(e.getMessage().contains("org.planlab.other.Elsewhere, outside "
        + SourceGenerator.PACKAGE), e.getMessage());
  }

  @Test
  void theCacheCompilesTheMissingPlansOfALookupTogetherAndFailsOnlyTheBadOne() {
    // a side input the plan does not have: the generator rejects it
    CPlan bad = new CPlan.Cell(Plans.mult(Plans.X, Plans.side(1)), CellType.NO_AGG,
        AggregateOp.SUM, true, 1, 0);
    OperatorCache cache = new OperatorCache();
    CompiledOperator earlier = cache.getOrCompile(Plans.xTimesV());
    List<Attempt<OperatorSource.Lookup>> attempts = cache.lookupAll(List.of(Plans.sumXyz(), bad,
        Plans.xyPlusZ(), Plans.sumXyz(), Plans.xTimesV()));
    assertTrue(attempts.get(0).value().compiled());
    assertInstanceOf(CodegenException.class, attempts.get(1).failure());
    assertTrue(attempts.get(2).value().compiled());
    assertSame(attempts.get(0).value().operator(), attempts.get(3).value().operator());
    assertTrue(!attempts.get(3).value().compiled() && !attempts.get(4).value().compiled());
    assertSame(earlier, attempts.get(4).value().operator());
    assertEquals(4, cache.misses());
    assertEquals(2, cache.hits());
    assertEquals(1, cache.failures());
    assertEquals(3, cache.size());
    assertSame(attempts.get(2).value().operator(), cache.getOrCompile(Plans.xyPlusZ()));
  }

  @Test
  void theUncachedSourceCompilesEveryPlanOfALookupUnderItsOwnName() {
    OperatorSource uncached = OperatorCache.uncached(new SourceGenerator(),
        OperatorCompiler.janino());
    List<Attempt<OperatorSource.Lookup>> attempts = uncached.lookupAll(List.of(Plans.sumXyz(),
        Plans.sumXyz()));
    CompiledOperator a = attempts.get(0).get().operator();
    CompiledOperator b = attempts.get(1).get().operator();
    assertEquals(List.of("TMP1", "TMP2"), List.of(a.className(), b.className()));
    assertNotSame(a.operator().getClass(), b.operator().getClass());
    assertTrue(attempts.get(0).get().compiled() && attempts.get(1).get().compiled());
  }

  @Test
  void janinoResolvesEngineClassesAndRejectsNamesNoEngineClassHas() throws Exception {
    ClassLoader engine = SpoofOperator.class.getClassLoader();
    JaninoOperatorCompiler.TypeLoader types = new JaninoOperatorCompiler.TypeLoader(engine);
    assertSame(SpoofOperator.class, types.loadClass(SpoofOperator.class.getName()));
    assertSame(String.class, types.loadClass("java.lang.String"));
    assertThrows(ClassNotFoundException.class, () -> types.loadClass("SpoofOperator"));
    assertThrows(ClassNotFoundException.class,
        () -> types.loadClass(SourceGenerator.PACKAGE + ".SpoofOperator"));
    assertThrows(ClassNotFoundException.class,
        () -> types.loadClass("org.planlab.engine.ops.NoSuchClass"));
    assertNotNull(Class.forName(SpoofOperator.class.getName(), false, types));
  }
}
