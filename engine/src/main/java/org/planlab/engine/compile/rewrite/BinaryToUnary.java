package org.planlab.engine.compile.rewrite;

import static org.planlab.engine.compile.rewrite.Patterns.isBinary;

import java.util.List;
import org.planlab.engine.data.ScalarValue;
import org.planlab.engine.ir.Hop;
import org.planlab.engine.ir.HopDag;
import org.planlab.engine.ir.HopParam;
import org.planlab.engine.ir.OpCode;
import org.planlab.engine.lang.types.ValueType;
import org.planlab.engine.ops.BinaryOp;

/**
 * Eq. (5) of the optimizer paper, "binary to unary": operations over one operand twice become
 * operations with a scalar, which are cheaper (one pass, sparse-safe where the original was):
 * <ul>
 *   <li>{@code X+X -> 2*X} (numeric only; for strings + is concatenation);
 *   <li>{@code X*X -> X^2} for matrices and double scalars (^ yields a double at run time, so
 *       an integer {@code i*i} stays a product);
 *   <li>{@code X-X*Y -> X*(1-Y)} (and {@code X-Y*X}) for a matrix result, when {@code X*Y} has
 *       no other consumer (otherwise it is computed anyway and the rewrite adds work).
 * </ul>
 * The new operations keep the original's data and value type.
 */
public final class BinaryToUnary implements StaticRewrite {

  @Override
  public HopDag rewrite(HopDag dag) {
    return BottomUp.rebuild(dag, BinaryToUnary::apply);
  }

  static Hop apply(Hop h, BottomUp.Uses uses) {
    if (h.op() != OpCode.BINARY || !h.valueType().isNumeric()) {
      return h;
    }
    Hop a = h.input(0);
    Hop b = h.input(1);
    if (isBinary(h, BinaryOp.PLUS) && a == b) {
      Hop two = Patterns.literal(ScalarValue.of(2L), h);
      return Patterns.like(h, OpCode.BINARY, new HopParam.Binary(BinaryOp.MULT), List.of(two, a));
    }
    // the runtime computes ^ in doubles: an integer i*i must stay a product to stay an integer
    if (isBinary(h, BinaryOp.MULT) && a == b && h.valueType() == ValueType.DOUBLE) {
      Hop two = Patterns.literal(ScalarValue.of(2L), h);
      return Patterns.like(h, OpCode.BINARY, new HopParam.Binary(BinaryOp.POW), List.of(a, two));
    }
    if (isBinary(h, BinaryOp.MINUS) && h.isMatrix() && isBinary(b, BinaryOp.MULT)
        && uses.of(b) == 1 && (b.input(0) == a || b.input(1) == a)) {
      Hop y = b.input(0) == a ? b.input(1) : b.input(0);
      Hop one = Patterns.literal(ScalarValue.of(1L), h);
      Hop oneMinusY = new Hop(OpCode.BINARY, new HopParam.Binary(BinaryOp.MINUS), List.of(one, y),
          y.dataType(), y.isMatrix() ? ValueType.DOUBLE
              : ValueType.promote(ValueType.INTEGER, y.valueType()), h.position());
      return Patterns.like(h, OpCode.BINARY, new HopParam.Binary(BinaryOp.MULT),
          List.of(a, oneMinusY));
    }
    return h;
  }
}
