package org.planlab.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import java.util.Comparator;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.planlab.engine.spi.EvictionPolicy;
import org.planlab.engine.spi.Plugins;
import org.planlab.engine.spi.StrategyKind;
import org.planlab.optimizers.eviction.MemphisSparkEviction;

/** MEMPHIS eq. 1: RDDs are unpersisted in ascending (hits + misses + jobs) * c(o) / s(o). */
class SparkReuseEvictionPolicyTest {
  private record Stub(String name, long sizeBytes, long computeNanos, long hits, long misses,
      long jobs) implements EvictionPolicy.CacheEntry {
    @Override
    public long lastAccess() {
      return 0;
    }

    @Override
    public int height() {
      return 0;
    }
  }

  private static final EvictionPolicy.CacheState STATE = new EvictionPolicy.CacheState() {
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
      return 0;
    }
  };

  @Test
  void scoreIsReferencesTimesCostPerByte() {
    double s = new MemphisSparkEviction().score(new Stub("o", 1000, 5000, 2, 1, 3), STATE);
    assertEquals((2 + 1 + 3) * 5000.0 / 1000, s, 1e-12);
  }

  @Test
  void evictsInAscendingOrderOfEquationOne() {
    List<Stub> entries = List.of(
        new Stub("jobsOnly", 1000, 1000, 0, 0, 4), // 4
        new Stub("fresh", 10, 1_000_000, 0, 0, 0), // 0
        new Stub("hotButLarge", 1_000_000, 1000, 10, 0, 0), // 0.01
        new Stub("missedCheap", 1000, 1000, 0, 2, 0), // 2
        new Stub("hitsAndJobs", 100, 1000, 3, 1, 2)); // 60
    MemphisSparkEviction p = new MemphisSparkEviction();
    List<String> order = entries.stream()
        .sorted(Comparator.comparingDouble((Stub e) -> p.score(e, STATE)))
        .map(Stub::name).toList();
    assertEquals(List.of("fresh", "hotButLarge", "missedCheap", "jobsOnly", "hitsAndJobs"),
        order);
  }

  @Test
  void jobsDefaultToZeroForEntriesThatDoNotCountThem() {
    EvictionPolicy.CacheEntry local = new EvictionPolicy.CacheEntry() {
      public long sizeBytes() {
        return 100;
      }

      public long computeNanos() {
        return 100;
      }

      public long hits() {
        return 1;
      }

      public long misses() {
        return 0;
      }

      public long lastAccess() {
        return 0;
      }

      public int height() {
        return 0;
      }
    };
    assertEquals(0, local.jobs());
    assertEquals(1.0, new MemphisSparkEviction().score(local, STATE), 1e-12);
  }

  @Test
  void isRegisteredAsMemphisSpark() {
    assertInstanceOf(MemphisSparkEviction.class,
        Plugins.load().create(StrategyKind.EVICTION, "memphis-spark"));
  }
}
