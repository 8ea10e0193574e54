package org.planlab.engine.ir;

/**
 * Sizes of a HOP's output as far as they are known: rows, columns and non-zeros, each -1 when
 * unknown (optimizer paper, sec. 3.2). Scalars are 0 x 0.
 */
public record DataCharacteristics(long rows, long cols, long nnz) {
  /** Marks an unknown dimension or nnz. */
  public static final long UNKNOWN = -1;

  public static final DataCharacteristics SCALAR = new DataCharacteristics(0, 0, 0);
  public static final DataCharacteristics UNKNOWN_MATRIX =
      new DataCharacteristics(UNKNOWN, UNKNOWN, UNKNOWN);

  public DataCharacteristics {
    if (rows < UNKNOWN || cols < UNKNOWN || nnz < UNKNOWN) {
      throw new IllegalArgumentException("sizes must be >= 0 or UNKNOWN: " + rows + "x" + cols
          + " nnz=" + nnz);
    }
  }

  public static DataCharacteristics dims(long rows, long cols) {
    return new DataCharacteristics(rows, cols, UNKNOWN);
  }

  public boolean dimsKnown() {
    return rows >= 0 && cols >= 0;
  }

  public boolean nnzKnown() {
    return nnz >= 0;
  }

  /** Cells, or -1 when a dimension is unknown. */
  public long cells() {
    return dimsKnown() ? rows * cols : UNKNOWN;
  }

  /** nnz / cells when both are known; else 1 (the worst case, dense). */
  public double sparsityOrDense() {
    long c = cells();
    return nnzKnown() && c > 0 ? (double) nnz / c : 1.0;
  }

  public DataCharacteristics withNnz(long newNnz) {
    return new DataCharacteristics(rows, cols, newNnz);
  }

  /** "RxC" with "?" for unknowns, plus nnz when known. */
  @Override
  public String toString() {
    String r = rows < 0 ? "?" : Long.toString(rows);
    String c = cols < 0 ? "?" : Long.toString(cols);
    return r + "x" + c + (nnzKnown() ? " nnz=" + nnz : "");
  }
}
