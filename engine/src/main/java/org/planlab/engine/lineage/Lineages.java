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
   * The item of a scalar literal: its value type and its exact value (doubles in Java's
   * shortest round-trip form, so the item serializes and parses back exactly).
   */
  public static LineageItem literal(ScalarValue s) {
    return new LineageItem(LITERAL, s.valueType().name() + ":" + s.asString());
  }

  /** The scalar an item of {@link #literal} stands for. */
  public static ScalarValue literalValue(LineageItem item) {
    if (!item.opcode().equals(LITERAL)) {
      throw new IllegalArgumentException("not a literal: " + item);
    }
    String d = item.data();
    int colon = d.indexOf(':');
    String type = d.substring(0, colon);
    String v = d.substring(colon + 1);
    return switch (type) {
      case "DOUBLE" -> ScalarValue.of(Double.parseDouble(v));
      case "INTEGER" -> ScalarValue.of(Long.parseLong(v));
      case "BOOLEAN" -> ScalarValue.of(Boolean.parseBoolean(v.toLowerCase(java.util.Locale.ROOT)));
      case "STRING" -> ScalarValue.of(v);
      default -> throw new IllegalArgumentException("literal of unknown type: " + item);
    };
  }

  /** An item equal to no other item of the run that numbers it {@code id}. */
  public static LineageItem unique(String kind, long id) {
    return new LineageItem(UNIQUE, kind + "#" + id);
  }
}
