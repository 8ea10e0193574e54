package org.planlab.engine.lang.ast;

import java.util.Objects;
import java.util.Optional;

/** One argument of a call, positional or named ({@code rows = 3}). */
public record Argument(Optional<String> name, Expression value, SourcePosition position)
    implements Node {
  public Argument {
    Objects.requireNonNull(name, "name is null");
    Objects.requireNonNull(value, "value is null");
    Objects.requireNonNull(position, "position is null");
  }

  public static Argument positional(Expression value) {
    return new Argument(Optional.empty(), value, value.position());
  }

  public boolean isNamed() {
    return name.isPresent();
  }
}
