package org.planlab.engine.codegen.gen;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.planlab.engine.codegen.cplan.CNode;
import org.planlab.engine.codegen.cplan.CPlan;
import org.planlab.engine.codegen.runtime.CellType;
import org.planlab.engine.ops.AggregateOp;

class OperatorCacheTest {

  @Test
  void equalPlansBuiltSeparatelyCompileOnce() {
    OperatorCache cache = new OperatorCache();
    CompiledOperator first = cache.getOrCompile(Plans.sumXyz());
    CompiledOperator second = cache.getOrCompile(Plans.sumXyz());
    assertSame(first, second);
    assertEquals(1, cache.misses());
    assertEquals(1, cache.hits());
    assertEquals(1, cache.size());
    assertEquals("TMP1", first.className());
    assertTrue(first.source().contains("class TMP1 extends SpoofCellwise"));
    assertTrue(first.compileNanos() > 0);
    assertEquals(first.compileNanos(), cache.compileNanos());
  }

  @Test
  void differentPlansGetDifferentClasses() {
    OperatorCache cache = new OperatorCache();
    CompiledOperator sum = cache.getOrCompile(Plans.sumXyz());
    // same DAG, different variant: a different operator
    CPlan.Cell p = Plans.sumXyz();
    CompiledOperator rowSums = cache.getOrCompile(new CPlan.Cell(p.out(), CellType.ROW_AGG,
        AggregateOp.SUM, true, p.sides(), p.scalars()));
    CompiledOperator outer = cache.getOrCompile(Plans.rightXuv());
    assertNotEquals(sum.className(), rowSums.className());
    assertNotEquals(rowSums.className(), outer.className());
    assertNotSame(sum.operator().getClass(), rowSums.operator().getClass());
    assertEquals(3, cache.misses());
    assertEquals(0, cache.hits());
  }

  @Test
  void classNamesComeFromEachCachesOwnCounter() {
    assertEquals("TMP1", new OperatorCache().getOrCompile(Plans.sumXyz()).className());
    assertEquals("TMP1", new OperatorCache().getOrCompile(Plans.xyPlusZ()).className());
  }

  @Test
  void failedCompilesAreNotCachedAndThrowEachTime() {
    // a side input the plan does not have: the generator rejects it
    CPlan bad = new CPlan.Cell(Plans.mult(Plans.X, Plans.side(1)), CellType.NO_AGG,
        AggregateOp.SUM, true, 1, 0);
    OperatorCache cache = new OperatorCache();
    assertThrows(CodegenException.class, () -> cache.getOrCompile(bad));
    assertThrows(CodegenException.class, () -> cache.getOrCompile(bad));
    assertEquals(2, cache.misses());
    assertEquals(2, cache.failures());
    assertEquals(0, cache.size());
  }

  @Test
  void concurrentLookupsCompileEachPlanOnce() throws Exception {
    OperatorCache cache = new OperatorCache();
    List<CPlan> plans = Plans.representative();
    CountDownLatch start = new CountDownLatch(1);
    ExecutorService threads = Executors.newFixedThreadPool(2);
    try {
      List<Future<List<CompiledOperator>>> results = new ArrayList<>();
      for (int t = 0; t < 2; t++) {
        results.add(threads.submit(() -> {
          start.await();
          List<CompiledOperator> ops = new ArrayList<>();
          for (int round = 0; round < 3; round++) {
            // each thread and round builds its own, equal plan records
            for (CPlan plan : Plans.representative()) {
              ops.add(cache.getOrCompile(plan));
            }
          }
          return ops;
        }));
      }
      start.countDown();
      List<CompiledOperator> a = results.get(0).get(30, TimeUnit.SECONDS);
      List<CompiledOperator> b = results.get(1).get(30, TimeUnit.SECONDS);
      for (int i = 0; i < a.size(); i++) {
        assertSame(a.get(i), b.get(i));
      }
    } finally {
      threads.shutdownNow();
    }
    assertEquals(plans.size(), cache.misses());
    assertEquals(2L * 3 * plans.size() - plans.size(), cache.hits());
    assertEquals(plans.size(), cache.size());
  }

  @Test
  void theUncachedSourceCompilesEveryLookupUnderANewName() {
    OperatorSource uncached = OperatorCache.uncached(new SourceGenerator(),
        OperatorCompiler.janino());
    OperatorSource.Lookup first = uncached.lookup(Plans.sumXyz());
    OperatorSource.Lookup second = uncached.lookup(Plans.sumXyz());
    assertTrue(first.compiled() && second.compiled());
    assertEquals("TMP1", first.operator().className());
    assertEquals("TMP2", second.operator().className());
    assertNotSame(first.operator().operator().getClass(),
        second.operator().operator().getClass());
    assertTrue(second.operator().compileNanos() > 0);
  }

  @Test
  void aCacheCompilesWithItsCompiler() {
    OperatorCache javac = new OperatorCache(new SourceGenerator(), OperatorCompiler.javac());
    assertEquals("javac", javac.compiler().name());
    assertEquals("janino", new OperatorCache().compiler().name());
    CompiledOperator op = javac.getOrCompile(Plans.xyPlusZ());
    assertSame(op, javac.getOrCompile(Plans.xyPlusZ()));
    assertEquals(1, javac.misses());
    assertEquals(1, javac.hits());
  }

  @Test
  void warmingUpNeitherCachesNorCountsAnything() {
    OperatorCache cache = new OperatorCache();
    assertTrue(cache.warmUp());
    assertEquals(0, cache.size());
    assertEquals(0, cache.misses());
    assertEquals(0, cache.hits());
    assertEquals(0, cache.compileNanos());
    assertEquals("TMP1", cache.getOrCompile(Plans.sumXyz()).className());
  }

  @Test
  void planRecordsAreTheirOwnStructuralKey() {
    CNode a = Plans.mult(Plans.X, Plans.side(0));
    CNode b = Plans.mult(Plans.X, Plans.side(0));
    assertNotSame(a, b);
    assertEquals(new CPlan.Cell(a, CellType.NO_AGG, AggregateOp.SUM, true, 1, 0),
        new CPlan.Cell(b, CellType.NO_AGG, AggregateOp.SUM, true, 1, 0));
  }
}
