package org.planlab.engine.lang.validate;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import org.planlab.engine.lang.ast.Argument;
import org.planlab.engine.lang.ast.BinaryExpression;
import org.planlab.engine.lang.ast.BinaryOperator;
import org.planlab.engine.lang.ast.DmlModule;
import org.planlab.engine.lang.ast.Expression;
import org.planlab.engine.lang.ast.FunctionCall;
import org.planlab.engine.lang.ast.FunctionDefinition;
import org.planlab.engine.lang.ast.FunctionKey;
import org.planlab.engine.lang.ast.Identifier;
import org.planlab.engine.lang.ast.IndexExpression;
import org.planlab.engine.lang.ast.IndexRange;
import org.planlab.engine.lang.ast.Literal;
import org.planlab.engine.lang.ast.Parameter;
import org.planlab.engine.lang.ast.SourcePosition;
import org.planlab.engine.lang.ast.UnaryExpression;
import org.planlab.engine.lang.ast.UnaryOperator;
import org.planlab.engine.lang.builtins.ArgKind;
import org.planlab.engine.lang.builtins.BuiltinFunction;
import org.planlab.engine.lang.builtins.BuiltinParameter;
import org.planlab.engine.lang.types.DataType;
import org.planlab.engine.lang.types.ExprType;
import org.planlab.engine.lang.types.Shapes;
import org.planlab.engine.lang.types.ValueType;

/**
 * Types the expressions of one body (the main script or one function): names, calls and
 * argument binding, operator typing with DML's promotion rules, dimension checks where sizes are
 * known, constant folding of simple scalar arithmetic. Records every expression's type (and
 * constant) and every call's target in the {@link ValidationContext}.
 */
final class ExpressionValidator {
  /** Where a call stands, which decides what it may return. */
  enum CallUse {
    /** Inside an expression: one value (a user-defined call is hoisted by the IR). */
    NESTED,
    /** The whole right-hand side of {@code x = ...}: one value. */
    ASSIGNED,
    /** A statement on its own: anything, results dropped. */
    STATEMENT,
    /** The right-hand side of {@code [a, b] = ...}: a user-defined function. */
    MULTI_ASSIGNED
  }

  private static final long UNKNOWN = ExprType.UNKNOWN_DIM;

  private final ValidationContext ctx;
  private final Reporter reporter;
  private final String namespace;
  private final Set<FunctionKey> callees;

  ExpressionValidator(ValidationContext ctx, String namespace, Set<FunctionKey> callees) {
    this.ctx = ctx;
    this.reporter = ctx.reporter;
    this.namespace = namespace;
    this.callees = callees;
  }

  private boolean inPredicate;

  /** Types an expression. */
  ExprType check(Expression e, Scope scope) {
    return expression(e, scope, CallUse.NESTED);
  }

  /**
   * Types a predicate or loop bound: evaluated by the control structure itself, so it cannot
   * call user-defined functions (there is no statement to hoist the call into; SystemDS does
   * not support it either).
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
    record(call, callResults(call, scope, CallUse.STATEMENT));
  }

  /** The result types of the call of {@code [a, b] = f(...)}, or empty after an error. */
  Optional<List<ExprType>> checkMultiAssigned(FunctionCall call, Scope scope) {
    Optional<List<ExprType>> results = callResults(call, scope, CallUse.MULTI_ASSIGNED);
    record(call, results);
    return results;
  }

  /**
   * A call that is not a single value still gets a type entry: its result's type if it has
   * exactly one, else {@link ExprType#UNKNOWN}.
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
      type = callValue(c, scope, use, constant);
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
      reporter.error(id.position(), "undefined variable '" + id.name() + "'"
          + NameSuggestions.didYouMean(id.name(), scope.names()));
      return null;
    }
    if (!v.definedOnEveryPath()) {
      reporter.warning(id.position(), "variable '" + id.name()
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
    if (t.isString()) {
      reporter.error(u.position(), "operator '" + u.operator().symbol() + "' cannot be applied to a string");
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
    if (op == BinaryOperator.MATMULT) {
      if (!l.isMatrix() || !r.isMatrix()) {
        reporter.error(b.position(), "operator %*% needs two matrices, but the "
            + (!l.isMatrix() ? "left" : "right") + " operand is "
            + article((!l.isMatrix() ? l : r).describe()));
        return ExprType.UNKNOWN;
      }
      if (Shapes.conflict(l.cols(), r.rows())) {
        reporter.error(b.position(), "dimension mismatch in %*%: " + l.shape() + " %*% " + r.shape()
            + " (inner dimensions " + l.cols() + " and " + r.rows() + " differ)");
        return ExprType.MATRIX;
      }
      return ExprType.matrix(l.rows(), r.cols());
    }
    if (l.isString() || r.isString()) {
      return stringOperands(b, l, r, constant);
    }
    if (l.isMatrix() || r.isMatrix()) {
      if (l.isMatrix() && r.isMatrix()) {
        Optional<ExprType> shape = Shapes.cellwise(l, r);
        if (shape.isEmpty()) {
          reporter.error(b.position(), "dimension mismatch in " + sym + ": " + l.shape() + " " + sym
              + " " + r.shape());
          return ExprType.MATRIX;
        }
        return shape.get();
      }
      ExprType m = l.isMatrix() ? l : r;
      return ExprType.matrix(m.rows(), m.cols());
    }
    constant[0] = ConstantFolding.fold(op, constant(b.left()), constant(b.right()));
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
        reporter.error(b.position(), "cannot concatenate a string and a matrix with '+'"
            + " (use toString(X))");
        return ExprType.UNKNOWN;
      }
      constant[0] = ConstantFolding.fold(op, constant(b.left()), constant(b.right()));
      return ExprType.STRING;
    }
    if (op.isComparison()) {
      if (l.isString() && r.isString()) {
        constant[0] = ConstantFolding.fold(op, constant(b.left()), constant(b.right()));
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
    long rows = indexSize(ix.rows(), target, true, ix.target().name(), scope);
    long cols = indexSize(ix.cols(), target, false, ix.target().name(), scope);
    if (target.isUnknown()) {
      return ExprType.UNKNOWN;
    }
    if (!target.isMatrix()) {
      reporter.error(ix.position(), "cannot index '" + ix.target().name() + "', "
          + article(target.describe()) + "; only matrices can be indexed");
      return ExprType.UNKNOWN;
    }
    return ExprType.matrix(rows, cols);
  }

  /**
   * Checks one dimension of an index against the target and returns the size it selects
   * (unknown unless the bounds are constant).
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
      reporter.error(e.position(), "an index must be a scalar, found " + ExpressionValidator.article(t.describe()));
      return null;
    }
    if (t.isString()) {
      reporter.error(e.position(), "an index must be a number, found a string");
      return null;
    }
    Object c = constant(e);
    Long value = c instanceof Long l ? l
        : c instanceof Double d && d == Math.rint(d) && Math.abs(d) < 0x1p53 ? (Long) d.longValue()
        : null;
    if (value == null) {
      return null;
    }
    if (value < 1) {
      reporter.error(e.position(), "index " + value + " is out of bounds (indices start at 1)");
      return null;
    }
    if (extent != UNKNOWN && value > extent) {
      reporter.error(e.position(), "index " + value + " is out of bounds for '" + name + "' with "
          + extent + (isRows ? " rows" : " columns"));
      return null;
    }
    return value;
  }

  // ---------------------------------------------------------------------------------------------
  // calls

  private ExprType callValue(FunctionCall c, Scope scope, CallUse use, Object[] constant) {
    Object[] resultConstant = {null};
    Optional<List<ExprType>> results = callResults(c, scope, use, resultConstant);
    constant[0] = resultConstant[0];
    if (results.isEmpty() || results.get().isEmpty()) {
      return ExprType.UNKNOWN;
    }
    return results.get().get(0);
  }

  private Optional<List<ExprType>> callResults(FunctionCall c, Scope scope, CallUse use) {
    return callResults(c, scope, use, new Object[1]);
  }

  /**
   * Resolves and checks a call; the result types (empty list: none), or empty after an error.
   */
  private Optional<List<ExprType>> callResults(FunctionCall c, Scope scope, CallUse use,
      Object[] constant) {
    DmlModule module = ctx.program.modules().get(namespace);
    if (c.namespace().isPresent()) {
      String alias = c.namespace().get();
      Optional<String> target = module.resolveAlias(alias);
      if (target.isEmpty()) {
        reporter.error(c.position(), "unknown namespace '" + alias + "' in " + c.displayName()
            + NameSuggestions.didYouMean(alias, module.aliases().keySet()));
        checkArgumentsOnly(c, scope);
        return Optional.empty();
      }
      FunctionKey key = new FunctionKey(target.get(), c.name());
      if (!ctx.program.functions().containsKey(key)) {
        DmlModule other = ctx.program.modules().get(target.get());
        reporter.error(c.position(), "'" + other.file() + "' (namespace '" + alias
            + "') has no function '" + c.name() + "'"
            + NameSuggestions.didYouMean(c.name(), other.functions().stream().map(FunctionKey::name).toList()));
        checkArgumentsOnly(c, scope);
        return Optional.empty();
      }
      return userCall(c, key, scope, use);
    }
    FunctionKey own = new FunctionKey(namespace, c.name());
    if (ctx.program.functions().containsKey(own)) {
      return userCall(c, own, scope, use);
    }
    Optional<BuiltinFunction> builtin = ctx.builtins.lookup(c.name());
    if (builtin.isPresent()) {
      return builtinCall(c, builtin.get(), scope, use, constant);
    }
    FunctionKey library = ctx.program.libraryFunctions().get(c.name());
    if (library != null) {
      return userCall(c, library, scope, use);
    }
    Set<String> candidates = new TreeSet<>(ctx.builtins.names());
    module.functions().forEach(k -> candidates.add(k.name()));
    candidates.addAll(ctx.program.libraryFunctions().keySet());
    reporter.error(c.position(), "unknown function '" + c.name() + "'"
        + NameSuggestions.didYouMean(c.name(), candidates));
    checkArgumentsOnly(c, scope);
    return Optional.empty();
  }

  /** Still checks the arguments of a call that could not be resolved (their own errors count). */
  private void checkArgumentsOnly(FunctionCall c, Scope scope) {
    for (Argument a : c.arguments()) {
      check(a.value(), scope);
    }
  }

  private Optional<List<ExprType>> userCall(FunctionCall c, FunctionKey key, Scope scope,
      CallUse use) {
    FunctionDefinition f = ctx.program.functions().get(key);
    callees.add(key);
    String name = c.displayName();
    List<ArgumentBinder.Slot> slots = f.parameters().stream()
        .map(p -> new ArgumentBinder.Slot(p.name(), p.defaultValue().isEmpty(), false, false))
        .toList();
    List<String> order = f.parameters().stream().map(Parameter::name).toList();
    ArgumentBinder.Binding binding = ArgumentBinder.bind(name, slots, order, c.arguments(),
        c.position(), reporter, name);
    Map<Argument, String> paramOf = parameterOf(binding);
    Map<String, Expression> bound = new HashMap<>();
    for (Argument a : c.arguments()) {
      ExprType t = check(a.value(), scope);
      String param = paramOf.get(a);
      if (param == null) {
        continue;
      }
      bound.put(param, a.value());
      Parameter p = f.parameter(param).orElseThrow();
      String problem = mismatch(ExprType.of(p.type()), t);
      if (problem != null) {
        reporter.error(a.position(), "argument '" + param + "' of " + name + " must be "
            + article(p.type().toString()) + ", found " + problem);
      }
    }
    ctx.targets.put(c, new CallTarget.UserFunction(key, bound));
    int results = f.results().size();
    switch (use) {
      case NESTED, ASSIGNED -> {
        if (use == CallUse.NESTED && inPredicate) {
          reporter.error(c.position(), "user-defined function '" + name + "' cannot be called in a "
              + "predicate or loop bound; assign its result to a variable first");
          return Optional.empty();
        }
        if (results != 1) {
          reporter.error(c.position(), results == 0 ? name + " returns no value"
              : name + " returns " + results + " values; use [" + String.join(", ",
                  f.results().stream().map(Parameter::name).toList()) + "] = " + name + "(...)");
          return Optional.empty();
        }
      }
      default -> { }
    }
    List<ExprType> types = new ArrayList<>();
    f.results().forEach(r -> types.add(ExprType.of(r.type())));
    return Optional.of(types);
  }

  private Optional<List<ExprType>> builtinCall(FunctionCall c, BuiltinFunction f, Scope scope,
      CallUse use, Object[] constant) {
    if (use == CallUse.MULTI_ASSIGNED) {
      reporter.error(c.position(), "[...] = " + c.name() + "(...) needs a user-defined function; "
          + c.name() + " is a builtin with one result");
      checkArgumentsOnly(c, scope);
      return Optional.empty();
    }
    List<ArgumentBinder.Slot> slots = f.parameters().stream()
        .map(p -> new ArgumentBinder.Slot(p.name(), p.required(), p.namedOnly(), p.variadic()))
        .toList();
    long positional = c.arguments().stream().filter(a -> !a.isNamed()).count();
    ArgumentBinder.Binding binding = ArgumentBinder.bind(f.name(), slots,
        f.positionalOrder((int) positional), c.arguments(), c.position(), reporter, f.synopsis());
    Map<Argument, String> paramOf = parameterOf(binding);
    Map<Argument, Boolean> isVariadic = new IdentityHashMap<>();
    binding.variadic().forEach(a -> isVariadic.put(a, true));

    Map<String, ExprType> types = new HashMap<>();
    Map<String, Object> constants = new HashMap<>();
    Map<String, Expression> bound = new HashMap<>();
    List<ExprType> variadicTypes = new ArrayList<>();
    List<Expression> variadic = new ArrayList<>();
    boolean ok = binding.ok();
    for (Argument a : c.arguments()) {
      String param = paramOf.get(a);
      BuiltinParameter p = param != null ? f.parameter(param).orElseThrow()
          : isVariadic.containsKey(a) ? f.variadicParameter().orElseThrow() : null;
      ExprType t;
      if (p != null && p.kind() == ArgKind.NAME && a.value() instanceof Identifier id) {
        Scope.Variable v = scope.get(id.name()); // exists(x): x need not be defined
        t = v == null ? ExprType.UNKNOWN : v.type();
        ctx.types.put(id, t);
        t = ExprType.BOOLEAN; // what the rule sees: the argument itself is fine
      } else {
        t = check(a.value(), scope);
      }
      if (p == null) {
        continue;
      }
      if (t.isUnknown()) {
        ok = false;
      } else if (!accepts(p.kind(), t)) {
        reporter.error(a.position(), "argument '" + p.name() + "' of " + f.name() + " must be "
            + p.kind().describe() + ", found " + ExpressionValidator.article(t.describe()));
        ok = false;
      }
      if (p.variadic()) {
        variadicTypes.add(t);
        variadic.add(a.value());
      } else {
        types.put(p.name(), t);
        constants.put(p.name(), constant(a.value()));
        bound.put(p.name(), a.value());
      }
    }
    ctx.targets.put(c, new CallTarget.Builtin(f, bound, variadic));
    if (!f.returnsValue() && use != CallUse.STATEMENT) {
      reporter.error(c.position(), f.name() + " returns no value");
      return Optional.empty();
    }
    if (!ok) {
      return Optional.of(List.of(ExprType.UNKNOWN));
    }
    BoundCallImpl call = new BoundCallImpl(f, types, constants, variadicTypes, c.position(), reporter);
    ExprType result = f.typeRule().outputType(call);
    if (!f.returnsValue()) {
      return Optional.of(List.of());
    }
    if (use == CallUse.STATEMENT && f.effect() == BuiltinFunction.Effect.PURE) {
      reporter.warning(c.position(), "the result of " + f.name() + "(...) is not used");
    }
    constant[0] = call.constantResult();
    return Optional.of(List.of(result));
  }

  /** Which parameter each named or positional argument was bound to (variadic ones excluded). */
  private static Map<Argument, String> parameterOf(ArgumentBinder.Binding binding) {
    Map<Argument, String> out = new IdentityHashMap<>();
    binding.bound().forEach((param, arg) -> out.put(arg, param));
    return out;
  }

  private static boolean accepts(ArgKind kind, ExprType t) {
    return switch (kind) {
      case MATRIX -> t.isMatrix();
      case SCALAR -> t.isScalar();
      case STRING -> t.isString() || (t.isScalar() && t.valueType() == ValueType.UNKNOWN);
      case ANY, NAME -> true;
    };
  }

  /**
   * Why a value of type {@code actual} cannot be passed where {@code declared} is expected
   * (described as "a double", "matrix 3x4"), or null if it can: data types must agree; strings
   * and numbers do not mix; numeric value types convert.
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
