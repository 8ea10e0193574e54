package org.planlab.engine.spi;

/**
 * Which cached intermediate the reuse cache evicts first when it must make space (MEMPHIS
 * sec. 3.1 MAKE_SPACE and sec. 4; LIMA's eviction policies). The cache scores every evictable
 * entry and evicts them in ascending order of score until the new value fits; the policy sees
 * only what its arguments give it.
 */
public interface EvictionPolicy {
  /** The score of {@code entry} now: the lowest is evicted first. */
  double score(CacheEntry entry, CacheState state);

  /** What a policy may know of one cached intermediate. */
  interface CacheEntry {
    /** In-memory size of the value in bytes. */
    long sizeBytes();

    /** Time the computation of the value took, in nanoseconds. */
    long computeNanos();

    /** Probes that found the value. */
    long hits();

    /** Probes that found the entry without a value (delayed caching, spilled then dropped). */
    long misses();

    /** The cache's logical time of the last put or hit of this entry. */
    long lastAccess();

    /** The height of the value's lineage trace (0 for a leaf). */
    int height();

    /**
     * Jobs that read the value since it was cached (MEMPHIS sec. 4.1, r_j of eq. 1): for a
     * handle a backend holds, the executed consumers of the cached value; 0 for local values.
     */
    default long jobs() {
      return 0;
    }
  }

  /** What a policy may know of the whole cache. */
  interface CacheState {
    /** The cache's logical time: it advances by one with every probe and put. */
    long now();

    /** The memory budget in bytes. */
    long budgetBytes();

    /** Bytes of the values in memory. */
    long usedBytes();
  }
}
