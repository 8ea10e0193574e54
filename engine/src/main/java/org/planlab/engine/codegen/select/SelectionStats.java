package org.planlab.engine.codegen.select;

import java.util.EnumMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import org.planlab.engine.stats.Statistics;

/**
 * Counters of candidate selection, summed over all DAGs of a run (thread-safe). The plan
 * counts follow the fusion paper's Fig. 15: the plans a selector would evaluate without
 * partitioning (2^|M'| over all interesting points of a DAG), with partitioning (the sum of
 * 2^|M'_i| over its partitions), and those it did evaluate with partitioning and pruning.
 */
public final class SelectionStats {

  /** The counters. */
  public enum Counter {
    /** DAGs a selector optimized. */
    DAGS,
    /** Plan partitions (connected components of fusion references). */
    PARTITIONS,
    /** Interesting points over all partitions. */
    INTERESTING_POINTS,
    /** Plans in the search space without partitioning: sum over DAGs of 2^|M'|. */
    PLANS_ALL,
    /** Plans in the search space with partitioning: sum over partitions of 2^|M'_i|. */
    PLANS_PARTITIONED,
    /** Plans costed (with partitioning and pruning, as the selector ran). */
    PLANS_EVALUATED,
    /** Plans whose costing stopped early because its partial cost exceeded the best. */
    PLANS_PARTIAL,
    /**
     * Plans not costed because they select the same memo entries as a plan of the partition
     * costed before (another assignment with the same operators), whose cost they reuse.
     */
    PLANS_SAME_SELECTION,
    /** Plans skipped by cost-based pruning (skip-ahead). */
    PLANS_SKIPPED_COST,
    /** Plans skipped by structural pruning (cut sets). */
    PLANS_SKIPPED_STRUCTURE,
    /** Cut sets whose sub-problems were enumerated independently. */
    CUT_SETS_USED,
    /** Partitions answered from the plan cache. */
    PLAN_CACHE_HITS,
    /** Partitions stopped by graceful approximation or the optimization budget. */
    APPROXIMATED,
    /** Partitions with at least 8 interesting points. */
    LARGE_PARTITIONS,
    /** Plans in the search spaces of the partitions with at least 8 interesting points. */
    PLANS_PARTITIONED_LARGE,
    /** Plans costed in the partitions with at least 8 interesting points. */
    PLANS_EVALUATED_LARGE,
    /** Nanoseconds spent in selection. */
    SELECT_NANOS
  }

  private final Map<Counter, AtomicLong> counters = new EnumMap<>(Counter.class);

  public SelectionStats() {
    for (Counter c : Counter.values()) {
      counters.put(c, new AtomicLong());
    }
  }

  /** Adds {@code n} to {@code c} (saturating at Long.MAX_VALUE, as 2^|M'| may overflow). */
  public void add(Counter c, long n) {
    counters.get(c).accumulateAndGet(n, Statistics::saturatingAdd);
  }

  public long get(Counter c) {
    return counters.get(c).get();
  }

  /** Adds every counter of {@code other} to this one's. */
  public void addAll(SelectionStats other) {
    other.counters.forEach((c, v) -> add(c, v.get()));
  }

  /** Adds {@code n} costed plans. */
  public void addPlansEvaluated(long n) {
    add(Counter.PLANS_EVALUATED, n);
  }

  public long plansEvaluated() {
    return get(Counter.PLANS_EVALUATED);
  }

  /** A plan count for reports: a saturated count (2^|M'| beyond a long) prints as ">9.2e18". */
  public static String formatCount(long n) {
    return n == Long.MAX_VALUE ? ">9.2e18" : Long.toString(n);
  }

  /** An immutable copy of all counters. */
  public Map<Counter, Long> snapshot() {
    Map<Counter, Long> out = new EnumMap<>(Counter.class);
    counters.forEach((c, v) -> out.put(c, v.get()));
    return out;
  }
}
