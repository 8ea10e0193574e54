package org.planlab.engine.kernels;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.planlab.engine.kernels.Reference.Format;
import org.planlab.engine.matrix.MatrixBlock;
import org.planlab.engine.matrix.TestMatrices;
import org.planlab.engine.parallel.KernelPool;

class TsmmKernelsTest {
  private static final KernelPool SEQ = KernelPool.sequential();
  private static final KernelPool TWO = new KernelPool(2);

  @AfterAll
  static void closePool() {
    TWO.close();
  }

  /** tsmm against the naive product with the explicit transpose; symmetric; 1 = 2 threads. */
  private static MatrixBlock checkTsmm(MatrixBlock x, boolean left, String what) {
    double[][] xd = x.toArray();
    double[][] xt = Reference.transpose(xd, x.cols());
    double[][] a = left ? xt : xd;
    double[][] b = left ? xd : xt;
    int dim = left ? x.cols() : x.rows();
    MatrixBlock x0 = x.copy();
    MatrixBlock c = TsmmKernels.tsmm(x, left, SEQ);
    String w = what + (left ? " t(X)%*%X" : " X%*%t(X)");
    Reference.assertWithinBound(Reference.multiply(a, b, dim),
        Reference.absProductBound(a, b, dim), dim, dim, c, w);
    assertExactlySymmetric(c, w);
    Reference.assertIdentical(c, TsmmKernels.tsmm(x, left, TWO), w + " (2 threads)");
    Reference.assertIdentical(x0, x, w + ": input modified");
    return c;
  }

  private static void assertExactlySymmetric(MatrixBlock c, String what) {
    double[][] v = c.toArray();
    for (int i = 0; i < v.length; i++) {
      for (int j = 0; j < i; j++) {
        if (Double.doubleToLongBits(v[i][j]) != Double.doubleToLongBits(v[j][i])) {
          throw new AssertionError(what + ": not symmetric at (" + i + ", " + j + "): " + v[i][j]
              + " vs " + v[j][i]);
        }
      }
    }
  }

  @Test
  void sweepLeftAndRightInAllFormats() {
    for (TestMatrices.Case c : TestMatrices.sweep(5)) {
      checkTsmm(c.block(), true, c.name());
      checkTsmm(c.block(), false, c.name());
    }
    for (Format f : Format.values()) {
      checkTsmm(Reference.random(0, 6, 1, 1, f), true, "0x6 " + f);
      checkTsmm(Reference.random(0, 6, 1, 1, f), false, "0x6 " + f);
    }
  }

  @Test
  void emptyInputGivesZerosOfOutputShape() {
    MatrixBlock x = Reference.random(7, 4, 0, 1, Format.CSR);
    assertEquals("4x4", TsmmKernels.tsmm(x, true, SEQ).shape());
    assertEquals("7x7", TsmmKernels.tsmm(x, false, SEQ).shape());
    assertEquals(0, TsmmKernels.tsmm(x, false, SEQ).nnz());
    assertEquals("0x0", TsmmKernels.tsmm(Reference.random(0, 3, 1, 2, Format.DENSE), false, SEQ)
        .shape());
  }

  @Test
  void integerValuedInputsGiveExactResults() {
    int seed = 0;
    for (int[] s : new int[][] {{50, 13}, {13, 50}, {1, 9}, {9, 1}, {203, 37}}) {
      for (double sp : new double[] {0.05, 0.5, 1.0}) {
        for (Format f : Format.values()) {
          MatrixBlock x = Reference.integers(s[0], s[1], sp, seed++, f);
          double[][] xd = x.toArray();
          double[][] xt = Reference.transpose(xd, s[1]);
          String what = s[0] + "x" + s[1] + " sp=" + sp + " " + f;
          Reference.assertExact(Reference.multiply(xt, xd, s[1]), s[1], s[1],
              TsmmKernels.tsmm(x, true, TWO), what + " left");
          Reference.assertExact(Reference.multiply(xd, xt, s[0]), s[0], s[0],
              TsmmKernels.tsmm(x, false, TWO), what + " right");
        }
      }
    }
  }

  /** Wide enough that the dense kernel takes input rows in several L2 blocks (plus a tail). */
  @Test
  void denseKernelIsCorrectAcrossRowBlocks() {
    checkTsmm(Reference.random(90, 700, 1, 31, Format.DENSE), true, "90x700");
    checkTsmm(Reference.random(700, 90, 1, 32, Format.DENSE), false, "700x90");
    MatrixBlock xi = Reference.integers(91, 650, 1, 33, Format.DENSE);
    double[][] xd = xi.toArray();
    Reference.assertExact(Reference.multiply(Reference.transpose(xd, 650), xd, 650), 650, 650,
        TsmmKernels.tsmm(xi, true, TWO), "integer 91x650 left");
  }

  /**
   * The partial-reuse compensation: t(X) %*% X from its leading k x k block equals tsmm bit for
   * bit, for any k, across row blocks and a tail of rows, on one and two threads.
   */
  @Test
  void extendingTheLeadingBlockGivesTsmmBitForBit() {
    for (MatrixBlock x : new MatrixBlock[] {Reference.random(1503, 37, 1, 41, Format.DENSE),
        Reference.random(90, 700, 1, 42, Format.DENSE)}) {
      MatrixBlock full = TsmmKernels.tsmm(x, true, SEQ);
      for (int k : new int[] {0, 1, x.cols() / 2, x.cols() - 1, x.cols()}) {
        MatrixBlock lead = TsmmKernels.tsmm(leadingColumns(x, k), true, SEQ);
        String what = x.shape() + " from " + k + " columns";
        Reference.assertIdentical(full, TsmmKernels.tsmmExtendColumns(x, lead, SEQ), what);
        Reference.assertIdentical(full, TsmmKernels.tsmmExtendColumns(x, lead, TWO),
            what + " (2 threads)");
      }
    }
    IllegalArgumentException e = assertThrows(
        IllegalArgumentException.class, () -> TsmmKernels.tsmmExtendColumns(
            Reference.random(10, 3, 0.2, 43, Format.CSR), MatrixBlock.dense(2, 2), SEQ));
    assertTrue(e.getMessage().contains("a dense x"), e.getMessage());
  }

  private static MatrixBlock leadingColumns(MatrixBlock x, int k) {
    double[][] xd = x.toArray();
    double[][] out = new double[xd.length][k];
    for (int i = 0; i < xd.length; i++) {
      System.arraycopy(xd[i], 0, out[i], 0, k);
    }
    return MatrixBlock.of(out);
  }

  @Test
  void ultraSparseInputGivesSparseSymmetricOutput() {
    MatrixBlock tall = Reference.random(1200, 100, 0.003, 11, Format.CSR);
    MatrixBlock right = checkTsmm(tall, false, "1200x100 sp=0.003");
    assertTrue(right.isSparse(), "X %*% t(X) should be sparse, nnz " + right.nnz());
    MatrixBlock wide = Reference.random(100, 1200, 0.003, 12, Format.MCSR);
    MatrixBlock left = checkTsmm(wide, true, "100x1200 sp=0.003");
    assertTrue(left.isSparse(), "t(X) %*% X should be sparse, nnz " + left.nnz());
  }

  /** Sizes well above KernelPool.MIN_PARALLEL_WORK so that two threads really fork. */
  @Test
  void largeInputsAreBitIdenticalForOneAndTwoThreads() {
    MatrixBlock[] inputs = {
        Reference.random(2003, 61, 1, 21, Format.DENSE),
        Reference.random(301, 407, 1, 22, Format.DENSE),
        Reference.random(3000, 200, 0.05, 23, Format.CSR),
        Reference.random(3000, 200, 0.05, 24, Format.MCSR),
        Reference.random(2500, 1200, 0.004, 25, Format.CSR),
    };
    for (MatrixBlock x : inputs) {
      for (boolean left : new boolean[] {true, false}) {
        String what = x.shape() + " sp=" + x.sparsity() + (left ? " left" : " right");
        MatrixBlock c = TsmmKernels.tsmm(x, left, SEQ);
        Reference.assertIdentical(c, TsmmKernels.tsmm(x, left, TWO), what);
        Reference.assertExactNnzAndFormat(c, what);
        assertExactlySymmetric(c, what);
      }
    }
  }

  @Test
  void triangleSplitBalancesAreaAndCoversAllRows() {
    int[] b = TsmmKernels.triangleSplit(1000, 2);
    assertEquals(0, b[0]);
    assertEquals(1000, b[2]);
    // the first half of the area ends near row 1000 * (1 - 1/sqrt(2)) = 293
    assertTrue(b[1] > 280 && b[1] < 300, "split at " + b[1]);
    assertArrayEquals(new int[] {0, 3}, TsmmKernels.triangleSplit(3, 1));
    assertArrayEquals(new int[] {0, 1, 2}, TsmmKernels.triangleSplit(2, 5));
  }
}
