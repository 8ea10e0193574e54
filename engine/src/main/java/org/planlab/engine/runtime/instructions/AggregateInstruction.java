package org.planlab.engine.runtime.instructions;

import static org.planlab.engine.runtime.instructions.Operands.isMatrix;
import static org.planlab.engine.runtime.instructions.Operands.matrix;
import static org.planlab.engine.runtime.instructions.Operands.wrap;

import java.util.Arrays;
import org.planlab.engine.data.Data;
import org.planlab.engine.data.ScalarValue;
import org.planlab.engine.ir.Hop;
import org.planlab.engine.ir.HopParam;
import org.planlab.engine.kernels.AggregateKernels;
import org.planlab.engine.kernels.CumulativeKernels;
import org.planlab.engine.matrix.MatrixBlock;
import org.planlab.engine.ops.Direction;
import org.planlab.engine.runtime.ExecutionContext;

/**
 * Aggregates: AGGREGATE, ROW_INDEX_MAX/MIN, CUMULATIVE, TRACE, MEDIAN, QUANTILE. Full
 * aggregates give scalars.
 */
public final class AggregateInstruction extends KernelInstruction {

  public AggregateInstruction(String opcode, Hop hop, int[] inputs, int output) {
    super(opcode, hop, inputs, output);
  }

  @Override
  public Data execute(Data[] in, ExecutionContext ctx) {
    MatrixBlock x = matrix(in[0]);
    return switch (hop().op()) {
      case AGGREGATE -> {
        HopParam.Aggregate p = hop().param(HopParam.Aggregate.class);
        yield p.direction() == Direction.FULL
            ? ScalarValue.of(AggregateKernels.full(x, p.op(), ctx.pool()))
            : wrap(AggregateKernels.aggregate(x, p.op(), p.direction(), ctx.pool()));
      }
      case ROW_INDEX_MAX -> wrap(AggregateKernels.rowIndexMax(x, ctx.pool()));
      case ROW_INDEX_MIN -> wrap(AggregateKernels.rowIndexMin(x, ctx.pool()));
      case TRACE -> ScalarValue.of(AggregateKernels.trace(x));
      case CUMULATIVE -> wrap(switch (hop().param(HopParam.Cumulative.class).kind()) {
        case SUM -> CumulativeKernels.cumsum(x, ctx.pool());
        case PROD -> CumulativeKernels.cumprod(x, ctx.pool());
        case MIN -> CumulativeKernels.cummin(x, ctx.pool());
        case MAX -> CumulativeKernels.cummax(x, ctx.pool());
        case SUMPROD -> CumulativeKernels.cumsumprod(x);
      });
      case MEDIAN -> ScalarValue.of(median(sortedCells(x)));
      case QUANTILE -> quantile(sortedCells(x), in[1]);
      default -> throw new IllegalStateException("not an aggregate opcode: " + hop().op());
    };
  }

  private static double[] sortedCells(MatrixBlock x) {
    if (x.cols() != 1) {
      throw new IllegalArgumentException("median/quantile expect a column vector, got a "
          + x.shape() + " matrix");
    }
    double[] v = new double[x.rows()];
    for (int r = 0; r < v.length; r++) {
      v[r] = x.get(r, 0);
    }
    Arrays.sort(v);
    return v;
  }

  /** The middle value; the mean of the two middle values for an even count (as R). */
  private static double median(double[] v) {
    if (v.length == 0) {
      return Double.NaN;
    }
    int m = v.length / 2;
    return v.length % 2 == 1 ? v[m] : (v[m - 1] + v[m]) / 2;
  }

  /** SystemDS's quantile: the value at sorted position ceil(n * p) (1-based), p in [0, 1]. */
  private static Data quantile(double[] v, Data p) {
    if (!isMatrix(p)) {
      return ScalarValue.of(quantileAt(v, Operands.dbl(p, "quantile")));
    }
    MatrixBlock ps = matrix(p);
    MatrixBlock out = MatrixBlock.dense(ps.rows(), ps.cols());
    for (int r = 0; r < ps.rows(); r++) {
      for (int c = 0; c < ps.cols(); c++) {
        out.set(r, c, quantileAt(v, ps.get(r, c)));
      }
    }
    out.recomputeNonZeros();
    return wrap(out.examSparsity());
  }

  private static double quantileAt(double[] v, double p) {
    if (!(p >= 0 && p <= 1)) {
      throw new IllegalArgumentException("quantile: p must be in [0, 1], was " + p);
    }
    if (v.length == 0) {
      return Double.NaN;
    }
    int pos = (int) Math.ceil(v.length * p);
    return v[Math.max(0, pos - 1)];
  }
}
