package org.planlab.engine.lang.ast;

import java.util.List;
import java.util.Objects;

/**
 * {@code if (predicate) {...} else {...}}; an {@code else if} chain is an else body holding one
 * nested IfStatement. An absent else is an empty list.
 */
public record IfStatement(
    Expression predicate,
    List<Statement> thenBody,
    List<Statement> elseBody,
    SourcePosition position)
    implements Statement {
  public IfStatement {
    Objects.requireNonNull(predicate, "predicate is null");
    thenBody = List.copyOf(thenBody);
    elseBody = List.copyOf(elseBody);
    Objects.requireNonNull(position, "position is null");
  }

  @Override
  public <R> R accept(StatementVisitor<R> visitor) {
    return visitor.visitIf(this);
  }
}
