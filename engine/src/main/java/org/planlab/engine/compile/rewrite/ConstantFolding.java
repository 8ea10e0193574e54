package org.planlab.engine.compile.rewrite;

import java.util.List;
import java.util.Optional;
import org.planlab.engine.data.ScalarValue;
import org.planlab.engine.ir.Hop;
import org.planlab.engine.ir.HopDag;
import org.planlab.engine.ir.HopParam;
import org.planlab.engine.ir.OpCode;
import org.planlab.engine.kernels.BinaryOp;
import org.planlab.engine.lang.types.ValueType;

/**
 * Constant folding (optimizer paper, sec. 3.1): a scalar operation over literal inputs becomes
 * a literal of the HOP's value type. Values are computed as the runtime computes scalars, with
 * {@link BinaryOp#apply} and {@link org.planlab.engine.kernels.UnaryOp#apply} on doubles, then
 * typed by the HOP (DML's promotion decided that type: integer stays integer, comparisons are
 * boolean). Not folded, so that nothing is decided twice or differently: integers beyond
 * 2<sup>53</sup> (a double would round them), integer results that are not integral, string
 * operations other than concatenation of non-double values (number formatting is the runtime's),
 * and nondeterministic operations (rand, sample, time are never among the folded opcodes).
 * {@code as.scalar} of a scalar and {@code ifelse} over a literal condition select their input.
 */
public final class ConstantFolding implements StaticRewrite {
  /** Largest magnitude up to which every integer is exact in a double. */
  private static final double EXACT_INTEGERS = 0x1p53;

  @Override
  public HopDag rewrite(HopDag dag) {
    return BottomUp.rebuild(dag, (h, uses) -> fold(h));
  }

  static Hop fold(Hop h) {
    if (!h.isScalar()) {
      return h;
    }
    if (h.op() == OpCode.CAST_SCALAR && h.input(0).isScalar()
        && h.input(0).valueType() == h.valueType()) {
      return h.input(0);
    }
    if (h.op() == OpCode.IFELSE && isLiteral(h.input(0))) {
      ScalarValue c = value(h.input(0));
      Hop chosen = c.valueType().isNumeric() ? h.input(c.asBoolean() ? 1 : 2) : h;
      return chosen.dataType() == h.dataType() && chosen.valueType() == h.valueType() ? chosen : h;
    }
    return evaluate(h).map(v -> literal(v, h)).orElse(h);
  }

  /** The value of {@code h} if it is a foldable operation over literals. */
  static Optional<ScalarValue> evaluate(Hop h) {
    for (Hop in : h.inputs()) {
      if (!isLiteral(in)) {
        return Optional.empty();
      }
    }
    return switch (h.op()) {
      case BINARY -> binary(h.param(HopParam.Binary.class).op(), value(h.input(0)),
          value(h.input(1)), h.valueType());
      case NARY_MINMAX -> nary(h);
      case UNARY -> {
        ScalarValue x = value(h.input(0));
        yield numeric(x) ? typed(h.param(HopParam.Unary.class).op().apply(x.asDouble()),
            h.valueType()) : Optional.empty();
      }
      case CAST_VALUE -> cast(value(h.input(0)), h.param(HopParam.Cast.class).to());
      default -> Optional.empty();
    };
  }

  private static Optional<ScalarValue> binary(BinaryOp op, ScalarValue a, ScalarValue b,
      ValueType type) {
    if (type == ValueType.STRING) {
      boolean concat = op == BinaryOp.PLUS && a.valueType() != ValueType.DOUBLE
          && b.valueType() != ValueType.DOUBLE;
      return concat ? Optional.of(ScalarValue.of(a.asString() + b.asString())) : Optional.empty();
    }
    if (!numeric(a) || !numeric(b)) {
      return Optional.empty();
    }
    return typed(op.apply(a.asDouble(), b.asDouble()), type);
  }

  private static Optional<ScalarValue> nary(Hop h) {
    BinaryOp op = h.param(HopParam.Binary.class).op();
    double acc = 0;
    for (int i = 0; i < h.inputs().size(); i++) {
      ScalarValue v = value(h.input(i));
      if (!numeric(v)) {
        return Optional.empty();
      }
      acc = i == 0 ? v.asDouble() : op.apply(acc, v.asDouble());
    }
    return typed(acc, h.valueType());
  }

  private static Optional<ScalarValue> cast(ScalarValue v, ValueType to) {
    if (!numeric(v)) {
      return Optional.empty();
    }
    return switch (to) {
      case DOUBLE -> Optional.of(ScalarValue.of(v.asDouble()));
      case INTEGER -> Optional.of(ScalarValue.of(v.asLong()));
      case BOOLEAN -> Optional.of(ScalarValue.of(v.asBoolean()));
      default -> Optional.empty();
    };
  }

  /** A computed double as a value of {@code type}, if representable without change. */
  private static Optional<ScalarValue> typed(double r, ValueType type) {
    return switch (type) {
      case DOUBLE -> Optional.of(ScalarValue.of(r));
      case BOOLEAN -> Optional.of(ScalarValue.of(r != 0));
      case INTEGER -> r == Math.rint(r) && Math.abs(r) <= EXACT_INTEGERS
          ? Optional.of(ScalarValue.of((long) r)) : Optional.empty();
      default -> Optional.empty();
    };
  }

  /** A number the double computation represents exactly (integers up to 2^53). */
  private static boolean numeric(ScalarValue v) {
    if (!v.valueType().isNumeric()) {
      return false;
    }
    return v.valueType() != ValueType.INTEGER || Math.abs(v.asLong()) <= (long) EXACT_INTEGERS;
  }

  static boolean isLiteral(Hop h) {
    return h.op() == OpCode.LITERAL;
  }

  static ScalarValue value(Hop literal) {
    return literal.param(HopParam.Literal.class).value();
  }

  private static Hop literal(ScalarValue v, Hop at) {
    return new Hop(OpCode.LITERAL, new HopParam.Literal(v), List.of(), at.dataType(),
        v.valueType(), at.position());
  }
}
