package org.planlab.experiment.report;

/** The outcome of one tracked ratio. */
public enum Verdict {
  /** Within tolerance. */
  OK("ok"),
  /** Worse than expected beyond the tolerance. */
  REGRESSION("REGRESSION"),
  /** Better than expected beyond the tolerance (time to update the baseline). */
  IMPROVED("improved"),
  /** No ok rows matched a side of the ratio, or its denominator was zero. */
  NO_DATA("NO DATA");

  private final String label;

  Verdict(String label) {
    this.label = label;
  }

  /** How the comparison table shows it. */
  public String label() {
    return label;
  }
}
