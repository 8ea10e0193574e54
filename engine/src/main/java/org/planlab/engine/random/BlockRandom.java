package org.planlab.engine.random;

import java.util.SplittableRandom;

/**
 * Seeds for generating a matrix block by block: block {@code i} of a matrix generated with seed
 * {@code s} draws from its own stream, derived from (s, i) alone. Which thread generates which
 * block, and in which order, therefore never changes the values: the same seed gives the same
 * matrix at any degree of parallelism, in memory ({@code rand}) and when streamed to a file
 * ({@code datagen}).
 *
 * <p>Blocks are row ranges of {@link #ROWS_PER_BLOCK} rows (the last may be shorter); within a
 * block, values are drawn in row-major order.
 */
public final class BlockRandom {
  /** Rows per generation block; part of the definition of every seeded output. */
  public static final int ROWS_PER_BLOCK = 1000;

  private BlockRandom() {
  }

  /** The random stream of block {@code blockIndex} of a matrix generated with {@code seed}. */
  public static SplittableRandom forBlock(long seed, long blockIndex) {
    return new SplittableRandom(mix(seed, blockIndex));
  }

  /** Number of generation blocks of a matrix with {@code rows} rows. */
  public static int blockCount(long rows) {
    return (int) ((rows + ROWS_PER_BLOCK - 1) / ROWS_PER_BLOCK);
  }

  /** A fresh seed for calls without one (DML's {@code rand} without {@code seed}). */
  public static long freshSeed() {
    return System.nanoTime() ^ mix(Thread.currentThread().getId(), System.identityHashCode(new Object()));
  }

  /** SplitMix64-style finalizer over both inputs: well-spread, distinct streams per block. */
  static long mix(long seed, long block) {
    long z = seed * 0x9E3779B97F4A7C15L + (block + 1) * 0xBF58476D1CE4E5B9L;
    z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
    z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
    return z ^ (z >>> 31);
  }
}
