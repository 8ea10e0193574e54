package org.planlab.engine.lang.ast;

import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * One parsed DML file of a program: the main script, a sourced file, or a builtin-library file.
 *
 * <p>{@code namespace} is canonical and unique in the program: {@link DmlProgram#MAIN_NAMESPACE}
 * for the main script, the alias of the first {@code source} that loaded a file (made unique with a
 * {@code #n} suffix if another file already uses it), and {@link
 * DmlProgram#LIBRARY_NAMESPACE_PREFIX}{@code NAME} for the library file NAME.dml. The aliases map
 * what this file's code writes before {@code ::} to canonical namespaces.
 */
public record DmlModule(
    Kind kind,
    String namespace,
    String file,
    Map<String, String> aliases,
    List<SourceImport> imports,
    List<FunctionKey> functions) {

  /** How a module became part of the program. */
  public enum Kind {
    MAIN,
    SOURCED,
    LIBRARY
  }

  public DmlModule {
    Objects.requireNonNull(kind, "kind is null");
    Objects.requireNonNull(namespace, "namespace is null");
    Objects.requireNonNull(file, "file is null");
    aliases = Map.copyOf(aliases);
    imports = List.copyOf(imports);
    functions = List.copyOf(functions);
  }

  /** The canonical namespace this module's code means by {@code alias::}. */
  public Optional<String> resolveAlias(String alias) {
    return Optional.ofNullable(aliases.get(alias));
  }
}
