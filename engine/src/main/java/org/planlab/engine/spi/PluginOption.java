package org.planlab.engine.spi;

import java.util.Objects;

/**
 * One option a strategy or backend provider accepts: its key, type, default (as text, as a spec
 * would write it) and one line of documentation, which {@code planlab list} prints.
 *
 * @param key the key in a spec ({@code approximate})
 * @param type the type its value must parse as
 * @param defaultValue the value when the spec does not give one
 * @param doc one line: what the option does
 */
public record PluginOption(String key, Type type, String defaultValue, String doc) {

  /** The value types of options. */
  public enum Type {
    BOOLEAN, INTEGER, LONG, DOUBLE, STRING;

    /** The lower-case name used in messages and listings. */
    public String label() {
      return name().toLowerCase(java.util.Locale.ROOT);
    }
  }

  public PluginOption {
    Objects.requireNonNull(key, "key is null");
    Objects.requireNonNull(type, "type is null");
    Objects.requireNonNull(defaultValue, "defaultValue is null");
    Objects.requireNonNull(doc, "doc is null");
    parse(key, type, defaultValue); // a provider's default must be valid
  }

  /** A boolean option. */
  public static PluginOption bool(String key, boolean defaultValue, String doc) {
    return new PluginOption(key, Type.BOOLEAN, Boolean.toString(defaultValue), doc);
  }

  /** An int option. */
  public static PluginOption integer(String key, int defaultValue, String doc) {
    return new PluginOption(key, Type.INTEGER, Integer.toString(defaultValue), doc);
  }

  /** A long option. */
  public static PluginOption longValue(String key, long defaultValue, String doc) {
    return new PluginOption(key, Type.LONG, Long.toString(defaultValue), doc);
  }

  /** A double option. */
  public static PluginOption number(String key, double defaultValue, String doc) {
    return new PluginOption(key, Type.DOUBLE, Double.toString(defaultValue), doc);
  }

  /** A string option. */
  public static PluginOption string(String key, String defaultValue, String doc) {
    return new PluginOption(key, Type.STRING, defaultValue, doc);
  }

  /**
   * {@code text} as a value of this option's type (Boolean, Integer, Long, Double or String).
   *
   * @throws IllegalArgumentException naming the key, the type and the offending text
   */
  public Object parse(String text) {
    return parse(key, type, text);
  }

  private static Object parse(String key, Type type, String text) {
    try {
      return switch (type) {
        case BOOLEAN -> {
          if (!text.equals("true") && !text.equals("false")) {
            throw new NumberFormatException();
          }
          yield Boolean.parseBoolean(text);
        }
        case INTEGER -> Integer.parseInt(text);
        case LONG -> Long.parseLong(text);
        case DOUBLE -> {
          double d = Double.parseDouble(text);
          if (Double.isNaN(d)) {
            throw new NumberFormatException();
          }
          yield d;
        }
        case STRING -> text;
      };
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException("option " + key + " must be "
          + (type == Type.BOOLEAN ? "true or false" : "a" + (type == Type.INTEGER ? "n " : " ")
          + type.label()) + ", was '" + text + "'");
    }
  }
}
