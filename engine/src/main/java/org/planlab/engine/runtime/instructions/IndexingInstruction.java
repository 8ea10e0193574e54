package org.planlab.engine.runtime.instructions;

import static org.planlab.engine.runtime.instructions.Operands.isMatrix;
import static org.planlab.engine.runtime.instructions.Operands.matrix;
import static org.planlab.engine.runtime.instructions.Operands.wrap;

import org.planlab.engine.data.Data;
import org.planlab.engine.ir.Hop;
import org.planlab.engine.kernels.IndexingKernels;
import org.planlab.engine.matrix.DimensionMismatchException;
import org.planlab.engine.matrix.MatrixBlock;
import org.planlab.engine.runtime.ExecutionContext;

/**
 * Right indexing {@code X[rl:ru, cl:cu]} and left indexing {@code X[rl:ru, cl:cu] = Y}, with
 * DML's 1-based inclusive bounds checked against X before any kernel runs.
 */
public final class IndexingInstruction extends KernelInstruction {

  public IndexingInstruction(String opcode, Hop hop, int[] inputs, int output) {
    super(opcode, hop, inputs, output);
  }

  @Override
  public Data execute(Data[] in, ExecutionContext ctx) {
    MatrixBlock x = matrix(in[0]);
    int o = hop().op() == org.planlab.engine.ir.OpCode.LEFT_INDEX ? 1 : 0;
    int rl = Operands.intArg(in[1 + o], "row lower bound");
    int ru = Operands.intArg(in[2 + o], "row upper bound");
    int cl = Operands.intArg(in[3 + o], "column lower bound");
    int cu = Operands.intArg(in[4 + o], "column upper bound");
    checkRange(rl, ru, cl, cu, x.rows(), x.cols());
    if (o == 0) {
      return wrap(IndexingKernels.slice(x, rl - 1, ru, cl - 1, cu, ctx.pool()));
    }
    if (!isMatrix(in[1])) {
      double v = Operands.dbl(in[1], "left indexing");
      return wrap(IndexingKernels.leftIndexFill(x, v, rl - 1, ru, cl - 1, cu));
    }
    MatrixBlock y = matrix(in[1]);
    if (y.rows() != ru - rl + 1 || y.cols() != cu - cl + 1) {
      throw DimensionMismatchException.of("left indexing [" + rl + ":" + ru + ", " + cl + ":"
          + cu + "]", x, y, "the right-hand side must be " + (ru - rl + 1) + "x"
          + (cu - cl + 1));
    }
    return wrap(IndexingKernels.leftIndex(x, y, rl - 1, cl - 1));
  }

  /**
   * Checks a 1-based inclusive range [rl:ru, cl:cu] against a rows x cols matrix.
   *
   * @throws IndexOutOfBoundsException naming the range and the shape
   */
  public static void checkRange(long rl, long ru, long cl, long cu, long rows, long cols) {
    if (rl < 1 || ru > rows || rl > ru || cl < 1 || cu > cols || cl > cu) {
      throw new IndexOutOfBoundsException("index out of bounds: [" + rl + ":" + ru + ", " + cl
          + ":" + cu + "] of a " + rows + "x" + cols + " matrix");
    }
  }
}
