package org.planlab.optimizers.fusion.enumeration;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import org.planlab.engine.codegen.construct.OperatorPlanner;
import org.planlab.engine.codegen.memo.MemoEntry;
import org.planlab.engine.codegen.memo.MemoTable;
import org.planlab.engine.codegen.select.CostConstants;
import org.planlab.engine.codegen.select.DistributedExecution;
import org.planlab.engine.codegen.select.FusionPlan;
import org.planlab.engine.codegen.select.SelectionContext;
import org.planlab.engine.codegen.select.SelectionStats;
import org.planlab.engine.codegen.select.SelectionStats.Counter;
import org.planlab.engine.ir.Hop;
import org.planlab.optimizers.fusion.cost.Eq3Costs;

/**
 * MPSkipEnum against the exhaustive oracle with the real cost model (Eq. 3) on random DML
 * DAGs with common subexpressions, explored by OFMC.
 */
class RandomDagPropertyTest {
  private static final CostModel EQ3 = CostModel.EQ3;
  private static final int MAX_POINTS = 12;

  /** A random script over dense and sparse matrices whose temporaries are reused. */
  static String randomScript(long seed) {
    Random r = new Random(seed);
    StringBuilder sb = new StringBuilder("""
        X = rand(rows=300, cols=40, seed=1)
        S = rand(rows=300, cols=40, sparsity=0.05, seed=2)
        Y = rand(rows=300, cols=40, seed=3)
        """);
    int temps = 3 + r.nextInt(5);
    for (int k = 0; k < temps; k++) {
      String a = operand(r, k);
      String b = operand(r, k);
      String e = switch (r.nextInt(7)) {
        case 0 -> a + " * " + b;
        case 1 -> a + " + " + b;
        case 2 -> a + " - " + b;
        case 3 -> "exp(" + a + ")";
        case 4 -> "abs(" + a + ") / 2";
        case 5 -> a + " * (" + b + " + 1)";
        default -> "(" + a + " - " + b + ") * " + a;
      };
      sb.append("T").append(k).append(" = ").append(e).append('\n');
    }
    List<String> terms = new java.util.ArrayList<>(List.of("sum(T" + (temps - 1) + ")"));
    for (int k = 0; k < temps - 1; k++) {
      if (r.nextInt(3) == 0) {
        terms.add(r.nextBoolean() ? "sum(T" + k + ")" : "sum(rowSums(T" + k + "))");
      }
    }
    return sb.append("print(").append(String.join(" + ", terms)).append(")\n").toString();
  }

  private static String operand(Random r, int k) {
    int pick = r.nextInt(3 + k);
    return pick < 3 ? List.of("X", "S", "Y").get(pick) : "T" + (pick - 3);
  }

  @Property(tries = 60)
  void mpskipMatchesExhaustiveWithEq3Costs(@ForAll long seed) {
    check(randomScript(seed));
  }

  /**
   * Plans that select the same memo entries as a plan costed before reuse its cost: every plan
   * of a partition costed in order by one cost model (reusing) costs what a fresh model gives
   * it; a plan reported reused selects what an earlier one selected, and every plan with an
   * earlier plan's selection is reported reused. A cost that stopped early at a bound is
   * reused only while it still exceeds the bound.
   */
  @Property(tries = 30)
  void plansWithTheSameSelectionReuseTheCostAFreshModelGives(@ForAll long seed) {
    assertReusedCostsAreFreshCosts(randomScript(seed));
  }

  /**
   * The same over MLogreg's shifted linear terms and softmax, whose partition of 10 points
   * has many assignments selecting the same entries (random scripts rarely do): some plans are
   * reused, and each costs what a fresh model gives it.
   */
  @Example
  void mlogregSoftmaxPlansReuseCostsOfTheirSelection() {
    long reused = assertReusedCostsAreFreshCosts("""
        N = 2000
        X = rand(rows=N, cols=10, seed=1)
        Y = rand(rows=N, cols=2, seed=2)
        B = rand(rows=10, cols=1, seed=3)
        LT = cbind(X %*% B, matrix(0, rows=N, cols=1))
        LT = LT - rowMaxs(LT)
        E = exp(LT)
        rowE = rowSums(E)
        P = E / rowE
        print(-sum(Y * LT) + sum(log(rowE)) + sum(P[, 1]))
        """);
    assertTrue(reused > 0, "no plan selected what an earlier one selected");
  }

  /**
   * Costs every plan of every partition of {@code dml} (up to 10 points) in order with one
   * reusing model and each with a fresh model, as described above; returns the plans reused.
   */
  private static long assertReusedCostsAreFreshCosts(String dml) {
    long reused = 0;
    for (MemoTable memo : ExploredDags.explore(dml)) {
      for (PlanPartition p : PlanPartitions.analyze(memo)) {
        int n = p.points().size();
        if (n == 0 || n > 10) {
          continue;
        }
        PartitionCosts shared = EQ3.costs(memo, p, CostConstants.DEFAULTS,
            DistributedExecution.NONE);
        // selections compared by value: the entries selected per HOP
        Set<Map<Hop, List<MemoEntry>>> seen = new java.util.HashSet<>();
        for (long j = 0; j < 1L << n; j++) {
          boolean[] q = Assignments.of(n, j);
          PartitionCosts fresh = EQ3.costs(memo, p, CostConstants.DEFAULTS,
              DistributedExecution.NONE);
          double expected = fresh.planCost(q, Double.POSITIVE_INFINITY);
          // first below the cost: a new selection stops early and keeps a partial cost, a
          // costed one reuses its full cost; either way the answer exceeds the bound
          double low = shared.planCost(q, expected / 2);
          assertTrue(low > expected / 2 || expected <= 0, "plan " + j + "\n" + dml);
          // then without a bound: a partial cost is not reused, the full one is
          assertEquals(expected, shared.planCost(q, Double.POSITIVE_INFINITY),
              "plan " + j + "\n" + dml);
          assertEquals(!seen.add(new java.util.HashMap<>(shared.selection(q))),
              shared.lastCostReused(),
              "plan " + j + " reused iff its selection was costed before\n" + dml);
          assertFalse(shared.lastCostPartial());
          reused += shared.lastCostReused() ? 1 : 0;
        }
      }
    }
    return reused;
  }

  /**
   * The same with operators running distributed (sec. 4.2): in hybrid mode those over three
   * inputs or more (a 200 KB local budget, inputs of 96 KB), in spark mode all; a 50 KB broadcast
   * budget makes aligned sides joins. Distributed reads and broadcasts keep the lower bound.
   */
  @Property(tries = 30)
  void mpskipMatchesExhaustiveUnderDistributedExecution(@ForAll long seed) {
    CostConstants constants = CostConstants.DEFAULTS.withLocalMemoryFraction(
        200e3 / Runtime.getRuntime().maxMemory());
    for (DistributedExecution.Scope scope : List.of(
        DistributedExecution.Scope.EXCEEDING_LOCAL_BUDGET, DistributedExecution.Scope.ALL)) {
      check(randomScript(seed), constants, new DistributedExecution(scope, 50_000));
    }
  }

  /**
   * Found by the property: adding point 0 to plan 4 writes nothing more (its target is written
   * already), so the materialization cost may stay plan 4's and must not be compared with a
   * rounded difference of sums.
   */
  @Example
  void aPointWhoseTargetIsWrittenAlreadyAddsNoCost() {
    check(randomScript(-67942));
  }

  /**
   * Found by the property: T0 is fused by T0 + 1 (above a cut point) and by exp(T0) (below
   * it); its single materialization couples the two sides, so that point is no cut set.
   */
  @Example
  void targetSharedAcrossACutIsNoCutSet() {
    check("""
        Y = rand(rows=300, cols=40, seed=3)
        T0 = exp(Y)
        T2 = exp(T0) - Y
        T4 = (Y - T2) * Y
        T5 = T4 * (T0 + 1)
        print(sum(T5) + sum(rowSums(T2)))
        """);
  }

  /**
   * What cost-based pruning relies on (sec. 4.3): for every plan q, the static lower bound plus
   * q's materialization costs is at most C(P|q), and materialization costs grow with q.
   */
  private static void assertLowerBound(PartitionCosts costs, int n, String dml) {
    double lb = costs.staticLowerBound();
    for (long j = 0; j < 1L << n; j++) {
      boolean[] q = Assignments.of(n, j);
      double bound = lb + costs.materializationCost(q);
      double cost = costs.planCost(q, Double.POSITIVE_INFINITY);
      assertTrue(bound <= cost * (1 + 1e-12),
          "plan " + j + ": lower bound " + bound + " > cost " + cost + "\n" + dml);
      double materialized = costs.materializationCost(q);
      for (int k = 0; k < n; k++) {
        if (!q[k]) {
          q[k] = true;
          // compared with q's own cost, not with bound - lb: (lb + m) - lb may round above m
          assertTrue(costs.materializationCost(q) >= materialized,
              "plan " + j + " + point " + k);
          q[k] = false;
        }
      }
    }
  }

  private static void check(String dml) {
    check(dml, CostConstants.DEFAULTS, DistributedExecution.NONE);
  }

  private static void check(String dml, CostConstants constants,
      DistributedExecution distributed) {
    for (MemoTable memo : ExploredDags.explore(dml)) {
      for (PlanPartition p : PlanPartitions.analyze(memo)) {
        int n = p.points().size();
        net.jqwik.api.statistics.Statistics.collect(n == 0 ? "0 points" : n <= 3 ? "1-3 points"
            : n <= MAX_POINTS ? "4-12 points" : "skipped (> 12 points)");
        if (n > MAX_POINTS) {
          continue;
        }
        assertLowerBound(EQ3.costs(memo, p, constants, distributed), n, dml);
        double exhaustive = ExhaustiveEnum.enumerate(
            EQ3.costs(memo, p, constants, distributed), n, MAX_POINTS,
            new SelectionStats()).cost();
        SelectionStats stats = new SelectionStats();
        MPSkipEnum.Result r = new MPSkipEnum(MPSkipEnum.Options.DEFAULTS).enumerate(
            EQ3.costs(memo, p, constants, distributed), n, () -> ReachabilityGraph.of(memo, p),
            null, stats);
        assertEquals(exhaustive, r.cost(), 1e-12 * Math.abs(exhaustive), dml + memo.format());
        assertTrue(stats.plansEvaluated() <= 1L << n);
      }
      SelectionStats stats = new SelectionStats();
      FusionPlan plan = new MPSkipEnumSelector(EQ3).select(memo, memo.dag(),
          new SelectionContext(stats, constants, distributed));
      OperatorPlanner.plan(plan, memo.dag(), Set.of()); // consistent: no dangling reference
      assertEquals(1, stats.get(Counter.DAGS));
      assertEquals(PlanPartitions.analyze(memo).size(), stats.get(Counter.PARTITIONS));
    }
  }
}
