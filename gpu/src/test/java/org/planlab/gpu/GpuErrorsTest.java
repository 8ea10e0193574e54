package org.planlab.gpu;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.planlab.engine.api.Engine;
import org.planlab.engine.runtime.DmlRuntimeException;

/** What a user sees for a missing CUDA device, bad options and a device too small. */
class GpuErrorsTest {
  @TempDir
  Path dir;

  @Test
  void cudaWithoutADeviceFailsAtEngineCreationNamingTheSimulatedDevice() {
    IllegalStateException e = assertThrows(IllegalStateException.class,
        () -> Engine.create(GpuRuns.gpu(dir, "none", "gpu:device=cuda").build()).close());
    assertTrue(e.getMessage().startsWith("no GPU to run on: "), e.getMessage());
    assertTrue(e.getMessage().contains("--gpu sim"), e.getMessage());
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiter = '|', value = {
      "device=tpu|device must be cuda or sim, was 'tpu'",
      "memory=-1|memory",
      "memory=512|memory must be at least 1k",
      "bandwidth=0|bandwidth must be >= 1",
      "mallocLatency=abc|mallocLatency: a duration such as 50us",
      "freeLatency=-5us|freeLatency: a duration"})
  void badOptionsNameTheOption(String option, String message) {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> Engine.create(GpuRuns.gpu(dir, "none", "gpu:"
            + (option.startsWith("device=") ? "" : "device=sim,") + option).build()).close());
    assertTrue(e.getMessage().contains(message), option + ": " + e.getMessage());
  }

  /**
   * A sparse input's memory estimate fits the device, but the simulated kernel writes a dense
   * output of 2 MB to a 256 KB device: the allocation fails with everything else released.
   */
  @Test
  void anOperationLargerThanTheDeviceFailsWithDeviceOutOfMemory() {
    String dml = """
        X = rand(rows=500, cols=500, sparsity=0.01, seed=7)
        Y = X * 2
        s = sum(Y)
        print(s)
        """;
    DmlRuntimeException e = assertThrows(DmlRuntimeException.class, () -> GpuRuns.run(dir, dml,
        Map.of(), GpuRuns.gpu(dir, "none", GpuRuns.sim("256k")).build()));
    assertTrue(e.getMessage().contains("device out of memory: simulated device"),
        e.getMessage());
    assertTrue(e.getMessage().contains("cannot allocate 2000000 bytes for a 500x500 matrix"),
        e.getMessage());
  }
}
