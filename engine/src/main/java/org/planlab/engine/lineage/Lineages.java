package org.planlab.engine.lineage;

import org.planlab.engine.data.ScalarValue;

/**
 * The leaves of lineage traces: literals, and values whose computation is not known. Stateless;
 * who needs unique items supplies the counter.
 */
public final class Lineages {
  /** Opcode of a literal's item; its data is the value type and the exact value. */
  public static final String LITERAL = "lit";
  /** Opcode of an item that equals no other (data: a kind and a number unique in its run). */
  public static final String UNIQUE = "unique";

  private Lineages() {
  }

  /**
   * The item of a scalar literal: its value type and its exact value. The text of its data
   * ({@link #literalText}) is made only when asked for (a log, explain), never while tracing.
   */
  public static LineageItem literal(ScalarValue s) {
    return new LineageItem(s);
  }

  /** The scalar an item of {@link #literal} stands for. */
  public static ScalarValue literalValue(LineageItem item) {
    if (item.literal() == null) {
      throw new IllegalArgumentException("not a literal: " + item);
    }
    return item.literal();
  }

  /**
   * A literal's data: its value type and its exact value (doubles in Java's round-trip form, so
   * the text parses back to the same bits).
   */
  static String literalText(ScalarValue s) {
    return s.valueType().name() + ":" + s.asString();
  }

  /** The value {@link #literalText} wrote. */
  static ScalarValue parseLiteral(String d) {
    int colon = d.indexOf(':');
    if (colon < 0) {
      throw new IllegalArgumentException("a literal's data is TYPE:VALUE, got '" + d + "'");
    }
    String type = d.substring(0, colon);
    String v = d.substring(colon + 1);
    try {
      return switch (type) {
        case "DOUBLE" -> ScalarValue.of(Double.parseDouble(v));
        case "INTEGER" -> ScalarValue.of(Long.parseLong(v));
        case "BOOLEAN" -> ScalarValue.of(v.equals("TRUE"));
        case "STRING" -> ScalarValue.of(v);
        default -> throw new IllegalArgumentException("a literal of unknown type '" + type + "'");
      };
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException("a literal's value '" + v + "' is not a " + type);
    }
  }

  /** An item equal to no other item of the run that numbers it {@code id}. */
  public static LineageItem unique(String kind, long id) {
    return new LineageItem(UNIQUE, kind + "#" + id);
  }
}
