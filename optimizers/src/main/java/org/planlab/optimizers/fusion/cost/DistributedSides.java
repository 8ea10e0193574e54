package org.planlab.optimizers.fusion.cost;

import java.util.Arrays;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.planlab.engine.codegen.cplan.CNode;
import org.planlab.engine.codegen.cplan.CPlan;

/**
 * How a fused operator running distributed gets each side input to its tasks, one task per block
 * (or block row) of the main input (fusion paper, sec. 2.3 and 5.5: distributed fused operators
 * consolidate their inputs by join and broadcast). Derived from how the CPlan's leaves address
 * a side, as the distributed backend's operators do:
 * <ul>
 *   <li>a side read cell by cell, by rows (a column vector, the Row template's aligned rows),
 *       by columns (a row vector of a Cell operator), and the Outer template's U and V are
 *       {@link Read#ALIGNED}: each task needs only the part matching its block, so the side is
 *       broadcast when it fits the broadcast budget and joined by block index otherwise;
 *   <li>a side read whole — a 1x1 matrix, the Row template's broadcast row vector and the
 *       right operand of a vector-matrix product — is {@link Read#WHOLE}: every task needs all
 *       of it, so it is always broadcast;
 *   <li>a side never read (only its column count is used) is {@link Read#NONE}.
 * </ul>
 * A side addressed in two of these ways has no block-local form: such an operator cannot run
 * distributed and stays in local memory.
 */
final class DistributedSides {

  /** How a distributed task reads one side input. */
  enum Read {
    /** Never read. */
    NONE,
    /** The part aligned with the task's block: broadcast within the budget, else joined. */
    ALIGNED,
    /** All of it in every task: always broadcast. */
    WHOLE
  }

  /** The finest alignments a side may have; two different ones leave no block-local form. */
  private enum Need { CELL, ROWS, COLUMNS, ROWS_OF_COLUMNS, WHOLE }

  private DistributedSides() {
  }

  /** Per side of {@code plan}, how a task reads it; empty when some side has no block form. */
  static Optional<List<Read>> of(CPlan plan) {
    Need[] need = new Need[plan.sides()];
    boolean[] ok = {true};
    Set<CNode> seen = Collections.newSetFromMap(new IdentityHashMap<>());
    if (plan instanceof CPlan.Cell c) {
      visit(c.out(), need, ok, seen);
    } else if (plan instanceof CPlan.MAgg m) {
      for (CNode out : m.outs()) {
        visit(out, need, ok, seen);
      }
    } else if (plan instanceof CPlan.Row r) {
      visit(r.out(), need, ok, seen);
    } else {
      // Outer: U by the task's block row, V by its block column
      CPlan.Outer o = (CPlan.Outer) plan;
      require(need, 0, Need.ROWS, ok);
      require(need, 1, Need.ROWS_OF_COLUMNS, ok);
      visit(o.out(), need, ok, seen);
    }
    if (!ok[0]) {
      return Optional.empty();
    }
    Read[] reads = new Read[need.length];
    for (int k = 0; k < need.length; k++) {
      reads[k] = need[k] == null ? Read.NONE : need[k] == Need.WHOLE ? Read.WHOLE : Read.ALIGNED;
    }
    return Optional.of(Arrays.asList(reads));
  }

  private static void visit(CNode node, Need[] need, boolean[] ok, Set<CNode> seen) {
    if (!seen.add(node)) {
      return;
    }
    if (node instanceof CNode.Data d) {
      Need n = switch (d.access()) {
        case SIDE_CELL -> Need.CELL;
        case SIDE_COL, SIDE_ROW_VECTOR -> Need.ROWS;
        case SIDE_ROW -> Need.COLUMNS;
        case SIDE_SCALAR, SIDE_VECTOR, SIDE_MATRIX -> Need.WHOLE;
        default -> null;
      };
      if (n != null) {
        require(need, d.index(), n, ok);
      }
    } else if (node instanceof CNode.MatVec m) {
      require(need, m.side(), Need.WHOLE, ok);
    }
    for (CNode in : node.inputs()) {
      visit(in, need, ok, seen);
    }
  }

  private static void require(Need[] need, int side, Need n, boolean[] ok) {
    if (side < 0 || side >= need.length) {
      ok[0] = false;
    } else if (need[side] == null) {
      need[side] = n;
    } else if (need[side] != n) {
      ok[0] = false;
    }
  }
}
