package org.planlab.engine.ops;

/** Which cells an aggregate combines: all of them, each row's, or each column's. */
public enum Direction {
  /** All cells into one value: a 1x1 result ({@code sum(X)}). */
  FULL,
  /** Each row into one value: a rows x 1 column vector ({@code rowSums(X)}, {@code rowMaxs(X)}). */
  ROW,
  /** Each column into one value: a 1 x cols row vector ({@code colSums(X)}, {@code colMaxs(X)}). */
  COL
}
