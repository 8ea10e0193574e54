package org.planlab.engine.codegen.runtime;

import java.util.List;
import org.planlab.engine.kernels.AggregateOp;

/**
 * Skeleton of the MAgg template: several full aggregates over the cells of one main input;
 * the output is 1 x k.
 */
public abstract class SpoofMultiAggregate extends SpoofOperator {
  protected final List<AggregateOp> aggs;
  protected final boolean sparseSafe;

  /**
   * @param aggs one of SUM, SUM_SQ, MIN, MAX per output
   * @param sparseSafe whether every output is 0 where the main input is 0
   */
  protected SpoofMultiAggregate(boolean sparseSafe, List<AggregateOp> aggs) {
    this.aggs = List.copyOf(aggs);
    this.sparseSafe = sparseSafe;
  }

  /**
   * Writes the k per-cell values of cell (rix, cix) into {@code c[0..k)}; the skeleton
   * aggregates them.
   */
  protected abstract void genexec(double a, SideInput[] b, double[] scalars, double[] c, int m,
      int n, int rix, int cix);
}
