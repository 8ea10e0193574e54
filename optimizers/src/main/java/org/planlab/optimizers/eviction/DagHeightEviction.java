package org.planlab.optimizers.eviction;

import java.util.List;
import org.planlab.engine.spi.BasicStrategyProvider;
import org.planlab.engine.spi.EvictionPolicy;
import org.planlab.engine.spi.StrategyKind;

/**
 * DAG height (LIMA's DAG-Height): values with deep lineage traces are evicted first. An
 * intermediate close to the inputs (a projection, t(X) %*% X) recurs across the iterations and
 * calls of a pipeline, one deep in an iteration's chain seldom does. The score is minus the
 * height; among equal heights the cache evicts the least recently used first.
 */
public final class DagHeightEviction implements EvictionPolicy {
  /** The spec name. */
  public static final String NAME = "dagheight";

  @Override
  public double score(CacheEntry entry, CacheState state) {
    return -entry.height();
  }

  /** Creates {@code dagheight}. */
  public static final class Provider extends BasicStrategyProvider<EvictionPolicy> {
    public Provider() {
      super(StrategyKind.EVICTION, NAME, "deepest lineage trace first (LIMA DAG-Height)",
          List.of(), o -> new DagHeightEviction());
    }
  }
}
