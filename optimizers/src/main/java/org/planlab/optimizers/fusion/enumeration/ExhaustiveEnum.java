package org.planlab.optimizers.fusion.enumeration;

import org.planlab.engine.codegen.select.SelectionStats;

/**
 * The exhaustive oracle of cost-based selection: costs all 2^n assignments of a partition in
 * full, in the linearized order of {@link Assignments}, and keeps the first cheapest one. No
 * pruning, no cache, no approximation — deliberately independent of {@link MPSkipEnum}, whose
 * results it checks.
 */
public final class ExhaustiveEnum {
  private ExhaustiveEnum() {
  }

  /** The best of all 2^n plans (n at most {@code maxPoints}). */
  public static MPSkipEnum.Result enumerate(PartitionCosts costs, int n, int maxPoints,
      SelectionStats stats) {
    if (n > maxPoints || n > Assignments.MAX_POINTS) {
      throw new IllegalArgumentException("exhaustive enumeration of " + n
          + " interesting points exceeds the limit of " + Math.min(maxPoints,
              Assignments.MAX_POINTS));
    }
    boolean[] best = null;
    double bestCost = Double.POSITIVE_INFINITY;
    long total = 1L << n;
    double fuseAll = 0; // j = 0 materializes nothing, j = total - 1 everything
    double materializeAll = 0;
    for (long j = 0; j < total; j++) {
      boolean[] q = Assignments.of(n, j);
      double c = costs.planCost(q, Double.POSITIVE_INFINITY);
      stats.addPlansEvaluated(1);
      if (j == 0) {
        fuseAll = c;
      }
      if (j == total - 1) {
        materializeAll = c;
      }
      if (best == null || c < bestCost) {
        best = q;
        bestCost = c;
      }
    }
    return new MPSkipEnum.Result(best, bestCost, fuseAll, materializeAll, false, false);
  }
}
