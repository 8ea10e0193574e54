package org.planlab.engine.compile.rewrite;

import java.util.List;
import org.planlab.engine.ir.Hop;
import org.planlab.engine.ir.HopDag;
import org.planlab.engine.ir.HopParam;
import org.planlab.engine.ir.OpCode;
import org.planlab.engine.lang.types.DataType;
import org.planlab.engine.lang.types.ValueType;
import org.planlab.engine.ops.AggregateOp;
import org.planlab.engine.ops.BinaryOp;
import org.planlab.engine.ops.Direction;

/**
 * Eq. (5) of the optimizer paper, "simplify diag aggregates":
 * <ul>
 *   <li>{@code sum(diag(X)) -> trace(X)}, only where X is provably square: diag of a column
 *       vector builds a diagonal matrix, whose sum is the vector's sum, not a trace. Static
 *       rewrites see no sizes, so squareness is shown structurally: {@code A %*% t(A)},
 *       {@code t(A) %*% A}, inv, cholesky, and rand/matrix fills whose row and column count are
 *       the same HOP (after CSE, equal literals are);
 *   <li>{@code trace(X %*% Y) -> sum(X * t(Y))} when the product has no other consumer: the
 *       diagonal of the product needs only the element-wise products (O(mk) instead of
 *       O(mkn)).
 * </ul>
 */
public final class SimplifyDiagAggregates implements StaticRewrite {

  @Override
  public HopDag rewrite(HopDag dag) {
    return BottomUp.rebuild(dag, SimplifyDiagAggregates::apply);
  }

  static Hop apply(Hop h, BottomUp.Uses uses) {
    if (h.op() == OpCode.AGGREGATE
        && h.param().equals(new HopParam.Aggregate(AggregateOp.SUM, Direction.FULL))
        && h.input(0).op() == OpCode.DIAG && provablySquare(h.input(0).input(0))) {
      return Patterns.like(h, OpCode.TRACE, HopParam.NONE, List.of(h.input(0).input(0)));
    }
    if (h.op() == OpCode.TRACE && h.input(0).op() == OpCode.MATMULT && uses.of(h.input(0)) == 1) {
      Hop x = h.input(0).input(0);
      Hop y = h.input(0).input(1);
      Hop ty = new Hop(OpCode.TRANSPOSE, HopParam.NONE, List.of(y), DataType.MATRIX,
          ValueType.DOUBLE, h.position());
      Hop product = new Hop(OpCode.BINARY, new HopParam.Binary(BinaryOp.MULT), List.of(x, ty),
          DataType.MATRIX, ValueType.DOUBLE, h.position());
      return Patterns.like(h, OpCode.AGGREGATE,
          new HopParam.Aggregate(AggregateOp.SUM, Direction.FULL), List.of(product));
    }
    return h;
  }

  static boolean provablySquare(Hop x) {
    return switch (x.op()) {
      case INV, CHOLESKY -> true;
      case MATMULT -> {
        Hop a = x.input(0);
        Hop b = x.input(1);
        yield b.op() == OpCode.TRANSPOSE && b.input(0) == a
            || a.op() == OpCode.TRANSPOSE && a.input(0) == b;
      }
      case RAND -> x.input(0) == x.input(1); // rand(rows, cols, ...)
      case FILL -> x.input(1) == x.input(2); // matrix(value, rows, cols)
      default -> false;
    };
  }
}
