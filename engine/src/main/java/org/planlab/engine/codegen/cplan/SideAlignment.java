package org.planlab.engine.codegen.cplan;

import java.util.Arrays;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Which part of a side input one task of a distributed fused operator reads, when the tasks
 * split the main input into blocks (fusion paper, sec. 2.3 and 5.5: distributed fused
 * operators consolidate their inputs by join and broadcast). Derived from how the generated
 * {@code genexec} addresses each side through {@code SideInput}, with block-local indexes:
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
 * A side addressed in two of these ways has no block-local form, and such an operator cannot
 * run distributed. The distributed backend cuts sides by this; the fusion cost model prices
 * their broadcasts and joins by it.
 */
public enum SideAlignment {
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
  /** The whole matrix, in every task. */
  WHOLE;

  /** Whether a task reads only the part of the side that matches its block. */
  public boolean aligned() {
    return this != NONE && this != WHOLE;
  }

  /** Per side input of {@code plan}, what a task reads; empty when some side has no form. */
  public static Optional<List<SideAlignment>> of(CPlan plan) {
    SideAlignment[] a = new SideAlignment[plan.sides()];
    Arrays.fill(a, NONE);
    boolean[] ok = {true};
    Set<CNode> seen = Collections.newSetFromMap(new IdentityHashMap<>());
    if (plan instanceof CPlan.Cell c) {
      visit(c.out(), a, ok, seen);
    } else if (plan instanceof CPlan.MAgg m) {
      for (CNode out : m.outs()) {
        visit(out, a, ok, seen);
      }
    } else if (plan instanceof CPlan.Row r) {
      visit(r.out(), a, ok, seen);
    } else {
      // Outer: U by the task's block row, V by its block column
      CPlan.Outer o = (CPlan.Outer) plan;
      require(a, 0, ROWS, ok);
      require(a, 1, ROWS_OF_COLUMNS, ok);
      visit(o.out(), a, ok, seen);
    }
    return ok[0] ? Optional.of(List.of(a)) : Optional.empty();
  }

  private static void visit(CNode node, SideAlignment[] a, boolean[] ok, Set<CNode> seen) {
    if (!seen.add(node)) {
      return;
    }
    if (node instanceof CNode.Data d) {
      SideAlignment need = switch (d.access()) {
        case SIDE_CELL -> CELL;
        case SIDE_COL, SIDE_ROW_VECTOR -> ROWS;
        case SIDE_ROW -> COLUMNS;
        case SIDE_SCALAR, SIDE_VECTOR, SIDE_MATRIX -> WHOLE;
        default -> null;
      };
      if (need != null) {
        require(a, d.index(), need, ok);
      }
    } else if (node instanceof CNode.MatVec m) {
      require(a, m.side(), WHOLE, ok);
    }
    for (CNode in : node.inputs()) {
      visit(in, a, ok, seen);
    }
  }

  private static void require(SideAlignment[] a, int side, SideAlignment need, boolean[] ok) {
    if (side < 0 || side >= a.length) {
      ok[0] = false;
    } else if (a[side] == NONE) {
      a[side] = need;
    } else if (a[side] != need) {
      ok[0] = false;
    }
  }
}
