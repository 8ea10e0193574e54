package org.planlab.engine.data;

/**
 * A backend's matrix whose memory the backend reclaims as soon as no variable references it
 * (MEMPHIS sec. 4.2, "Live Variable Management"): a device matrix moves from the live list to
 * the free list when its last reference goes, where it can be recycled or, if the lineage
 * cache holds it, reused. The runtime counts the references of the program's variables and of
 * the frame slots of running blocks; references it cannot count (a value kept by a container)
 * {@link #pin} the handle instead.
 *
 * <p>The count only ever errs towards more references: a handle whose count never reaches zero
 * stays live until its backend evicts it to the host or closes, which is slower but never
 * wrong. Implementations are thread-safe.
 */
public interface CountedHandle extends MatrixData {

  /** One more reference (a variable or a frame slot now holds this handle). */
  void retain();

  /** One reference less; at none, the backend may reclaim or cache the memory. */
  void drop();

  /** Referenced from somewhere the runtime does not count: never reclaimed while in use. */
  void pin();

  /**
   * For the lineage cache's hit (MEMPHIS sec. 4.2, "Reuse"): retains the handle if its value
   * is still available — moving it back from the free list to the live list — and returns
   * true; false when the backend recycled its memory meanwhile (the entry is then stale).
   */
  boolean tryRetain();

  /**
   * The lineage cache now holds this handle as the value of an item of lineage height
   * {@code height} that took {@code computeNanos} to compute: what eviction policies score
   * it by (MEMPHIS eq. 2).
   */
  void cached(int height, long computeNanos);

  /**
   * The lineage cache no longer holds this handle (evicted from the cache, or the cache was
   * cleared): once unreferenced, its memory holds nothing anyone can reuse.
   */
  void uncached();

  /**
   * The lineage cache evicted this handle to stay within its budget. By default as
   * {@link #uncached}; a backend that can recompute a value from its lineage (Spark, MEMPHIS
   * sec. 4.1) drops the value's memory at once, even while variables still hold the handle.
   */
  default void evicted() {
    uncached();
  }

  /** Retains {@code d} if it is a counted handle, and the counted handles a list holds. */
  static void retainAny(Data d) {
    if (d instanceof CountedHandle h) {
      h.retain();
    } else if (d instanceof ListValue l) {
      l.values().forEach(CountedHandle::retainAny);
    }
  }

  /** Drops {@code d} if it is a counted handle, and the counted handles a list holds. */
  static void dropAny(Data d) {
    if (d instanceof CountedHandle h) {
      h.drop();
    } else if (d instanceof ListValue l) {
      l.values().forEach(CountedHandle::dropAny);
    }
  }
}
