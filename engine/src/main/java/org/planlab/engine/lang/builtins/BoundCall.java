package org.planlab.engine.lang.builtins;

import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalLong;
import org.planlab.engine.lang.types.ExprType;

/**
 * A builtin call with its arguments bound to parameters and typed, as a {@link TypeRule} sees it.
 * Implemented by the validator. Parameters are named as in the catalogue; an omitted parameter with
 * a default reports the default's type and value.
 */
public interface BoundCall {
  BuiltinFunction function();

  /** Whether the call supplies {@code parameter} (or it has a default value). */
  boolean has(String parameter);

  /** The type of the argument bound to {@code parameter}; {@link ExprType#UNKNOWN} if absent. */
  ExprType type(String parameter);

  /** Types of the arguments collected by the variadic parameter, in order. */
  List<ExprType> variadicTypes();

  /**
   * The argument's value if it is a compile-time constant number with an integral value (an
   * integer, or a double such as {@code 3.0}).
   */
  OptionalLong longConstant(String parameter);

  /** The argument's value if it is a compile-time constant number (or boolean as 0/1). */
  OptionalDouble doubleConstant(String parameter);

  /** The argument's value if it is a compile-time constant string. */
  Optional<String> stringConstant(String parameter);

  /** The argument's value if it is a compile-time constant boolean. */
  Optional<Boolean> booleanConstant(String parameter);

  /** Reports an error at the call. */
  void error(String message);

  /** Declares the call's value a compile-time constant (e.g. nrow of a matrix of known size). */
  void constantResult(Object value);
}
