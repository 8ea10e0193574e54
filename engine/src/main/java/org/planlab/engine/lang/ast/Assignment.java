package org.planlab.engine.lang.ast;

import java.util.Objects;

/** {@code target = value} (or {@code target <- value}). */
public record Assignment(Identifier target, Expression value, SourcePosition position)
    implements Statement {
  public Assignment {
    Objects.requireNonNull(target, "target is null");
    Objects.requireNonNull(value, "value is null");
    Objects.requireNonNull(position, "position is null");
  }

  @Override
  public <R> R accept(StatementVisitor<R> visitor) {
    return visitor.visitAssignment(this);
  }
}
