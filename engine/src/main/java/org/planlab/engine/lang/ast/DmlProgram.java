package org.planlab.engine.lang.ast;

import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * A parsed DML program: the main script's top-level statements, every user-defined function of
 * every module (main, sourced, and the builtin-library files it uses), and the modules with their
 * namespace aliases. Immutable; produced by {@code org.planlab.engine.lang.DmlParser}.
 *
 * <p>Name resolution for calls (what {@link #resolve} implements): {@code ns::f} means function
 * {@code f} of the module the caller's module sourced as {@code ns}; a plain {@code f} means the
 * caller's own module's {@code f} if it defines one (user functions shadow builtins, as in
 * SystemDS), else a builtin (not known here; the validator asks its catalogue), else the
 * builtin-library function {@code m_f} of file {@code f.dml}.
 */
public record DmlProgram(
    String mainFile,
    List<Statement> statements,
    Map<FunctionKey, FunctionDefinition> functions,
    Map<String, DmlModule> modules,
    Map<String, FunctionKey> libraryFunctions) {

  /** Canonical namespace of the main script's functions (SystemDS's name for it). */
  public static final String MAIN_NAMESPACE = ".default";

  /** Prefix of the canonical namespace of builtin-library file NAME.dml. */
  public static final String LIBRARY_NAMESPACE_PREFIX = ".lib.";

  /** Functions of builtin-library files are named this prefix + the name scripts call. */
  public static final String LIBRARY_FUNCTION_PREFIX = "m_";

  /** Keeps the iteration order of the given maps (source order), but unmodifiable. */
  public DmlProgram {
    Objects.requireNonNull(mainFile, "mainFile is null");
    statements = List.copyOf(statements);
    functions = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(functions));
    modules = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(modules));
    libraryFunctions =
        java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(libraryFunctions));
    if (!modules.containsKey(MAIN_NAMESPACE)) {
      throw new IllegalArgumentException("program has no main module");
    }
  }

  public DmlModule mainModule() {
    return modules.get(MAIN_NAMESPACE);
  }

  public Optional<FunctionDefinition> function(FunctionKey key) {
    return Optional.ofNullable(functions.get(key));
  }

  /**
   * The user-defined function a call in module {@code callerNamespace} refers to, or empty if it
   * names none (then it is a builtin, or an error the validator reports).
   */
  public Optional<FunctionKey> resolve(String callerNamespace, FunctionCall call) {
    DmlModule caller = modules.get(callerNamespace);
    if (caller == null) {
      throw new IllegalArgumentException("unknown namespace " + callerNamespace);
    }
    if (call.namespace().isPresent()) {
      return caller
          .resolveAlias(call.namespace().get())
          .map(ns -> new FunctionKey(ns, call.name()))
          .filter(functions::containsKey);
    }
    FunctionKey own = new FunctionKey(callerNamespace, call.name());
    if (functions.containsKey(own)) {
      return Optional.of(own);
    }
    return Optional.ofNullable(libraryFunctions.get(call.name()));
  }
}
