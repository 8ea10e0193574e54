package org.planlab.engine.compile.rewrite;

import java.util.List;
import org.planlab.engine.data.ScalarValue;
import org.planlab.engine.ir.Hop;
import org.planlab.engine.ir.HopParam;
import org.planlab.engine.ir.OpCode;
import org.planlab.engine.ops.BinaryOp;

/** Small matchers and builders shared by the algebraic rewrites. */
final class Patterns {
  private Patterns() {
  }

  /** Whether {@code h} is a BINARY HOP of operator {@code op}. */
  static boolean isBinary(Hop h, BinaryOp op) {
    return h.op() == OpCode.BINARY && h.param(HopParam.Binary.class).op() == op;
  }

  /** Whether {@code h} is a numeric literal equal to {@code v}. */
  static boolean isNumber(Hop h, double v) {
    java.util.OptionalDouble s = h.numericLiteral();
    return s.isPresent() && s.getAsDouble() == v;
  }

  /** Whether {@code x} can stand for {@code h}: same data type and value type. */
  static boolean sameType(Hop x, Hop h) {
    return x.dataType() == h.dataType() && x.valueType() == h.valueType();
  }

  /** A new operation of {@code h}'s types and position. */
  static Hop like(Hop h, OpCode op, HopParam p, List<Hop> inputs) {
    return new Hop(op, p, inputs, h.dataType(), h.valueType(), h.position());
  }

  static Hop literal(ScalarValue v, Hop at) {
    return new Hop(OpCode.LITERAL, new HopParam.Literal(v), List.of(),
        org.planlab.engine.lang.types.DataType.SCALAR, v.valueType(), at.position());
  }
}
