package org.planlab.engine.lang.builtins;

import java.util.Objects;

/**
 * One named result of a builtin with several results ({@code [U, S, V] = svd(A)}).
 *
 * @param name the result's name in the language reference (shown in error messages)
 * @param type the result's type from the bound call; reports nothing (the builtin's own type
 *     rule checks the arguments once)
 */
public record BuiltinResult(String name, TypeRule type) {
  public BuiltinResult {
    Objects.requireNonNull(name, "name is null");
    Objects.requireNonNull(type, "type is null");
  }
}
