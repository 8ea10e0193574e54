package org.planlab.engine.data;

import java.util.Objects;
import org.planlab.engine.matrix.MatrixBlock;

/** A matrix value held in memory. The block is treated as immutable once wrapped. */
public record MatrixValue(MatrixBlock block) implements Data {
  public MatrixValue {
    Objects.requireNonNull(block, "block is null");
  }

  @Override
  public String toString() {
    return "matrix " + block.shape();
  }
}
