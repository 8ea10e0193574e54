package org.planlab.optimizers.fusion.enumeration;

/**
 * The linearized search space of a plan partition (fusion paper, sec. 4.3, Fig. 8(a)): plan
 * {@code j} of {@code n} interesting points assigns point {@code i} the bit {@code n - 1 - i} of
 * {@code j}, so the first point is the most significant one. Plan 0 materializes nothing (the
 * fuse-all end), plan 2^n - 1 everything (the fuse-no-redundancy end), and the plans sharing
 * the prefix of a plan {@code q} up to its last true point form one contiguous block of
 * 2^(n - x - 1) plans, x = lastIndexOf(q, true) — the unit skip-ahead prunes.
 */
public final class Assignments {
  /** Most points one enumeration addresses (plan indexes are non-negative longs). */
  public static final int MAX_POINTS = 62;

  private Assignments() {
  }

  /** Plan {@code j} of the search space over {@code n} points. */
  public static boolean[] of(int n, long j) {
    checkPoints(n);
    boolean[] q = new boolean[n];
    for (int i = 0; i < n; i++) {
      q[i] = (j >>> (n - 1 - i) & 1L) != 0;
    }
    return q;
  }

  /** The index of the last true point of {@code q}, or -1. */
  public static int lastTrue(boolean[] q) {
    for (int i = q.length - 1; i >= 0; i--) {
      if (q[i]) {
        return i;
      }
    }
    return -1;
  }

  /**
   * The plans skip-ahead passes over at plan {@code j} (>= 1): the block sharing its prefix up
   * to the last true point, 2^(n - x - 1), which in this layout is the lowest set bit of j.
   */
  public static long skipCount(long j) {
    if (j <= 0) {
      throw new IllegalArgumentException("plan index must be positive, was " + j);
    }
    return j & -j;
  }

  /** 2^n, saturating at Long.MAX_VALUE (search-space sizes for the statistics). */
  public static long pow2Saturating(long n) {
    return n >= 63 ? Long.MAX_VALUE : 1L << n;
  }

  private static void checkPoints(int n) {
    if (n < 0 || n > MAX_POINTS) {
      throw new IllegalArgumentException(
          "number of points must be in [0, " + MAX_POINTS + "], was " + n);
    }
  }
}
