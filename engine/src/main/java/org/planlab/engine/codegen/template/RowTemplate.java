package org.planlab.engine.codegen.template;

import org.planlab.engine.codegen.memo.CloseType;
import org.planlab.engine.codegen.memo.MemoEntry;
import org.planlab.engine.codegen.memo.MemoTable;
import org.planlab.engine.codegen.memo.TemplateType;
import org.planlab.engine.ir.DataCharacteristics;
import org.planlab.engine.ir.Hop;
import org.planlab.engine.ir.OpCode;
import org.planlab.engine.ops.Direction;

/**
 * The Row template (fusion paper, sec. 2.2 and 3.2): operations over rows of a main input X
 * (m x n, m > 1) whose intermediates are produced and consumed row-aligned — matrix-vector and
 * skinny matrix-matrix products {@code X %*% V}, row aggregates, element-wise operations with
 * per-row scalars, vectors or side rows — closed by a column or full aggregation or by
 * {@code t(X) %*% (...)} (column aggregation with transposed input). Cell plans at inputs can be
 * merged into it, which covers {@code t(X) %*% (y * z)}. As SystemML's Row template, it also
 * covers column ranges of whole rows ({@code P[, 1:k]} of MLogreg's class probabilities), read
 * from the input's rows in place instead of materialized, and {@code cbind} of row-aligned
 * inputs, among them constant columns {@code matrix(c, rows=m, cols=k)} (MLogreg's
 * {@code cbind(X %*% B, matrix(0, rows=N, cols=1))}), whose rows are the concatenation of the
 * inputs' rows.
 *
 * <p>{@code t(X)} itself opens an entry that is not a valid operator on its own (open invalid):
 * it is the transposed input of a consumer {@code t(X) %*% B}, and the fused operator reads X
 * by rows instead of materializing the transpose.
 */
public final class RowTemplate implements Template {

  @Override
  public TemplateType type() {
    return TemplateType.ROW;
  }

  @Override
  public boolean open(Hop h, MemoTable memo) {
    switch (h.op()) {
      case MATMULT -> {
        return !Shapes.isTranspose(h.input(0)) && isRowMatMult(h, memo);
      }
      case TRANSPOSE -> {
        DataCharacteristics x = Shapes.dims(h.input(0), memo);
        if (x == null || x.rows() <= 1 || !h.input(0).isMatrix()) {
          return false;
        }
        for (Hop c : memo.consumers(h)) {
          if (c.op() == OpCode.MATMULT && c.input(0) == h) {
            return true;
          }
        }
        return false;
      }
      case AGGREGATE -> {
        if (!Shapes.isFusedAggregate(h) || Shapes.aggregate(h).direction() != Direction.ROW) {
          return false;
        }
        DataCharacteristics x = Shapes.dims(h.input(0), memo);
        return x != null && x.rows() > 1 && x.cols() >= Shapes.ROW_MIN_COLS;
      }
      case BINARY -> {
        // X op v with a per-row column vector v: a row-wise broadcast
        DataCharacteristics out = Shapes.dims(h, memo);
        if (out == null || out.rows() <= 1 || out.cols() < Shapes.ROW_MIN_COLS) {
          return false;
        }
        boolean vector = false;
        for (Hop in : h.inputs()) {
          DataCharacteristics d = in.isScalar() ? null : Shapes.dims(in, memo);
          if (in.isScalar()) {
            continue;
          }
          if (d == null) {
            return false;
          }
          if (d.rows() == out.rows() && d.cols() == 1) {
            vector = true;
          } else if (!Shapes.sameDims(d, out)) {
            return false;
          }
        }
        return vector;
      }
      case RIGHT_INDEX -> {
        // P[, 1:k]: a column range of whole rows, read from the input's row in place
        DataCharacteristics x = Shapes.dims(h.input(0), memo);
        return Shapes.isColumnSlice(h, memo) && x.rows() > 1 && x.cols() > 1;
      }
      default -> {
        return false;
      }
    }
  }

  @Override
  public boolean fuse(Hop h, Hop in, MemoTable memo) {
    return memo.hasOpen(in, TemplateType.ROW) && rowAligned(h, in, memo);
  }

  @Override
  public boolean merge(Hop h, Hop in, MemoTable memo) {
    if (Shapes.isTranspose(in)) {
      return memo.hasOpen(in, TemplateType.ROW) && rowAligned(h, in, memo);
    }
    return (memo.hasOpen(in, TemplateType.ROW) || memo.hasOpen(in, TemplateType.CELL))
        && rowAligned(h, in, memo);
  }

  @Override
  public CloseType close(Hop h, MemoEntry e, MemoTable memo) {
    if (h.op() == OpCode.TRANSPOSE) {
      return CloseType.OPEN_INVALID;
    }
    if (h.op() == OpCode.AGGREGATE && Shapes.aggregate(h).direction() != Direction.ROW) {
      return CloseType.CLOSED_VALID;
    }
    if (h.op() == OpCode.MATMULT && Shapes.isTranspose(h.input(0))) {
      // t(X) %*% B is a Row operator only when it reads X by rows, i.e. fuses the transpose
      return e.isRef(0) ? CloseType.CLOSED_VALID : CloseType.CLOSED_INVALID;
    }
    return CloseType.OPEN_VALID;
  }

  /**
   * Whether input {@code in} of {@code h} is consumed row by row: element-wise operations over
   * row-aligned operands, aggregates of a row-aligned input, {@code in %*% V} with a skinny V,
   * and both sides of {@code t(A) %*% B} with row-aligned A and B.
   */
  static boolean rowAligned(Hop h, Hop in, MemoTable memo) {
    DataCharacteristics din = Shapes.dims(in, memo);
    if (Shapes.isTranspose(in)) {
      // only as the transposed left input of t(A) %*% B
      if (h.op() != OpCode.MATMULT || h.input(0) != in) {
        return false;
      }
      DataCharacteristics a = Shapes.dims(in.input(0), memo);
      DataCharacteristics b = Shapes.dims(h.input(1), memo);
      return a != null && b != null && a.rows() == b.rows() && a.rows() > 1
          && Math.min(a.cols(), b.cols()) <= Shapes.ROW_MAX_SIDE_COLS
          && !Shapes.isTranspose(h.input(1));
    }
    if (h.op() == OpCode.TRANSPOSE) {
      // t(A) of a row-aligned A, read by rows by a consumer t(A) %*% B
      if (din == null || din.rows() <= 1) {
        return false;
      }
      for (Hop c : memo.consumers(h)) {
        DataCharacteristics b = c.op() == OpCode.MATMULT && c.input(0) == h
            ? Shapes.dims(c.input(1), memo) : null;
        if (b != null && b.rows() == din.rows()) {
          return true;
        }
      }
      return false;
    }
    if (din == null || din.rows() <= 1) {
      return false;
    }
    long m = din.rows();
    switch (h.op()) {
      case BINARY, UNARY -> {
        DataCharacteristics out = Shapes.dims(h, memo);
        if (out == null || out.rows() != m) {
          return false;
        }
        for (Hop o : h.inputs()) {
          if (o.isScalar()) {
            continue;
          }
          DataCharacteristics d = Shapes.dims(o, memo);
          if (d == null) {
            return false;
          }
          boolean aligned = d.rows() == m && (d.cols() == out.cols() || d.cols() == 1);
          boolean rowVector = d.rows() == 1 && d.cols() == out.cols();
          if (!aligned && !rowVector) {
            return false;
          }
        }
        return true;
      }
      case AGGREGATE -> {
        return Shapes.isFusedAggregate(h);
      }
      case RIGHT_INDEX -> {
        return h.input(0) == in && Shapes.isColumnSlice(h, memo);
      }
      case CBIND -> {
        // every part has the m rows, so row i of the result is the parts' rows i side by side
        DataCharacteristics out = Shapes.dims(h, memo);
        if (out == null || out.rows() != m || out.cols() > Integer.MAX_VALUE) {
          return false;
        }
        for (Hop o : h.inputs()) {
          DataCharacteristics d = o.isMatrix() ? Shapes.dims(o, memo) : null;
          if (d == null || d.rows() != m) {
            return false;
          }
        }
        return true;
      }
      case MATMULT -> {
        if (h.input(0) == in && !Shapes.isTranspose(in)) {
          return isRowMatMult(h, memo);
        }
        if (h.input(1) == in && Shapes.isTranspose(h.input(0))) {
          DataCharacteristics a = Shapes.dims(h.input(0).input(0), memo);
          return a != null && a.rows() == m
              && Math.min(a.cols(), din.cols()) <= Shapes.ROW_MAX_SIDE_COLS;
        }
        return false;
      }
      default -> {
        return false;
      }
    }
  }

  /** {@code X %*% V} with X m x n (m, n > 1) and V n x p, p small: a product inside a row. */
  private static boolean isRowMatMult(Hop h, MemoTable memo) {
    DataCharacteristics x = Shapes.dims(h.input(0), memo);
    DataCharacteristics v = Shapes.dims(h.input(1), memo);
    return x != null && v != null && x.rows() > 1 && x.cols() > 1
        && v.cols() <= Shapes.ROW_MAX_SIDE_COLS && !Shapes.isTranspose(h.input(1));
  }
}
