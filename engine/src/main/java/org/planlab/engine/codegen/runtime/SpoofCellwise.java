package org.planlab.engine.codegen.runtime;

import java.util.Objects;
import org.planlab.engine.kernels.AggregateOp;

/**
 * Skeleton of the Cell template: evaluates {@link #genexec} per cell of the main input and
 * writes or aggregates the values as {@link CellType} says.
 */
public abstract class SpoofCellwise extends SpoofOperator {
  protected final CellType type;
  protected final AggregateOp agg;
  protected final boolean sparseSafe;

  /**
   * @param agg SUM, SUM_SQ, MIN or MAX (ignored for NO_AGG)
   * @param sparseSafe whether genexec(0, ...) == 0, so only the main input's non-zeros are
   *     visited
   */
  protected SpoofCellwise(CellType type, AggregateOp agg, boolean sparseSafe) {
    this.type = Objects.requireNonNull(type, "type is null");
    this.agg = Objects.requireNonNull(agg, "agg is null");
    this.sparseSafe = sparseSafe;
  }

  /** The value of cell (rix, cix); {@code a} is the main input there, m x n its dims. */
  protected abstract double genexec(double a, SideInput[] b, double[] scalars, int m, int n,
      int rix, int cix);
}
