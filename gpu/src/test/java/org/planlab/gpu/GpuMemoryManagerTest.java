package org.planlab.gpu;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.planlab.engine.matrix.MatrixBlock;
import org.planlab.engine.spi.EvictionPolicy;
import org.planlab.engine.spi.LruEviction;
import org.planlab.optimizers.eviction.MemphisGpuEviction;

/**
 * Algorithm 1 of MEMPHIS (sec. 4.2) step by step on a simulated device of a few hundred bytes:
 * column vectors of n rows take 8n bytes, so every step's trigger is exact.
 */
class GpuMemoryManagerTest {
  private SimulatedDevice dev;
  private GpuMemoryManager mm;

  private void device(long capacity, EvictionPolicy policy) {
    dev = new SimulatedDevice(capacity, 0, 0, 1L << 30);
    mm = new GpuMemoryManager(dev, policy);
  }

  private void device(long capacity) {
    device(capacity, new LruEviction());
  }

  /** A column of n distinct values (tag + i). */
  static MatrixBlock column(int n, double tag) {
    double[][] a = new double[n][1];
    for (int i = 0; i < n; i++) {
      a[i][0] = tag + i;
    }
    return MatrixBlock.of(a);
  }

  /**
   * A kernel's output holding {@code value} with no host copy, referenced once (by a
   * variable), as GpuInstruction and the runtime leave it.
   */
  private GpuMatrix computed(MatrixBlock value) {
    GpuMatrix m = new GpuMatrix(mm, value.rows(), value.cols(), -1, DeviceMatrix.Layout.DENSE);
    DeviceMatrix dm = mm.output(m);
    dev.copyToDevice(value, dm); // what the kernel writes
    mm.unlock(m.buffer);
    m.retain();
    return m;
  }

  /** A computed matrix whose only reference went: its buffer is on the free list. */
  private GpuMatrix freed(MatrixBlock value) {
    GpuMatrix m = computed(value);
    m.drop();
    return m;
  }

  private long counter(String name) {
    return mm.counters().snapshot().get(name);
  }

  /** The value the device holds for {@code m}, read through a lock as a kernel would. */
  private MatrixBlock onDevice(GpuMatrix m) {
    GpuMemoryManager.Buffer b = mm.lockOnDevice(m);
    try {
      return dev.copyToHost(m.deviceMatrix(b));
    } finally {
      mm.unlock(b);
    }
  }

  private static void assertValues(MatrixBlock expected, MatrixBlock actual) {
    GpuRuns.assertClose("value", expected, actual, 0);
  }

  @Test
  void mallocsWhileTheDeviceHasRoom() {
    device(800);
    GpuMatrix a = computed(column(10, 0));
    GpuMatrix b = computed(column(20, 100));
    GpuMatrix c = freed(column(30, 200));

    assertEquals(3, counter("gpu.mallocs"));
    assertEquals(80 + 160 + 240, counter("gpu.malloc_bytes"));
    assertEquals(480, dev.allocated());
    assertEquals(0, counter("gpu.recycled") + counter("gpu.frees"));
    assertEquals(2, mm.liveCount());
    assertEquals(1, mm.freeCount());
    // room left: a new allocation mallocs although a free buffer of its size exists
    computed(column(30, 300));
    assertEquals(4, counter("gpu.mallocs"));
    assertEquals(1, mm.freeCount());
    assertValues(column(30, 200), onDevice(c));
    assertValues(column(10, 0), onDevice(a));
    assertValues(column(20, 100), onDevice(b));
  }

  @Test
  void recyclesAFreeBufferOfTheExactSizeWhenFull() {
    device(160);
    GpuMatrix old = freed(column(10, 0));
    GpuMatrix kept = computed(column(10, 50));
    long addressBefore = old.buffer.pointer.address();

    GpuMatrix fresh = computed(column(10, 100));

    assertEquals(2, counter("gpu.mallocs"));
    assertEquals(1, counter("gpu.recycled"));
    assertEquals(0, counter("gpu.frees"));
    assertEquals(addressBefore, fresh.buffer.pointer.address(), "not the recycled pointer");
    assertTrue(old.gone, "an uncached value without a host copy is gone once recycled");
    assertFalse(old.onDevice());
    IllegalStateException e = assertThrows(IllegalStateException.class,
        () -> mm.lockOnDevice(old));
    assertTrue(e.getMessage().contains("used after its memory was recycled"), e.getMessage());
    assertFalse(old.tryRetain(), "a recycled value was handed out");
    assertValues(column(10, 100), onDevice(fresh));
    assertValues(column(10, 50), onDevice(kept));
  }

  @Test
  void aRecycledValueWithAHostCopyIsCopiedBackOnItsNextUse() {
    device(160);
    MatrixBlock host = column(10, 7);
    GpuMatrix copy = mm.toDevice(host); // the host block stays known (this test holds it)
    copy.retain();
    copy.drop();
    computed(column(10, 50));
    computed(column(10, 100)); // recycles the copy's buffer

    assertEquals(1, counter("gpu.recycled"));
    assertFalse(copy.gone);
    assertFalse(copy.onDevice());
    assertSame(host, copy.acquireLocal(), "the known host copy, without a device copy");
    assertTrue(copy.tryRetain());
    // both live matrices are referenced but unlocked: the least recently used one goes to
    // the host to make room for the copy back
    assertValues(column(10, 7), onDevice(copy));
    assertEquals(80, counter("gpu.recopied_bytes"));
    assertEquals(1, counter("gpu.host_evictions"));
    assertEquals(80 + 80, counter("gpu.h2d_bytes"));
  }

  @Test
  void freesOneJustLargerBufferWhenNoneHasTheExactSize() {
    device(400);
    GpuMatrix small = freed(column(5, 0)); // 40 bytes
    GpuMatrix larger = freed(column(15, 0)); // 120 bytes
    GpuMatrix largest = freed(column(25, 0)); // 200 bytes
    computed(column(5, 0)); // 40: full (400)

    computed(column(10, 0)); // 80 bytes: frees the 120-byte buffer, the smallest larger one

    assertEquals(1, counter("gpu.frees"));
    assertEquals(0, counter("gpu.recycled"));
    assertEquals(5, counter("gpu.mallocs"));
    assertTrue(larger.gone);
    assertFalse(small.gone || largest.gone);
    assertEquals(2, mm.freeCount());
    assertEquals(360, dev.allocated());
  }

  @Test
  void freesSeveralSmallerBuffersUntilTheRequestFits() {
    device(320);
    GpuMatrix a = freed(column(5, 0)); // 40 each
    GpuMatrix b = freed(column(5, 10));
    GpuMatrix c = freed(column(5, 20));
    computed(column(25, 0)); // 200: full

    computed(column(10, 0)); // 80 bytes > every free buffer: frees two of 40

    assertEquals(2, counter("gpu.frees"));
    assertEquals(1, mm.freeCount());
    // uncached buffers go oldest first
    assertTrue(a.gone && b.gone, "freed " + a.gone + " " + b.gone + " " + c.gone);
    assertFalse(c.gone);
    assertEquals(320, dev.allocated());
  }

  @Test
  void clearsAllFreeBuffersWhenTheirSumIsNotEnoughButTheRestOfTheDeviceIs() {
    device(200);
    GpuMatrix a = freed(column(5, 0)); // 40 free
    GpuMatrix live = computed(column(15, 0)); // 120 live; 40 bytes never allocated

    GpuMatrix c = computed(column(10, 0)); // 80 > 40 room: the 40 free bytes must go too

    assertEquals(1, counter("gpu.frees"));
    assertEquals(0, counter("gpu.host_evictions"));
    assertEquals(0, mm.freeCount());
    assertTrue(a.gone);
    assertTrue(live.onDevice() && c.onDevice());
    assertEquals(200, dev.allocated());
  }

  @Test
  void evictsALiveUnlockedMatrixToTheHostAndCopiesItBackOnItsNextUse() {
    device(160);
    GpuMatrix a = computed(column(10, 1)); // referenced, unlocked, least recently used
    GpuMatrix b = computed(column(10, 2));

    GpuMatrix c = computed(column(10, 3)); // nothing free: a goes to the host

    assertEquals(1, counter("gpu.host_evictions"));
    assertEquals(80, counter("gpu.host_evicted_bytes"));
    assertEquals(80, counter("gpu.d2h_bytes"));
    assertEquals(1, counter("gpu.frees"));
    assertFalse(a.onDevice());
    assertFalse(a.gone);
    assertTrue(b.onDevice() && c.onDevice());

    MatrixBlock back = onDevice(a); // copies a back, evicting b (the least recently used)

    assertValues(column(10, 1), back);
    assertEquals(80, counter("gpu.recopied_bytes"));
    assertEquals(2, counter("gpu.host_evictions"));
    assertTrue(a.onDevice());
    assertFalse(b.onDevice());
    assertValues(column(10, 2), onDevice(b));
    assertValues(column(10, 3), onDevice(c));
    assertValues(column(10, 1), a.acquireLocal());
  }

  @Test
  void lockedBuffersAreNeverRecycledOrEvicted() {
    device(160);
    GpuMatrix a = computed(column(10, 1));
    GpuMatrix b = computed(column(10, 2));
    GpuMemoryManager.Buffer la = mm.lockOnDevice(a);
    GpuMemoryManager.Buffer lb = mm.lockOnDevice(b);
    // a's variable is reassigned while a kernel still reads it: not free until unlocked
    a.drop();
    assertEquals(0, mm.freeCount());

    GpuMemoryManager.DeviceMemoryException e = assertThrows(
        GpuMemoryManager.DeviceMemoryException.class, () -> computed(column(10, 3)));
    assertTrue(e.getMessage().startsWith("device out of memory: simulated device"),
        e.getMessage());
    assertTrue(e.getMessage().contains("cannot allocate 80 bytes for a 10x1 matrix; 160 bytes "
        + "are held by matrices in use by running kernels"), e.getMessage());
    assertEquals(0, counter("gpu.recycled") + counter("gpu.host_evictions"));
    assertValues(column(10, 1), dev.copyToHost(a.deviceMatrix(la)));
    assertEquals(2, mm.liveCount(), "the failed output was left on the live list");

    mm.unlock(la); // a goes free now and is recycled by the next allocation
    assertEquals(1, mm.freeCount());
    GpuMatrix c = computed(column(10, 3));
    assertEquals(1, counter("gpu.recycled"));
    assertTrue(a.gone);
    assertValues(column(10, 2), dev.copyToHost(b.deviceMatrix(lb)));
    mm.unlock(lb);
    assertValues(column(10, 3), onDevice(c));
  }

  @Test
  void aCacheHitMovesAFreeBufferBackToLiveUntilItIsRecycled() {
    device(160);
    GpuMatrix m = computed(column(10, 5));
    m.cached(2, 1_000);
    m.drop();
    assertEquals(1, mm.freeCount());

    assertTrue(m.tryRetain());
    assertEquals(1, counter("gpu.reused"));
    assertEquals(0, mm.freeCount());
    assertEquals(1, mm.liveCount());
    assertTrue(m.tryRetain(), "a second hit on a live value");
    assertEquals(1, counter("gpu.reused"), "only a hit on a free buffer reuses memory");
    m.drop();
    m.drop();
    assertEquals(1, mm.freeCount());
    assertValues(column(10, 5), onDevice(m));

    computed(column(10, 6));
    computed(column(10, 7)); // full: recycles the cached buffer

    assertEquals(1, counter("gpu.recycled"));
    assertEquals(1, counter("gpu.evicted_cached"));
    assertFalse(m.tryRetain(), "a stale pointer was handed out");
    assertEquals(1, counter("gpu.reused"));
  }

  @Test
  void uncachedFreeBuffersAreRecycledBeforeCachedOnes() {
    device(240);
    GpuMatrix cached = computed(column(10, 1));
    cached.cached(1, 0);
    cached.drop();
    GpuMatrix plain = freed(column(10, 2)); // younger, but nobody can reuse it
    computed(column(10, 3));

    computed(column(10, 4));

    assertTrue(plain.gone);
    assertFalse(cached.gone);
    assertEquals(0, counter("gpu.evicted_cached"));
  }

  /**
   * Two cached free buffers of one size: the older has a short lineage (an input pipeline,
   * which eq. 2 keeps), the younger a long one. LRU recycles the older; memphis-gpu the
   * younger (its 1/h term outweighs the recency difference).
   */
  @Test
  void thePolicyChoosesWhichFreeBufferOfASizeIsRecycled() {
    for (EvictionPolicy policy : new EvictionPolicy[] {new LruEviction(),
        new MemphisGpuEviction()}) {
      device(240, policy);
      GpuMatrix shortLineage = computed(column(10, 1));
      shortLineage.cached(1, 0);
      GpuMatrix longLineage = computed(column(10, 2));
      longLineage.cached(100, 0);
      computed(column(10, 3)); // full
      shortLineage.drop();
      longLineage.drop();

      computed(column(10, 4));

      String name = policy.getClass().getSimpleName();
      GpuMatrix victim = policy instanceof LruEviction ? shortLineage : longLineage;
      GpuMatrix survivor = victim == shortLineage ? longLineage : shortLineage;
      assertEquals(1, counter("gpu.recycled"), name);
      assertEquals(1, counter("gpu.evicted_cached"), name);
      assertFalse(victim.tryRetain(), name + " kept the wrong buffer");
      assertTrue(survivor.tryRetain(), name + " recycled the wrong buffer");
      assertValues(column(10, survivor == shortLineage ? 1 : 2), onDevice(survivor));
    }
  }

  @Test
  void evictFreesThatShareOfTheFreeListsBytes() {
    device(800);
    GpuMatrix[] m = new GpuMatrix[4];
    for (int i = 0; i < 4; i++) {
      m[i] = freed(column(10, i)); // 4 x 80 bytes free
    }
    GpuMatrix live = computed(column(10, 9));

    assertEquals(160, mm.evict(0.5));
    assertEquals(2, mm.freeCount());
    assertEquals(240, dev.allocated());
    assertTrue(m[0].gone && m[1].gone && !m[2].gone && !m[3].gone, "oldest first");
    assertEquals(2, counter("gpu.frees"));
    assertEquals(0, mm.evict(0));
    assertEquals(160, mm.evict(1));
    assertEquals(0, mm.freeCount());
    assertEquals(80, dev.allocated());
    assertTrue(live.onDevice());
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> mm.evict(1.5));
    assertTrue(e.getMessage().contains("must be in [0, 1], was 1.5"), e.getMessage());
  }

  /**
   * The free list gives up uncached buffers oldest first whatever their size: evicting a
   * little frees the older, larger buffer, not the younger, smaller one.
   */
  @Test
  void uncachedBuffersOfDifferentSizesAreFreedOldestFirst() {
    device(800);
    GpuMatrix older = freed(column(15, 0)); // 120 bytes, freed first
    GpuMatrix younger = freed(column(5, 0)); // 40 bytes
    assertNotSame(older.buffer, younger.buffer);

    assertEquals(120, mm.evict(0.01));

    assertTrue(older.gone, "the younger buffer was freed first");
    assertFalse(younger.gone);
  }

  /**
   * A recycled cached value whose only host copy was weakly known and has been collected has
   * no value anywhere: a cache hit must find it stale rather than hand out a matrix that
   * cannot be copied back.
   */
  @Test
  void aCacheHitOnARecycledValueWhoseHostCopyWasCollectedIsStale() {
    device(160);
    MatrixBlock host = column(10, 3);
    GpuMatrix m = computed(column(10, 3));
    m.host = new java.lang.ref.WeakReference<>(host); // read back once (acquireLocal)
    m.cached(2, 1000);
    m.drop();
    computed(column(10, 4));
    computed(column(10, 5)); // recycles m's buffer; its host copy is still known
    assertFalse(m.gone);
    m.host.clear(); // what the garbage collector does once nobody holds the block

    assertFalse(m.tryRetain(), "a hit on a value that exists nowhere");
    assertTrue(m.gone);
    assertThrows(IllegalStateException.class, () -> mm.lockOnDevice(m));
  }

  /** A hit on a recycled value with a known host copy holds that copy until it is back. */
  @Test
  void aCacheHitOnARecycledValueHoldsItsHostCopyUntilCopiedBack() {
    device(160);
    GpuMatrix m = computed(column(10, 3));
    m.host = new java.lang.ref.WeakReference<>(column(10, 3)); // only weakly reachable
    m.cached(2, 1000);
    m.drop();
    GpuMatrix x = computed(column(10, 4));
    computed(column(10, 5)); // recycles m's buffer
    x.drop();

    assertTrue(m.tryRetain());
    m.host.clear(); // collected after the hit: the hit must not depend on it
    assertValues(column(10, 3), onDevice(m));
    assertEquals(80, counter("gpu.recopied_bytes"));
    assertEquals(0, counter("gpu.reused"), "the hit found no free buffer to reuse");
  }

  @Test
  void closeReleasesEverythingAndRefusesFurtherUse() {
    device(400);
    GpuMatrix a = computed(column(10, 1));
    freed(column(10, 2));
    mm.close();
    assertEquals(0, dev.allocated());
    assertTrue(a.gone);
    assertFalse(a.tryRetain());
    IllegalStateException e = assertThrows(IllegalStateException.class,
        () -> computed(column(1, 0)));
    assertEquals("the GPU backend is closed", e.getMessage());
  }
}
