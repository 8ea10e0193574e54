package org.planlab.spark;

import java.io.Serializable;

/**
 * The position of one square block of a distributed matrix (Spark paper, sec. 4.1: a matrix is
 * a pair RDD of block indexes and blocks): block row {@code row} and block column {@code col},
 * both 0-based. Block (i, j) of a matrix with block size B holds its cells
 * [i*B, min((i+1)*B, rows)) x [j*B, min((j+1)*B, cols)).
 */
public record BlockIndex(long row, long col) implements Serializable, Comparable<BlockIndex> {

  /** The index with row and column swapped (transpose flips block indexes). */
  public BlockIndex transposed() {
    return new BlockIndex(col, row);
  }

  @Override
  public int compareTo(BlockIndex o) {
    int c = Long.compare(row, o.row);
    return c != 0 ? c : Long.compare(col, o.col);
  }
}
