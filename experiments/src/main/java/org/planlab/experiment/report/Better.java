package org.planlab.experiment.report;

import java.util.Locale;

/** Which direction of a tracked ratio is an improvement. */
public enum Better {
  /** Larger is better (speed-ups): a regression is falling below expected*(1-tolerance). */
  HIGHER,
  /** Smaller is better (times, overheads): a regression is rising above expected*(1+tolerance). */
  LOWER,
  /** Must stay put (counts such as plans evaluated): any change beyond the tolerance regresses. */
  EQUAL;

  /** The name in a baseline file. */
  public String label() {
    return name().toLowerCase(Locale.ROOT);
  }
}
