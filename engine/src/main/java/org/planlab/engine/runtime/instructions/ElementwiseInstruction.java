package org.planlab.engine.runtime.instructions;

import static org.planlab.engine.runtime.instructions.Operands.dbl;
import static org.planlab.engine.runtime.instructions.Operands.isMatrix;
import static org.planlab.engine.runtime.instructions.Operands.matrix;
import static org.planlab.engine.runtime.instructions.Operands.scalar;
import static org.planlab.engine.runtime.instructions.Operands.wrap;

import org.planlab.engine.data.Data;
import org.planlab.engine.ir.Hop;
import org.planlab.engine.ir.HopParam;
import org.planlab.engine.kernels.ElementwiseKernels;
import org.planlab.engine.matrix.MatrixBlock;
import org.planlab.engine.ops.BinaryOp;
import org.planlab.engine.ops.ScalarOps;
import org.planlab.engine.ops.UnaryOp;
import org.planlab.engine.runtime.ExecutionContext;

/** Element-wise operators: BINARY, UNARY, IFELSE, NARY_MINMAX, REPLACE. */
public final class ElementwiseInstruction extends KernelInstruction {

  public ElementwiseInstruction(String opcode, Hop hop, int[] inputs, int output) {
    super(opcode, hop, inputs, output);
  }

  @Override
  public Data execute(Data[] in, ExecutionContext ctx) {
    return switch (hop().op()) {
      case BINARY -> binary(hop().param(HopParam.Binary.class).op(), in[0], in[1], ctx);
      case UNARY -> {
        UnaryOp op = hop().param(HopParam.Unary.class).op();
        yield isMatrix(in[0]) ? wrap(ElementwiseKernels.unary(matrix(in[0]), op, ctx.pool()))
            : ScalarOps.unary(op, scalar(in[0], op.symbol()));
      }
      case NARY_MINMAX -> {
        BinaryOp op = hop().param(HopParam.Binary.class).op();
        Data acc = in[0];
        for (int i = 1; i < in.length; i++) {
          acc = binary(op, acc, in[i], ctx);
        }
        yield acc;
      }
      case IFELSE -> ifelse(in, ctx);
      case REPLACE -> wrap(ElementwiseKernels.replace(matrix(in[0]), dbl(in[1], "pattern"),
          dbl(in[2], "replacement"), ctx.pool()));
      default -> throw new IllegalStateException("not an element-wise opcode: " + hop().op());
    };
  }

  static Data binary(BinaryOp op, Data a, Data b, ExecutionContext ctx) {
    boolean ma = isMatrix(a);
    boolean mb = isMatrix(b);
    if (ma && mb) {
      return wrap(ElementwiseKernels.binary(matrix(a), matrix(b), op, ctx.pool()));
    } else if (ma) {
      return wrap(ElementwiseKernels.binary(matrix(a), dbl(b, op.symbol()), op, ctx.pool()));
    } else if (mb) {
      return wrap(ElementwiseKernels.binary(dbl(a, op.symbol()), matrix(b), op, ctx.pool()));
    }
    return ScalarOps.binary(op, scalar(a, op.symbol()), scalar(b, op.symbol()));
  }

  private static Data ifelse(Data[] in, ExecutionContext ctx) {
    if (!isMatrix(in[0])) {
      return scalar(in[0], "ifelse").asBoolean() ? in[1] : in[2];
    }
    MatrixBlock c = matrix(in[0]);
    boolean my = isMatrix(in[1]);
    boolean mn = isMatrix(in[2]);
    MatrixBlock r;
    if (my && mn) {
      r = ElementwiseKernels.ifelse(c, matrix(in[1]), matrix(in[2]), ctx.pool());
    } else if (my) {
      r = ElementwiseKernels.ifelse(c, matrix(in[1]), dbl(in[2], "ifelse"), ctx.pool());
    } else if (mn) {
      r = ElementwiseKernels.ifelse(c, dbl(in[1], "ifelse"), matrix(in[2]), ctx.pool());
    } else {
      r = ElementwiseKernels.ifelse(c, dbl(in[1], "ifelse"), dbl(in[2], "ifelse"), ctx.pool());
    }
    return wrap(r);
  }
}
