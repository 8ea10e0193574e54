package org.planlab.optimizers.fusion.enumeration;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.planlab.engine.codegen.select.SelectionStats;
import org.planlab.engine.codegen.select.SelectionStats.Counter;

/**
 * MPSkipEnum against the exhaustive oracle on random synthetic partitions of up to 14 points
 * ({@link SyntheticPartition}): pruning is lossless, every technique can be switched off
 * without changing the chosen cost, and the counters stay within the search space.
 */
class MPSkipEnumPropertyTest {
  private static final PlanSignature SYNTHETIC = new PlanSignature(42);

  private static MPSkipEnum.Result mpskip(MPSkipEnum.Options options, SyntheticPartition p,
      SelectionStats stats) {
    return new MPSkipEnum(options).enumerate(p, p.n, p::graph, null, stats);
  }

  private static double exhaustive(SyntheticPartition p) {
    return ExhaustiveEnum.enumerate(p, p.n, 14, new SelectionStats()).cost();
  }

  @Property(tries = 400)
  void mpskipFindsTheExhaustiveOptimum(@ForAll @IntRange(min = 0, max = 14) int n,
      @ForAll long seed) {
    SyntheticPartition p = new SyntheticPartition(n, seed);
    SelectionStats stats = new SelectionStats();
    MPSkipEnum.Result r = mpskip(MPSkipEnum.Options.DEFAULTS, p, stats);
    assertEquals(exhaustive(p), r.cost());
    assertEquals(r.cost(), p.planCost(r.assignment(), Double.POSITIVE_INFINITY),
        "the reported cost is the assignment's");
    boolean[] every = new boolean[n];
    Arrays.fill(every, true);
    assertEquals(p.planCost(new boolean[n], Double.POSITIVE_INFINITY), r.fuseAllCost());
    assertEquals(p.planCost(every, Double.POSITIVE_INFINITY), r.materializeAllCost());
    assertFalse(r.approximated());
    assertTrue(stats.plansEvaluated() <= 1L << n, "evaluated " + stats.plansEvaluated());
    assertTrue(stats.plansEvaluated() >= Math.min(2, 1L << n), "both ends are costed");
  }

  @Property(tries = 300)
  void switchingOffAPruningTechniqueKeepsTheCost(@ForAll @IntRange(min = 0, max = 14) int n,
      @ForAll long seed) {
    SyntheticPartition p = new SyntheticPartition(n, seed);
    MPSkipEnum.Options all = MPSkipEnum.Options.DEFAULTS;
    double cost = mpskip(all, p, new SelectionStats()).cost();
    assertEquals(cost, mpskip(all.withCostPruning(false), p, new SelectionStats()).cost());
    assertEquals(cost, mpskip(all.withStructuralPruning(false), p, new SelectionStats()).cost());
    SelectionStats none = new SelectionStats();
    assertEquals(cost, mpskip(MPSkipEnum.Options.none(), p, none).cost());
    assertEquals(1L << n, none.plansEvaluated(), "without pruning every plan is costed once");
    assertEquals(0, none.get(Counter.PLANS_PARTIAL));

    // the plan cache: a second enumeration of the same signature is a hit with the same cost
    MPSkipEnum cached = new MPSkipEnum(all);
    SelectionStats stats = new SelectionStats();
    MPSkipEnum.Result first = cached.enumerate(p, n, p::graph, SYNTHETIC, stats);
    long evaluated = stats.plansEvaluated();
    MPSkipEnum.Result second = cached.enumerate(p, n, () -> {
      throw new AssertionError("a hit needs no reachability graph");
    }, SYNTHETIC, stats);
    assertFalse(first.cached());
    assertTrue(second.cached());
    assertEquals(cost, second.cost());
    assertEquals(first.fuseAllCost(), second.fuseAllCost());
    assertEquals(first.materializeAllCost(), second.materializeAllCost());
    assertEquals(evaluated, stats.plansEvaluated(), "a hit costs no plan");
    assertEquals(1, stats.get(Counter.PLAN_CACHE_HITS));
    SelectionStats off = new SelectionStats();
    MPSkipEnum uncached = new MPSkipEnum(all.withPlanCache(false));
    uncached.enumerate(p, n, p::graph, SYNTHETIC, off);
    assertEquals(cost, uncached.enumerate(p, n, p::graph, SYNTHETIC, off).cost());
    assertEquals(0, off.get(Counter.PLAN_CACHE_HITS));
  }

  @Property(tries = 300)
  void bestIsNoWorseThanEitherEndAndCountersStayInTheSpace(
      @ForAll @IntRange(min = 0, max = 14) int n, @ForAll long seed) {
    SyntheticPartition p = new SyntheticPartition(n, seed);
    SelectionStats stats = new SelectionStats();
    MPSkipEnum.Result r = mpskip(MPSkipEnum.Options.DEFAULTS, p, stats);
    boolean[] none = new boolean[n];
    boolean[] all = new boolean[n];
    java.util.Arrays.fill(all, true);
    assertTrue(r.cost() <= p.planCost(none, Double.POSITIVE_INFINITY));
    assertTrue(r.cost() <= p.planCost(all, Double.POSITIVE_INFINITY));
    long space = 1L << n;
    assertTrue(stats.plansEvaluated() <= space);
    assertTrue(stats.get(Counter.PLANS_PARTIAL) <= stats.plansEvaluated());
    assertTrue(stats.get(Counter.PLANS_SKIPPED_COST) + stats.get(Counter.PLANS_SKIPPED_STRUCTURE)
        <= space, stats.snapshot().toString());
  }

  @Property(tries = 100)
  void budgetReturnsTheBestSoFar(@ForAll @IntRange(min = 3, max = 14) int n,
      @ForAll long seed) {
    SyntheticPartition p = new SyntheticPartition(n, seed);
    SelectionStats stats = new SelectionStats();
    MPSkipEnum.Result r = mpskip(
        MPSkipEnum.Options.DEFAULTS.withStructuralPruning(false).withBudget(3, Long.MAX_VALUE),
        p, stats);
    boolean[] none = new boolean[n];
    assertTrue(r.cost() <= p.planCost(none, Double.POSITIVE_INFINITY));
    assertEquals(r.cost(), p.planCost(r.assignment(), Double.POSITIVE_INFINITY));
    assertTrue(stats.plansEvaluated() <= 3, stats.snapshot().toString());
    assertTrue(r.approximated());
    assertEquals(1, stats.get(Counter.APPROXIMATED));
    assertTrue(r.cost() >= exhaustive(p));
  }
}
