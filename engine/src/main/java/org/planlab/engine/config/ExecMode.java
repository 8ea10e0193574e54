package org.planlab.engine.config;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * Which execution types placement may choose (Spark paper, sec. 3.3; SystemDS's execution
 * modes): {@code singlenode} runs everything in the driver (CP); {@code hybrid} keeps what fits
 * the local memory budget in CP and places larger or unknown-size operations on the distributed
 * backend; {@code spark} places every operation the distributed backend supports there;
 * {@code gpu} places every operation the device supports and fits its memory on the device.
 */
public enum ExecMode {
  SINGLENODE, HYBRID, SPARK, GPU;

  /** The lower-case name as the command line and descriptors spell it. */
  public String label() {
    return name().toLowerCase(Locale.ROOT);
  }

  /**
   * The mode called {@code name} (case-insensitive).
   *
   * @throws IllegalArgumentException naming the known modes
   */
  public static ExecMode parse(String name) {
    for (ExecMode m : values()) {
      if (m.label().equalsIgnoreCase(name.strip())) {
        return m;
      }
    }
    throw new IllegalArgumentException("unknown execution mode '" + name + "'; known: "
        + Arrays.stream(values()).map(ExecMode::label).collect(Collectors.joining(", ")));
  }
}
