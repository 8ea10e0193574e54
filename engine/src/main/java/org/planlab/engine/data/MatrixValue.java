package org.planlab.engine.data;

import java.util.Objects;
import org.planlab.engine.matrix.MatrixBlock;

/** A matrix held in local memory. The block is treated as immutable once wrapped. */
public record MatrixValue(MatrixBlock block) implements MatrixData {
  public MatrixValue {
    Objects.requireNonNull(block, "block is null");
  }

  @Override
  public long rows() {
    return block.rows();
  }

  @Override
  public long cols() {
    return block.cols();
  }

  @Override
  public long nnz() {
    return block.nnz();
  }

  @Override
  public String location() {
    return LOCAL;
  }

  @Override
  public MatrixBlock acquireLocal() {
    return block;
  }

  @Override
  public String toString() {
    return "matrix " + block.shape();
  }
}
