package org.planlab.spark;

import java.util.List;
import java.util.Optional;
import org.planlab.engine.codegen.cplan.CPlan;
import org.planlab.engine.codegen.cplan.SideAlignment;

/**
 * How the inputs of a fused operator meet block by block on Spark (fusion paper, sec. 2.3 and
 * 5.5: distributed fused operators consolidate their inputs by join and broadcast): the unit a
 * task works on, which the template decides, and the part of each side input such a task reads
 * ({@link SideAlignment}, the classification the fusion cost model prices as well). A plan with
 * a side addressed in two ways has no layout and stays in CP.
 */
record FusedLayout(Template template, List<SideAlignment> sides) {

  /** The template of the plan, which decides the unit a task works on. */
  enum Template {
    /** Cell: one block of the main input. */
    CELL,
    /** MAgg: one block of the main input. */
    MAGG,
    /** Row: one block row of the main input, all its columns. */
    ROW,
    /** Outer: one block (i, j) of X with U's block row i and V's block row j. */
    OUTER
  }

  FusedLayout {
    sides = List.copyOf(sides);
  }

  /** The layout of {@code plan}, or empty when some side input has no block-local form. */
  static Optional<FusedLayout> of(CPlan plan) {
    Template t = plan instanceof CPlan.Cell ? Template.CELL
        : plan instanceof CPlan.MAgg ? Template.MAGG
        : plan instanceof CPlan.Row ? Template.ROW
        : Template.OUTER;
    return SideAlignment.of(plan).map(a -> new FusedLayout(t, a));
  }
}
