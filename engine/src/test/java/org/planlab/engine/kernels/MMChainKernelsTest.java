package org.planlab.engine.kernels;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.planlab.engine.kernels.Reference.Format;
import org.planlab.engine.matrix.DimensionMismatchException;
import org.planlab.engine.matrix.MatrixBlock;
import org.planlab.engine.matrix.TestMatrices;
import org.planlab.engine.parallel.KernelPool;

class MMChainKernelsTest {
  private static final KernelPool SEQ = KernelPool.sequential();
  private static final KernelPool TWO = new KernelPool(2);

  @AfterAll
  static void closePool() {
    TWO.close();
  }

  /**
   * Reference {@code t(X) %*% (w * (X %*% v))} by naive products, and its error scale
   * {@code t(|X|) %*% (|w| * (|X| %*% |v|))}.
   */
  private static double[][][] reference(double[][] x, int m, double[][] v, double[][] w) {
    int n = x.length;
    double[][] y = Reference.multiply(x, v, 1);
    double[][] yb = Reference.multiply(Reference.abs(x), Reference.abs(v), 1);
    for (int i = 0; i < n && w != null; i++) {
      y[i][0] *= w[i][0];
      yb[i][0] *= Math.abs(w[i][0]);
    }
    double[][] xt = Reference.transpose(x, m);
    return new double[][][] {Reference.multiply(xt, y, 1),
        Reference.multiply(Reference.abs(xt), yb, 1)};
  }

  private static void checkChain(MatrixBlock x, MatrixBlock v, MatrixBlock w, String what) {
    double[][][] ref = reference(x.toArray(), x.cols(), v.toArray(),
        w == null ? null : w.toArray());
    MatrixBlock c = MMChainKernels.mmchain(x, v, w, SEQ);
    Reference.assertWithinBound(ref[0], ref[1], x.cols(), 1, c, what);
    Reference.assertIdentical(c, MMChainKernels.mmchain(x, v, w, TWO), what + " (2 threads)");
  }

  @Test
  void sweepWithAndWithoutWeightsInAllFormats() {
    long seed = 1;
    for (TestMatrices.Case c : TestMatrices.sweep(9)) {
      MatrixBlock x = c.block();
      for (Format fv : Format.values()) {
        MatrixBlock v = Reference.random(x.cols(), 1, 0.8, seed++, fv);
        checkChain(x, v, null, c.name() + ", v " + fv);
        MatrixBlock w = Reference.random(x.rows(), 1, 0.7, seed++, fv);
        checkChain(x, v, w, c.name() + ", v and w " + fv);
      }
    }
  }

  @Test
  void zeroRowsOrColumnsGiveZerosOfShapeColsByOne() {
    for (Format f : Format.values()) {
      MatrixBlock x = Reference.random(0, 5, 1, 1, f);
      MatrixBlock c = MMChainKernels.mmchain(x, Reference.random(5, 1, 1, 2, f),
          Reference.random(0, 1, 1, 3, f), SEQ);
      assertEquals("5x1", c.shape());
      assertEquals(0, c.nnz());
      MatrixBlock c2 = MMChainKernels.mmchain(Reference.random(4, 0, 1, 4, f),
          Reference.random(0, 1, 1, 5, f), null, SEQ);
      assertEquals("0x1", c2.shape());
    }
  }

  @Test
  void integerValuedInputsGiveExactResults() {
    for (Format f : Format.values()) {
      MatrixBlock x = Reference.integers(500, 17, 0.4, 7, f);
      MatrixBlock v = Reference.integers(17, 1, 1, 8, Format.DENSE);
      MatrixBlock w = Reference.integers(500, 1, 0.5, 9, Format.DENSE);
      double[][][] ref = reference(x.toArray(), 17, v.toArray(), w.toArray());
      Reference.assertExact(ref[0], 17, 1, MMChainKernels.mmchain(x, v, w, TWO), "weighted " + f);
      double[][][] ref2 = reference(x.toArray(), 17, v.toArray(), null);
      Reference.assertExact(ref2[0], 17, 1, MMChainKernels.mmchain(x, v, null, TWO), "plain " + f);
    }
  }

  @Test
  void equalsTheTwoSeparateProducts() {
    MatrixBlock x = Reference.random(3001, 45, 1, 10, Format.DENSE);
    MatrixBlock v = Reference.random(45, 1, 1, 11, Format.DENSE);
    MatrixBlock xv = MatMultKernels.multiply(x, v, SEQ);
    MatrixBlock separate = MatMultKernels.transposeLeftMultiply(x, xv, SEQ);
    MatrixBlock chain = MMChainKernels.mmchain(x, v, null, SEQ);
    double[][] s = separate.toArray();
    double[][] c = chain.toArray();
    for (int j = 0; j < 45; j++) {
      assertEquals(s[j][0], c[j][0], 1e-12 * Math.abs(s[j][0]) + 1e-9, "cell " + j);
    }
  }

  /** Sizes well above KernelPool.MIN_PARALLEL_WORK so that two threads really fork. */
  @Test
  void largeInputsAreBitIdenticalForOneAndTwoThreads() {
    MatrixBlock[] xs = {
        Reference.random(50000, 20, 1, 21, Format.DENSE),
        Reference.random(50000, 20, 0.3, 22, Format.CSR),
        Reference.random(20000, 300, 0.02, 23, Format.MCSR),
    };
    for (MatrixBlock x : xs) {
      MatrixBlock v = Reference.random(x.cols(), 1, 1, 24, Format.DENSE);
      MatrixBlock w = Reference.random(x.rows(), 1, 0.5, 25, Format.DENSE);
      for (MatrixBlock ww : new MatrixBlock[] {null, w}) {
        String what = x.shape() + " sp=" + x.sparsity() + (ww == null ? "" : " weighted");
        MatrixBlock c = MMChainKernels.mmchain(x, v, ww, SEQ);
        Reference.assertIdentical(c, MMChainKernels.mmchain(x, v, ww, TWO), what);
        Reference.assertExactNnzAndFormat(c, what);
      }
    }
  }

  @Test
  void mismatchedShapesNameBothShapes() {
    MatrixBlock x = MatrixBlock.dense(6, 4);
    DimensionMismatchException e = assertThrows(DimensionMismatchException.class,
        () -> MMChainKernels.mmchain(x, MatrixBlock.dense(5, 1), null, SEQ));
    assertTrue(e.getMessage().contains("6x4") && e.getMessage().contains("5x1"), e.getMessage());
    e = assertThrows(DimensionMismatchException.class,
        () -> MMChainKernels.mmchain(x, MatrixBlock.dense(4, 2), null, SEQ));
    assertTrue(e.getMessage().contains("6x4") && e.getMessage().contains("4x2"), e.getMessage());
    e = assertThrows(DimensionMismatchException.class,
        () -> MMChainKernels.mmchain(x, MatrixBlock.dense(4, 1), MatrixBlock.dense(4, 1), SEQ));
    assertTrue(e.getMessage().contains("6x4") && e.getMessage().contains("4x1"), e.getMessage());
  }
}
