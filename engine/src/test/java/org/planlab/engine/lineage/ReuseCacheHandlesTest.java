package org.planlab.engine.lineage;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.planlab.engine.data.MatrixData;
import org.planlab.engine.data.MatrixValue;
import org.planlab.engine.matrix.MatrixBlock;
import org.planlab.engine.spi.EvictionPolicy;
import org.planlab.engine.spi.LruEviction;
import org.planlab.engine.stats.ReuseCounter;
import org.planlab.engine.stats.Statistics;

/**
 * Handles of a distributed backend in the lineage cache (MEMPHIS sec. 4.1): accounted in their
 * backend's budget, evicted by freeing them, never spilled or collected.
 */
class ReuseCacheHandlesTest {
  private static final String REMOTE = "remote";
  private final Statistics stats = new Statistics();

  /** A 10x10 handle of backend {@code location} that records what was done to it. */
  private static final class Handle implements MatrixData {
    private final String location;
    int frees;
    int collects;

    Handle(String location) {
      this.location = location;
    }

    @Override
    public long rows() {
      return 10;
    }

    @Override
    public long cols() {
      return 10;
    }

    @Override
    public long nnz() {
      return 100;
    }

    @Override
    public String location() {
      return location;
    }

    @Override
    public MatrixBlock acquireLocal() {
      collects++;
      return MatrixBlock.dense(10, 10, new double[100]);
    }

    @Override
    public void free() {
      frees++;
    }
  }

  /** Bytes of one handle in the cache: a dense 10x10 block estimate plus the entry's 64. */
  private static final long HANDLE = ReuseCache.sizeOf(new Handle(REMOTE));

  private static LineageItem key(String name) {
    return new LineageItem("k", name);
  }

  /** A cache of no local memory whose remote region holds {@code handles} handles. */
  private static ReuseCache cache(int handles, EvictionPolicy policy) {
    ReuseCache c = new ReuseCache(0, new LruEviction(), 1, true, DiskBandwidth.of(1e15), 0);
    c.addHandleRegion(REMOTE, () -> handles * HANDLE, policy);
    return c;
  }

  @Test
  void aHandleIsCachedInItsBackendsBudgetNotTheLocalOne() {
    try (ReuseCache c = cache(2, new LruEviction())) {
      Handle h = new Handle(REMOTE);
      c.put(key("a"), h, 1000, stats);
      assertSame(h, c.get(key("a"), stats));
      assertEquals(HANDLE, c.handleBytes(REMOTE));
      assertEquals(0, c.usedBytes());
      assertEquals(0, h.collects);
    }
  }

  @Test
  void evictingAHandleFreesItWithoutCollectingOrSpilling() {
    try (ReuseCache c = cache(1, new LruEviction())) {
      Handle a = new Handle(REMOTE);
      Handle b = new Handle(REMOTE);
      c.put(key("a"), a, 1000, stats);
      c.put(key("b"), b, 1000, stats);
      assertEquals(1, a.frees);
      assertEquals(0, a.collects);
      assertEquals(0, stats.reuse(ReuseCounter.SPILLS));
      assertFalse(c.onDisk(key("a")));
      assertNull(c.get(key("a"), stats));
      assertSame(b, c.get(key("b"), stats));
      assertEquals(HANDLE, c.handleBytes(REMOTE));
    }
  }

  @Test
  void handlesOfBackendsWithoutARegionAreNotCached() {
    try (ReuseCache c = cache(2, new LruEviction())) {
      c.put(key("a"), new Handle("elsewhere"), 1000, stats);
      assertNull(c.get(key("a"), stats));
      assertEquals(0, c.size());
    }
  }

  @Test
  void jobsCountedOnACachedHandleReachThePolicy() {
    // a policy that keeps the handle read by more jobs
    EvictionPolicy byJobs = (e, s) -> e.jobs();
    try (ReuseCache c = cache(2, byJobs)) {
      Handle a = new Handle(REMOTE);
      Handle b = new Handle(REMOTE);
      c.put(key("a"), a, 1000, stats);
      c.put(key("b"), b, 1000, stats);
      c.countJobs(List.of(key("a"), key("a"), key("unknown")));
      assertEquals(2, c.jobs(key("a")));
      c.put(key("c"), new Handle(REMOTE), 1000, stats);
      assertEquals(0, a.frees);
      assertEquals(1, b.frees);
    }
  }

  @Test
  void localValuesKeepTheirOwnBudget() {
    ReuseCache c = new ReuseCache(10_000, new LruEviction(), 1, false, DiskBandwidth.of(1e15),
        0);
    c.addHandleRegion(REMOTE, () -> 0, new LruEviction());
    try (c) {
      MatrixValue v = new MatrixValue(MatrixBlock.dense(2, 2, new double[] {1, 2, 3, 4}));
      c.put(key("v"), v, 1000, stats);
      c.put(key("h"), new Handle(REMOTE), 1000, stats);
      assertTrue(c.inMemory(key("v")));
      assertFalse(c.inMemory(key("h")), "a region of budget 0 caches no handle");
    }
  }
}
