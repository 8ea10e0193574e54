package org.planlab.engine.lang.ast;

import java.util.Objects;

/** A string literal, escapes already decoded. */
public record StringLiteral(String stringValue, SourcePosition position) implements Literal {
  public StringLiteral {
    Objects.requireNonNull(stringValue, "stringValue is null");
    Objects.requireNonNull(position, "position is null");
  }

  @Override
  public Object value() {
    return stringValue;
  }

  @Override
  public <R> R accept(ExpressionVisitor<R> visitor) {
    return visitor.visitStringLiteral(this);
  }
}
