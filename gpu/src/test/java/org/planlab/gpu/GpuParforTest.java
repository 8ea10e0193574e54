package org.planlab.gpu;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * parfor workers run device kernels concurrently on a shared matrix and on their own, on a
 * device small enough that buffers are recycled and freed while other workers' kernels run:
 * no buffer in use is given up, so every run equals CP.
 */
class GpuParforTest {
  private static final String PARFOR = """
      X = read($X)
      W = read($W)
      R = matrix(0, 16, 2)
      parfor (i in 1:16, par=4) {
        Xi = X * i
        G = t(Xi) %*% X
        S = sigmoid(X %*% W + i)
        R[i, 1] = sum(G)
        R[i, 2] = sum(S * i) + sum(Xi)
      }
      """;

  @TempDir
  Path dir;

  @Test
  void concurrentWorkersOnASmallDeviceGiveTheCpResult() {
    Map<String, String> args = Map.of(
        "X", GpuRuns.write(dir, "X", GpuRuns.uniform(5, 200, 10, -1, 1)).toString(),
        "W", GpuRuns.write(dir, "W", GpuRuns.uniform(6, 10, 1, -1, 1)).toString());
    GpuRuns.Run cp = GpuRuns.run(dir, PARFOR, args, GpuRuns.cp(dir, "none").build());
    for (String fusion : new String[] {"none", "mpskip", "none"}) {
      // X and each worker's Xi are 16 KB: four workers' kernels fit, their results do not
      GpuRuns.Run gpu = GpuRuns.run(dir, PARFOR, args,
          GpuRuns.gpu(dir, fusion, GpuRuns.sim("100k")).parallelism(4).build());
      GpuRuns.assertSameVariables(cp, gpu, GpuRuns.TOL);
      assertTrue(gpu.counter("gpu.recycled") + gpu.counter("gpu.frees") > 0,
          gpu.gpu().toString());
      assertTrue(gpu.gpuOpcodes() >= 3, gpu.opcodes().toString());
    }
  }
}
