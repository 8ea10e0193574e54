package org.planlab.engine.spi;

import java.util.List;

/**
 * Least recently used first (LIMA's LRU): the score is the logical time of the last put or
 * hit. The baseline policy, built into the engine as {@code depth-first} is for ordering.
 */
public final class LruEviction implements EvictionPolicy {
  /** The spec name. */
  public static final String NAME = "lru";

  @Override
  public double score(CacheEntry entry, CacheState state) {
    return entry.lastAccess();
  }

  /** Creates {@code lru}. */
  public static final class Provider extends BasicStrategyProvider<EvictionPolicy> {
    public Provider() {
      super(StrategyKind.EVICTION, NAME, "least recently used first (LIMA)", List.of(),
          o -> new LruEviction());
    }
  }
}
