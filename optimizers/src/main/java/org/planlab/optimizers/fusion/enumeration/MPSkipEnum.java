package org.planlab.optimizers.fusion.enumeration;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.function.Supplier;
import org.planlab.engine.codegen.select.SelectionStats;
import org.planlab.engine.codegen.select.SelectionStats.Counter;

/**
 * MPSkipEnum, the materialization-point skip enumeration of the fusion paper (sec. 4.3,
 * Algorithm 2): finds the assignment of a partition's interesting points with the least cost
 * by walking the linearized search space ({@link Assignments}) from the fuse-all end (nothing
 * materialized) to the fuse-no-redundancy end, after costing both ends first (the opening
 * heuristic). It skips whole blocks of plans:
 *
 * <ul>
 *   <li>cost-based: when the static lower bound plus the materialization costs of a plan reach
 *       the best cost, every plan of its block materializes at least as much, so the block
 *       goes; costing itself stops early once its partial cost exceeds the best;
 *   <li>structural: cut sets of the {@link ReachabilityGraph} are placed first in the search
 *       order; when a plan activates one (all its points true), the points above and below the
 *       cut are enumerated as independent sub-problems, combined, and the rest of the block is
 *       skipped.
 * </ul>
 *
 * Large problems ({@code >= approximateFrom} points) stop once the best cost is within
 * {@code 1 + epsilon} of the static lower bound; a budget of probed plans or nanoseconds makes
 * the search anytime (the best plan so far is returned). Best plans are cached by partition
 * signature. Every technique can be switched off ({@link Options}).
 */
public final class MPSkipEnum {

  /**
   * Switches and limits of the enumeration.
   *
   * @param costPruning skip-ahead by lower bounds and early abort of plan costing
   * @param structuralPruning cut sets of the reachability graph
   * @param planCache reuse best plans of equal partition signatures
   * @param approximateFrom graceful approximation for partitions with at least this many points
   * @param epsilon stop once best <= (1 + epsilon) * static lower bound (approximation only)
   * @param maxPlans most plans probed (costed or bounded) per partition; anytime beyond
   * @param maxNanos most nanoseconds per partition; anytime beyond (Long.MAX_VALUE: none)
   * @param planCacheCapacity most cached plans
   */
  /**
   * Plans probed at most in a partition of graceful approximation (>= approximateFrom points):
   * as many as an exact partition just below the threshold may need, so that partitions of 20+
   * points (AutoEncoder) take milliseconds, not a minute, per recompilation.
   */
  public static final long APPROXIMATE_PROBES = 1L << 14;

  public record Options(boolean costPruning, boolean structuralPruning, boolean planCache,
      int approximateFrom, double epsilon, long maxPlans, long maxNanos, int planCacheCapacity) {

    /**
     * All techniques on; approximation from 15 points with epsilon 0.001 (paper, sec. 4.3);
     * at most 2^20 plans probed per partition so that a DAG with many points cannot stall
     * compilation (and at most {@link #APPROXIMATE_PROBES} in approximated partitions); 1024
     * cached plans.
     */
    public static final Options DEFAULTS =
        new Options(true, true, true, 15, 0.001, 1L << 20, Long.MAX_VALUE, 1024);

    public Options {
      if (approximateFrom < 0) {
        throw new IllegalArgumentException("approximateFrom must be >= 0, was " + approximateFrom);
      }
      if (!(epsilon >= 0)) {
        throw new IllegalArgumentException("epsilon must be >= 0, was " + epsilon);
      }
      if (maxPlans < 1 || maxNanos < 1) {
        throw new IllegalArgumentException(
            "budgets must be positive, were maxPlans=" + maxPlans + " maxNanos=" + maxNanos);
      }
      if (planCacheCapacity < 1) {
        throw new IllegalArgumentException(
            "planCacheCapacity must be positive, was " + planCacheCapacity);
      }
    }

    /** No pruning, cache, approximation or budget: every plan is costed in full. */
    public static Options none() {
      return new Options(false, false, false, Integer.MAX_VALUE, 0, Long.MAX_VALUE,
          Long.MAX_VALUE, 1);
    }

    public Options withCostPruning(boolean on) {
      return new Options(on, structuralPruning, planCache, approximateFrom, epsilon, maxPlans,
          maxNanos, planCacheCapacity);
    }

    public Options withStructuralPruning(boolean on) {
      return new Options(costPruning, on, planCache, approximateFrom, epsilon, maxPlans,
          maxNanos, planCacheCapacity);
    }

    public Options withPlanCache(boolean on) {
      return new Options(costPruning, structuralPruning, on, approximateFrom, epsilon, maxPlans,
          maxNanos, planCacheCapacity);
    }

    /** Approximation from {@code from} points (Integer.MAX_VALUE: never) with {@code eps}. */
    public Options withApproximation(int from, double eps) {
      return new Options(costPruning, structuralPruning, planCache, from, eps, maxPlans,
          maxNanos, planCacheCapacity);
    }

    /** The per-partition budget (Long.MAX_VALUE: unlimited). */
    public Options withBudget(long plans, long nanos) {
      return new Options(costPruning, structuralPruning, planCache, approximateFrom, epsilon,
          plans, nanos, planCacheCapacity);
    }
  }

  /**
   * The chosen plan of one partition.
   *
   * @param assignment per interesting point (partition order), true: materialized
   * @param cost its cost C(P|q)
   * @param fuseAllCost the cost of materializing no interesting point (FA-like end)
   * @param materializeAllCost the cost of materializing every one (FNR-like end)
   * @param approximated the search stopped before the whole space was covered
   * @param cached answered from the plan cache
   */
  public record Result(boolean[] assignment, double cost, double fuseAllCost,
      double materializeAllCost, boolean approximated, boolean cached) {
    public Result {
      assignment = assignment.clone();
    }

    @Override
    public boolean[] assignment() {
      return assignment.clone();
    }
  }

  private static final double INF = Double.POSITIVE_INFINITY;

  private final Options options;
  private final PlanCache<PlanCache.Key, Result> cache;

  public MPSkipEnum(Options options) {
    this.options = Objects.requireNonNull(options, "options is null");
    this.cache = new PlanCache<>(options.planCacheCapacity());
  }

  public Options options() {
    return options;
  }

  /** This enumerator's plan cache. */
  public PlanCache<PlanCache.Key, Result> cache() {
    return cache;
  }

  /**
   * The best assignment of {@code n} points under {@code costs}.
   *
   * <p>The plan cache is consulted first. The paper's signature includes the initial costs of
   * the opening plans (sec. 4.3); ours ({@link PlanSignature}) covers what those costs depend
   * on — structure, sizes, memo entries, interesting points and the caller's cost constants —
   * and is keyed with the static lower bound, which needs no plan costing. A hit thus costs no
   * plan at all, which is what makes recompilation in loops cheap: no DAG traversal per
   * partition, and less of the optimizer turning hot for the JIT.
   *
   * @param graph the points' reachability graph, built only if the search runs (null, or a
   *     supplier of null: no structural pruning)
   * @param signature the partition signature for the plan cache (null: no caching)
   */
  public Result enumerate(PartitionCosts costs, int n, Supplier<ReachabilityGraph> graph,
      PlanSignature signature, SelectionStats stats) {
    Objects.requireNonNull(costs, "costs is null");
    Objects.requireNonNull(stats, "stats is null");
    if (n < 0) {
      throw new IllegalArgumentException("number of points must be >= 0, was " + n);
    }
    PlanCache.Key key = null;
    if (options.planCache() && signature != null) {
      key = new PlanCache.Key(signature, Double.doubleToLongBits(costs.staticLowerBound()));
      Result hit = cache.get(key); // stored as a hit: the cached flag set
      if (hit != null && hit.assignment.length == n) {
        stats.add(Counter.PLAN_CACHE_HITS, 1);
        return hit;
      }
    }
    ReachabilityGraph rg = options.structuralPruning() && graph != null ? graph.get() : null;
    if (rg != null && rg.size() != n) {
      throw new IllegalArgumentException(
          "reachability graph has " + rg.size() + " points, expected " + n);
    }
    Run run = new Run(costs, n, rg, stats);
    int m = Math.min(n, Assignments.MAX_POINTS); // points beyond stay false (fuse-all-like)
    int[] free = new int[m];
    for (int k = 0; k < m; k++) {
      free[k] = k;
    }
    boolean[] q = new boolean[n];
    double first = run.cost(q, INF);
    double last = first;
    if (m > 0) {
      for (int f : free) {
        q[f] = true;
      }
      last = run.cost(q, run.bound(first));
    }
    boolean lastPartial = costs.lastCostPartial();
    Best best = run.solve(new boolean[n], free, first, last, run.graph != null);
    boolean approximated = run.stopped || m < n;
    if (approximated) {
      stats.add(Counter.APPROXIMATED, 1);
    }
    // the materialize-all end in full (costing it may have stopped early, or m < n)
    double all = last;
    if (lastPartial || m < n) {
      boolean[] every = new boolean[n];
      Arrays.fill(every, true);
      all = costs.planCost(every, INF);
    }
    Result result = new Result(run.toPartitionOrder(best.q()), best.cost(), first, all,
        approximated, false);
    if (key != null) {
      cache.put(key, new Result(result.assignment, result.cost, first, all, false, true));
    }
    return result;
  }

  /** A plan in search order and its (fully computed) cost. */
  private record Best(boolean[] q, double cost) { }

  /** One enumeration of one partition: search order, cut sets in it, budget state. */
  private final class Run {
    final PartitionCosts costs;
    final SelectionStats stats;
    final int n;
    final ReachabilityGraph graph;
    /** Search position -> point index (cut-set points first when structural pruning is on). */
    final int[] order;
    final int[][] cutPositions;
    final int[][] abovePositions;
    final int[][] belowPositions;
    final double staticLowerBound;
    final boolean approximate;
    final long deadline;
    long probes;
    boolean stopped;

    Run(PartitionCosts costs, int n, ReachabilityGraph graph, SelectionStats stats) {
      this.costs = costs;
      this.stats = stats;
      this.n = n;
      // beyond MAX_POINTS the search is truncated anyway: no cut sets over partial orders
      this.graph = graph == null || graph.cutSets().isEmpty() || n > Assignments.MAX_POINTS
          ? null : graph;
      this.staticLowerBound = costs.staticLowerBound();
      this.approximate = n >= options.approximateFrom();
      long now = System.nanoTime();
      this.deadline = options.maxNanos() == Long.MAX_VALUE ? Long.MAX_VALUE
          : now + options.maxNanos();
      List<ReachabilityGraph.CutSet> cuts =
          this.graph == null ? List.of() : this.graph.cutSets();
      List<Integer> searchOrder = new ArrayList<>();
      Set<Integer> placed = new HashSet<>();
      for (ReachabilityGraph.CutSet cs : cuts) {
        for (int p : cs.cut()) {
          if (placed.add(p)) {
            searchOrder.add(p);
          }
        }
      }
      for (int p = 0; p < n; p++) {
        if (placed.add(p)) {
          searchOrder.add(p);
        }
      }
      order = searchOrder.stream().mapToInt(Integer::intValue).toArray();
      int[] position = new int[n];
      for (int k = 0; k < n; k++) {
        position[order[k]] = k;
      }
      cutPositions = new int[cuts.size()][];
      abovePositions = new int[cuts.size()][];
      belowPositions = new int[cuts.size()][];
      for (int c = 0; c < cuts.size(); c++) {
        cutPositions[c] = positions(cuts.get(c).cut(), position);
        abovePositions[c] = positions(cuts.get(c).above(), position);
        belowPositions[c] = positions(cuts.get(c).below(), position);
      }
    }

    private int[] positions(List<Integer> points, int[] position) {
      return points.stream().mapToInt(p -> position[p]).sorted().toArray();
    }

    boolean[] toPartitionOrder(boolean[] searchOrder) {
      boolean[] out = new boolean[n];
      for (int k = 0; k < n; k++) {
        out[order[k]] = searchOrder[k];
      }
      return out;
    }

    /** The early-abort bound for costing (none without cost-based pruning). */
    double bound(double best) {
      return options.costPruning() ? best : INF;
    }

    double cost(boolean[] q, double bound) {
      probes++;
      double c = costs.planCost(toPartitionOrder(q), bound);
      if (costs.lastCostReused()) {
        stats.add(Counter.PLANS_SAME_SELECTION, 1);
        return c;
      }
      stats.addPlansEvaluated(1);
      if (costs.lastCostPartial()) {
        stats.add(Counter.PLANS_PARTIAL, 1);
      }
      return c;
    }

    double lowerBound(boolean[] q) {
      probes++;
      return staticLowerBound + costs.materializationCost(toPartitionOrder(q));
    }

    boolean shouldStop(double best) {
      if (!stopped) {
        long budget = approximate ? Math.min(options.maxPlans(), APPROXIMATE_PROBES)
            : options.maxPlans();
        stopped = approximate && best <= (1 + options.epsilon()) * staticLowerBound
            || probes >= budget
            || deadline != Long.MAX_VALUE && System.nanoTime() - deadline > 0;
      }
      return stopped;
    }

    /**
     * The best plan over the search positions {@code free} (in order, the first is the most
     * significant), the others as in {@code base}. The costs of the first (all free false) and
     * last (all free true) plans are passed when already known, NaN otherwise.
     */
    Best solve(boolean[] base, int[] free, double firstCost, double lastCost,
        boolean structural) {
      int m = free.length;
      boolean[] q = base.clone();
      for (int f : free) {
        q[f] = false;
      }
      double c0 = Double.isNaN(firstCost) ? cost(q, INF) : firstCost;
      Best best = new Best(q.clone(), c0);
      if (m == 0) {
        return best;
      }
      for (int f : free) {
        q[f] = true;
      }
      double c1 = Double.isNaN(lastCost) ? cost(q, bound(best.cost())) : lastCost;
      if (c1 < best.cost()) {
        best = new Best(q.clone(), c1);
      }
      long total = 1L << m;
      for (long j = 1; j < total - 1; j++) {
        if (shouldStop(best.cost())) {
          break;
        }
        for (int k = 0; k < m; k++) {
          q[free[k]] = (j >>> (m - 1 - k) & 1L) != 0;
        }
        if (structural) {
          int cut = activeCut(q, j);
          if (cut >= 0) {
            long block = blockSize(cut);
            Best b = subProblems(cut, q, block);
            if (b.cost() < best.cost()) {
              best = b;
            }
            j += block - 1;
            continue;
          }
        }
        if (options.costPruning() && lowerBound(q) >= best.cost()) {
          long skip = Assignments.skipCount(j);
          stats.add(Counter.PLANS_SKIPPED_COST, Math.min(skip, total - 1 - j));
          j += skip - 1;
          continue;
        }
        double c = cost(q, bound(best.cost()));
        if (c < best.cost()) {
          best = new Best(q.clone(), c);
        }
      }
      return best;
    }

    /** The cut set {@code q} activates at the start of its block, as an index, or -1. */
    private int activeCut(boolean[] q, long j) {
      for (int c = 0; c < cutPositions.length; c++) {
        boolean all = true;
        for (int p : cutPositions[c]) {
          all &= q[p];
        }
        int last = cutPositions[c][cutPositions[c].length - 1];
        if (all && (j & (blockSize(c) - 1)) == 0 && !free(abovePositions[c], last).isEmpty()
            && !free(belowPositions[c], last).isEmpty()) {
          return c;
        }
      }
      return -1;
    }

    /** The plans sharing the prefix up to cut set {@code c}'s last point. */
    private long blockSize(int c) {
      return 1L << (n - 1 - cutPositions[c][cutPositions[c].length - 1]);
    }

    /**
     * Solves the sub-problems of the active cut set over the block starting at {@code q}: the
     * points above the cut with those below false, then those below with the best above
     * fixed. The cut makes the two independent, so the combination is the block's best.
     */
    private Best subProblems(int c, boolean[] q, long block) {
      int last = cutPositions[c][cutPositions[c].length - 1];
      int[] above = free(abovePositions[c], last).stream().mapToInt(Integer::intValue).toArray();
      int[] below = free(belowPositions[c], last).stream().mapToInt(Integer::intValue).toArray();
      Best upper = solve(q, above, Double.NaN, Double.NaN, false);
      // the first plan below (all below false) is the best above, already costed
      Best combined = solve(upper.q(), below, upper.cost(), Double.NaN, false);
      stats.add(Counter.CUT_SETS_USED, 1);
      long searched = (1L << above.length) + (1L << below.length) - 1;
      stats.add(Counter.PLANS_SKIPPED_STRUCTURE, Math.max(0, block - searched));
      return combined;
    }

    /** The positions after {@code last} (those free within a cut set's block). */
    private List<Integer> free(int[] positions, int last) {
      List<Integer> out = new ArrayList<>();
      for (int p : positions) {
        if (p > last) {
          out.add(p);
        }
      }
      return out;
    }
  }
}
