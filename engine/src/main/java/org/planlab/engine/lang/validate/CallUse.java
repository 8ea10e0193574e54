package org.planlab.engine.lang.validate;

/** Where a call stands, which decides what it may return. */
enum CallUse {
  /** Inside an expression: one value (a user-defined call is hoisted by the IR). */
  NESTED,
  /** The whole right-hand side of {@code x = ...}: one value. */
  ASSIGNED,
  /** A statement on its own: anything, results dropped. */
  STATEMENT,
  /**
   * The right-hand side of {@code [a, b] = ...}: a user-defined function or a builtin with
   * several results.
   */
  MULTI_ASSIGNED
}
