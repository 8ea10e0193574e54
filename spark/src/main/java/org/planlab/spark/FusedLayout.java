package org.planlab.spark;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.planlab.engine.codegen.cplan.CNode;
import org.planlab.engine.codegen.cplan.CPlan;

/**
 * How the inputs of a fused operator meet block by block on Spark (fusion paper, sec. 2.3 and
 * 5.5: distributed fused operators consolidate their inputs by join and broadcast): which part
 * of each side input a task over one block of the main input reads. Derived from the leaves of
 * the operator's CPlan, i.e. from how the generated {@code genexec} addresses each side input
 * through {@code SideInput} with block-local indexes:
 * <ul>
 *   <li>{@code b[k].get(rix, cix)} (a matrix aligned cell by cell): the co-indexed block;
 *   <li>{@code b[k].get(rix, 0)} and the Row template's {@code b[k].values()} from
 *       {@code rix * b[k].cols()} (rows aligned with the main input's rows): the side's rows of
 *       the task's block row, all columns;
 *   <li>{@code b[k].get(0, cix)} (a row vector aligned by columns): the side's columns of the
 *       task's block column;
 *   <li>the Outer template's V, read at row {@code cix}: V's rows of the task's block column;
 *   <li>{@code b[k].get(0, 0)}, a broadcast vector or the right operand of a vector-matrix
 *       product: the whole side.
 * </ul>
 * A side addressed in two of these ways has no block-local form, and such plans stay in CP.
 */
record FusedLayout(Template template, List<Alignment> sides) {

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

  /** The part of a side input a task reads. */
  enum Alignment {
    /** Never read; only its column count (a vector length) is used. */
    NONE,
    /** The block co-indexed with the main input's block. */
    CELL,
    /** The rows of the task's block row, all columns. */
    ROWS,
    /** The columns of the task's block column, all rows. */
    COLUMNS,
    /** The rows numbered like the task's block column (the Outer template's V), all columns. */
    ROWS_OF_COLUMNS,
    /** The whole matrix. */
    WHOLE
  }

  FusedLayout {
    sides = Collections.unmodifiableList(new ArrayList<>(sides));
  }

  /** The layout of {@code plan}, or empty when some side input has no block-local form. */
  static Optional<FusedLayout> of(CPlan plan) {
    Alignment[] a = new Alignment[plan.sides()];
    Arrays.fill(a, Alignment.NONE);
    Template t;
    List<CNode> roots = new ArrayList<>();
    if (plan instanceof CPlan.Cell c) {
      t = Template.CELL;
      roots.add(c.out());
    } else if (plan instanceof CPlan.MAgg m) {
      t = Template.MAGG;
      roots.addAll(m.outs());
    } else if (plan instanceof CPlan.Row r) {
      t = Template.ROW;
      roots.add(r.out());
    } else {
      CPlan.Outer o = (CPlan.Outer) plan;
      t = Template.OUTER;
      roots.add(o.out());
      a[0] = Alignment.ROWS;
      a[1] = Alignment.ROWS_OF_COLUMNS;
    }
    boolean[] ok = {true};
    Set<CNode> seen = Collections.newSetFromMap(new IdentityHashMap<>());
    for (CNode root : roots) {
      visit(root, a, ok, seen);
    }
    return ok[0] ? Optional.of(new FusedLayout(t, List.of(a))) : Optional.empty();
  }

  private static void visit(CNode node, Alignment[] a, boolean[] ok, Set<CNode> seen) {
    if (!seen.add(node)) {
      return;
    }
    if (node instanceof CNode.Data d) {
      Alignment need = switch (d.access()) {
        case SIDE_CELL -> Alignment.CELL;
        case SIDE_COL, SIDE_ROW_VECTOR -> Alignment.ROWS;
        case SIDE_ROW -> Alignment.COLUMNS;
        case SIDE_SCALAR, SIDE_VECTOR, SIDE_MATRIX -> Alignment.WHOLE;
        default -> null;
      };
      if (need != null) {
        require(a, d.index(), need, ok);
      }
    } else if (node instanceof CNode.MatVec m) {
      require(a, m.side(), Alignment.WHOLE, ok);
    }
    for (CNode in : node.inputs()) {
      visit(in, a, ok, seen);
    }
  }

  private static void require(Alignment[] a, int side, Alignment need, boolean[] ok) {
    if (side < 0 || side >= a.length) {
      ok[0] = false;
    } else if (a[side] == Alignment.NONE) {
      a[side] = need;
    } else if (a[side] != need) {
      ok[0] = false;
    }
  }
}
