package org.planlab.engine.lineage;

import java.util.Comparator;
import java.util.Objects;
import java.util.TreeSet;
import java.util.function.LongSupplier;
import org.planlab.engine.spi.EvictionPolicy;

/**
 * The part of the lineage cache that holds one backend's handles (MEMPHIS sec. 3.3,
 * "Backend-local Cached Objects", and sec. 4.1): cached RDD handles of the Spark backend stay
 * in the cluster's memory, so they are accounted against a budget of that backend's memory,
 * not the driver's, and ranked by a policy of their own (MEMPHIS eq. 1). An evicted handle is
 * freed ({@code unpersist}), never spilled: spilling would collect it into the driver.
 *
 * <p>Not thread-safe on its own: {@link ReuseCache} guards it with its lock.
 */
final class HandleRegion {
  final String location;
  final EvictionPolicy policy;
  private final LongSupplier budgetSupplier;
  /** The budget in bytes, or -1 until the first handle asks for it. */
  private long budget = -1;
  long used;
  /** The cached handles in eviction order, as {@link ReuseCache}'s queue of local values. */
  final TreeSet<ReuseCache.Entry> queue = new TreeSet<>(
      Comparator.comparingDouble((ReuseCache.Entry e) -> e.score)
          .thenComparingLong(e -> e.lastAccess).thenComparingLong(e -> e.seq));

  HandleRegion(String location, LongSupplier budget, EvictionPolicy policy) {
    this.location = Objects.requireNonNull(location, "location is null");
    this.budgetSupplier = Objects.requireNonNull(budget, "budget is null");
    this.policy = Objects.requireNonNull(policy, "policy is null");
  }

  /**
   * The budget in bytes: asked of the backend once, when the first handle is offered (the
   * backend's memory is known only once it runs).
   */
  long budget() {
    if (budget < 0) {
      budget = Math.max(0, budgetSupplier.getAsLong());
    }
    return budget;
  }

  /** The state this region's policy scores with. */
  EvictionPolicy.CacheState state(long now) {
    long b = budget();
    long u = used;
    return new EvictionPolicy.CacheState() {
      @Override
      public long now() {
        return now;
      }

      @Override
      public long budgetBytes() {
        return b;
      }

      @Override
      public long usedBytes() {
        return u;
      }
    };
  }
}
