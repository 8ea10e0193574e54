package org.planlab.datagen.gen;

import org.planlab.engine.matrix.MatrixBlock;
import org.planlab.engine.random.RandomBlocks;

/** Dense X with cells from N(mean, sd²), the {@link RandomBlocks} normal blocks. */
public record DenseNormal(long rows, int cols, double mean, double sd, long seed)
    implements Generator {

  public DenseNormal {
    Checks.shape(rows, cols);
    Checks.finite("mean", mean);
    Checks.nonNegative("sd", sd);
  }

  @Override
  public String name() {
    return "dense-normal";
  }

  @Override
  public long expectedNnz() {
    return rows * cols;
  }

  @Override
  public MatrixBlock block(int index) {
    Checks.blockIndex(this, index);
    return RandomBlocks.block(seed, index, blockRows(index), cols, 1.0,
        RandomBlocks.Distribution.NORMAL, mean, sd);
  }
}
