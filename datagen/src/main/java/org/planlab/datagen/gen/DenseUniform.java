package org.planlab.datagen.gen;

import org.planlab.engine.matrix.MatrixBlock;
import org.planlab.engine.random.RandomBlocks;

/**
 * Dense X with cells from U[min, max): exactly DML's {@code rand(rows, cols, min, max,
 * sparsity=1, seed)}, since both are {@link RandomBlocks#block}.
 */
public record DenseUniform(long rows, int cols, double min, double max, long seed)
    implements Generator {

  public DenseUniform {
    Checks.shape(rows, cols);
    Checks.range(min, max);
  }

  @Override
  public String name() {
    return "dense-uniform";
  }

  @Override
  public long expectedNnz() {
    return rows * cols;
  }

  @Override
  public MatrixBlock block(int index) {
    Checks.blockIndex(this, index);
    return RandomBlocks.block(seed, index, blockRows(index), cols, 1.0,
        RandomBlocks.Distribution.UNIFORM, min, max);
  }
}
