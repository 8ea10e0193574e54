package org.planlab.engine.compile.rewrite;

import java.util.List;
import java.util.Optional;
import org.planlab.engine.data.ScalarValue;
import org.planlab.engine.ir.Hop;
import org.planlab.engine.ir.HopDag;
import org.planlab.engine.ir.HopParam;
import org.planlab.engine.ir.OpCode;
import org.planlab.engine.ops.ScalarOps;

/**
 * Constant folding (optimizer paper, sec. 3.1): a scalar operation over literal inputs becomes
 * a literal, computed by the runtime's own scalar semantics ({@link ScalarOps}), so a folded
 * value is exactly what the runtime would compute. A fold is only made when that value's type
 * is the HOP's value type (which validation inferred), so folding never changes a type;
 * otherwise, and for operations the runtime rejects (it throws), the HOP stays for the runtime
 * to evaluate (or report). Nondeterministic operations (rand, sample, time) are never among the
 * folded opcodes. {@code as.scalar} of a scalar and {@code ifelse} over a literal condition
 * select their input.
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
    ScalarValue v;
    try {
      v = switch (h.op()) {
        case BINARY -> ScalarOps.binary(h.param(HopParam.Binary.class).op(), value(h.input(0)),
            value(h.input(1)));
        case NARY_MINMAX -> ScalarOps.nary(h.param(HopParam.Binary.class).op(),
            h.inputs().stream().map(ConstantFolding::value).toList());
        case UNARY -> ScalarOps.unary(h.param(HopParam.Unary.class).op(), value(h.input(0)));
        case CAST_VALUE -> ScalarOps.cast(value(h.input(0)), h.param(HopParam.Cast.class).to());
        default -> null;
      };
    } catch (IllegalArgumentException e) {
      return Optional.empty(); // the runtime rejects it and reports where
    }
    return v != null && v.valueType() == h.valueType() ? Optional.of(v) : Optional.empty();
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
