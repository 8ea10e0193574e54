package org.planlab.optimizers.eviction;

import java.util.List;
import org.planlab.engine.spi.BasicStrategyProvider;
import org.planlab.engine.spi.EvictionPolicy;
import org.planlab.engine.spi.StrategyKind;

/**
 * Cost and size (LIMA's Cost&Size, as MEMPHIS eq. 1 scores it): keep what is expensive to
 * compute per byte of memory and often asked for. The score is {@code (1 + hits + misses) *
 * computeNanos / sizeBytes}, the references counting the computation itself once; the entry with
 * the lowest score, cheap to recompute for its size and seldom used, is evicted first.
 */
public final class CostAndSizeEviction implements EvictionPolicy {
  /** The spec name. */
  public static final String NAME = "costnsize";

  @Override
  public double score(CacheEntry entry, CacheState state) {
    double references = 1.0 + entry.hits() + entry.misses();
    return references * entry.computeNanos() / Math.max(1, entry.sizeBytes());
  }

  /** Creates {@code costnsize}. */
  public static final class Provider extends BasicStrategyProvider<EvictionPolicy> {
    public Provider() {
      super(StrategyKind.EVICTION, NAME, "lowest (1 + hits + misses) x compute time / size "
          + "first (LIMA Cost&Size, MEMPHIS eq. 1)", List.of(), o -> new CostAndSizeEviction());
    }
  }
}
