package org.planlab.datagen.gen;

import org.planlab.engine.matrix.MatrixBlock;
import org.planlab.engine.random.RandomBlocks;

/**
 * X with each cell non-zero with probability {@code sparsity} (positions uniform), values from
 * U[min, max): exactly DML's {@code rand(rows, cols, min, max, sparsity, seed)}.
 */
public record SparseUniform(long rows, int cols, double sparsity, double min, double max,
    long seed) implements Generator {

  public SparseUniform {
    Checks.shape(rows, cols);
    Checks.sparsity(sparsity);
    Checks.range(min, max);
  }

  @Override
  public String name() {
    return "sparse-uniform";
  }

  @Override
  public long expectedNnz() {
    return (long) Math.ceil(sparsity * rows * cols);
  }

  @Override
  public MatrixBlock block(int index) {
    Checks.blockIndex(this, index);
    return RandomBlocks.block(seed, index, blockRows(index), cols, sparsity,
        RandomBlocks.Distribution.UNIFORM, min, max);
  }
}
