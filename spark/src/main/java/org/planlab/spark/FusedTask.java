package org.planlab.spark;

import java.io.Serializable;
import java.util.Arrays;
import java.util.Objects;
import org.planlab.engine.codegen.runtime.CellType;
import org.planlab.engine.codegen.runtime.OuterType;
import org.planlab.engine.codegen.runtime.RowType;
import org.planlab.engine.codegen.runtime.SpoofOperator;
import org.planlab.engine.codegen.runtime.SpoofResult;
import org.planlab.engine.matrix.MatrixBlock;
import org.planlab.engine.parallel.KernelPool;

/**
 * What a Spark task needs to run one generated fused operator on one unit of the main input
 * (fusion paper, sec. 2.1 and 5.5): the generated class's name and source — generated code
 * only, never script text — and its cache key, the template and its variant (which decide the
 * output dims of a unit), the full output dims, and the scalar inputs as values. The executor
 * gets the compiled class from {@link ExecutorOperators} and runs the engine's skeleton over
 * the unit with block-local indexes, which is why side inputs arrive already cut to the unit
 * ({@link FusedLayout}).
 */
final class FusedTask implements Serializable {
  private static final long serialVersionUID = 1L;
  private final String className;
  private final String source;
  private final String key;
  private final FusedLayout.Template template;
  private final Enum<?> variant;
  private final int[] fullDims;
  private final double[] scalars;

  /**
   * @param variant the plan's CellType, RowType or OuterType (null for MAgg)
   * @param fullDims the output dims of the whole operator (FusedOp.outputDims)
   */
  FusedTask(String className, String source, FusedLayout.Template template, Enum<?> variant,
      int[] fullDims, double[] scalars) {
    this.className = Objects.requireNonNull(className, "className is null");
    this.source = Objects.requireNonNull(source, "source is null");
    this.key = ExecutorOperators.key(className, source);
    this.template = Objects.requireNonNull(template, "template is null");
    this.variant = variant;
    this.fullDims = fullDims.clone();
    this.scalars = scalars.clone();
  }

  String className() {
    return className;
  }

  /** The executors' cache key of the operator ({@link ExecutorOperators#key}). */
  String key() {
    return key;
  }

  /** The output dims of the whole operator. */
  int[] fullDims() {
    return fullDims.clone();
  }

  /**
   * Runs the operator on one unit: {@code inputs[0]} is the main input's block (Row: block
   * row), {@code inputs[1..]} the side inputs cut to it. Runs on executors.
   */
  SpoofResult run(MatrixBlock[] inputs) {
    SpoofOperator op = ExecutorOperators.get(key, className, source);
    int[] dims = unitDims(inputs);
    // one task per core: the skeleton runs sequentially inside it
    return op.execute(Arrays.asList(inputs), scalars, dims[0], dims[1], KernelPool.sequential());
  }

  /** The output dims of one unit: the operator's dims over the unit's rows and columns. */
  private int[] unitDims(MatrixBlock[] in) {
    int m = in[0].rows();
    int n = in[0].cols();
    return switch (template) {
      case CELL -> switch ((CellType) variant) {
        case NO_AGG -> new int[] {m, n};
        case ROW_AGG -> new int[] {m, 1};
        case COL_AGG -> new int[] {1, n};
        case FULL_AGG -> new int[] {1, 1};
      };
      case MAGG -> fullDims.clone();
      case ROW -> variant == RowType.NO_AGG ? new int[] {m, fullDims[1]} : fullDims.clone();
      case OUTER -> {
        int k = in[1].cols();
        yield switch ((OuterType) variant) {
          case RIGHT -> new int[] {m, k};
          case LEFT -> new int[] {n, k};
          case CELLWISE -> new int[] {m, n};
          case AGG -> new int[] {1, 1};
        };
      }
    };
  }
}
