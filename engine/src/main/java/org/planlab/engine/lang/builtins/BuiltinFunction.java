package org.planlab.engine.lang.builtins;

import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * One builtin function of DML: its parameters in positional order, how its output type follows from
 * its arguments, and its effect.
 *
 * @param name the name scripts call it by
 * @param category grouping for documentation (DML.md's sections)
 * @param parameters in positional order; a variadic parameter, if any, comes last among the
 *     positional ones
 * @param positionalLayouts alternative positional orders by argument count (table(A, B, rows, cols)
 *     has four positional arguments but no weights); empty for most builtins
 * @param typeRule output type and multi-argument checks
 * @param effect whether calls may be merged, reordered or removed
 * @param returnsValue false for print, stop, assert, write: calls are statements only
 * @param results the named results of a builtin with several ({@code [U, S, V] = svd(A)}), which
 *     can only be called in a multi-assignment; empty for the builtins with one value (or none).
 *     The {@code typeRule} of a builtin with several results checks the arguments (its value is
 *     not used); each result's rule then types that result and reports nothing.
 */
public record BuiltinFunction(
    String name,
    Category category,
    List<BuiltinParameter> parameters,
    Map<Integer, List<String>> positionalLayouts,
    TypeRule typeRule,
    Effect effect,
    boolean returnsValue,
    List<BuiltinResult> results) {

  /** DML.md's grouping of the builtins. */
  public enum Category {
    CONSTRUCTION,
    SHAPE,
    AGGREGATE,
    ELEMENTWISE,
    LINEAR_ALGEBRA,
    ORDERING,
    CAST,
    MISC,
    STATISTICS,
    IO,
    OUTPUT
  }

  /** What the optimizer may do with a call. */
  public enum Effect {
    /** Deterministic, no side effects: may be merged (CSE), folded, removed if unused. */
    PURE,
    /**
     * Different value per call when not seeded (rand/sample without seed, time): never merged by
     * CSE, never folded.
     */
    NONDETERMINISTIC,
    /** Output or control effect (print, stop, assert, write): never removed or reordered. */
    SIDE_EFFECT
  }

  public BuiltinFunction {
    Objects.requireNonNull(name, "name is null");
    Objects.requireNonNull(category, "category is null");
    parameters = List.copyOf(parameters);
    positionalLayouts = Map.copyOf(positionalLayouts);
    Objects.requireNonNull(typeRule, "typeRule is null");
    Objects.requireNonNull(effect, "effect is null");
    results = List.copyOf(results);
    if (results.size() == 1) {
      throw new IllegalArgumentException(name + " declares a single result; leave results empty");
    }
    long variadics = parameters.stream().filter(BuiltinParameter::variadic).count();
    if (variadics > 1) {
      throw new IllegalArgumentException(name + " has more than one variadic parameter");
    }
  }

  /** A builtin with one value (or none, when {@code returnsValue} is false). */
  public BuiltinFunction(
      String name,
      Category category,
      List<BuiltinParameter> parameters,
      Map<Integer, List<String>> positionalLayouts,
      TypeRule typeRule,
      Effect effect,
      boolean returnsValue) {
    this(name, category, parameters, positionalLayouts, typeRule, effect, returnsValue, List.of());
  }

  /** Whether calls bind several results, as {@code [a, b] = f(...)}. */
  public boolean hasSeveralResults() {
    return !results.isEmpty();
  }

  public Optional<BuiltinParameter> parameter(String parameterName) {
    return parameters.stream().filter(p -> p.name().equals(parameterName)).findFirst();
  }

  public Optional<BuiltinParameter> variadicParameter() {
    return parameters.stream().filter(BuiltinParameter::variadic).findFirst();
  }

  /** The parameter names positional arguments bind to, for {@code count} positional arguments. */
  public List<String> positionalOrder(int count) {
    List<String> layout = positionalLayouts.get(count);
    if (layout != null) {
      return layout;
    }
    return parameters.stream().filter(p -> !p.namedOnly()).map(BuiltinParameter::name).toList();
  }

  /** "rand(rows=, cols=, min=, ...)"-style synopsis for error messages. */
  public String synopsis() {
    StringBuilder sb = new StringBuilder(name).append('(');
    for (int i = 0; i < parameters.size(); i++) {
      BuiltinParameter p = parameters.get(i);
      if (i > 0) {
        sb.append(", ");
      }
      sb.append(p.variadic() ? p.name() + "..." : p.name());
      if (p.namedOnly()) {
        sb.append('=');
      }
    }
    return sb.append(')').toString();
  }
}
