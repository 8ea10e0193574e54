package org.planlab.engine.lang.ast;

import java.util.List;
import java.util.Objects;

/** {@code while (predicate) {...}}. */
public record WhileStatement(Expression predicate, List<Statement> body, SourcePosition position)
    implements Statement {
  public WhileStatement {
    Objects.requireNonNull(predicate, "predicate is null");
    body = List.copyOf(body);
    Objects.requireNonNull(position, "position is null");
  }

  @Override
  public <R> R accept(StatementVisitor<R> visitor) {
    return visitor.visitWhile(this);
  }
}
