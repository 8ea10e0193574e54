package org.planlab.engine.runtime.instructions;

import static org.planlab.engine.runtime.instructions.Operands.bool;
import static org.planlab.engine.runtime.instructions.Operands.dbl;
import static org.planlab.engine.runtime.instructions.Operands.lng;
import static org.planlab.engine.runtime.instructions.Operands.matrix;
import static org.planlab.engine.runtime.instructions.Operands.str;
import static org.planlab.engine.runtime.instructions.Operands.wrap;

import org.planlab.engine.data.Data;
import org.planlab.engine.data.ScalarValue;
import org.planlab.engine.ir.Hop;
import org.planlab.engine.ir.HopParam;
import org.planlab.engine.kernels.GroupedAggregateKernels;
import org.planlab.engine.kernels.MomentKernels;
import org.planlab.engine.kernels.UniqueKernels;
import org.planlab.engine.matrix.MatrixBlock;
import org.planlab.engine.ops.Distribution;
import org.planlab.engine.ops.GroupFunction;
import org.planlab.engine.runtime.ExecutionContext;

/**
 * The statistics builtins of SystemDS 3.3.0 that planlab runs in CP only: UNIQUE,
 * GROUPED_AGGREGATE, MOMENT, COV, IQM, and the distribution functions CDF and ICDF. An absent
 * weights argument is a scalar input (OpCode's convention) and means all weights 1.
 */
public final class StatisticsInstruction extends Instruction {

  public StatisticsInstruction(String opcode, Hop hop, int[] inputs, int output) {
    super(opcode, hop, inputs, output);
  }

  @Override
  public Data execute(Data[] in, ExecutionContext ctx) {
    return switch (hop().op()) {
      case UNIQUE -> wrap(UniqueKernels.unique(matrix(in[0]),
          UniqueKernels.Dir.of(str(in[1], "dir of unique"))));
      case GROUPED_AGGREGATE -> wrap(GroupedAggregateKernels.aggregate(matrix(in[0]),
          matrix(in[1]), weights(in, 2),
          GroupFunction.of(str(in[3], "fn of aggregate")),
          (int) lng(in[4], "order of aggregate"), lng(in[5], "ngroups of aggregate")));
      case MOMENT -> ScalarValue.of(MomentKernels.moment(matrix(in[0]), weights(in, 1),
          (int) lng(in[2], "the order of moment")));
      case COV -> ScalarValue.of(MomentKernels.cov(matrix(in[0]), matrix(in[1]),
          weights(in, 2)));
      case IQM -> ScalarValue.of(MomentKernels.interQuartileMean(matrix(in[0]),
          weights(in, 1)));
      case CDF -> ScalarValue.of(distribution().cdf(dbl(in[0], "target of cdf"),
          dbl(in[1], "cdf"), dbl(in[2], "cdf"), bool(in[3], "lower.tail of cdf")));
      case ICDF -> ScalarValue.of(distribution().icdf(dbl(in[0], "target of icdf"),
          dbl(in[1], "icdf"), dbl(in[2], "icdf")));
      default -> throw new IllegalStateException("not a statistics opcode: " + hop().op());
    };
  }

  /** The weights at input {@code i}: null for the scalar that stands for all weights 1. */
  private MatrixBlock weights(Data[] in, int i) {
    return hop().input(i).isMatrix() ? matrix(in[i]) : null;
  }

  private Distribution distribution() {
    return hop().param(HopParam.Probability.class).distribution();
  }
}
