package org.planlab.engine.codegen.runtime;

import java.lang.ref.SoftReference;
import java.lang.ref.WeakReference;
import java.util.ArrayList;
import java.util.List;
import org.planlab.engine.kernels.ReorgKernels;
import org.planlab.engine.matrix.MatrixBlock;
import org.planlab.engine.parallel.KernelPool;

/**
 * The transposes, as sparse rows, of the last few main inputs of linear Outer operators of type
 * LEFT ({@link SpoofOuterProduct}), so that an iterative algorithm's repeated {@code t(X * (U
 * V^T)) %*% U} over one X (ALS-CG's conjugate-gradient steps for V) transposes X once.
 *
 * <p>Blocks are values once an operation has them as inputs ({@link MatrixBlock}), so a block
 * has one transpose; an entry is found by the block's identity, and also by the identity of its
 * storage and its non-zero count, so that a block whose storage was converted is transposed
 * again. Entries hold their block and its storage weakly (a dead block is no reason to keep its
 * transpose) and the transpose softly (the collector may take it back). Per JVM: blocks are.
 */
final class Transposes {
  /** Blocks whose transposes are kept. */
  static final int KEPT = 4;

  private record Entry(WeakReference<MatrixBlock> block, WeakReference<Object> storage, long nnz,
      SoftReference<MatrixBlock> transpose) {
    boolean matches(MatrixBlock x, Object xStorage) {
      return block.get() == x && storage.get() == xStorage && nnz == x.nnz();
    }
  }

  /** Most recently used first. */
  private static final List<Entry> ENTRIES = new ArrayList<>();

  private Transposes() {
  }

  /** {@code t(x)} as sparse rows ({@link ReorgKernels#transposeToSparse}), kept for next time. */
  static MatrixBlock of(MatrixBlock x, KernelPool pool) {
    Object storage = !x.isAllocated() ? null : x.isSparse() ? x.sparseRows() : x.denseBuffer();
    synchronized (ENTRIES) {
      ENTRIES.removeIf(e -> e.block.get() == null || e.transpose.get() == null);
      for (int i = 0; i < ENTRIES.size(); i++) {
        Entry e = ENTRIES.get(i);
        MatrixBlock t = e.transpose.get();
        if (t != null && e.matches(x, storage)) {
          ENTRIES.add(0, ENTRIES.remove(i));
          return t;
        }
      }
    }
    MatrixBlock t = ReorgKernels.transposeToSparse(x, pool);
    synchronized (ENTRIES) {
      ENTRIES.add(0, new Entry(new WeakReference<>(x), new WeakReference<>(storage), x.nnz(),
          new SoftReference<>(t)));
      if (ENTRIES.size() > KEPT) {
        ENTRIES.remove(ENTRIES.size() - 1);
      }
    }
    return t;
  }
}
