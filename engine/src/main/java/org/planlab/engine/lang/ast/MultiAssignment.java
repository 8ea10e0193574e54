package org.planlab.engine.lang.ast;

import java.util.List;
import java.util.Objects;

/**
 * {@code [a, b, c] = f(...)}: binds the results of a user-defined function, or of a builtin with
 * several results (svd, lu, qr, eigen), in order.
 */
public record MultiAssignment(List<Identifier> targets, FunctionCall call, SourcePosition position)
    implements Statement {
  public MultiAssignment {
    targets = List.copyOf(targets);
    Objects.requireNonNull(call, "call is null");
    Objects.requireNonNull(position, "position is null");
  }

  @Override
  public <R> R accept(StatementVisitor<R> visitor) {
    return visitor.visitMultiAssignment(this);
  }
}
