package org.planlab.optimizers.fusion;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.planlab.engine.codegen.construct.BuiltOperator;
import org.planlab.engine.config.EngineConfig;
import org.planlab.engine.config.ExecMode;
import org.planlab.engine.ir.ExecType;
import org.planlab.engine.ir.Hop;
import org.planlab.optimizers.fusion.FusionRuns.Outcome;

/**
 * The fusion cost model under distributed execution (fusion paper, sec. 4.2, "Constraints and
 * Distributed Operations"; sec. 5.5, Table 6), end to end on the test backend {@code handles}
 * standing in for Spark: which operators mpskip builds when the engine's mode places operators
 * on the distributed backend, against single-node execution of the same script.
 */
class DistributedFusionTest {
  /** Below X (16 MB): operators over X run distributed in hybrid mode, vector ones locally. */
  private static final long LOCAL_BUDGET = 8 << 20;

  @TempDir
  static Path dir;

  private static EngineConfig singlenode(String fusion) {
    return EngineConfig.builder().fusion(fusion).parallelism(1).statistics(true).build();
  }

  private static EngineConfig distributed(String fusion, ExecMode mode, String backend) {
    return EngineConfig.builder().fusion(fusion).parallelism(1).statistics(true).exec(mode)
        .localMemoryBudget(LOCAL_BUDGET).backend(ExecType.SPARK, backend).build();
  }

  /** The script lines of the inputs {@code b} reads besides its main input. */
  private static Set<Integer> sideLines(BuiltOperator b) {
    return b.sides().stream().map(h -> h.position().line()).collect(Collectors.toSet());
  }

  /** The operators whose main input is defined at script line {@code line}. */
  private static List<BuiltOperator> over(Outcome o, int line) {
    return o.operators().stream().filter(b -> b.main().position().line() == line).toList();
  }

  private static String describe(Outcome o) {
    return o.fusion() + " built " + o.operators().stream()
        .map(b -> b.plan().getClass().getSimpleName() + " over line "
            + b.main().position().line() + " reading lines " + sideLines(b))
        .toList();
  }

  /**
   * d = y * z is a vector operation the driver can run; fused into the distributed operator
   * over X (t(X) %*% d), it makes the operator broadcast y and z instead of d — the eager
   * fusion that slows fuse-all down in the paper's Table 6. Single-node, fusing it saves
   * materializing d.
   */
  private static final String DRIVER_SIDE_VECTORS = """
      X = rand(rows=20000, cols=100, seed=1)
      y = rand(rows=20000, cols=1, seed=2)
      z = rand(rows=20000, cols=1, seed=3)
      d = y * z
      s1 = t(X) %*% d
      s2 = sum(d)
      r = sum(s1) + s2
      """;

  @Test
  void driverSideVectorOperationsAreFusedSingleNodeButNotIntoDistributedOperators() {
    Outcome local = FusionRuns.run(dir, DRIVER_SIDE_VECTORS, singlenode("mpskip"));
    List<BuiltOperator> localOverX = over(local, 1);
    assertEquals(1, localOverX.size(), describe(local));
    assertEquals(Set.of(2, 3), sideLines(localOverX.get(0)),
        "single-node, y * z is fused into the operator over X: " + describe(local));

    for (ExecMode mode : List.of(ExecMode.HYBRID, ExecMode.SPARK)) {
      Outcome dist = FusionRuns.run(dir, DRIVER_SIDE_VECTORS,
          distributed("mpskip", mode, "handles"));
      for (BuiltOperator b : over(dist, 1)) {
        assertTrue(!sideLines(b).contains(2) && !sideLines(b).contains(3),
            mode + ": no distributed operator over X broadcasts y or z: " + describe(dist));
      }
      FusionRuns.assertClose(local.scalar("r"), dist.scalar("r"), mode + " result");

      // fuse-all does not reason about broadcasts: it fuses the vector operation all the same
      Outcome fa = FusionRuns.run(dir, DRIVER_SIDE_VECTORS, distributed("fa", mode, "handles"));
      assertTrue(over(fa, 1).stream().anyMatch(b -> sideLines(b).equals(Set.of(2, 3))),
          describe(fa));
    }
  }

  /**
   * C = X %*% v1 + X %*% v2 fuses into one Row operator over X that reads v1 and v2 whole
   * (every task multiplies its rows by all of both); A = X %*% v1 is also summed, so whether A
   * is fused into C is an interesting point. v1 and v2 take 8 KB each.
   */
  private static final String TWO_BROADCASTS = """
      X = rand(rows=2000, cols=1000, seed=1)
      v1 = rand(rows=1000, cols=1, seed=2)
      v2 = rand(rows=1000, cols=1, seed=3)
      A = X %*% v1
      C = A + X %*% v2
      r = sum(C) + sum(A)
      """;

  @Test
  void aDistributedOperatorWhoseBroadcastsExceedTheBudgetIsNotChosen() {
    Outcome local = FusionRuns.run(dir, TWO_BROADCASTS, singlenode("mpskip"));
    assertTrue(over(local, 1).stream().anyMatch(b -> sideLines(b).equals(Set.of(2, 3))),
        "single-node, one operator reads v1 and v2: " + describe(local));

    Outcome roomy = FusionRuns.run(dir, TWO_BROADCASTS,
        distributed("mpskip", ExecMode.SPARK, "handles"));
    assertTrue(over(roomy, 1).stream().anyMatch(b -> sideLines(b).equals(Set.of(2, 3))),
        "both broadcasts fit an unlimited budget: " + describe(roomy));

    // each vector fits 12 KB, both together do not: A is materialized and C's operator
    // broadcasts v2 only
    Outcome tight = FusionRuns.run(dir, TWO_BROADCASTS,
        distributed("mpskip", ExecMode.SPARK, "handles:broadcastBudget=12000"));
    List<BuiltOperator> overX = over(tight, 1);
    assertTrue(!overX.isEmpty(), describe(tight));
    for (BuiltOperator b : overX) {
      assertTrue(!sideLines(b).containsAll(Set.of(2, 3)),
          "no operator broadcasts v1 and v2: " + describe(tight));
    }
    assertTrue(overX.stream().anyMatch(b -> b.sides().stream().map(Hop::position)
        .anyMatch(p -> p.line() == 4)), "C's operator reads A materialized: " + describe(tight));
    FusionRuns.assertClose(local.scalar("r"), tight.scalar("r"), "result");
  }
}
