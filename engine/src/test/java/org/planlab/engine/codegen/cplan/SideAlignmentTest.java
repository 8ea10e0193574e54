package org.planlab.engine.codegen.cplan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.planlab.engine.codegen.cplan.CNode.Access;
import org.planlab.engine.codegen.cplan.CNode.Data;
import org.planlab.engine.codegen.cplan.CNode.VecLen;
import org.planlab.engine.codegen.runtime.CellType;
import org.planlab.engine.codegen.runtime.OuterType;
import org.planlab.engine.codegen.runtime.RowType;
import org.planlab.engine.ops.AggregateOp;
import org.planlab.engine.ops.BinaryOp;

/** The part of each side input a block task reads, from how the plan's leaves address it. */
class SideAlignmentTest {
  private static final CNode X = Data.scalar(Access.MAIN, 0);
  private static final CNode XROW = Data.vector(Access.MAIN, 0, VecLen.MAIN);

  private static CNode mult(CNode l, CNode r) {
    return new CNode.Binary(BinaryOp.MULT, l, r);
  }

  @Test
  void cellSidesByCellRowAndColumnAndWholeScalar() {
    CNode out = mult(mult(mult(X, Data.scalar(Access.SIDE_CELL, 0)),
        Data.scalar(Access.SIDE_COL, 1)), mult(Data.scalar(Access.SIDE_ROW, 2),
        Data.scalar(Access.SIDE_SCALAR, 3)));
    CPlan plan = new CPlan.Cell(out, CellType.NO_AGG, AggregateOp.SUM, false, 5, 0);
    assertEquals(Optional.of(List.of(SideAlignment.CELL, SideAlignment.ROWS,
        SideAlignment.COLUMNS, SideAlignment.WHOLE, SideAlignment.NONE)), SideAlignment.of(plan));
  }

  @Test
  void rowSidesAlignedByRowsOrReadWholeAndLengthOnlySidesAreNone() {
    // (X * Y[i,]) %*% V, where side 2 only gives a vector length
    CNode y = Data.vector(Access.SIDE_ROW_VECTOR, 0, VecLen.MAIN);
    CNode v = Data.vector(Access.SIDE_VECTOR, 2, VecLen.side(2));
    CNode row = new CNode.MatVec(mult(XROW, y), 1);
    CPlan plan = new CPlan.Row(new CNode.Binary(BinaryOp.PLUS, row, row), RowType.NO_AGG, 2, 3,
        0);
    assertEquals(Optional.of(List.of(SideAlignment.ROWS, SideAlignment.WHOLE,
        SideAlignment.NONE)), SideAlignment.of(plan));
    CPlan dot = new CPlan.Row(new CNode.Dot(XROW, v), RowType.NO_AGG, 0, 3, 0);
    assertEquals(Optional.of(List.of(SideAlignment.NONE, SideAlignment.NONE,
        SideAlignment.WHOLE)), SideAlignment.of(dot));
  }

  @Test
  void outerReadsUByBlockRowAndVByBlockColumn() {
    CNode u = Data.vector(Access.OUTER_U, 0, VecLen.side(0));
    CNode v = Data.vector(Access.OUTER_V, 1, VecLen.side(1));
    CPlan plan = new CPlan.Outer(mult(X, new CNode.Dot(u, v)), OuterType.AGG, 3, 0);
    List<SideAlignment> a = SideAlignment.of(plan).orElseThrow();
    assertEquals(List.of(SideAlignment.ROWS, SideAlignment.ROWS_OF_COLUMNS, SideAlignment.NONE),
        a);
    assertTrue(a.get(0).aligned() && a.get(1).aligned());
    assertFalse(a.get(2).aligned() || SideAlignment.WHOLE.aligned());
  }

  @Test
  void aSideAddressedTwoWaysHasNoBlockForm() {
    CNode out = mult(Data.scalar(Access.SIDE_CELL, 0), Data.scalar(Access.SIDE_COL, 0));
    CPlan cell = new CPlan.Cell(mult(X, out), CellType.NO_AGG, AggregateOp.SUM, false, 1, 0);
    assertEquals(Optional.empty(), SideAlignment.of(cell));
    CPlan multiAgg = new CPlan.MAgg(List.of(mult(X, Data.scalar(Access.SIDE_CELL, 0)),
        mult(X, Data.scalar(Access.SIDE_ROW, 0))), List.of(AggregateOp.SUM, AggregateOp.SUM),
        true, 1, 0);
    assertEquals(Optional.empty(), SideAlignment.of(multiAgg));
  }
}
