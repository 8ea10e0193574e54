package org.planlab.spark;

import java.io.Serializable;

/**
 * How a rows x cols matrix is cut into square blocks of side {@code size} (the last block row
 * and column may be smaller). Serializable: operator closures carry it to executors.
 */
public record BlockGeometry(long rows, long cols, int size) implements Serializable {

  public BlockGeometry {
    if (rows < 0 || cols < 0) {
      throw new IllegalArgumentException("invalid matrix dimensions " + rows + "x" + cols);
    }
    if (size < 1) {
      throw new IllegalArgumentException("block size must be positive, was " + size);
    }
  }

  /** Number of block rows (0 for a matrix without rows). */
  public long blockRows() {
    return (rows + size - 1) / size;
  }

  /** Number of block columns. */
  public long blockCols() {
    return (cols + size - 1) / size;
  }

  /** Number of blocks. */
  public long blocks() {
    return blockRows() * blockCols();
  }

  /** Rows of the blocks in block row {@code i}. */
  public int rowsOf(long i) {
    return (int) Math.min(size, rows - i * size);
  }

  /** Columns of the blocks in block column {@code j}. */
  public int colsOf(long j) {
    return (int) Math.min(size, cols - j * size);
  }

  /** The geometry of the transpose. */
  public BlockGeometry transposed() {
    return new BlockGeometry(cols, rows, size);
  }

  /** A matrix of other dimensions cut with the same block size. */
  public BlockGeometry withDims(long newRows, long newCols) {
    return new BlockGeometry(newRows, newCols, size);
  }

  /** Whether the matrix has a single block column (all of a row is in one block). */
  public boolean singleBlockColumn() {
    return cols <= size;
  }

  /** Whether the matrix has a single block row. */
  public boolean singleBlockRow() {
    return rows <= size;
  }

  @Override
  public String toString() {
    return rows + "x" + cols + " in " + size + "x" + size + " blocks";
  }
}
