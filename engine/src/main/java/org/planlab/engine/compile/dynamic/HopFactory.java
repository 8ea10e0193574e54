package org.planlab.engine.compile.dynamic;

import java.util.List;
import org.planlab.engine.data.ScalarValue;
import org.planlab.engine.ir.Hop;
import org.planlab.engine.ir.HopParam;
import org.planlab.engine.ir.OpCode;
import org.planlab.engine.lang.ast.SourcePosition;
import org.planlab.engine.lang.types.DataType;
import org.planlab.engine.lang.types.ValueType;
import org.planlab.engine.ops.AggregateOp;
import org.planlab.engine.ops.BinaryOp;
import org.planlab.engine.ops.Direction;
import org.planlab.engine.ops.UnaryOp;

/**
 * Builders of the HOPs that rewrites introduce, following {@link OpCode}'s input conventions;
 * each new HOP carries the position of the HOP it replaces, so run-time errors still point at
 * the script.
 */
public final class HopFactory {
  private HopFactory() {
  }

  /** A double literal. */
  public static Hop literal(double v, SourcePosition pos) {
    return new Hop(OpCode.LITERAL, new HopParam.Literal(ScalarValue.of(v)), List.of(),
        DataType.SCALAR, ValueType.DOUBLE, pos);
  }

  /** An integer literal. */
  public static Hop literal(long v, SourcePosition pos) {
    return new Hop(OpCode.LITERAL, new HopParam.Literal(ScalarValue.of(v)), List.of(),
        DataType.SCALAR, ValueType.INTEGER, pos);
  }

  /** {@code matrix(0, rows, cols)}. */
  public static Hop zeros(long rows, long cols, SourcePosition pos) {
    return new Hop(OpCode.FILL, HopParam.NONE,
        List.of(literal(0.0, pos), literal(rows, pos), literal(cols, pos)), DataType.MATRIX,
        ValueType.DOUBLE, pos);
  }

  /** {@code a %*% b}. */
  public static Hop matmult(Hop a, Hop b, SourcePosition pos) {
    return matrix(OpCode.MATMULT, HopParam.NONE, List.of(a, b), pos);
  }

  /** {@code t(x)}. */
  public static Hop transpose(Hop x, SourcePosition pos) {
    return matrix(OpCode.TRANSPOSE, HopParam.NONE, List.of(x), pos);
  }

  /** {@code a op b} with at least one matrix operand. */
  public static Hop binary(BinaryOp op, Hop a, Hop b, SourcePosition pos) {
    return matrix(OpCode.BINARY, new HopParam.Binary(op), List.of(a, b), pos);
  }

  /** {@code op(x)}, of the data type of x. */
  public static Hop unary(UnaryOp op, Hop x, SourcePosition pos) {
    return new Hop(OpCode.UNARY, new HopParam.Unary(op), List.of(x), x.dataType(),
        ValueType.DOUBLE, pos);
  }

  /** A full aggregate (scalar) or a row/column aggregate (matrix). */
  public static Hop aggregate(AggregateOp op, Direction dir, Hop x, SourcePosition pos) {
    return new Hop(OpCode.AGGREGATE, new HopParam.Aggregate(op, dir), List.of(x),
        dir == Direction.FULL ? DataType.SCALAR : DataType.MATRIX, ValueType.DOUBLE, pos);
  }

  /** {@code as.matrix(s)}: a 1x1 matrix. */
  public static Hop castMatrix(Hop scalar, SourcePosition pos) {
    return matrix(OpCode.CAST_MATRIX, HopParam.NONE, List.of(scalar), pos);
  }

  private static Hop matrix(OpCode op, HopParam p, List<Hop> inputs, SourcePosition pos) {
    return new Hop(op, p, inputs, DataType.MATRIX, ValueType.DOUBLE, pos);
  }
}
