package org.planlab.engine.lang.validate;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalLong;
import org.planlab.engine.lang.ast.SourcePosition;
import org.planlab.engine.lang.builtins.BoundCall;
import org.planlab.engine.lang.builtins.BuiltinFunction;
import org.planlab.engine.lang.builtins.BuiltinParameter;
import org.planlab.engine.lang.types.ExprType;

/** A builtin call as its type rule sees it: argument types and constants, defaults filled in. */
final class BoundCallImpl implements BoundCall {
  private final BuiltinFunction function;
  private final Map<String, ExprType> types = new HashMap<>();
  private final Map<String, Object> constants = new HashMap<>();
  private final List<ExprType> variadicTypes;
  private final SourcePosition position;
  private final Reporter reporter;
  private Object constantResult;

  BoundCallImpl(
      BuiltinFunction function,
      Map<String, ExprType> argumentTypes,
      Map<String, Object> argumentConstants,
      List<ExprType> variadicTypes,
      SourcePosition position,
      Reporter reporter) {
    this.function = function;
    this.variadicTypes = List.copyOf(variadicTypes);
    this.position = position;
    this.reporter = reporter;
    for (BuiltinParameter p : function.parameters()) {
      if (argumentTypes.containsKey(p.name())) {
        types.put(p.name(), argumentTypes.get(p.name()));
        if (argumentConstants.get(p.name()) != null) {
          constants.put(p.name(), argumentConstants.get(p.name()));
        }
      } else if (p.defaultValue().isPresent()) {
        Object value = p.defaultValue().get().value();
        types.put(p.name(), ExpressionValidator.literalType(value));
        constants.put(p.name(), value);
      }
    }
  }

  /** The constant a rule declared for the call's value, or null. */
  Object constantResult() {
    return constantResult;
  }

  @Override
  public BuiltinFunction function() {
    return function;
  }

  @Override
  public boolean has(String parameter) {
    return types.containsKey(parameter);
  }

  @Override
  public ExprType type(String parameter) {
    return types.getOrDefault(parameter, ExprType.UNKNOWN);
  }

  @Override
  public List<ExprType> variadicTypes() {
    return variadicTypes;
  }

  @Override
  public OptionalLong longConstant(String parameter) {
    Object c = constants.get(parameter);
    if (c instanceof Long l) {
      return OptionalLong.of(l);
    }
    if (c instanceof Double d
        && d == Math.rint(d)
        && !Double.isInfinite(d)
        && Math.abs(d) < 0x1p53) {
      return OptionalLong.of(d.longValue());
    }
    return OptionalLong.empty();
  }

  @Override
  public OptionalDouble doubleConstant(String parameter) {
    Object c = constants.get(parameter);
    if (c instanceof Number n) {
      return OptionalDouble.of(n.doubleValue());
    }
    if (c instanceof Boolean b) {
      return OptionalDouble.of(b ? 1 : 0);
    }
    return OptionalDouble.empty();
  }

  @Override
  public Optional<String> stringConstant(String parameter) {
    return constants.get(parameter) instanceof String s ? Optional.of(s) : Optional.empty();
  }

  @Override
  public Optional<Boolean> booleanConstant(String parameter) {
    return constants.get(parameter) instanceof Boolean b ? Optional.of(b) : Optional.empty();
  }

  @Override
  public void error(String message) {
    reporter.error(position, message);
  }

  @Override
  public void constantResult(Object value) {
    this.constantResult = value;
  }
}
