package org.planlab.spark;

import java.io.IOException;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;
import org.apache.spark.api.java.JavaPairRDD;
import org.planlab.engine.kernels.BindKernels;
import org.planlab.engine.kernels.IndexingKernels;
import org.planlab.engine.matrix.MatrixBlock;
import org.planlab.engine.random.BlockRandom;
import scala.Tuple2;

/**
 * A matrix that executors create from its row blocks of {@link BlockRandom#ROWS_PER_BLOCK} rows
 * (all columns) — a binary file, a seeded generator: each partition creates exactly the blocks
 * {@link BlockPartitioner} assigns to it, from the row blocks that cover them, so the matrix is
 * partitioned without a shuffle and never passes through the driver (Spark paper, sec. 4.1).
 */
@FunctionalInterface
interface RowBlockSource extends Serializable {

  /** Opens the source in a task (a file handle, nothing for a generator). */
  Reader open() throws IOException;

  /** Row blocks of one task. */
  interface Reader extends AutoCloseable {
    /** Row block {@code i}: rows [i*1000, min((i+1)*1000, rows)), all columns. */
    MatrixBlock rowBlock(long i) throws IOException;

    @Override
    default void close() throws IOException {
    }
  }

  /** The blocks of geometry {@code g} created by the executors from {@code source}. */
  static JavaPairRDD<BlockIndex, MatrixBlock> blocks(SparkBackend backend, BlockGeometry g,
      RowBlockSource source) {
    BlockPartitioner partitioner = backend.partitioner(g);
    int parts = partitioner.numPartitions();
    List<Integer> ids = new ArrayList<>();
    for (int p = 0; p < parts; p++) {
      ids.add(p);
    }
    JavaPairRDD<BlockIndex, MatrixBlock> created = Rdds.flatMapToPair(
        backend.context().parallelize(ids, parts),
        p -> partition(g, partitioner, p, source).iterator());
    return backend.assumePartitioned(created, partitioner);
  }

  /** The blocks of partition {@code p}, in row-major order. */
  private static List<Tuple2<BlockIndex, MatrixBlock>> partition(BlockGeometry g,
      BlockPartitioner partitioner, int p, RowBlockSource source) throws IOException {
    long from = partitioner.start(p);
    long to = p + 1 < partitioner.numPartitions() ? partitioner.start(p + 1)
        : partitioner.blocks();
    List<Tuple2<BlockIndex, MatrixBlock>> out = new ArrayList<>();
    if (from >= to) {
      return out;
    }
    long blockCols = g.blockCols();
    int bs = g.size();
    int gen = BlockRandom.ROWS_PER_BLOCK;
    try (Reader reader = source.open()) {
      long cached = -1;
      MatrixBlock cachedBlock = null;
      for (long i = from / blockCols; i <= (to - 1) / blockCols; i++) {
        long r0 = i * bs;
        int h = g.rowsOf(i);
        List<MatrixBlock> parts = new ArrayList<>();
        for (long q = r0 / gen; q <= (r0 + h - 1) / gen; q++) {
          if (q != cached) {
            cachedBlock = reader.rowBlock(q);
            cached = q;
          }
          int lo = (int) Math.max(0, r0 - q * gen);
          int hi = (int) Math.min(cachedBlock.rows(), r0 + h - q * gen);
          parts.add(lo == 0 && hi == cachedBlock.rows() ? cachedBlock
              : IndexingKernels.slice(cachedBlock, lo, hi, 0, cachedBlock.cols()));
        }
        MatrixBlock band = parts.size() == 1 ? parts.get(0) : BindKernels.rbind(parts);
        for (long j = Math.max(0, from - i * blockCols); j < blockCols
            && i * blockCols + j < to; j++) {
          int c0 = (int) (j * bs);
          int w = g.colsOf(j);
          MatrixBlock blk = c0 == 0 && w == band.cols() ? band
              : IndexingKernels.slice(band, 0, h, c0, c0 + w);
          out.add(new Tuple2<>(new BlockIndex(i, j), blk));
        }
      }
    }
    return out;
  }
}
