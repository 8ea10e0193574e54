package org.planlab.engine.lang.ast;

import java.util.Objects;

/** {@code left op right}; the position is the operator's, where errors about it point. */
public record BinaryExpression(
    BinaryOperator operator, Expression left, Expression right, SourcePosition position)
    implements Expression {
  public BinaryExpression {
    Objects.requireNonNull(operator, "operator is null");
    Objects.requireNonNull(left, "left is null");
    Objects.requireNonNull(right, "right is null");
    Objects.requireNonNull(position, "position is null");
  }

  @Override
  public <R> R accept(ExpressionVisitor<R> visitor) {
    return visitor.visitBinary(this);
  }
}
