package org.planlab.workloads;

import static java.util.Objects.requireNonNull;

/**
 * The scalar a workload driver prints as its one line {@code objective: <value>}: what
 * experiments record per point and tests compare against the reference implementation.
 *
 * @param name a short name (e.g. {@code wcss})
 * @param definition how it is computed, in the notation of WORKLOADS.md
 */
public record Objective(String name, String definition) {

  /** The prefix of the line a driver prints; the value follows it. */
  public static final String LINE_PREFIX = "objective: ";

  /** Checks the arguments. */
  public Objective {
    requireNonNull(name, "name is null");
    requireNonNull(definition, "definition is null");
  }

  /**
   * The objective value printed in a driver's output, or {@code NaN} when no line starts with
   * {@link #LINE_PREFIX}; the last such line wins.
   *
   * @throws IllegalArgumentException naming the line when its value is not a number
   */
  public static double parse(String driverOutput) {
    double value = Double.NaN;
    for (String line : driverOutput.split("\\R")) {
      if (line.startsWith(LINE_PREFIX)) {
        String text = line.substring(LINE_PREFIX.length()).trim();
        try {
          value = Double.parseDouble(text);
        } catch (NumberFormatException e) {
          throw new IllegalArgumentException("objective line holds no number: '" + line + "'", e);
        }
      }
    }
    return value;
  }
}
