package org.planlab.engine.lang.types;

import java.util.Locale;
import java.util.Objects;
import java.util.Optional;

/**
 * A declared type, as written for function parameters and results: {@code Matrix[Double]}, {@code
 * Double}, {@code Integer}/{@code int}, {@code Boolean}, {@code String} (names are
 * case-insensitive).
 */
public record DmlType(DataType dataType, ValueType valueType) {
  public DmlType {
    Objects.requireNonNull(dataType, "dataType is null");
    Objects.requireNonNull(valueType, "valueType is null");
  }

  public static final DmlType MATRIX = new DmlType(DataType.MATRIX, ValueType.DOUBLE);
  public static final DmlType DOUBLE = new DmlType(DataType.SCALAR, ValueType.DOUBLE);
  public static final DmlType INTEGER = new DmlType(DataType.SCALAR, ValueType.INTEGER);
  public static final DmlType BOOLEAN = new DmlType(DataType.SCALAR, ValueType.BOOLEAN);
  public static final DmlType STRING = new DmlType(DataType.SCALAR, ValueType.STRING);
  /** {@code List[Unknown]}: the elements' types are known only at run time. */
  public static final DmlType LIST = new DmlType(DataType.LIST, ValueType.UNKNOWN);

  /** The value type named {@code name} (case-insensitive), if DML knows it. */
  public static Optional<ValueType> valueTypeNamed(String name) {
    return switch (name.toLowerCase(Locale.ROOT)) {
      case "double" -> Optional.of(ValueType.DOUBLE);
      case "integer", "int" -> Optional.of(ValueType.INTEGER);
      case "boolean" -> Optional.of(ValueType.BOOLEAN);
      case "string" -> Optional.of(ValueType.STRING);
      default -> Optional.empty();
    };
  }

  /** "Matrix[Double]", "Integer", ... */
  @Override
  public String toString() {
    String vt = capitalized(valueType.dmlName());
    return switch (dataType) {
      case MATRIX -> "Matrix[" + vt + "]";
      case LIST -> "List[" + vt + "]";
      default -> vt;
    };
  }

  private static String capitalized(String s) {
    return s.isEmpty() ? s : Character.toUpperCase(s.charAt(0)) + s.substring(1);
  }
}
