package org.planlab.optimizers.fusion.enumeration;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.planlab.engine.codegen.select.SelectionStats;
import org.planlab.engine.codegen.select.SelectionStats.Counter;
import org.planlab.engine.spi.PluginOptions;
import org.planlab.engine.spi.PluginSpec;

/** Cut sets, pruning effectiveness and graceful approximation of MPSkipEnum. */
class MPSkipEnumTest {

  @Test
  void chainPointCutsTheGraphIntoAboveAndBelow() {
    // root -> 0 -> 1 -> 2 -> 3
    ReachabilityGraph rg = new ReachabilityGraph(4,
        List.of(List.of(1), List.of(2), List.of(3), List.of()), List.of(0), new int[] {0, 1, 2, 3});
    ReachabilityGraph.CutSet best = rg.cutSets().get(0);
    assertEquals(List.of(1), best.cut(), "the middle point balances the sub-problems best");
    assertEquals(List.of(0), best.above());
    assertEquals(List.of(2, 3), best.below());
  }

  @Test
  void pointReachableAroundTheCutIsNoCutSet() {
    // root -> 0 -> 1 -> 2 and root -> 2: point 1 does not separate 0 from 2
    ReachabilityGraph rg = new ReachabilityGraph(3,
        List.of(List.of(1), List.of(2), List.of()), List.of(0, 2), new int[] {0, 1, 2});
    assertTrue(rg.cutSets().stream().noneMatch(cs -> cs.cut().equals(List.of(1))),
        rg.cutSets().toString());
  }

  @Test
  void pruningSkipsMostOfTheSearchSpaceAndStaysExact() {
    SelectionStats stats = new SelectionStats();
    long space = 0;
    for (long seed = 0; seed < 200; seed++) {
      SyntheticPartition p = new SyntheticPartition(14, seed, 8);
      MPSkipEnum.Result r = new MPSkipEnum(MPSkipEnum.Options.DEFAULTS)
          .enumerate(p, 14, p::graph, null, stats);
      assertEquals(ExhaustiveEnum.enumerate(p, 14, 14, new SelectionStats()).cost(), r.cost());
      space += 1L << 14;
    }
    System.out.printf("MPSkipEnum on 200 synthetic partitions of 14 points: %s of %d plans%n",
        stats.snapshot(), space);
    assertTrue(stats.plansEvaluated() < space / 2, stats.snapshot().toString());
    assertTrue(stats.get(Counter.PLANS_SKIPPED_COST) > 0);
    assertTrue(stats.get(Counter.CUT_SETS_USED) > 0);
    assertTrue(stats.get(Counter.PLANS_SKIPPED_STRUCTURE) > 0);
    assertTrue(stats.get(Counter.PLANS_PARTIAL) > 0);
  }

  @Test
  void largePartitionStopsNearTheLowerBound() {
    SyntheticPartition p = new SyntheticPartition(16, 7);
    // accept anything: the opening plans are within (1 + eps) of the static lower bound
    MPSkipEnum.Options o = MPSkipEnum.Options.DEFAULTS.withApproximation(15, 1e9);
    SelectionStats stats = new SelectionStats();
    MPSkipEnum.Result r = new MPSkipEnum(o).enumerate(p, 16, p::graph, null, stats);
    assertTrue(r.approximated());
    assertEquals(2, stats.plansEvaluated(), "only the opening heuristic's plans");
    assertEquals(1, stats.get(Counter.APPROXIMATED));
    // below the threshold the same options enumerate exactly
    SyntheticPartition small = new SyntheticPartition(14, 7);
    MPSkipEnum.Result exact = new MPSkipEnum(o).enumerate(small, 14, small::graph, null,
        new SelectionStats());
    assertEquals(ExhaustiveEnum.enumerate(small, 14, 14, new SelectionStats()).cost(),
        exact.cost());
  }

  @Test
  void withoutApproximationLargePartitionsAreEnumeratedExactly() {
    MPSkipEnum.Options exact = MPSkipEnumSelector.enumerationOptions(PluginOptions.of(
        PluginSpec.parse("mpskip:approximate=false"), new MPSkipEnumSelector.Provider().options()));
    assertEquals(MPSkipEnum.Options.DEFAULTS.withApproximation(Integer.MAX_VALUE, 0)
        .withBudget(Long.MAX_VALUE, Long.MAX_VALUE), exact);
    for (long seed = 0; seed < 3; seed++) {
      SyntheticPartition p = new SyntheticPartition(17, seed);
      SelectionStats stats = new SelectionStats();
      MPSkipEnum.Result r = new MPSkipEnum(exact)
          .enumerate(p, 17, p::graph, null, stats);
      assertTrue(!r.approximated(), "17 points, exact");
      assertEquals(0, stats.get(Counter.APPROXIMATED));
      assertEquals(ExhaustiveEnum.enumerate(p, 17, 17, new SelectionStats()).cost(), r.cost());
    }
  }
}
