package org.planlab.engine.lang.validate;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import org.planlab.engine.lang.types.DataType;
import org.planlab.engine.lang.types.ExprType;
import org.planlab.engine.lang.types.ValueType;

/**
 * The variables visible at one point of a script or function body: whether each is defined on every
 * path to here or only on some, its type, and its value if that is a compile-time constant.
 * Mutable; branches and loops work on copies and {@link #merge} them.
 */
final class Scope {
  /** What validation knows about one variable. */
  record Variable(ExprType type, boolean definedOnEveryPath, Object constant) {
    Variable {
      Objects.requireNonNull(type, "type is null");
    }
  }

  private final Map<String, Variable> variables;

  /** After stop(...): no path continues from here, so joins ignore this state. */
  private boolean unreachable;

  Scope() {
    this.variables = new LinkedHashMap<>();
  }

  private Scope(Map<String, Variable> variables, boolean unreachable) {
    this.variables = new LinkedHashMap<>(variables);
    this.unreachable = unreachable;
  }

  Scope copy() {
    return new Scope(variables, unreachable);
  }

  /** Marks that execution never continues past this point (the script stopped). */
  void markUnreachable() {
    unreachable = true;
  }

  boolean isUnreachable() {
    return unreachable;
  }

  Variable get(String name) {
    return variables.get(name);
  }

  void define(String name, ExprType type, Object constant) {
    variables.put(name, new Variable(type, true, constant));
  }

  /** Makes this scope hold what {@code other} holds (after a branch or loop merged). */
  void replaceWith(Scope other) {
    variables.clear();
    variables.putAll(other.variables);
    unreachable = other.unreachable;
  }

  Set<String> names() {
    return variables.keySet();
  }

  /**
   * The state after two paths join: defined on every path only if so on both, dimensions and
   * constants kept where both agree; a path that stopped does not count. Variables that are a
   * matrix on one path and a scalar on the other get {@link ExprType#UNKNOWN} and are listed in
   * {@code conflicts}.
   */
  static Scope merge(Scope a, Scope b, List<String> conflicts) {
    if (a.unreachable != b.unreachable) {
      return (a.unreachable ? b : a).copy();
    }
    Map<String, Variable> out = new LinkedHashMap<>();
    for (Map.Entry<String, Variable> e : a.variables.entrySet()) {
      Variable other = b.variables.get(e.getKey());
      Variable v = e.getValue();
      if (other == null) {
        out.put(e.getKey(), new Variable(v.type(), false, v.constant()));
        continue;
      }
      ExprType joined = join(v.type(), other.type());
      if (joined == null) {
        conflicts.add(e.getKey());
        joined = ExprType.UNKNOWN;
      }
      Object constant = Objects.equals(v.constant(), other.constant()) ? v.constant() : null;
      out.put(
          e.getKey(),
          new Variable(joined, v.definedOnEveryPath() && other.definedOnEveryPath(), constant));
    }
    for (Map.Entry<String, Variable> e : b.variables.entrySet()) {
      if (!out.containsKey(e.getKey())) {
        Variable v = e.getValue();
        out.put(e.getKey(), new Variable(v.type(), false, v.constant()));
      }
    }
    return new Scope(out, a.unreachable);
  }

  static Scope merge(Scope a, Scope b) {
    return merge(a, b, new ArrayList<>());
  }

  /** The least type covering both; null if one is a matrix and the other a scalar. */
  static ExprType join(ExprType a, ExprType b) {
    if (a.equals(b)) {
      return a;
    }
    if (a.isUnknown() || b.isUnknown()) {
      return ExprType.UNKNOWN;
    }
    if (a.dataType() != b.dataType()) {
      return null;
    }
    if (a.dataType() == DataType.MATRIX) {
      return ExprType.matrix(
          a.rows() == b.rows() ? a.rows() : ExprType.UNKNOWN_DIM,
          a.cols() == b.cols() ? a.cols() : ExprType.UNKNOWN_DIM);
    }
    if (a.valueType().isNumeric() && b.valueType().isNumeric()) {
      return ExprType.scalar(ValueType.promote(a.valueType(), b.valueType()));
    }
    return ExprType.scalar(ValueType.UNKNOWN);
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof Scope s && unreachable == s.unreachable && variables.equals(s.variables);
  }

  @Override
  public int hashCode() {
    return variables.hashCode() * 31 + Boolean.hashCode(unreachable);
  }
}
