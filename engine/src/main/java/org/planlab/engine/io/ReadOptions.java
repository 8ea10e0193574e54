package org.planlab.engine.io;

/**
 * How to read a file that has no .mtd (a .mtd, when present, always wins).
 *
 * @param format the format, or null to detect it (binary magic bytes, file extension, a
 *     MatrixMarket banner)
 * @param header whether a CSV file starts with a header line
 * @param sep the CSV separator
 */
public record ReadOptions(MatrixFormat format, boolean header, String sep) {
  public ReadOptions {
    if (sep == null || sep.isEmpty()) {
      throw new IllegalArgumentException("the CSV separator must be a non-empty string");
    }
  }

  /** Detect the format, CSV without header, separated by ",". */
  public static ReadOptions defaults() {
    return new ReadOptions(null, false, ",");
  }

  public ReadOptions withFormat(MatrixFormat f) {
    return new ReadOptions(f, header, sep);
  }

  public ReadOptions withHeader(boolean h) {
    return new ReadOptions(format, h, sep);
  }

  public ReadOptions withSep(String s) {
    return new ReadOptions(format, header, s);
  }
}
