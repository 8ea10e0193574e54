package org.planlab.engine.compile.rewrite;

import java.util.List;
import java.util.Optional;
import org.planlab.engine.data.ScalarValue;
import org.planlab.engine.ir.Hop;
import org.planlab.engine.ir.HopDag;
import org.planlab.engine.ir.HopParam;
import org.planlab.engine.ir.OpCode;
import org.planlab.engine.kernels.BinaryOp;
import org.planlab.engine.kernels.UnaryOp;
import org.planlab.engine.lang.types.ValueType;

/**
 * Constant folding (optimizer paper, sec. 3.1): a scalar operation over literal inputs becomes
 * a literal. Values follow the runtime's scalar semantics (runtime.instructions.ScalarOps)
 * exactly: {@link BinaryOp#apply} and
 * {@link UnaryOp#apply} on doubles; integer (or boolean) operands stay integer for
 * {@code + - * %/% %% min max} when the result is integral; {@code / ^ log} give doubles;
 * comparisons and logical operators give booleans (two strings compare lexicographically);
 * {@code +} with a string concatenates the operands' text; unary minus, abs and sign keep
 * integers. A fold is only made when that value's type is the HOP's value type (which
 * validation inferred), so folding never changes a type; otherwise, and for string operations
 * the runtime rejects, the HOP stays for the runtime to evaluate (or report). Nondeterministic
 * operations (rand, sample, time) are never among the folded opcodes. {@code as.scalar} of a
 * scalar and {@code ifelse} over a literal condition select their input.
 */
public final class ConstantFolding implements StaticRewrite {
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
    ScalarValue v = switch (h.op()) {
      case BINARY -> binary(h.param(HopParam.Binary.class).op(), value(h.input(0)),
          value(h.input(1)));
      case NARY_MINMAX -> nary(h);
      case UNARY -> unary(h.param(HopParam.Unary.class).op(), value(h.input(0)));
      case CAST_VALUE -> cast(value(h.input(0)), h.param(HopParam.Cast.class).to());
      default -> null;
    };
    return v != null && v.valueType() == h.valueType() ? Optional.of(v) : Optional.empty();
  }

  /** {@code a op b} as the runtime computes it, or null where the runtime would fail. */
  static ScalarValue binary(BinaryOp op, ScalarValue a, ScalarValue b) {
    boolean strings = a.valueType() == ValueType.STRING || b.valueType() == ValueType.STRING;
    if (op == BinaryOp.PLUS && strings) {
      return ScalarValue.of(a.asString() + b.asString());
    }
    boolean bothStrings = a.valueType() == ValueType.STRING && b.valueType() == ValueType.STRING;
    switch (op) {
      case EQ, NEQ, LT, LE, GT, GE:
        if (bothStrings) {
          return ScalarValue.of(compare(op, a.asString().compareTo(b.asString())));
        }
        return strings ? null : ScalarValue.of(op.apply(a.asDouble(), b.asDouble()) != 0);
      case AND:
        return strings ? null : ScalarValue.of(a.asBoolean() && b.asBoolean());
      case OR:
        return strings ? null : ScalarValue.of(a.asBoolean() || b.asBoolean());
      default:
        break;
    }
    if (strings) {
      return null;
    }
    double r = op.apply(a.asDouble(), b.asDouble());
    if (integral(a) && integral(b) && keepsIntegers(op) && r == Math.rint(r)
        && Math.abs(r) < 0x1p63) {
      return ScalarValue.of((long) r);
    }
    return ScalarValue.of(r);
  }

  private static ScalarValue nary(Hop h) {
    BinaryOp op = h.param(HopParam.Binary.class).op();
    ScalarValue acc = value(h.input(0));
    for (int i = 1; i < h.inputs().size() && acc != null; i++) {
      acc = binary(op, acc, value(h.input(i)));
    }
    return acc;
  }

  private static ScalarValue unary(UnaryOp op, ScalarValue a) {
    if (!a.valueType().isNumeric()) {
      return null;
    }
    return switch (op) {
      case NOT -> ScalarValue.of(!a.asBoolean());
      case ISNAN -> ScalarValue.of(Double.isNaN(a.asDouble()));
      case NEG, ABS, SIGN -> integral(a) ? ScalarValue.of((long) op.apply(a.asDouble()))
          : ScalarValue.of(op.apply(a.asDouble()));
      default -> ScalarValue.of(op.apply(a.asDouble()));
    };
  }

  private static ScalarValue cast(ScalarValue v, ValueType to) {
    if (!v.valueType().isNumeric()) {
      return null; // parsing strings is the runtime's (it reports unparsable ones)
    }
    return switch (to) {
      case DOUBLE -> ScalarValue.of(v.asDouble());
      case INTEGER -> ScalarValue.of(v.asLong());
      case BOOLEAN -> ScalarValue.of(v.asBoolean());
      default -> null;
    };
  }

  private static boolean compare(BinaryOp op, int c) {
    return switch (op) {
      case EQ -> c == 0;
      case NEQ -> c != 0;
      case LT -> c < 0;
      case LE -> c <= 0;
      case GT -> c > 0;
      default -> c >= 0;
    };
  }

  private static boolean integral(ScalarValue v) {
    return v.valueType() == ValueType.INTEGER || v.valueType() == ValueType.BOOLEAN;
  }

  private static boolean keepsIntegers(BinaryOp op) {
    return switch (op) {
      case PLUS, MINUS, MULT, INTDIV, MOD, MIN, MAX -> true;
      default -> false;
    };
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
