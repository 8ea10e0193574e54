package org.planlab.engine.lineage;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeSet;
import java.util.function.LongSupplier;
import org.planlab.engine.data.CountedHandle;
import org.planlab.engine.data.Data;
import org.planlab.engine.data.MatrixData;
import org.planlab.engine.data.MatrixValue;
import org.planlab.engine.data.ScalarValue;
import org.planlab.engine.data.SpilledMatrix;
import org.planlab.engine.spi.EvictionPolicy;
import org.planlab.engine.stats.ReuseCounter;
import org.planlab.engine.stats.Statistics;

/**
 * The lineage cache of local intermediates (MEMPHIS sec. 3.3 and the local part of sec. 4;
 * LIMA sec. 4): a map from lineage items to values, with the REUSE, PUT and MAKE_SPACE steps.
 *
 * <ul>
 *   <li>REUSE ({@link #get}): an entry in memory is a hit (a {@link CountedHandle} is handed
 *       out retained, or found stale when its backend recycled its memory); a spilled one is read back (a hit
 *       from disk) and stays in memory if it fits, its file kept until {@link #clear} (another
 *       worker may be reading it; evicting the value again then writes nothing); an entry
 *       without a value yet (delayed caching) counts a miss.
 *   <li>PUT ({@link #put}): with a delay factor n > 1 (MEMPHIS sec. 5.2, delayed caching) the
 *       first put creates an entry TO_BE_CACHED without a value and the value is stored only
 *       when the same item is put the n-th time; a value larger than the whole budget is never
 *       stored.
 *   <li>MAKE_SPACE: while the new value does not fit, the entry with the lowest score of the
 *       {@link EvictionPolicy} leaves memory: written to disk when recomputing it would take
 *       longer than reading it back at the measured disk bandwidth (and spilling is on), else
 *       dropped.
 *   <li>Handles of backends given a region ({@link #addHandleRegion}; MEMPHIS sec. 4.1: RDDs
 *       of the Spark backend) are cached as handles, accounted against that backend's budget,
 *       ranked by the region's own policy, and evicted by freeing them (unpersist), never
 *       spilled.
 * </ul>
 *
 * <p>Values are immutable once computed (kernels never update an operand in place), so a
 * cached value can be handed to any number of readers. Thread-safe: parfor workers probe and
 * put concurrently; one lock guards the map (probes are short, values are never copied under
 * it except when spilling or reloading).
 */
public final class ReuseCache implements AutoCloseable {
  /** Per-value bookkeeping on top of the policy's view. */
  private static final long ENTRY_OVERHEAD = 64;

  /** The state of one entry. */
  enum Status {
    /** Seen fewer times than the delay factor: no value yet. */
    TO_BE_CACHED,
    /** The value is in memory. */
    CACHED,
    /** The value is on disk. */
    SPILLED
  }

  /** One cached intermediate. */
  static final class Entry implements EvictionPolicy.CacheEntry {
    final LineageItem key;
    Status status;
    Data value;
    SpilledMatrix spilled;
    long sizeBytes;
    long computeNanos;
    long hits;
    long misses;
    long puts;
    long lastAccess;
    /** The policy's score when the entry was last put or touched (its place in the queue). */
    double score;
    /** Creation order: the last tie-breaker of the queue. */
    final long seq;
    /** The region of a backend's handle, or null for a local value. */
    HandleRegion region;
    /** Executed consumers of a cached handle (MEMPHIS eq. 1's r_j). */
    long jobs;

    Entry(LineageItem key, long seq) {
      this.key = key;
      this.seq = seq;
    }

    @Override
    public long sizeBytes() {
      return sizeBytes;
    }

    @Override
    public long computeNanos() {
      return computeNanos;
    }

    @Override
    public long hits() {
      return hits;
    }

    @Override
    public long misses() {
      return misses;
    }

    @Override
    public long lastAccess() {
      return lastAccess;
    }

    @Override
    public int height() {
      return key.height();
    }

    @Override
    public long jobs() {
      return jobs;
    }
  }

  private final long budget;
  private final EvictionPolicy policy;
  private final int delay;
  private final boolean spill;
  private final DiskBandwidth disk;
  private final long minComputeNanos;
  private final Map<LineageItem, Entry> entries = new HashMap<>();
  /** The regions of backends whose handles are cached, by location (MEMPHIS sec. 4.1). */
  private final Map<String, HandleRegion> regions = new HashMap<>();
  /**
   * The entries in memory in eviction order: ascending score, then least recently used. An
   * entry's score is taken whenever it is put or touched, the only times its statistics
   * change, so the queue is always in the policy's order and MAKE_SPACE takes from its head.
   */
  private final TreeSet<Entry> queue = new TreeSet<>(
      Comparator.comparingDouble((Entry e) -> e.score).thenComparingLong(e -> e.lastAccess)
          .thenComparingLong(e -> e.seq));
  private long created;
  private long used;
  private long clock;
  private Path spillFolder;
  private long spilledFiles;

  /**
   * A cache of {@code budgetBytes} of memory.
   *
   * @param policy which entry leaves memory first
   * @param delay the delay factor n of delayed caching (1: store at the first put)
   * @param spill whether evicted values that are expensive to recompute go to disk
   * @param disk the disk bandwidth spilling is weighed with (measured once, when first needed)
   */
  public ReuseCache(long budgetBytes, EvictionPolicy policy, int delay, boolean spill,
      DiskBandwidth disk) {
    this(budgetBytes, policy, delay, spill, disk, 0);
  }

  /**
   * A cache that also refuses outputs computed in less than {@code minComputeNanos}: storing
   * and probing one costs about a microsecond, so reusing a value cheaper than that cannot pay
   * off (a cost-based admission).
   */
  public ReuseCache(long budgetBytes, EvictionPolicy policy, int delay, boolean spill,
      DiskBandwidth disk, long minComputeNanos) {
    if (budgetBytes < 0) {
      throw new IllegalArgumentException("the cache budget must be >= 0, was " + budgetBytes);
    }
    if (delay < 1) {
      throw new IllegalArgumentException("the delay factor must be >= 1, was " + delay);
    }
    this.budget = budgetBytes;
    this.policy = Objects.requireNonNull(policy, "policy is null");
    this.delay = delay;
    this.spill = spill;
    this.disk = Objects.requireNonNull(disk, "disk is null");
    if (minComputeNanos < 0) {
      throw new IllegalArgumentException("the admission threshold must be >= 0 ns, was "
          + minComputeNanos);
    }
    this.minComputeNanos = minComputeNanos;
  }

  /** The state the policy scores with. */
  private final EvictionPolicy.CacheState state = new EvictionPolicy.CacheState() {
    @Override
    public long now() {
      return clock;
    }

    @Override
    public long budgetBytes() {
      return budget;
    }

    @Override
    public long usedBytes() {
      return used;
    }
  };

  /** Adds an entry in memory to its queue at its current score. */
  private void enqueue(Entry e) {
    if (e.region != null) {
      e.score = e.region.policy.score(e, e.region.state(clock));
      e.region.queue.add(e);
      return;
    }
    e.score = policy.score(e, state);
    queue.add(e);
  }

  private boolean dequeue(Entry e) {
    return e.region != null ? e.region.queue.remove(e) : queue.remove(e);
  }

  /** A hit on an entry in memory: its statistics change, and so its place in the queue. */
  private void touch(Entry e) {
    boolean queued = dequeue(e);
    e.hits++;
    e.lastAccess = clock;
    if (queued) {
      enqueue(e);
    }
  }

  /**
   * Caches the handles of the backend whose matrices have location {@code location} as well
   * (MEMPHIS sec. 4.1): in {@code budget} bytes of that backend's memory (asked when the first
   * handle is offered; 0 caches none), evicted in the order of {@code policy} by freeing them
   * (Spark: {@code unpersist}), never by spilling. Handles of other backends are not cached.
   */
  public synchronized void addHandleRegion(String location, LongSupplier budget,
      EvictionPolicy policy) {
    if (MatrixData.LOCAL.equals(location)) {
      throw new IllegalArgumentException("local values are cached in the cache's own budget");
    }
    regions.put(location, new HandleRegion(location, budget, policy));
  }

  /** The region a value would be cached in: null for local values and uncached handles. */
  private HandleRegion regionOf(Data value) {
    if (value instanceof MatrixData m && !(value instanceof MatrixValue)) {
      return regions.get(m.location());
    }
    return null;
  }

  /** Bytes of the handles cached for backend {@code location} (estimated worst case). */
  public synchronized long handleBytes(String location) {
    HandleRegion r = regions.get(location);
    return r == null ? 0 : r.used;
  }

  /**
   * Counts a job reading each of {@code keys} that is a cached handle (MEMPHIS eq. 1's r_j):
   * the caller reports every executed consumer of a backend's values.
   */
  public synchronized void countJobs(List<LineageItem> keys) {
    if (regions.isEmpty()) {
      return;
    }
    for (LineageItem k : keys) {
      Entry e = entries.get(k);
      if (e != null && e.region != null && e.status == Status.CACHED) {
        boolean queued = dequeue(e);
        e.jobs++;
        if (queued) {
          enqueue(e);
        }
      }
    }
  }

  /** Jobs counted on {@code key}'s cached handle (for tests and explain); 0 if none. */
  public synchronized long jobs(LineageItem key) {
    Entry e = entries.get(key);
    return e == null ? 0 : e.jobs;
  }

  /** The memory budget in bytes. */
  public long budgetBytes() {
    return budget;
  }

  /** Bytes of the values in memory. */
  public synchronized long usedBytes() {
    return used;
  }

  /** Entries with a value in memory or on disk. */
  public synchronized int size() {
    return (int) entries.values().stream().filter(e -> e.status != Status.TO_BE_CACHED).count();
  }

  /** Whether {@code key}'s value is in memory (for tests and explain). */
  public synchronized boolean inMemory(LineageItem key) {
    Entry e = entries.get(key);
    return e != null && e.status == Status.CACHED;
  }

  /** Whether {@code key}'s value is on disk (for tests and explain). */
  public synchronized boolean onDisk(LineageItem key) {
    Entry e = entries.get(key);
    return e != null && e.status == Status.SPILLED;
  }

  /**
   * REUSE: the value of {@code key}, or null. Counts a hit (from memory or disk) or a miss, the
   * saved compute time and the time of the probe in {@code stats}.
   */
  public Data get(LineageItem key, Statistics stats) {
    return timedLookup(key, stats, false);
  }

  /**
   * REUSE of a part of an instruction's output (LIMA's partial reuse): the value of {@code
   * key}, or null. A hit counts as a partial hit (with the part's compute time saved); a miss
   * counts nothing, since the instruction's own probe already counted one.
   */
  public Data getPart(LineageItem key, Statistics stats) {
    return timedLookup(key, stats, true);
  }

  private Data timedLookup(LineageItem key, Statistics stats, boolean part) {
    long t0 = System.nanoTime();
    try {
      return lookup(key, stats, part);
    } finally {
      stats.addReuse(ReuseCounter.PROBE_NANOS, System.nanoTime() - t0);
    }
  }

  private Data lookup(LineageItem key, Statistics stats, boolean part) {
    SpilledMatrix toReload;
    Entry e;
    synchronized (this) {
      clock++;
      e = entries.get(key);
      if (e == null || e.status == Status.TO_BE_CACHED) {
        if (!part) {
          if (e != null) {
            e.misses++;
          }
          stats.addReuse(ReuseCounter.MISSES, 1);
        }
        return null;
      }
      if (e.status == Status.CACHED && !available(e)) {
        stats.addReuse(ReuseCounter.MISSES, part ? 0 : 1);
        return null;
      }
      touch(e);
      stats.addReuse(ReuseCounter.SAVED_NANOS, e.computeNanos);
      if (e.status == Status.CACHED) {
        stats.addReuse(part ? ReuseCounter.HITS_PARTIAL : ReuseCounter.HITS_MEMORY, 1);
        return e.value;
      }
      toReload = e.spilled;
    }
    // read outside the lock: other workers keep probing meanwhile, and may be reading the
    // same file
    MatrixValue value = new MatrixValue(toReload.acquireLocal());
    stats.addReuse(part ? ReuseCounter.HITS_PARTIAL : ReuseCounter.HITS_DISK, 1);
    stats.addReuse(ReuseCounter.RELOADS, 1);
    synchronized (this) {
      // back to memory if it fits without evicting anything; else it stays on disk. The file
      // stays either way: a concurrent hit may not have opened it yet, and a later eviction
      // of the (immutable) value needs no second write
      if (e.status == Status.SPILLED && e.spilled == toReload && used + e.sizeBytes <= budget) {
        e.status = Status.CACHED;
        e.value = value;
        used += e.sizeBytes;
        enqueue(e);
      }
    }
    return value;
  }

  /**
   * REUSE of a whole function call: the values of all {@code keys} if every one is in memory
   * (a hit of the call), else null (a miss; nothing is reloaded from disk for a partial hit).
   */
  public Data[] getAll(List<LineageItem> keys, Statistics stats) {
    long t0 = System.nanoTime();
    try {
      return lookupAll(keys, stats);
    } finally {
      stats.addReuse(ReuseCounter.PROBE_NANOS, System.nanoTime() - t0);
    }
  }

  private synchronized Data[] lookupAll(List<LineageItem> keys, Statistics stats) {
    clock++;
    Data[] values = new Data[keys.size()];
    long saved = 0;
    for (int i = 0; i < values.length; i++) {
      Entry e = entries.get(keys.get(i));
      if (e == null || e.status != Status.CACHED || !available(e)) {
        for (int j = 0; j < i; j++) {
          CountedHandle.dropAny(values[j]);
        }
        stats.addReuse(ReuseCounter.MISSES, 1);
        return null;
      }
      values[i] = e.value;
      saved = Math.max(saved, e.computeNanos);
    }
    for (LineageItem k : keys) {
      touch(entries.get(k));
    }
    stats.addReuse(ReuseCounter.HITS_FUNCTION, 1);
    stats.addReuse(ReuseCounter.SAVED_NANOS, saved);
    return values;
  }

  /**
   * For a hit on an entry in memory: a counted handle is retained for the caller (MEMPHIS sec.
   * 4.2: a reused device pointer moves back from the free list to the live list); one whose
   * backend recycled its memory meanwhile is stale, and its entry goes.
   */
  private boolean available(Entry e) {
    if (!(e.value instanceof CountedHandle h) || h.tryRetain()) {
      return true;
    }
    dequeue(e);
    if (e.region != null) {
      e.region.used -= e.sizeBytes;
    } else {
      used -= e.sizeBytes;
    }
    entries.remove(e.key);
    e.value = null;
    return false;
  }

  /**
   * Whether an output computed in about {@code workNanos} could be admitted: below the
   * admission threshold it is never stored, so probing for it is wasted (MEMPHIS sec. 5.2's
   * cost-based admission, applied before the probe).
   */
  public boolean admits(long workNanos) {
    return workNanos >= minComputeNanos;
  }

  /**
   * PUT: offers {@code value}, computed as {@code key} in {@code computeNanos}. Stored at once,
   * or at the delay factor's n-th put, if it fits the budget after making space.
   */
  public void put(LineageItem key, Data value, long computeNanos, Statistics stats) {
    if (computeNanos < minComputeNanos) {
      return; // not admitted: it rejects most outputs of small data at once
    }
    if (!(value instanceof MatrixValue || value instanceof ScalarValue)) {
      synchronized (this) {
        if (regionOf(value) == null) {
          return; // a handle of a backend whose values are not cached
        }
      }
    }
    long t0 = System.nanoTime();
    try {
      store(key, value, computeNanos, stats);
    } finally {
      stats.addReuse(ReuseCounter.PROBE_NANOS, System.nanoTime() - t0);
    }
  }

  private void store(LineageItem key, Data value, long computeNanos, Statistics stats) {
    long size = sizeOf(value);
    synchronized (this) {
      clock++;
      Entry e = entries.get(key);
      if (e == null) {
        e = new Entry(key, ++created);
        e.status = Status.TO_BE_CACHED;
        entries.put(key, e);
      }
      if (e.status != Status.TO_BE_CACHED) {
        return; // computed twice concurrently (parfor): the first value stays
      }
      e.puts++;
      e.computeNanos = Math.max(e.computeNanos, computeNanos);
      e.lastAccess = clock;
      HandleRegion region = regionOf(value);
      if (e.puts < delay || size > (region == null ? budget : region.budget())) {
        return;
      }
      makeSpace(region, size, stats);
      e.status = Status.CACHED;
      e.value = value;
      e.sizeBytes = size;
      e.region = region;
      if (region == null) {
        used += size;
      } else {
        region.used += size;
      }
      enqueue(e);
      if (value instanceof CountedHandle h) {
        h.cached(key.height(), e.computeNanos);
      }
      stats.addReuse(ReuseCounter.PUTS, 1);
      stats.addReuse(ReuseCounter.BYTES_PUT, size);
    }
  }

  /**
   * MAKE_SPACE: evicts from the head of the queue until {@code size} more bytes fit, in the
   * local budget or, for a handle, in its backend's region.
   */
  private void makeSpace(HandleRegion region, long size, Statistics stats) {
    if (region != null) {
      while (region.used + size > region.budget() && !region.queue.isEmpty()) {
        evict(region.queue.pollFirst(), stats);
      }
      return;
    }
    while (used + size > budget && !queue.isEmpty()) {
      evict(queue.pollFirst(), stats);
    }
  }

  private void evict(Entry e, Statistics stats) {
    stats.addReuse(ReuseCounter.EVICTIONS, 1);
    if (e.region != null) {
      // MEMPHIS sec. 4.1: a handle leaves the backend's memory (unpersist), it is not
      // collected to be spilled; a live variable holding it recomputes it from its lineage
      e.region.used -= e.sizeBytes;
      entries.remove(e.key);
      if (e.value instanceof CountedHandle h) {
        h.evicted(); // variables may still hold it: its backend decides what it can drop now
      } else {
        ((MatrixData) e.value).free();
      }
      e.value = null;
      return;
    }
    used -= e.sizeBytes;
    if (e.spilled != null) {
      // reloaded earlier, its file still holds the value
      e.status = Status.SPILLED;
      e.value = null;
      return;
    }
    if (spill && e.value instanceof MatrixValue m && worthSpilling(e)) {
      e.spilled = SpilledMatrix.spill(m.block(), nextSpillFile());
      e.status = Status.SPILLED;
      e.value = null;
      stats.addReuse(ReuseCounter.SPILLS, 1);
      return;
    }
    entries.remove(e.key);
    e.value = null;
  }

  /** Recomputing costs more than writing and reading the value back (MEMPHIS sec. 4). */
  private boolean worthSpilling(Entry e) {
    double ioNanos = 2.0 * e.sizeBytes / disk.bytesPerSecond() * 1e9;
    return e.computeNanos > ioNanos;
  }

  private Path nextSpillFile() {
    try {
      if (spillFolder == null) {
        spillFolder = Files.createTempDirectory("planlab-reuse-");
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot create a folder for spilled intermediates: "
          + e.getMessage(), e);
    }
    return spillFolder.resolve("entry-" + (++spilledFiles) + ".bin");
  }

  /**
   * Bytes a value takes in memory: the block's estimate (for a backend's handle the estimated
   * worst-case size of its blocks, MEMPHIS sec. 4.1's s(o)), plus the entry's bookkeeping.
   */
  static long sizeOf(Data value) {
    if (value instanceof MatrixData m) {
      return m.localBytes() + ENTRY_OVERHEAD;
    }
    if (value instanceof ScalarValue s) {
      return ENTRY_OVERHEAD + (s instanceof ScalarValue.StringValue v ? 2L * v.value().length()
          : 16);
    }
    throw new IllegalArgumentException("only matrices and scalars are cached, not " + value);
  }

  /** Drops every entry and deletes the spilled files. */
  public void clear() {
    List<SpilledMatrix> toFree = new ArrayList<>();
    synchronized (this) {
      for (Entry e : entries.values()) {
        if (e.spilled != null) {
          toFree.add(e.spilled);
        }
      }
      entries.clear();
      queue.clear();
      used = 0;
      // cached handles are dropped, not freed: the run's results may hold them, and their
      // backend frees what nobody references any more or what it persisted when it closes
      for (HandleRegion r : regions.values()) {
        for (Entry e : r.queue) {
          if (e.value instanceof CountedHandle h) {
            h.uncached();
          }
        }
        r.queue.clear();
        r.used = 0;
      }
    }
    toFree.forEach(SpilledMatrix::free);
  }

  /** Clears the cache and deletes its spill folder. */
  @Override
  public void close() {
    clear();
    Path folder;
    synchronized (this) {
      folder = spillFolder;
      spillFolder = null;
    }
    if (folder != null) {
      try {
        Files.deleteIfExists(folder);
      } catch (IOException e) {
        throw new UncheckedIOException("cannot delete " + folder + ": " + e.getMessage(), e);
      }
    }
  }
}
