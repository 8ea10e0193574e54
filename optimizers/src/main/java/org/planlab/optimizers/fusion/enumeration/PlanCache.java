package org.planlab.optimizers.fusion.enumeration;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The plan cache of cost-based selection (fusion paper, sec. 4.3, "Graceful Approximation"):
 * best assignments by an inexpensive partition signature that includes the initial upper
 * bound, so repeated optimizations — recompilation in mini-batch loops — skip enumeration.
 * Owned by one enumerator (never static); least recently used entries are evicted beyond the
 * capacity. Thread-safe.
 */
public final class PlanCache {

  /** A cached best plan: the assignment in partition point order and its cost. */
  public record Entry(boolean[] assignment, double cost) {
    public Entry {
      assignment = assignment.clone();
    }

    @Override
    public boolean[] assignment() {
      return assignment.clone();
    }
  }

  private final Map<String, Entry> entries;
  private long hits;

  /** An empty cache holding at most {@code capacity} plans. */
  public PlanCache(int capacity) {
    if (capacity < 1) {
      throw new IllegalArgumentException("plan cache capacity must be positive, was " + capacity);
    }
    this.entries = new LinkedHashMap<>(16, 0.75f, true) {
      @Override
      protected boolean removeEldestEntry(Map.Entry<String, Entry> eldest) {
        return size() > capacity;
      }
    };
  }

  /** The cached plan of {@code signature}, or null (counts a hit). */
  public synchronized Entry get(String signature) {
    Entry e = entries.get(signature);
    if (e != null) {
      hits++;
    }
    return e;
  }

  public synchronized void put(String signature, Entry e) {
    entries.put(signature, e);
  }

  public synchronized int size() {
    return entries.size();
  }

  /** Lookups answered so far. */
  public synchronized long hits() {
    return hits;
  }
}
