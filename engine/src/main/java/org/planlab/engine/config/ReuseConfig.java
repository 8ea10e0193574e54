package org.planlab.engine.config;

import java.util.Objects;
import org.planlab.engine.lineage.ReuseMode;

/**
 * How an engine traces lineage and reuses intermediates (MEMPHIS sec. 3-5).
 *
 * @param mode none, trace, full or multilevel
 * @param eviction spec of the {@link org.planlab.engine.spi.EvictionPolicy} ({@code lru},
 *     {@code costnsize}, {@code dagheight}, ...); created only when the mode reuses
 * @param cacheBudget the cache's memory in bytes; 0 derives it as {@link #DEFAULT_FRACTION} of
 *     the JVM's maximum heap
 * @param delay the delay factor n of delayed caching (MEMPHIS sec. 5.2): a value is stored the
 *     n-th time it is computed; 1 stores at once
 * @param spill whether evicted values that cost more to recompute than to read back go to disk
 * @param minComputeNanos outputs computed faster than this are not stored (a cost-based
 *     admission: storing and probing one costs about a microsecond)
 * @param handleEviction spec of the policy that evicts cached handles of distributed
 *     backends (Spark RDDs) from their backend's budget (MEMPHIS sec. 4.1, eq. 1:
 *     {@value #DEFAULT_HANDLE_EVICTION}); created only when the mode reuses and such a backend
 *     is configured
 */
public record ReuseConfig(ReuseMode mode, String eviction, long cacheBudget, int delay,
    boolean spill, long minComputeNanos, String handleEviction) {
  /** The policy of cached Spark handles: MEMPHIS eq. 1. */
  public static final String DEFAULT_HANDLE_EVICTION = "memphis-spark";

  /** The default admission threshold, 10 microseconds. */
  public static final long DEFAULT_MIN_COMPUTE_NANOS = 10_000;

  /** The share of the heap the cache takes unless a budget is given. */
  public static final double DEFAULT_FRACTION = 0.05;

  /** No tracing, no reuse; LIMA's default policy and budget for when it is switched on. */
  public static final ReuseConfig NONE = new ReuseConfig(ReuseMode.NONE, "costnsize", 0, 1, true);

  /** A configuration with the default admission threshold. */
  public ReuseConfig(ReuseMode mode, String eviction, long cacheBudget, int delay,
      boolean spill) {
    this(mode, eviction, cacheBudget, delay, spill, DEFAULT_MIN_COMPUTE_NANOS);
  }

  /** A configuration whose handles are evicted by {@value #DEFAULT_HANDLE_EVICTION}. */
  public ReuseConfig(ReuseMode mode, String eviction, long cacheBudget, int delay,
      boolean spill, long minComputeNanos) {
    this(mode, eviction, cacheBudget, delay, spill, minComputeNanos, DEFAULT_HANDLE_EVICTION);
  }

  public ReuseConfig {
    Objects.requireNonNull(mode, "mode is null");
    Objects.requireNonNull(eviction, "eviction is null");
    Objects.requireNonNull(handleEviction, "handleEviction is null");
    if (cacheBudget < 0) {
      throw new IllegalArgumentException("the cache budget must be >= 0 bytes (0: "
          + Math.round(DEFAULT_FRACTION * 100) + "% of the heap), was " + cacheBudget);
    }
    if (delay < 1) {
      throw new IllegalArgumentException("the delay factor must be >= 1, was " + delay);
    }
    if (minComputeNanos < 0) {
      throw new IllegalArgumentException("the admission threshold must be >= 0 ns, was "
          + minComputeNanos);
    }
  }

  /** This configuration in mode {@code m}. */
  public ReuseConfig withMode(ReuseMode m) {
    return new ReuseConfig(m, eviction, cacheBudget, delay, spill, minComputeNanos,
        handleEviction);
  }

  /** This configuration with handles of distributed backends evicted by {@code spec}. */
  public ReuseConfig withHandleEviction(String spec) {
    return new ReuseConfig(mode, eviction, cacheBudget, delay, spill, minComputeNanos, spec);
  }

  /** The cache's budget in bytes for a JVM of {@code maxHeap} bytes. */
  public long budget(long maxHeap) {
    return cacheBudget > 0 ? cacheBudget : (long) (DEFAULT_FRACTION * maxHeap);
  }
}
