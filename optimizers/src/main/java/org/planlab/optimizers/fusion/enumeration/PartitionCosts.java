package org.planlab.optimizers.fusion.enumeration;

import java.util.List;
import java.util.Map;
import org.planlab.engine.codegen.memo.MemoEntry;
import org.planlab.engine.ir.Hop;

/**
 * The costs MPSkipEnum needs of one partition (fusion paper, sec. 4.2-4.3). An assignment
 * {@code q} has one entry per interesting point of the partition (true: materialized).
 * Implementations must satisfy, for every q: {@code staticLowerBound() +
 * materializationCost(q) <= planCost(q, +Inf)}, and materializationCost must not decrease when
 * more points are true — the properties cost-based pruning relies on.
 */
public interface PartitionCosts {

  /** Read of the partition inputs, minimal compute, write of the roots (C_P, lower part). */
  double staticLowerBound();

  /** Costs of the distinct materializations the true points of {@code q} force (GETMPCOST). */
  double materializationCost(boolean[] q);

  /**
   * C(P|q) by Eq. (3). Once the partial cost exceeds {@code bound} the computation may stop
   * and return any value greater than {@code bound} (a partially costed plan).
   */
  double planCost(boolean[] q, double bound);

  /** Whether the last {@link #planCost} call stopped early. */
  boolean lastCostPartial();

  /**
   * Whether the last {@link #planCost} call reused the cost of a plan costed before that
   * selects the same memo entries (no DAG traversal); such a plan is not counted as evaluated.
   */
  default boolean lastCostReused() {
    return false;
  }

  /** The memo entries selected under {@code q}, per partition HOP (at most one per template). */
  Map<Hop, List<MemoEntry>> selection(boolean[] q);
}
