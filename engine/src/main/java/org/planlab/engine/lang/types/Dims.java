package org.planlab.engine.lang.types;

import java.util.Optional;

/**
 * Dimension arithmetic shared by the validator and the builtin rules, with unknown dimensions
 * ({@link ExprType#UNKNOWN_DIM}) propagating.
 */
public final class Dims {
  private Dims() {}

  /**
   * The shape of a cell-wise operation on two matrices with broadcasting: per dimension the sizes
   * must be equal or one of them 1 (a column vector spreads across columns, a row vector across
   * rows). Empty if the known sizes conflict.
   */
  public static Optional<ExprType> cellwise(ExprType a, ExprType b) {
    long rows = broadcastDim(a.rows(), b.rows());
    long cols = broadcastDim(a.cols(), b.cols());
    if (rows == CONFLICT || cols == CONFLICT) {
      return Optional.empty();
    }
    return Optional.of(ExprType.matrix(rows, cols));
  }

  private static final long CONFLICT = -2;

  private static long broadcastDim(long a, long b) {
    boolean aKnown = a != ExprType.UNKNOWN_DIM;
    boolean bKnown = b != ExprType.UNKNOWN_DIM;
    if (aKnown && bKnown) {
      if (a == b || b == 1) {
        return a;
      }
      return a == 1 ? b : CONFLICT;
    }
    // one side unknown: it equals the known size or is 1, unless the known side is 1 itself
    long known = aKnown ? a : b;
    return known == ExprType.UNKNOWN_DIM || known == 1 ? ExprType.UNKNOWN_DIM : known;
  }

  /** The first known of two sizes of the same dimension, or unknown. */
  public static long either(long a, long b) {
    return a != ExprType.UNKNOWN_DIM ? a : b;
  }

  /** Whether two sizes are both known and different. */
  public static boolean conflict(long a, long b) {
    return a != ExprType.UNKNOWN_DIM && b != ExprType.UNKNOWN_DIM && a != b;
  }
}
