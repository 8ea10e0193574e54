package org.planlab.engine.lang.ast;

import java.util.Objects;

/**
 * Program-wide identity of a user-defined function: the canonical namespace of the module that
 * defines it (see {@link DmlModule}) and its name.
 */
public record FunctionKey(String namespace, String name) {
  public FunctionKey {
    Objects.requireNonNull(namespace, "namespace is null");
    Objects.requireNonNull(name, "name is null");
  }

  /**
   * How messages name the function: "name" for functions of the main script and of builtin-library
   * files (their positions name the file), "namespace::name" otherwise.
   */
  @Override
  public String toString() {
    boolean bare =
        namespace.equals(DmlProgram.MAIN_NAMESPACE)
            || namespace.startsWith(DmlProgram.LIBRARY_NAMESPACE_PREFIX);
    return bare ? name : namespace + "::" + name;
  }
}
