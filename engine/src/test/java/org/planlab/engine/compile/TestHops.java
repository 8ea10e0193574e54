package org.planlab.engine.compile;

import java.util.Arrays;
import java.util.List;
import org.planlab.engine.data.ScalarValue;
import org.planlab.engine.ir.Hop;
import org.planlab.engine.ir.HopDag;
import org.planlab.engine.ir.HopParam;
import org.planlab.engine.ir.OpCode;
import org.planlab.engine.lang.ast.FunctionKey;
import org.planlab.engine.lang.ast.SourcePosition;
import org.planlab.engine.lang.types.DataType;
import org.planlab.engine.lang.types.ValueType;
import org.planlab.engine.ops.AggregateOp;
import org.planlab.engine.ops.BinaryOp;
import org.planlab.engine.ops.Direction;
import org.planlab.engine.ops.UnaryOp;

/** Hand-built HOP DAGs for compiler tests (until the HOP builder lands), following OpCode. */
public final class TestHops {
  public static final SourcePosition POS = new SourcePosition("script.dml", 1, 1);

  private TestHops() {
  }

  public static SourcePosition at(int line, int col) {
    return new SourcePosition("script.dml", line, col);
  }

  public static Hop lit(double v) {
    return scalar(OpCode.LITERAL, new HopParam.Literal(ScalarValue.of(v)), ValueType.DOUBLE);
  }

  public static Hop lit(long v) {
    return scalar(OpCode.LITERAL, new HopParam.Literal(ScalarValue.of(v)), ValueType.INTEGER);
  }

  public static Hop lit(boolean v) {
    return scalar(OpCode.LITERAL, new HopParam.Literal(ScalarValue.of(v)), ValueType.BOOLEAN);
  }

  public static Hop lit(String v) {
    return scalar(OpCode.LITERAL, new HopParam.Literal(ScalarValue.of(v)), ValueType.STRING);
  }

  public static Hop read(String name) {
    return matrix(OpCode.READ_VAR, new HopParam.Variable(name));
  }

  public static Hop readScalar(String name) {
    return scalar(OpCode.READ_VAR, new HopParam.Variable(name), ValueType.INTEGER);
  }

  public static Hop write(String name, Hop value) {
    return new Hop(OpCode.WRITE_VAR, new HopParam.Variable(name), List.of(value),
        value.dataType(), value.valueType(), POS);
  }

  public static Hop binary(BinaryOp op, Hop a, Hop b) {
    boolean m = a.isMatrix() || b.isMatrix();
    return new Hop(OpCode.BINARY, new HopParam.Binary(op), List.of(a, b),
        m ? DataType.MATRIX : DataType.SCALAR,
        m ? ValueType.DOUBLE : ValueType.promote(a.valueType(), b.valueType()), POS);
  }

  public static Hop unary(UnaryOp op, Hop x) {
    return new Hop(OpCode.UNARY, new HopParam.Unary(op), List.of(x), x.dataType(),
        ValueType.DOUBLE, POS);
  }

  public static Hop agg(AggregateOp op, Direction dir, Hop x) {
    return new Hop(OpCode.AGGREGATE, new HopParam.Aggregate(op, dir), List.of(x),
        dir == Direction.FULL ? DataType.SCALAR : DataType.MATRIX, ValueType.DOUBLE, POS);
  }

  public static Hop mm(Hop a, Hop b) {
    return matrix(OpCode.MATMULT, HopParam.NONE, a, b);
  }

  public static Hop mmAt(SourcePosition pos, Hop a, Hop b) {
    return new Hop(OpCode.MATMULT, HopParam.NONE, List.of(a, b), DataType.MATRIX,
        ValueType.DOUBLE, pos);
  }

  public static Hop t(Hop x) {
    return matrix(OpCode.TRANSPOSE, HopParam.NONE, x);
  }

  public static Hop op(OpCode op, Hop... inputs) {
    return matrix(op, HopParam.NONE, inputs);
  }

  public static Hop scalarOp(OpCode op, Hop... inputs) {
    return new Hop(op, HopParam.NONE, Arrays.asList(inputs), DataType.SCALAR, ValueType.DOUBLE,
        POS);
  }

  public static Hop rand(long rows, long cols, double sparsity) {
    return op(OpCode.RAND, lit(rows), lit(cols), lit(0.0), lit(1.0), lit(sparsity), lit(7L),
        lit("uniform"));
  }

  public static Hop fill(double v, Hop rows, Hop cols) {
    return op(OpCode.FILL, lit(v), rows, cols);
  }

  public static Hop index(Hop x, Hop rl, Hop ru, Hop cl, Hop cu) {
    return op(OpCode.RIGHT_INDEX, x, rl, ru, cl, cu);
  }

  public static Hop call(String function, List<String> outputs, Hop... args) {
    return new Hop(OpCode.FUNCTION_CALL,
        new HopParam.Call(new FunctionKey(".defaultNS", function), outputs), Arrays.asList(args),
        DataType.UNKNOWN, ValueType.UNKNOWN, POS);
  }

  public static HopDag dag(Hop... roots) {
    return new HopDag(Arrays.asList(roots));
  }

  private static Hop matrix(OpCode op, HopParam p, Hop... inputs) {
    return new Hop(op, p, Arrays.asList(inputs), DataType.MATRIX, ValueType.DOUBLE, POS);
  }

  private static Hop scalar(OpCode op, HopParam p, ValueType vt) {
    return new Hop(op, p, List.of(), DataType.SCALAR, vt, POS);
  }
}
