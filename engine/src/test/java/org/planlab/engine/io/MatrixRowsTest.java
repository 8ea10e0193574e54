package org.planlab.engine.io;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.planlab.engine.matrix.MatrixBlock;
import org.planlab.engine.matrix.TestMatrices;

class MatrixRowsTest {

  @Test
  void slicesStackBackToTheOriginalForEveryShapeAndFormat() {
    for (TestMatrices.Case c : TestMatrices.sweep(11)) {
      MatrixBlock m = c.block();
      List<MatrixBlock> parts = new ArrayList<>();
      for (int from = 0; from < m.rows(); from += 17) {
        MatrixBlock s = MatrixRows.slice(m, from, Math.min(m.rows(), from + 17));
        assertEquals(MatrixBlock.preferSparse(s.rows(), s.cols(), s.nnz()), s.isSparse(), c.name());
        parts.add(s);
      }
      MatrixBlock back = parts.isEmpty() ? MatrixBlock.empty(0, m.cols())
          : MatrixRows.rbind(parts, m.cols());
      TestMatrices.assertClose(m, back, 0, c.name());
    }
  }

  @Test
  void sliceOfAnInputLeavesTheInputUnchanged() {
    MatrixBlock m = TestMatrices.random(30, 8, 0.3, 5, true);
    MatrixBlock copy = m.copy();
    MatrixRows.slice(m, 3, 20).set(0, 0, 42);
    TestMatrices.assertClose(copy, m, 0, "input after slicing");
  }

  @Test
  void sliceRejectsARangeOutsideTheMatrix() {
    MatrixBlock m = MatrixBlock.dense(4, 2);
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> MatrixRows.slice(m, 2, 5));
    assertEquals("row range [2, 5) is outside a 4x2 matrix", e.getMessage());
  }

  @Test
  void reblockedSourceReturnsTheRowsOfTheNewBlockSize() throws IOException {
    MatrixBlock m = TestMatrices.random(2345, 6, 0.4, 9, false);
    RowBlocks by300 = RowBlocks.of(m, 300);
    RowBlocks by1000 = RowBlocks.reblocked(by300, 1000);
    assertEquals(3, by1000.blockCount());
    for (int i = 0; i < 3; i++) {
      int from = i * 1000;
      TestMatrices.assertClose(MatrixRows.slice(m, from, Math.min(2345, from + 1000)),
          by1000.block(i), 0, "block " + i);
    }
    TestMatrices.assertClose(m, MatrixRows.readAll(by1000), 0, "all blocks");
  }

  @Test
  void emptySourceHasNoBlocks() throws IOException {
    RowBlocks r = RowBlocks.of(MatrixBlock.empty(0, 5));
    assertEquals(0, r.blockCount());
    MatrixBlock all = MatrixRows.readAll(r);
    assertEquals("0x5", all.shape());
  }
}
