package org.planlab.engine.lang.builtins;

import org.planlab.engine.lang.types.ExprType;

/**
 * The output type of a builtin call from its bound arguments; also the place for checks that
 * involve several arguments (e.g. cbind's row counts), reported through {@link BoundCall#error}.
 */
@FunctionalInterface
public interface TypeRule {
  ExprType outputType(BoundCall call);
}
