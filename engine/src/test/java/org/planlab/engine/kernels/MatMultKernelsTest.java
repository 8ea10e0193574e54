package org.planlab.engine.kernels;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.planlab.engine.kernels.Reference.Format;
import org.planlab.engine.matrix.DimensionMismatchException;
import org.planlab.engine.matrix.MatrixBlock;
import org.planlab.engine.matrix.TestMatrices;
import org.planlab.engine.parallel.KernelPool;

class MatMultKernelsTest {
  private static final KernelPool SEQ = KernelPool.sequential();
  private static final KernelPool TWO = new KernelPool(2);
  private static final double[] SPARSITIES = {0.001, 0.05, 0.3, 1.0};

  @AfterAll
  static void closePool() {
    TWO.close();
  }

  /** Multiplies with both pools, asserts identical results, checks against the naive product. */
  private static MatrixBlock checkMultiply(MatrixBlock a, MatrixBlock b, String what) {
    double[][] ad = a.toArray();
    double[][] bd = b.toArray();
    MatrixBlock a0 = a.copy();
    MatrixBlock b0 = b.copy();
    MatrixBlock c = MatMultKernels.multiply(a, b, SEQ);
    Reference.assertWithinBound(Reference.multiply(ad, bd, b.cols()),
        Reference.absProductBound(ad, bd, b.cols()), a.rows(), b.cols(), c, what);
    Reference.assertIdentical(c, MatMultKernels.multiply(a, b, TWO), what + " (2 threads)");
    Reference.assertIdentical(a0, a, what + ": left input modified");
    Reference.assertIdentical(b0, b, what + ": right input modified");
    return c;
  }

  @Test
  void sweepOfShapesSparsitiesAndAllFormatCombinations() {
    int count = 0;
    for (TestMatrices.Case ca : TestMatrices.sweep(11)) {
      MatrixBlock a = ca.block();
      int k = a.cols();
      for (int n : new int[] {0, 1, 13}) {
        for (double sp : new double[] {0.05, 1.0}) {
          MatrixBlock b = Reference.random(k, n, sp, 1000L * k + n, Format.DENSE);
          for (Format fb : Format.values()) {
            checkMultiply(a, Reference.inFormat(b, fb), ca + " %*% " + k + "x" + n + " sp=" + sp
                + " " + fb);
            count++;
          }
        }
      }
    }
    assertTrue(count > 2000, "sweep ran " + count + " products");
  }

  @Test
  void randomShapesUpTo300InAllFormats() {
    Random rnd = new Random(7);
    double[] sps = {0.001, 0.01, 0.1, 0.5, 1.0};
    for (int t = 0; t < 30; t++) {
      int m = 1 + rnd.nextInt(300);
      int k = 1 + rnd.nextInt(300);
      int n = 1 + rnd.nextInt(300);
      double sa = sps[rnd.nextInt(sps.length)];
      double sb = sps[rnd.nextInt(sps.length)];
      Format fa = Format.values()[rnd.nextInt(3)];
      Format fb = Format.values()[rnd.nextInt(3)];
      MatrixBlock a = Reference.random(m, k, sa, rnd.nextLong(), fa);
      MatrixBlock b = Reference.random(k, n, sb, rnd.nextLong(), fb);
      checkMultiply(a, b, m + "x" + k + " " + fa + " sp=" + sa + " %*% " + k + "x" + n + " " + fb
          + " sp=" + sb);
    }
  }

  @Test
  void integerValuedInputsGiveExactResults() {
    int[][] shapes = {{40, 30, 20}, {1, 50, 30}, {40, 50, 1}, {1, 50, 1}, {40, 1, 30}, {1, 1, 1},
        {120, 90, 70}, {2, 2000, 3}};
    int seed = 0;
    for (int[] s : shapes) {
      for (double sp : new double[] {0.02, 0.4, 1.0}) {
        for (Format fa : Format.values()) {
          for (Format fb : Format.values()) {
            MatrixBlock a = Reference.integers(s[0], s[1], sp, seed++, fa);
            MatrixBlock b = Reference.integers(s[1], s[2], sp, seed++, fb);
            MatrixBlock c = MatMultKernels.multiply(a, b, TWO);
            Reference.assertExact(Reference.multiply(a.toArray(), b.toArray(), s[2]), s[0], s[2], c,
                s[0] + "x" + s[1] + "x" + s[2] + " sp=" + sp + " " + fa + "/" + fb);
          }
        }
      }
    }
  }

  /**
   * Shapes across the dense kernels' blocks: the row-update kernel's (k over 24 and not a
   * multiple of 4, n over 1024) and the SIMD kernel's (rows not a multiple of four, k across a
   * block of 128, n below, at and across a panel of 12 and a block of 192 columns, with a
   * partial last panel).
   */
  @Test
  void denseKernelIsCorrectAcrossBlockBoundaries() {
    int[][] shapes = {{37, 61, 1100}, {3, 25, 1025}, {2, 5, 1030}, {33, 49, 7}, {4, 3, 2},
        {5, 129, 12}, {7, 128, 13}, {9, 257, 193}, {1, 300, 200}, {6, 1, 400}, {11, 127, 24},
        {131, 260, 1930}, {66, 130, 961}};
    long seed = 500;
    for (int[] s : shapes) {
      MatrixBlock a = Reference.random(s[0], s[1], 1, seed++, Format.DENSE);
      MatrixBlock b = Reference.random(s[1], s[2], 1, seed++, Format.DENSE);
      checkMultiply(a, b, "dense " + s[0] + "x" + s[1] + " %*% " + s[1] + "x" + s[2]);
      MatrixBlock ai = Reference.integers(s[0], s[1], 1, seed++, Format.DENSE);
      MatrixBlock bi = Reference.integers(s[1], s[2], 1, seed++, Format.DENSE);
      Reference.assertExact(Reference.multiply(ai.toArray(), bi.toArray(), s[2]), s[0], s[2],
          MatMultKernels.multiply(ai, bi, TWO), "integer dense " + s[0] + "x" + s[1] + "x" + s[2]);
    }
  }

  @Test
  void emptyInnerOrOuterDimensionsGiveZerosOfTheRightShape() {
    for (Format f : Format.values()) {
      MatrixBlock c1 = MatMultKernels.multiply(Reference.random(0, 7, 1, 1, f),
          Reference.random(7, 0, 1, 2, f), SEQ);
      assertEquals("0x0", c1.shape());
      MatrixBlock c2 = MatMultKernels.multiply(Reference.random(6, 0, 1, 3, f),
          Reference.random(0, 9, 1, 4, f), SEQ);
      assertEquals("6x9", c2.shape());
      assertEquals(0, c2.nnz());
      Reference.assertExact(new double[6][9], 6, 9, c2, "6x0 %*% 0x9 " + f);
      MatrixBlock c3 = MatMultKernels.multiply(Reference.random(0, 4, 1, 5, f),
          Reference.random(4, 3, 1, 6, f), SEQ);
      assertEquals("0x3", c3.shape());
      MatrixBlock c4 = MatMultKernels.multiply(Reference.random(5, 4, 0, 7, f),
          Reference.random(4, 3, 1, 8, f), SEQ);
      Reference.assertExact(new double[5][3], 5, 3, c4, "all-zero 5x4 %*% 4x3 " + f);
    }
  }

  @Test
  void oneByOneTimesOneByOneIsTheProduct() {
    MatrixBlock c = MatMultKernels.multiply(MatrixBlock.scalar(3), MatrixBlock.scalar(-2.5), SEQ);
    assertEquals("1x1", c.shape());
    assertEquals(-7.5, c.get(0, 0));
  }

  /** Sizes above KernelPool.MIN_PARALLEL_WORK so that the two-thread pool really forks. */
  @Test
  void largeProductsAreBitIdenticalForOneAndTwoThreads() {
    List<MatrixBlock[]> pairs = new ArrayList<>();
    long seed = 100;
    // general kernels: dense-dense (odd sizes: row pairs and k groups have tails)
    pairs.add(new MatrixBlock[] {Reference.random(151, 203, 1, seed++, Format.DENSE),
        Reference.random(203, 1101, 1, seed++, Format.DENSE)});
    for (Format fa : Format.values()) {
      for (Format fb : Format.values()) {
        pairs.add(new MatrixBlock[] {Reference.random(400, 300, 0.08, seed++, fa),
            Reference.random(300, 200, 0.08, seed++, fb)});
      }
    }
    // sparse outputs
    pairs.add(new MatrixBlock[] {Reference.random(1000, 1000, 0.01, seed++, Format.CSR),
        Reference.random(1000, 1000, 0.01, seed++, Format.MCSR)});
    pairs.add(new MatrixBlock[] {Reference.random(3000, 2000, 0.0001, seed++, Format.CSR),
        Reference.random(2000, 300, 1, seed++, Format.DENSE)});
    // vector fast paths: matrix-vector, vector-matrix (row chunks and column split), dot, outer
    pairs.add(new MatrixBlock[] {Reference.random(3000, 100, 1, seed++, Format.DENSE),
        Reference.random(100, 1, 1, seed++, Format.DENSE)});
    pairs.add(new MatrixBlock[] {Reference.random(3000, 300, 0.1, seed++, Format.CSR),
        Reference.random(300, 1, 1, seed++, Format.DENSE)});
    pairs.add(new MatrixBlock[] {Reference.random(1, 5000, 1, seed++, Format.DENSE),
        Reference.random(5000, 40, 1, seed++, Format.DENSE)});
    pairs.add(new MatrixBlock[] {Reference.random(1, 5000, 1, seed++, Format.DENSE),
        Reference.random(5000, 40, 0.5, seed++, Format.CSR)});
    pairs.add(new MatrixBlock[] {Reference.random(1, 300, 1, seed++, Format.DENSE),
        Reference.random(300, 3000, 1, seed++, Format.DENSE)});
    pairs.add(new MatrixBlock[] {Reference.random(1, 300000, 1, seed++, Format.DENSE),
        Reference.random(300000, 1, 1, seed++, Format.DENSE)});
    pairs.add(new MatrixBlock[] {Reference.random(1, 300000, 0.5, seed++, Format.CSR),
        Reference.random(300000, 1, 1, seed++, Format.DENSE)});
    pairs.add(new MatrixBlock[] {Reference.random(400, 1, 1, seed++, Format.DENSE),
        Reference.random(1, 500, 1, seed++, Format.DENSE)});
    pairs.add(new MatrixBlock[] {Reference.random(2000, 1, 0.2, seed++, Format.DENSE),
        Reference.random(1, 1000, 0.2, seed++, Format.CSR)});
    for (MatrixBlock[] p : pairs) {
      String what = p[0].shape() + " " + (p[0].isSparse() ? "sparse" : "dense") + " %*% "
          + p[1].shape() + " " + (p[1].isSparse() ? "sparse" : "dense");
      MatrixBlock c = MatMultKernels.multiply(p[0], p[1], SEQ);
      Reference.assertIdentical(c, MatMultKernels.multiply(p[0], p[1], TWO), what);
      Reference.assertExactNnzAndFormat(c, what);
    }
  }

  /**
   * A permutation matrix (rows with one non-zero 1, the AutoEncoder's shuffle) times a dense
   * matrix selects B's rows exactly; rows with another value or more non-zeros in the same left
   * operand are still summed, and empty rows stay zero. All rows filled (a dense output) and
   * one row in fifty (a sparse output), one and two threads.
   */
  @Test
  void permutationRowsSelectRowsOfTheRightOperandExactly() {
    int m = 300;
    int k = 240;
    Random rnd = new Random(11);
    for (int every : new int[] {1, 50}) {
      for (int n : new int[] {3, 40, 700}) {
        double[][] ad = new double[m][k];
        for (int i = 0; i < m; i += every) {
          int kind = (i / every) % 10;
          if (kind < 7) {
            ad[i][(i * 37) % k] = 1.0;
          } else if (kind == 7) {
            ad[i][(i * 11) % k] = -2.5;
          } else if (kind == 8) {
            ad[i][(i * 13) % k] = 1.0;
            ad[i][(i * 13 + 5) % k] = 0.5;
          }
        }
        double[][] bd = new double[k][n];
        for (double[] row : bd) {
          for (int j = 0; j < n; j++) {
            row[j] = rnd.nextDouble() - 0.5;
          }
        }
        MatrixBlock a = Reference.inFormat(MatrixBlock.of(ad), Format.CSR);
        MatrixBlock b = Reference.inFormat(MatrixBlock.of(bd), Format.DENSE);
        String what = "permutation rows every " + every + " n " + n;
        MatrixBlock c = checkMultiply(a, b, what);
        assertEquals(every > 1, c.isSparse(), what + ": output format");
        double[][] cd = c.toArray();
        for (int i = 0; i < m; i += 10 * every) {
          assertArrayEquals(bd[(i * 37) % k], cd[i], what + ": row " + i + " selects row "
              + (i * 37) % k);
        }
      }
    }
  }

  @Test
  void ultraSparseProductIsSparseAndCorrect() {
    MatrixBlock a = Reference.random(400, 300, 0.005, 21, Format.CSR);
    MatrixBlock b = Reference.random(300, 350, 0.005, 22, Format.MCSR);
    MatrixBlock c = checkMultiply(a, b, "ultra-sparse");
    assertTrue(c.isSparse(), "ultra-sparse product should be sparse, nnz " + c.nnz());
    // a few non-empty rows times a dense matrix: mostly empty output rows
    MatrixBlock rows = Reference.random(500, 300, 0.0005, 23, Format.CSR);
    MatrixBlock d = checkMultiply(rows, Reference.random(300, 200, 1, 24, Format.DENSE),
        "few rows %*% dense");
    assertTrue(d.isSparse(), "few non-empty rows should give a sparse result, nnz " + d.nnz());
  }

  @Test
  void infinityInDenseOperandPropagatesLikeTheNaiveProduct() {
    MatrixBlock a = MatrixBlock.of(new double[][] {{1, 0}, {0, 2}, {3, 4}});
    MatrixBlock b = MatrixBlock.of(new double[][] {{Double.POSITIVE_INFINITY, 1}, {1, 1}})
        .toDenseInPlace();
    MatrixBlock c = MatMultKernels.multiply(a.copy().toDenseInPlace(), b, SEQ);
    double[][] ref = Reference.multiply(a.toArray(), b.toArray(), 2);
    for (int i = 0; i < 3; i++) {
      for (int j = 0; j < 2; j++) {
        assertEquals(ref[i][j], c.get(i, j), "cell " + i + "," + j);
      }
    }
  }

  @Test
  void transposeLeftMultiplyMatchesTheProductWithTheExplicitTranspose() {
    int[][] shapes = {{200, 30, 1}, {200, 30, 5}, {50, 1500, 1}, {50, 20, 60}, {1, 7, 3},
        {7, 1, 1}, {0, 4, 1}, {5, 0, 2}, {300, 12, 0}};
    long seed = 300;
    for (int[] s : shapes) {
      for (double sp : new double[] {0.01, 0.3, 1.0}) {
        for (Format fx : Format.values()) {
          for (Format fy : Format.values()) {
            MatrixBlock x = Reference.random(s[0], s[1], sp, seed++, fx);
            MatrixBlock y = Reference.random(s[0], s[2], Math.max(sp, 0.5), seed++, fy);
            double[][] xt = Reference.transpose(x.toArray(), s[1]);
            double[][] yd = y.toArray();
            String what = "t(" + x.shape() + " " + fx + ") %*% " + y.shape() + " " + fy + " sp="
                + sp;
            MatrixBlock c = MatMultKernels.transposeLeftMultiply(x, y, SEQ);
            Reference.assertWithinBound(Reference.multiply(xt, yd, s[2]),
                Reference.absProductBound(xt, yd, s[2]), s[1], s[2], c, what);
            Reference.assertIdentical(c, MatMultKernels.transposeLeftMultiply(x, y, TWO), what);
          }
        }
      }
    }
  }

  /**
   * Dense {@code t(X) %*% Y} reads X transposed in place in the SIMD kernel. Shapes cross the
   * kernel's blocks of rows of B (k past 128 and 256), its blocks of columns (p past 16 panels),
   * partial panels and row groups of four: every cell equals the product with the transposed
   * copy bit for bit (the same products summed in the same order), with one and two threads,
   * and is within rounding of the naive product.
   */
  /**
   * The dense kernel's scalar twin, which runs before C2 has compiled the SIMD tile, rounds as
   * the tile does: a product's result does not depend on the JIT's state. Values over twelve
   * orders of magnitude and signed zeros, whole and partial groups and panels, several blocks of
   * k, rows and columns, A read as stored and transposed, row ranges that start mid-block.
   */
  @Test
  void denseKernelScalarTwinEqualsTheSimdTileBitForBit() {
    if (!GemmSimd.applies(GemmSimd.NR)) {
      return;
    }
    Random rnd = new Random(17);
    int[][] shapes = {{4, 1, GemmSimd.NR}, {9, 137, 29}, {70, 260, 2 * GemmSimd.NR + 1},
        {131, 129, 1000}, {5, 3, 11 * GemmSimd.NR}};
    for (int[] s : shapes) {
      int m = s[0];
      int k = s[1];
      int n = s[2];
      double[] a = Reference.mixedMagnitudes(rnd, m * k);
      double[] b = Reference.mixedMagnitudes(rnd, k * n);
      for (boolean transposed : new boolean[] {false, true}) {
        int rs = transposed ? 1 : k;
        int cs = transposed ? m : 1;
        int rl = m / 3;
        double[] simd = Reference.mixedMagnitudes(rnd, m * n);
        double[] twin = simd.clone();
        GemmSimd.multiplyRows(a, rs, cs, b, simd, k, n, rl, m, GemmSimd.Tiles.SIMD);
        GemmSimd.multiplyRows(a, rs, cs, b, twin, k, n, rl, m, GemmSimd.Tiles.TWIN);
        assertArrayEquals(simd, twin, m + "x" + k + "x" + n + (transposed ? " transposed" : ""));
      }
    }
  }

  @Test
  void denseTransposeLeftMultiplyEqualsTheProductWithTheCopiedTransposeBitForBit() {
    int[][] shapes = {{300, 37, 400}, {129, 5, 24}, {513, 130, 25}, {1000, 6, 50},
        {64, 2, 500}, {50000, 5, 12}};
    long seed = 700;
    for (int[] s : shapes) {
      MatrixBlock x = Reference.random(s[0], s[1], 1, seed++, Format.DENSE);
      MatrixBlock y = Reference.random(s[0], s[2], 1, seed++, Format.DENSE);
      String what = "t(" + x.shape() + ") %*% " + y.shape();
      MatrixBlock c = MatMultKernels.transposeLeftMultiply(x, y, SEQ);
      MatrixBlock copied = MatMultKernels.multiply(ReorgKernels.transpose(x, SEQ), y, SEQ);
      Reference.assertIdentical(copied, c, what);
      Reference.assertIdentical(c, MatMultKernels.transposeLeftMultiply(x, y, TWO),
          what + " (2 threads)");
      double[][] xt = Reference.transpose(x.toArray(), s[1]);
      double[][] yd = y.toArray();
      Reference.assertWithinBound(Reference.multiply(xt, yd, s[2]),
          Reference.absProductBound(xt, yd, s[2]), s[1], s[2], c, what);
    }
  }

  @Test
  void transposeLeftMultiplyOfTallMatrixIsBitIdenticalForOneAndTwoThreads() {
    MatrixBlock x = Reference.random(20000, 30, 1, 31, Format.DENSE);
    MatrixBlock y = Reference.random(20000, 1, 1, 32, Format.DENSE);
    Reference.assertIdentical(MatMultKernels.transposeLeftMultiply(x, y, SEQ),
        MatMultKernels.transposeLeftMultiply(x, y, TWO), "dense tall");
    MatrixBlock xs = Reference.random(20000, 300, 0.05, 33, Format.CSR);
    Reference.assertIdentical(MatMultKernels.transposeLeftMultiply(xs, y, SEQ),
        MatMultKernels.transposeLeftMultiply(xs, y, TWO), "sparse tall");
    MatrixBlock ym = Reference.random(20000, 3, 1, 34, Format.DENSE);
    Reference.assertIdentical(MatMultKernels.transposeLeftMultiply(xs, ym, SEQ),
        MatMultKernels.transposeLeftMultiply(xs, ym, TWO), "sparse tall, 3 columns");
  }

  @Test
  void dimensionMismatchNamesBothShapes() {
    MatrixBlock a = MatrixBlock.dense(3, 4);
    MatrixBlock b = MatrixBlock.dense(5, 6);
    DimensionMismatchException e = assertThrows(DimensionMismatchException.class,
        () -> MatMultKernels.multiply(a, b, SEQ));
    assertTrue(e.getMessage().contains("3x4") && e.getMessage().contains("5x6"), e.getMessage());
    DimensionMismatchException e2 = assertThrows(DimensionMismatchException.class,
        () -> MatMultKernels.transposeLeftMultiply(a, b, SEQ));
    assertTrue(e2.getMessage().contains("3x4") && e2.getMessage().contains("5x6"),
        e2.getMessage());
  }

  @Test
  void estimateIsCappedByEmptyRowsOfTheLeftOperand() {
    MatrixBlock a = MatrixBlock.sparse(100, 50);
    a.append(7, 3, 1.0);
    MatrixBlock b = Reference.random(50, 80, 1, 41, Format.DENSE);
    assertEquals(80, MatMultKernels.estimateNnz(a, b));
    for (double sp : SPARSITIES) {
      MatrixBlock x = Reference.random(60, 70, sp, 42, Format.CSR);
      MatrixBlock y = Reference.random(70, 40, sp, 43, Format.CSR);
      long est = MatMultKernels.estimateNnz(x, y);
      assertTrue(est >= 0 && est <= 60 * 40, "estimate " + est);
    }
  }
}
