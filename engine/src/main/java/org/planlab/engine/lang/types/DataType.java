package org.planlab.engine.lang.types;

/**
 * Data type of a DML value: a matrix of doubles, a scalar, or a list (SystemDS's {@code List}:
 * an ordered, optionally named collection of matrices, scalars and lists).
 */
public enum DataType {
  MATRIX,
  SCALAR,
  LIST,
  /** Not inferable, only after an error was reported (keeps one mistake from cascading). */
  UNKNOWN;

  /** Lower-case name as DML spells it ("matrix", "scalar"). */
  public String dmlName() {
    return name().toLowerCase(java.util.Locale.ROOT);
  }
}
