package org.planlab.engine.lang.builtins;

/** What a builtin parameter accepts; the validator checks arguments against it. */
public enum ArgKind {
  /** A matrix. */
  MATRIX,
  /** A scalar of any value type. */
  SCALAR,
  /** A string scalar. */
  STRING,
  /** A matrix or a scalar. */
  ANY,
  /** A matrix, a scalar or a list. */
  VALUE,
  /** A variable name that need not be defined ({@code exists(x)}). */
  NAME;

  /** "a matrix", "a scalar", ... for error messages. */
  public String describe() {
    return switch (this) {
      case MATRIX -> "a matrix";
      case SCALAR -> "a scalar";
      case STRING -> "a string";
      case ANY -> "a matrix or scalar";
      case VALUE -> "a matrix, scalar or list";
      case NAME -> "a variable name";
    };
  }
}
