package org.planlab.engine.codegen.template;

import org.planlab.engine.codegen.memo.CloseType;
import org.planlab.engine.codegen.memo.MemoEntry;
import org.planlab.engine.codegen.memo.MemoTable;
import org.planlab.engine.codegen.memo.TemplateType;
import org.planlab.engine.ir.DataCharacteristics;
import org.planlab.engine.ir.Hop;
import org.planlab.engine.ir.HopParam;
import org.planlab.engine.ir.OpCode;
import org.planlab.engine.ops.AggregateOp;
import org.planlab.engine.ops.BinaryOp;
import org.planlab.engine.ops.Direction;

/**
 * The Outer template (fusion paper, sec. 2.2 and 3.2): opened only on an outer-product-like
 * multiplication {@code U %*% t(V)} (or {@code U %*% H}) of small rank, extended by cell-wise
 * operations over its m x n result, and closed by {@code sum}, by {@code W %*% V} (right) or by
 * {@code t(U) %*% W} / {@code t(W) %*% U} (left).
 *
 * <p>Validity is sparsity exploitation: the operator visits only the non-zeros of a sparse
 * driver X, so its value must be zero wherever X is — there must be a multiply by X (or a
 * division of X) on the path to the root, with only zero-preserving operations after it. An
 * entry before that point is an open-invalid entry point; a root without it is closed invalid.
 */
public final class OuterTemplate implements Template {

  @Override
  public TemplateType type() {
    return TemplateType.OUTER;
  }

  @Override
  public boolean open(Hop h, MemoTable memo) {
    return isOuterProduct(h, memo);
  }

  @Override
  public boolean fuse(Hop h, Hop in, MemoTable memo) {
    if (!memo.hasOpen(in, TemplateType.OUTER)) {
      return false;
    }
    Hop mm = outerProductOf(in, memo);
    if (mm == null) {
      return false;
    }
    DataCharacteristics cells = Shapes.dims(mm, memo);
    switch (h.op()) {
      case BINARY, UNARY -> {
        if (!Shapes.sameDims(Shapes.dims(h, memo), cells)) {
          return false;
        }
        for (Hop o : h.inputs()) {
          if (!o.isScalar() && !Shapes.sameDims(Shapes.dims(o, memo), cells)) {
            return false;
          }
        }
        return true;
      }
      case TRANSPOSE -> {
        return consumedAsLeft(h, mm, memo);
      }
      case AGGREGATE -> {
        HopParam.Aggregate a = Shapes.aggregate(h);
        return a.op() == AggregateOp.SUM && a.direction() == Direction.FULL;
      }
      case MATMULT -> {
        return outerType(h, in, mm) != null;
      }
      default -> {
        return false;
      }
    }
  }

  @Override
  public boolean merge(Hop h, Hop in, MemoTable memo) {
    return false;
  }

  @Override
  public CloseType close(Hop h, MemoEntry e, MemoTable memo) {
    if (isOuterProduct(h, memo) || h.op() == OpCode.TRANSPOSE) {
      return CloseType.OPEN_INVALID;
    }
    if (h.op() == OpCode.AGGREGATE || h.op() == OpCode.MATMULT) {
      Hop w = h.op() == OpCode.MATMULT && Shapes.isTranspose(h.input(0)) && e.isRef(0)
          ? h.input(0).input(0) : fusedInput(h, e);
      return w != null && zeroPreserving(w, memo) ? CloseType.CLOSED_VALID
          : CloseType.CLOSED_INVALID;
    }
    return sparseSafe(h, e, memo) ? CloseType.OPEN_VALID : CloseType.OPEN_INVALID;
  }

  /** The consumer of the Outer chain: LEFT, RIGHT, or null when h is no such product. */
  static org.planlab.engine.codegen.runtime.OuterType outerType(Hop h, Hop in, Hop mm) {
    if (h.op() != OpCode.MATMULT) {
      return null;
    }
    Hop u = mm.input(0);
    // W %*% V (V the right factor): RIGHT
    if (h.input(0) == in && isRightFactor(h.input(1), mm)) {
      return org.planlab.engine.codegen.runtime.OuterType.RIGHT;
    }
    // t(U) %*% W: LEFT, transposed
    if (h.input(1) == in && Shapes.isTranspose(h.input(0)) && h.input(0).input(0) == u) {
      return org.planlab.engine.codegen.runtime.OuterType.LEFT;
    }
    // t(W) %*% U: LEFT
    if (h.input(0) == in && Shapes.isTranspose(in) && h.input(1) == u) {
      return org.planlab.engine.codegen.runtime.OuterType.LEFT;
    }
    return null;
  }

  /** Whether {@code r} is V of {@code U %*% t(V)}, or {@code t(H)} of {@code U %*% H}. */
  static boolean isRightFactor(Hop r, Hop mm) {
    Hop right = mm.input(1);
    if (Shapes.isTranspose(right)) {
      return r == right.input(0);
    }
    return Shapes.isTranspose(r) && r.input(0) == right;
  }

  /** {@code U %*% t(V)} or {@code U %*% H}: m x n (m, n > 1) of rank k < min(m, n). */
  static boolean isOuterProduct(Hop h, MemoTable memo) {
    if (h.op() != OpCode.MATMULT || Shapes.isTranspose(h.input(0))) {
      return false;
    }
    DataCharacteristics out = Shapes.dims(h, memo);
    DataCharacteristics u = Shapes.dims(h.input(0), memo);
    if (out == null || u == null) {
      return false;
    }
    long k = u.cols();
    return out.rows() > 1 && out.cols() > 1 && k <= Shapes.OUTER_MAX_RANK
        && k < Math.min(out.rows(), out.cols());
  }

  /** The outer product at the bottom of the Outer chain through {@code h}, or null. */
  static Hop outerProductOf(Hop h, MemoTable memo) {
    Hop cur = h;
    while (cur != null) {
      if (isOuterProduct(cur, memo)) {
        return cur;
      }
      Hop next = null;
      for (Hop in : cur.inputs()) {
        if (memo.hasOpen(in, TemplateType.OUTER)) {
          next = in;
          break;
        }
      }
      cur = next;
    }
    return null;
  }

  private static boolean consumedAsLeft(Hop t, Hop mm, MemoTable memo) {
    for (Hop c : memo.consumers(t)) {
      if (c.op() == OpCode.MATMULT && c.input(0) == t && c.input(1) == mm.input(0)) {
        return true;
      }
    }
    return false;
  }

  private static Hop fusedInput(Hop h, MemoEntry e) {
    for (int i = 0; i < h.inputs().size(); i++) {
      if (e.isRef(i)) {
        return h.input(i);
      }
    }
    return null;
  }

  /** Whether h's group has a valid open Outer entry (its value is 0 where the driver is). */
  private static boolean zeroPreserving(Hop h, MemoTable memo) {
    return memo.contains(h, x -> x.type() == TemplateType.OUTER
        && x.closed() == CloseType.OPEN_VALID);
  }

  /**
   * Whether entry {@code e} of {@code h} is zero wherever the driver is: a multiply by a
   * materialized m x n matrix (the driver) or by a zero-preserving fused operand; a division of
   * the driver (or of a zero-preserving operand by a scalar); a sparse-safe unary function of a
   * zero-preserving operand. Like SystemDS, {@code X / f} counts as zero where X is, which
   * assumes f is non-zero there (0/0 would be NaN in the unfused plan).
   */
  private static boolean sparseSafe(Hop h, MemoEntry e, MemoTable memo) {
    DataCharacteristics cells = Shapes.dims(h, memo);
    if (h.op() == OpCode.UNARY) {
      return e.isRef(0) && zeroPreserving(h.input(0), memo)
          && h.param(HopParam.Unary.class).op().sparseSafe();
    }
    if (h.op() != OpCode.BINARY) {
      return false;
    }
    BinaryOp op = h.param(HopParam.Binary.class).op();
    if (op == BinaryOp.MULT) {
      for (int i = 0; i < 2; i++) {
        Hop o = h.input(i);
        if (e.isRef(i) ? zeroPreserving(o, memo)
            : !o.isScalar() && Shapes.sameDims(Shapes.dims(o, memo), cells)) {
          return true;
        }
      }
      return false;
    }
    if (op == BinaryOp.DIV) {
      Hop l = h.input(0);
      Hop r = h.input(1);
      if (!e.isRef(0) && !l.isScalar() && Shapes.sameDims(Shapes.dims(l, memo), cells)) {
        return true;
      }
      return e.isRef(0) && zeroPreserving(l, memo) && r.isScalar();
    }
    return false;
  }
}
