package org.planlab.engine.ops;

import java.util.Locale;
import java.util.Optional;

/**
 * The functions of {@code aggregate(..., fn=)}, SystemDS 3.3.0's grouped aggregate (one list for
 * validation and the runtime).
 */
public enum GroupFunction {
  SUM, COUNT, MEAN, VARIANCE, CENTRALMOMENT, MIN, MAX;

  /** The value of {@code fn=} that selects it. */
  public String dmlName() {
    return name().toLowerCase(Locale.ROOT);
  }

  /** The function {@code fn=} names, if any. */
  public static Optional<GroupFunction> named(String name) {
    for (GroupFunction f : values()) {
      if (f.dmlName().equals(name)) {
        return Optional.of(f);
      }
    }
    return Optional.empty();
  }

  /** The names {@code fn=} accepts, for error messages. */
  public static String names() {
    StringBuilder sb = new StringBuilder();
    for (GroupFunction f : values()) {
      sb.append(sb.length() == 0 ? "" : ", ").append('"').append(f.dmlName()).append('"');
    }
    return sb.toString();
  }

  /**
   * The function {@code fn=} names.
   *
   * @throws IllegalArgumentException naming the value, for an unknown function
   */
  public static GroupFunction of(String name) {
    return named(name).orElseThrow(() -> new IllegalArgumentException(
        "fn of aggregate must be one of " + names() + ", was \"" + name + "\""));
  }
}
