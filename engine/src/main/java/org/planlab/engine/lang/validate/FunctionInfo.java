package org.planlab.engine.lang.validate;

import java.util.List;
import java.util.Objects;
import java.util.Set;
import org.planlab.engine.lang.ast.FunctionDefinition;
import org.planlab.engine.lang.ast.FunctionKey;
import org.planlab.engine.lang.types.ExprType;

/**
 * What validation learned about one user-defined function: its parameter and result types (as
 * declared; dimensions unknown, since calls may pass different sizes), the functions it calls, and
 * whether it can reach itself through calls (recursion).
 */
public record FunctionInfo(
    FunctionDefinition definition,
    List<ExprType> parameterTypes,
    List<ExprType> resultTypes,
    Set<FunctionKey> callees,
    boolean recursive) {

  public FunctionInfo {
    Objects.requireNonNull(definition, "definition is null");
    parameterTypes = List.copyOf(parameterTypes);
    resultTypes = List.copyOf(resultTypes);
    callees = Set.copyOf(callees);
  }

  public FunctionKey key() {
    return definition.key();
  }
}
