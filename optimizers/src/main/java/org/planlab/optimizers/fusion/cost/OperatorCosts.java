package org.planlab.optimizers.fusion.cost;

import org.planlab.engine.codegen.memo.MemoTable;
import org.planlab.engine.codegen.select.CostConstants;
import org.planlab.engine.ir.DataCharacteristics;
import org.planlab.engine.ir.Hop;
import org.planlab.engine.ir.HopParam;
import org.planlab.engine.matrix.MatrixBlock;
import org.planlab.engine.ops.AggregateOp;
import org.planlab.engine.ops.BinaryOp;
import org.planlab.engine.ops.UnaryOp;

/**
 * Sizes and floating-point work of single HOPs, the inputs of the cost model (fusion paper,
 * sec. 4.2): bytes of an output in its estimated in-memory format, and FLOPs per operation with
 * weights for the expensive scalar functions.
 */
final class OperatorCosts {
  /**
   * FLOP weight of exp, log, pow, sigmoid and the trigonometric and hyperbolic functions (tanh,
   * sin, cos, tan, asin, acos, atan, sinh, cosh): a call of {@code Math.exp} etc.
   * takes 10-50 ns, the time of about 100 multiply-adds at the default peak; recomputing one
   * in several fused operators is what makes fuse-all lose on AutoEncoder.
   */
  static final double TRANSCENDENTAL = 100;
  /** FLOP weight of sqrt and division. */
  static final double SQRT_DIV = 4;

  private final MemoTable memo;
  private final CostConstants constants;

  OperatorCosts(MemoTable memo, CostConstants constants) {
    this.memo = memo;
    this.constants = constants;
  }

  CostConstants constants() {
    return constants;
  }

  /** Sparsity of {@code h}'s output (the default when nnz is unknown; 1 for scalars). */
  double sparsity(Hop h) {
    if (h.isScalar()) {
      return 1;
    }
    DataCharacteristics dc = memo.size(h);
    if (!dc.nnzKnown() || dc.cells() <= 0) {
      return constants.defaultSparsity();
    }
    return Math.min(1, (double) dc.nnz() / dc.cells());
  }

  /** Cells of {@code h}'s output (1 for scalars, 0 when unknown). */
  double cells(Hop h) {
    if (h.isScalar()) {
      return 1;
    }
    DataCharacteristics dc = memo.size(h);
    return dc.dimsKnown() ? (double) dc.rows() * dc.cols() : 0;
  }

  /** In-memory bytes of {@code h}'s output. */
  double bytes(Hop h) {
    if (h.isScalar()) {
      return 8;
    }
    DataCharacteristics dc = memo.size(h);
    if (!dc.dimsKnown()) {
      return 0;
    }
    return MatrixBlock.estimateSizeInMemory(dc.rows(), dc.cols(), sparsity(h));
  }

  /** Floating-point work of computing {@code h} once from materialized inputs. */
  double flops(Hop h) {
    return flops(h, false);
  }

  /**
   * {@link #flops(Hop)}, or with {@code dense} the work over all cells: inside a
   * sparsity-exploiting operator the whole operator is scaled once by its driver's sparsity.
   */
  double flops(Hop h, boolean dense) {
    switch (h.op()) {
      case BINARY -> {
        return cells(h) * weight(h.param(HopParam.Binary.class).op());
      }
      case UNARY -> {
        return cells(h) * weight(h.param(HopParam.Unary.class).op());
      }
      case IFELSE, TRANSPOSE -> {
        return cells(h);
      }
      case AGGREGATE -> {
        double w = h.param(HopParam.Aggregate.class).op() == AggregateOp.SUM_SQ ? 2 : 1;
        return cells(h.input(0)) * w;
      }
      case MATMULT -> {
        DataCharacteristics a = memo.size(h.input(0));
        DataCharacteristics b = memo.size(h.input(1));
        if (!a.dimsKnown() || !b.dimsKnown()) {
          return 0;
        }
        // 2 m k n for dense operands, scaled by the sparser operand's sparsity
        double s = dense ? 1 : Math.min(sparsity(h.input(0)), sparsity(h.input(1)));
        return 2.0 * a.rows() * a.cols() * b.cols() * s;
      }
      default -> {
        return cells(h);
      }
    }
  }

  private static double weight(BinaryOp op) {
    return switch (op) {
      case POW, LOG -> TRANSCENDENTAL;
      case DIV, MOD, INTDIV -> SQRT_DIV;
      default -> 1;
    };
  }

  private static double weight(UnaryOp op) {
    return switch (op) {
      case EXP, LOG, SIGMOID, TANH, SIN, COS, TAN, ASIN, ACOS, ATAN, SINH, COSH ->
          TRANSCENDENTAL;
      case SQRT -> SQRT_DIV;
      default -> 1;
    };
  }

  double readSeconds(double bytes) {
    return bytes / constants.readBandwidth();
  }

  /** Seconds a distributed operator takes to read {@code bytes} not broadcast to it. */
  double distributedReadSeconds(double bytes) {
    return bytes / constants.distributedReadBandwidth();
  }

  /**
   * Seconds to broadcast {@code bytes} to the executors: every executor receives a copy (fusion
   * paper, sec. 5.5), each at the broadcast bandwidth.
   */
  double broadcastSeconds(double bytes) {
    return bytes * constants.executors() / constants.broadcastBandwidth();
  }

  /**
   * Seconds to move {@code bytes} once between the driver and the executors (a collect to the
   * driver or a parallelize from it), at the broadcast bandwidth: one copy, where a broadcast
   * sends one per executor.
   */
  double transferSeconds(double bytes) {
    return bytes / constants.broadcastBandwidth();
  }

  double writeSeconds(double bytes) {
    return bytes / constants.writeBandwidth();
  }

  /**
   * Seconds to write {@code h}'s output: sparse outputs are built by row-wise appends of index
   * and value, which run at about a quarter of the dense write bandwidth.
   */
  double writeSeconds(Hop h) {
    double b = bytes(h);
    DataCharacteristics dc = h.isScalar() ? null : memo.size(h);
    boolean sparse = dc != null && dc.dimsKnown()
        && MatrixBlock.preferSparse(dc.rows(), dc.cols(), (long) (cells(h) * sparsity(h)));
    return writeSeconds(b) * (sparse ? SPARSE_WRITE_FACTOR : 1);
  }

  /** Slowdown of building a sparse output over streaming a dense one. */
  static final double SPARSE_WRITE_FACTOR = 4;

  double computeSeconds(double flops) {
    return flops / constants.peakFlops();
  }
}
