package org.planlab.engine.lang.validate;

import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.planlab.engine.lang.Diagnostic;
import org.planlab.engine.lang.ast.DmlProgram;
import org.planlab.engine.lang.ast.Expression;
import org.planlab.engine.lang.ast.FunctionCall;
import org.planlab.engine.lang.ast.FunctionKey;
import org.planlab.engine.lang.ast.Statement;
import org.planlab.engine.lang.types.ExprType;

/**
 * The output of the language front end, what the IR builder consumes: the program's AST plus, keyed
 * by node identity, the inferred type of every expression (and its value where it is a compile-time
 * constant), the target of every call with its arguments bound, what is known about every
 * user-defined function, live variables per statement, and the warnings.
 *
 * <p>Types describe the expression at its position in the program (for expressions in loops: the
 * state at the loop's fixpoint). Identifiers that are assignment targets are not expressions and
 * have no entry; the assigned value's type is the variable's new type. Calls that are not one value
 * (print, write, functions with zero or several results) have type {@link ExprType#UNKNOWN}; {@link
 * FunctionInfo#resultTypes()} has the results.
 */
public final class ValidatedProgram {
  private final DmlProgram program;
  private final Map<Expression, ExprType> types;
  private final Map<Expression, Object> constants;
  private final Map<FunctionCall, CallTarget> targets;
  private final Map<FunctionKey, FunctionInfo> functions;
  private final LiveVariables liveVariables;
  private final List<Diagnostic> warnings;

  ValidatedProgram(
      DmlProgram program,
      Map<Expression, ExprType> types,
      Map<Expression, Object> constants,
      Map<FunctionCall, CallTarget> targets,
      Map<FunctionKey, FunctionInfo> functions,
      LiveVariables liveVariables,
      List<Diagnostic> warnings) {
    this.program = program;
    this.types = Collections.unmodifiableMap(new IdentityHashMap<>(types));
    this.constants = Collections.unmodifiableMap(new IdentityHashMap<>(constants));
    this.targets = Collections.unmodifiableMap(new IdentityHashMap<>(targets));
    this.functions = Collections.unmodifiableMap(new java.util.LinkedHashMap<>(functions));
    this.liveVariables = liveVariables;
    this.warnings = List.copyOf(warnings);
  }

  public DmlProgram program() {
    return program;
  }

  /** The inferred type of {@code e}, which must be an expression of this program. */
  public ExprType typeOf(Expression e) {
    ExprType t = types.get(e);
    if (t == null) {
      throw new IllegalArgumentException("not an expression of this program: " + e);
    }
    return t;
  }

  /**
   * The value of {@code e} if validation found it constant: a Long, Double, Boolean or String
   * (literals, folded scalar arithmetic, variables holding such values, nrow/ncol of matrices of
   * known size).
   */
  public Optional<Object> constantOf(Expression e) {
    return Optional.ofNullable(constants.get(e));
  }

  /** What {@code call} resolved to, with its arguments bound. */
  public CallTarget targetOf(FunctionCall call) {
    CallTarget t = targets.get(call);
    if (t == null) {
      throw new IllegalArgumentException("not a call of this program: " + call);
    }
    return t;
  }

  public FunctionInfo function(FunctionKey key) {
    FunctionInfo f = functions.get(key);
    if (f == null) {
      throw new IllegalArgumentException("no function " + key);
    }
    return f;
  }

  /** Every user-defined function of the program, in program order. */
  public Map<FunctionKey, FunctionInfo> functions() {
    return functions;
  }

  /** Every expression's type, keyed by identity (unmodifiable). */
  public Map<Expression, ExprType> expressionTypes() {
    return types;
  }

  /** Live variables before and after each statement of the main script and of every function. */
  public LiveVariables liveVariables() {
    return liveVariables;
  }

  /** Convenience for {@code liveVariables().of(s)}. */
  public LiveVariables.Sets liveness(Statement s) {
    return liveVariables.of(s);
  }

  /**
   * Warnings: variables that may be undefined on some path (an error only when undefined on every
   * path, as in SystemDS), results not assigned on every path, unused builtin results.
   */
  public List<Diagnostic> warnings() {
    return warnings;
  }
}
