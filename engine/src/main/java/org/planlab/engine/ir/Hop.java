package org.planlab.engine.ir;

import java.util.List;
import java.util.Objects;
import org.planlab.engine.lang.ast.SourcePosition;
import org.planlab.engine.lang.types.DataType;
import org.planlab.engine.lang.types.ValueType;

/**
 * A high-level operator: a logical operation and its output (optimizer paper, sec. 2). Nodes
 * are immutable and compared by identity; a DAG shares a node between all its consumers.
 * Rewrites build new nodes bottom-up (see {@code HopRewriter}) rather than mutating edges, so a
 * DAG can be recompiled from its original form at any time (sec. 4.2's "deep copy" becomes
 * free). What passes learn about a node — sizes, memory estimates, execution types — lives in
 * per-compilation tables keyed by node identity, not in the node.
 */
public final class Hop {
  private final OpCode op;
  private final HopParam param;
  private final List<Hop> inputs;
  private final DataType dataType;
  private final ValueType valueType;
  private final SourcePosition position;

  public Hop(OpCode op, HopParam param, List<Hop> inputs, DataType dataType, ValueType valueType,
      SourcePosition position) {
    this.op = Objects.requireNonNull(op, "op is null");
    this.param = Objects.requireNonNull(param, "param is null");
    this.inputs = List.copyOf(inputs);
    this.dataType = Objects.requireNonNull(dataType, "dataType is null");
    this.valueType = Objects.requireNonNull(valueType, "valueType is null");
    this.position = Objects.requireNonNull(position, "position is null");
  }

  public OpCode op() {
    return op;
  }

  public HopParam param() {
    return param;
  }

  /** The parameter as its expected record type (a programming error if it is another). */
  public <T extends HopParam> T param(Class<T> type) {
    return type.cast(param);
  }

  public List<Hop> inputs() {
    return inputs;
  }

  public Hop input(int i) {
    return inputs.get(i);
  }

  public DataType dataType() {
    return dataType;
  }

  public ValueType valueType() {
    return valueType;
  }

  public boolean isMatrix() {
    return dataType == DataType.MATRIX;
  }

  public boolean isScalar() {
    return dataType == DataType.SCALAR;
  }

  /** Where in the script this operation was written (for run-time error messages). */
  public SourcePosition position() {
    return position;
  }

  /** The value of a numeric (double, integer or boolean) literal; empty for anything else. */
  public java.util.OptionalDouble numericLiteral() {
    if (op == OpCode.LITERAL && param instanceof HopParam.Literal l
        && l.value().valueType().isNumeric()) {
      return java.util.OptionalDouble.of(l.value().asDouble());
    }
    return java.util.OptionalDouble.empty();
  }

  /** The same operation over other inputs (what rewrites use). */
  public Hop withInputs(List<Hop> newInputs) {
    return newInputs.equals(inputs) ? this
        : new Hop(op, param, newInputs, dataType, valueType, position);
  }

  /** True when op, param and inputs (by identity) are equal: the CSE criterion. */
  public boolean sameOperationAs(Hop other) {
    if (op != other.op || !param.equals(other.param) || inputs.size() != other.inputs.size()
        || dataType != other.dataType || valueType != other.valueType) {
      return false;
    }
    for (int i = 0; i < inputs.size(); i++) {
      if (inputs.get(i) != other.inputs.get(i)) {
        return false;
      }
    }
    return true;
  }

  @Override
  public String toString() {
    String p = param instanceof HopParam.None ? "" : "(" + param + ")";
    return op + p + "@" + position;
  }
}
