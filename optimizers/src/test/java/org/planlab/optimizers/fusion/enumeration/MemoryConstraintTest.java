package org.planlab.optimizers.fusion.enumeration;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.planlab.engine.codegen.memo.MemoTable;
import org.planlab.engine.codegen.select.CostConstants;
import org.planlab.engine.codegen.select.SelectionStats;
import org.planlab.engine.ir.Hop;

/**
 * The memory constraint of the cost model (fusion paper, sec. 4.2, "constraints Z"): a fused
 * operator whose materialized inputs and output exceed the local budget costs infinity, and
 * entries whose inputs alone exceed it are filtered out before the search.
 *
 * <p>T = X * Y + 1 (8 MB) feeds two consumers that also read Z and W. Fused into them, each
 * operator reads X, Y, Z, W (32 MB); with T materialized they read T, Z, W (24 MB) and T's own
 * operator X, Y and T (24 MB).
 */
class MemoryConstraintTest {
  private static final String SCRIPT = """
      X = rand(rows=1000, cols=1000, seed=1)
      Y = rand(rows=1000, cols=1000, seed=2)
      Z = rand(rows=1000, cols=1000, seed=3)
      W = rand(rows=1000, cols=1000, seed=4)
      print(sum((X * Y + 1) * Z * W) + sum(((X * Y + 1) + Z) * W))
      """;
  private static final double MB = 1 << 20;

  private static CostConstants budget(double bytes) {
    return CostConstants.DEFAULTS.withLocalMemoryFraction(
        bytes / Runtime.getRuntime().maxMemory());
  }

  private static PlanPartition partitionWithPoints(MemoTable memo) {
    return PlanPartitions.analyze(memo).stream().filter(p -> !p.points().isEmpty())
        .findFirst().orElseThrow(() -> new AssertionError(memo.format()));
  }

  private static MPSkipEnum.Result best(MemoTable memo, PlanPartition p, CostConstants c) {
    return new MPSkipEnum(MPSkipEnum.Options.DEFAULTS).enumerate(
        CostModel.EQ3.costs(memo, p, c), p.points().size(), () -> ReachabilityGraph.of(memo, p),
        null, new SelectionStats());
  }

  @Test
  void fusingBeyondTheBudgetIsInfeasibleSoTheCommonSubexpressionIsMaterialized() {
    MemoTable memo = ExploredDags.exploreOne(SCRIPT);
    PlanPartition p = partitionWithPoints(memo);
    int n = p.points().size();
    boolean[] fused = new boolean[n];
    boolean[] materialized = new boolean[n];
    Arrays.fill(materialized, true);

    PartitionCosts roomy = CostModel.EQ3.costs(memo, p, CostConstants.DEFAULTS);
    assertTrue(roomy.planCost(fused, Double.POSITIVE_INFINITY) < Double.POSITIVE_INFINITY);
    MPSkipEnum.Result unconstrained = best(memo, p, CostConstants.DEFAULTS);
    assertTrue(Double.isFinite(unconstrained.cost()));

    CostConstants tight = budget(28 * MB);
    PartitionCosts costs = CostModel.EQ3.costs(memo, p, tight);
    assertEquals(Double.POSITIVE_INFINITY, costs.planCost(fused, Double.POSITIVE_INFINITY),
        "X, Y, Z and W in one operator exceed 28 MB: " + memo.format());
    double feasible = costs.planCost(materialized, Double.POSITIVE_INFINITY);
    assertTrue(Double.isFinite(feasible), memo.format());
    MPSkipEnum.Result r = best(memo, p, tight);
    assertTrue(Double.isFinite(r.cost()), "a feasible plan exists");
    assertTrue(r.cost() <= feasible);
    boolean[] q = r.assignment();
    for (int k = 0; k < n; k++) {
      InterestingPoint ip = p.points().get(k);
      if (ip.kind() == InterestingPoint.Kind.MATERIALIZATION_POINT_CONSUMER) {
        assertTrue(q[k], "T is materialized for " + ip.consumer() + ": " + memo.format());
      }
    }
  }

  @Test
  void entriesWhoseInputsAloneExceedTheBudgetAreFilteredBeforeTheSearch() {
    MemoTable memo = ExploredDags.exploreOne(SCRIPT);
    PlanPartition p = partitionWithPoints(memo);
    // every entry of the consumers of T reads Z or W (8 MB) materialized: none fits in 6 MB
    PartitionCosts costs = CostModel.EQ3.costs(memo, p, budget(6 * MB));
    List<Hop> consumers = p.points().stream().map(InterestingPoint::consumer).toList();
    boolean[] fused = new boolean[p.points().size()];
    var selection = costs.selection(fused);
    for (Hop c : consumers) {
      assertTrue(selection.getOrDefault(c, List.of()).isEmpty(),
          c + " keeps " + selection.get(c) + ": " + memo.format());
    }
    assertTrue(!CostModel.EQ3.costs(memo, p, CostConstants.DEFAULTS).selection(fused)
        .getOrDefault(consumers.get(0), List.of()).isEmpty(), "the default budget keeps them");
  }
}
