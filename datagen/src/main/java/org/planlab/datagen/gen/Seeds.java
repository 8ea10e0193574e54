package org.planlab.datagen.gen;

import java.util.SplittableRandom;

/**
 * Independent seeds for the several random streams of one generator (model, noise, mask, ...),
 * so that, e.g., labels made with the same seed as their X do not reuse X's random numbers.
 */
final class Seeds {
  private Seeds() {
  }

  /** A seed derived from {@code seed} for the stream called {@code salt}. */
  static long derive(long seed, long salt) {
    return new SplittableRandom(seed ^ salt).nextLong();
  }

  /** A standard normal draw (polar Box-Muller), deterministic for the stream. */
  static double gaussian(SplittableRandom rnd) {
    double u;
    double v;
    double s;
    do {
      u = 2 * rnd.nextDouble() - 1;
      v = 2 * rnd.nextDouble() - 1;
      s = u * u + v * v;
    } while (s >= 1 || s == 0);
    return u * Math.sqrt(-2 * Math.log(s) / s);
  }
}
