package org.planlab.engine.runtime;

import org.planlab.engine.data.Data;
import org.planlab.engine.ir.Program;
import org.planlab.engine.lang.ast.Parameter;

/**
 * Evaluates the default value of a function parameter the caller omitted. Defaults are constant
 * expressions (they read no variables), so the HOP builder normally binds them at the call site
 * and this is never needed; the facade wires an implementation that compiles the default
 * expression when the builder leaves trailing parameters unbound.
 */
@FunctionalInterface
public interface DefaultArguments {

  /** Fails: every parameter must be bound by the call. */
  DefaultArguments NONE = (function, parameter, ctx) -> {
    throw new IllegalArgumentException("no value for parameter '" + parameter.name()
        + "' of function " + function.key());
  };

  /** The value of {@code parameter}'s default, evaluated for one call of {@code function}. */
  Data evaluate(Program.Function function, Parameter parameter, ExecutionContext ctx);
}
