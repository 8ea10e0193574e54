package org.planlab.engine.codegen.template;

import java.util.Set;
import org.planlab.engine.codegen.memo.MemoTable;
import org.planlab.engine.ir.DataCharacteristics;
import org.planlab.engine.ir.Hop;
import org.planlab.engine.ir.HopParam;
import org.planlab.engine.ir.OpCode;
import org.planlab.engine.ops.AggregateOp;

/** Size and operator predicates shared by the templates and the plan construction. */
public final class Shapes {
  /**
   * Widest side matrix a Row operator multiplies a row with ("skinny matrix-matrix products
   * inside a row", sec. 1): the per-row result vector must stay in the L1 cache.
   */
  public static final int ROW_MAX_SIDE_COLS = 256;

  /**
   * Fewest columns for which a row aggregate or a row-wise broadcast opens a Row operator: its
   * body calls vector primitives once per row, which only pays off over rows of some width;
   * narrower matrices are left to Cell operators and the element-wise kernels.
   */
  public static final int ROW_MIN_COLS = 8;

  /** Largest rank k of an outer-product-like U %*% t(V) that opens an Outer operator. */
  public static final int OUTER_MAX_RANK = 1024;

  private static final Set<AggregateOp> FUSED_AGGREGATES =
      Set.of(AggregateOp.SUM, AggregateOp.SUM_SQ, AggregateOp.MIN, AggregateOp.MAX);

  private Shapes() {
  }

  /** Known dims of a matrix HOP, or null. */
  public static DataCharacteristics dims(Hop h, MemoTable memo) {
    if (!h.isMatrix()) {
      return null;
    }
    DataCharacteristics dc = memo.size(h);
    return dc.dimsKnown() ? dc : null;
  }

  public static boolean sameDims(DataCharacteristics a, DataCharacteristics b) {
    return a != null && b != null && a.rows() == b.rows() && a.cols() == b.cols();
  }

  /** An aggregate the templates can fuse (sum, sumSq, min, max in any direction). */
  public static boolean isFusedAggregate(Hop h) {
    return h.op() == OpCode.AGGREGATE
        && FUSED_AGGREGATES.contains(h.param(HopParam.Aggregate.class).op())
        && h.input(0).isMatrix();
  }

  public static HopParam.Aggregate aggregate(Hop h) {
    return h.param(HopParam.Aggregate.class);
  }

  /**
   * {@code X[, lo:hi]} of a matrix X with known dims: all rows, a column range (Row template,
   * sec. 2.2, as SystemML's Row template fuses column-range indexing).
   */
  public static boolean isColumnSlice(Hop h, MemoTable memo) {
    if (h.op() != OpCode.RIGHT_INDEX || !h.input(0).isMatrix()) {
      return false;
    }
    DataCharacteristics in = dims(h.input(0), memo);
    DataCharacteristics out = dims(h, memo);
    return in != null && out != null && out.rows() == in.rows() && out.cols() <= in.cols();
  }

  /** t(X) of a matrix. */
  public static boolean isTranspose(Hop h) {
    return h.op() == OpCode.TRANSPOSE && h.input(0).isMatrix();
  }
}
