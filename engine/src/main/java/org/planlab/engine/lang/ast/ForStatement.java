package org.planlab.engine.lang.ast;

import java.util.List;
import java.util.Objects;

/** {@code for (variable in range) {...}}, sequential. */
public record ForStatement(
    Identifier variable, LoopRange range, List<Statement> body, SourcePosition position)
    implements Statement {
  public ForStatement {
    Objects.requireNonNull(variable, "variable is null");
    Objects.requireNonNull(range, "range is null");
    body = List.copyOf(body);
    Objects.requireNonNull(position, "position is null");
  }

  @Override
  public <R> R accept(StatementVisitor<R> visitor) {
    return visitor.visitFor(this);
  }
}
