package org.planlab.engine.codegen.runtime;

/**
 * Variant of an Outer operator over the non-zeros of X with {@code W = f(X, U V^T)} (fusion
 * paper, sec. 2.2): which product or aggregate consumes the per-cell value w.
 */
public enum OuterType {
  /** {@code t(W) %*% U}: n x k, {@code out[j,] += w * U[i,]}. */
  LEFT,
  /** {@code W %*% V}: m x k, {@code out[i,] += w * V[j,]}. */
  RIGHT,
  /** W itself, m x n with X's sparsity pattern (zero where X is zero). */
  CELLWISE,
  /** {@code sum(W)}: 1 x 1. */
  AGG
}
