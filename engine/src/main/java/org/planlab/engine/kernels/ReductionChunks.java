package org.planlab.engine.kernels;

/**
 * Row-chunk sizes for kernels that reduce over rows into a vector of {@code cols} partial sums
 * (one partial vector per chunk, combined in chunk order). The size depends only on the shape,
 * never on the number of threads, which is what makes those reductions bit-identical for any
 * degree of parallelism.
 */
final class ReductionChunks {
  /** A chunk should touch at least this many cells so that one task amortizes its overhead. */
  static final long MIN_CHUNK_CELLS = 1L << 14;

  /** Upper bound on chunks (more only adds partial vectors to combine). */
  static final int MAX_CHUNKS = 1024;

  /** Budget of all partial vectors together, in doubles (32 MiB). */
  static final long PARTIAL_BUDGET = 1L << 22;

  private ReductionChunks() {
  }

  /** Rows per chunk for a reduction over {@code rows} rows into {@code cols} partial sums. */
  static int chunkRows(int rows, int cols) {
    long width = Math.max(1, cols);
    long byWork = (MIN_CHUNK_CELLS + width - 1) / width;
    long maxChunks = Math.max(1, Math.min(MAX_CHUNKS, PARTIAL_BUDGET / width));
    long byCount = (rows + maxChunks - 1) / maxChunks;
    return (int) Math.max(1, Math.min(Math.max(byWork, byCount), Math.max(1, rows)));
  }
}
