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
import org.planlab.engine.lang.ast.DmlModule;
import org.planlab.engine.lang.ast.Expression;
import org.planlab.engine.lang.ast.FunctionCall;
import org.planlab.engine.lang.ast.FunctionDefinition;
import org.planlab.engine.lang.ast.FunctionKey;
import org.planlab.engine.lang.ast.Identifier;
import org.planlab.engine.lang.ast.Parameter;
import org.planlab.engine.lang.builtins.ArgKind;
import org.planlab.engine.lang.builtins.BuiltinFunction;
import org.planlab.engine.lang.builtins.BuiltinParameter;
import org.planlab.engine.lang.builtins.BuiltinResult;
import org.planlab.engine.lang.types.ExprType;
import org.planlab.engine.lang.types.ValueType;

/**
 * Checks calls: resolves the name (own module, builtin, builtin library, or a sourced namespace),
 * binds the arguments, checks their types against the parameters, and types the result (a builtin
 * by its catalogue rule, a user-defined function by its declared results). Records the {@link
 * CallTarget} of every call.
 */
final class CallValidator {
  private final ValidationContext ctx;
  private final Reporter reporter;
  private final String namespace;
  private final Set<FunctionKey> callees;
  private final ExpressionValidator expressions;

  CallValidator(
      ValidationContext ctx,
      String namespace,
      Set<FunctionKey> callees,
      ExpressionValidator expressions) {
    this.ctx = ctx;
    this.reporter = ctx.reporter;
    this.namespace = namespace;
    this.callees = callees;
    this.expressions = expressions;
  }

  /**
   * Resolves and checks a call; the result types (empty list: none), or empty after an error. A
   * builtin whose value is a compile-time constant puts it in {@code constant[0]}.
   */
  Optional<List<ExprType>> check(FunctionCall c, Scope scope, CallUse use, Object[] constant) {
    DmlModule module = ctx.program.modules().get(namespace);
    if (c.namespace().isPresent()) {
      String alias = c.namespace().get();
      Optional<String> target = module.resolveAlias(alias);
      if (target.isEmpty()) {
        reporter.error(
            c.position(),
            "unknown namespace '"
                + alias
                + "' in "
                + c.displayName()
                + NameSuggestions.didYouMean(alias, module.aliases().keySet()));
        checkArgumentsOnly(c, scope);
        return Optional.empty();
      }
      FunctionKey key = new FunctionKey(target.get(), c.name());
      if (!ctx.program.functions().containsKey(key)) {
        DmlModule other = ctx.program.modules().get(target.get());
        reporter.error(
            c.position(),
            "'"
                + other.file()
                + "' (namespace '"
                + alias
                + "') has no function '"
                + c.name()
                + "'"
                + NameSuggestions.didYouMean(
                    c.name(), other.functions().stream().map(FunctionKey::name).toList()));
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
    reporter.error(
        c.position(),
        "unknown function '" + c.name() + "'" + NameSuggestions.didYouMean(c.name(), candidates));
    checkArgumentsOnly(c, scope);
    return Optional.empty();
  }

  /** Still checks the arguments of a call that could not be resolved (their own errors count). */
  private void checkArgumentsOnly(FunctionCall c, Scope scope) {
    for (Argument a : c.arguments()) {
      expressions.check(a.value(), scope);
    }
  }

  private Optional<List<ExprType>> userCall(
      FunctionCall c, FunctionKey key, Scope scope, CallUse use) {
    FunctionDefinition f = ctx.program.functions().get(key);
    callees.add(key);
    String name = c.displayName();
    List<ArgumentBinder.Slot> slots =
        f.parameters().stream()
            .map(p -> new ArgumentBinder.Slot(p.name(), p.defaultValue().isEmpty(), false, false))
            .toList();
    List<String> order = f.parameters().stream().map(Parameter::name).toList();
    ArgumentBinder.Binding binding =
        ArgumentBinder.bind(name, slots, order, c.arguments(), c.position(), reporter, name);
    Map<Argument, String> paramOf = parameterOf(binding);
    Map<String, Expression> bound = new HashMap<>();
    for (Argument a : c.arguments()) {
      ExprType t = expressions.check(a.value(), scope);
      String param = paramOf.get(a);
      if (param == null) {
        continue;
      }
      bound.put(param, a.value());
      Parameter p = f.parameter(param).orElseThrow();
      String problem = ExpressionValidator.mismatch(ExprType.of(p.type()), t);
      if (problem != null) {
        reporter.error(
            a.position(),
            "argument '"
                + param
                + "' of "
                + name
                + " must be "
                + ExpressionValidator.article(p.type().toString())
                + ", found "
                + problem);
      }
    }
    ctx.targets.put(c, new CallTarget.UserFunction(key, bound));
    int results = f.results().size();
    switch (use) {
      case NESTED, ASSIGNED -> {
        if (use == CallUse.NESTED && expressions.inPredicate()) {
          reporter.error(
              c.position(),
              "user-defined function '"
                  + name
                  + "' cannot be called in a "
                  + "predicate or loop bound; assign its result to a variable first");
          return Optional.empty();
        }
        if (results > 1 && use == CallUse.ASSIGNED) {
          // x = f(...) of a function with several results takes the first (SystemDS)
          List<ExprType> first = List.of(ExprType.of(f.results().get(0).type()));
          return Optional.of(first);
        }
        if (results != 1) {
          reporter.error(
              c.position(),
              results == 0
                  ? name + " returns no value"
                  : name
                      + " returns "
                      + results
                      + " values; use ["
                      + String.join(", ", f.results().stream().map(Parameter::name).toList())
                      + "] = "
                      + name
                      + "(...)");
          return Optional.empty();
        }
      }
      default -> {}
    }
    List<ExprType> types = new ArrayList<>();
    f.results().forEach(r -> types.add(ExprType.of(r.type())));
    return Optional.of(types);
  }

  private Optional<List<ExprType>> builtinCall(
      FunctionCall c, BuiltinFunction f, Scope scope, CallUse use, Object[] constant) {
    if (use == CallUse.MULTI_ASSIGNED && !f.hasSeveralResults()) {
      reporter.error(
          c.position(),
          "[...] = "
              + c.name()
              + "(...) needs a user-defined function; "
              + c.name()
              + " is a builtin with one result");
      checkArgumentsOnly(c, scope);
      return Optional.empty();
    }
    if (f.name().equals("list")) {
      return listCall(c, f, scope);
    }
    List<Argument> arguments = new ArrayList<>();
    for (Argument a : c.arguments()) {
      String alias = a.name().map(n -> ctx.builtins.parameterName(f.name(), n)).orElse(null);
      arguments.add(alias == null || alias.equals(a.name().get()) ? a
          : new Argument(Optional.of(alias), a.value(), a.position()));
    }
    List<ArgumentBinder.Slot> slots =
        f.parameters().stream()
            .map(p -> new ArgumentBinder.Slot(p.name(), p.required(), p.namedOnly(), p.variadic()))
            .toList();
    long positional = arguments.stream().filter(a -> !a.isNamed()).count();
    ArgumentBinder.Binding binding =
        ArgumentBinder.bind(
            f.name(),
            slots,
            f.positionalOrder((int) positional),
            arguments,
            c.position(),
            reporter,
            f.synopsis());
    Map<Argument, String> paramOf = parameterOf(binding);
    Map<Argument, Boolean> isVariadic = new IdentityHashMap<>();
    binding.variadic().forEach(a -> isVariadic.put(a, true));

    Map<String, ExprType> types = new HashMap<>();
    Map<String, Object> constants = new HashMap<>();
    Map<String, Expression> bound = new HashMap<>();
    List<ExprType> variadicTypes = new ArrayList<>();
    List<Expression> variadic = new ArrayList<>();
    boolean ok = binding.ok();
    for (Argument a : arguments) {
      String param = paramOf.get(a);
      BuiltinParameter p =
          param != null
              ? f.parameter(param).orElseThrow()
              : isVariadic.containsKey(a) ? f.variadicParameter().orElseThrow() : null;
      ExprType t;
      if (p != null && p.kind() == ArgKind.NAME && a.value() instanceof Identifier id) {
        Scope.Variable v = scope.get(id.name()); // exists(x): x need not be defined
        t = v == null ? ExprType.UNKNOWN : v.type();
        ctx.types.put(id, t);
        t = ExprType.BOOLEAN; // what the rule sees: the argument itself is fine
      } else {
        t = expressions.check(a.value(), scope);
      }
      if (p == null) {
        continue;
      }
      if (t.isUnknown()) {
        ok = false;
      } else if (!accepts(p.kind(), t)) {
        reporter.error(
            a.position(),
            "argument '"
                + p.name()
                + "' of "
                + f.name()
                + " must be "
                + p.kind().describe()
                + ", found "
                + ExpressionValidator.article(t.describe()));
        ok = false;
      }
      if (p.variadic()) {
        variadicTypes.add(t);
        variadic.add(a.value());
      } else {
        types.put(p.name(), t);
        constants.put(p.name(), expressions.constant(a.value()));
        bound.put(p.name(), a.value());
      }
    }
    ctx.targets.put(c, new CallTarget.Builtin(f, bound, variadic));
    if (!f.returnsValue() && use != CallUse.STATEMENT) {
      reporter.error(c.position(), f.name() + " returns no value");
      return Optional.empty();
    }
    if (f.hasSeveralResults()) {
      return severalResults(c, f, use, ok, new BoundCallImpl(
          f, types, constants, variadicTypes, c.position(), reporter));
    }
    if (!ok) {
      return Optional.of(List.of(ExprType.UNKNOWN));
    }
    BoundCallImpl call =
        new BoundCallImpl(f, types, constants, variadicTypes, c.position(), reporter);
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

  /**
   * {@code list(...)}: every argument is an element, named ({@code list(a=X)}) or not; a list is
   * named only if all its elements are (SystemDS cannot index a partly named list by name).
   */
  private Optional<List<ExprType>> listCall(FunctionCall c, BuiltinFunction f, Scope scope) {
    long named = c.arguments().stream().filter(Argument::isNamed).count();
    if (named != 0 && named != c.arguments().size()) {
      reporter.error(c.position(), "list(...) elements are either all named or all unnamed");
    }
    java.util.Set<String> names = new java.util.HashSet<>();
    List<Expression> values = new ArrayList<>();
    for (Argument a : c.arguments()) {
      expressions.check(a.value(), scope);
      if (a.isNamed() && !names.add(a.name().get())) {
        reporter.error(a.position(), "list element '" + a.name().get() + "' is given twice");
      }
      values.add(a.value());
    }
    ctx.targets.put(c, new CallTarget.Builtin(f, Map.of(), values));
    return Optional.of(List.of(ExprType.LIST));
  }

  /**
   * The result types of a builtin with several results ({@code [U, S, V] = svd(A)}): the
   * function's rule checks the arguments, then each declared result's rule types it. Only a
   * multi-assignment (or a statement, which drops them) may call it.
   */
  private Optional<List<ExprType>> severalResults(
      FunctionCall c, BuiltinFunction f, CallUse use, boolean ok, BoundCallImpl call) {
    if (use == CallUse.NESTED || use == CallUse.ASSIGNED) {
      List<String> names = f.results().stream().map(BuiltinResult::name).toList();
      reporter.error(
          c.position(),
          f.name()
              + " returns "
              + names.size()
              + " values; use ["
              + String.join(", ", names)
              + "] = "
              + f.name()
              + "(...)");
      return Optional.empty();
    }
    List<ExprType> types = new ArrayList<>();
    if (ok) {
      f.typeRule().outputType(call);
    }
    for (BuiltinResult r : f.results()) {
      types.add(ok ? r.type().outputType(call) : ExprType.UNKNOWN);
    }
    if (ok && use == CallUse.STATEMENT && f.effect() == BuiltinFunction.Effect.PURE) {
      reporter.warning(c.position(), "the results of " + f.name() + "(...) are not used");
    }
    return Optional.of(types);
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
      case ANY -> !t.isList();
      case VALUE, NAME -> true;
    };
  }
}
