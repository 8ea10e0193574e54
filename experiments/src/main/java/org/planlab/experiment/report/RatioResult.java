package org.planlab.experiment.report;

import static java.util.Objects.requireNonNull;

/**
 * A tracked ratio measured on results.
 *
 * @param ratio the tracked ratio
 * @param actual its value in the results; NaN when it could not be measured
 * @param verdict ok, regression, improved, or no data
 * @param problem why there is no value (names the side and its where); empty otherwise
 */
public record RatioResult(TrackedRatio ratio, double actual, Verdict verdict, String problem) {
  /** Checks the components. */
  public RatioResult {
    requireNonNull(ratio, "ratio is null");
    requireNonNull(verdict, "verdict is null");
    requireNonNull(problem, "problem is null");
  }

  /** Relative change of the actual against the expected value, in percent. */
  public double changePercent() {
    return (actual - ratio.expected()) / Math.abs(ratio.expected()) * 100;
  }
}
