package org.planlab.engine.lang.ast;

import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * {@code name = function(params) return (results) { body }}, defined at the top level of a module.
 * {@code namespace} is the canonical namespace of that module.
 */
public record FunctionDefinition(
    String namespace,
    String name,
    List<Parameter> parameters,
    List<Parameter> results,
    List<Statement> body,
    SourcePosition position)
    implements Node {
  public FunctionDefinition {
    Objects.requireNonNull(namespace, "namespace is null");
    Objects.requireNonNull(name, "name is null");
    parameters = List.copyOf(parameters);
    results = List.copyOf(results);
    body = List.copyOf(body);
    Objects.requireNonNull(position, "position is null");
  }

  public FunctionKey key() {
    return new FunctionKey(namespace, name);
  }

  /** The parameter called {@code parameterName}, if any. */
  public Optional<Parameter> parameter(String parameterName) {
    return parameters.stream().filter(p -> p.name().equals(parameterName)).findFirst();
  }
}
