package org.planlab.engine.codegen.runtime;

import java.util.Arrays;
import java.util.Objects;
import org.planlab.engine.matrix.MatrixBlock;
import org.planlab.engine.matrix.SparseBlock;

/**
 * A side input of a fused operator (fusion paper, sec. 2.2: "a SideInput abstraction to
 * access additional dense or sparse inputs"): read by cell, by row, or as a whole dense array.
 * Immutable view; safe to share between threads.
 */
public final class SideInput {
  private final MatrixBlock block;
  private final int rows;
  private final int cols;
  private final double[] dense;
  private final SparseBlock sparse;

  private SideInput(MatrixBlock block, boolean forceDense) {
    this.block = block;
    this.rows = block.rows();
    this.cols = block.cols();
    if (block.isSparse() && !forceDense) {
      this.dense = null;
      this.sparse = block.isAllocated() ? block.sparseRows() : null;
    } else if (block.isSparse() || !block.isAllocated()) {
      MatrixBlock d = block.copy().toDenseInPlace();
      this.dense = d.isAllocated() ? d.denseValues() : new double[rows * cols];
      this.sparse = null;
    } else {
      this.dense = block.denseValues();
      this.sparse = null;
    }
  }

  /** A view of {@code block} in its own format (sparse stays sparse). */
  public static SideInput of(MatrixBlock block) {
    return new SideInput(Objects.requireNonNull(block, "block is null"), false);
  }

  /** A dense view of {@code block} (copied to dense when it is sparse or empty). */
  public static SideInput dense(MatrixBlock block) {
    return new SideInput(Objects.requireNonNull(block, "block is null"), true);
  }

  public int rows() {
    return rows;
  }

  public int cols() {
    return cols;
  }

  /** The underlying block (for skeletons). */
  public MatrixBlock block() {
    return block;
  }

  /** Cell (r, c). */
  public double get(int r, int c) {
    if (dense != null) {
      return dense[r * cols + c];
    }
    if (sparse == null || sparse.isEmpty(r)) {
      return 0;
    }
    int pos = sparse.pos(r);
    int len = sparse.size(r);
    int i = Arrays.binarySearch(sparse.indexes(r), pos, pos + len, c);
    return i >= 0 ? sparse.values(r)[i] : 0;
  }

  /** The dense row-major values; only for dense views ({@link #dense(MatrixBlock)}). */
  public double[] values() {
    if (dense == null) {
      throw new IllegalStateException("side input " + rows + "x" + cols
          + " is sparse; the skeleton must pass it densified");
    }
    return dense;
  }

  /**
   * Row r as a dense array: the backing array (read from {@link #rowOffset(int)}) for dense
   * inputs, else a buffer array of length cols filled with the row (offset 0).
   */
  public double[] rowValues(int r, VectorBuffer buf) {
    if (dense != null) {
      return dense;
    }
    double[] out = buf.next(cols);
    Arrays.fill(out, 0);
    if (sparse != null && !sparse.isEmpty(r)) {
      int pos = sparse.pos(r);
      int len = sparse.size(r);
      int[] ix = sparse.indexes(r);
      double[] v = sparse.values(r);
      for (int k = pos; k < pos + len; k++) {
        out[ix[k]] = v[k];
      }
    }
    return out;
  }

  /** Where row r starts in {@link #rowValues(int, VectorBuffer)}'s array. */
  public int rowOffset(int r) {
    return dense != null ? r * cols : 0;
  }
}
