package org.planlab.engine.lang.validate;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.planlab.engine.lang.Diagnostic;
import org.planlab.engine.lang.DmlValidationException;
import org.planlab.engine.lang.ast.AstWalker;
import org.planlab.engine.lang.ast.DmlProgram;
import org.planlab.engine.lang.ast.FunctionDefinition;
import org.planlab.engine.lang.ast.FunctionKey;
import org.planlab.engine.lang.ast.Identifier;
import org.planlab.engine.lang.ast.Parameter;
import org.planlab.engine.lang.builtins.BuiltinCatalogue;
import org.planlab.engine.lang.types.ExprType;

/**
 * The validate step of the language front end (sec. 2 of the optimizer paper): one pass over the
 * main script and every function, checking names, calls and argument binding, types and known
 * sizes, and inferring a type per expression. Collects all errors, then throws them together;
 * otherwise returns a {@link ValidatedProgram}. Stateless and reusable.
 *
 * <p>Choices that follow SystemDS: a variable assigned on only some paths may be read (a warning,
 * not an error); a variable may not be a matrix on one path and a scalar on another; a user-defined
 * function with one result may be called inside an expression (the IR hoists such calls into
 * statements of their own, as SystemDS does), but not in a predicate or loop bound; user functions
 * shadow builtins of the same name.
 */
public final class DmlValidator {
  private final BuiltinCatalogue builtins;

  public DmlValidator() {
    this(BuiltinCatalogue.standard());
  }

  public DmlValidator(BuiltinCatalogue builtins) {
    this.builtins = builtins;
  }

  /**
   * Validates {@code program}.
   *
   * @throws DmlValidationException with every error found, ordered by file and position
   */
  public ValidatedProgram validate(DmlProgram program) {
    ValidationContext ctx = new ValidationContext(program, builtins);
    Map<FunctionKey, Set<FunctionKey>> callees = new LinkedHashMap<>();

    Set<FunctionKey> mainCallees = new HashSet<>();
    new StatementValidator(ctx, DmlProgram.MAIN_NAMESPACE, mainCallees)
        .statements(program.statements(), new Scope());

    Map<FunctionKey, List<ExprType>> parameterTypes = new HashMap<>();
    for (FunctionDefinition f : program.functions().values()) {
      Set<FunctionKey> calls = new HashSet<>();
      parameterTypes.put(f.key(), function(ctx, f, calls));
      callees.put(f.key(), calls);
    }

    List<Diagnostic> errors = sorted(program, ctx.reporter.errors());
    if (!errors.isEmpty()) {
      throw new DmlValidationException(errors);
    }
    Map<FunctionKey, FunctionInfo> infos = new LinkedHashMap<>();
    for (FunctionDefinition f : program.functions().values()) {
      List<ExprType> results = f.results().stream().map(r -> ExprType.of(r.type())).toList();
      infos.put(
          f.key(),
          new FunctionInfo(
              f,
              parameterTypes.get(f.key()),
              results,
              callees.get(f.key()),
              reaches(callees, f.key(), f.key())));
    }
    return new ValidatedProgram(
        program,
        ctx.types,
        ctx.constants,
        ctx.targets,
        infos,
        LiveVariables.of(program),
        sorted(program, ctx.reporter.warnings()));
  }

  /** Validates one function body; returns the parameter types. */
  private static List<ExprType> function(
      ValidationContext ctx, FunctionDefinition f, Set<FunctionKey> calls) {
    StatementValidator body = new StatementValidator(ctx, f.namespace(), calls);
    Scope scope = new Scope();
    List<ExprType> parameterTypes = new ArrayList<>();
    for (Parameter p : f.parameters()) {
      ExprType declared = ExprType.of(p.type());
      p.defaultValue().ifPresent(d -> defaultValue(ctx, body, f, p, declared, scope));
      scope.define(p.name(), declared, null);
      parameterTypes.add(declared);
    }
    body.statements(f.body(), scope);
    if (scope.isUnreachable()) {
      return parameterTypes; // the function always stops; its results are never seen
    }
    for (Parameter r : f.results()) {
      Scope.Variable v = scope.get(r.name());
      if (v == null) {
        ctx.reporter.error(
            r.position(), "result '" + r.name() + "' of " + f.key() + " is never assigned");
        continue;
      }
      if (!v.definedOnEveryPath()) {
        ctx.reporter.warning(
            r.position(),
            "result '" + r.name() + "' of " + f.key() + " is not assigned on every path");
      }
      String problem = ExpressionValidator.mismatch(ExprType.of(r.type()), v.type());
      if (problem != null) {
        ctx.reporter.error(
            r.position(),
            "result '"
                + r.name()
                + "' of "
                + f.key()
                + " is declared "
                + r.type()
                + " but is "
                + problem);
      }
    }
    return parameterTypes;
  }

  /**
   * A default is an expression of the declared type over the parameters before it (SystemDS's
   * {@code Integer numB = ncol(X)}); the caller evaluates it with the arguments it bound.
   */
  private static void defaultValue(
      ValidationContext ctx,
      StatementValidator body,
      FunctionDefinition f,
      Parameter p,
      ExprType declared,
      Scope earlierParameters) {
    ExprType t = body.expressions().check(p.defaultValue().get(), earlierParameters.copy());
    String problem = ExpressionValidator.mismatch(declared, t);
    if (problem != null) {
      ctx.reporter.error(
          p.defaultValue().get().position(),
          "the default of parameter '"
              + p.name()
              + "' of "
              + f.key()
              + " must be "
              + (declared.isMatrix() ? "a matrix" : "a " + declared.valueType().dmlName())
              + ", found "
              + problem);
    }
  }

  /** Whether {@code to} is reachable from {@code from} through at least one call. */
  private static boolean reaches(
      Map<FunctionKey, Set<FunctionKey>> callees, FunctionKey from, FunctionKey to) {
    Set<FunctionKey> seen = new HashSet<>();
    Deque<FunctionKey> work = new ArrayDeque<>(callees.getOrDefault(from, Set.of()));
    while (!work.isEmpty()) {
      FunctionKey k = work.pop();
      if (k.equals(to)) {
        return true;
      }
      if (seen.add(k)) {
        work.addAll(callees.getOrDefault(k, Set.of()));
      }
    }
    return false;
  }

  /** Diagnostics by file (in module order), then line and column; stable otherwise. */
  private static List<Diagnostic> sorted(DmlProgram program, List<Diagnostic> diagnostics) {
    List<String> files = program.modules().values().stream().map(m -> m.file()).toList();
    List<Diagnostic> out = new ArrayList<>(diagnostics);
    out.sort(
        Comparator.<Diagnostic>comparingInt(d -> fileRank(files, d.position().file()))
            .thenComparingInt(d -> d.position().line())
            .thenComparingInt(d -> d.position().column()));
    return out;
  }

  private static int fileRank(List<String> files, String file) {
    int i = files.indexOf(file);
    return i < 0 ? files.size() : i;
  }
}
