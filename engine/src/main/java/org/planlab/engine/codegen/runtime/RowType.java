package org.planlab.engine.codegen.runtime;

/** Output variant of a Row operator (fusion paper, sec. 2.2). */
public enum RowType {
  /** One output row per input row: a vector (m x len) or a scalar (m x 1) per row. */
  NO_AGG,
  /** Column aggregation of a row-aligned vector, {@code colSums(...)}: 1 x len. */
  COL_AGG,
  /** Full aggregation of a row-aligned scalar, {@code sum(...)}: 1 x 1. */
  FULL_AGG,
  /**
   * Column aggregation with transposed input, {@code t(A) %*% B} over row-aligned A and B
   * (e.g. {@code t(X) %*% (w * (X %*% v))}): len(A) x len(B), accumulated as outer products.
   */
  COL_AGG_T
}
