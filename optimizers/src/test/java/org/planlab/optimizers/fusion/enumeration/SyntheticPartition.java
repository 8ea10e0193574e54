package org.planlab.optimizers.fusion.enumeration;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.planlab.engine.codegen.memo.MemoEntry;
import org.planlab.engine.ir.Hop;

/**
 * A random partition for the enumeration properties: a reachability graph over n points (a
 * DAG, every point reachable from the root) and integer-valued costs that respect it. The cost
 * of q is the static lower bound, plus m_i for each true point (its materialization), plus r_i
 * for each false point (redundant compute), plus for each pair (a, b) with b reachable from a
 * a term w_ab(q_a, q_b) that applies only while some path from a to b crosses false points
 * only (the two are fused through). A materialized cut therefore separates the points above
 * from those below — the independence structural pruning relies on. Points of equal target
 * share m (the target is written once, whichever of its consumers materializes it), which
 * couples them like the real cost model does. All terms are
 * non-negative, so static lower bound + materialization cost <= cost. Integers keep sums exact.
 */
final class SyntheticPartition implements PartitionCosts {
  final int n;
  final List<List<Integer>> successors = new ArrayList<>();
  final List<Integer> rootSuccessors = new ArrayList<>();
  final int[] targetOf;
  private final double staticLowerBound;
  private final double[] materialize;
  private final double[] redundant;
  private final double[][][] pair; // [a][b][2 * qa + qb]
  private boolean partial;

  /** A partition whose materialization costs are 1x or 8x the other terms' scale (random). */
  SyntheticPartition(int n, long seed) {
    this(n, seed, new Random(seed ^ 0x5DEECE66DL).nextBoolean() ? 8 : 1);
  }

  /** A partition with materialization costs up to {@code 20 * materializeScale}. */
  SyntheticPartition(int n, long seed, int materializeScale) {
    this.n = n;
    Random r = new Random(seed);
    double density = r.nextDouble() * 0.5;
    boolean[] hasPredecessor = new boolean[n];
    for (int a = 0; a < n; a++) {
      List<Integer> s = new ArrayList<>();
      for (int b = a + 1; b < n; b++) {
        if (r.nextDouble() < density / Math.max(1, (b - a) / 2.0)) {
          s.add(b);
          hasPredecessor[b] = true;
        }
      }
      successors.add(s);
    }
    for (int p = 0; p < n; p++) {
      if (!hasPredecessor[p] || r.nextDouble() < 0.1) {
        rootSuccessors.add(p);
      }
    }
    targetOf = new int[n];
    for (int p = 0; p < n; p++) {
      // sometimes share the target of the previous point (a composite candidate)
      targetOf[p] = p > 0 && r.nextDouble() < 0.2 ? targetOf[p - 1] : p;
    }
    staticLowerBound = r.nextInt(100);
    materialize = new double[n];
    redundant = new double[n];
    for (int p = 0; p < n; p++) {
      materialize[p] = r.nextInt(20 * materializeScale);
      redundant[p] = r.nextInt(30);
    }
    pair = new double[n][n][];
    for (int a = 0; a < n; a++) {
      for (int b = 0; b < n; b++) {
        pair[a][b] = new double[] {r.nextInt(10), r.nextInt(10), r.nextInt(10), r.nextInt(10)};
      }
    }
  }

  ReachabilityGraph graph() {
    return new ReachabilityGraph(n, successors, rootSuccessors, targetOf);
  }

  @Override
  public double staticLowerBound() {
    return staticLowerBound;
  }

  @Override
  public double materializationCost(boolean[] q) {
    double c = 0;
    boolean[] written = new boolean[n];
    for (int p = 0; p < n; p++) {
      if (q[p] && !written[targetOf[p]]) {
        written[targetOf[p]] = true;
        c += materialize[targetOf[p]];
      }
    }
    return c;
  }

  @Override
  public double planCost(boolean[] q, double bound) {
    partial = false;
    double c = staticLowerBound + materializationCost(q);
    boolean[] reached = new boolean[n];
    int[] stack = new int[n];
    for (int a = 0; a < n; a++) {
      c += q[a] ? 0 : redundant[a];
      // points reached from a over paths whose interior points are false
      java.util.Arrays.fill(reached, false);
      int top = 0;
      for (int s : successors.get(a)) {
        if (!reached[s]) {
          reached[s] = true;
          stack[top++] = s;
        }
      }
      while (top > 0) {
        int v = stack[--top];
        c += pair[a][v][(q[a] ? 2 : 0) + (q[v] ? 1 : 0)];
        if (!q[v]) {
          for (int s : successors.get(v)) {
            if (!reached[s]) {
              reached[s] = true;
              stack[top++] = s;
            }
          }
        }
      }
      if (c > bound) {
        partial = a < n - 1;
        return c;
      }
    }
    return c;
  }

  @Override
  public boolean lastCostPartial() {
    return partial;
  }

  @Override
  public Map<Hop, List<MemoEntry>> selection(boolean[] q) {
    return Map.of();
  }
}
