package org.planlab.engine.codegen.runtime;

/** Aggregation variant of a Cell operator (fusion paper, sec. 2.2, "template variants"). */
public enum CellType {
  /** One output cell per input cell, e.g. {@code X + Y}. */
  NO_AGG,
  /** One value per row, e.g. {@code rowSums(X + Y)}: an m x 1 output. */
  ROW_AGG,
  /** One value per column, e.g. {@code colSums(X + Y)}: a 1 x n output. */
  COL_AGG,
  /** One value, e.g. {@code sum(X + Y)}: a 1 x 1 output. */
  FULL_AGG
}
