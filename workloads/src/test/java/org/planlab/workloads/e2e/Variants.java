package org.planlab.workloads.e2e;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.List;
import java.util.Map;
import org.planlab.engine.lineage.ReuseMode;
import org.planlab.engine.stats.ReuseCounter;
import org.planlab.engine.stats.StatisticsSnapshot;

/**
 * Checks that results do not depend on the static rewrites, the thread count, the fusion plan
 * or the backend the operations run on.
 */
final class Variants {
  private Variants() {
  }

  /**
   * Asserts that {@code other} (another setup of the same run) printed the same objective and
   * wrote the same matrices as {@code base}, within {@link Checks#VARIANT_TOL}.
   */
  static void assertSame(String what, WorkloadRun base, WorkloadRun other) {
    Checks.assertClose(what + " objective", base.objective(), other.objective(),
        Checks.VARIANT_TOL, 1e-12);
    for (Map.Entry<String, double[][]> e : base.outputs().entrySet()) {
      Checks.assertClose(what + " " + e.getKey(), e.getValue(), other.matrix(e.getKey()),
          Checks.VARIANT_TOL);
    }
  }

  /**
   * Runs the workload without reuse, with reuse of instruction outputs and with multi-level
   * reuse, and asserts the same objective and outputs bit for bit: a reused value is the value
   * the same operation computed before (MEMPHIS sec. 3.3), never an approximation.
   */
  static void assertSameWithReuse(Runner runner) throws IOException {
    WorkloadRun base = runner.run(WorkloadRun.Setup.DEFAULT);
    for (ReuseMode mode : List.of(ReuseMode.FULL, ReuseMode.MULTILEVEL)) {
      WorkloadRun reused = runner.run(WorkloadRun.Setup.reuse(mode));
      assertBitwiseSame(mode.label(), base, reused);
      assertTrue(reused.statistics().reuse().get(ReuseCounter.MISSES) > 0,
          mode.label() + ": the cache was never probed");
    }
  }

  /**
   * Runs the workload with and without recycling the buffers of dead intermediates and
   * asserts the same objective and outputs bit for bit: a recycled buffer is zeroed and only
   * ever reused once nothing references it. Returns the run with recycling.
   */
  static WorkloadRun assertSameWithoutRecycling(Runner runner) throws IOException {
    WorkloadRun recycled = runner.run(WorkloadRun.Setup.DEFAULT);
    WorkloadRun plain = runner.run(WorkloadRun.Setup.DEFAULT.withoutRecycling());
    assertBitwiseSame("recycling", plain, recycled);
    assertEquals(StatisticsSnapshot.Buffers.NONE, plain.statistics().buffers());
    return recycled;
  }

  /** The same objective and output matrices, bit for bit. */
  private static void assertBitwiseSame(String what, WorkloadRun base, WorkloadRun other) {
    assertEquals(Double.doubleToLongBits(base.objective()),
        Double.doubleToLongBits(other.objective()),
        what + " objective " + base.objective() + " vs " + other.objective());
    for (Map.Entry<String, double[][]> e : base.outputs().entrySet()) {
      double[][] o = other.matrix(e.getKey());
      assertEquals(e.getValue().length, o.length, e.getKey());
      for (int i = 0; i < o.length; i++) {
        assertArrayEquals(bits(e.getValue()[i]), bits(o[i]),
            what + " " + e.getKey() + " row " + i);
      }
    }
  }

  /** The local budget of the backend runs: the workloads' matrices exceed it, vectors not. */
  static final long BACKEND_BUDGET = 16 << 10;

  /** One workload run under a setup. */
  @FunctionalInterface
  interface Runner {
    WorkloadRun run(WorkloadRun.Setup setup) throws IOException;
  }

  /**
   * Runs the workload with {@link #BACKEND_BUDGET} in the driver alone and in {@code hybrid} mode
   * on the test backend, and compares them with {@link #assertSameOnBackend(WorkloadRun,
   * WorkloadRun)}.
   */
  static void assertSameOnBackend(Runner runner) throws IOException {
    assertSameOnBackend(runner.run(WorkloadRun.Setup.singleNode(BACKEND_BUDGET)),
        runner.run(WorkloadRun.Setup.hybrid(BACKEND_BUDGET)));
  }

  /**
   * Asserts that {@code onBackend} (the same run in {@code hybrid} mode on the test backend)
   * printed the same objective and wrote the same matrices as {@code base} (to 1e-9) and that
   * the seam worked as designed: operations ran on the
   * backend, every value it received or gave back went through a transfer the statistics
   * counted (the backend's own counts equal them), and the executor never had to move an
   * operand that lowering forgot.
   */
  static void assertSameOnBackend(WorkloadRun base, WorkloadRun onBackend) {
    // the backend runs the CP kernels, but the fusion plan may differ: in hybrid mode the cost
    // model prices operators that will run distributed with broadcasts and distributed reads
    // (fusion paper, sec. 4.2), so results agree to rounding, not bit for bit
    Checks.assertClose("objective", base.objective(), onBackend.objective(),
        Checks.VARIANT_TOL, 1e-3);
    for (Map.Entry<String, double[][]> e : base.outputs().entrySet()) {
      Checks.assertClose(e.getKey(), e.getValue(), onBackend.matrix(e.getKey()),
          Checks.VARIANT_TOL);
    }
    StatisticsSnapshot s = onBackend.statistics();
    WorkloadRun.Seam seam = onBackend.seam();
    assertTrue(seam.executed() > 0, "nothing ran on the backend: " + s.execTypes());
    assertEquals(seam.executed(), s.instructions("spark"), "backend vs statistics");
    assertEquals(seam.imports(), transfers(s, "cp->handles"), "imports vs transfers");
    assertEquals(seam.exports(), transfers(s, "handles->cp"), "exports vs transfers");
    assertEquals(0, s.operandMoves(), "operands moved without a transfer instruction");
    assertEquals(0, base.statistics().instructions("spark"));
    assertEquals(Map.of(), base.statistics().transfers());
  }

  private static long transfers(StatisticsSnapshot s, String direction) {
    StatisticsSnapshot.Transfers t = s.transfers().get(direction);
    return t == null ? 0 : t.count();
  }

  private static long[] bits(double[] row) {
    long[] b = new long[row.length];
    for (int j = 0; j < row.length; j++) {
      b[j] = Double.doubleToLongBits(row[j]);
    }
    return b;
  }
}
