package org.planlab.engine.codegen.runtime;

import java.util.List;
import org.planlab.engine.matrix.MatrixBlock;
import org.planlab.engine.parallel.KernelPool;

/**
 * Base of the hand-written operator skeletons (fusion paper, sec. 2.3): a skeleton owns data
 * access (dense and sparse main input, dense or sparse side inputs), multi-threading over row
 * ranges and aggregation; a generated subclass only overrides the per-cell or per-row body
 * ({@code genexec}).
 */
public abstract class SpoofOperator {

  /**
   * Runs the operator.
   *
   * @param inputs the main input first, then the side inputs in plan order (never modified)
   * @param scalars the scalar inputs in plan order
   * @param outRows rows of the output (from the fused HOP's sizes)
   * @param outCols columns of the output
   * @param pool threads for row ranges; results are identical for every thread count
   */
  public abstract SpoofResult execute(List<MatrixBlock> inputs, double[] scalars, int outRows,
      int outCols, KernelPool pool);
}
