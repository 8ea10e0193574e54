package org.planlab.engine.lang.ast;

import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * A call {@code f(args)} or {@code ns::f(args)}, of a builtin or a user-defined function; the
 * validator resolves which (see {@code ValidatedProgram.targetOf}). The position is where the call
 * starts (the namespace, if written).
 */
public record FunctionCall(
    Optional<String> namespace, String name, List<Argument> arguments, SourcePosition position)
    implements Expression {
  public FunctionCall {
    Objects.requireNonNull(namespace, "namespace is null");
    Objects.requireNonNull(name, "name is null");
    arguments = List.copyOf(arguments);
    Objects.requireNonNull(position, "position is null");
  }

  /** "f" or "ns::f", as written. */
  public String displayName() {
    return namespace.map(ns -> ns + "::" + name).orElse(name);
  }

  @Override
  public <R> R accept(ExpressionVisitor<R> visitor) {
    return visitor.visitCall(this);
  }
}
