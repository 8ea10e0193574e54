package org.planlab.engine.codegen.runtime;

import java.util.Objects;

/**
 * Skeleton of the Outer template: visits the non-zeros {@code X[i,j]} of the main input X
 * (side inputs 0 and 1 are U, m x k, and V, n x k, both dense) and consumes the per-cell value
 * {@code w = genexec(...)} as {@link OuterType} says.
 */
public abstract class SpoofOuterProduct extends SpoofOperator {
  protected final OuterType type;

  protected SpoofOuterProduct(OuterType type) {
    this.type = Objects.requireNonNull(type, "type is null");
  }

  /**
   * The value w for non-zero {@code a = X[rix, cix]}; {@code u} holds U[rix,] from {@code ui},
   * {@code v} holds V[cix,] from {@code vi}, both of length {@code k}.
   */
  protected abstract double genexec(double a, double[] u, int ui, double[] v, int vi,
      SideInput[] b, double[] scalars, int k, int rix, int cix);
}
