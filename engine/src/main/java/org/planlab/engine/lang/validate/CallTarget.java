package org.planlab.engine.lang.validate;

import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.planlab.engine.lang.ast.Expression;
import org.planlab.engine.lang.ast.FunctionKey;
import org.planlab.engine.lang.builtins.BuiltinFunction;

/**
 * What a call resolved to, with its arguments bound to parameter names, so later phases need not
 * repeat name resolution or argument binding.
 */
public sealed interface CallTarget permits CallTarget.Builtin, CallTarget.UserFunction {

  /**
   * A builtin. {@code arguments} holds the explicitly given arguments by parameter name; omitted
   * parameters take the catalogue's default ({@code BuiltinParameter.defaultValue}) or are absent.
   * {@code variadic} holds the arguments of the variadic parameter, in order.
   */
  record Builtin(
      BuiltinFunction function, Map<String, Expression> arguments, List<Expression> variadic)
      implements CallTarget {
    public Builtin {
      Objects.requireNonNull(function, "function is null");
      arguments = Map.copyOf(arguments);
      variadic = List.copyOf(variadic);
    }
  }

  /**
   * A user-defined function (also one of the builtin library). {@code arguments} holds the given
   * arguments by parameter name; omitted parameters take the function's declared default.
   */
  record UserFunction(FunctionKey function, Map<String, Expression> arguments)
      implements CallTarget {
    public UserFunction {
      Objects.requireNonNull(function, "function is null");
      arguments = Map.copyOf(arguments);
    }
  }
}
