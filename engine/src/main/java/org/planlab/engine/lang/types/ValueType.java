package org.planlab.engine.lang.types;

/** Value type of a scalar, or of the cells of a matrix (always {@link #DOUBLE} for matrices). */
public enum ValueType {
  DOUBLE,
  INTEGER,
  BOOLEAN,
  STRING,
  /** Not inferable, only after an error was reported. */
  UNKNOWN;

  /** True for the types DML computes with: double, integer and boolean (0/1). */
  public boolean isNumeric() {
    return this == DOUBLE || this == INTEGER || this == BOOLEAN;
  }

  /** Lower-case name as DML spells it ("double", "integer", ...). */
  public String dmlName() {
    return name().toLowerCase(java.util.Locale.ROOT);
  }

  /**
   * DML's promotion for arithmetic on two numeric scalars: double wins, otherwise integer (boolean
   * counts as 0/1, so boolean + boolean is an integer).
   */
  public static ValueType promote(ValueType a, ValueType b) {
    if (a == UNKNOWN || b == UNKNOWN) {
      return UNKNOWN;
    }
    if (a == DOUBLE || b == DOUBLE) {
      return DOUBLE;
    }
    return INTEGER;
  }
}
