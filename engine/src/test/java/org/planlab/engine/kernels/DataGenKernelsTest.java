package org.planlab.engine.kernels;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.Set;
import java.util.SplittableRandom;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.planlab.engine.matrix.MatrixBlock;
import org.planlab.engine.matrix.MatrixComparison;
import org.planlab.engine.matrix.MatrixSizeException;
import org.planlab.engine.matrix.SparseBlockCSR;
import org.planlab.engine.matrix.SparseBlockMCSR;
import org.planlab.engine.matrix.TestMatrices;
import org.planlab.engine.parallel.KernelPool;
import org.planlab.engine.random.BlockRandom;
import org.planlab.engine.random.RandomBlocks;
import org.planlab.engine.random.RandomBlocks.Distribution;

/**
 * seq, rand and sample. The statistical checks double as tests of {@link RandomBlocks}: with
 * fixed seeds they are deterministic, and their bounds (five standard errors, or the 99.9%
 * quantile of chi-square) hold by a wide margin for a correct generator.
 */
class DataGenKernelsTest {
  private static final KernelPool SEQ = KernelPool.sequential();
  private static final KernelPool TWO = new KernelPool(2);

  /** 99.9% quantile of chi-square with 9 degrees of freedom. */
  private static final double CHI2_9DF_999 = 27.877;
  /** 99.9% quantile of chi-square with 19 degrees of freedom. */
  private static final double CHI2_19DF_999 = 43.820;

  @AfterAll
  static void closePool() {
    TWO.close();
  }

  // ---------------------------------------------------------------- seq

  @Test
  void seqDefaultsToUnitStepUpwards() {
    assertSeq(new double[] {1, 2, 3, 4, 5, 6, 7, 8, 9, 10}, DataGenKernels.seq(1, 10));
  }

  @Test
  void seqDefaultsToUnitStepDownwards() {
    assertSeq(new double[] {10, 9, 8, 7, 6, 5, 4, 3, 2, 1}, DataGenKernels.seq(10, 1));
  }

  @Test
  void seqOfTenthsHasElevenElementsEndingAtOne() {
    MatrixBlock s = DataGenKernels.seq(0, 1, 0.1);
    assertEquals(11, s.rows());
    assertEquals(1, s.cols());
    for (int i = 0; i < 11; i++) {
      assertEquals(i * 0.1, s.get(i, 0), 0, "value " + i + " is from + i*incr");
    }
    assertEquals(1.0, s.get(10, 0));
    assertEquals(10, s.nnz()); // the first value is 0
  }

  @Test
  void seqKeepsAnEndPointThatTheQuotientRoundsBelow() {
    // 0.3 / 0.1 = 2.9999999999999996 and 3 * 0.1 = 0.30000000000000004
    MatrixBlock s = DataGenKernels.seq(0, 0.3, 0.1);
    assertSeq(new double[] {0, 0.1, 0.2, 0.3}, s);
    MatrixBlock d = DataGenKernels.seq(0.3, 0, -0.1);
    assertEquals(4, d.rows());
    assertEquals(0.0, d.get(3, 0), 1e-16);
  }

  @Test
  void seqKeepsTheEndPointAfterLargeOffsets() {
    // to - from loses digits: the quotient is 2.9999999998835847, below R's 1e-10 tolerance
    MatrixBlock s = DataGenKernels.seq(10000.02, 10000.05, 0.01);
    assertEquals(4, s.rows());
    assertEquals(10000.05, s.get(3, 0), 1e-9);
    assertTrue(s.get(3, 0) <= 10000.05);
    MatrixBlock d = DataGenKernels.seq(10000.05, 10000.02, -0.01);
    assertEquals(4, d.rows());
    assertTrue(d.get(3, 0) >= 10000.02);
    assertEquals(4, DataGenKernels.seq(1e6, 1e6 + 0.3, 0.1).rows());
  }

  @Test
  void seqStopsBeforeAnEndPointOffTheGrid() {
    MatrixBlock s = DataGenKernels.seq(1, 2, 0.3);
    assertEquals(4, s.rows());
    for (int i = 0; i < 4; i++) {
      assertEquals(1 + i * 0.3, s.get(i, 0), 0);
    }
    assertEquals(1.9, s.get(3, 0), 1e-15);
    assertEquals(2, DataGenKernels.seq(0, 1, 0.6).rows());
  }

  @Test
  void seqWithNegativeIncrement() {
    assertSeq(new double[] {5, 3, 1, -1}, DataGenKernels.seq(5, -1, -2));
    assertSeq(new double[] {5, 3, 1}, DataGenKernels.seq(5, 0, -2));
    assertSeq(new double[] {-1, -1.5, -2}, DataGenKernels.seq(-1, -2, -0.5));
  }

  @Test
  void seqCountsZerosInNnz() {
    MatrixBlock s = DataGenKernels.seq(-1, 1, 0.5);
    assertSeq(new double[] {-1, -0.5, 0, 0.5, 1}, s);
    assertEquals(4, s.nnz());
  }

  @Test
  void seqWithEqualEndPointsIsOneByOne() {
    assertSeq(new double[] {5}, DataGenKernels.seq(5, 5));
    assertSeq(new double[] {5}, DataGenKernels.seq(5, 5, 2));
    assertSeq(new double[] {5}, DataGenKernels.seq(5, 5, -2));
    assertSeq(new double[] {0}, DataGenKernels.seq(0, 0));
  }

  @Test
  void seqIsADenseColumnVector() {
    MatrixBlock s = DataGenKernels.seq(1, 1000);
    assertFalse(s.isSparse());
    assertEquals(1000, s.rows());
    assertEquals(1000, s.nnz());
    assertEquals(1000.0, s.get(999, 0));
  }

  @Test
  void seqRejectsAnIncrementOfTheWrongSign() {
    assertEquals("seq(1, 10, -1): the increment must be positive when from < to",
        assertThrows(IllegalArgumentException.class, () -> DataGenKernels.seq(1, 10, -1))
            .getMessage());
    assertEquals("seq(10, 1, 0.5): the increment must be negative when from > to",
        assertThrows(IllegalArgumentException.class, () -> DataGenKernels.seq(10, 1, 0.5))
            .getMessage());
  }

  @Test
  void seqRejectsAZeroIncrement() {
    assertEquals("seq(1, 10, 0): the increment must not be 0",
        assertThrows(IllegalArgumentException.class, () -> DataGenKernels.seq(1, 10, 0))
            .getMessage());
    assertEquals("seq(3, 3, 0): the increment must not be 0",
        assertThrows(IllegalArgumentException.class, () -> DataGenKernels.seq(3, 3, 0))
            .getMessage());
  }

  @Test
  void seqRejectsNonFiniteArguments() {
    assertEquals("seq(NaN, 10, 1): from, to and incr must be finite numbers",
        assertThrows(IllegalArgumentException.class, () -> DataGenKernels.seq(Double.NaN, 10, 1))
            .getMessage());
    assertThrows(IllegalArgumentException.class,
        () -> DataGenKernels.seq(0, Double.POSITIVE_INFINITY, 1));
  }

  @Test
  void seqTooLongForOneBlockFailsBeforeAllocating() {
    MatrixSizeException e = assertThrows(MatrixSizeException.class,
        () -> DataGenKernels.seq(1, 1e10));
    assertTrue(e.getMessage().startsWith("seq(1, 10000000000, 1) would have 1.0E10 elements"),
        e.getMessage());
  }

  private static void assertSeq(double[] expected, MatrixBlock actual) {
    double[][] col = new double[expected.length][1];
    for (int i = 0; i < expected.length; i++) {
      col[i][0] = expected[i];
    }
    TestMatrices.assertClose(col, actual, 1e-15, "seq");
    assertEquals(1, actual.cols());
  }

  // ---------------------------------------------------------------- rand: determinism

  @Test
  void randIsIdenticalForOneAndTwoThreads() {
    // work above KernelPool.MIN_PARALLEL_WORK so that the two-thread pool really forks
    Object[][] cases = {
        {2500, 40, 1.0, Distribution.UNIFORM},
        {3500, 200, 0.1, Distribution.UNIFORM},
        {2100, 50, 0.7, Distribution.NORMAL},
        {3001, 300, 0.08, Distribution.NORMAL},
    };
    for (Object[] c : cases) {
      int rows = (Integer) c[0];
      int cols = (Integer) c[1];
      double sp = (Double) c[2];
      Distribution pdf = (Distribution) c[3];
      MatrixBlock one = DataGenKernels.rand(rows, cols, -2, 3, sp, pdf, 42, SEQ);
      MatrixBlock two = DataGenKernels.rand(rows, cols, -2, 3, sp, pdf, 42, TWO);
      String what = rows + "x" + cols + " sp=" + sp + " " + pdf;
      assertTrue(MatrixComparison.approxEquals(one, two, 0, 0), what);
      assertEquals(one.nnz(), two.nnz(), what);
      assertEquals(one.isSparse(), two.isSparse(), what);
      TestMatrices.assertClose(one, two, 0, what);
    }
  }

  @Test
  void randRowsAreTheRandomBlocksOfTheSeed() {
    Object[][] cases = {
        {2500, 40, 1.0, Distribution.UNIFORM, false},
        {2300, 60, 0.05, Distribution.UNIFORM, true},
        {1999, 7, 0.5, Distribution.NORMAL, false},
        // the whole matrix is sparse, its one-row last block dense: rows are appended
        {1001, 10, 0.1, Distribution.UNIFORM, true},
        {1000, 30, 0.2, Distribution.NORMAL, true},
        {5, 3, 1.0, Distribution.UNIFORM, false},
    };
    for (Object[] c : cases) {
      int rows = (Integer) c[0];
      int cols = (Integer) c[1];
      double sp = (Double) c[2];
      Distribution pdf = (Distribution) c[3];
      boolean sparse = (Boolean) c[4];
      String what = rows + "x" + cols + " sp=" + sp + " " + pdf;
      for (KernelPool pool : new KernelPool[] {SEQ, TWO}) {
        MatrixBlock m = DataGenKernels.rand(rows, cols, 1, 4, sp, pdf, 7, pool);
        assertEquals(sparse, m.isSparse(), what);
        double a = pdf == Distribution.NORMAL ? 0 : 1;
        double b = pdf == Distribution.NORMAL ? 1 : 4;
        long nnz = 0;
        for (int i = 0; i < BlockRandom.blockCount(rows); i++) {
          int first = i * BlockRandom.ROWS_PER_BLOCK;
          int blockRows = Math.min(BlockRandom.ROWS_PER_BLOCK, rows - first);
          MatrixBlock block = RandomBlocks.block(7, i, blockRows, cols, sp, pdf, a, b);
          nnz += block.nnz();
          for (int r = 0; r < blockRows; r++) {
            for (int j = 0; j < cols; j++) {
              assertEquals(block.get(r, j), m.get(first + r, j), 0,
                  what + " cell (" + (first + r) + ", " + j + ")");
            }
          }
        }
        assertEquals(nnz, m.nnz(), what);
        TestMatrices.assertClose(m, m.copy(), 0, what); // nnz matches the stored values
      }
    }
  }

  @Test
  void randWithTheSameSeedIsBitIdentical() {
    MatrixBlock x = DataGenKernels.rand(1200, 30, 0, 1, 0.3, Distribution.UNIFORM, 99, SEQ);
    MatrixBlock y = DataGenKernels.rand(1200, 30, 0, 1, 0.3, Distribution.UNIFORM, 99, SEQ);
    double[][] xa = x.toArray();
    double[][] ya = y.toArray();
    for (int r = 0; r < xa.length; r++) {
      for (int c = 0; c < xa[r].length; c++) {
        assertEquals(Double.doubleToRawLongBits(xa[r][c]), Double.doubleToRawLongBits(ya[r][c]));
      }
    }
    MatrixBlock b1 = RandomBlocks.block(5, 3, 1000, 20, 0.4, Distribution.NORMAL, 0, 1);
    MatrixBlock b2 = RandomBlocks.block(5, 3, 1000, 20, 0.4, Distribution.NORMAL, 0, 1);
    assertTrue(MatrixComparison.approxEquals(b1, b2, 0, 0));
  }

  @Test
  void randWithDifferentSeedsDiffers() {
    MatrixBlock x = DataGenKernels.rand(100, 10, 0, 1, 1.0, Distribution.UNIFORM, 1, SEQ);
    MatrixBlock y = DataGenKernels.rand(100, 10, 0, 1, 1.0, Distribution.UNIFORM, 2, SEQ);
    int same = 0;
    for (int r = 0; r < 100; r++) {
      for (int c = 0; c < 10; c++) {
        same += x.get(r, c) == y.get(r, c) ? 1 : 0;
      }
    }
    assertEquals(0, same);
    // and the blocks of one matrix differ from each other
    MatrixBlock b0 = RandomBlocks.block(1, 0, 1000, 5, 1.0, Distribution.UNIFORM, 0, 1);
    MatrixBlock b1 = RandomBlocks.block(1, 1, 1000, 5, 1.0, Distribution.UNIFORM, 0, 1);
    assertFalse(MatrixComparison.approxEquals(b0, b1, 0, 0));
  }

  // ---------------------------------------------------------------- rand: statistics

  @Test
  void uniformValuesHaveTheMomentsAndSpreadOfU() {
    double min = -2;
    double max = 3;
    MatrixBlock m = DataGenKernels.rand(4000, 250, min, max, 1.0, Distribution.UNIFORM, 11, TWO);
    assertFalse(m.isSparse());
    double[] v = m.denseValues();
    assertEquals(1_000_000, v.length);
    long[] bins = new long[10];
    for (double x : v) {
      assertTrue(x >= min && x <= max, "value " + x + " outside [min, max]");
      bins[(int) Math.min(9, (x - min) / (max - min) * 10)]++;
    }
    double width = max - min;
    double var = width * width / 12;
    double[] mv = meanAndVariance(v);
    assertEquals((min + max) / 2, mv[0], 5 * Math.sqrt(var / v.length), "mean");
    // Var of the sample variance of U: (mu4 - sigma^4) / n with mu4 = width^4 / 80
    double mu4 = Math.pow(width, 4) / 80;
    assertEquals(var, mv[1], 5 * Math.sqrt((mu4 - var * var) / v.length), "variance");
    assertTrue(chiSquare(bins) < CHI2_9DF_999, "chi-square of 10 equal bins: " + chiSquare(bins));
    assertEquals(v.length, m.nnz());
  }

  @Test
  void normalValuesHaveTheMomentsAndShapeOfN01() {
    // min and max are ignored for NORMAL, as in DML
    MatrixBlock m = DataGenKernels.rand(4000, 250, 5, 7, 1.0, Distribution.NORMAL, 12, TWO);
    double[] v = m.denseValues();
    double[] mv = meanAndVariance(v);
    int n = v.length;
    assertEquals(0, mv[0], 5 * Math.sqrt(1.0 / n), "mean");
    assertEquals(1, mv[1], 5 * Math.sqrt(2.0 / n), "variance");
    long within1 = 0;
    long within2 = 0;
    for (double x : v) {
      within1 += Math.abs(x) < 1 ? 1 : 0;
      within2 += Math.abs(x) < 2 ? 1 : 0;
    }
    double p1 = 0.682689492;
    double p2 = 0.954499736;
    assertEquals(p1, (double) within1 / n, 5 * Math.sqrt(p1 * (1 - p1) / n), "P(|x| < 1)");
    assertEquals(p2, (double) within2 / n, 5 * Math.sqrt(p2 * (1 - p2) / n), "P(|x| < 2)");
  }

  @Test
  void achievedSparsityIsWithinFiveStandardErrors() {
    for (double sp : new double[] {0.001, 0.01, 0.1, 0.3, 0.7}) {
      MatrixBlock m = DataGenKernels.rand(4000, 250, 1, 2, sp, Distribution.UNIFORM, 13, TWO);
      long cells = 1_000_000;
      double sd = Math.sqrt(cells * sp * (1 - sp));
      assertEquals(cells * sp, m.nnz(), 5 * sd, "nnz at sparsity " + sp);
      assertEquals(m.isSparse(), sp < MatrixBlock.SPARSITY_TURN_POINT, "format at " + sp);
      TestMatrices.assertClose(m, m.copy(), 0, "sparsity " + sp);
    }
  }

  @Test
  void sparseNonZerosAreSpreadEvenlyOverRowsAndColumns() {
    MatrixBlock m = DataGenKernels.rand(4000, 250, 1, 2, 0.02, Distribution.UNIFORM, 14, SEQ);
    long[] perCol = new long[250];
    long[] perRowBlock = new long[40]; // 40 groups of 100 rows
    double[][] a = m.toArray();
    double sum = 0;
    for (int r = 0; r < a.length; r++) {
      for (int c = 0; c < a[r].length; c++) {
        if (a[r][c] != 0) {
          perCol[c]++;
          perRowBlock[r / 100]++;
          sum += a[r][c];
          assertTrue(a[r][c] >= 1 && a[r][c] <= 2);
        }
      }
    }
    // chi-square with k-1 dof has mean k-1 and sd sqrt(2(k-1)); five sd as bound
    assertTrue(chiSquare(perCol) < 249 + 5 * Math.sqrt(2 * 249), "columns: " + chiSquare(perCol));
    assertTrue(chiSquare(perRowBlock) < 39 + 5 * Math.sqrt(2 * 39),
        "rows: " + chiSquare(perRowBlock));
    double mean = sum / m.nnz();
    assertEquals(1.5, mean, 5 * Math.sqrt(1.0 / 12 / m.nnz()), "mean of the non-zeros");
  }

  private static double[] meanAndVariance(double[] v) {
    double s = 0;
    for (double x : v) {
      s += x;
    }
    double mean = s / v.length;
    double ss = 0;
    for (double x : v) {
      ss += (x - mean) * (x - mean);
    }
    return new double[] {mean, ss / (v.length - 1)};
  }

  private static double chiSquare(long[] counts) {
    long total = 0;
    for (long c : counts) {
      total += c;
    }
    double expected = (double) total / counts.length;
    double chi2 = 0;
    for (long c : counts) {
      chi2 += (c - expected) * (c - expected) / expected;
    }
    return chi2;
  }

  // ---------------------------------------------------------------- rand: shapes and errors

  @Test
  void randOfEmptyShapesOrZeroSparsityHasNoNonZeros() {
    int[][] shapes = {{0, 5}, {5, 0}, {0, 0}, {3, 4}, {2000, 1}, {2000, 30}};
    for (int[] s : shapes) {
      double sp = s[0] * s[1] == 0 ? 1.0 : 0.0;
      for (KernelPool pool : new KernelPool[] {SEQ, TWO}) {
        MatrixBlock m = DataGenKernels.rand(s[0], s[1], 0, 1, sp, Distribution.UNIFORM, 1, pool);
        String what = s[0] + "x" + s[1] + " sp=" + sp;
        assertEquals(s[0], m.rows(), what);
        assertEquals(s[1], m.cols(), what);
        assertEquals(0, m.nnz(), what);
        TestMatrices.assertClose(m, m.copy(), 0, what);
      }
    }
  }

  @Test
  void randColumnVectorIsDense() {
    MatrixBlock m = DataGenKernels.rand(2500, 1, 0, 1, 0.1, Distribution.UNIFORM, 3, TWO);
    assertFalse(m.isSparse());
    TestMatrices.assertClose(m, m.copy(), 0, "column vector");
  }

  @Test
  void randWithEqualBoundsIsConstant() {
    MatrixBlock m = DataGenKernels.rand(10, 10, 2.5, 2.5, 1.0, Distribution.UNIFORM, 3, SEQ);
    for (double v : m.denseValues()) {
      assertEquals(2.5, v);
    }
    assertEquals(100, m.nnz());
  }

  @Test
  void randRejectsMinGreaterThanMax() {
    assertEquals("rand: min (5.0) must not be greater than max (1.0)",
        assertThrows(IllegalArgumentException.class, () -> DataGenKernels.rand(3, 3, 5, 1, 1.0,
            Distribution.UNIFORM, 1, SEQ)).getMessage());
  }

  @Test
  void randRejectsSparsityOutsideZeroOne() {
    assertEquals("rand: sparsity must be in [0, 1], was 1.5",
        assertThrows(IllegalArgumentException.class, () -> DataGenKernels.rand(3, 3, 0, 1, 1.5,
            Distribution.UNIFORM, 1, SEQ)).getMessage());
    assertEquals("rand: sparsity must be in [0, 1], was -0.1",
        assertThrows(IllegalArgumentException.class, () -> DataGenKernels.rand(3, 3, 0, 1, -0.1,
            Distribution.UNIFORM, 1, SEQ)).getMessage());
    assertEquals("rand: sparsity must be in [0, 1], was NaN",
        assertThrows(IllegalArgumentException.class, () -> DataGenKernels.rand(3, 3, 0, 1,
            Double.NaN, Distribution.UNIFORM, 1, SEQ)).getMessage());
  }

  @Test
  void randRejectsNegativeDimensions() {
    assertEquals("rand: the number of rows must be non-negative, was -3",
        assertThrows(MatrixSizeException.class, () -> DataGenKernels.rand(-3, 4, 0, 1, 1.0,
            Distribution.UNIFORM, 1, SEQ)).getMessage());
    assertEquals("rand: the number of cols must be non-negative, was -1",
        assertThrows(MatrixSizeException.class, () -> DataGenKernels.rand(3, -1, 0, 1, 1.0,
            Distribution.UNIFORM, 1, SEQ)).getMessage());
  }

  @Test
  void randTooLargeForOneBlockFailsBeforeAllocating() {
    MatrixSizeException rowsTooMany = assertThrows(MatrixSizeException.class,
        () -> DataGenKernels.rand(3_000_000_000L, 1, 0, 1, 1.0, Distribution.UNIFORM, 1, SEQ));
    assertTrue(rowsTooMany.getMessage().contains("3000000000 rows"), rowsTooMany.getMessage());
    // 2.5e9 cells at sparsity 1: a dense request, described as one although the format rule
    // would store a block this large as sparse
    MatrixSizeException dense = assertThrows(MatrixSizeException.class,
        () -> DataGenKernels.rand(50_000, 50_000, 0, 1, 1.0, Distribution.UNIFORM, 1, SEQ));
    assertTrue(dense.getMessage().startsWith("rand: a dense 50000x50000 matrix of 2500000000 "
        + "cells"), dense.getMessage());
    // half full: neither described as sparse nor as dense
    MatrixSizeException half = assertThrows(MatrixSizeException.class,
        () -> DataGenKernels.rand(50_000, 50_000, 0, 1, 0.9, Distribution.UNIFORM, 1, SEQ));
    assertTrue(half.getMessage().startsWith("rand: a 50000x50000 matrix with sparsity 0.9"),
        half.getMessage());
    MatrixSizeException sparse = assertThrows(MatrixSizeException.class,
        () -> DataGenKernels.rand(1_000_000, 1_000_000, 0, 1, 0.01, Distribution.UNIFORM, 1, SEQ));
    assertTrue(sparse.getMessage().contains("10000000000 non-zeros"), sparse.getMessage());
  }

  @Test
  void moveRowsAcceptsBothBlockFormats() {
    MatrixBlock block = TestMatrices.random(6, 9, 0.4, 5, false);
    for (MatrixBlock b : new MatrixBlock[] {block, TestMatrices.otherFormat(block),
        TestMatrices.asMCSR(block)}) {
      SparseBlockMCSR target = new SparseBlockMCSR(10);
      DataGenKernels.moveRows(b, target, 3);
      MatrixBlock fromSparse = MatrixBlock.sparse(10, 9, target);
      for (int r = 0; r < 10; r++) {
        for (int c = 0; c < 9; c++) {
          double expected = r >= 3 && r < 9 ? block.get(r - 3, c) : 0;
          assertEquals(expected, fromSparse.get(r, c));
        }
      }
      assertEquals(block.nnz(), fromSparse.nnz());
      assertTrue(SparseBlockCSR.from(target).size() == block.nnz());
    }
  }

  // ---------------------------------------------------------------- sample

  @Test
  void sampleWithoutReplacementOfTheWholeRangeIsAPermutation() {
    MatrixBlock s = DataGenKernels.sample(1000, 1000, false, 4);
    assertEquals(1000, s.rows());
    assertEquals(1, s.cols());
    assertEquals(1000, s.nnz());
    boolean[] seen = new boolean[1001];
    for (int i = 0; i < 1000; i++) {
      double v = s.get(i, 0);
      assertEquals(Math.rint(v), v);
      assertTrue(v >= 1 && v <= 1000);
      assertFalse(seen[(int) v], "duplicate " + v);
      seen[(int) v] = true;
    }
  }

  @Test
  void sampleWithoutReplacementFromAHugeRangeIsDistinctAndInRange() {
    long range = 1_000_000_000_000L;
    MatrixBlock s = DataGenKernels.sample(range, 20_000, false, 5);
    Set<Double> seen = new HashSet<>();
    for (int i = 0; i < s.rows(); i++) {
      double v = s.get(i, 0);
      assertTrue(v >= 1 && v <= range && v == Math.rint(v), "value " + v);
      assertTrue(seen.add(v), "duplicate " + v);
    }
    assertEquals(20_000, s.nnz());
  }

  @Test
  void bothShuffleScratchFormsGiveTheSameSample() {
    for (long range : new long[] {1, 7, 50, 1000}) {
      for (int size : new int[] {0, 1, (int) Math.min(range, 5), (int) range}) {
        double[] dense = DataGenKernels.partialShuffle(range, size,
            BlockRandom.forBlock(21, 0), true);
        double[] hashed = DataGenKernels.partialShuffle(range, size,
            BlockRandom.forBlock(21, 0), false);
        assertArrayEquals(dense, hashed, 0, "range " + range + " size " + size);
      }
    }
  }

  @Test
  void sampleWithReplacementCoversTheRangeUniformly() {
    MatrixBlock s = DataGenKernels.sample(10, 100_000, true, 6);
    long[] counts = new long[10];
    for (int i = 0; i < s.rows(); i++) {
      double v = s.get(i, 0);
      assertTrue(v >= 1 && v <= 10 && v == Math.rint(v));
      counts[(int) v - 1]++;
    }
    assertTrue(chiSquare(counts) < CHI2_9DF_999, "chi-square " + chiSquare(counts));
  }

  @Test
  void sampleWithoutReplacementIsUniformPerPosition() {
    // the dense scratch (range <= 4 * size) and the hashed one (range > 4 * size)
    for (int size : new int[] {5, 2}) {
      long[] first = new long[20];
      long[] all = new long[20];
      for (long seed = 0; seed < 20_000; seed++) {
        MatrixBlock s = DataGenKernels.sample(20, size, false, seed);
        first[(int) s.get(0, 0) - 1]++;
        for (int i = 0; i < size; i++) {
          all[(int) s.get(i, 0) - 1]++;
        }
      }
      assertTrue(chiSquare(first) < CHI2_19DF_999, "first position: " + chiSquare(first));
      // draws within one sample are negatively correlated, which only lowers chi-square
      assertTrue(chiSquare(all) < CHI2_19DF_999, "all positions: " + chiSquare(all));
    }
  }

  @Test
  void sampleIsDeterministicForTheSeed() {
    assertTrue(MatrixComparison.approxEquals(DataGenKernels.sample(1_000_000, 50, false, 8),
        DataGenKernels.sample(1_000_000, 50, false, 8), 0, 0));
    assertTrue(MatrixComparison.approxEquals(DataGenKernels.sample(100, 50, true, 8),
        DataGenKernels.sample(100, 50, true, 8), 0, 0));
    assertFalse(MatrixComparison.approxEquals(DataGenKernels.sample(1_000_000, 50, false, 8),
        DataGenKernels.sample(1_000_000, 50, false, 9), 0, 0));
  }

  @Test
  void sampleOfSizeZeroIsEmptyColumn() {
    MatrixBlock s = DataGenKernels.sample(5, 0, false, 1);
    assertEquals(0, s.rows());
    assertEquals(1, s.cols());
    assertEquals(0, s.nnz());
  }

  @Test
  void sampleRejectsMoreValuesThanTheRangeWithoutReplacement() {
    assertEquals("sample: cannot draw 11 values without replacement from a range of 10",
        assertThrows(IllegalArgumentException.class,
            () -> DataGenKernels.sample(10, 11, false, 1)).getMessage());
    assertEquals(11, DataGenKernels.sample(10, 11, true, 1).rows());
  }

  @Test
  void sampleRejectsBadRangeAndSize() {
    assertEquals("sample: range must be in [1, 2^53], was 0",
        assertThrows(IllegalArgumentException.class,
            () -> DataGenKernels.sample(0, 0, true, 1)).getMessage());
    assertEquals("sample: size must be non-negative, was -2",
        assertThrows(IllegalArgumentException.class,
            () -> DataGenKernels.sample(10, -2, true, 1)).getMessage());
    assertThrows(MatrixSizeException.class, () -> DataGenKernels.sample(10, 3_000_000_000L, true, 1));
  }

  @Test
  void sampleMatchesItsOwnDefinition() {
    // with replacement: 1 + nextLong(range) of the seed's block-0 stream
    SplittableRandom rnd = BlockRandom.forBlock(77, 0);
    MatrixBlock s = DataGenKernels.sample(6, 30, true, 77);
    for (int i = 0; i < 30; i++) {
      assertEquals(1 + rnd.nextLong(6), s.get(i, 0));
    }
  }
}
