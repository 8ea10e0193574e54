package org.planlab.engine.codegen.cplan;

import java.util.List;
import java.util.Objects;
import org.planlab.engine.codegen.runtime.CellType;
import org.planlab.engine.codegen.runtime.OuterType;
import org.planlab.engine.codegen.runtime.RowType;
import org.planlab.engine.ops.AggregateOp;

/**
 * The code generation plan of one fused operator (fusion paper, sec. 2.2): a template node
 * with its variant and the DAG of {@link CNode}s it evaluates per cell or per row. Plans are
 * records with structural equality and hash, so they are their own operator-cache key; input
 * positions, not HOPs, appear in them, so equal computations over different data share one
 * compiled class.
 *
 * <p>Inputs at run time: the main input (the operator's first input), then {@code sides}
 * side inputs (matrices), and {@code scalars} scalar values. For Outer, side inputs 0 and 1
 * are U and V.
 */
public sealed interface CPlan {

  /** Number of matrix side inputs. */
  int sides();

  /** Number of scalar inputs. */
  int scalars();

  /**
   * Cell template: {@code out} per cell, aggregated as {@code type} with {@code agg} (SUM,
   * SUM_SQ, MIN or MAX; ignored for NO_AGG). Sparse-safe plans visit only the main input's
   * non-zeros ({@code out(0, ...) == 0} is guaranteed by construction).
   */
  record Cell(CNode out, CellType type, AggregateOp agg, boolean sparseSafe, int sides,
      int scalars) implements CPlan {
    public Cell {
      Objects.requireNonNull(out, "out is null");
      Objects.requireNonNull(type, "type is null");
      Objects.requireNonNull(agg, "agg is null");
      if (out.isVector()) {
        throw new IllegalArgumentException("a Cell plan computes a scalar per cell");
      }
    }
  }

  /**
   * Multi-aggregate template: several full aggregates over the same cells (shared main
   * input), one output cell each (a 1 x k result).
   */
  record MAgg(List<CNode> outs, List<AggregateOp> aggs, boolean sparseSafe, int sides,
      int scalars) implements CPlan {
    public MAgg {
      outs = List.copyOf(outs);
      aggs = List.copyOf(aggs);
      if (outs.isEmpty() || outs.size() != aggs.size()) {
        throw new IllegalArgumentException("need one aggregate per output, got " + outs.size()
            + " outputs and " + aggs.size() + " aggregates");
      }
    }
  }

  /**
   * Row template: {@code out} per row of the main input, written or aggregated as {@code type};
   * for {@link RowType#COL_AGG_T} the root is a {@link CNode.OuterAdd}. {@code vectorTemps} is
   * how many vector intermediates one row needs (the size of the per-thread ring buffer).
   * {@code widthHint} is the main input's column count where it was known and small when the
   * plan was built, else 0: the generated code speculates on it (any width still computes the
   * same values).
   */
  record Row(CNode out, RowType type, int vectorTemps, int sides, int scalars, int widthHint)
      implements CPlan {
    /** The widest main input a plan is specialized for. */
    public static final int MAX_WIDTH_HINT = 32;

    public Row {
      Objects.requireNonNull(out, "out is null");
      Objects.requireNonNull(type, "type is null");
      if ((type == RowType.COL_AGG_T) != (out instanceof CNode.OuterAdd)) {
        throw new IllegalArgumentException("COL_AGG_T plans (and only they) end in OuterAdd");
      }
      if (vectorTemps < 0) {
        throw new IllegalArgumentException("vectorTemps must be >= 0, was " + vectorTemps);
      }
      if (widthHint < 0 || widthHint > MAX_WIDTH_HINT) {
        throw new IllegalArgumentException("widthHint must be in [0, " + MAX_WIDTH_HINT
            + "], was " + widthHint);
      }
    }

    /** A plan for main inputs of any width (no width hint). */
    public Row(CNode out, RowType type, int vectorTemps, int sides, int scalars) {
      this(out, type, vectorTemps, sides, scalars, 0);
    }
  }

  /**
   * Outer template: per non-zero {@code X[i,j]} the scalar {@code out} (reading U[i,] and
   * V[j,] through {@link CNode.Access#OUTER_U}/{@link CNode.Access#OUTER_V}), consumed as
   * {@code type} says.
   */
  record Outer(CNode out, OuterType type, int sides, int scalars) implements CPlan {
    public Outer {
      Objects.requireNonNull(out, "out is null");
      Objects.requireNonNull(type, "type is null");
      if (out.isVector()) {
        throw new IllegalArgumentException("an Outer plan computes a scalar per cell");
      }
      if (sides < 2) {
        throw new IllegalArgumentException("an Outer plan has at least U and V as side inputs");
      }
    }
  }
}
