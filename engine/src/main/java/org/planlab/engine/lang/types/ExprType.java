package org.planlab.engine.lang.types;

import java.util.Objects;

/**
 * The inferred type of an expression: data type, value type and, for matrices, the dimensions where
 * validation could infer them (from literal sizes, e.g. {@code matrix(0, 3, 4)}). Dimensions are
 * {@link #UNKNOWN_DIM} when not known at validation time; scalars have 0 x 0, as in SystemDS. Later
 * compiler phases (size propagation) refine what stays unknown here.
 */
public record ExprType(DataType dataType, ValueType valueType, long rows, long cols) {
  /** Marks a dimension that validation could not infer. */
  public static final long UNKNOWN_DIM = -1;

  public static final ExprType DOUBLE = scalar(ValueType.DOUBLE);
  public static final ExprType INTEGER = scalar(ValueType.INTEGER);
  public static final ExprType BOOLEAN = scalar(ValueType.BOOLEAN);
  public static final ExprType STRING = scalar(ValueType.STRING);

  /** A list (its elements' types are known only at run time). */
  public static final ExprType LIST =
      new ExprType(DataType.LIST, ValueType.UNKNOWN, UNKNOWN_DIM, UNKNOWN_DIM);

  /** A matrix of unknown dimensions. */
  public static final ExprType MATRIX = matrix(UNKNOWN_DIM, UNKNOWN_DIM);

  /** The type of an expression that already had an error reported. */
  public static final ExprType UNKNOWN =
      new ExprType(DataType.UNKNOWN, ValueType.UNKNOWN, UNKNOWN_DIM, UNKNOWN_DIM);

  public ExprType {
    Objects.requireNonNull(dataType, "dataType is null");
    Objects.requireNonNull(valueType, "valueType is null");
    if (rows < UNKNOWN_DIM || cols < UNKNOWN_DIM) {
      throw new IllegalArgumentException(
          "dimensions must be >= 0 or UNKNOWN_DIM, were " + rows + "x" + cols);
    }
  }

  public static ExprType scalar(ValueType valueType) {
    return new ExprType(DataType.SCALAR, valueType, 0, 0);
  }

  /** A matrix (of doubles) with the given dimensions, each possibly {@link #UNKNOWN_DIM}. */
  public static ExprType matrix(long rows, long cols) {
    return new ExprType(DataType.MATRIX, ValueType.DOUBLE, rows, cols);
  }

  /** The type a declared parameter or result has (dimensions unknown). */
  public static ExprType of(DmlType declared) {
    return switch (declared.dataType()) {
      case MATRIX -> MATRIX;
      case LIST -> LIST;
      default -> scalar(declared.valueType());
    };
  }

  public boolean isMatrix() {
    return dataType == DataType.MATRIX;
  }

  public boolean isScalar() {
    return dataType == DataType.SCALAR;
  }

  public boolean isList() {
    return dataType == DataType.LIST;
  }

  public boolean isUnknown() {
    return dataType == DataType.UNKNOWN;
  }

  public boolean isString() {
    return isScalar() && valueType == ValueType.STRING;
  }

  public boolean rowsKnown() {
    return rows != UNKNOWN_DIM;
  }

  public boolean colsKnown() {
    return cols != UNKNOWN_DIM;
  }

  public boolean dimsKnown() {
    return rowsKnown() && colsKnown();
  }

  /** "3x4", "?x4" for a matrix; "scalar" otherwise. */
  public String shape() {
    if (!isMatrix()) {
      return dataType.dmlName();
    }
    return (rowsKnown() ? Long.toString(rows) : "?")
        + "x"
        + (colsKnown() ? Long.toString(cols) : "?");
  }

  /** "matrix 3x4", "scalar integer", "unknown". */
  public String describe() {
    return switch (dataType) {
      case MATRIX -> "matrix " + shape();
      case SCALAR -> valueType.dmlName();
      case LIST -> "list";
      case UNKNOWN -> "unknown";
    };
  }

  @Override
  public String toString() {
    return describe();
  }
}
