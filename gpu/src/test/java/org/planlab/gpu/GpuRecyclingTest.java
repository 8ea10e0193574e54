package org.planlab.gpu;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * MEMPHIS sec. 4.2 on a mini-batch loop of fixed shapes: once the device is full, every
 * allocation of an iteration finds a free buffer of its exact size, so cudaMalloc calls stop
 * growing with the number of iterations.
 */
class GpuRecyclingTest {
  private static final String MINI_BATCH = """
      X = read($X)
      y = round(read($y))
      W = matrix(0, ncol(X), 1)
      for (i in 1:$iters) {
        beg = ((i - 1) %% 4) * 64 + 1
        batch = X[beg:(beg + 63), ]
        yb = y[beg:(beg + 63), ]
        H = sigmoid(batch %*% W)
        W = W - 0.01 * t(batch) %*% (H - yb)
      }
      """;

  @TempDir
  Path dir;

  /**
   * MEMPHIS sec. 5.1 on the device: {@code t(batch) %*% batch} is a remote chain root (only
   * the driver's {@code cbind} reads it), so with async execution the kernel and its copy to
   * the host run as a prefetch. Results equal CP's, and the roots' device buffers go to the
   * free list once copied, instead of staying live.
   */
  @Test
  void prefetchedDeviceResultsLeaveNoLiveBuffersBehind() {
    String dml = """
        X = read($X)
        s = 0
        for (i in 1:30) {
          beg = ((i - 1) %% 4) * 64 + 1
          batch = X[beg:(beg + 63), ]
          Q = t(batch) %*% batch
          s = s + sum(cbind(Q, Q)) + i
        }
        print(s)
        """;
    Path x = GpuRuns.write(dir, "X", GpuRuns.uniform(1, 256, 16, -1, 1));
    Map<String, String> args = Map.of("X", x.toString());
    GpuRuns.Run cp = GpuRuns.run(dir, dml, args, GpuRuns.cp(dir, "none").build());
    GpuRuns.Run gpu = GpuRuns.run(dir, dml, args, GpuRuns.gpu(dir, "none", GpuRuns.sim("64m"))
        .ordering("max-parallelize").async(true).timeline(true).build());
    assertEquals(cp.printed(), gpu.printed());
    assertTrue(gpu.statistics().timeline().stream().anyMatch(
        sp -> sp.name().equals("prefetch gpu_tsmm")), "the device's tsmm ran as a prefetch");
    assertTrue(gpu.liveAtEnd() <= 4, gpu.liveAtEnd() + " buffers live after 30 iterations");
  }

  @ParameterizedTest(name = "fusion={0}")
  @ValueSource(strings = {"none", "mpskip"})
  void aFixedShapeLoopRecyclesInsteadOfAllocating(String fusion) {
    Path x = GpuRuns.write(dir, "X", GpuRuns.uniform(1, 256, 16, -1, 1));
    Path y = GpuRuns.write(dir, "y", GpuRuns.uniform(2, 256, 1, 0, 1));
    // a batch is 8 KB: the device holds about two iterations' intermediates
    String device = GpuRuns.sim("40k");
    long[] mallocs = new long[2];
    int[] iters = {20, 50};
    for (int k = 0; k < 2; k++) {
      Map<String, String> args = Map.of("X", x.toString(), "y", y.toString(),
          "iters", "" + iters[k]);
      GpuRuns.Run cp = GpuRuns.run(dir, MINI_BATCH, args, GpuRuns.cp(dir, fusion).build());
      GpuRuns.Run gpu = GpuRuns.run(dir, MINI_BATCH, args,
          GpuRuns.gpu(dir, fusion, device).build());
      GpuRuns.assertSameVariables(cp, gpu, GpuRuns.TOL);
      assertTrue(gpu.opcodes().containsAll(fusion.equals("none")
          ? java.util.List.of("gpu_tlmm", "gpu_ba+*", "gpu_usigmoid")
          : java.util.List.of("gpu_spoofRow")), gpu.opcodes().toString());
      assertTrue(gpu.counter("gpu.recycled") > iters[k], iters[k] + " iterations: "
          + gpu.gpu());
      assertTrue(gpu.counter("gpu.peak_bytes") <= 40 * 1024, gpu.gpu().toString());
      mallocs[k] = gpu.counter("gpu.mallocs");
    }
    assertEquals(mallocs[0], mallocs[1], "cudaMalloc calls grew with the iterations: "
        + mallocs[0] + " for " + iters[0] + ", " + mallocs[1] + " for " + iters[1]);
  }
}
