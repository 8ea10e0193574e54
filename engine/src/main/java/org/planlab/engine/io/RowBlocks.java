package org.planlab.engine.io;

import java.io.IOException;
import org.planlab.engine.matrix.MatrixBlock;
import org.planlab.engine.random.BlockRandom;

/**
 * A matrix available as independent row blocks: block {@code i} holds rows {@code [i*B,
 * min(rows, (i+1)*B))} with {@code B = rowsPerBlock()}. Generators, opened files and in-memory
 * blocks all look like this, so a writer can produce blocks in parallel and write them in order
 * without ever holding the whole matrix.
 *
 * <p>{@link #block} must be safe to call from several threads at once and in any order.
 */
public interface RowBlocks {

  /** Number of rows of the whole matrix. */
  long rows();

  /** Number of columns. */
  int cols();

  /** Rows of every block but the last; generators use {@link BlockRandom#ROWS_PER_BLOCK}. */
  default int rowsPerBlock() {
    return BlockRandom.ROWS_PER_BLOCK;
  }

  /** Number of blocks (0 for a matrix without rows). */
  default int blockCount() {
    return blockCount(rows(), rowsPerBlock());
  }

  /** Rows of block {@code index}. */
  default int blockRows(int index) {
    return (int) Math.min(rowsPerBlock(), rows() - (long) index * rowsPerBlock());
  }

  /**
   * An estimate of the number of non-zeros of the whole matrix, or -1 when unknown; writers use
   * it to pick a layout before the first block exists.
   */
  default long expectedNnz() {
    return -1;
  }

  /** Row block {@code index}: a {@code blockRows(index) x cols()} block with exact nnz. */
  MatrixBlock block(int index) throws IOException;

  /** Number of blocks of {@code rowsPerBlock} rows that cover {@code rows} rows. */
  static int blockCount(long rows, int rowsPerBlock) {
    long n = (rows + rowsPerBlock - 1) / rowsPerBlock;
    if (n > Integer.MAX_VALUE) {
      throw new IllegalArgumentException(rows + " rows in blocks of " + rowsPerBlock
          + " make more than 2^31-1 blocks");
    }
    return (int) n;
  }

  /** An in-memory block as row blocks of {@link BlockRandom#ROWS_PER_BLOCK} rows. */
  static RowBlocks of(MatrixBlock m) {
    return of(m, BlockRandom.ROWS_PER_BLOCK);
  }

  /** An in-memory block as row blocks of {@code rowsPerBlock} rows (slices are copies). */
  static RowBlocks of(MatrixBlock m, int rowsPerBlock) {
    if (rowsPerBlock < 1) {
      throw new IllegalArgumentException("rowsPerBlock must be >= 1, was " + rowsPerBlock);
    }
    return new RowBlocks() {
      @Override
      public long rows() {
        return m.rows();
      }

      @Override
      public int cols() {
        return m.cols();
      }

      @Override
      public int rowsPerBlock() {
        return rowsPerBlock;
      }

      @Override
      public long expectedNnz() {
        return m.nnz();
      }

      @Override
      public MatrixBlock block(int index) {
        int from = index * rowsPerBlock;
        return MatrixRows.slice(m, from, from + blockRows(index));
      }
    };
  }

  /**
   * {@code source} seen in blocks of {@code rowsPerBlock} rows; each block is assembled from the
   * source blocks it overlaps. Returns {@code source} itself when the block size already fits.
   */
  static RowBlocks reblocked(RowBlocks source, int rowsPerBlock) {
    if (rowsPerBlock < 1) {
      throw new IllegalArgumentException("rowsPerBlock must be >= 1, was " + rowsPerBlock);
    }
    if (source.rowsPerBlock() == rowsPerBlock) {
      return source;
    }
    return new RowBlocks() {
      @Override
      public long rows() {
        return source.rows();
      }

      @Override
      public int cols() {
        return source.cols();
      }

      @Override
      public int rowsPerBlock() {
        return rowsPerBlock;
      }

      @Override
      public long expectedNnz() {
        return source.expectedNnz();
      }

      @Override
      public MatrixBlock block(int index) throws IOException {
        long from = (long) index * rowsPerBlock;
        long to = from + blockRows(index);
        int srcRows = source.rowsPerBlock();
        java.util.List<MatrixBlock> parts = new java.util.ArrayList<>();
        for (int b = (int) (from / srcRows); (long) b * srcRows < to; b++) {
          long bFrom = (long) b * srcRows;
          MatrixBlock part = source.block(b);
          int lo = (int) (Math.max(from, bFrom) - bFrom);
          int hi = (int) (Math.min(to, bFrom + part.rows()) - bFrom);
          parts.add(lo == 0 && hi == part.rows() ? part : MatrixRows.slice(part, lo, hi));
        }
        return MatrixRows.rbind(parts, source.cols());
      }
    };
  }
}
