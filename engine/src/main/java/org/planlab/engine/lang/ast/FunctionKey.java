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

  /** "name" for main-script functions, "namespace::name" otherwise. */
  @Override
  public String toString() {
    return namespace.equals(DmlProgram.MAIN_NAMESPACE) ? name : namespace + "::" + name;
  }
}
