package org.planlab.engine.lang.ast;

import java.util.Objects;

/**
 * Left indexing {@code X[rows, cols] = value}: a new version of {@code X} with the cells replaced
 * (copy semantics); the value is a matrix of the range's shape or a scalar.
 */
public record IndexedAssignment(
    Identifier target, IndexRange rows, IndexRange cols, Expression value, SourcePosition position)
    implements Statement {
  public IndexedAssignment {
    Objects.requireNonNull(target, "target is null");
    Objects.requireNonNull(rows, "rows is null");
    Objects.requireNonNull(cols, "cols is null");
    Objects.requireNonNull(value, "value is null");
    Objects.requireNonNull(position, "position is null");
  }

  @Override
  public <R> R accept(StatementVisitor<R> visitor) {
    return visitor.visitIndexedAssignment(this);
  }
}
