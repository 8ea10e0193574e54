package org.planlab.engine.lang.builtins;

import java.util.Objects;
import java.util.Optional;
import org.planlab.engine.lang.ast.BooleanLiteral;
import org.planlab.engine.lang.ast.DoubleLiteral;
import org.planlab.engine.lang.ast.IntLiteral;
import org.planlab.engine.lang.ast.Literal;
import org.planlab.engine.lang.ast.SourcePosition;
import org.planlab.engine.lang.ast.StringLiteral;

/**
 * One parameter of a builtin function.
 *
 * @param name the name used for named arguments ({@code rows=})
 * @param kind what the argument must be
 * @param required whether a call must supply it
 * @param defaultValue the value an omitted optional parameter takes, if it has a fixed one; an
 *     optional parameter without one is simply absent (e.g. rand's seed: absent means a fresh
 *     random seed per call; seq's incr: 1 or -1 depending on from and to)
 * @param namedOnly whether it can only be passed by name (rand, order, removeEmpty, ...)
 * @param variadic whether it collects all remaining positional arguments (cbind, min, print)
 */
public record BuiltinParameter(
    String name,
    ArgKind kind,
    boolean required,
    Optional<Literal> defaultValue,
    boolean namedOnly,
    boolean variadic) {

  public BuiltinParameter {
    Objects.requireNonNull(name, "name is null");
    Objects.requireNonNull(kind, "kind is null");
    Objects.requireNonNull(defaultValue, "defaultValue is null");
    if (required && defaultValue.isPresent()) {
      throw new IllegalArgumentException("required parameter " + name + " cannot have a default");
    }
  }

  /** A required parameter, positional or named. */
  public static BuiltinParameter required(String name, ArgKind kind) {
    return new BuiltinParameter(name, kind, true, Optional.empty(), false, false);
  }

  /** An optional parameter with a default value ({@link #literal}), positional or named. */
  public static BuiltinParameter optional(String name, ArgKind kind, Literal defaultValue) {
    return new BuiltinParameter(name, kind, false, Optional.of(defaultValue), false, false);
  }

  /** An optional parameter without a fixed default. */
  public static BuiltinParameter optional(String name, ArgKind kind) {
    return new BuiltinParameter(name, kind, false, Optional.empty(), false, false);
  }

  /** Collects the remaining positional arguments; {@code required} means at least one. */
  public static BuiltinParameter variadic(String name, ArgKind kind, boolean required) {
    return new BuiltinParameter(name, kind, required, Optional.empty(), false, true);
  }

  /** The same parameter, only passable by name. */
  public BuiltinParameter named() {
    return new BuiltinParameter(name, kind, required, defaultValue, true, variadic);
  }

  /** A literal for a default value: Long, Integer, Double, Boolean or String. */
  public static Literal literal(Object value) {
    SourcePosition pos = SourcePosition.BUILTIN;
    if (value instanceof Integer i) {
      return new IntLiteral(i, pos);
    }
    if (value instanceof Long l) {
      return new IntLiteral(l, pos);
    }
    if (value instanceof Double d) {
      return new DoubleLiteral(d, pos);
    }
    if (value instanceof Boolean b) {
      return new BooleanLiteral(b, pos);
    }
    if (value instanceof String s) {
      return new StringLiteral(s, pos);
    }
    throw new IllegalArgumentException("not a literal value: " + value);
  }
}
