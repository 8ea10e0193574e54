package org.planlab.gpu;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.planlab.engine.config.ReuseConfig;
import org.planlab.engine.lineage.ReuseMode;
import org.planlab.engine.stats.ReuseCounter;

/**
 * Lineage-based reuse of device intermediates (MEMPHIS sec. 4.2, Fig. 8(c)): a cached result
 * whose buffer went to the free list between uses moves back to the live list on a hit; on a
 * device too small to keep it, its pointer is recycled and the stale entry is not returned.
 */
class GpuReuseTest {
  /** Grid search over lambdas: t(X) %*% X and t(X) %*% y do not depend on lambda. */
  private static final String GRID = """
      X = read($X)
      y = read($y)
      B = matrix(0, ncol(X), 4)
      for (i in 1:4) {
        lambda = i / 10
        A = t(X) %*% X + diag(matrix(lambda, ncol(X), 1))
        b = t(X) %*% y
        B[, i] = solve(A, b)
      }
      """;

  private static final ReuseConfig FULL = new ReuseConfig(ReuseMode.FULL, "costnsize", 0, 1,
      true);

  @TempDir
  Path dir;

  private Map<String, String> inputs() {
    // 2000 x 20: t(X) %*% X takes far longer than the cache's 10 us admission threshold
    return Map.of("X", GpuRuns.write(dir, "X", GpuRuns.uniform(3, 2000, 20, -1, 1)).toString(),
        "y", GpuRuns.write(dir, "y", GpuRuns.uniform(4, 2000, 1, -1, 1)).toString());
  }

  private static long hits(GpuRuns.Run r) {
    return r.statistics().reuse().getOrDefault(ReuseCounter.HITS_MEMORY, 0L);
  }

  @Test
  void aCachedDeviceResultOnTheFreeListIsReused() {
    Map<String, String> args = inputs();
    GpuRuns.Run cp = GpuRuns.run(dir, GRID, args, GpuRuns.cp(dir, "none").build());
    GpuRuns.Run plain = GpuRuns.run(dir, GRID, args,
        GpuRuns.gpu(dir, "none", GpuRuns.sim("64m")).build());
    GpuRuns.Run reuse = GpuRuns.run(dir, GRID, args,
        GpuRuns.gpu(dir, "none", GpuRuns.sim("64m")).reuse(FULL).build());

    assertTrue(hits(reuse) >= 3, "reuse: " + reuse.statistics().reuse());
    assertTrue(reuse.counter("gpu.reused") >= 3, reuse.gpu().toString());
    assertTrue(reuse.counter("gpu.mallocs") < plain.counter("gpu.mallocs"),
        "mallocs with reuse " + reuse.gpu() + ", without " + plain.gpu());
    assertTrue(reuse.opcodes().contains("gpu_tsmm"), reuse.opcodes().toString());
    GpuRuns.assertSameVariables(plain, reuse, GpuRuns.TOL);
    GpuRuns.assertSameVariables(cp, reuse, GpuRuns.TOL);
  }

  @Test
  void recycledCachedPointersAreNotReturnedOnATinyDevice() {
    Map<String, String> args = Map.of(
        "X", GpuRuns.write(dir, "Xs", GpuRuns.uniform(5, 400, 20, -1, 1)).toString(),
        "y", GpuRuns.write(dir, "ys", GpuRuns.uniform(6, 400, 1, -1, 1)).toString());
    GpuRuns.Run cp = GpuRuns.run(dir, GRID, args, GpuRuns.cp(dir, "none").build());
    // X (64 KB) and a few 20 x 20 results fill the device: the cached sums are recycled for
    // the next iteration's outputs of the same size; lru keeps the recycling order fixed
    GpuRuns.Run reuse = GpuRuns.run(dir, GRID, args, GpuRuns.gpu(dir, "none",
        GpuRuns.sim("" + (64_000 + 4 * 3200)) + ",eviction=lru").reuse(
            new ReuseConfig(ReuseMode.FULL, "costnsize", 0, 1, true, 0)).build());

    assertTrue(reuse.counter("gpu.evicted_cached") > 0, reuse.gpu().toString());
    assertTrue(reuse.counter("gpu.recycled") > 0, reuse.gpu().toString());
    assertTrue(hits(reuse) > 0, "reuse: " + reuse.statistics().reuse());
    GpuRuns.assertSameVariables(cp, reuse, GpuRuns.TOL);
  }
}
