package org.planlab.datagen.gen;

import java.util.SplittableRandom;

/**
 * A seeded bijection of [0, n): {@code x -> (a*x + b) mod n} with {@code gcd(a, n) = 1}. Used to
 * scatter popularity ranks over row and column indexes, so that popular rows are not all in the
 * first block nor popular columns all at the left. Cheap to evaluate per row, needs no table.
 */
final class AffinePermutation {
  private final long n;
  private final long a;
  private final long b;

  AffinePermutation(long n, SplittableRandom rnd) {
    if (n < 1) {
      this.n = 1;
      this.a = 1;
      this.b = 0;
      return;
    }
    this.n = n;
    // a*x must not overflow: a < 2^62 / n; prefer a near 0.618 n (good spread) when it fits
    long aMax = Math.max(1, Math.min(n, (1L << 62) / n));
    long start = (long) (aMax * (0.5 + 0.3 * rnd.nextDouble()));
    long cand = Math.max(1, start);
    while (gcd(cand, n) != 1) {
      cand = cand + 1 >= aMax ? 1 : cand + 1;
    }
    this.a = cand;
    this.b = Math.floorMod(rnd.nextLong(), n);
  }

  long apply(long x) {
    return (a * x + b) % n;
  }

  private static long gcd(long x, long y) {
    while (y != 0) {
      long t = x % y;
      x = y;
      y = t;
    }
    return x;
  }
}
