package org.planlab.engine.kernels;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.planlab.engine.kernels.ReorgTestSupport.assertResult;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.planlab.engine.matrix.MatrixBlock;
import org.planlab.engine.matrix.TestMatrices;
import org.planlab.engine.parallel.KernelPool;

class IndexingKernelsTest {

  /** 0-based half-open ranges {r0, r1, c0, c1} that fit an m x n matrix. */
  private static List<int[]> rangesFor(int m, int n) {
    List<int[]> out = new ArrayList<>();
    out.add(new int[] {0, m, 0, n});
    out.add(new int[] {m / 3, m - m / 4, n / 4, n - n / 3});
    out.add(new int[] {m / 2, m / 2, 0, n});
    if (m > 0) {
      out.add(new int[] {m - 1, m, 0, n});
    }
    if (n > 0) {
      out.add(new int[] {0, m, n / 2, n / 2 + 1});
      out.add(new int[] {0, m, 1 % n, n});
    }
    return out;
  }

  // ---------------------------------------------------------------- slice

  @Test
  void sliceMatchesReferenceOverSweep() {
    for (TestMatrices.Case c : ReorgTestSupport.sweep(201)) {
      MatrixBlock x = c.block();
      ReorgTestSupport.Snapshot in = ReorgTestSupport.Snapshot.of(x);
      for (int[] g : rangesFor(x.rows(), x.cols())) {
        String what = "slice " + c + " [" + g[0] + "," + g[1] + ")x[" + g[2] + "," + g[3] + ")";
        assertResult(ReorgTestSupport.slice(in.values(), g[0], g[1], g[2], g[3]), g[1] - g[0],
            g[3] - g[2], IndexingKernels.slice(x, g[0], g[1], g[2], g[3]), what);
      }
      in.assertUnchanged("slice " + c);
    }
  }

  /** Large dense inputs on two threads: whole rows, one column, a column range. */
  @Test
  void parallelDenseSliceMatchesReference() {
    MatrixBlock x = TestMatrices.random(70_000, 3, 0.6, 11, false);
    ReorgTestSupport.Snapshot in = ReorgTestSupport.Snapshot.of(x);
    try (KernelPool pool = new KernelPool(2)) {
      for (int[] g : List.of(new int[] {5, 69_990, 0, 3}, new int[] {0, 70_000, 1, 2},
          new int[] {17, 60_017, 1, 3})) {
        String what = "slice [" + g[0] + "," + g[1] + ")x[" + g[2] + "," + g[3] + ")";
        MatrixBlock out = IndexingKernels.slice(x, g[0], g[1], g[2], g[3], pool);
        assertResult(ReorgTestSupport.slice(in.values(), g[0], g[1], g[2], g[3]), g[1] - g[0],
            g[3] - g[2], out, what);
        assertEquals(IndexingKernels.slice(x, g[0], g[1], g[2], g[3]).nnz(), out.nnz(), what);
      }
    }
    in.assertUnchanged("parallel slice");
  }

  @Test
  void sliceOfSparseMatrixStaysSparse() {
    MatrixBlock x = TestMatrices.random(130, 70, 0.05, 3, true);
    assertTrue(IndexingKernels.slice(x, 10, 100, 0, 70).isSparse());
    assertTrue(IndexingKernels.slice(x, 10, 100, 5, 60).isSparse());
  }

  @Test
  void sliceOutOfBoundsShowsTheDmlRange() {
    MatrixBlock x = MatrixBlock.dense(10, 4);
    IndexOutOfBoundsException e = assertThrows(IndexOutOfBoundsException.class,
        () -> IndexingKernels.slice(x, 2, 12, 0, 4));
    assertEquals("index range [3:12, 1:4] is out of bounds for a 10x4 matrix", e.getMessage());
    e = assertThrows(IndexOutOfBoundsException.class,
        () -> IndexingKernels.slice(x, -1, 3, 0, 5));
    assertEquals("index range [0:3, 1:5] is out of bounds for a 10x4 matrix", e.getMessage());
  }

  @Test
  void reversedSliceRangeIsRejected() {
    MatrixBlock x = MatrixBlock.dense(10, 4);
    IndexOutOfBoundsException e = assertThrows(IndexOutOfBoundsException.class,
        () -> IndexingKernels.slice(x, 6, 3, 0, 4));
    assertEquals("index range [7:3, 1:4] is reversed (lower bound after upper bound) for a 10x4"
        + " matrix", e.getMessage());
  }

  // ---------------------------------------------------------------- left indexing

  @Test
  void leftIndexMatrixMatchesReferenceOverSweep() {
    int i = 0;
    for (TestMatrices.Case c : ReorgTestSupport.sweep(202)) {
      MatrixBlock x = c.block();
      ReorgTestSupport.Snapshot in = ReorgTestSupport.Snapshot.of(x);
      for (int[] g : rangesFor(x.rows(), x.cols())) {
        int h = g[1] - g[0];
        int w = g[3] - g[2];
        // right-hand sides from all-zero to dense, in every format: zeros overwrite non-zeros
        for (double sp : new double[] {0, 0.05, 1.0}) {
          MatrixBlock y0 = TestMatrices.random(h, w, sp, 1000L + i++, false);
          for (MatrixBlock y : ReorgTestSupport.formats(y0)) {
            double[][] expected = ReorgTestSupport.copy(in.values());
            double[][] b = y.toArray();
            for (int r = 0; r < h; r++) {
              System.arraycopy(b[r], 0, expected[g[0] + r], g[2], w);
            }
            ReorgTestSupport.Snapshot yin = ReorgTestSupport.Snapshot.of(y);
            String what = "leftIndex " + c + " at (" + g[0] + "," + g[2] + ") y=" + y.shape()
                + " sp=" + sp + (y.isSparse() ? " sparse" : " dense");
            assertResult(expected, x.rows(), x.cols(),
                IndexingKernels.leftIndex(x, y, g[0], g[2]), what);
            yin.assertUnchanged(what);
          }
        }
      }
      in.assertUnchanged("leftIndex " + c);
    }
  }

  @Test
  void leftIndexScalarCellMatchesReferenceOverSweep() {
    for (TestMatrices.Case c : ReorgTestSupport.sweep(203)) {
      MatrixBlock x = c.block();
      if (x.cells() == 0) {
        continue;
      }
      ReorgTestSupport.Snapshot in = ReorgTestSupport.Snapshot.of(x);
      int[][] cells = {{0, 0}, {x.rows() - 1, x.cols() - 1}, {x.rows() / 2, x.cols() / 3}};
      for (int[] cell : cells) {
        for (double v : new double[] {0, 4.5, Double.NaN}) {
          double[][] expected = ReorgTestSupport.copy(in.values());
          expected[cell[0]][cell[1]] = v;
          assertResult(expected, x.rows(), x.cols(),
              IndexingKernels.leftIndex(x, v, cell[0], cell[1]),
              "X[" + cell[0] + "," + cell[1] + "] = " + v + " on " + c);
        }
      }
      in.assertUnchanged("cell " + c);
    }
  }

  @Test
  void leftIndexFillMatchesReferenceOverSweep() {
    for (TestMatrices.Case c : ReorgTestSupport.sweep(204)) {
      MatrixBlock x = c.block();
      ReorgTestSupport.Snapshot in = ReorgTestSupport.Snapshot.of(x);
      for (int[] g : rangesFor(x.rows(), x.cols())) {
        for (double v : new double[] {0, -3}) {
          double[][] expected = ReorgTestSupport.copy(in.values());
          for (int r = g[0]; r < g[1]; r++) {
            for (int j = g[2]; j < g[3]; j++) {
              expected[r][j] = v;
            }
          }
          assertResult(expected, x.rows(), x.cols(),
              IndexingKernels.leftIndexFill(x, v, g[0], g[1], g[2], g[3]),
              "fill " + v + " " + c + " [" + g[0] + "," + g[1] + ")x[" + g[2] + "," + g[3] + ")");
        }
      }
      in.assertUnchanged("fill " + c);
    }
  }

  @Test
  void zeroingTheOnlyNonZerosGivesAnEmptyBlock() {
    MatrixBlock x = MatrixBlock.of(new double[][] {{0, 0, 0}, {0, 7, 8}, {0, 0, 0}});
    for (MatrixBlock in : ReorgTestSupport.formats(x)) {
      MatrixBlock y = IndexingKernels.leftIndexFill(in, 0, 1, 2, 1, 3);
      assertEquals(0, y.nnz());
      assertResult(new double[3][3], 3, 3, y, "zeroed");
    }
  }

  @Test
  void leftIndexThatDoesNotFitNamesShapesAndRange() {
    MatrixBlock x = MatrixBlock.dense(10, 4);
    MatrixBlock y = MatrixBlock.dense(3, 4);
    IndexOutOfBoundsException e = assertThrows(IndexOutOfBoundsException.class,
        () -> IndexingKernels.leftIndex(x, y, 8, 0));
    assertEquals("left indexing: a 3x4 right-hand side at [9:11, 1:4] is out of bounds for a"
        + " 10x4 matrix", e.getMessage());
  }

  @Test
  void leftIndexCellOutOfBoundsShowsTheDmlCell() {
    MatrixBlock x = MatrixBlock.dense(10, 4);
    IndexOutOfBoundsException e = assertThrows(IndexOutOfBoundsException.class,
        () -> IndexingKernels.leftIndex(x, 1.0, 2, 4));
    assertEquals("cell [3, 5] is out of bounds for a 10x4 matrix", e.getMessage());
  }

  @Test
  void leftIndexFillOutOfBoundsShowsTheDmlRange() {
    MatrixBlock x = MatrixBlock.dense(10, 4);
    IndexOutOfBoundsException e = assertThrows(IndexOutOfBoundsException.class,
        () -> IndexingKernels.leftIndexFill(x, 1.0, 0, 10, 2, 5));
    assertEquals("index range [1:10, 3:5] is out of bounds for a 10x4 matrix", e.getMessage());
  }
}
