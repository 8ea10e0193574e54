package org.planlab.gpu;

import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;
import org.planlab.engine.matrix.MatrixBlock;
import org.planlab.engine.spi.EvictionPolicy;

/**
 * The device memory manager of MEMPHIS sec. 4.2: every device allocation is a {@link Buffer}
 * on the <em>live</em> list (referenced by variables, locked by a running kernel, or just
 * created) or on the <em>free</em> list, a map from sizes to the free buffers of that size.
 * A buffer moves to the free list when its matrix's last reference goes; if the lineage cache
 * holds the matrix, the buffer keeps its value there and a cache hit moves it back to the live
 * list (reuse, Fig. 8(c)). Allocations follow Algorithm 1:
 * <ol>
 *   <li>while the device has room, {@code cudaMalloc};
 *   <li>else recycle a free buffer of exactly the size;
 *   <li>else free one just larger and allocate;
 *   <li>else free buffers until enough is freed and allocate;
 *   <li>else free every free buffer and allocate;
 * </ol>
 * and, when even that fails (live matrices fill the device), live matrices no kernel is using
 * are evicted to the host, to be copied back on their next use (the device-to-host eviction
 * the paper mentions after Algorithm 1). Which free buffer goes first within a size, and which
 * live matrix is evicted, is the {@link EvictionPolicy}'s order (MEMPHIS eq. 2 for
 * {@code memphis-gpu}); buffers whose value nobody can reuse go before cached ones.
 *
 * <p>Thread-safe: one lock guards the lists and every {@link GpuMatrix}'s state. Kernels and
 * copies run outside it on locked buffers, which nothing frees, recycles or evicts.
 */
public final class GpuMemoryManager {
  private final DeviceAllocator device;
  private final EvictionPolicy policy;
  private final GpuCounters counters = new GpuCounters();
  private final Set<Buffer> live = Collections.newSetFromMap(new IdentityHashMap<>());
  private final TreeMap<Long, List<Buffer>> free = new TreeMap<>();
  /** How long an allocation waits for other threads' kernels to release memory. */
  static final long WAIT_FOR_MEMORY_NANOS = 60_000_000_000L;
  /** Buffers locked by each thread's running kernels. */
  private final Map<Thread, Integer> held = new java.util.HashMap<>();
  private long clock;
  private long peak;
  private boolean closed;

  /** The state of a buffer. */
  enum State { LIVE, FREE, RELEASED }

  /** One device allocation and what the eviction policy scores it by. */
  final class Buffer implements EvictionPolicy.CacheEntry {
    final DevicePointer pointer;
    GpuMatrix owner;
    State state = State.LIVE;
    int locks;
    /** Being copied to from the host by a kernel's lock: others wait before reading it. */
    boolean filling;
    long lastAccess;
    long hits;

    Buffer(DevicePointer pointer, GpuMatrix owner) {
      this.pointer = pointer;
      this.owner = owner;
      this.lastAccess = clock;
    }

    @Override
    public long sizeBytes() {
      return pointer.bytes();
    }

    @Override
    public long computeNanos() {
      return owner == null ? 0 : owner.computeNanos;
    }

    @Override
    public long hits() {
      return hits;
    }

    @Override
    public long misses() {
      return 0;
    }

    @Override
    public long lastAccess() {
      return lastAccess;
    }

    @Override
    public int height() {
      return owner == null ? 0 : owner.height;
    }
  }

  public GpuMemoryManager(DeviceAllocator device, EvictionPolicy policy) {
    this.device = Objects.requireNonNull(device, "device is null");
    this.policy = Objects.requireNonNull(policy, "policy is null");
  }

  public DeviceAllocator device() {
    return device;
  }

  public GpuCounters counters() {
    return counters;
  }

  /** The largest number of bytes allocated at once since the last {@link #resetPeak}. */
  public synchronized long peakBytes() {
    return peak;
  }

  synchronized void resetPeak() {
    peak = device.allocated();
  }

  /** Buffers on the live list (for tests). */
  public synchronized int liveCount() {
    return live.size();
  }

  /** Buffers on the free list (for tests). */
  public synchronized int freeCount() {
    int n = 0;
    for (List<Buffer> l : free.values()) {
      n += l.size();
    }
    return n;
  }

  // ---- matrices in and out ------------------------------------------------------------------

  /** A host block copied to the device: a new, unreferenced matrix on the live list. */
  GpuMatrix toDevice(MatrixBlock block) {
    DeviceMatrix.Layout layout = DeviceMatrix.layoutOf(block);
    GpuMatrix m = new GpuMatrix(this, block.rows(), block.cols(), block.nnz(), layout);
    long bytes = DeviceMatrix.bytes(m.rows(), m.cols(), m.nnz(), layout);
    Buffer b;
    synchronized (this) {
      b = allocate(bytes, m);
      lock(b);
      m.buffer = b;
      m.host = new java.lang.ref.WeakReference<>(block);
    }
    try {
      device.copyToDevice(block, m.deviceMatrix(b));
    } finally {
      unlock(b);
    }
    synchronized (this) {
      counters.toDeviceBytes += bytes;
    }
    return m;
  }

  /** A new output matrix of a kernel, locked until {@link #unlock}ed. */
  synchronized DeviceMatrix output(GpuMatrix m) {
    long bytes = DeviceMatrix.bytes(m.rows(), m.cols(), m.nnz(), m.layout);
    Buffer b = allocate(bytes, m);
    lock(b);
    m.buffer = b;
    return m.deviceMatrix(b);
  }

  /**
   * Pins {@code m} on the device for a kernel: copies it back first if it was evicted to the
   * host. The caller unlocks the returned buffer when the kernel is done.
   */
  Buffer lockOnDevice(GpuMatrix m) {
    MatrixBlock back;
    Buffer b;
    synchronized (this) {
      while (true) {
        checkOpen();
        while (m.buffer != null && m.buffer.filling) {
          awaitCopy(); // another kernel is copying it back: its buffer holds nothing yet
        }
        if (m.gone) {
          throw new IllegalStateException("a device matrix " + m.rows() + "x" + m.cols()
              + " was used after its memory was recycled");
        }
        if (m.buffer != null) {
          if (m.buffer.state == State.FREE) {
            removeFree(m.buffer); // an unreferenced value read once more: live while locked
            m.buffer.state = State.LIVE;
            live.add(m.buffer);
          }
          lock(m.buffer);
          touch(m.buffer);
          return m.buffer;
        }
        back = m.hostCopy();
        if (back == null) {
          m.gone = true; // recycled while unreferenced; its weakly known host copy was collected
          throw new IllegalStateException("a device matrix " + m.rows() + "x" + m.cols()
              + " was used after its memory was recycled");
        }
        b = allocate(DeviceMatrix.bytes(m.rows(), m.cols(), m.nnz(), m.layout), m);
        if (m.buffer != null || m.gone) {
          // another kernel brought it back while this allocation waited for memory
          live.remove(b);
          b.owner = null;
          b.state = State.RELEASED;
          device.free(b.pointer);
          counters.frees++;
          continue;
        }
        lock(b);
        b.filling = true;
        m.buffer = b;
        break;
      }
    }
    try {
      device.copyToDevice(back, m.deviceMatrix(b));
    } catch (RuntimeException e) {
      synchronized (this) {
        b.filling = false;
        notifyAll();
      }
      unlock(b);
      throw e;
    }
    synchronized (this) {
      b.filling = false;
      notifyAll();
      m.evicted = null;
      counters.toDeviceBytes += b.pointer.bytes();
      counters.recopiedBytes += b.pointer.bytes();
    }
    return b;
  }

  /** A kernel (or a copy) of this thread uses {@code b}: nothing frees or evicts it. */
  private void lock(Buffer b) {
    b.locks++;
    held.merge(Thread.currentThread(), 1, Integer::sum);
  }

  /** Whether kernels of other threads hold buffers locked (and will unlock them). */
  private boolean lockedByOthers() {
    Thread t = Thread.currentThread();
    for (Map.Entry<Thread, Integer> e : held.entrySet()) {
      if (e.getKey() != t && e.getValue() > 0) {
        return true;
      }
    }
    return false;
  }

  /** Waits (releasing the lock) until a copy to the device in progress completes. */
  private void awaitCopy() {
    try {
      wait();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted waiting for a copy to the device", e);
    }
    checkOpen();
  }

  /** An output no variable will hold (its kernel failed): its buffer may go free. */
  synchronized void discard(GpuMatrix m) {
    m.claimed = true;
    releaseIfUnreferenced(m);
  }

  /** Ends a kernel's (or a copy's) use of {@code b}. */
  synchronized void unlock(Buffer b) {
    if (b.locks <= 0) {
      throw new IllegalStateException("a device buffer was unlocked more often than locked");
    }
    b.locks--;
    Thread t = Thread.currentThread();
    held.computeIfPresent(t, (k, n) -> n > 1 ? n - 1 : null);
    notifyAll(); // an allocation may be waiting for memory other kernels use
    if (b.locks == 0 && b.owner != null) {
      releaseIfUnreferenced(b.owner);
    }
  }

  /** The matrix as a host block: its known host copy, else a device-to-host copy. */
  MatrixBlock toHost(GpuMatrix m) {
    synchronized (this) {
      MatrixBlock known = m.hostCopy();
      if (known != null) {
        return known;
      }
    }
    Buffer b = lockOnDevice(m);
    try {
      MatrixBlock block = device.copyToHost(m.deviceMatrix(b));
      synchronized (this) {
        counters.toHostBytes += b.pointer.bytes();
        m.host = new java.lang.ref.WeakReference<>(block);
      }
      return block;
    } finally {
      unlock(b);
    }
  }

  // ---- references ---------------------------------------------------------------------------

  synchronized void retain(GpuMatrix m) {
    m.refs++;
    m.claimed = true;
    if (m.buffer != null && m.buffer.state == State.FREE) {
      removeFree(m.buffer);
      m.buffer.state = State.LIVE;
      live.add(m.buffer);
    }
  }

  synchronized void drop(GpuMatrix m) {
    if (m.refs <= 0) {
      throw new IllegalStateException("a device matrix lost more references than it had");
    }
    m.refs--;
    releaseIfUnreferenced(m);
  }

  /**
   * A known device copy of a host block is handed out again: false if its value is gone;
   * else it is live again until a reference to it comes and goes, like a new copy.
   */
  synchronized boolean reclaim(GpuMatrix m) {
    if (m.gone || closed || !holdValue(m)) {
      return false;
    }
    if (m.buffer != null && m.buffer.state == State.FREE) {
      removeFree(m.buffer);
      m.buffer.state = State.LIVE;
      live.add(m.buffer);
      m.claimed = false;
    }
    return true;
  }

  /** A cache hit: retains {@code m} unless its value is gone (MEMPHIS Fig. 8(c)). */
  synchronized boolean tryRetain(GpuMatrix m) {
    if (m.gone || closed || !holdValue(m)) {
      return false;
    }
    boolean wasFree = m.buffer != null && m.buffer.state == State.FREE;
    retain(m);
    if (m.buffer != null) {
      m.buffer.hits++;
      touch(m.buffer);
    }
    if (wasFree) {
      counters.reused++;
    }
    return true;
  }

  /**
   * Whether {@code m}'s value is still somewhere: on the device, or on the host, where a
   * weakly known host copy is now held (as if evicted) so it can be copied back; a recycled
   * value whose host copy was collected is gone.
   */
  private boolean holdValue(GpuMatrix m) {
    if (m.buffer == null && m.evicted == null) {
      m.evicted = m.hostCopy();
      if (m.evicted == null) {
        m.gone = true;
        return false;
      }
    }
    return true;
  }

  /** An unreferenced, unlocked matrix's buffer goes to the free list (Fig. 8(b)). */
  private void releaseIfUnreferenced(GpuMatrix m) {
    Buffer b = m.buffer;
    if (m.refs > 0 || m.pinned || !m.claimed || b == null || b.locks > 0
        || b.state != State.LIVE) {
      return;
    }
    live.remove(b);
    b.state = State.FREE;
    free.computeIfAbsent(b.pointer.bytes(), k -> new ArrayList<>()).add(b);
  }

  private void touch(Buffer b) {
    b.lastAccess = ++clock;
  }

  // ---- Algorithm 1 --------------------------------------------------------------------------

  /**
   * Allocates {@code bytes} for {@code owner}: Algorithm 1, then eviction to the host; when
   * only locked memory is left, waits for other threads' kernels to unlock theirs (parfor
   * workers share the device), for at most {@link #WAIT_FOR_MEMORY_NANOS}.
   */
  private Buffer allocate(long bytes, GpuMatrix owner) {
    long deadline = System.nanoTime() + WAIT_FOR_MEMORY_NANOS;
    while (true) {
      checkOpen();
      DevicePointer p = algorithm1(bytes);
      while (p == null) {
        Buffer victim = evictionCandidate();
        if (victim == null) {
          break;
        }
        evictToHost(victim);
        p = malloc(bytes);
      }
      if (p != null) {
        Buffer b = new Buffer(p, owner);
        live.add(b);
        peak = Math.max(peak, device.allocated());
        return b;
      }
      // every byte left is locked by running kernels: those of other threads (parfor
      // workers) end and unlock theirs, this thread's own cannot
      if (!lockedByOthers() || System.nanoTime() > deadline) {
        throw new DeviceMemoryException("device out of memory: " + device.describe()
            + " cannot allocate " + bytes + " bytes for a " + owner.rows() + "x" + owner.cols()
            + " matrix; " + device.allocated() + " bytes are held by matrices in use by "
            + "running kernels");
      }
      try {
        wait(10);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new IllegalStateException("interrupted waiting for device memory", e);
      }
    }
  }

  /** Algorithm 1 of MEMPHIS: a pointer of {@code bytes}, or null when every step failed. */
  private DevicePointer algorithm1(long bytes) {
    clock++;
    DevicePointer p = null;
    if (device.allocated() + bytes <= device.capacity()) {
      p = malloc(bytes); // CANALLOCATE: the device is not full
    }
    if (p == null) {
      List<Buffer> exact = free.get(bytes);
      if (exact != null && !exact.isEmpty()) {
        Buffer r = first(exact);
        removeFree(r);
        abandon(r);
        counters.recycled++;
        p = r.pointer; // recycle the exact size
      }
    }
    if (p == null && !free.isEmpty() && bytes <= free.lastKey()) {
      var larger = free.ceilingEntry(bytes + 1);
      if (larger != null) {
        release(first(larger.getValue())); // free one just larger, allocate anew
      }
      p = malloc(bytes);
    }
    if (p == null && !free.isEmpty()) {
      // all free buffers are smaller: free them, the policy's first first, until enough
      long freed = 0;
      while (p == null && !free.isEmpty()) {
        Buffer tmp = firstOverall();
        freed += tmp.pointer.bytes();
        release(tmp);
        if (freed >= bytes) {
          p = malloc(bytes);
        }
      }
    }
    if (p == null) {
      while (!free.isEmpty()) {
        release(firstOverall()); // clear all free pointers
      }
      p = malloc(bytes);
    }
    return p;
  }

  private DevicePointer malloc(long bytes) {
    DevicePointer p = device.malloc(bytes);
    if (p != null) {
      counters.mallocs++;
      counters.mallocBytes += bytes;
      peak = Math.max(peak, device.allocated());
    }
    return p;
  }

  /** {@code cudaFree} of a free buffer: its cached value, if any, is gone. */
  private void release(Buffer b) {
    removeFree(b);
    abandon(b);
    b.state = State.RELEASED;
    device.free(b.pointer);
    counters.frees++;
  }

  /** The buffer's matrix loses it (recycled or freed while on the free list). */
  private void abandon(Buffer b) {
    GpuMatrix m = b.owner;
    b.owner = null;
    b.state = State.RELEASED;
    if (m != null && m.buffer == b) {
      m.buffer = null;
      if (m.cached) {
        counters.evictedCached++;
      }
      if (m.hostCopy() == null) {
        m.gone = true; // nobody references it and the device no longer holds it
      }
    }
  }

  private void removeFree(Buffer b) {
    List<Buffer> l = free.get(b.pointer.bytes());
    if (l != null && l.remove(b) && l.isEmpty()) {
      free.remove(b.pointer.bytes());
    }
  }

  /** The buffer of {@code list} to give up first. */
  private Buffer first(List<Buffer> list) {
    Buffer best = null;
    for (Buffer b : list) {
      if (best == null || before(b, best)) {
        best = b;
      }
    }
    return best;
  }

  private Buffer firstOverall() {
    Buffer best = null;
    for (List<Buffer> l : free.values()) {
      Buffer b = first(l);
      if (best == null || before(b, best)) {
        best = b;
      }
    }
    return best;
  }

  /**
   * The eviction order: buffers whose value nobody can reuse (not cached) first, oldest first;
   * then cached ones by the policy's score.
   */
  private boolean before(Buffer a, Buffer b) {
    boolean ca = a.owner != null && a.owner.cached;
    boolean cb = b.owner != null && b.owner.cached;
    if (ca != cb) {
      return cb;
    }
    return ca ? policy.score(a, state) < policy.score(b, state) : a.lastAccess < b.lastAccess;
  }

  private final EvictionPolicy.CacheState state = new EvictionPolicy.CacheState() {
    @Override
    public long now() {
      return clock;
    }

    @Override
    public long budgetBytes() {
      return device.capacity();
    }

    @Override
    public long usedBytes() {
      return device.allocated();
    }
  };

  /** A live buffer no kernel is using, the policy's first; null when none. */
  private Buffer evictionCandidate() {
    Buffer best = null;
    double bestKey = 0;
    for (Buffer b : live) {
      if (b.locks > 0 || b.owner == null) {
        continue;
      }
      double k = policy.score(b, state);
      if (best == null || k < bestKey) {
        best = b;
        bestKey = k;
      }
    }
    return best;
  }

  /**
   * Moves a live matrix to the host: copied unless a host copy is known, then freed on the
   * device. It is copied back when a kernel next reads it.
   */
  private void evictToHost(Buffer b) {
    GpuMatrix m = b.owner;
    MatrixBlock known = m.hostCopy();
    if (known == null) {
      known = device.copyToHost(m.deviceMatrix(b));
      counters.toHostBytes += b.pointer.bytes();
      counters.hostEvictedBytes += b.pointer.bytes();
    }
    m.evicted = known;
    counters.hostEvictions++;
    live.remove(b);
    b.owner = null;
    b.state = State.RELEASED;
    m.buffer = null;
    device.free(b.pointer);
    counters.frees++;
  }

  // ---- the evict instruction ----------------------------------------------------------------

  /**
   * Frees {@code fraction} (0 to 1) of the bytes on the free list, the policy's first first
   * (MEMPHIS sec. 5.2, eviction injection: {@code evict(percent)} clears space before an
   * allocation pattern shifts). Returns the bytes freed.
   */
  public synchronized long evict(double fraction) {
    if (!(fraction >= 0 && fraction <= 1)) {
      throw new IllegalArgumentException("the share to evict must be in [0, 1], was "
          + fraction);
    }
    long total = 0;
    for (Map.Entry<Long, List<Buffer>> e : free.entrySet()) {
      total += e.getKey() * e.getValue().size();
    }
    long target = (long) Math.ceil(fraction * total);
    long freed = 0;
    while (freed < target && !free.isEmpty()) {
      Buffer b = firstOverall();
      freed += b.pointer.bytes();
      release(b);
    }
    return freed;
  }

  /** Frees every allocation and closes the device. */
  public void close() {
    synchronized (this) {
      if (closed) {
        return;
      }
      closed = true;
      for (Iterator<Buffer> it = live.iterator(); it.hasNext(); ) {
        Buffer b = it.next();
        if (b.owner != null && b.owner.buffer == b) {
          b.owner.buffer = null;
          b.owner.gone = b.owner.hostCopy() == null;
        }
        it.remove();
      }
      free.clear();
    }
    device.close();
  }

  private void checkOpen() {
    if (closed) {
      throw new IllegalStateException("the GPU backend is closed");
    }
  }

  /** A device allocation failed although every unused byte was given up. */
  public static final class DeviceMemoryException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    DeviceMemoryException(String message) {
      super(message);
    }
  }
}
