package org.planlab.engine.runtime;

import org.planlab.engine.data.MatrixData;
import org.planlab.engine.ir.ExecType;

/**
 * Moves matrices between the engine's backends (Spark paper, sec. 4.2: collect, parallelize;
 * MEMPHIS sec. 2: host-device copies). The executor calls it for operands that live elsewhere
 * than their instruction runs, and transfer instructions call it where lowering placed them.
 * Implementations count every move in the run's statistics.
 */
public interface DataMover {

  /**
   * {@code m} in the representation of the backend running {@code target}: {@code m} itself
   * when it lives there, else a moved copy.
   */
  MatrixData move(MatrixData m, ExecType target, ExecutionContext ctx);

  /**
   * Frees {@code fraction} (0 to 1) of the memory the backends keep for values nobody uses
   * any more (MEMPHIS sec. 5.2, the evict instruction); returns the bytes freed.
   */
  default long evict(double fraction) {
    return 0;
  }
}
