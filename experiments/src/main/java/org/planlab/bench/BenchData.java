package org.planlab.bench;

import org.planlab.engine.matrix.MatrixBlock;
import org.planlab.engine.random.RandomBlocks;

/** Benchmark inputs: seeded random blocks, generated once per trial. */
final class BenchData {
  private BenchData() {
  }

  static MatrixBlock dense(int rows, int cols, long seed) {
    return RandomBlocks.block(seed, 0, rows, cols, 1.0, RandomBlocks.Distribution.UNIFORM, -1, 1);
  }

  static MatrixBlock sparse(int rows, int cols, double sparsity, long seed) {
    MatrixBlock m = RandomBlocks.block(seed, 0, rows, cols, sparsity,
        RandomBlocks.Distribution.UNIFORM, -1, 1);
    return m.isSparse() ? m.toSparseInPlace() : m;
  }

  /** Dense with values in [0, 1): positive factors, e.g. for log(U %*% t(V) + eps). */
  static MatrixBlock positive(int rows, int cols, long seed) {
    return RandomBlocks.block(seed, 0, rows, cols, 1.0, RandomBlocks.Distribution.UNIFORM, 0, 1);
  }
}
