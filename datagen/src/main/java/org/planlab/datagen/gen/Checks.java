package org.planlab.datagen.gen;

import org.planlab.engine.io.RowBlocks;
import org.planlab.engine.matrix.MatrixBlock;
import org.planlab.engine.random.BlockRandom;

/** Argument checks shared by the generators; messages name the offending value. */
final class Checks {
  private Checks() {
  }

  static void shape(long rows, int cols) {
    if (rows < 0) {
      throw new IllegalArgumentException("rows must be >= 0, was " + rows);
    }
    if (cols < 0 || cols > MatrixBlock.MAX_DENSE_CELLS) {
      throw new IllegalArgumentException("cols must be in [0, 2^31-9], was " + cols);
    }
    RowBlocks.blockCount(rows, BlockRandom.ROWS_PER_BLOCK);
  }

  static void sparsity(double sparsity) {
    if (!(sparsity >= 0 && sparsity <= 1)) {
      throw new IllegalArgumentException("sparsity must be in [0, 1], was " + sparsity);
    }
  }

  static void finite(String name, double v) {
    if (!Double.isFinite(v)) {
      throw new IllegalArgumentException(name + " must be a finite number, was " + v);
    }
  }

  static void nonNegative(String name, double v) {
    if (!(v >= 0) || Double.isInfinite(v)) {
      throw new IllegalArgumentException(name + " must be finite and >= 0, was " + v);
    }
  }

  static void range(double min, double max) {
    finite("min", min);
    finite("max", max);
    if (min > max) {
      throw new IllegalArgumentException("min must be <= max, was min=" + min + " max=" + max);
    }
  }

  static void blockIndex(RowBlocks g, int index) {
    if (index < 0 || index >= g.blockCount()) {
      throw new IndexOutOfBoundsException("block " + index + " of a generator with "
          + g.blockCount() + " blocks");
    }
  }
}
