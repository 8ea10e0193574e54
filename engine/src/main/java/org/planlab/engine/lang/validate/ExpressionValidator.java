package org.planlab.engine.lang.validate;

import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.planlab.engine.lang.ast.BinaryExpression;
import org.planlab.engine.lang.ast.BinaryOperator;
import org.planlab.engine.lang.ast.Expression;
import org.planlab.engine.lang.ast.FunctionCall;
import org.planlab.engine.lang.ast.FunctionKey;
import org.planlab.engine.lang.ast.Identifier;
import org.planlab.engine.lang.ast.IndexExpression;
import org.planlab.engine.lang.ast.IndexRange;
import org.planlab.engine.lang.ast.Literal;
import org.planlab.engine.lang.ast.UnaryExpression;
import org.planlab.engine.lang.ast.UnaryOperator;
import org.planlab.engine.lang.types.DataType;
import org.planlab.engine.lang.types.Dims;
import org.planlab.engine.lang.types.ExprType;
import org.planlab.engine.lang.types.ValueType;

/**
 * Types the expressions of one body (the main script or one function): names, operators with DML's
 * promotion rules, indexing, dimension checks where sizes are known, constant folding of simple
 * scalar arithmetic; calls go to the {@link CallValidator}. Records every expression's type (and
 * constant) in the {@link ValidationContext}.
 */
final class ExpressionValidator {
  private static final long UNKNOWN = ExprType.UNKNOWN_DIM;

  private final ValidationContext ctx;
  private final Reporter reporter;
  private final CallValidator calls;
  private boolean inPredicate;

  ExpressionValidator(ValidationContext ctx, String namespace, Set<FunctionKey> callees) {
    this.ctx = ctx;
    this.reporter = ctx.reporter;
    this.calls = new CallValidator(ctx, namespace, callees, this);
  }

  /** Whether the expression being checked is a predicate or loop bound. */
  boolean inPredicate() {
    return inPredicate;
  }

  /** Types an expression. */
  ExprType check(Expression e, Scope scope) {
    return expression(e, scope, CallUse.NESTED);
  }

  /**
   * Types a predicate or loop bound: evaluated by the control structure itself, so it cannot call
   * user-defined functions (there is no statement to hoist the call into; SystemDS does not support
   * it either).
   */
  ExprType checkPredicate(Expression e, Scope scope) {
    inPredicate = true;
    try {
      return expression(e, scope, CallUse.NESTED);
    } finally {
      inPredicate = false;
    }
  }

  /** Types the right-hand side of {@code x = e}: a user-defined call must return one value. */
  ExprType checkAssigned(Expression e, Scope scope) {
    return expression(e, scope, CallUse.ASSIGNED);
  }

  /** Checks a call statement. */
  void checkStatement(FunctionCall call, Scope scope) {
    record(call, calls.check(call, scope, CallUse.STATEMENT, new Object[1]));
  }

  /** The result types of the call of {@code [a, b] = f(...)}, or empty after an error. */
  Optional<List<ExprType>> checkMultiAssigned(FunctionCall call, Scope scope) {
    Optional<List<ExprType>> results =
        calls.check(call, scope, CallUse.MULTI_ASSIGNED, new Object[1]);
    record(call, results);
    return results;
  }

  /**
   * A call that is not a single value still gets a type entry: its result's type if it has exactly
   * one, else {@link ExprType#UNKNOWN}.
   */
  private void record(FunctionCall call, Optional<List<ExprType>> results) {
    boolean single = results.isPresent() && results.get().size() == 1;
    ctx.types.put(call, single ? results.get().get(0) : ExprType.UNKNOWN);
    ctx.constants.remove(call);
  }

  /** The compile-time constant value of a checked expression, or null. */
  Object constant(Expression e) {
    return ctx.constants.get(e);
  }

  private ExprType expression(Expression e, Scope scope, CallUse use) {
    Object[] constant = {null};
    ExprType type;
    if (e instanceof Literal l) {
      type = literalType(l.value());
      constant[0] = l.value();
    } else if (e instanceof Identifier id) {
      Scope.Variable v = variable(id, scope);
      type = v == null ? ExprType.UNKNOWN : v.type();
      constant[0] = v == null ? null : v.constant();
    } else if (e instanceof UnaryExpression u) {
      type = unary(u, scope, constant);
    } else if (e instanceof BinaryExpression b) {
      type = binary(b, scope, constant);
    } else if (e instanceof IndexExpression ix) {
      type = index(ix, scope);
    } else if (e instanceof FunctionCall c) {
      Optional<List<ExprType>> results = calls.check(c, scope, use, constant);
      type = results.isEmpty() || results.get().isEmpty() ? ExprType.UNKNOWN : results.get().get(0);
    } else {
      throw new IllegalStateException("unhandled expression " + e);
    }
    ctx.types.put(e, type);
    if (constant[0] != null) {
      ctx.constants.put(e, constant[0]);
    } else {
      ctx.constants.remove(e);
    }
    return type;
  }

  static ExprType literalType(Object value) {
    if (value instanceof Long) {
      return ExprType.INTEGER;
    }
    if (value instanceof Double) {
      return ExprType.DOUBLE;
    }
    if (value instanceof Boolean) {
      return ExprType.BOOLEAN;
    }
    return ExprType.STRING;
  }

  // ---------------------------------------------------------------------------------------------
  // names

  /** The variable {@code id} refers to; reports it when undefined, warns when maybe undefined. */
  Scope.Variable variable(Identifier id, Scope scope) {
    Scope.Variable v = scope.get(id.name());
    if (v == null) {
      reporter.error(
          id.position(),
          "undefined variable '"
              + id.name()
              + "'"
              + NameSuggestions.didYouMean(id.name(), scope.names()));
      return null;
    }
    if (!v.definedOnEveryPath()) {
      reporter.warning(
          id.position(),
          "variable '"
              + id.name()
              + "' may be undefined here (it is not assigned on every path to this point)");
    }
    ctx.types.put(id, v.type());
    return v;
  }

  // ---------------------------------------------------------------------------------------------
  // operators

  private ExprType unary(UnaryExpression u, Scope scope, Object[] constant) {
    ExprType t = check(u.operand(), scope);
    if (t.isUnknown()) {
      return ExprType.UNKNOWN;
    }
    if (t.isString() || t.isList()) {
      reporter.error(u.position(), "operator '" + u.operator().symbol()
          + "' cannot be applied to a " + (t.isList() ? "list" : "string"));
      return ExprType.UNKNOWN;
    }
    if (t.isMatrix()) {
      return ExprType.matrix(t.rows(), t.cols());
    }
    Object c = constant(u.operand());
    if (u.operator() == UnaryOperator.NOT) {
      if (c instanceof Boolean b) {
        constant[0] = !b;
      }
      return ExprType.BOOLEAN;
    }
    ValueType vt = t.valueType() == ValueType.BOOLEAN ? ValueType.INTEGER : t.valueType();
    if (u.operator() == UnaryOperator.MINUS) {
      if (c instanceof Long l && l != Long.MIN_VALUE) {
        constant[0] = -l;
      } else if (c instanceof Double d) {
        constant[0] = -d;
      }
    } else if (c instanceof Long || c instanceof Double) {
      constant[0] = c;
    }
    return ExprType.scalar(vt);
  }

  private ExprType binary(BinaryExpression b, Scope scope, Object[] constant) {
    ExprType l = check(b.left(), scope);
    ExprType r = check(b.right(), scope);
    if (l.isUnknown() || r.isUnknown()) {
      return ExprType.UNKNOWN;
    }
    BinaryOperator op = b.operator();
    String sym = op.symbol();
    if (l.isList() || r.isList()) {
      reporter.error(b.position(), "operator " + sym + " cannot be applied to a list (take an"
          + " element with as.matrix(L[i]) or as.scalar(L[i]))");
      return ExprType.UNKNOWN;
    }
    if (op == BinaryOperator.MATMULT) {
      if (!l.isMatrix() || !r.isMatrix()) {
        reporter.error(
            b.position(),
            "operator %*% needs two matrices, but the "
                + (!l.isMatrix() ? "left" : "right")
                + " operand is "
                + article((!l.isMatrix() ? l : r).describe()));
        return ExprType.UNKNOWN;
      }
      if (Dims.conflict(l.cols(), r.rows())) {
        reporter.error(
            b.position(),
            "dimension mismatch in %*%: "
                + l.shape()
                + " %*% "
                + r.shape()
                + " (inner dimensions "
                + l.cols()
                + " and "
                + r.rows()
                + " differ)");
        return ExprType.MATRIX;
      }
      return ExprType.matrix(l.rows(), r.cols());
    }
    if (l.isString() || r.isString()) {
      return stringOperands(b, l, r, constant);
    }
    if (l.isMatrix() || r.isMatrix()) {
      if (l.isMatrix() && r.isMatrix()) {
        Optional<ExprType> shape = Dims.cellwise(l, r);
        if (shape.isEmpty()) {
          reporter.error(
              b.position(),
              "dimension mismatch in " + sym + ": " + l.shape() + " " + sym + " " + r.shape());
          return ExprType.MATRIX;
        }
        return shape.get();
      }
      ExprType m = l.isMatrix() ? l : r;
      return ExprType.matrix(m.rows(), m.cols());
    }
    constant[0] = ConstantValues.binary(op, constant(b.left()), constant(b.right()));
    if (op.isComparison() || op.isLogical()) {
      return ExprType.BOOLEAN;
    }
    if (op == BinaryOperator.DIV || op == BinaryOperator.POW) {
      return ExprType.DOUBLE;
    }
    return ExprType.scalar(ValueType.promote(l.valueType(), r.valueType()));
  }

  /** {@code +} concatenates a string with a scalar; strings compare with strings; else errors. */
  private ExprType stringOperands(BinaryExpression b, ExprType l, ExprType r, Object[] constant) {
    BinaryOperator op = b.operator();
    if (op == BinaryOperator.PLUS) {
      if (l.isMatrix() || r.isMatrix()) {
        reporter.error(
            b.position(),
            "cannot concatenate a string and a matrix with '+'" + " (use toString(X))");
        return ExprType.UNKNOWN;
      }
      constant[0] = ConstantValues.binary(op, constant(b.left()), constant(b.right()));
      return ExprType.STRING;
    }
    if (op.isComparison()) {
      if (l.isScalar() && r.isScalar()) {
        // a number compared with a string compares its text (SystemDS)
        if (l.isString() && r.isString()) {
          constant[0] = ConstantValues.binary(op, constant(b.left()), constant(b.right()));
        }
        return ExprType.BOOLEAN;
      }
      ExprType other = l.isString() ? r : l;
      reporter.error(b.position(), "cannot compare a string with " + article(other.describe()));
      return ExprType.UNKNOWN;
    }
    reporter.error(b.position(), "operator '" + op.symbol() + "' cannot be applied to a string");
    return ExprType.UNKNOWN;
  }

  // ---------------------------------------------------------------------------------------------
  // indexing

  private ExprType index(IndexExpression ix, Scope scope) {
    Scope.Variable v = variable(ix.target(), scope);
    ExprType target = v == null ? ExprType.UNKNOWN : v.type();
    if (target.isList()) {
      listIndex(ix.rows(), ix.cols(), scope);
      return ExprType.LIST;
    }
    long rows = indexSize(ix.rows(), target, true, ix.target().name(), scope);
    long cols = indexSize(ix.cols(), target, false, ix.target().name(), scope);
    if (target.isUnknown()) {
      return ExprType.UNKNOWN;
    }
    if (!target.isMatrix()) {
      reporter.error(
          ix.position(),
          "cannot index '"
              + ix.target().name()
              + "', "
              + article(target.describe())
              + "; only matrices can be indexed");
      return ExprType.UNKNOWN;
    }
    return ExprType.matrix(rows, cols);
  }

  /**
   * Checks the index of a list: {@code L[i]}, {@code L[i:j]} or {@code L["name"]} (SystemDS
   * also writes {@code L[i, 1]}: a list is a column of elements, so a column index must be 1).
   */
  void listIndex(IndexRange rows, IndexRange cols, Scope scope) {
    if (rows instanceof IndexRange.Single s) {
      ExprType t = check(s.index(), scope);
      if (!t.isScalar() && !t.isUnknown()) {
        reporter.error(s.index().position(), "a list index must be a number or a name, found "
            + article(t.describe()));
      }
    } else if (rows instanceof IndexRange.Span s) {
      for (Expression e : List.of(s.from(), s.to())) {
        ExprType t = check(e, scope);
        if (!t.isScalar() || t.isString()) {
          reporter.error(e.position(), "a list range needs numbers, found "
              + article(t.describe()));
        }
      }
    }
    if (cols instanceof IndexRange.Single s) {
      check(s.index(), scope);
      Object c = constant(s.index());
      if (c != null && !(c instanceof Number n && n.doubleValue() == 1)) {
        reporter.error(s.index().position(), "a list has one column; its column index must be 1");
      }
    } else if (cols instanceof IndexRange.Span s) {
      reporter.error(s.from().position(), "a list has one column; index it as L[i] or L[i:j]");
    }
  }

  /**
   * Checks one dimension of an index against the target and returns the size it selects (unknown
   * unless the bounds are constant).
   */
  long indexSize(IndexRange range, ExprType target, boolean isRows, String name, Scope scope) {
    long extent = target.isMatrix() ? (isRows ? target.rows() : target.cols()) : UNKNOWN;
    if (range instanceof IndexRange.Single s) {
      indexBound(s.index(), extent, isRows, name, scope);
      return 1;
    }
    if (range instanceof IndexRange.Span s) {
      Long from = indexBound(s.from(), extent, isRows, name, scope);
      Long to = indexBound(s.to(), extent, isRows, name, scope);
      if (from != null && to != null) {
        if (to < from) {
          reporter.error(s.from().position(), "empty index range " + from + ":" + to);
          return UNKNOWN;
        }
        return to - from + 1;
      }
      return UNKNOWN;
    }
    return extent;
  }

  /** Checks an index value; returns it if it is an integral constant. */
  private Long indexBound(Expression e, long extent, boolean isRows, String name, Scope scope) {
    ExprType t = check(e, scope);
    if (t.isMatrix()) {
      reporter.error(
          e.position(),
          "an index must be a scalar, found " + ExpressionValidator.article(t.describe()));
      return null;
    }
    if (t.isString()) {
      reporter.error(e.position(), "an index must be a number, found a string");
      return null;
    }
    Object c = constant(e);
    Long value =
        c instanceof Long l
            ? l
            : c instanceof Double d && d == Math.rint(d) && Math.abs(d) < 0x1p53
                ? (Long) d.longValue()
                : null;
    if (value == null) {
      return null;
    }
    if (value < 1) {
      reporter.error(e.position(), "index " + value + " is out of bounds (indices start at 1)");
      return null;
    }
    if (extent != UNKNOWN && value > extent) {
      reporter.error(
          e.position(),
          "index "
              + value
              + " is out of bounds for '"
              + name
              + "' with "
              + extent
              + (isRows ? " rows" : " columns"));
      return null;
    }
    return value;
  }

  /**
   * Why a value of type {@code actual} cannot be passed where {@code declared} is expected
   * (described as "a double", "matrix 3x4"), or null if it can: data types must agree; strings and
   * numbers do not mix; numeric value types convert.
   */
  static String mismatch(ExprType declared, ExprType actual) {
    if (actual.isUnknown()) {
      return null;
    }
    if (declared.dataType() != actual.dataType()) {
      return article(actual.describe());
    }
    if (declared.dataType() == DataType.SCALAR) {
      boolean declaredString = declared.valueType() == ValueType.STRING;
      boolean actualString = actual.valueType() == ValueType.STRING;
      if (actual.valueType() != ValueType.UNKNOWN && declaredString != actualString) {
        return article(actual.describe());
      }
    }
    return null;
  }

  static String article(String noun) {
    char c = Character.toLowerCase(noun.charAt(0));
    return ("aeiou".indexOf(c) >= 0 ? "an " : "a ") + noun;
  }
}
