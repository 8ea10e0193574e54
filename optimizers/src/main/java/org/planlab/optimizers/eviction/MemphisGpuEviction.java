package org.planlab.optimizers.eviction;

import java.util.List;
import org.planlab.engine.spi.BasicStrategyProvider;
import org.planlab.engine.spi.EvictionPolicy;
import org.planlab.engine.spi.StrategyKind;

/**
 * MEMPHIS's eviction of cached GPU pointers (sec. 4.2, eq. 2): the free pointer with the
 * lowest {@code T_a(o) + 1/h(o) + c(o)} is recycled or freed first. {@code T_a} is the last
 * access normalized by the cache's clock (recently reused pointers stay, e.g. within a
 * mini-batch); {@code 1/h} the inverse height of the lineage trace (short traces, such as
 * input pipelines sliced straight from the data, stay); {@code c} the compute cost (cheap
 * element-wise results go before matrix products). The paper leaves the scale of {@code c}
 * open; here it is {@code computeNanos / (computeNanos + 1 ms)}, in [0, 1) like the other two
 * terms, so a microsecond kernel adds almost nothing and one of many milliseconds almost 1.
 */
public final class MemphisGpuEviction implements EvictionPolicy {
  /** The spec name. */
  public static final String NAME = "memphis-gpu";

  /** The compute time that counts as half of the cost term's range. */
  static final double COST_SCALE_NANOS = 1e6;

  @Override
  public double score(CacheEntry entry, CacheState state) {
    double recency = state.now() <= 0 ? 0 : (double) entry.lastAccess() / state.now();
    double height = 1.0 / Math.max(1, entry.height());
    double c = entry.computeNanos();
    return recency + height + c / (c + COST_SCALE_NANOS);
  }

  /** Creates {@code memphis-gpu}. */
  public static final class Provider extends BasicStrategyProvider<EvictionPolicy> {
    public Provider() {
      super(StrategyKind.EVICTION, NAME, "lowest last access + 1/lineage height + compute cost "
          + "first (MEMPHIS eq. 2, for cached GPU pointers)", List.of(),
          o -> new MemphisGpuEviction());
    }
  }
}
