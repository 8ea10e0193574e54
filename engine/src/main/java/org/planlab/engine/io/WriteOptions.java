package org.planlab.engine.io;

/**
 * Format options of the writers.
 *
 * @param header CSV: write a header line {@code C1,C2,...}
 * @param sep CSV: separator between cells
 * @param mmLayout MatrixMarket: coordinate, array, or chosen by sparsity
 * @param blocksize binary: rows per block when writing an in-memory block (streamed sources keep
 *     their own block size, {@code BlockRandom.ROWS_PER_BLOCK} for generators)
 * @param author optional "author" of the .mtd (null: left out)
 * @param created optional "created" of the .mtd (null: left out, so that files are reproducible)
 */
public record WriteOptions(boolean header, String sep, MmLayout mmLayout, int blocksize,
    String author, String created) {

  /** The layout of a MatrixMarket file. */
  public enum MmLayout {
    /** Coordinate for matrices the format rule would keep sparse, array for dense ones. */
    AUTO,
    /** "i j v" entries of the non-zeros. */
    COORDINATE,
    /** Every value, column-major. */
    ARRAY
  }

  public WriteOptions {
    if (sep == null || sep.isEmpty() || sep.contains("\n") || sep.contains("\r")) {
      throw new IllegalArgumentException("the CSV separator must be a non-empty single-line "
          + "string, was '" + sep + "'");
    }
    if (mmLayout == null) {
      throw new IllegalArgumentException("mmLayout is null");
    }
    if (blocksize < 1) {
      throw new IllegalArgumentException("blocksize must be >= 1, was " + blocksize);
    }
  }

  /** No CSV header, separator ",", automatic MatrixMarket layout, blocks of 1000 rows. */
  public static WriteOptions defaults() {
    return new WriteOptions(false, ",", MmLayout.AUTO,
        org.planlab.engine.random.BlockRandom.ROWS_PER_BLOCK, null, null);
  }

  public WriteOptions withHeader(boolean h) {
    return new WriteOptions(h, sep, mmLayout, blocksize, author, created);
  }

  public WriteOptions withSep(String s) {
    return new WriteOptions(header, s, mmLayout, blocksize, author, created);
  }

  public WriteOptions withMmLayout(MmLayout l) {
    return new WriteOptions(header, sep, l, blocksize, author, created);
  }

  public WriteOptions withBlocksize(int b) {
    return new WriteOptions(header, sep, mmLayout, b, author, created);
  }

  public WriteOptions withAuthor(String a, String c) {
    return new WriteOptions(header, sep, mmLayout, blocksize, a, c);
  }
}
