package org.planlab.engine.lang.ast;

import java.util.Objects;

/** A variable reference. */
public record Identifier(String name, SourcePosition position) implements Expression {
  public Identifier {
    Objects.requireNonNull(name, "name is null");
    Objects.requireNonNull(position, "position is null");
  }

  @Override
  public <R> R accept(ExpressionVisitor<R> visitor) {
    return visitor.visitIdentifier(this);
  }
}
