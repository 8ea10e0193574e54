package org.planlab.engine.lang.ast;

import java.util.Objects;

/**
 * A call whose results (if any) are dropped: {@code print(...)}, {@code write(...)}, {@code f(x)}.
 */
public record CallStatement(FunctionCall call, SourcePosition position) implements Statement {
  public CallStatement {
    Objects.requireNonNull(call, "call is null");
    Objects.requireNonNull(position, "position is null");
  }

  @Override
  public <R> R accept(StatementVisitor<R> visitor) {
    return visitor.visitCallStatement(this);
  }
}
