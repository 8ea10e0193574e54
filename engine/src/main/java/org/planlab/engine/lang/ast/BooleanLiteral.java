package org.planlab.engine.lang.ast;

import java.util.Objects;

/** {@code TRUE} or {@code FALSE}. */
public record BooleanLiteral(boolean booleanValue, SourcePosition position) implements Literal {
  public BooleanLiteral {
    Objects.requireNonNull(position, "position is null");
  }

  @Override
  public Object value() {
    return booleanValue;
  }

  @Override
  public <R> R accept(ExpressionVisitor<R> visitor) {
    return visitor.visitBooleanLiteral(this);
  }
}
