package org.planlab.engine.lang.ast;

import java.util.Objects;

/** A double literal: {@code 1.0}, {@code .5}, {@code 1e-12}, {@code NaN}, {@code Inf}. */
public record DoubleLiteral(double doubleValue, SourcePosition position) implements Literal {
  public DoubleLiteral {
    Objects.requireNonNull(position, "position is null");
  }

  @Override
  public Object value() {
    return doubleValue;
  }

  @Override
  public <R> R accept(ExpressionVisitor<R> visitor) {
    return visitor.visitDoubleLiteral(this);
  }
}
