package org.planlab.engine.ops;

/**
 * The unary aggregates of DML. Every cell takes part, including the implicit zeros of sparse
 * blocks. Over no cells at all (a 0xn matrix, or a row of an nx0 matrix) each op gives its
 * {@link #emptyValue()}.
 *
 * <p>NaN propagates: a NaN cell makes SUM, SUM_SQ, MEAN, VAR, SD, MIN, MAX and PROD NaN (MIN and
 * MAX follow {@link Math#min}/{@link Math#max}, not R's {@code na.rm}). Infinities follow IEEE
 * arithmetic ({@code Inf + -Inf} is NaN).
 */
public enum AggregateOp {
  /** Kahan-compensated sum. */
  SUM,
  /** Kahan-compensated sum of squares ({@code sum(X^2)}). */
  SUM_SQ,
  /** Compensated sum divided by the number of cells. */
  MEAN,
  /** Sample variance (denominator n-1, as R and DML); NaN for fewer than 2 cells. */
  VAR,
  /** Sample standard deviation, the square root of {@link #VAR}. */
  SD,
  /** Smallest cell. */
  MIN,
  /** Largest cell. */
  MAX,
  /**
   * Product of the cells; 0 whenever any cell is zero (explicit or implicit), even if other
   * cells are NaN or infinite, so that the result does not depend on the format or on the order
   * of multiplication. Otherwise the IEEE product, multiplied in row-major order within fixed
   * chunks.
   */
  PROD;

  /**
   * The result over zero cells: 0 for SUM and SUM_SQ, 1 for PROD, NaN for MEAN, VAR and SD,
   * +Infinity for MIN and -Infinity for MAX (the identities of the operations).
   */
  public double emptyValue() {
    return switch (this) {
      case SUM, SUM_SQ -> 0;
      case PROD -> 1;
      case MEAN, VAR, SD -> Double.NaN;
      case MIN -> Double.POSITIVE_INFINITY;
      case MAX -> Double.NEGATIVE_INFINITY;
    };
  }

  /** The result over {@code n > 0} cells that are all zero. */
  public double allZerosValue(long n) {
    return (this == VAR || this == SD) && n < 2 ? Double.NaN : 0;
  }
}
