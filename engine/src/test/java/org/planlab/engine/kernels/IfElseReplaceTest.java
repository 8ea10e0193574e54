package org.planlab.engine.kernels;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.planlab.engine.kernels.ElementwiseReference.assertBlock;
import static org.planlab.engine.kernels.ElementwiseReference.onBothPools;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.planlab.engine.matrix.DimensionMismatchException;
import org.planlab.engine.matrix.MatrixBlock;
import org.planlab.engine.matrix.TestMatrices;
import org.planlab.engine.matrix.TestMatrices.Case;
import org.planlab.engine.ops.BinaryOp;
import org.planlab.engine.parallel.KernelPool;

class IfElseReplaceTest {
  private static final int PER_SHAPE = TestMatrices.SPARSITIES.length * 3;
  private static KernelPool two;
  private static List<Case> sweep;

  @BeforeAll
  static void setUp() {
    two = new KernelPool(2);
    sweep = TestMatrices.sweep(99);
  }

  @AfterAll
  static void tearDown() {
    two.close();
  }

  // ---------------------------------------------------------------- ifelse

  @Test
  void ifelseWithMatrixBranchesMatchesReference() {
    for (int i = 0; i < sweep.size(); i++) {
      int group = i / PER_SHAPE * PER_SHAPE;
      for (int shift : new int[] {0, 4}) {
        MatrixBlock cond = sweep.get(i).block();
        MatrixBlock yes = sweep.get(group + (i - group + 1 + shift) % PER_SHAPE).block();
        MatrixBlock no = sweep.get(group + (i - group + 5 + shift) % PER_SHAPE).block();
        String what = "ifelse(" + sweep.get(i) + ", ...)";
        MatrixBlock r = onBothPools(two, p -> ElementwiseKernels.ifelse(cond, yes, no, p), what);
        assertBlock(select(cond.toArray(), yes.toArray(), 0, no.toArray(), 0), cond.rows(),
            cond.cols(), r, 0, what);
      }
    }
  }

  @Test
  void ifelseWithScalarBranchesMatchesReference() {
    double[] scalars = {0, 2, -1, Double.NaN};
    for (int i = 0; i < sweep.size(); i++) {
      int group = i / PER_SHAPE * PER_SHAPE;
      MatrixBlock cond = sweep.get(i).block();
      MatrixBlock other = sweep.get(group + (i - group + 4) % PER_SHAPE).block();
      double[][] c = cond.toArray();
      double[][] o = other.toArray();
      for (double s : scalars) {
        for (double t : scalars) {
          String what = "ifelse(" + sweep.get(i) + ", " + s + ", " + t + ")";
          MatrixBlock r = onBothPools(two, p -> ElementwiseKernels.ifelse(cond, s, t, p), what);
          assertBlock(select(c, null, s, null, t), cond.rows(), cond.cols(), r, 0, what);
        }
        String what = "ifelse(" + sweep.get(i) + ", X, " + s + ")";
        MatrixBlock r = onBothPools(two, p -> ElementwiseKernels.ifelse(cond, other, s, p), what);
        assertBlock(select(c, o, 0, null, s), cond.rows(), cond.cols(), r, 0, what);
        String what2 = "ifelse(" + sweep.get(i) + ", " + s + ", X)";
        MatrixBlock r2 = onBothPools(two, p -> ElementwiseKernels.ifelse(cond, s, other, p), what2);
        assertBlock(select(c, null, s, o, 0), cond.rows(), cond.cols(), r2, 0, what2);
      }
    }
  }

  @Test
  void ifelseTreatsNaNConditionAsTrue() {
    MatrixBlock cond = MatrixBlock.of(new double[][] {{Double.NaN, 0, 1, -0.0}});
    for (MatrixBlock c : formats(cond)) {
      MatrixBlock r = ElementwiseKernels.ifelse(c, 7, 3, KernelPool.sequential());
      assertBlock(new double[][] {{7, 3, 7, 3}}, 1, 4, r, 0, "NaN condition");
    }
  }

  @Test
  void ifelseKeepsSparseConditionWithZeroElseSparse() {
    MatrixBlock x = TestMatrices.random(200, 100, 0.01, 3, true);
    MatrixBlock positive = ElementwiseKernels.binary(x, 0, BinaryOp.GT, KernelPool.sequential());
    MatrixBlock r = ElementwiseKernels.ifelse(positive, x, 0, KernelPool.sequential());
    assertTrue(r.isSparse());
    double[][] e = x.toArray();
    for (double[] row : e) {
      for (int c = 0; c < row.length; c++) {
        row[c] = row[c] > 0 ? row[c] : 0;
      }
    }
    assertBlock(e, 200, 100, r, 0, "ifelse(X > 0, X, 0)");
  }

  @Test
  void ifelseOnLargeInputsGivesIdenticalResultsOnOneAndTwoThreads() {
    MatrixBlock cond = TestMatrices.random(3000, 100, 0.25, 5, true);
    MatrixBlock yes = TestMatrices.random(3000, 100, 0.9, 6, false);
    MatrixBlock no = TestMatrices.random(3000, 100, 0.3, 7, true);
    MatrixBlock r = onBothPools(two, p -> ElementwiseKernels.ifelse(cond, yes, no, p), "large");
    assertBlock(select(cond.toArray(), yes.toArray(), 0, no.toArray(), 0), 3000, 100, r, 0,
        "large ifelse");
    MatrixBlock s = onBothPools(two, p -> ElementwiseKernels.ifelse(cond, yes, 0, p), "large");
    assertBlock(select(cond.toArray(), yes.toArray(), 0, null, 0), 3000, 100, s, 0,
        "large ifelse with 0");
  }

  @Test
  void ifelseBranchesMustHaveTheConditionsShape() {
    KernelPool seq = KernelPool.sequential();
    MatrixBlock cond = MatrixBlock.dense(3, 4);
    DimensionMismatchException e = assertThrows(DimensionMismatchException.class,
        () -> ElementwiseKernels.ifelse(cond, MatrixBlock.dense(5, 4), 0, seq));
    assertTrue(e.getMessage().contains("3x4") && e.getMessage().contains("5x4"), e.getMessage());
    assertThrows(DimensionMismatchException.class,
        () -> ElementwiseKernels.ifelse(cond, MatrixBlock.dense(3, 4), MatrixBlock.dense(4, 3),
            seq));
    assertThrows(DimensionMismatchException.class,
        () -> ElementwiseKernels.ifelse(cond, 1, MatrixBlock.scalar(1), seq));
  }

  // ---------------------------------------------------------------- replace and contains

  @Test
  void replaceMatchesReferenceForZeroValueAndNaNPatterns() {
    for (Case c : sweep) {
      MatrixBlock withNaN = injectNaN(c.block());
      for (MatrixBlock m : new MatrixBlock[] {c.block(), withNaN}) {
        double[][] x = m.toArray();
        double existing = firstNonZero(x);
        double[][] patterns = {{0, 5}, {0, 0}, {0, Double.NaN}, {Double.NaN, 0}, {Double.NaN, -2},
            {existing, 0}, {existing, 7}, {0.123, 9}};
        for (double[] pr : patterns) {
          String what = "replace(" + c + ", " + pr[0] + ", " + pr[1] + ")";
          MatrixBlock r = onBothPools(two,
              p -> ElementwiseKernels.replace(m, pr[0], pr[1], p), what);
          assertBlock(replaced(x, pr[0], pr[1]), m.rows(), m.cols(), r, 0, what);
        }
      }
    }
  }

  @Test
  void replacingZeroMakesSparseInputDense() {
    MatrixBlock x = TestMatrices.random(200, 100, 0.01, 8, true);
    KernelPool seq = KernelPool.sequential();
    assertFalse(ElementwiseKernels.replace(x, 0, 1, seq).isSparse());
    assertTrue(ElementwiseKernels.replace(x, 0, 0, seq).isSparse());
    assertTrue(ElementwiseKernels.replace(x, x.get(firstRow(x), firstCol(x)), 3, seq).isSparse());
    assertTrue(ElementwiseKernels.replace(x, Double.NaN, 3, seq).isSparse());
  }

  @Test
  void replaceOnLargeInputsGivesIdenticalResultsOnOneAndTwoThreads() {
    MatrixBlock sparse = injectNaN(TestMatrices.random(3000, 100, 0.25, 9, true));
    MatrixBlock dense = injectNaN(TestMatrices.random(3000, 100, 0.9, 10, false));
    for (MatrixBlock m : new MatrixBlock[] {sparse, dense}) {
      for (double[] pr : new double[][] {{0, 1}, {Double.NaN, 0}}) {
        MatrixBlock r = onBothPools(two, p -> ElementwiseKernels.replace(m, pr[0], pr[1], p),
            "large replace");
        assertBlock(replaced(m.toArray(), pr[0], pr[1]), 3000, 100, r, 0, "large replace");
      }
    }
  }

  @Test
  void containsFindsZeroValuesAndNaN() {
    for (Case c : sweep) {
      for (MatrixBlock m : new MatrixBlock[] {c.block(), injectNaN(c.block())}) {
        double[][] x = m.toArray();
        for (double pattern : new double[] {0, Double.NaN, firstNonZero(x), 0.123, -0.0}) {
          boolean expected = false;
          for (double[] row : x) {
            for (double v : row) {
              expected |= Double.isNaN(pattern) ? Double.isNaN(v) : v == pattern;
            }
          }
          assertEquals(expected, ElementwiseKernels.contains(m, pattern),
              "contains(" + c + ", " + pattern + ")");
        }
      }
    }
  }

  @Test
  void containsOnUnallocatedBlocks() {
    assertTrue(ElementwiseKernels.contains(MatrixBlock.empty(2, 3, false), 0));
    assertFalse(ElementwiseKernels.contains(MatrixBlock.empty(2, 3, true), 1));
    assertFalse(ElementwiseKernels.contains(MatrixBlock.empty(0, 3, true), 0));
  }

  // ---------------------------------------------------------------- helpers

  /** cond != 0 ? yes : no, with null arrays standing for the scalars. */
  private static double[][] select(double[][] cond, double[][] yes, double yesValue,
      double[][] no, double noValue) {
    double[][] out = new double[cond.length][];
    for (int r = 0; r < cond.length; r++) {
      out[r] = new double[cond[r].length];
      for (int c = 0; c < cond[r].length; c++) {
        out[r][c] = cond[r][c] != 0 ? (yes == null ? yesValue : yes[r][c])
            : (no == null ? noValue : no[r][c]);
      }
    }
    return out;
  }

  private static double[][] replaced(double[][] x, double pattern, double replacement) {
    double[][] out = new double[x.length][];
    for (int r = 0; r < x.length; r++) {
      out[r] = x[r].clone();
      for (int c = 0; c < x[r].length; c++) {
        boolean match = Double.isNaN(pattern) ? Double.isNaN(x[r][c]) : x[r][c] == pattern;
        if (match) {
          out[r][c] = replacement;
        }
      }
    }
    return out;
  }

  /** A copy in the same format with NaN at every 7th cell (zero or not). */
  private static MatrixBlock injectNaN(MatrixBlock m) {
    if (m.rows() == 0) {
      return m.copy(); // MatrixBlock.of cannot tell a 0xn array from 0x0
    }
    double[][] x = m.toArray();
    int k = 0;
    for (double[] row : x) {
      for (int c = 0; c < row.length; c++) {
        if (k++ % 7 == 3) {
          row[c] = Double.NaN;
        }
      }
    }
    MatrixBlock out = MatrixBlock.of(x);
    return m.isSparse() ? out.toSparseInPlace() : out.toDenseInPlace();
  }

  private static double firstNonZero(double[][] x) {
    for (double[] row : x) {
      for (double v : row) {
        if (v != 0 && !Double.isNaN(v)) {
          return v;
        }
      }
    }
    return 0.75;
  }

  private static int firstRow(MatrixBlock m) {
    for (int r = 0; r < m.rows(); r++) {
      if (m.sparseRows().size(r) > 0) {
        return r;
      }
    }
    throw new AssertionError("empty block");
  }

  private static int firstCol(MatrixBlock m) {
    int r = firstRow(m);
    return m.sparseRows().indexes(r)[m.sparseRows().pos(r)];
  }

  private static List<MatrixBlock> formats(MatrixBlock m) {
    List<MatrixBlock> out = new ArrayList<>();
    MatrixBlock dense = m.copy().toDenseInPlace();
    out.add(dense);
    out.add(TestMatrices.otherFormat(dense));
    out.add(TestMatrices.asMCSR(dense));
    return out;
  }
}
