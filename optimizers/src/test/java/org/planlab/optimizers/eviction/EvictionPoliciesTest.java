package org.planlab.optimizers.eviction;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.planlab.engine.api.Engine;
import org.planlab.engine.config.EngineConfig;
import org.planlab.engine.config.ReuseConfig;
import org.planlab.engine.data.MatrixValue;
import org.planlab.engine.lineage.DiskBandwidth;
import org.planlab.engine.lineage.LineageItem;
import org.planlab.engine.lineage.ReuseCache;
import org.planlab.engine.lineage.ReuseMode;
import org.planlab.engine.matrix.MatrixBlock;
import org.planlab.engine.spi.EvictionPolicy;
import org.planlab.engine.spi.EvictionPolicy.CacheEntry;
import org.planlab.engine.spi.EvictionPolicy.CacheState;
import org.planlab.engine.spi.LruEviction;
import org.planlab.engine.spi.Plugins;
import org.planlab.engine.spi.StrategyKind;
import org.planlab.engine.spi.StrategyProvider;
import org.planlab.engine.stats.ReuseCounter;
import org.planlab.engine.stats.Statistics;

/**
 * The eviction policies of the reuse cache (MEMPHIS sec. 4, eq. 1; LIMA's Cost&Size and
 * DAG-Height): their scores on hand-built cache entries, the eviction order they give the
 * cache, and how they are found by name.
 */
class EvictionPoliciesTest {
  private static final CacheState STATE = new CacheState() {
    @Override
    public long now() {
      return 100;
    }

    @Override
    public long budgetBytes() {
      return 1 << 20;
    }

    @Override
    public long usedBytes() {
      return 1 << 19;
    }
  };

  /** A cached intermediate as a policy sees it. */
  private record Entry(String name, long sizeBytes, long computeNanos, long hits, long misses,
      long lastAccess, int height) {
    CacheEntry view() {
      Entry e = this;
      return new CacheEntry() {
        @Override
        public long sizeBytes() {
          return e.sizeBytes;
        }

        @Override
        public long computeNanos() {
          return e.computeNanos;
        }

        @Override
        public long hits() {
          return e.hits;
        }

        @Override
        public long misses() {
          return e.misses;
        }

        @Override
        public long lastAccess() {
          return e.lastAccess;
        }

        @Override
        public int height() {
          return e.height;
        }
      };
    }
  }

  private static Entry entry(String name, long size, long compute, long hits, long misses) {
    return new Entry(name, size, compute, hits, misses, 1, 0);
  }

  private static Entry deep(String name, int height, long lastAccess) {
    return new Entry(name, 1000, 1000, 0, 0, lastAccess, height);
  }

  /** The names in the order the cache evicts them: ascending score (MAKE_SPACE). */
  private static List<String> evictionOrder(EvictionPolicy p, List<Entry> entries) {
    List<Entry> sorted = new ArrayList<>(entries);
    sorted.sort(Comparator.comparingDouble(e -> p.score(e.view(), STATE)));
    return sorted.stream().map(Entry::name).toList();
  }

  // ---- costnsize

  @Test
  void costAndSizeScoresReferencesTimesComputePerByte() {
    CostAndSizeEviction p = new CostAndSizeEviction();
    // (1 + 3 + 2) x 8,000 ns / 400 bytes
    assertEquals(120.0, p.score(entry("e", 400, 8_000, 3, 2).view(), STATE));
    assertEquals(20.0, p.score(entry("e", 400, 8_000, 0, 0).view(), STATE));
  }

  @Test
  void costAndSizeEvictsTheCheapestPerByteFirst() {
    List<Entry> entries = List.of(
        entry("expensive", 1_000, 1_000_000, 0, 0), // 1000 ns per byte
        entry("cheap", 1_000, 1_000, 0, 0), // 1 ns per byte
        entry("large", 100_000, 1_000_000, 0, 0), // 10 ns per byte
        entry("popular", 1_000, 1_000, 99, 0), // 100 references: 100 ns per byte
        entry("awaited", 1_000, 1_000, 0, 49)); // misses count as references: 50
    assertEquals(List.of("cheap", "large", "awaited", "popular", "expensive"),
        evictionOrder(new CostAndSizeEviction(), entries));
  }

  @Test
  void costAndSizeKeepsAValueThatIsAskedForMore() {
    CostAndSizeEviction p = new CostAndSizeEviction();
    double once = p.score(entry("e", 500, 5_000, 0, 0).view(), STATE);
    double often = p.score(entry("e", 500, 5_000, 1, 0).view(), STATE);
    double larger = p.score(entry("e", 1_000, 5_000, 0, 0).view(), STATE);
    assertTrue(often > once);
    assertTrue(larger < once);
  }

  @Test
  void costAndSizeOfAnEmptyValueIsFinite() {
    double s = new CostAndSizeEviction().score(entry("e", 0, 5_000, 0, 0).view(), STATE);
    assertEquals(5_000.0, s);
  }

  // ---- dagheight

  @Test
  void dagHeightEvictsTheDeepestFirst() {
    List<Entry> entries = List.of(deep("h3", 3, 1), deep("h0", 0, 2), deep("h17", 17, 3),
        deep("h1", 1, 4));
    assertEquals(List.of("h17", "h3", "h1", "h0"), evictionOrder(new DagHeightEviction(),
        entries));
  }

  @Test
  void dagHeightIgnoresCostAndUse() {
    DagHeightEviction p = new DagHeightEviction();
    Entry a = new Entry("a", 10, 1, 0, 0, 1, 5);
    Entry b = new Entry("b", 1_000_000, 1_000_000_000, 1_000, 1_000, 99, 5);
    assertEquals(p.score(a.view(), STATE), p.score(b.view(), STATE));
  }

  @Test
  void lruScoresTheLastAccess() {
    assertEquals(List.of("old", "mid", "new"), evictionOrder(new LruEviction(),
        List.of(deep("new", 0, 90), deep("old", 0, 10), deep("mid", 0, 50))));
  }

  // ---- memphis-gpu

  @Test
  void memphisGpuAddsRecencyInverseHeightAndCost() {
    MemphisGpuEviction p = new MemphisGpuEviction();
    // last access 50 of now 100, height 4, 1 ms of compute: 0.5 + 0.25 + 0.5
    assertEquals(1.25, p.score(new Entry("e", 800, 1_000_000, 0, 0, 50, 4).view(), STATE),
        1e-12);
    // a leaf counts as height 1, no compute adds nothing
    assertEquals(1.1, p.score(new Entry("e", 800, 0, 0, 0, 10, 0).view(), STATE), 1e-12);
  }

  @Test
  void memphisGpuRecyclesTheStaleDeepAndCheapFirst() {
    List<Entry> entries = List.of(
        new Entry("recent", 800, 1_000, 0, 0, 99, 8), // reused within the mini-batch
        new Entry("stale", 800, 1_000, 0, 0, 5, 8),
        new Entry("pipeline", 800, 1_000, 0, 0, 5, 1), // short trace: a sliced batch
        new Entry("product", 800, 50_000_000, 0, 0, 5, 8)); // an expensive matrix product
    // stale 0.05 + 0.125 + 0.001; pipeline 0.05 + 1 + 0.001; recent 0.99 + 0.125 + 0.001;
    // product 0.05 + 0.125 + 0.98
    assertEquals(List.of("stale", "pipeline", "recent", "product"),
        evictionOrder(new MemphisGpuEviction(), entries));
  }

  // ---- in the cache

  private static MatrixValue value(int cells) {
    double[] v = new double[cells];
    Arrays.fill(v, 1.5);
    return new MatrixValue(MatrixBlock.dense(1, cells, v));
  }

  private static LineageItem chainOf(String name, int height) {
    LineageItem item = new LineageItem("leaf", name);
    for (int i = 0; i < height; i++) {
      item = new LineageItem("exp", "", item);
    }
    return item;
  }

  @Test
  void theCacheEvictsByCostAndSize() {
    Statistics stats = new Statistics();
    // three 1x100 values of 912 bytes each (48 + 800 + 64); room for three
    try (ReuseCache cache = new ReuseCache(3 * 912, new CostAndSizeEviction(), 1, false,
        DiskBandwidth.of(1))) {
      LineageItem dear = chainOf("dear", 0);
      LineageItem cheap = chainOf("cheap", 0);
      LineageItem used = chainOf("used", 0);
      cache.put(dear, value(100), 1_000_000, stats);
      cache.put(cheap, value(100), 2_000, stats);
      cache.put(used, value(100), 2_000, stats);
      cache.get(used, stats); // 2 references: it outscores cheap
      cache.put(chainOf("new", 0), value(100), 1_000, stats);
      assertFalse(cache.inMemory(cheap));
      assertTrue(cache.inMemory(dear));
      assertTrue(cache.inMemory(used));
      assertEquals(1, stats.reuse(ReuseCounter.EVICTIONS));
    }
  }

  @Test
  void theCacheEvictsByDagHeightThenLeastRecentlyUsed() {
    Statistics stats = new Statistics();
    try (ReuseCache cache = new ReuseCache(3 * 912, new DagHeightEviction(), 1, false,
        DiskBandwidth.of(1))) {
      LineageItem shallow = chainOf("a", 1);
      LineageItem deepOld = chainOf("b", 4);
      LineageItem deepNew = chainOf("c", 4);
      cache.put(shallow, value(100), 1_000, stats);
      cache.put(deepOld, value(100), 1_000, stats);
      cache.put(deepNew, value(100), 1_000, stats);
      cache.put(chainOf("d", 0), value(100), 1_000, stats);
      assertFalse(cache.inMemory(deepOld));
      assertTrue(cache.inMemory(deepNew));
      assertTrue(cache.inMemory(shallow));
      cache.put(chainOf("e", 0), value(100), 1_000, stats);
      assertFalse(cache.inMemory(deepNew));
      assertTrue(cache.inMemory(shallow));
    }
  }

  // ---- found by name

  @Test
  void theListingShowsEveryPolicy() {
    Plugins plugins = Plugins.load();
    List<String> names = plugins.providers(StrategyKind.EVICTION).stream()
        .map(StrategyProvider::name).toList();
    assertTrue(names.containsAll(List.of("lru", "costnsize", "dagheight", "memphis-spark",
        "memphis-gpu")), names.toString());
    for (StrategyProvider<EvictionPolicy> p : plugins.providers(StrategyKind.EVICTION)) {
      assertFalse(p.description().isBlank(), p.name());
    }
  }

  @Test
  void policiesAreCreatedBySpec() {
    Plugins plugins = Plugins.load();
    assertInstanceOf(LruEviction.class, plugins.create(StrategyKind.EVICTION, "lru"));
    assertInstanceOf(CostAndSizeEviction.class,
        plugins.create(StrategyKind.EVICTION, "costnsize"));
    assertInstanceOf(DagHeightEviction.class,
        plugins.create(StrategyKind.EVICTION, "dagheight"));
  }

  @Test
  void anUnknownPolicyIsAnErrorListingTheKnownOnes() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> Plugins.load().create(StrategyKind.EVICTION, "fifo"));
    assertUnknownPolicyMessage(e.getMessage());
  }

  @Test
  void anEngineWithAnUnknownPolicyIsNotCreated() {
    EngineConfig config = EngineConfig.builder().fusion("none").parallelism(1)
        .reuse(new ReuseConfig(ReuseMode.FULL, "fifo", 0, 1, true)).build();
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> Engine.create(config).close());
    assertUnknownPolicyMessage(e.getMessage());
  }

  private static void assertUnknownPolicyMessage(String message) {
    assertTrue(message.contains("eviction policy"), message);
    assertTrue(message.contains("'fifo'"), message);
    for (String name : List.of("lru", "costnsize", "dagheight")) {
      assertTrue(message.contains(name), message);
    }
  }
}
