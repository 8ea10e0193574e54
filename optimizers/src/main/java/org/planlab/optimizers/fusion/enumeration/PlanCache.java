package org.planlab.optimizers.fusion.enumeration;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The plan cache of cost-based selection (fusion paper, sec. 4.3, "Graceful Approximation"):
 * chosen plans by signature, so repeated optimizations — recompilation in mini-batch loops —
 * skip enumeration. {@link MPSkipEnum} keeps the best assignments of partitions
 * ({@link Key}: partition signature and static lower bound); {@link MPSkipEnumSelector} keeps
 * whole selections by memo-table signature in front of it. Owned by one enumerator or
 * selector (never static); least recently used entries are evicted beyond the capacity.
 * Thread-safe.
 *
 * @param <K> the key
 * @param <V> the cached plan
 */
public final class PlanCache<K, V> {

  /** A partition's signature and the bits of its static lower bound. */
  public record Key(PlanSignature signature, long lowerBoundBits) { }

  private final Map<K, V> entries;
  private long hits;

  /** An empty cache holding at most {@code capacity} plans. */
  public PlanCache(int capacity) {
    if (capacity < 1) {
      throw new IllegalArgumentException("plan cache capacity must be positive, was " + capacity);
    }
    this.entries = new LinkedHashMap<>(16, 0.75f, true) {
      @Override
      protected boolean removeEldestEntry(Map.Entry<K, V> eldest) {
        return size() > capacity;
      }
    };
  }

  /** The cached plan of {@code key}, or null (counts a hit). */
  public synchronized V get(K key) {
    V e = entries.get(key);
    if (e != null) {
      hits++;
    }
    return e;
  }

  public synchronized void put(K key, V e) {
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
