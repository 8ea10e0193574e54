package org.planlab.engine.matrix;

/**
 * Tolerance comparison of blocks, independent of format. Two values agree when they are both
 * NaN, equal (including infinities), or {@code |a-b| <= absTol + relTol * max(|a|, |b|)}.
 */
public final class MatrixComparison {
  private MatrixComparison() {
  }

  /** True when shapes match and every cell agrees within the tolerances. */
  public static boolean approxEquals(MatrixBlock a, MatrixBlock b, double relTol, double absTol) {
    return firstDifference(a, b, relTol, absTol) == null;
  }

  /** Whether two doubles agree within the tolerances (NaN agrees with NaN). */
  public static boolean close(double x, double y, double relTol, double absTol) {
    if (Double.isNaN(x) || Double.isNaN(y)) {
      return Double.isNaN(x) && Double.isNaN(y);
    }
    if (x == y) {
      return true;
    }
    return Math.abs(x - y) <= absTol + relTol * Math.max(Math.abs(x), Math.abs(y));
  }

  /**
   * A description of the first disagreeing cell (or of the shape mismatch), or null when the
   * blocks agree. Meant for assertion messages.
   */
  public static String firstDifference(MatrixBlock a, MatrixBlock b, double relTol, double absTol) {
    if (a.rows() != b.rows() || a.cols() != b.cols()) {
      return "shapes differ: " + a.shape() + " vs " + b.shape();
    }
    for (int r = 0; r < a.rows(); r++) {
      for (int c = 0; c < a.cols(); c++) {
        double x = a.get(r, c);
        double y = b.get(r, c);
        if (!close(x, y, relTol, absTol)) {
          return "cell (" + r + ", " + c + ") differs: " + x + " vs " + y;
        }
      }
    }
    return null;
  }
}
