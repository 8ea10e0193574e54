package org.planlab.engine.matrix;

import java.io.DataInput;
import java.io.DataOutput;
import java.io.Externalizable;
import java.io.IOException;
import java.io.ObjectInput;
import java.io.ObjectOutput;

/**
 * One in-memory matrix of doubles: dense row-major {@code double[]} or sparse ({@link
 * SparseBlockCSR} for reading, {@link SparseBlockMCSR} for building), with the number of
 * non-zeros always correct. The same class is the block of distributed matrices, hence {@link
 * Externalizable} with the compact forms of {@link MatrixBlockSerializer}.
 *
 * <p>Invariants: a block with {@code nnz == 0} may hold no arrays at all; a dense block with
 * {@code nnz > 0} holds a {@code rows*cols} array; a sparse block holds a sparse block of
 * {@code rows} rows. Accessors allocate lazily so that kernels can always write into {@link
 * #denseValues()} or {@link #sparseRows()} of a block they just created.
 *
 * <p>Blocks are mutable while a kernel builds them and treated as values afterwards: operations
 * never modify their inputs.
 */
public final class MatrixBlock implements Externalizable {
  private static final long serialVersionUID = 1L;

  /** Largest number of cells of one dense block (the JVM's array limit). */
  public static final long MAX_DENSE_CELLS = Integer.MAX_VALUE - 8L;

  /** Above this sparsity a block is always dense (as in SystemML's format decision). */
  public static final double SPARSITY_TURN_POINT = 0.4;

  private int rows;
  private int cols;
  private long nnz;
  private boolean sparse;
  private double[] dense;
  private SparseBlock sparseBlock;
  /** The value last derived from this block's contents ({@link #derived}), or null. */
  private volatile Derived derived;

  /** A value derived from the contents, with the storage and non-zero count it came from. */
  private record Derived(Object kind, Object storage, long nnz, Object value) {
  }

  /** For {@link Externalizable} only; use the factories. */
  public MatrixBlock() {
  }

  private MatrixBlock(int rows, int cols, boolean sparse) {
    checkDims(rows, cols);
    if (!sparse && (long) rows * cols > MAX_DENSE_CELLS) {
      throw tooLarge(rows, cols);
    }
    this.rows = rows;
    this.cols = cols;
    this.sparse = sparse;
  }

  // ---------------------------------------------------------------- factories

  /** All-zero block in the given format, nothing allocated yet. */
  public static MatrixBlock empty(int rows, int cols, boolean sparse) {
    return new MatrixBlock(rows, cols, sparse);
  }

  /** All-zero block in the format that suits an empty matrix (sparse unless a column vector). */
  public static MatrixBlock empty(int rows, int cols) {
    return new MatrixBlock(rows, cols, preferSparse(rows, cols, 0));
  }

  /** Dense block, array allocated and zeroed (from the thread's {@link BlockPool} if any). */
  public static MatrixBlock dense(int rows, int cols) {
    MatrixBlock m = new MatrixBlock(rows, cols, false);
    m.dense = BlockPool.zeroed(rows * cols);
    return m;
  }

  /**
   * Dense block for a kernel that writes every cell before any is read: its array may be a
   * recycled buffer holding another block's old values ({@link BlockPool#toOverwrite}).
   */
  public static MatrixBlock denseToOverwrite(int rows, int cols) {
    MatrixBlock m = new MatrixBlock(rows, cols, false);
    m.dense = BlockPool.toOverwrite(rows * cols);
    return m;
  }

  /** Dense block wrapping {@code values} (row-major, not copied); nnz is counted. */
  public static MatrixBlock dense(int rows, int cols, double[] values) {
    MatrixBlock m = new MatrixBlock(rows, cols, false);
    if (values.length != (long) rows * cols) {
      throw new IllegalArgumentException("dense values of length " + values.length
          + " do not fit a " + rows + "x" + cols + " block");
    }
    m.dense = values;
    m.recomputeNonZeros();
    return m;
  }

  /** Sparse block in the row-wise building form (MCSR). */
  public static MatrixBlock sparse(int rows, int cols) {
    MatrixBlock m = new MatrixBlock(rows, cols, true);
    m.sparseBlock = new SparseBlockMCSR(rows);
    return m;
  }

  /** Sparse block wrapping {@code sb}; nnz is taken from it. */
  public static MatrixBlock sparse(int rows, int cols, SparseBlock sb) {
    MatrixBlock m = new MatrixBlock(rows, cols, true);
    if (sb.numRows() != rows) {
      throw new IllegalArgumentException(
          "sparse block of " + sb.numRows() + " rows does not fit " + rows + " rows");
    }
    m.sparseBlock = sb;
    m.nnz = sb.size();
    return m;
  }

  /** Dense copy of a rectangular {@code double[][]}, then converted to its best format. */
  public static MatrixBlock of(double[][] values) {
    int r = values.length;
    int c = r == 0 ? 0 : values[0].length;
    MatrixBlock m = dense(r, c);
    for (int i = 0; i < r; i++) {
      if (values[i].length != c) {
        throw new IllegalArgumentException("ragged array: row " + i + " has " + values[i].length
            + " values, expected " + c);
      }
      System.arraycopy(values[i], 0, m.dense, i * c, c);
    }
    m.recomputeNonZeros();
    return m;
  }

  /** A 1x1 block holding {@code v}. */
  public static MatrixBlock scalar(double v) {
    return dense(1, 1, new double[] {v});
  }

  // ---------------------------------------------------------------- shape, format, nnz

  public int rows() {
    return rows;
  }

  public int cols() {
    return cols;
  }

  public long cells() {
    return (long) rows * cols;
  }

  /** "RxC", used in error messages. */
  public String shape() {
    return rows + "x" + cols;
  }

  public long nnz() {
    return nnz;
  }

  public boolean isSparse() {
    return sparse;
  }

  public boolean isEmpty() {
    return nnz == 0;
  }

  public boolean isVector() {
    return rows == 1 || cols == 1;
  }

  public double sparsity() {
    long c = cells();
    return c == 0 ? 0 : (double) nnz / c;
  }

  /** Sets nnz by a kernel that counted it while writing; must be exact. */
  public void setNonZeros(long nnz) {
    this.nnz = nnz;
  }

  /** Counts the non-zeros from the data and stores the count. */
  public long recomputeNonZeros() {
    long n = 0;
    if (sparse) {
      n = sparseBlock == null ? 0 : sparseBlock.size();
    } else if (dense != null) {
      double[] a = dense;
      for (int i = 0; i < a.length; i++) {
        n += a[i] != 0 ? 1 : 0;
      }
    }
    nnz = n;
    return n;
  }

  // ---------------------------------------------------------------- raw access for kernels

  /** The dense row-major array (allocated on first use); only for dense blocks. */
  public double[] denseValues() {
    if (sparse) {
      throw new IllegalStateException("block is sparse");
    }
    if (dense == null) {
      dense = BlockPool.zeroed(rows * cols);
    }
    return dense;
  }

  /**
   * The dense array if this block is dense and allocated, else null; never allocates (for the
   * executor, which recycles the buffers of blocks that died, {@link BlockPool}).
   */
  public double[] denseBuffer() {
    return sparse ? null : dense;
  }

  /** The sparse rows (an empty MCSR block is allocated on first use); only for sparse blocks. */
  public SparseBlock sparseRows() {
    if (!sparse) {
      throw new IllegalStateException("block is dense");
    }
    if (sparseBlock == null) {
      sparseBlock = new SparseBlockMCSR(rows);
    }
    return sparseBlock;
  }

  /** The sparse rows in the building form, converting CSR to MCSR if needed. */
  public SparseBlockMCSR sparseRowsForUpdate() {
    SparseBlock sb = sparseRows();
    if (sb instanceof SparseBlockMCSR mcsr) {
      return mcsr;
    }
    SparseBlockMCSR mcsr = SparseBlockMCSR.from(sb);
    sparseBlock = mcsr;
    return mcsr;
  }

  /** True when an array or sparse block is present (false for a never-written empty block). */
  public boolean isAllocated() {
    return sparse ? sparseBlock != null : dense != null;
  }

  // ---------------------------------------------------------------- cell access (slow path)

  public double get(int r, int c) {
    checkIndex(r, c);
    if (sparse) {
      return sparseBlock == null ? 0 : sparseBlock.get(r, c);
    }
    return dense == null ? 0 : dense[r * cols + c];
  }

  /** Sets one cell, keeping nnz correct (converts CSR to MCSR on the first sparse write). */
  public void set(int r, int c, double v) {
    checkIndex(r, c);
    if (sparse) {
      nnz += sparseRowsForUpdate().set(r, c, v);
    } else {
      double[] a = denseValues();
      int i = r * cols + c;
      double old = a[i];
      a[i] = v;
      nnz += (v != 0 ? 1 : 0) - (old != 0 ? 1 : 0);
    }
  }

  /**
   * Appends a value in row-major order while building a sparse block (zeros dropped, no
   * search); on a dense block it is a plain set.
   */
  public void append(int r, int c, double v) {
    if (sparse) {
      nnz += sparseRowsForUpdate().append(r, c, v);
    } else {
      set(r, c, v);
    }
  }

  // ---------------------------------------------------------------- format decisions

  /** Estimated bytes of a dense block of the given shape. */
  public static long estimateSizeDense(long rows, long cols) {
    return 48 + 8 * rows * cols;
  }

  /**
   * Estimated bytes of a sparse block: MCSR, which is the larger of the two sparse forms, with
   * one row object per non-empty row (two array headers, the size slot) and 12 bytes a value.
   */
  public static long estimateSizeSparse(long rows, long cols, long nnz) {
    long nonEmptyRows = Math.min(rows, nnz);
    return 64 + 16 * rows + 40 * nonEmptyRows + 12 * nnz;
  }

  /** Estimated bytes of a block in the format it would be chosen in. */
  public static long estimateSizeInMemory(long rows, long cols, double sparsity) {
    long nnz = (long) Math.ceil(sparsity * rows * cols);
    return preferSparse(rows, cols, nnz)
        ? estimateSizeSparse(rows, cols, nnz)
        : estimateSizeDense(rows, cols);
  }

  /**
   * The format rule: sparse when the matrix has more than one column, sparsity below {@link
   * #SPARSITY_TURN_POINT}, and the sparse form is smaller than the dense one; always sparse when
   * a dense block would exceed {@link #MAX_DENSE_CELLS} and the sparse form is possible.
   */
  public static boolean preferSparse(long rows, long cols, long nnz) {
    long cells = rows * cols;
    if (cells > MAX_DENSE_CELLS) {
      return true;
    }
    if (cols <= 1 || cells == 0) {
      return false;
    }
    double sp = (double) nnz / cells;
    return sp < SPARSITY_TURN_POINT
        && estimateSizeSparse(rows, cols, nnz) < estimateSizeDense(rows, cols);
  }

  /** Converts in place to the format that {@link #preferSparse} picks for the current nnz. */
  public MatrixBlock examSparsity() {
    boolean want = preferSparse(rows, cols, nnz);
    if (want && !sparse) {
      toSparseInPlace();
    } else if (!want && sparse) {
      toDenseInPlace();
    }
    return this;
  }

  /** Converts to dense in place (no-op if dense). */
  public MatrixBlock toDenseInPlace() {
    if (!sparse) {
      return this;
    }
    if ((long) rows * cols > MAX_DENSE_CELLS) {
      throw tooLarge(rows, cols);
    }
    SparseBlock sb = sparseBlock;
    sparse = false;
    sparseBlock = null;
    dense = null;
    if (sb != null && nnz > 0) {
      double[] a = denseValues();
      for (int r = 0; r < rows; r++) {
        int apos = sb.pos(r);
        int alen = sb.size(r);
        int[] aix = sb.indexes(r);
        double[] av = sb.values(r);
        int off = r * cols;
        for (int k = apos; k < apos + alen; k++) {
          a[off + aix[k]] = av[k];
        }
      }
    }
    return this;
  }

  /** Converts to sparse (CSR) in place (a sparse block is compacted to CSR). */
  public MatrixBlock toSparseInPlace() {
    if (sparse) {
      if (sparseBlock != null) {
        sparseBlock = SparseBlockCSR.from(sparseBlock);
      }
      return this;
    }
    if (nnz > Integer.MAX_VALUE - 8L) {
      throw new MatrixSizeException("a sparse block of " + shape() + " with " + nnz
          + " non-zeros exceeds 2^31-1 entries");
    }
    double[] a = dense;
    int[] ptr = new int[rows + 1];
    int[] ix = new int[(int) nnz];
    double[] v = new double[(int) nnz];
    int p = 0;
    if (a != null) {
      for (int r = 0; r < rows; r++) {
        int off = r * cols;
        for (int c = 0; c < cols; c++) {
          double x = a[off + c];
          if (x != 0) {
            ix[p] = c;
            v[p++] = x;
          }
        }
        ptr[r + 1] = p;
      }
    }
    dense = null;
    sparse = true;
    sparseBlock = new SparseBlockCSR(ptr, ix, v);
    return this;
  }

  /** Deep copy in the same format. */
  public MatrixBlock copy() {
    MatrixBlock m = new MatrixBlock(rows, cols, sparse);
    m.nnz = nnz;
    if (dense != null) {
      m.dense = dense.clone();
    }
    if (sparseBlock != null) {
      m.sparseBlock = sparseBlock.copy();
    }
    return m;
  }

  /**
   * The value of kind {@code kind} that {@code compute} derives from this block's contents (the
   * Outer template's LEFT reads X's transpose so), computed at the first call and kept with the
   * block: blocks are values once operations read them, so the value holds while the block
   * keeps its storage and non-zero count (a conversion of its format computes it again). One
   * value per block, a value of another kind replaces it; it dies with the block. Concurrent
   * first calls may both compute it.
   */
  @SuppressWarnings("unchecked")
  public <T> T derived(Object kind, java.util.function.Function<MatrixBlock, T> compute) {
    Object storage = sparse ? sparseBlock : dense;
    Derived d = derived;
    if (d != null && d.kind == kind && d.storage == storage && d.nnz == nnz) {
      return (T) d.value;
    }
    T value = compute.apply(this);
    derived = new Derived(kind, storage, nnz, value);
    return value;
  }

  /** Row-major {@code double[][]} copy (tests and small results). */
  public double[][] toArray() {
    double[][] out = new double[rows][cols];
    if (sparse) {
      if (sparseBlock != null) {
        for (int r = 0; r < rows; r++) {
          int apos = sparseBlock.pos(r);
          int alen = sparseBlock.size(r);
          int[] aix = sparseBlock.indexes(r);
          double[] av = sparseBlock.values(r);
          for (int k = apos; k < apos + alen; k++) {
            out[r][aix[k]] = av[k];
          }
        }
      }
    } else if (dense != null) {
      for (int r = 0; r < rows; r++) {
        System.arraycopy(dense, r * cols, out[r], 0, cols);
      }
    }
    return out;
  }

  // ---------------------------------------------------------------- serialization

  /** Writes this block in its most compact form (see {@link MatrixBlockSerializer}). */
  public void write(DataOutput out) throws IOException {
    MatrixBlockSerializer.write(this, out);
  }

  /** Reads a block written by {@link #write}. */
  public static MatrixBlock read(DataInput in) throws IOException {
    return MatrixBlockSerializer.read(in);
  }

  /** Exact number of bytes {@link #write} produces. */
  public long serializedSize() {
    return MatrixBlockSerializer.serializedSize(this);
  }

  @Override
  public void writeExternal(ObjectOutput out) throws IOException {
    MatrixBlockSerializer.write(this, out);
  }

  @Override
  public void readExternal(ObjectInput in) throws IOException {
    MatrixBlock m = MatrixBlockSerializer.read(in);
    rows = m.rows;
    cols = m.cols;
    nnz = m.nnz;
    sparse = m.sparse;
    dense = m.dense;
    sparseBlock = m.sparseBlock;
  }

  // ---------------------------------------------------------------- object

  /** Exact equality of shape and values (format-independent); see {@link MatrixComparison}. */
  @Override
  public boolean equals(Object o) {
    return o instanceof MatrixBlock m && MatrixComparison.firstDifference(this, m, 0, 0) == null;
  }

  @Override
  public int hashCode() {
    int h = 31 * rows + cols;
    return 31 * h + Long.hashCode(nnz);
  }

  @Override
  public String toString() {
    StringBuilder sb = new StringBuilder();
    sb.append("MatrixBlock ").append(shape()).append(sparse ? " sparse" : " dense")
        .append(" nnz=").append(nnz);
    if (cells() <= 100) {
      double[][] a = toArray();
      for (double[] row : a) {
        sb.append('\n');
        for (int c = 0; c < row.length; c++) {
          sb.append(c == 0 ? "" : " ").append(row[c]);
        }
      }
    }
    return sb.toString();
  }

  // ---------------------------------------------------------------- checks

  static void checkDims(long rows, long cols) {
    if (rows < 0 || cols < 0) {
      throw new MatrixSizeException("invalid matrix dimensions " + rows + "x" + cols
          + ": dimensions must be non-negative");
    }
    if (rows > Integer.MAX_VALUE - 8L || cols > Integer.MAX_VALUE - 8L) {
      throw new MatrixSizeException("matrix of " + rows + "x" + cols
          + " exceeds the in-memory block limit of 2^31-1 rows or columns;"
          + " larger matrices need the distributed backend");
    }
  }

  private static MatrixSizeException tooLarge(long rows, long cols) {
    return new MatrixSizeException("a dense block of " + rows + "x" + cols + " = "
        + rows * cols + " cells exceeds the in-memory limit of 2^31-1 cells;"
        + " larger matrices need the distributed backend");
  }

  private void checkIndex(int r, int c) {
    if (r < 0 || r >= rows || c < 0 || c >= cols) {
      throw new IndexOutOfBoundsException("cell (" + r + ", " + c + ") is outside a "
          + shape() + " matrix (0-based)");
    }
  }
}
