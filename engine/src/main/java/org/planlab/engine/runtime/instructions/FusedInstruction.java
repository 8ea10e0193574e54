package org.planlab.engine.runtime.instructions;

import static org.planlab.engine.runtime.instructions.Operands.matrix;
import static org.planlab.engine.runtime.instructions.Operands.wrap;

import java.util.ArrayList;
import java.util.List;
import org.planlab.engine.codegen.FusedOp;
import org.planlab.engine.codegen.runtime.SpoofResult;
import org.planlab.engine.data.Data;
import org.planlab.engine.data.ScalarValue;
import org.planlab.engine.ir.Hop;
import org.planlab.engine.ir.HopParam;
import org.planlab.engine.matrix.MatrixBlock;
import org.planlab.engine.runtime.ExecutionContext;
import org.planlab.engine.stats.CodegenCounter;

/**
 * Runs a generated fused operator ({@code FUSED} HOP): main and side inputs as matrices, then
 * the scalar inputs; records executions and the work of its body in the statistics.
 */
public final class FusedInstruction extends KernelInstruction {
  private final FusedOp op;

  public FusedInstruction(String opcode, Hop hop, int[] inputs, int output) {
    super(opcode, hop, inputs, output);
    this.op = (FusedOp) hop.param(HopParam.Fused.class).operator();
  }

  @Override
  public Data execute(Data[] in, ExecutionContext ctx) {
    int k = op.matrixInputs();
    List<MatrixBlock> matrices = new ArrayList<>(k);
    for (int i = 0; i < k; i++) {
      matrices.add(matrix(in[i]));
    }
    double[] scalars = new double[in.length - k];
    for (int i = k; i < in.length; i++) {
      scalars[i - k] = Operands.dbl(in[i], "scalar input of a fused operator");
    }
    SpoofResult r = op.execute(matrices, scalars, ctx.pool());
    ctx.statistics().addCodegen(CodegenCounter.FUSED_EXECUTIONS, 1);
    ctx.statistics().addCodegen(CodegenCounter.FUSED_WORK, r.work());
    return hop().isScalar() ? ScalarValue.of(r.output().get(0, 0)) : wrap(r.output());
  }
}
