package org.planlab.engine.lang.types;

/** Data type of a DML value: a matrix of doubles or a scalar. */
public enum DataType {
  MATRIX,
  SCALAR,
  /** Not inferable, only after an error was reported (keeps one mistake from cascading). */
  UNKNOWN;

  /** Lower-case name as DML spells it ("matrix", "scalar"). */
  public String dmlName() {
    return name().toLowerCase(java.util.Locale.ROOT);
  }
}
