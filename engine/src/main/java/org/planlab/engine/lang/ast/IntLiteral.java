package org.planlab.engine.lang.ast;

import java.util.Objects;

/** An integer literal such as {@code 42} (64-bit, as DML integers are). */
public record IntLiteral(long longValue, SourcePosition position) implements Literal {
  public IntLiteral {
    Objects.requireNonNull(position, "position is null");
  }

  @Override
  public Object value() {
    return longValue;
  }

  @Override
  public <R> R accept(ExpressionVisitor<R> visitor) {
    return visitor.visitIntLiteral(this);
  }
}
