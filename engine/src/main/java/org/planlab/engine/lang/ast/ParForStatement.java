package org.planlab.engine.lang.ast;

import java.util.List;
import java.util.Objects;

/**
 * {@code parfor (variable in range, opt = value, ...) {...}}: iterations that may run in parallel.
 * Options keep their source order; option values written as bare names ({@code mode=LOCAL}) are
 * string literals.
 */
public record ParForStatement(
    Identifier variable,
    LoopRange range,
    List<Argument> options,
    List<Statement> body,
    SourcePosition position)
    implements Statement {
  /** The option names SystemDS defines for parfor; others are validation errors. */
  public static final List<String> OPTION_NAMES =
      List.of(
          "check",
          "par",
          "mode",
          "opt",
          "taskpartitioner",
          "tasksize",
          "datapartitioner",
          "resultmerge",
          "log",
          "profile");

  public ParForStatement {
    Objects.requireNonNull(variable, "variable is null");
    Objects.requireNonNull(range, "range is null");
    options = List.copyOf(options);
    body = List.copyOf(body);
    Objects.requireNonNull(position, "position is null");
  }

  @Override
  public <R> R accept(StatementVisitor<R> visitor) {
    return visitor.visitParFor(this);
  }
}
