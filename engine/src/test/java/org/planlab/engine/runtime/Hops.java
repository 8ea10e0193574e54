package org.planlab.engine.runtime;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.planlab.engine.data.ScalarValue;
import org.planlab.engine.ir.Hop;
import org.planlab.engine.ir.HopDag;
import org.planlab.engine.ir.HopParam;
import org.planlab.engine.ir.OpCode;
import org.planlab.engine.ir.ProgramBlock;
import org.planlab.engine.lang.ast.SourcePosition;
import org.planlab.engine.lang.types.DataType;
import org.planlab.engine.lang.types.ValueType;
import org.planlab.engine.ops.AggregateOp;
import org.planlab.engine.ops.BinaryOp;
import org.planlab.engine.ops.Direction;

/** Hand-built HOPs for runtime tests (the HOP builder is written elsewhere). */
public final class Hops {
  private Hops() {
  }

  public static SourcePosition at(int line, int col) {
    return new SourcePosition("test.dml", line, col);
  }

  static final SourcePosition P = at(1, 1);

  public static Hop lit(double v) {
    return new Hop(OpCode.LITERAL, new HopParam.Literal(ScalarValue.of(v)), List.of(),
        DataType.SCALAR, ValueType.DOUBLE, P);
  }

  public static Hop lit(long v) {
    return new Hop(OpCode.LITERAL, new HopParam.Literal(ScalarValue.of(v)), List.of(),
        DataType.SCALAR, ValueType.INTEGER, P);
  }

  public static Hop lit(String v) {
    return new Hop(OpCode.LITERAL, new HopParam.Literal(ScalarValue.of(v)), List.of(),
        DataType.SCALAR, ValueType.STRING, P);
  }

  public static Hop lit(boolean v) {
    return new Hop(OpCode.LITERAL, new HopParam.Literal(ScalarValue.of(v)), List.of(),
        DataType.SCALAR, ValueType.BOOLEAN, P);
  }

  public static Hop mread(String name) {
    return new Hop(OpCode.READ_VAR, new HopParam.Variable(name), List.of(), DataType.MATRIX,
        ValueType.DOUBLE, P);
  }

  public static Hop sread(String name) {
    return new Hop(OpCode.READ_VAR, new HopParam.Variable(name), List.of(), DataType.SCALAR,
        ValueType.UNKNOWN, P);
  }

  public static Hop write(String name, Hop value) {
    return new Hop(OpCode.WRITE_VAR, new HopParam.Variable(name), List.of(value),
        value.dataType(), value.valueType(), P);
  }

  public static Hop op(OpCode op, Hop... in) {
    return op(op, HopParam.NONE, P, in);
  }

  public static Hop op(OpCode op, HopParam param, SourcePosition pos, Hop... in) {
    boolean matrix = Arrays.stream(in).anyMatch(Hop::isMatrix);
    DataType dt = switch (op) {
      case PRINT, STOP, ASSERT, PRINTF, TO_STRING, NROW, NCOL, LENGTH, CAST_SCALAR, TIME, DET,
          TRACE, MEDIAN -> DataType.SCALAR;
      case RAND, FILL, SEQ, SAMPLE, MATRIX_FROM_STRING, CAST_MATRIX, READ_FILE -> DataType.MATRIX;
      default -> matrix ? DataType.MATRIX : DataType.SCALAR;
    };
    return new Hop(op, param, List.of(in), dt, ValueType.DOUBLE, pos);
  }

  public static Hop bin(BinaryOp b, Hop x, Hop y) {
    return op(OpCode.BINARY, new HopParam.Binary(b), P, x, y);
  }

  public static Hop bin(BinaryOp b, Hop x, Hop y, SourcePosition pos) {
    return op(OpCode.BINARY, new HopParam.Binary(b), pos, x, y);
  }

  public static Hop mm(Hop x, Hop y) {
    return op(OpCode.MATMULT, x, y);
  }

  public static Hop t(Hop x) {
    return op(OpCode.TRANSPOSE, x);
  }

  public static Hop sum(Hop x) {
    return new Hop(OpCode.AGGREGATE, new HopParam.Aggregate(AggregateOp.SUM, Direction.FULL),
        List.of(x), DataType.SCALAR, ValueType.DOUBLE, P);
  }

  public static Hop print(Hop x) {
    return op(OpCode.PRINT, x);
  }

  public static Hop printf(String fmt, Hop... args) {
    List<Hop> in = new ArrayList<>();
    in.add(lit(fmt));
    in.addAll(List.of(args));
    return new Hop(OpCode.PRINTF, HopParam.NONE, in, DataType.SCALAR, ValueType.STRING, P);
  }

  /** X[rl:ru, cl:cu] = Y. */
  public static Hop leftIndex(Hop x, Hop y, Hop rl, Hop ru, Hop cl, Hop cu) {
    return op(OpCode.LEFT_INDEX, x, y, rl, ru, cl, cu);
  }

  public static Hop rightIndex(Hop x, Hop rl, Hop ru, Hop cl, Hop cu, SourcePosition pos) {
    return op(OpCode.RIGHT_INDEX, HopParam.NONE, pos, x, rl, ru, cl, cu);
  }

  public static Hop fill(double v, long rows, long cols) {
    return op(OpCode.FILL, lit(v), lit(rows), lit(cols));
  }

  public static HopDag dag(Hop... roots) {
    return new HopDag(List.of(roots));
  }

  public static ProgramBlock.Basic basic(Hop... roots) {
    return new ProgramBlock.Basic(dag(roots));
  }

  public static ProgramBlock.For forLoop(String var, Hop from, Hop to, boolean parallel,
      ProgramBlock... body) {
    return new ProgramBlock.For(var, dag(from), dag(to), Optional.empty(), List.of(body),
        parallel, Map.of());
  }
}
