package org.planlab.engine.spi;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The option values of one spec, checked against the options its provider declares: every
 * declared key has a value (the spec's or the default), unknown keys and unparsable values are
 * rejected when this object is built. Immutable.
 */
public final class PluginOptions {
  private final Map<String, Object> values;
  private final Map<String, Object> given;

  private PluginOptions(Map<String, Object> values, Map<String, Object> given) {
    this.values = Collections.unmodifiableMap(values);
    this.given = Collections.unmodifiableMap(given);
  }

  /**
   * The values of {@code spec}'s options under {@code declared}.
   *
   * @throws IllegalArgumentException for an unknown key (the message lists the known ones) or a
   *     value that does not parse as its option's type
   */
  public static PluginOptions of(PluginSpec spec, List<PluginOption> declared) {
    Objects.requireNonNull(spec, "spec is null");
    Map<String, PluginOption> byKey = new LinkedHashMap<>();
    declared.forEach(o -> byKey.put(o.key(), o));
    Map<String, Object> values = new LinkedHashMap<>();
    Map<String, Object> given = new LinkedHashMap<>();
    for (PluginOption o : declared) {
      values.put(o.key(), o.parse(o.defaultValue()));
    }
    spec.options().forEach((k, text) -> {
      PluginOption o = byKey.get(k);
      if (o == null) {
        throw new IllegalArgumentException("unknown option '" + k + "'"
            + "; known: " + (byKey.isEmpty() ? "none (it takes no options)"
                : String.join(", ", byKey.keySet())));
      }
      Object v = o.parse(text);
      values.put(k, v);
      given.put(k, v);
    });
    return new PluginOptions(values, given);
  }

  /** No options at all (for providers that declare none). */
  public static PluginOptions none() {
    return new PluginOptions(Map.of(), Map.of());
  }

  /** Whether the spec gave {@code key} (rather than taking its default). */
  public boolean given(String key) {
    return given.containsKey(key);
  }

  public boolean bool(String key) {
    return (Boolean) value(key);
  }

  public int integer(String key) {
    return (Integer) value(key);
  }

  public long longValue(String key) {
    return (Long) value(key);
  }

  public double number(String key) {
    return (Double) value(key);
  }

  public String string(String key) {
    return (String) value(key);
  }

  /** Every option's value by key, defaults included (unmodifiable, declaration order). */
  public Map<String, Object> values() {
    return values;
  }

  private Object value(String key) {
    Object v = values.get(key);
    if (v == null) {
      throw new IllegalArgumentException("no option '" + key + "' is declared");
    }
    return v;
  }
}
