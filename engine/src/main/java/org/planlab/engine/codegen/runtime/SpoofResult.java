package org.planlab.engine.codegen.runtime;

import java.util.Objects;
import org.planlab.engine.matrix.MatrixBlock;

/**
 * The output of a fused operator and the number of cells (Cell, MAgg, Outer) or rows (Row) for
 * which the generated body ran — the work counter that shows sparsity exploitation.
 */
public record SpoofResult(MatrixBlock output, long work) {
  public SpoofResult {
    Objects.requireNonNull(output, "output is null");
    if (work < 0) {
      throw new IllegalArgumentException("work must be >= 0, was " + work);
    }
  }
}
