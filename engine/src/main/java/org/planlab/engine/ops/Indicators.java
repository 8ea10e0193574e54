package org.planlab.engine.ops;

/**
 * The comparison and logical indicators of DML (1.0 when the relation holds, else 0.0), with
 * exactly the values of Java's operators on doubles ({@code a > b ? 1 : 0}, NaN compares
 * false, -0.0 equals 0.0), computed without a branch.
 *
 * <p>Why: a cell-wise comparison of real data, such as the support-vector test {@code out > 0}
 * of L2SVM's line search, is true for an unpredictable half of the cells. The JIT compiles
 * {@code cond ? 1.0 : 0.0} on doubles into a conditional jump (x86 has no conditional move of
 * a double register), and each misprediction costs more than the whole cell's arithmetic. Here
 * the relation is read from the bits of a difference with integer operations only.
 *
 * <p>The identities: for all doubles, {@code a > b} if and only if {@code a - b > 0}. A
 * difference of two distinct finite doubles is never zero (gradual underflow) and keeps its
 * sign when it rounds or overflows; {@code inf - inf} and any NaN operand give NaN, which is
 * not positive, as {@code inf > inf} and comparisons with NaN are false. The other relations
 * follow from {@code >} in both directions and whether an operand is NaN.
 */
public final class Indicators {
  private static final long ABS = 0x7fffffffffffffffL;
  private static final long INF = 0x7ff0000000000000L;

  private Indicators() {
  }

  /** 1 if {@code d > 0}: positive bit patterns up to +inf, excluding +0.0 and NaN. */
  private static long positive(double d) {
    // +0.0 becomes -1, -0.0 becomes Long.MAX_VALUE, positive NaNs INF or more, other negative
    // values stay negative: exactly the positive non-NaN values land in [0, INF)
    long t = Double.doubleToRawLongBits(d) - 1;
    return (~t & (t - INF)) >>> 63;
  }

  /** 1 if {@code x} is NaN: its magnitude bits exceed those of infinity. */
  private static long nan(double x) {
    return (INF - (Double.doubleToRawLongBits(x) & ABS)) >>> 63;
  }

  /** 1 if {@code x} is +0.0 or -0.0. */
  private static long zero(double x) {
    return ((Double.doubleToRawLongBits(x) & ABS) - 1) >>> 63;
  }

  /** {@code a > b ? 1 : 0}. */
  public static double gt(double a, double b) {
    return positive(a - b);
  }

  /** {@code a < b ? 1 : 0}. */
  public static double lt(double a, double b) {
    return positive(b - a);
  }

  /** {@code a >= b ? 1 : 0}: neither less nor unordered. */
  public static double ge(double a, double b) {
    return (positive(b - a) | nan(a) | nan(b)) ^ 1;
  }

  /** {@code a <= b ? 1 : 0}: neither greater nor unordered. */
  public static double le(double a, double b) {
    return (positive(a - b) | nan(a) | nan(b)) ^ 1;
  }

  /** {@code a == b ? 1 : 0}: neither greater, less, nor unordered. */
  public static double eq(double a, double b) {
    return (positive(a - b) | positive(b - a) | nan(a) | nan(b)) ^ 1;
  }

  /** {@code a != b ? 1 : 0}: greater, less or unordered. */
  public static double ne(double a, double b) {
    return positive(a - b) | positive(b - a) | nan(a) | nan(b);
  }

  /** {@code x == 0 ? 1 : 0} (DML's {@code !x}). */
  public static double isZero(double x) {
    return zero(x);
  }

  /** {@code x != x ? 1 : 0}. */
  public static double isNaN(double x) {
    return nan(x);
  }

  /** {@code a != 0 && b != 0 ? 1 : 0} (NaN is non-zero). */
  public static double and(double a, double b) {
    return (zero(a) | zero(b)) ^ 1;
  }

  /** {@code a != 0 || b != 0 ? 1 : 0}. */
  public static double or(double a, double b) {
    return (zero(a) & zero(b)) ^ 1;
  }

  /** {@code (a != 0) != (b != 0) ? 1 : 0}. */
  public static double xor(double a, double b) {
    return zero(a) ^ zero(b);
  }

  /**
   * {@code cond != 0 ? yes : no} (NaN is true, -0.0 false) as a select of bit patterns, so
   * that infinities and NaNs of the branch not taken never reach the result.
   */
  public static double select(double cond, double yes, double no) {
    long keepNo = -zero(cond);
    return Double.longBitsToDouble((Double.doubleToRawLongBits(yes) & ~keepNo)
        | (Double.doubleToRawLongBits(no) & keepNo));
  }
}
