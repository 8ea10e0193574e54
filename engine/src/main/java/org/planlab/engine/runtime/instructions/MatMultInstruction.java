package org.planlab.engine.runtime.instructions;

import static org.planlab.engine.runtime.instructions.Operands.matrix;
import static org.planlab.engine.runtime.instructions.Operands.wrap;

import org.planlab.engine.data.Data;
import org.planlab.engine.ir.Hop;
import org.planlab.engine.kernels.ElementwiseKernels;
import org.planlab.engine.kernels.MMChainKernels;
import org.planlab.engine.kernels.MatMultKernels;
import org.planlab.engine.kernels.TsmmKernels;
import org.planlab.engine.matrix.MatrixBlock;
import org.planlab.engine.ops.BinaryOp;
import org.planlab.engine.runtime.ExecutionContext;

/**
 * Matrix multiplication and the fused physical operators lowering selects by pattern (optimizer
 * paper, sec. 3.3 "physical operator selection"): plain {@code ba+*}, {@code tsmm} (left:
 * t(X)%*%X, right: X%*%t(X)), {@code mmchain} (t(X)%*%(w*(X%*%v)) or t(X)%*%(X%*%v)) and
 * {@code tlmm} (t(X)%*%y without materializing the transpose).
 */
public final class MatMultInstruction extends KernelInstruction {

  /** The physical variant. */
  public enum Kind {
    /** A %*% B: inputs (A, B). */
    MULTIPLY("ba+*"),
    /** t(X) %*% X: input (X). */
    TSMM_LEFT("tsmm"),
    /** X %*% t(X): input (X). */
    TSMM_RIGHT("tsmm_right"),
    /** t(X) %*% (X %*% v): inputs (X, v). */
    MMCHAIN_XTXV("mmchain"),
    /** t(X) %*% (w * (X %*% v)): inputs (X, v, w). */
    MMCHAIN_XTWXV("mmchain_w"),
    /** t(X) %*% y: inputs (X, y). */
    TRANSPOSE_LEFT("tlmm");

    private final String opcode;

    Kind(String opcode) {
      this.opcode = opcode;
    }

    public String opcode() {
      return opcode;
    }
  }

  private final Kind kind;

  public MatMultInstruction(Kind kind, Hop hop, int[] inputs, int output) {
    super(kind.opcode(), hop, inputs, output);
    this.kind = kind;
  }

  public Kind kind() {
    return kind;
  }

  @Override
  public Data execute(Data[] in, ExecutionContext ctx) {
    MatrixBlock x = matrix(in[0]);
    return wrap(switch (kind) {
      case MULTIPLY -> MatMultKernels.multiply(x, matrix(in[1]), ctx.pool());
      case TSMM_LEFT -> TsmmKernels.tsmm(x, true, ctx.pool());
      case TSMM_RIGHT -> TsmmKernels.tsmm(x, false, ctx.pool());
      case TRANSPOSE_LEFT -> MatMultKernels.transposeLeftMultiply(x, matrix(in[1]), ctx.pool());
      case MMCHAIN_XTXV -> chain(x, matrix(in[1]), null, ctx);
      case MMCHAIN_XTWXV -> chain(x, matrix(in[1]), matrix(in[2]), ctx);
    });
  }

  /**
   * mmchain needs v and w to be column vectors of matching length; sizes may have been unknown
   * when the pattern was chosen, so other shapes take the unfused route (same result).
   */
  private static MatrixBlock chain(MatrixBlock x, MatrixBlock v, MatrixBlock w,
      ExecutionContext ctx) {
    boolean fusable = v.cols() == 1 && v.rows() == x.cols()
        && (w == null || (w.cols() == 1 && w.rows() == x.rows()));
    if (fusable) {
      return MMChainKernels.mmchain(x, v, w, ctx.pool());
    }
    MatrixBlock xv = MatMultKernels.multiply(x, v, ctx.pool());
    if (w != null) {
      xv = ElementwiseKernels.binary(w, xv, BinaryOp.MULT, ctx.pool());
    }
    return MatMultKernels.transposeLeftMultiply(x, xv, ctx.pool());
  }
}
