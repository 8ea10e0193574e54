package org.planlab.engine.runtime.instructions;

import static org.planlab.engine.runtime.instructions.Operands.matrix;
import static org.planlab.engine.runtime.instructions.Operands.wrap;

import org.planlab.engine.data.Data;
import org.planlab.engine.data.ScalarValue;
import org.planlab.engine.ir.Hop;
import org.planlab.engine.ir.HopParam;
import org.planlab.engine.kernels.DecompositionKernels;
import org.planlab.engine.kernels.LinAlgKernels;
import org.planlab.engine.runtime.ExecutionContext;

/**
 * Linear algebra: SOLVE, INV, CHOLESKY, DET, EIGEN_VALUES, EIGEN_VECTORS, and the results of
 * SVD, LU and QR (each HOP computes its decomposition and keeps the result it stands for).
 */
public final class LinAlgInstruction extends KernelInstruction {

  public LinAlgInstruction(String opcode, Hop hop, int[] inputs, int output) {
    super(opcode, hop, inputs, output);
  }

  @Override
  public Data execute(Data[] in, ExecutionContext ctx) {
    return switch (hop().op()) {
      case SOLVE -> wrap(LinAlgKernels.solve(matrix(in[0]), matrix(in[1]), ctx.pool()));
      case INV -> wrap(LinAlgKernels.inv(matrix(in[0]), ctx.pool()));
      case CHOLESKY -> wrap(LinAlgKernels.cholesky(matrix(in[0])));
      case DET -> ScalarValue.of(LinAlgKernels.det(matrix(in[0])));
      case EIGEN_VALUES -> wrap(LinAlgKernels.eigen(matrix(in[0]))[0]);
      case EIGEN_VECTORS -> wrap(LinAlgKernels.eigen(matrix(in[0]))[1]);
      case SVD -> wrap(DecompositionKernels.svd(matrix(in[0]))[result()]);
      case LU -> wrap(DecompositionKernels.lu(matrix(in[0]))[result()]);
      case QR -> wrap(DecompositionKernels.qr(matrix(in[0]))[result()]);
      default -> throw new IllegalStateException("not a linear-algebra opcode: " + hop().op());
    };
  }

  private int result() {
    return hop().param(HopParam.Decomposition.class).result();
  }
}
