package org.planlab.engine.data;

import java.util.Objects;
import org.planlab.engine.lang.types.ValueType;

/**
 * A DML scalar: double, integer (64-bit), boolean or string, with DML's conversions. Booleans
 * are 1/0 in arithmetic; strings convert to numbers only when they parse.
 */
public sealed interface ScalarValue extends Data {

  ValueType valueType();

  double asDouble();

  long asLong();

  boolean asBoolean();

  /** The text DML's print shows: integers without a fraction, doubles as Java prints them. */
  String asString();

  static ScalarValue of(double v) {
    return new DoubleValue(v);
  }

  static ScalarValue of(long v) {
    return new IntValue(v);
  }

  static ScalarValue of(boolean v) {
    return v ? BoolValue.TRUE : BoolValue.FALSE;
  }

  static ScalarValue of(String v) {
    return new StringValue(v);
  }

  /** A double scalar. */
  record DoubleValue(double value) implements ScalarValue {
    @Override
    public ValueType valueType() {
      return ValueType.DOUBLE;
    }

    @Override
    public double asDouble() {
      return value;
    }

    /** Truncation toward zero, as DML's as.integer. */
    @Override
    public long asLong() {
      return (long) value;
    }

    @Override
    public boolean asBoolean() {
      return value != 0;
    }

    @Override
    public String asString() {
      return Double.toString(value);
    }
  }

  /** A 64-bit integer scalar. */
  record IntValue(long value) implements ScalarValue {
    @Override
    public ValueType valueType() {
      return ValueType.INTEGER;
    }

    @Override
    public double asDouble() {
      return value;
    }

    @Override
    public long asLong() {
      return value;
    }

    @Override
    public boolean asBoolean() {
      return value != 0;
    }

    @Override
    public String asString() {
      return Long.toString(value);
    }
  }

  /** A boolean scalar; TRUE/FALSE in text, 1/0 in arithmetic. */
  record BoolValue(boolean value) implements ScalarValue {
    static final BoolValue TRUE = new BoolValue(true);
    static final BoolValue FALSE = new BoolValue(false);

    @Override
    public ValueType valueType() {
      return ValueType.BOOLEAN;
    }

    @Override
    public double asDouble() {
      return value ? 1 : 0;
    }

    @Override
    public long asLong() {
      return value ? 1 : 0;
    }

    @Override
    public boolean asBoolean() {
      return value;
    }

    @Override
    public String asString() {
      return value ? "TRUE" : "FALSE";
    }
  }

  /** A string scalar. */
  record StringValue(String value) implements ScalarValue {
    public StringValue {
      Objects.requireNonNull(value, "value is null");
    }

    @Override
    public ValueType valueType() {
      return ValueType.STRING;
    }

    @Override
    public double asDouble() {
      try {
        return Double.parseDouble(value.trim());
      } catch (NumberFormatException e) {
        throw new IllegalArgumentException("the string \"" + value + "\" is not a number");
      }
    }

    @Override
    public long asLong() {
      return (long) asDouble();
    }

    /** "TRUE"/"FALSE" (any case) or a number. */
    @Override
    public boolean asBoolean() {
      String t = value.trim();
      if (t.equalsIgnoreCase("true")) {
        return true;
      }
      if (t.equalsIgnoreCase("false")) {
        return false;
      }
      return asDouble() != 0;
    }

    @Override
    public String asString() {
      return value;
    }
  }
}
