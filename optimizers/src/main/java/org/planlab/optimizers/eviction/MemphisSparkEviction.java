package org.planlab.optimizers.eviction;

import java.util.List;
import org.planlab.engine.spi.BasicStrategyProvider;
import org.planlab.engine.spi.EvictionPolicy;
import org.planlab.engine.spi.StrategyKind;

/**
 * MEMPHIS's eviction of cached Spark RDDs (sec. 4.1, eq. 1): Cost&amp;Size extended for Spark's
 * lazy evaluation, ranking an RDD by {@code (hits + misses + jobs) * c(o) / s(o)} — its
 * references (probes that found it, probes that found it not yet cached, jobs that read it),
 * its analytical compute cost {@code c(o)} ({@link CacheEntry#computeNanos()}) and its
 * estimated worst-case size {@code s(o)} ({@link CacheEntry#sizeBytes()}). The RDD with the
 * lowest score is unpersisted first. A fresh RDD, never referenced, scores 0: it goes before
 * any referenced one, and among those the cheaper per byte first by the cache's tie-breakers.
 *
 * <p>The engine's cache uses this policy for the handles of distributed backends unless
 * {@code ReuseConfig.handleEviction} names another.
 */
public final class MemphisSparkEviction implements EvictionPolicy {
  /** The spec name. */
  public static final String NAME = "memphis-spark";

  @Override
  public double score(CacheEntry entry, CacheState state) {
    double references = entry.hits() + entry.misses() + entry.jobs();
    return references * entry.computeNanos() / Math.max(1, entry.sizeBytes());
  }

  /** Creates {@code memphis-spark}. */
  public static final class Provider extends BasicStrategyProvider<EvictionPolicy> {
    public Provider() {
      super(StrategyKind.EVICTION, NAME, "lowest (hits + misses + jobs) x compute cost / size "
          + "first (MEMPHIS eq. 1, for cached Spark RDDs)", List.of(),
          o -> new MemphisSparkEviction());
    }
  }
}
