package org.planlab.engine.lineage;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * What the engine does with lineage (MEMPHIS sec. 6.2's settings): nothing, trace only (to
 * measure tracing), reuse instruction outputs ({@code full}), or also reuse whole function calls
 * ({@code multilevel}, MEMPHIS sec. 3.3).
 */
public enum ReuseMode {
  NONE, TRACE, FULL, MULTILEVEL;

  /** The name users write: none, trace, full, multilevel. */
  public String label() {
    return name().toLowerCase(Locale.ROOT);
  }

  /**
   * The mode called {@code name}.
   *
   * @throws IllegalArgumentException naming the valid modes
   */
  public static ReuseMode parse(String name) {
    for (ReuseMode m : values()) {
      if (m.label().equals(name)) {
        return m;
      }
    }
    throw new IllegalArgumentException("unknown reuse mode '" + name + "'; valid modes: "
        + Arrays.stream(values()).map(ReuseMode::label).collect(Collectors.joining(", ")));
  }
}
