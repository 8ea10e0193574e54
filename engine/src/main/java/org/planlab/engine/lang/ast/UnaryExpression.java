package org.planlab.engine.lang.ast;

import java.util.Objects;

/** {@code -e}, {@code +e}, {@code !e}; the position is the operator's. */
public record UnaryExpression(UnaryOperator operator, Expression operand, SourcePosition position)
    implements Expression {
  public UnaryExpression {
    Objects.requireNonNull(operator, "operator is null");
    Objects.requireNonNull(operand, "operand is null");
    Objects.requireNonNull(position, "position is null");
  }

  @Override
  public <R> R accept(ExpressionVisitor<R> visitor) {
    return visitor.visitUnary(this);
  }
}
