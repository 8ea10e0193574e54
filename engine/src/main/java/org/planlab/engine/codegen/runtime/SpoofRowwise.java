package org.planlab.engine.codegen.runtime;

import java.util.Objects;

/**
 * Skeleton of the Row template: calls {@link #genexec} once per row of the main input, with a
 * per-thread {@link VectorBuffer} for row intermediates. The generated body writes its result
 * into {@code c} itself: for NO_AGG, {@code c} is the output's dense values and {@code ci} the
 * row's offset; for the aggregating types, {@code c} is a per-thread accumulator of the whole
 * output (row-major) and {@code ci} is 0, combined by the skeleton.
 */
public abstract class SpoofRowwise extends SpoofOperator {
  protected final RowType type;
  protected final int vectorTemps;
  protected final boolean needsDenseRow;

  /**
   * @param vectorTemps vector intermediates per row (ring-buffer size)
   * @param needsDenseRow whether, for a sparse main input, the body also reads the row as a
   *     dense array ({@code a}); if false only {@code avals/aix} are passed
   */
  protected SpoofRowwise(RowType type, int vectorTemps, boolean needsDenseRow) {
    this.type = Objects.requireNonNull(type, "type is null");
    this.vectorTemps = vectorTemps;
    this.needsDenseRow = needsDenseRow;
  }

  /**
   * The body for row {@code rix}. Dense main input: {@code a} holds it from {@code ai},
   * {@code avals == null}. Sparse main input: {@code avals/aix} from {@code apos}, {@code alen}
   * non-zeros; {@code a} is the row densified (offset {@code ai == 0}) when
   * {@code needsDenseRow}, else null. {@code len} is the main input's column count.
   */
  protected abstract void genexec(double[] a, int ai, double[] avals, int[] aix, int apos,
      int alen, SideInput[] b, double[] scalars, double[] c, int ci, int len, int rix,
      VectorBuffer buf);
}
