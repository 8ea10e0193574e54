package org.planlab.engine.codegen.memo;

import org.planlab.engine.ir.Hop;
import org.planlab.engine.ir.HopParam;

/** Short operator names for memo tables and plans, in the style of the paper's figures. */
public final class OpNames {
  private OpNames() {
  }

  /** E.g. {@code ba(+*)}, {@code b(*)}, {@code u(exp)}, {@code ua(R+)}, {@code r(t)}. */
  public static String of(Hop h) {
    return switch (h.op()) {
      case MATMULT -> "ba(+*)";
      case BINARY -> "b(" + h.param(HopParam.Binary.class).op().symbol() + ")";
      case UNARY -> "u(" + h.param(HopParam.Unary.class).op().symbol() + ")";
      case AGGREGATE -> {
        HopParam.Aggregate a = h.param(HopParam.Aggregate.class);
        String dir = switch (a.direction()) {
          case ROW -> "R";
          case COL -> "C";
          case FULL -> "RC";
        };
        yield "ua(" + dir + a.op().name().toLowerCase(java.util.Locale.ROOT) + ")";
      }
      case TRANSPOSE -> "r(t)";
      case RIGHT_INDEX -> "rix";
      case IFELSE -> "t(ifelse)";
      case FUSED -> "spoof(" + h.param(HopParam.Fused.class).operator().describe() + ")";
      default -> h.op().name().toLowerCase(java.util.Locale.ROOT);
    };
  }
}
