package org.planlab.bench;

import org.planlab.engine.matrix.MatrixBlock;
import org.planlab.engine.matrix.SparseBlockCSR;
import org.planlab.engine.random.RandomBlocks;

/** Benchmark inputs: seeded random blocks, generated once per trial. */
final class BenchData {
  private BenchData() {
  }

  static MatrixBlock dense(int rows, int cols, long seed) {
    return RandomBlocks.block(seed, 0, rows, cols, 1.0, RandomBlocks.Distribution.UNIFORM, -1, 1);
  }

  /**
   * Random values at {@code sparsity}, always in sparse (CSR) format, also where the engine would
   * prefer dense (tiny test sizes, high sparsity): a "sparse" benchmark must run the sparse code.
   */
  static MatrixBlock sparse(int rows, int cols, double sparsity, long seed) {
    MatrixBlock m = RandomBlocks.block(seed, 0, rows, cols, sparsity,
        RandomBlocks.Distribution.UNIFORM, -1, 1);
    if (!m.isSparse()) {
      m.recomputeNonZeros();
    }
    return m.toSparseInPlace();
  }

  /** The CSR arrays of a block made by {@link #sparse}, for the hand-written loops. */
  static SparseBlockCSR csr(MatrixBlock m) {
    if (!m.isSparse() || !(m.sparseRows() instanceof SparseBlockCSR csr)) {
      throw new IllegalStateException("expected a CSR block, got " + m);
    }
    return csr;
  }

  /** Dense with values in [0, 1): positive factors, e.g. for log(U %*% t(V) + eps). */
  static MatrixBlock positive(int rows, int cols, long seed) {
    return RandomBlocks.block(seed, 0, rows, cols, 1.0, RandomBlocks.Distribution.UNIFORM, 0, 1);
  }
}
