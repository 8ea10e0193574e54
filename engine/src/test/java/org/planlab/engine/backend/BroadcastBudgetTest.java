package org.planlab.engine.backend;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;
import org.planlab.engine.api.Engine;
import org.planlab.engine.codegen.select.DistributedExecution;
import org.planlab.engine.codegen.select.DistributedExecution.Scope;
import org.planlab.engine.config.EngineConfig;
import org.planlab.engine.config.ExecMode;
import org.planlab.engine.ir.ExecType;

/**
 * What the fusion cost model learns of distributed execution (fusion paper, sec. 4.2): which
 * operators the engine's mode places on the distributed backend, and that backend's broadcast
 * budget through the {@link Backend} SPI.
 */
class BroadcastBudgetTest {

  private static DistributedExecution of(ExecMode mode, String spark) {
    EngineConfig c = EngineConfig.builder().fusion("none").parallelism(1).exec(mode)
        .localMemoryBudget(1 << 20).backend(ExecType.SPARK, spark)
        .backend(ExecType.GPU, "handles-gpu").build();
    try (Engine e = Engine.create(c)) {
      return e.distributedExecution();
    }
  }

  @Test
  void theModeDecidesWhichOperatorsRunDistributed() {
    assertEquals(DistributedExecution.NONE, of(ExecMode.SINGLENODE, "handles"));
    assertEquals(DistributedExecution.NONE, of(ExecMode.GPU, "handles"));
    assertEquals(new DistributedExecution(Scope.EXCEEDING_LOCAL_BUDGET, Long.MAX_VALUE),
        of(ExecMode.HYBRID, "handles"));
    assertEquals(new DistributedExecution(Scope.ALL, Long.MAX_VALUE),
        of(ExecMode.SPARK, "handles"));
  }

  @Test
  void theBroadcastBudgetComesFromTheBackend() {
    assertEquals(new DistributedExecution(Scope.EXCEEDING_LOCAL_BUDGET, 4096),
        of(ExecMode.HYBRID, "handles:broadcastBudget=4096"));
    assertEquals(Long.MAX_VALUE, new CpBackend().broadcastBudget(), "the SPI's default");
  }

  @Test
  void hybridRunsDistributedWhatExceedsTheLocalBudget() {
    DistributedExecution hybrid = new DistributedExecution(Scope.EXCEEDING_LOCAL_BUDGET, 0);
    assertEquals(false, hybrid.runsDistributed(100, 100));
    assertEquals(true, hybrid.runsDistributed(101, 100));
    assertEquals(true, new DistributedExecution(Scope.ALL, 0).runsDistributed(1, 100));
    assertEquals(false, DistributedExecution.NONE.runsDistributed(1e18, 100));
  }
}
