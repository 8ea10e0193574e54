package org.planlab.engine.spi;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.regex.Pattern;

/**
 * A strategy or backend as a configuration names it: {@code name[:key=value,...]}, e.g.
 * {@code mpskip}, {@code mpskip:approximate=false} or {@code exhaustive:maxPoints=16}. Values are
 * kept as text; the provider's declared {@link PluginOption}s give them types. Keys keep their
 * order, so {@link #toString()} reproduces the text (without spaces).
 *
 * @param name the provider's name
 * @param options the given options (unmodifiable, in the order written)
 */
public record PluginSpec(String name, Map<String, String> options) {
  private static final Pattern NAME = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._-]*");
  private static final Pattern KEY = Pattern.compile("[A-Za-z][A-Za-z0-9._-]*");

  public PluginSpec {
    Objects.requireNonNull(name, "name is null");
    options = Collections.unmodifiableMap(new LinkedHashMap<>(options));
  }

  /**
   * Parses {@code text}.
   *
   * @throws IllegalArgumentException naming the spec and what is wrong with it: no name, an
   *     option without {@code =}, an empty or repeated key
   */
  public static PluginSpec parse(String text) {
    Objects.requireNonNull(text, "text is null");
    String s = text.strip();
    int colon = s.indexOf(':');
    String name = (colon < 0 ? s : s.substring(0, colon)).strip();
    if (!NAME.matcher(name).matches()) {
      throw new IllegalArgumentException("'" + text + "' is not a spec: expected "
          + "name[:key=value,...] with a name of letters, digits, '.', '_' and '-'");
    }
    Map<String, String> options = new LinkedHashMap<>();
    if (colon >= 0) {
      String rest = s.substring(colon + 1);
      if (rest.isBlank()) {
        throw new IllegalArgumentException("'" + text + "' has a ':' but no options; "
            + "write " + name + " or " + name + ":key=value");
      }
      for (String part : rest.split(",", -1)) {
        int eq = part.indexOf('=');
        String key = (eq < 0 ? part : part.substring(0, eq)).strip();
        if (eq < 0 || !KEY.matcher(key).matches()) {
          throw new IllegalArgumentException("'" + text + "': option '" + part.strip()
              + "' is not key=value");
        }
        if (options.put(key, part.substring(eq + 1).strip()) != null) {
          throw new IllegalArgumentException("'" + text + "': option '" + key
              + "' is given twice");
        }
      }
    }
    return new PluginSpec(name, options);
  }

  /** The spec as text: {@code name} or {@code name:key=value,...}. */
  @Override
  public String toString() {
    if (options.isEmpty()) {
      return name;
    }
    StringBuilder sb = new StringBuilder(name).append(':');
    String sep = "";
    for (Map.Entry<String, String> e : options.entrySet()) {
      sb.append(sep).append(e.getKey()).append('=').append(e.getValue());
      sep = ",";
    }
    return sb.toString();
  }
}
