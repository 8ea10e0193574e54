package org.planlab.engine.codegen.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import org.junit.jupiter.api.Test;
import org.planlab.engine.matrix.MatrixBlock;

/**
 * A task's copy of a sparse side input reads every cell as the shared view does, in whatever
 * order the cells are asked for: row-major runs of the non-zeros (the Outer template's order),
 * repeats, earlier columns, other rows and zeros.
 */
class SideInputTest {
  private static MatrixBlock sparse(int rows, int cols, double density, long seed) {
    Random r = new Random(seed);
    double[][] v = new double[rows][cols];
    for (double[] row : v) {
      for (int j = 0; j < cols; j++) {
        row[j] = r.nextDouble() < density ? r.nextDouble() - 0.5 : 0;
      }
    }
    MatrixBlock m = MatrixBlock.of(v);
    m.toSparseInPlace();
    assertTrue(m.isSparse());
    return m;
  }

  @Test
  void aTasksCopyReadsAsTheSharedViewInRowOrderAndAnyOther() {
    MatrixBlock m = sparse(40, 300, 0.1, 5);
    SideInput shared = SideInput.of(m);
    SideInput task = shared.forTask();
    // the non-zero pattern in row-major order, with each cell read twice in a row
    for (int i = 0; i < m.rows(); i++) {
      for (int j = 0; j < m.cols(); j++) {
        if (m.get(i, j) != 0) {
          assertEquals(m.get(i, j), task.get(i, j), "(" + i + ", " + j + ")");
          assertEquals(m.get(i, j), task.get(i, j), "(" + i + ", " + j + ") again");
        }
      }
    }
    // random cells: zeros, earlier columns, jumps between rows
    Random r = new Random(9);
    for (int q = 0; q < 20_000; q++) {
      int i = r.nextInt(m.rows());
      int j = r.nextInt(m.cols());
      assertEquals(shared.get(i, j), task.get(i, j), "(" + i + ", " + j + ")");
      assertEquals(m.get(i, j), task.get(i, j), "(" + i + ", " + j + ")");
    }
  }

  /**
   * Dense views of empty blocks (a zero-initialised vector, an unallocated dense block) read
   * zeros from one array of their size, not from a fresh copy per view.
   */
  @Test
  void denseViewsOfEmptyBlocksShareOneZeroArrayOfTheirSize() {
    MatrixBlock column = MatrixBlock.empty(1000, 1, false);
    assertFalse(column.isAllocated());
    SideInput a = SideInput.of(column);
    SideInput b = SideInput.dense(MatrixBlock.empty(1000, 1, true));
    assertSame(a.values(), b.values());
    assertEquals(1000, a.values().length);
    for (int i = 0; i < 1000; i++) {
      assertEquals(0.0, a.get(i, 0));
      assertEquals(0L, Double.doubleToRawLongBits(b.values()[i]));
    }
    SideInput other = SideInput.of(MatrixBlock.empty(3, 4, false));
    assertEquals(12, other.values().length);
    assertEquals(0.0, other.get(2, 3));
  }

  @Test
  void aDenseInputIsItsOwnTaskCopy() {
    SideInput dense = SideInput.of(MatrixBlock.dense(3, 3));
    assertSame(dense, dense.forTask());
  }
}
