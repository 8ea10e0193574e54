package org.planlab.spark;

import org.apache.spark.Partitioner;

/**
 * Assigns the blocks of a block grid to partitions in contiguous ranges of their row-major
 * index (block k of n goes to the partition p with floor(p*n/P) <= k < floor((p+1)*n/P)), the
 * ranges Spark's parallelize cuts a list into. A source can therefore create each partition's
 * blocks in place — read or generate a contiguous run of row blocks, or parallelize the blocks
 * in order — and declare this partitioner without a shuffle ({@link AssumePartitioned}). Two
 * matrices of the same block grid and partition count have equal partitioners, so joining them
 * moves no data (Spark paper, sec. 4.1).
 */
public final class BlockPartitioner extends Partitioner {
  private static final long serialVersionUID = 1L;
  private final long blockRows;
  private final long blockCols;
  private final int partitions;

  BlockPartitioner(BlockGeometry g, int partitions) {
    this.blockRows = g.blockRows();
    this.blockCols = g.blockCols();
    this.partitions = Math.max(1, partitions);
  }

  @Override
  public int numPartitions() {
    return partitions;
  }

  /** Number of blocks of the grid. */
  long blocks() {
    return blockRows * blockCols;
  }

  /** The first row-major block index of partition {@code p}. */
  long start(int p) {
    return p * blocks() / partitions;
  }

  @Override
  public int getPartition(Object key) {
    BlockIndex b = (BlockIndex) key;
    long k = b.row() * blockCols + b.col();
    long n = blocks();
    if (n == 0) {
      return 0;
    }
    int p = (int) Math.min(partitions - 1, k * partitions / n);
    while (p + 1 < partitions && start(p + 1) <= k) {
      p++;
    }
    while (p > 0 && start(p) > k) {
      p--;
    }
    return p;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof BlockPartitioner b && b.blockRows == blockRows
        && b.blockCols == blockCols && b.partitions == partitions;
  }

  @Override
  public int hashCode() {
    return Long.hashCode(blockRows * 31 + blockCols) * 31 + partitions;
  }
}
