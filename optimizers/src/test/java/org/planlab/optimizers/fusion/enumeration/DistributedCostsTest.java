package org.planlab.optimizers.fusion.enumeration;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.planlab.engine.codegen.memo.MemoEntry;
import org.planlab.engine.codegen.memo.MemoTable;
import org.planlab.engine.codegen.select.CostConstants;
import org.planlab.engine.codegen.select.DistributedExecution;
import org.planlab.engine.codegen.select.DistributedExecution.Scope;
import org.planlab.engine.codegen.select.SelectionStats;
import org.planlab.engine.ir.Hop;

/**
 * The distributed terms and the broadcast constraint of the cost model (fusion paper, sec. 4.2,
 * "Constraints and Distributed Operations") on one plan partition.
 *
 * <p>C = X %*% v1 + X %*% v2 fuses into one Row operator over X (16 MB) reading v1 and v2
 * (8 KB each) whole; A = X %*% v1 is also summed, so fusing A into C is an interesting point.
 */
class DistributedCostsTest {
  private static final String SCRIPT = """
      X = rand(rows=2000, cols=1000, seed=1)
      v1 = rand(rows=1000, cols=1, seed=2)
      v2 = rand(rows=1000, cols=1, seed=3)
      A = X %*% v1
      C = A + X %*% v2
      print(sum(C) + sum(A))
      """;
  private static final double INF = Double.POSITIVE_INFINITY;

  private static PlanPartition partitionWithPoints(MemoTable memo) {
    return PlanPartitions.analyze(memo).stream().filter(p -> !p.points().isEmpty())
        .findFirst().orElseThrow(() -> new AssertionError(memo.format()));
  }

  private static PartitionCosts costs(MemoTable memo, PlanPartition p, CostConstants c,
      DistributedExecution d) {
    return CostModel.EQ3.costs(memo, p, c, d);
  }

  private static MPSkipEnum.Result best(PartitionCosts costs, MemoTable memo, PlanPartition p) {
    return new MPSkipEnum(MPSkipEnum.Options.DEFAULTS).enumerate(costs, p.points().size(),
        () -> ReachabilityGraph.of(memo, p), null, new SelectionStats());
  }

  @Test
  void inHybridModeOperatorsWithinTheLocalBudgetCostExactlyAsSingleNode() {
    MemoTable memo = ExploredDags.exploreOne(SCRIPT);
    PlanPartition p = partitionWithPoints(memo);
    int n = p.points().size();
    // the default budget (70% of the heap) holds every operator: nothing runs distributed
    PartitionCosts local = costs(memo, p, CostConstants.DEFAULTS, DistributedExecution.NONE);
    PartitionCosts hybrid = costs(memo, p, CostConstants.DEFAULTS,
        new DistributedExecution(Scope.EXCEEDING_LOCAL_BUDGET, 0));
    assertEquals(local.staticLowerBound(), hybrid.staticLowerBound());
    for (long j = 0; j < 1L << n; j++) {
      boolean[] q = Assignments.of(n, j);
      assertEquals(local.planCost(q, INF), hybrid.planCost(q, INF), "plan " + j);
    }
  }

  @Test
  void distributedOperatorsPayForDistributedReadsAndBroadcasts() {
    MemoTable memo = ExploredDags.exploreOne(SCRIPT);
    PlanPartition p = partitionWithPoints(memo);
    boolean[] fused = new boolean[p.points().size()];
    CostConstants c = CostConstants.DEFAULTS;
    double local = costs(memo, p, c, DistributedExecution.NONE).planCost(fused, INF);
    DistributedExecution spark = new DistributedExecution(Scope.ALL, Long.MAX_VALUE);
    double distributed = costs(memo, p, c, spark).planCost(fused, INF);
    // X at 1 GB/s instead of 30 GB/s dominates
    assertTrue(distributed > local + 16e6 / c.distributedReadBandwidth() * 0.9,
        local + " vs " + distributed);
    // the broadcasts are a term of their own: slower broadcasts, dearer plan
    double slowBroadcasts = costs(memo, p, c.withBroadcast(c.broadcastBandwidth() / 10,
        c.executors()), spark).planCost(fused, INF);
    double moreExecutors = costs(memo, p, c.withBroadcast(c.broadcastBandwidth(),
        4 * c.executors()), spark).planCost(fused, INF);
    assertTrue(slowBroadcasts > distributed && moreExecutors > distributed,
        distributed + " " + slowBroadcasts + " " + moreExecutors);
  }

  @Test
  void aFusedOperatorWhoseWholeSidesExceedTheBroadcastBudgetIsInfeasible() {
    MemoTable memo = ExploredDags.exploreOne(SCRIPT);
    PlanPartition p = partitionWithPoints(memo);
    int n = p.points().size();
    boolean[] fused = new boolean[n];
    boolean[] materialized = new boolean[n];
    Arrays.fill(materialized, true);
    // v1 and v2 fit 12 KB one at a time, not together
    DistributedExecution tight = new DistributedExecution(Scope.ALL, 12_000);
    PartitionCosts costs = costs(memo, p, CostConstants.DEFAULTS, tight);
    assertEquals(INF, costs.planCost(fused, INF), memo.format());
    assertTrue(Double.isFinite(costs.planCost(materialized, INF)), memo.format());
    MPSkipEnum.Result r = best(costs, memo, p);
    assertTrue(Double.isFinite(r.cost()), "a feasible plan exists: " + memo.format());

    // single-node, and distributed with room for both broadcasts, the fused plan is feasible
    assertTrue(Double.isFinite(costs(memo, p, CostConstants.DEFAULTS,
        DistributedExecution.NONE).planCost(fused, INF)));
    assertTrue(Double.isFinite(costs(memo, p, CostConstants.DEFAULTS,
        new DistributedExecution(Scope.ALL, 20_000)).planCost(fused, INF)));
  }

  @Test
  void localOperatorsPayForCollectingDistributedResults() {
    MemoTable memo = ExploredDags.exploreOne(SCRIPT);
    PlanPartition p = partitionWithPoints(memo);
    boolean[] materialized = new boolean[p.points().size()];
    Arrays.fill(materialized, true);
    // twice the bandwidth to twice the executors: a broadcast (bytes x executors / bandwidth)
    // costs the same, a transfer between driver and executors (bytes / bandwidth) half
    CostConstants c = CostConstants.DEFAULTS;
    CostConstants twice = c.withBroadcast(2 * c.broadcastBandwidth(), 2 * c.executors());
    // 8 MB: the products over X (16 MB) run distributed, the sums of A and C (16 KB) locally
    CostConstants small = c.withLocalMemoryFraction(8e6 / Runtime.getRuntime().maxMemory());
    CostConstants smallTwice = twice.withLocalMemoryFraction(
        8e6 / Runtime.getRuntime().maxMemory());
    DistributedExecution hybrid =
        new DistributedExecution(Scope.EXCEEDING_LOCAL_BUDGET, Long.MAX_VALUE);
    double collected = costs(memo, p, small, hybrid).planCost(materialized, INF)
        - costs(memo, p, smallTwice, hybrid).planCost(materialized, INF);
    // at least A (2000 x 1) is collected for its local sum, at half the time the second time
    assertTrue(collected >= 16e3 / (2 * c.broadcastBandwidth()) * 0.99, "saved " + collected);
    // nothing crosses when nothing runs distributed: the same constants change nothing
    assertEquals(costs(memo, p, c, hybrid).planCost(materialized, INF),
        costs(memo, p, twice, hybrid).planCost(materialized, INF));
    assertEquals(costs(memo, p, small, DistributedExecution.NONE).planCost(materialized, INF),
        costs(memo, p, smallTwice, DistributedExecution.NONE).planCost(materialized, INF));
  }

  @Test
  void anOperatorBeyondTheLocalBudgetRunsDistributedInsteadOfBeingFiltered() {
    MemoTable memo = ExploredDags.exploreOne(SCRIPT);
    PlanPartition p = partitionWithPoints(memo);
    boolean[] fused = new boolean[p.points().size()];
    // 8 MB: every operator over X (16 MB) exceeds it
    CostConstants small = CostConstants.DEFAULTS.withLocalMemoryFraction(
        8e6 / Runtime.getRuntime().maxMemory());
    List<Hop> products = ExploredDags.named(memo, "ba(+*)");
    assertEquals(2, products.size(), memo.format());
    Map<Hop, List<MemoEntry>> local =
        costs(memo, p, small, DistributedExecution.NONE).selection(fused);
    PartitionCosts hybrid = costs(memo, p, small,
        new DistributedExecution(Scope.EXCEEDING_LOCAL_BUDGET, Long.MAX_VALUE));
    Map<Hop, List<MemoEntry>> distributed = hybrid.selection(fused);
    for (Hop h : products) {
      assertTrue(local.getOrDefault(h, List.of()).isEmpty(),
          "single-node, the local budget filters the products over X: " + local);
      assertTrue(!distributed.getOrDefault(h, List.of()).isEmpty(),
          "hybrid, they run distributed: " + distributed);
    }
    assertTrue(Double.isFinite(hybrid.planCost(fused, INF)));
  }
}
