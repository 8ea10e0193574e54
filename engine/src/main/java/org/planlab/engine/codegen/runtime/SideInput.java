package org.planlab.engine.codegen.runtime;

import java.lang.ref.SoftReference;
import java.util.Arrays;
import java.util.Objects;
import org.planlab.engine.matrix.MatrixBlock;
import org.planlab.engine.matrix.SparseBlock;

/**
 * A side input of a fused operator (fusion paper, sec. 2.2: "a SideInput abstraction to
 * access additional dense or sparse inputs"): read by cell, by row, or as a whole dense array.
 * Immutable view, safe to share between threads; except a {@link #forTask() task's copy} of a
 * sparse one, which remembers where its last read ended.
 */
public final class SideInput {
  private final MatrixBlock block;
  private final int rows;
  private final int cols;
  private final double[] dense;
  private final SparseBlock sparse;
  /** Whether this is a task's copy whose sparse reads continue from the last one. */
  private final boolean sequential;
  /** A task copy's last row read, and the position after the column it looked up there. */
  private int lastRow = -1;
  private int lastPos;

  private SideInput(MatrixBlock block, boolean forceDense) {
    this.sequential = false;
    this.block = block;
    this.rows = block.rows();
    this.cols = block.cols();
    if (block.isSparse() && !forceDense) {
      this.dense = null;
      this.sparse = block.isAllocated() ? block.sparseRows() : null;
    } else if (!block.isAllocated()) {
      this.dense = zeros(rows * cols);
      this.sparse = null;
    } else if (block.isSparse()) {
      this.dense = block.copy().toDenseInPlace().denseValues();
      this.sparse = null;
    } else {
      this.dense = block.denseValues();
      this.sparse = null;
    }
  }

  /**
   * The last all-zero array handed out, for dense views of empty blocks: side inputs are read
   * only, so views of empty blocks of one size share it. A fresh array per execution cost a
   * page fault per page: a loop that reads a zero-initialised vector (L2SVM's line search reads
   * its first Xw so) spent most of each execution zeroing fresh memory. Softly held, so that the
   * collector may take it back.
   */
  private static volatile SoftReference<double[]> zeros = new SoftReference<>(new double[0]);

  /** An all-zero array of length {@code n}, shared by the dense views of empty blocks. */
  private static double[] zeros(int n) {
    double[] z = zeros.get();
    if (z == null || z.length != n) {
      z = new double[n];
      zeros = new SoftReference<>(z);
    }
    return z;
  }

  /** A copy of {@code shared} that reads sequentially (see {@link #forTask()}). */
  private SideInput(SideInput shared) {
    this.block = shared.block;
    this.rows = shared.rows;
    this.cols = shared.cols;
    this.dense = shared.dense;
    this.sparse = shared.sparse;
    this.sequential = true;
  }

  /**
   * For one task of a skeleton that reads cells in row-major order (the Outer template visits
   * X's non-zeros that way, sec. 2.2): a sparse input's copy that looks a cell up from where
   * its last read in the row ended, so a side input with X's non-zero pattern (ALS-CG's
   * {@code W = X != 0}) is read in constant time per cell instead of by a binary search of its
   * row. Not to be shared between threads; dense inputs are returned as they are.
   */
  public SideInput forTask() {
    return sparse == null ? this : new SideInput(this);
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

  /** Whether cells are read from sparse rows (a sparse block not viewed as dense). */
  public boolean readsSparse() {
    return sparse != null;
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
    int end = pos + sparse.size(r);
    int[] ix = sparse.indexes(r);
    if (!sequential) {
      int i = Arrays.binarySearch(ix, pos, end, c);
      return i >= 0 ? sparse.values(r)[i] : 0;
    }
    int from = r == lastRow ? lastPos : pos;
    if (from > pos && ix[from - 1] >= c) {
      if (ix[from - 1] == c) {
        return sparse.values(r)[from - 1]; // the cell read last, again
      }
      from = pos; // an earlier column of the row
    }
    int i = from < end && ix[from] == c ? from : Arrays.binarySearch(ix, from, end, c);
    lastRow = r;
    lastPos = i >= 0 ? i + 1 : -i - 1;
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
