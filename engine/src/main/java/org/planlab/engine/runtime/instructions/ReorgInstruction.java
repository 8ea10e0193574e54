package org.planlab.engine.runtime.instructions;

import static org.planlab.engine.runtime.instructions.Operands.bool;
import static org.planlab.engine.runtime.instructions.Operands.dbl;
import static org.planlab.engine.runtime.instructions.Operands.intArg;
import static org.planlab.engine.runtime.instructions.Operands.isMatrix;
import static org.planlab.engine.runtime.instructions.Operands.matrix;
import static org.planlab.engine.runtime.instructions.Operands.str;
import static org.planlab.engine.runtime.instructions.Operands.wrap;

import java.util.ArrayList;
import java.util.List;
import org.planlab.engine.data.Data;
import org.planlab.engine.data.ListValue;
import org.planlab.engine.ir.Hop;
import org.planlab.engine.kernels.BindKernels;
import org.planlab.engine.kernels.OrderKernels;
import org.planlab.engine.kernels.RemoveEmptyKernels;
import org.planlab.engine.kernels.ReorgKernels;
import org.planlab.engine.kernels.TableKernels;
import org.planlab.engine.matrix.MatrixBlock;
import org.planlab.engine.runtime.ExecutionContext;

/**
 * Reorganisations: TRANSPOSE, REV, DIAG, RESHAPE, ORDER, REMOVE_EMPTY, TABLE, CBIND, RBIND.
 */
public final class ReorgInstruction extends KernelInstruction {

  public ReorgInstruction(String opcode, Hop hop, int[] inputs, int output) {
    super(opcode, hop, inputs, output);
  }

  @Override
  public Data execute(Data[] in, ExecutionContext ctx) {
    return wrap(switch (hop().op()) {
      case TRANSPOSE -> ReorgKernels.transpose(matrix(in[0]), ctx.pool());
      case REV -> ReorgKernels.rev(matrix(in[0]));
      case DIAG -> ReorgKernels.diag(matrix(in[0]));
      case RESHAPE -> ReorgKernels.reshape(matrix(in[0]), intArg(in[1], "rows"),
          intArg(in[2], "cols"), bool(in[3], "byrow"));
      case ORDER -> OrderKernels.order(matrix(in[0]), intArg(in[1], "by"),
          bool(in[2], "decreasing"), bool(in[3], "index.return"), ctx.pool());
      case REMOVE_EMPTY -> removeEmpty(in);
      case TABLE -> table(in);
      case CBIND -> BindKernels.cbind(matrices(in));
      case RBIND -> BindKernels.rbind(matrices(in));
      default -> throw new IllegalStateException("not a reorg opcode: " + hop().op());
    });
  }

  private static MatrixBlock removeEmpty(Data[] in) {
    String margin = str(in[1], "margin");
    boolean rows;
    if (margin.equals("rows")) {
      rows = true;
    } else if (margin.equals("cols")) {
      rows = false;
    } else {
      throw new IllegalArgumentException("removeEmpty: margin must be \"rows\" or \"cols\", was \""
          + margin + "\"");
    }
    // a scalar or a 0x0 matrix marks an absent select
    MatrixBlock select = isMatrix(in[2]) && matrix(in[2]).cells() > 0 ? matrix(in[2]) : null;
    return RemoveEmptyKernels.removeEmpty(matrix(in[0]), rows, select, bool(in[3],
        "empty.return"));
  }

  private static MatrixBlock table(Data[] in) {
    int rows = intArg(in[3], "rows");
    int cols = intArg(in[4], "cols");
    if (isMatrix(in[2])) {
      return TableKernels.table(matrix(in[0]), matrix(in[1]), matrix(in[2]), rows, cols);
    }
    return TableKernels.table(matrix(in[0]), matrix(in[1]), dbl(in[2], "table weight"), rows,
        cols);
  }

  /** The operands as blocks; cbind(L)/rbind(L) of one list binds its elements (SystemDS). */
  private static List<MatrixBlock> matrices(Data[] in) {
    List<Data> values = in.length == 1 && in[0] instanceof ListValue list ? list.values()
        : List.of(in);
    List<MatrixBlock> l = new ArrayList<>(values.size());
    for (Data d : values) {
      if (d instanceof ListValue) {
        throw new IllegalArgumentException("cbind/rbind bind matrices or the elements of one"
            + " list, not nested lists");
      }
      l.add(matrix(d));
    }
    return l;
  }
}
