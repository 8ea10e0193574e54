package org.planlab.workloads;

import static java.util.Objects.requireNonNull;

/**
 * A scalar argument of a workload driver ({@code -nvargs name=value}), with the default the
 * driver's {@code ifdef} uses.
 *
 * @param name the argument name ({@code $name} in the driver)
 * @param type its value type
 * @param defaultValue the default, a Java value of {@code type} (see {@link ParameterType})
 * @param description what it controls, for {@code planlab list} and documentation
 */
public record Parameter(String name, ParameterType type, Object defaultValue, String description) {

  /** Checks that the default is present and of the declared type. */
  public Parameter {
    requireNonNull(name, "name is null");
    requireNonNull(type, "type is null");
    requireNonNull(defaultValue, "defaultValue of " + name + " is null");
    requireNonNull(description, "description is null");
    if (!type.accepts(defaultValue)) {
      throw new IllegalArgumentException("default of parameter " + name + " is not of type " + type
          + ": " + defaultValue + " (" + defaultValue.getClass().getSimpleName() + ")");
    }
  }

  /** An integer parameter. */
  public static Parameter integer(String name, long defaultValue, String description) {
    return new Parameter(name, ParameterType.INTEGER, defaultValue, description);
  }

  /** A double parameter. */
  public static Parameter real(String name, double defaultValue, String description) {
    return new Parameter(name, ParameterType.DOUBLE, defaultValue, description);
  }

  /** A boolean parameter. */
  public static Parameter bool(String name, boolean defaultValue, String description) {
    return new Parameter(name, ParameterType.BOOLEAN, defaultValue, description);
  }

  /** A string parameter. */
  public static Parameter string(String name, String defaultValue, String description) {
    return new Parameter(name, ParameterType.STRING, defaultValue, description);
  }

  /** The default as a command-line value (see {@link ParameterType#format}). */
  public String defaultText() {
    return type.format(defaultValue);
  }
}
