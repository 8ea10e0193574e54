package org.planlab.engine.lang.ast;

import java.util.Objects;

/**
 * Right indexing {@code X[rows, cols]} (1-based, inclusive). The result is always a matrix, also
 * for {@code X[i, j]} (a 1 x 1 matrix; {@code as.scalar} makes it a scalar), as in SystemDS.
 */
public record IndexExpression(
    Identifier target, IndexRange rows, IndexRange cols, SourcePosition position)
    implements Expression {
  public IndexExpression {
    Objects.requireNonNull(target, "target is null");
    Objects.requireNonNull(rows, "rows is null");
    Objects.requireNonNull(cols, "cols is null");
    Objects.requireNonNull(position, "position is null");
  }

  @Override
  public <R> R accept(ExpressionVisitor<R> visitor) {
    return visitor.visitIndex(this);
  }
}
