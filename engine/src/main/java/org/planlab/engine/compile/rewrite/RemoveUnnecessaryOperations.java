package org.planlab.engine.compile.rewrite;

import static org.planlab.engine.compile.rewrite.Patterns.isNumber;
import static org.planlab.engine.compile.rewrite.Patterns.sameType;

import java.util.ArrayList;
import java.util.List;
import org.planlab.engine.data.ScalarValue;
import org.planlab.engine.ir.Hop;
import org.planlab.engine.ir.HopDag;
import org.planlab.engine.ir.HopParam;
import org.planlab.engine.ir.OpCode;
import org.planlab.engine.ops.BinaryOp;

/**
 * Eq. (5) of the optimizer paper, "remove unnecessary operations":
 * <ul>
 *   <li>{@code t(t(X)) -> X};
 *   <li>{@code X*1, 1*X, X/1, X+0, 0+X, X-0 -> X}, only when X has the operation's data and value
 *       type (an integer scalar times 1.0 is a double and stays a multiplication; a string plus
 *       0 is a concatenation);
 *   <li>{@code matrix(v, nrow(X), ncol(X)) op X -> v op X} and the mirrored form (SystemDS's
 *       {@code matrix(1,..)/X -> 1/X}); without sizes, the fill is provably of X's shape only
 *       when its dimensions are X's nrow/ncol (another shape could broadcast a vector X);
 *   <li>{@code rand(..., min=a, max=b) * c -> rand(..., min=a*c, max=b*c)} for a uniform rand
 *       with literal bounds, a literal {@code c > 0}, and no other consumer of the rand (with a
 *       fresh seed, two rands would differ).
 * </ul>
 */
public final class RemoveUnnecessaryOperations implements StaticRewrite {

  @Override
  public HopDag rewrite(HopDag dag) {
    return BottomUp.rebuild(dag, RemoveUnnecessaryOperations::apply);
  }

  static Hop apply(Hop h, BottomUp.Uses uses) {
    if (h.op() == OpCode.TRANSPOSE && h.input(0).op() == OpCode.TRANSPOSE) {
      return h.input(0).input(0);
    }
    if (h.op() != OpCode.BINARY) {
      return h;
    }
    BinaryOp op = h.param(HopParam.Binary.class).op();
    Hop a = h.input(0);
    Hop b = h.input(1);
    if (h.valueType().isNumeric()) {
      Hop kept = switch (op) {
        case MULT -> isNumber(b, 1) ? a : isNumber(a, 1) ? b : null;
        case DIV -> isNumber(b, 1) ? a : null;
        case PLUS -> isNumber(b, 0) ? a : isNumber(a, 0) ? b : null;
        case MINUS -> isNumber(b, 0) ? a : null;
        default -> null;
      };
      if (kept != null && sameType(kept, h)) {
        return kept;
      }
    }
    if (fillShapedLike(a, b)) {
      return h.withInputs(List.of(a.input(0), b));
    }
    if (fillShapedLike(b, a)) {
      return h.withInputs(List.of(a, b.input(0)));
    }
    if (op == BinaryOp.MULT) {
      Hop fused = scaledRand(a, b, uses);
      return fused != null ? fused : h;
    }
    return h;
  }

  /**
   * Whether {@code fill} is {@code matrix(v, nrow(x), ncol(x))}: only then is it provably of
   * x's shape (a filled matrix of another shape may broadcast a row or column vector x).
   */
  private static boolean fillShapedLike(Hop fill, Hop x) {
    if (fill.op() != OpCode.FILL || !x.isMatrix()) {
      return false;
    }
    Hop r = fill.input(1);
    Hop c = fill.input(2);
    return r.op() == OpCode.NROW && r.input(0) == x && c.op() == OpCode.NCOL && c.input(0) == x;
  }

  /** rand(min=a, max=b) * c as rand(min=a*c, max=b*c), or null. */
  private static Hop scaledRand(Hop a, Hop b, BottomUp.Uses uses) {
    Hop rand = a.op() == OpCode.RAND ? a : b.op() == OpCode.RAND ? b : null;
    Hop c = rand == a ? b : a;
    if (rand == null || uses.of(rand) != 1 || c.op() != OpCode.LITERAL
        || !uniformWithLiteralBounds(rand)) {
      return null;
    }
    ScalarValue s = c.param(HopParam.Literal.class).value();
    if (!s.valueType().isNumeric() || !(s.asDouble() > 0) || Double.isInfinite(s.asDouble())) {
      return null;
    }
    double k = s.asDouble();
    List<Hop> in = new ArrayList<>(rand.inputs());
    in.set(2, Patterns.literal(ScalarValue.of(value(rand.input(2)) * k), rand.input(2)));
    in.set(3, Patterns.literal(ScalarValue.of(value(rand.input(3)) * k), rand.input(3)));
    return rand.withInputs(in);
  }

  private static boolean uniformWithLiteralBounds(Hop rand) {
    Hop pdf = rand.input(6);
    return isNumericLiteral(rand.input(2)) && isNumericLiteral(rand.input(3))
        && pdf.op() == OpCode.LITERAL
        && pdf.param(HopParam.Literal.class).value().asString().equals("uniform");
  }

  private static boolean isNumericLiteral(Hop h) {
    return h.numericLiteral().isPresent();
  }

  private static double value(Hop literal) {
    return literal.param(HopParam.Literal.class).value().asDouble();
  }
}
