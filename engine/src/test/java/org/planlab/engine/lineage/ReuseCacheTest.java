package org.planlab.engine.lineage;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.lang.reflect.Field;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.planlab.engine.data.Data;
import org.planlab.engine.data.MatrixValue;
import org.planlab.engine.data.ScalarValue;
import org.planlab.engine.matrix.MatrixBlock;
import org.planlab.engine.spi.EvictionPolicy;
import org.planlab.engine.spi.LruEviction;
import org.planlab.engine.stats.ReuseCounter;
import org.planlab.engine.stats.Statistics;

/**
 * The reuse cache's REUSE, PUT and MAKE_SPACE steps (MEMPHIS sec. 3.3 and 4, delayed caching
 * sec. 5.2) on hand-built entries.
 */
class ReuseCacheTest {
  /** Bytes of a dense 10x10 value in the cache: block estimate (48 + 8 x 100) plus 64. */
  private static final long SMALL = 912;
  /** Bytes of a dense 20x10 value: 48 + 8 x 200 + 64. */
  private static final long LARGE = 1712;
  /** A disk so fast that every evicted matrix is worth spilling. */
  private static final DiskBandwidth FAST_DISK = DiskBandwidth.of(1e15);
  /** A disk so slow that no evicted matrix is worth spilling. */
  private static final DiskBandwidth SLOW_DISK = DiskBandwidth.of(1e-3);

  private final Statistics stats = new Statistics();

  private static LineageItem key(String name) {
    return new LineageItem("k", name);
  }

  /** A dense matrix of nonzero cells, different for each {@code seed}. */
  private static MatrixValue matrix(int rows, int cols, int seed) {
    double[] v = new double[rows * cols];
    for (int i = 0; i < v.length; i++) {
      v[i] = seed * 1000 + i + 0.5;
    }
    return new MatrixValue(MatrixBlock.dense(rows, cols, v));
  }

  private static MatrixValue small(int seed) {
    return matrix(10, 10, seed);
  }

  private long count(ReuseCounter c) {
    return stats.reuse(c);
  }

  private static ReuseCache lru(long budget, boolean spill, DiskBandwidth disk) {
    return new ReuseCache(budget, new LruEviction(), 1, spill, disk);
  }

  @Test
  void aPutValueIsFoundByAnEqualKey() {
    try (ReuseCache cache = lru(10 * SMALL, false, SLOW_DISK)) {
      MatrixValue v = small(1);
      cache.put(key("a"), v, 1_000, stats);
      assertSame(v, cache.get(key("a"), stats));
      assertEquals(1, count(ReuseCounter.HITS_MEMORY));
      assertEquals(1, count(ReuseCounter.PUTS));
      assertEquals(SMALL, count(ReuseCounter.BYTES_PUT));
      assertEquals(1_000, count(ReuseCounter.SAVED_NANOS));
      assertEquals(0, count(ReuseCounter.MISSES));
      assertEquals(SMALL, cache.usedBytes());
      assertEquals(1, cache.size());
      assertTrue(cache.inMemory(key("a")));
    }
  }

  @Test
  void anUnknownKeyIsAMiss() {
    try (ReuseCache cache = lru(10 * SMALL, false, SLOW_DISK)) {
      cache.put(key("a"), small(1), 1_000, stats);
      assertNull(cache.get(key("b"), stats));
      assertEquals(1, count(ReuseCounter.MISSES));
      assertEquals(0, count(ReuseCounter.HITS_MEMORY));
      assertEquals(0, count(ReuseCounter.SAVED_NANOS));
    }
  }

  @Test
  void scalarsAreCachedToo() {
    try (ReuseCache cache = lru(10 * SMALL, false, SLOW_DISK)) {
      cache.put(key("s"), ScalarValue.of(2.5), 10, stats);
      assertEquals(ScalarValue.of(2.5), cache.get(key("s"), stats));
      assertEquals(64 + 16, cache.usedBytes());
    }
  }

  @Test
  void aSecondPutOfOneKeyKeepsTheFirstValue() {
    try (ReuseCache cache = lru(10 * SMALL, false, SLOW_DISK)) {
      MatrixValue first = small(1);
      cache.put(key("a"), first, 10, stats);
      cache.put(key("a"), small(2), 10, stats);
      assertSame(first, cache.get(key("a"), stats));
      assertEquals(1, count(ReuseCounter.PUTS));
      assertEquals(SMALL, cache.usedBytes());
    }
  }

  @Test
  void aValueLargerThanTheBudgetIsNeverStoredAndEvictsNothing() {
    try (ReuseCache cache = lru(SMALL + 100, true, FAST_DISK)) {
      cache.put(key("s"), ScalarValue.of(1.0), 1_000_000, stats);
      for (int i = 0; i < 3; i++) {
        cache.put(key("big"), matrix(20, 10, 1), 1_000_000, stats);
      }
      assertNull(cache.get(key("big"), stats));
      assertFalse(cache.inMemory(key("big")));
      assertFalse(cache.onDisk(key("big")));
      assertTrue(cache.inMemory(key("s")));
      assertEquals(1, cache.size());
      assertEquals(1, count(ReuseCounter.PUTS));
      assertEquals(0, count(ReuseCounter.EVICTIONS));
      assertEquals(0, count(ReuseCounter.SPILLS));
    }
  }

  @Test
  void aValueOfExactlyTheBudgetIsStored() {
    try (ReuseCache cache = lru(SMALL, false, SLOW_DISK)) {
      cache.put(key("a"), small(1), 10, stats);
      assertTrue(cache.inMemory(key("a")));
      assertEquals(SMALL, cache.usedBytes());
    }
  }

  @Test
  void delayedCachingStoresOnTheNthPutOnly() {
    try (ReuseCache cache = new ReuseCache(10 * SMALL, new LruEviction(), 3, false,
        SLOW_DISK)) {
      MatrixValue v = small(1);
      cache.put(key("a"), v, 10, stats);
      assertNull(cache.get(key("a"), stats));
      cache.put(key("a"), v, 10, stats);
      assertNull(cache.get(key("a"), stats));
      assertEquals(0, count(ReuseCounter.PUTS));
      assertEquals(0, cache.size());
      assertEquals(0, cache.usedBytes());
      cache.put(key("a"), v, 10, stats);
      assertSame(v, cache.get(key("a"), stats));
      assertEquals(1, count(ReuseCounter.PUTS));
      assertEquals(2, count(ReuseCounter.MISSES));
      assertEquals(1, count(ReuseCounter.HITS_MEMORY));
      assertEquals(SMALL, cache.usedBytes());
    }
  }

  @Test
  void lruEvictsTheLeastRecentlyUsedFirst() {
    try (ReuseCache cache = lru(3 * SMALL, false, SLOW_DISK)) {
      cache.put(key("a"), small(1), 10, stats);
      cache.put(key("b"), small(2), 10, stats);
      cache.put(key("c"), small(3), 10, stats);
      assertNotNull(cache.get(key("a"), stats)); // a is now more recent than b and c
      cache.put(key("d"), small(4), 10, stats);
      assertEquals(List.of("a", "c", "d"), inMemory(cache, "a", "b", "c", "d"));
      cache.put(key("e"), small(5), 10, stats);
      assertEquals(List.of("a", "d", "e"), inMemory(cache, "a", "b", "c", "d", "e"));
      assertEquals(2, count(ReuseCounter.EVICTIONS));
      assertEquals(0, count(ReuseCounter.SPILLS));
      assertEquals(3 * SMALL, cache.usedBytes());
      assertNull(cache.get(key("b"), stats)); // dropped: recomputed on the next probe
    }
  }

  /** A policy that scores each entry by a fixed table, the entries told apart by compute time. */
  private static EvictionPolicy scored(Map<Long, Double> scoreByComputeNanos) {
    return (entry, state) -> scoreByComputeNanos.get(entry.computeNanos());
  }

  @Test
  void aPolicyEvictsInAscendingScore() {
    EvictionPolicy policy = scored(Map.of(1L, 5.0, 2L, 1.0, 3L, 3.0, 4L, 4.0, 5L, 9.0));
    try (ReuseCache cache = new ReuseCache(3 * SMALL, policy, 1, false, SLOW_DISK)) {
      cache.put(key("a"), small(1), 1, stats);
      cache.put(key("b"), small(2), 2, stats);
      cache.put(key("c"), small(3), 3, stats);
      cache.put(key("d"), small(4), 4, stats); // b (1.0) goes
      assertEquals(List.of("a", "c", "d"), inMemory(cache, "a", "b", "c", "d"));
      cache.put(key("e"), small(5), 5, stats); // c (3.0) goes, though a was put earlier
      assertEquals(List.of("a", "d", "e"), inMemory(cache, "a", "b", "c", "d", "e"));
    }
  }

  @Test
  void aLargeValueEvictsAsManyEntriesAsItNeedsInScoreOrder() {
    EvictionPolicy policy = scored(Map.of(1L, 2.0, 2L, 1.0, 3L, 3.0, 4L, 0.0));
    try (ReuseCache cache = new ReuseCache(3 * SMALL, policy, 1, false, SLOW_DISK)) {
      cache.put(key("a"), small(1), 1, stats);
      cache.put(key("b"), small(2), 2, stats);
      cache.put(key("c"), small(3), 3, stats);
      cache.put(key("big"), matrix(20, 10, 4), 4, stats); // needs two entries' space
      assertEquals(List.of("big", "c"), inMemory(cache, "a", "b", "big", "c"));
      assertEquals(2, count(ReuseCounter.EVICTIONS));
      assertEquals(SMALL + LARGE, cache.usedBytes());
    }
  }

  @Test
  void equalScoresEvictTheLeastRecentlyUsedFirst() {
    EvictionPolicy constant = (entry, state) -> 7.0;
    try (ReuseCache cache = new ReuseCache(2 * SMALL, constant, 1, false, SLOW_DISK)) {
      cache.put(key("a"), small(1), 1, stats);
      cache.put(key("b"), small(2), 2, stats);
      assertNotNull(cache.get(key("a"), stats));
      cache.put(key("c"), small(3), 3, stats);
      assertEquals(List.of("a", "c"), inMemory(cache, "a", "b", "c"));
    }
  }

  @Test
  void thePolicySeesTheEntriesStatistics() {
    List<String> seen = new ArrayList<>();
    EvictionPolicy recording = (entry, state) -> {
      seen.add(entry.computeNanos() + ":" + entry.sizeBytes() + ":" + entry.hits() + ":"
          + entry.misses() + ":" + entry.height() + ":" + state.budgetBytes() + ":"
          + state.usedBytes());
      return entry.computeNanos();
    };
    try (ReuseCache cache = new ReuseCache(2 * SMALL, recording, 1, false, SLOW_DISK)) {
      LineageItem deep = new LineageItem("exp", "", new LineageItem("exp", "", key("x")));
      cache.put(deep, small(1), 7, stats);
      cache.get(deep, stats);
      cache.get(deep, stats);
      cache.put(key("b"), small(2), 9, stats);
      cache.put(key("c"), small(3), 11, stats);
      // an entry is scored whenever it is put or hit (the only times its statistics change),
      // which keeps the queue in the policy's order: deep at its put and two hits, b and c at
      // their puts; c's put evicts deep, the lowest
      assertEquals(List.of("11:" + SMALL + ":0:0:0:" + 2 * SMALL + ":" + 2 * SMALL,
          "7:" + SMALL + ":0:0:2:" + 2 * SMALL + ":" + SMALL,
          "7:" + SMALL + ":1:0:2:" + 2 * SMALL + ":" + SMALL,
          "7:" + SMALL + ":2:0:2:" + 2 * SMALL + ":" + SMALL,
          "9:" + SMALL + ":0:0:0:" + 2 * SMALL + ":" + 2 * SMALL), seen.stream().sorted()
          .toList());
      assertEquals(List.of("b", "c"), inMemory(cache, "b", "c"));
    }
  }

  // ---- spilling

  /** Cells a lossy or textual round trip would change: signed zeros, NaN, extremes. */
  private static MatrixValue awkward() {
    double[] v = new double[100];
    for (int i = 0; i < v.length; i++) {
      v[i] = Math.scalb(1.0 + i / 7.0, i - 50) * (i % 2 == 0 ? 1 : -1);
    }
    v[0] = -0.0;
    v[1] = Double.NaN;
    v[2] = Double.POSITIVE_INFINITY;
    v[3] = Double.NEGATIVE_INFINITY;
    v[4] = Double.MIN_VALUE;
    v[5] = Double.MAX_VALUE;
    v[6] = 0.1 + 0.2;
    return new MatrixValue(MatrixBlock.dense(10, 10, v));
  }

  private static void assertBitwiseEqual(MatrixValue expected, Data actual) {
    MatrixBlock a = expected.block();
    MatrixBlock b = assertInstanceOf(MatrixValue.class, actual).block();
    assertEquals(a.rows(), b.rows());
    assertEquals(a.cols(), b.cols());
    long[] x = new long[a.rows() * a.cols()];
    long[] y = new long[x.length];
    for (int i = 0; i < a.rows(); i++) {
      for (int j = 0; j < a.cols(); j++) {
        x[i * a.cols() + j] = Double.doubleToRawLongBits(a.get(i, j));
        y[i * a.cols() + j] = Double.doubleToRawLongBits(b.get(i, j));
      }
    }
    assertArrayEquals(x, y);
  }

  /** The folder the cache spills to (null before the first spill). */
  private static Path spillFolder(ReuseCache cache) {
    try {
      Field f = ReuseCache.class.getDeclaredField("spillFolder");
      f.setAccessible(true);
      return (Path) f.get(cache);
    } catch (ReflectiveOperationException e) {
      throw new AssertionError(e);
    }
  }

  private static List<Path> files(Path folder) throws IOException {
    try (Stream<Path> s = Files.list(folder)) {
      return s.sorted().toList();
    }
  }

  @Test
  void anExpensiveEvictedValueIsSpilledAndReloadedBitForBit() throws IOException {
    MatrixValue original = awkward();
    ReuseCache cache = lru(2 * SMALL, true, FAST_DISK);
    try {
      cache.put(key("a"), original, 5_000_000, stats);
      cache.put(key("b"), small(2), 5_000_000, stats);
      cache.put(key("c"), small(3), 5_000_000, stats);
      assertTrue(cache.onDisk(key("a")));
      assertFalse(cache.inMemory(key("a")));
      assertEquals(1, count(ReuseCounter.SPILLS));
      assertEquals(1, count(ReuseCounter.EVICTIONS));
      assertEquals(3, cache.size());
      assertEquals(2 * SMALL, cache.usedBytes());
      Path folder = spillFolder(cache);
      assertNotNull(folder);
      assertFalse(files(folder).isEmpty());

      Data back = cache.get(key("a"), stats);
      assertNotSame(original, back);
      assertBitwiseEqual(original, back);
      assertEquals(1, count(ReuseCounter.HITS_DISK));
      assertEquals(1, count(ReuseCounter.RELOADS));
      assertEquals(0, count(ReuseCounter.HITS_MEMORY));
      assertEquals(5_000_000, count(ReuseCounter.SAVED_NANOS));
      // no room without evicting: it stays on disk and is read again on the next hit
      assertTrue(cache.onDisk(key("a")));
      assertBitwiseEqual(original, cache.get(key("a"), stats));
      assertEquals(2, count(ReuseCounter.RELOADS));

      cache.clear();
      assertEquals(List.of(), files(folder));
      assertEquals(0, cache.size());
      assertEquals(0, cache.usedBytes());
      assertNull(cache.get(key("a"), stats));
      cache.close();
      assertFalse(Files.exists(folder));
    } finally {
      cache.close();
    }
  }

  @Test
  void aReloadedValueReturnsToMemoryWhenThereIsRoom() {
    try (ReuseCache cache = lru(SMALL + LARGE + 400, true, FAST_DISK)) {
      MatrixValue a = small(1);
      cache.put(key("a"), a, 5_000_000, stats);
      cache.put(key("big"), matrix(20, 10, 2), 5_000_000, stats);
      cache.put(key("c"), small(3), 5_000_000, stats); // a (least recent) goes to disk
      assertTrue(cache.onDisk(key("a")));
      cache.put(key("d"), small(4), 5_000_000, stats); // big goes: room for a again
      assertTrue(cache.onDisk(key("big")));
      assertEquals(2 * SMALL, cache.usedBytes());

      assertBitwiseEqual(a, cache.get(key("a"), stats));
      assertTrue(cache.inMemory(key("a")));
      assertEquals(3 * SMALL, cache.usedBytes());
      assertBitwiseEqual(a, cache.get(key("a"), stats));
      assertEquals(1, count(ReuseCounter.RELOADS));
      assertEquals(1, count(ReuseCounter.HITS_DISK));
      assertEquals(1, count(ReuseCounter.HITS_MEMORY));
    }
  }

  @Test
  void aReloadedValueEvictedAgainIsNotWrittenTwice() {
    try (ReuseCache cache = lru(SMALL + LARGE + 400, true, FAST_DISK)) {
      MatrixValue a = small(1);
      cache.put(key("a"), a, 5_000_000, stats);
      cache.put(key("big"), matrix(20, 10, 2), 5_000_000, stats);
      cache.put(key("c"), small(3), 5_000_000, stats);
      cache.put(key("d"), small(4), 5_000_000, stats);
      cache.get(key("a"), stats); // back in memory
      assertEquals(2, count(ReuseCounter.SPILLS));
      cache.put(key("e"), small(5), 5_000_000, stats);
      cache.put(key("f"), small(6), 5_000_000, stats);
      cache.put(key("g"), small(7), 5_000_000, stats); // c, d, then a leave memory
      assertTrue(cache.onDisk(key("a")));
      assertEquals(5, count(ReuseCounter.EVICTIONS));
      assertEquals(4, count(ReuseCounter.SPILLS)); // c, d written; a's file was still there
      assertBitwiseEqual(a, cache.get(key("a"), stats));
    }
  }

  @Test
  void closingDeletesSpilledFilesAndTheFolder() throws IOException {
    ReuseCache cache = lru(SMALL, true, FAST_DISK);
    cache.put(key("a"), small(1), 5_000_000, stats);
    cache.put(key("b"), small(2), 5_000_000, stats);
    assertTrue(cache.onDisk(key("a")));
    Path folder = spillFolder(cache);
    assertFalse(files(folder).isEmpty());
    cache.close();
    assertFalse(Files.exists(folder));
  }

  @Test
  void onASlowDiskAnEvictedValueIsDropped() {
    try (ReuseCache cache = lru(SMALL, true, SLOW_DISK)) {
      cache.put(key("a"), small(1), 5_000_000, stats);
      cache.put(key("b"), small(2), 5_000_000, stats);
      assertFalse(cache.onDisk(key("a")));
      assertFalse(cache.inMemory(key("a")));
      assertEquals(1, count(ReuseCounter.EVICTIONS));
      assertEquals(0, count(ReuseCounter.SPILLS));
      assertNull(spillFolder(cache));
      assertNull(cache.get(key("a"), stats));
    }
  }

  @Test
  void aValueCheaperToRecomputeThanToReadBackIsDropped() {
    // 1 GB/s: writing and reading 912 bytes back takes about 1.8 microseconds
    DiskBandwidth disk = DiskBandwidth.of(1e9);
    try (ReuseCache cache = lru(2 * SMALL, true, disk)) {
      cache.put(key("cheap"), small(1), 1_000, stats);
      cache.put(key("dear"), small(2), 1_000_000, stats);
      cache.put(key("c"), small(3), 10, stats);
      cache.put(key("d"), small(4), 10, stats);
      assertFalse(cache.onDisk(key("cheap")));
      assertTrue(cache.onDisk(key("dear")));
      assertEquals(2, count(ReuseCounter.EVICTIONS));
      assertEquals(1, count(ReuseCounter.SPILLS));
    }
  }

  @Test
  void withSpillingOffAnEvictedValueIsDropped() {
    try (ReuseCache cache = lru(SMALL, false, FAST_DISK)) {
      cache.put(key("a"), small(1), 5_000_000, stats);
      cache.put(key("b"), small(2), 5_000_000, stats);
      assertFalse(cache.onDisk(key("a")));
      assertEquals(0, count(ReuseCounter.SPILLS));
      assertNull(spillFolder(cache));
    }
  }

  @Test
  void scalarsAreDroppedNotSpilled() {
    try (ReuseCache cache = lru(SMALL, true, FAST_DISK)) {
      cache.put(key("s"), ScalarValue.of(3.0), 5_000_000, stats);
      cache.put(key("a"), small(1), 5_000_000, stats);
      assertFalse(cache.onDisk(key("s")));
      assertFalse(cache.inMemory(key("s")));
      assertEquals(0, count(ReuseCounter.SPILLS));
    }
  }

  @Test
  void concurrentHitsOfOneSpilledValueAllSucceed() throws Exception {
    // parfor workers probing the same spilled intermediate at once: one of them brings it
    // back to memory while the others are still reading the file
    int threads = 8;
    ExecutorService pool = Executors.newFixedThreadPool(threads);
    try {
      for (int round = 0; round < 50; round++) {
        try (ReuseCache cache = lru(SMALL + LARGE + 400, true, FAST_DISK)) {
          MatrixValue a = small(round);
          cache.put(key("a"), a, 5_000_000, stats);
          cache.put(key("big"), matrix(20, 10, 2), 5_000_000, stats);
          cache.put(key("c"), small(3), 5_000_000, stats);
          cache.put(key("d"), small(4), 5_000_000, stats); // a on disk, room to reload it
          assertTrue(cache.onDisk(key("a")));
          CyclicBarrier start = new CyclicBarrier(threads);
          List<Future<Data>> hits = new ArrayList<>();
          for (int t = 0; t < threads; t++) {
            hits.add(pool.submit(() -> {
              start.await();
              return cache.get(key("a"), stats);
            }));
          }
          for (Future<Data> h : hits) {
            assertBitwiseEqual(a, h.get());
          }
          assertTrue(cache.inMemory(key("a")));
        }
      }
    } finally {
      pool.shutdownNow();
    }
  }

  // ---- whole function calls

  @Test
  void getAllReturnsEveryValueOrNothing() {
    try (ReuseCache cache = lru(10 * SMALL, false, SLOW_DISK)) {
      MatrixValue a = small(1);
      ScalarValue b = ScalarValue.of(4L);
      cache.put(key("a"), a, 300, stats);
      cache.put(key("b"), b, 700, stats);
      assertNull(cache.getAll(List.of(key("a"), key("b"), key("missing")), stats));
      assertEquals(1, count(ReuseCounter.MISSES));
      assertEquals(0, count(ReuseCounter.HITS_FUNCTION));
      assertEquals(0, count(ReuseCounter.SAVED_NANOS));

      Data[] both = cache.getAll(List.of(key("a"), key("b")), stats);
      assertNotNull(both);
      assertSame(a, both[0]);
      assertSame(b, both[1]);
      assertEquals(1, count(ReuseCounter.HITS_FUNCTION));
      assertEquals(0, count(ReuseCounter.HITS_MEMORY));
      assertEquals(700, count(ReuseCounter.SAVED_NANOS));
    }
  }

  @Test
  void aFailedGetAllTouchesNoEntry() {
    try (ReuseCache cache = lru(2 * SMALL, false, SLOW_DISK)) {
      cache.put(key("a"), small(1), 10, stats);
      cache.put(key("b"), small(2), 10, stats);
      // a would become the most recently used if the partial hit counted
      assertNull(cache.getAll(List.of(key("a"), key("missing")), stats));
      cache.put(key("c"), small(3), 10, stats);
      assertEquals(List.of("b", "c"), inMemory(cache, "a", "b", "c"));
    }
  }

  @Test
  void getAllDoesNotReloadASpilledResult() {
    try (ReuseCache cache = lru(2 * SMALL, true, FAST_DISK)) {
      cache.put(key("a"), small(1), 5_000_000, stats);
      cache.put(key("b"), small(2), 5_000_000, stats);
      cache.put(key("c"), small(3), 5_000_000, stats);
      assertTrue(cache.onDisk(key("a")));
      assertNull(cache.getAll(List.of(key("a"), key("b")), stats));
      assertEquals(0, count(ReuseCounter.RELOADS));
      assertTrue(cache.onDisk(key("a")));
    }
  }

  @Test
  void getAllMissesAResultNotYetCachedUnderDelayedCaching() {
    try (ReuseCache cache = new ReuseCache(10 * SMALL, new LruEviction(), 2, false,
        SLOW_DISK)) {
      cache.put(key("a"), small(1), 10, stats);
      assertNull(cache.getAll(List.of(key("a")), stats));
      cache.put(key("a"), small(1), 10, stats);
      assertNotNull(cache.getAll(List.of(key("a")), stats));
    }
  }

  @Test
  void invalidSettingsAreRejected() {
    assertThrows(IllegalArgumentException.class,
        () -> new ReuseCache(-1, new LruEviction(), 1, false, SLOW_DISK));
    assertThrows(IllegalArgumentException.class,
        () -> new ReuseCache(100, new LruEviction(), 0, false, SLOW_DISK));
    assertThrows(NullPointerException.class, () -> new ReuseCache(100, null, 1, false, SLOW_DISK));
    assertThrows(IllegalArgumentException.class, () -> DiskBandwidth.of(0));
    assertThrows(IllegalArgumentException.class, () -> DiskBandwidth.of(Double.NaN));
  }

  /** The names among {@code names} whose keys have a value in memory, in the given order. */
  private static List<String> inMemory(ReuseCache cache, String... names) {
    List<String> out = new ArrayList<>();
    for (String n : names) {
      if (cache.inMemory(key(n))) {
        out.add(n);
      }
    }
    return out;
  }
}
