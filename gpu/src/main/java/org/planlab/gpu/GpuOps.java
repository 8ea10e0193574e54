package org.planlab.gpu;

import java.util.EnumSet;
import java.util.Set;
import org.planlab.engine.codegen.FusedOp;
import org.planlab.engine.ir.Hop;
import org.planlab.engine.ir.HopParam;
import org.planlab.engine.ops.AggregateOp;
import org.planlab.engine.ops.BinaryOp;
import org.planlab.engine.ops.UnaryOp;
import org.planlab.gpu.cuda.CudaSource;

/**
 * The operations the GPU backend runs (MEMPHIS sec. 2.3: compute-intensive, dense operations go
 * to the device): matrix multiply in every physical form (cuBLAS {@code dgemm}, {@code dsyrk}
 * for tsmm, cuSPARSE for a sparse left input), transpose, element-wise binary operations
 * (matrix-matrix, matrix-vector broadcast, matrix-scalar) and unary operations, sum/sum of
 * squares/min/max/mean aggregates in every direction, and the generated fused Cell and Row
 * operators (fusion paper sec. 2, emitted as CUDA source) except those with cbind rows. One
 * list for every device: the simulated device simulates what the real one runs, so placement
 * is the same on both.
 */
public final class GpuOps {
  /** Element-wise unary operations with a device kernel. */
  public static final Set<UnaryOp> UNARY = EnumSet.allOf(UnaryOp.class);

  /** Element-wise binary operations with a device kernel. */
  public static final Set<BinaryOp> BINARY = EnumSet.allOf(BinaryOp.class);

  /** Aggregates with a device kernel (their partials combine by a tree reduction). */
  public static final Set<AggregateOp> AGGREGATES = EnumSet.of(AggregateOp.SUM,
      AggregateOp.SUM_SQ, AggregateOp.MIN, AggregateOp.MAX, AggregateOp.MEAN);

  private GpuOps() {
  }

  /** Whether a device kernel runs {@code hop}. */
  public static boolean supports(Hop hop) {
    return switch (hop.op()) {
      case UNARY -> hop.isMatrix() && hop.inputs().size() == 1
          && hop.param() instanceof HopParam.Unary u && UNARY.contains(u.op());
      case BINARY -> hop.isMatrix() && hop.inputs().size() == 2
          && hop.param() instanceof HopParam.Binary b && BINARY.contains(b.op());
      case AGGREGATE -> hop.input(0).isMatrix()
          && AGGREGATES.contains(hop.param(HopParam.Aggregate.class).op());
      case MATMULT, TRANSPOSE -> hop.isMatrix();
      case FUSED -> hop.param(HopParam.Fused.class).operator() instanceof FusedOp f
          && CudaSource.expresses(f.plan());
      default -> false;
    };
  }
}
