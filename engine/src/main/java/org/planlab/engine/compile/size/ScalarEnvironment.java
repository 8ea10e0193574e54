package org.planlab.engine.compile.size;

import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import org.planlab.engine.data.ScalarValue;

/**
 * The scalar variables whose values are known when sizes are propagated: constants found by
 * inter-procedural analysis, or the live scalars of the symbol table during dynamic
 * recompilation (optimizer paper, sec. 4.2: size expressions are evaluated "similar to constant
 * folding but with regard to the current values of the symbol table"). Immutable.
 */
public record ScalarEnvironment(Map<String, ScalarValue> values) {
  private static final ScalarEnvironment EMPTY = new ScalarEnvironment(Map.of());

  public ScalarEnvironment {
    values = Map.copyOf(Objects.requireNonNull(values, "values is null"));
  }

  /** No known scalars. */
  public static ScalarEnvironment empty() {
    return EMPTY;
  }

  /** The value of {@code name}, if known. */
  public Optional<ScalarValue> value(String name) {
    return Optional.ofNullable(values.get(name));
  }
}
