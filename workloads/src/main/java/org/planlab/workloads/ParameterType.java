package org.planlab.workloads;

import java.util.Locale;

/** The value type of a workload parameter, as the driver script's {@code ifdef} default has it. */
public enum ParameterType {
  /** A DML integer (64 bit); Java values are {@link Long}. */
  INTEGER,
  /** A DML double; Java values are {@link Double}. */
  DOUBLE,
  /** A DML boolean ({@code TRUE}/{@code FALSE}); Java values are {@link Boolean}. */
  BOOLEAN,
  /** A DML string; Java values are {@link String}. */
  STRING;

  /** Whether {@code value} is a Java value of this type (see the constants). */
  public boolean accepts(Object value) {
    return switch (this) {
      case INTEGER -> value instanceof Long;
      case DOUBLE -> value instanceof Double;
      case BOOLEAN -> value instanceof Boolean;
      case STRING -> value instanceof String;
    };
  }

  /**
   * Parses a command-line argument value ({@code -nvargs name=text}) of this type.
   *
   * @throws IllegalArgumentException naming the text when it is not a value of this type
   */
  public Object parse(String text) {
    try {
      return switch (this) {
        case INTEGER -> Long.parseLong(text.trim());
        case DOUBLE -> Double.parseDouble(text.trim());
        case BOOLEAN -> parseBoolean(text.trim());
        case STRING -> text;
      };
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException("'" + text + "' is not " + article() + " value", e);
    }
  }

  /**
   * The value as a driver receives it on the command line: {@code TRUE}/{@code FALSE} for
   * booleans, plain digits or a lowercase exponent ({@code 1.0e-12}) for numbers, strings as is.
   */
  public String format(Object value) {
    if (!accepts(value)) {
      throw new IllegalArgumentException(value + " is not " + article() + " value");
    }
    return switch (this) {
      case INTEGER, STRING -> value.toString();
      case DOUBLE -> value.toString().replace('E', 'e');
      case BOOLEAN -> ((Boolean) value) ? "TRUE" : "FALSE";
    };
  }

  private static Boolean parseBoolean(String text) {
    return switch (text.toUpperCase(Locale.ROOT)) {
      case "TRUE" -> Boolean.TRUE;
      case "FALSE" -> Boolean.FALSE;
      default -> throw new NumberFormatException("not TRUE or FALSE: " + text);
    };
  }

  private String article() {
    return this == INTEGER ? "an integer" : "a " + name().toLowerCase(Locale.ROOT);
  }
}
