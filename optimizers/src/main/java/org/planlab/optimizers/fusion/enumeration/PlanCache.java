package org.planlab.optimizers.fusion.enumeration;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The plan cache of cost-based selection (fusion paper, sec. 4.3, "Graceful Approximation"):
 * the enumeration results by partition signature ({@link PlanSignature} and the static lower
 * bound), so repeated optimizations — recompilation in mini-batch loops — skip enumeration.
 * Owned by one enumerator (never static); least recently used entries are evicted beyond the
 * capacity. Thread-safe.
 */
public final class PlanCache {

  /** A partition's signature and the bits of its static lower bound. */
  public record Key(PlanSignature signature, long lowerBoundBits) { }

  private final Map<Key, MPSkipEnum.Result> entries;
  private long hits;

  /** An empty cache holding at most {@code capacity} plans. */
  public PlanCache(int capacity) {
    if (capacity < 1) {
      throw new IllegalArgumentException("plan cache capacity must be positive, was " + capacity);
    }
    this.entries = new LinkedHashMap<>(16, 0.75f, true) {
      @Override
      protected boolean removeEldestEntry(Map.Entry<Key, MPSkipEnum.Result> eldest) {
        return size() > capacity;
      }
    };
  }

  /** The cached plan of {@code signature}, or null (counts a hit). */
  public synchronized MPSkipEnum.Result get(Key key) {
    MPSkipEnum.Result e = entries.get(key);
    if (e != null) {
      hits++;
    }
    return e;
  }

  public synchronized void put(Key key, MPSkipEnum.Result e) {
    entries.put(key, e);
  }

  public synchronized int size() {
    return entries.size();
  }

  /** Lookups answered so far. */
  public synchronized long hits() {
    return hits;
  }
}
