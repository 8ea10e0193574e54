package org.planlab.engine.lang.ast;

import java.util.Objects;
import java.util.Optional;
import org.planlab.engine.lang.types.DmlType;

/**
 * A typed function parameter or result, e.g. {@code Double reg = 1.0}. Defaults are constant
 * expressions (they may not read variables) evaluated for each call that omits the argument;
 * results never have one.
 */
public record Parameter(
    String name, DmlType type, Optional<Expression> defaultValue, SourcePosition position)
    implements Node {
  public Parameter {
    Objects.requireNonNull(name, "name is null");
    Objects.requireNonNull(type, "type is null");
    Objects.requireNonNull(defaultValue, "defaultValue is null");
    Objects.requireNonNull(position, "position is null");
  }
}
