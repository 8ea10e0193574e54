package org.planlab.experiment.report;

import static java.util.Objects.requireNonNull;

import java.util.Optional;

/**
 * A ratio CI tracks: numerator / denominator (absent = 1, for counts), its expected value, the
 * relative tolerance and which direction is better.
 *
 * @param name what the ratio means, e.g. {@code sum(XYZ) fused speed-up}
 * @param numerator the numerator
 * @param denominator the denominator; empty = 1
 * @param expected the expected value
 * @param tolerance relative tolerance, e.g. 0.25 for 25 %
 * @param better which direction is an improvement
 */
public record TrackedRatio(String name, RatioSide numerator, Optional<RatioSide> denominator,
    double expected, double tolerance, Better better) {
  /** Checks the components. */
  public TrackedRatio {
    requireNonNull(name, "name is null");
    requireNonNull(numerator, "numerator is null");
    requireNonNull(denominator, "denominator is null");
    requireNonNull(better, "better is null");
    if (!(tolerance >= 0)) {
      throw new IllegalArgumentException("tolerance must be >= 0, was " + tolerance);
    }
  }

  /**
   * The verdict on an actual value: a regression when it lies beyond the tolerance on the worse
   * side (higher: below expected*(1-tol); lower: above expected*(1+tol); equal: further than
   * tol*|expected| either way), improved when beyond it on the better side, else ok.
   */
  public Verdict verdict(double actual) {
    double lowBound = expected * (1 - tolerance);
    double highBound = expected * (1 + tolerance);
    return switch (better) {
      case HIGHER -> actual < lowBound ? Verdict.REGRESSION
          : actual > highBound ? Verdict.IMPROVED : Verdict.OK;
      case LOWER -> actual > highBound ? Verdict.REGRESSION
          : actual < lowBound ? Verdict.IMPROVED : Verdict.OK;
      case EQUAL -> Math.abs(actual - expected) > tolerance * Math.abs(expected)
          ? Verdict.REGRESSION : Verdict.OK;
    };
  }

  /** The same ratio expecting {@code newExpected}. */
  public TrackedRatio withExpected(double newExpected) {
    return new TrackedRatio(name, numerator, denominator, newExpected, tolerance, better);
  }
}
