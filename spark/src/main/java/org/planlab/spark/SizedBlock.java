package org.planlab.spark;

import java.util.Iterator;
import org.apache.spark.util.KnownSizeEstimation;
import org.apache.spark.util.SizeEstimator;
import org.planlab.engine.matrix.MatrixBlock;
import scala.Tuple2;

/**
 * One block of a persisted matrix (Spark paper, sec. 3.1: results are cached deserialized,
 * {@code MEMORY_AND_DISK}) that tells Spark its size in memory: a pair like any other, equal to
 * the plain pair of its index and block.
 *
 * <p>Why: Spark's memory store sizes the values it keeps while it stores them, repeatedly as
 * a partition's values arrive, by walking a sample of them object by object through reflection.
 * A value that knows its size ({@link KnownSizeEstimation}) is not walked: a dense block's
 * size follows from its dims (the engine's estimate of a dense block), an unallocated block's is
 * fixed, and only sparse blocks, whose rows come in several layouts, are still walked.
 * {@code KnownSizeEstimation} is internal to Spark (public in its bytecode only): a Spark
 * upgrade that drops it fails this class's compilation, not a run.
 */
final class SizedBlock extends Tuple2<BlockIndex, MatrixBlock> implements KnownSizeEstimation {
  private static final long serialVersionUID = 1L;
  /** The pair (a header and two references) and its index (a header and two longs). */
  private static final long PAIR_BYTES = 24 + 32;
  /** A block with neither a dense array nor sparse rows: the object and its fields. */
  private static final long UNALLOCATED_BYTES = 48;

  SizedBlock(BlockIndex index, MatrixBlock block) {
    super(index, block);
  }

  @Override
  public long estimatedSize() {
    MatrixBlock b = _2();
    // sparse rows come in several layouts, with spare capacity: Spark walks those
    long block = !b.isAllocated() ? UNALLOCATED_BYTES
        : b.isSparse() ? SizeEstimator.estimate(b)
        : MatrixBlock.estimateSizeDense(b.rows(), b.cols());
    return PAIR_BYTES + block;
  }

  /** {@code t} as a sized block. */
  static SizedBlock of(Tuple2<BlockIndex, MatrixBlock> t) {
    return t instanceof SizedBlock s ? s : new SizedBlock(t._1(), t._2());
  }

  /** The pairs of {@code it} as sized blocks, one by one. */
  static Iterator<Tuple2<BlockIndex, MatrixBlock>> all(
      Iterator<Tuple2<BlockIndex, MatrixBlock>> it) {
    return new Iterator<>() {
      @Override
      public boolean hasNext() {
        return it.hasNext();
      }

      @Override
      public Tuple2<BlockIndex, MatrixBlock> next() {
        return of(it.next());
      }
    };
  }
}
