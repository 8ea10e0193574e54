package org.planlab.engine.kernels;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import org.junit.jupiter.api.Test;

class VectorPrimitivesTest {
  private static final int MAX_LEN = 41;

  private static double[] randomArray(Random rnd, int len) {
    double[] a = new double[len];
    for (int i = 0; i < len; i++) {
      a[i] = rnd.nextDouble() * 2 - 1;
    }
    return a;
  }

  @Test
  void dotProductMatchesNaiveSumForAllLengthsAndOffsets() {
    Random rnd = new Random(1);
    for (int len = 0; len <= MAX_LEN; len++) {
      double[] a = randomArray(rnd, len + 3);
      double[] b = randomArray(rnd, len + 5);
      double ref = 0;
      double bound = 0;
      for (int j = 0; j < len; j++) {
        ref += a[3 + j] * b[5 + j];
        bound += Math.abs(a[3 + j] * b[5 + j]);
      }
      assertEquals(ref, VectorPrimitives.dotProduct(a, b, 3, 5, len), 1e-14 * bound, "len " + len);
    }
  }

  @Test
  void dotProductOfIntegersIsExact() {
    double[] a = new double[37];
    double[] b = new double[37];
    long ref = 0;
    for (int j = 0; j < 37; j++) {
      a[j] = j - 18;
      b[j] = 3 * j + 1;
      ref += (long) (j - 18) * (3 * j + 1);
    }
    assertEquals(ref, VectorPrimitives.dotProduct(a, b, 0, 0, 37));
  }

  @Test
  void sparseDotProductGathersTheIndexedValues() {
    Random rnd = new Random(2);
    double[] dense = randomArray(rnd, 60);
    for (int len = 0; len <= 13; len++) {
      int[] ix = new int[len + 2];
      double[] vals = randomArray(rnd, len + 2);
      double ref = 0;
      for (int j = 0; j < len; j++) {
        ix[2 + j] = 3 * j + 1;
        ref += vals[2 + j] * dense[7 + 3 * j + 1];
      }
      assertEquals(ref, VectorPrimitives.dotProduct(vals, dense, ix, 2, 7, len), 1e-14,
          "len " + len);
    }
  }

  @Test
  void vectMultAddAddsTheScaledSliceOnly() {
    Random rnd = new Random(3);
    for (int len = 0; len <= MAX_LEN; len++) {
      double[] a = randomArray(rnd, len + 2);
      double[] c = randomArray(rnd, len + 6);
      double[] ref = c.clone();
      for (int j = 0; j < len; j++) {
        ref[4 + j] += 0.75 * a[2 + j];
      }
      VectorPrimitives.vectMultAdd(a, 0.75, c, 2, 4, len);
      assertArrayEquals(ref, c, "len " + len);
    }
  }

  @Test
  void sparseVectMultAddScattersIntoIndexedCells() {
    double[] vals = {9, 1.5, -2, 4};
    int[] ix = {0, 2, 5, 6};
    double[] c = new double[10];
    VectorPrimitives.vectMultAdd(vals, 2, c, ix, 1, 3, 3);
    assertArrayEquals(new double[] {0, 0, 0, 0, 0, 3, 0, 0, -4, 8}, c);
  }

  @Test
  void vectMultAdd4EqualsItsDefiningExpression() {
    Random rnd = new Random(4);
    for (int len = 0; len <= MAX_LEN; len++) {
      double[] b = randomArray(rnd, 4 * len + 8);
      double[] c = randomArray(rnd, len + 1);
      double[] ref = c.clone();
      int b0 = 1;
      int b1 = 1 + len;
      int b2 = 2 + 2 * len;
      int b3 = 3 + 3 * len;
      for (int j = 0; j < len; j++) {
        ref[1 + j] += 0.5 * b[b0 + j] - 1.5 * b[b1 + j] + 2.5 * b[b2 + j] + 0.25 * b[b3 + j];
      }
      VectorPrimitives.vectMultAdd4(0.5, -1.5, 2.5, 0.25, b, b0, b1, b2, b3, c, 1, len);
      assertArrayEquals(ref, c, "len " + len);
    }
  }

  @Test
  void rangeFormsGiveExactlyTheOffsetFormResultOnTheirRange() {
    Random rnd = new Random(5);
    for (int len = 0; len <= MAX_LEN; len++) {
      double[] b = randomArray(rnd, 4 * len);
      double[][] rows = new double[4][len + 3];
      for (int r = 0; r < 4; r++) {
        System.arraycopy(b, r * len, rows[r], 3, len);
      }
      double[] c = randomArray(rnd, len + 3);
      double[] ref = c.clone();
      VectorPrimitives.vectMultAdd4(0.1, 0.2, 0.3, 0.4, b, 0, len, 2 * len, 3 * len, ref, 3, len);
      VectorPrimitives.vectMultAdd4Range(0.1, 0.2, 0.3, 0.4, rows[0], rows[1], rows[2], rows[3],
          c, 3, len + 3);
      assertArrayEquals(ref, c, "vectMultAdd4Range, len " + len);

      double[] ref1 = c.clone();
      VectorPrimitives.vectMultAdd(rows[2], -0.7, ref1, 3, 3, len);
      VectorPrimitives.vectMultAddRange(rows[2], -0.7, c, 3, len + 3);
      assertArrayEquals(ref1, c, "vectMultAddRange, len " + len);
    }
  }

  @Test
  void vectMultAdd4x2RangeGivesEachRowExactlyTheOneRowResult() {
    Random rnd = new Random(6);
    for (int len = 0; len <= MAX_LEN; len++) {
      double[][] b = {randomArray(rnd, len), randomArray(rnd, len), randomArray(rnd, len),
          randomArray(rnd, len)};
      double[] c0 = randomArray(rnd, len);
      double[] c1 = randomArray(rnd, len);
      double[] ref0 = c0.clone();
      double[] ref1 = c1.clone();
      VectorPrimitives.vectMultAdd4Range(0.1, 0.2, 0.3, 0.4, b[0], b[1], b[2], b[3], ref0, 0, len);
      VectorPrimitives.vectMultAdd4Range(-1, 2, -3, 4, b[0], b[1], b[2], b[3], ref1, 0, len);
      VectorPrimitives.vectMultAdd4x2Range(0.1, 0.2, 0.3, 0.4, -1, 2, -3, 4, b[0], b[1], b[2],
          b[3], c0, c1, 0, len);
      assertArrayEquals(ref0, c0, "first row, len " + len);
      assertArrayEquals(ref1, c1, "second row, len " + len);
    }
  }

  @Test
  void dotProduct4MatchesFourNaiveDotProducts() {
    Random rnd = new Random(7);
    for (int len = 0; len <= MAX_LEN; len++) {
      double[][] a = {randomArray(rnd, len), randomArray(rnd, len), randomArray(rnd, len),
          randomArray(rnd, len)};
      double[] b = randomArray(rnd, len);
      double[] out = new double[6];
      VectorPrimitives.dotProduct4(a[0], a[1], a[2], a[3], b, len, out, 2);
      for (int r = 0; r < 4; r++) {
        double ref = 0;
        double bound = 0;
        for (int j = 0; j < len; j++) {
          ref += a[r][j] * b[j];
          bound += Math.abs(a[r][j] * b[j]);
        }
        assertEquals(ref, out[2 + r], 1e-14 * bound, "row " + r + ", len " + len);
      }
    }
  }

  @Test
  void vectAddAddsTheSlice() {
    double[] a = {1, 2, 3, 4};
    double[] c = {10, 20, 30};
    VectorPrimitives.vectAdd(a, c, 1, 1, 2);
    assertArrayEquals(new double[] {10, 22, 33}, c);
  }

  /**
   * Gathered rows of a k-column matrix, combined with weights into a row with an offset, and
   * one row scattered into indexed rows: both against the naive loops, for ranks below, at and
   * above the vector width (scalar tails included), ranks that the scalar loops hold in one
   * window of local variables or split into several, and odd and even numbers of rows.
   */
  @Test
  void gatherAndScatterMultAddMatchTheNaiveLoops() {
    Random rnd = new Random(3);
    for (int k : new int[] {1, 2, 3, 4, 5, 7, 8, 10, 11, 12, 15, 16, 19, 20, 27, 33}) {
      for (int len = 0; len <= 9; len++) {
        int rows = 12;
        double[] b = randomArray(rnd, rows * k);
        double[] w = randomArray(rnd, len);
        int[] ix = new int[len + 2];
        for (int q = 0; q < len; q++) {
          ix[2 + q] = rnd.nextInt(rows);
        }
        double[] c = randomArray(rnd, k + 5);
        double[] ref = c.clone();
        for (int l = 0; l < k; l++) {
          for (int q = 0; q < len; q++) {
            ref[5 + l] += w[q] * b[ix[2 + q] * k + l];
          }
        }
        // exactly: an even and an odd chain per element, in q order, then added
        double[] exact = c.clone();
        for (int l = 0; l < k; l++) {
          double s0 = exact[5 + l];
          double s1 = 0;
          int q = 0;
          for (; q + 1 < len; q += 2) {
            s0 += w[q] * b[ix[2 + q] * k + l];
            s1 += w[q + 1] * b[ix[3 + q] * k + l];
          }
          if (q < len) {
            s0 += w[q] * b[ix[2 + q] * k + l];
          }
          exact[5 + l] = s0 + s1;
        }
        VectorPrimitives.gatherMultAdd(w, ix, 2, len, b, k, c, 5);
        assertArrayEquals(exact, c, "gather k " + k + " len " + len);
        for (int l = 0; l < k + 5; l++) {
          assertEquals(ref[l], c[l], 1e-14 * (len + 1), "gather k " + k + " len " + len);
        }

        double[] u = randomArray(rnd, k + 1);
        double[] out = randomArray(rnd, rows * k);
        double[] expected = out.clone();
        for (int q = 0; q < len; q++) {
          for (int l = 0; l < k; l++) {
            expected[ix[2 + q] * k + l] += w[q] * u[1 + l];
          }
        }
        VectorPrimitives.scatterMultAdd(u, 1, w, ix, 2, len, out, k);
        assertArrayEquals(expected, out, "scatter k " + k + " len " + len);

        // gathered in order: each element gains its products one after another, multiplied
        // then added, as each element of a scattered-into row does
        double[] inOrder = randomArray(rnd, k + 5);
        double[] expectedInOrder = inOrder.clone();
        for (int q = 0; q < len; q++) {
          for (int l = 0; l < k; l++) {
            expectedInOrder[5 + l] = expectedInOrder[5 + l] + w[q] * b[ix[2 + q] * k + l];
          }
        }
        VectorPrimitives.gatherMultAddInOrder(w, ix, 2, len, b, k, inOrder, 5);
        assertArrayEquals(expectedInOrder, inOrder, "gather in order k " + k + " len " + len);
      }
    }
  }

  /**
   * The Outer template's row loops against their defining sums, for ranks of one to eight
   * 4-lane vectors with and without a scalar tail, ranks below one vector and above eight
   * (the non-register paths), empty rows, and non-zeros read from an offset.
   */
  @Test
  void outerRowLoopsMatchTheirDefiningSums() {
    Random rnd = new Random(5);
    for (int k : new int[] {1, 3, 4, 5, 8, 10, 12, 15, 16, 20, 23, 24, 28, 31, 32, 35, 36, 41}) {
      for (int len : new int[] {0, 1, 2, 7, 30}) {
        int rows = 40;
        double[] u = randomArray(rnd, 3 * k);
        double[] v = randomArray(rnd, rows * k);
        double[] av = randomArray(rnd, len + 3);
        int[] ix = new int[len + 3];
        for (int q = 0; q < len; q++) {
          ix[3 + q] = rnd.nextInt(rows);
        }
        int ui = k;
        double[] dots = new double[len];
        for (int q = 0; q < len; q++) {
          for (int l = 0; l < k; l++) {
            dots[q] += u[ui + l] * v[ix[3 + q] * k + l];
          }
        }
        // the facade (register loops for this JVM's rank, generic loops for others) and, for
        // every rank they hold, the register loops themselves
        boolean direct = VectorPrimitives.SIMD && OuterSimd.vectorsFit(k);
        for (boolean registers : direct ? new boolean[] {false, true} : new boolean[] {false}) {
          checkOuterLoops(registers, u, ui, v, k, av, ix, len, dots, rnd);
        }
      }
    }
  }

  private static void checkOuterLoops(boolean registers, double[] u, int ui, double[] v, int k,
      double[] av, int[] ix, int len, double[] dots, Random rnd) {
    double[] uv = new double[len];
    if (registers) {
      OuterSimd.dots(u, ui, v, k, ix, 3, len, uv);
    } else {
      VectorPrimitives.outerDots(u, ui, v, k, ix, 3, len, uv);
    }
    for (int q = 0; q < len; q++) {
      assertEquals(dots[q], uv[q], 1e-14 * k, "dot k " + k + " q " + q);
    }

    double[] right = randomArray(rnd, k + 2);
    double[] expected = right.clone();
    for (int q = 0; q < len; q++) {
      double w = av[3 + q] * dots[q];
      for (int l = 0; l < k; l++) {
        expected[2 + l] += w * v[ix[3 + q] * k + l];
      }
    }
    if (registers) {
      OuterSimd.right(u, ui, v, k, av, ix, 3, len, right, 2);
    } else {
      VectorPrimitives.outerRight(u, ui, v, k, av, ix, 3, len, right, 2);
    }
    for (int l = 0; l < k + 2; l++) {
      assertEquals(expected[l], right[l], 1e-13 * k * (len + 1), "right k " + k + " l " + l);
    }
  }

  @Test
  void outerWarmUpLeavesTheLoopsCorrect() {
    VectorPrimitives.warmUpOuter(20);
    double[] u = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20};
    double[] v = new double[40];
    for (int l = 0; l < 20; l++) {
      v[20 + l] = 1;
    }
    double[] c = new double[20];
    // one non-zero 2.0 at column 1: w = 2 * (1 + ... + 20) = 420, c = 420 * V[1,] = 420
    VectorPrimitives.outerRight(u, 0, v, 20, new double[] {2.0}, new int[] {1}, 0, 1, c, 0);
    for (int l = 0; l < 20; l++) {
      assertEquals(420.0, c[l], "c[" + l + "]");
    }
  }

  /**
   * The register loops run for one rank per JVM: the first rank that asks claims them, any
   * other rank gets the generic loops (whose results the sweep above checks).
   */
  @Test
  void outerRegisterLoopsServeOneRankPerJvm() {
    if (!VectorPrimitives.SIMD) {
      return;
    }
    int rank = OuterSimd.claimedRank();
    if (rank == 0) {
      assertTrue(VectorPrimitives.outerRegisters(20));
      rank = 20;
    }
    assertTrue(VectorPrimitives.outerRegisters(rank));
    assertEquals(rank, OuterSimd.claimedRank());
    int other = rank == 8 ? 12 : 8;
    assertFalse(VectorPrimitives.outerRegisters(other), "rank " + other + " after " + rank);
    assertFalse(VectorPrimitives.outerRegisters(1000), "a rank beyond eight vectors");
  }

  /**
   * The scalar twins that run before C2 has compiled the register loops give the loops'
   * results bit for bit: every rank of one to eight vectors with each scalar tail, short and
   * long rows, values of mixed signs and magnitudes, and zeros (signed zeros included).
   */
  @Test
  void scalarTwinsEqualTheRegisterLoopsBitForBit() {
    if (!VectorPrimitives.SIMD || SimdPrimitives.lanes() != OuterScalar.LANES) {
      return;
    }
    Random rnd = new Random(11);
    for (int k = OuterScalar.LANES; k <= OuterSimd.MAX_VECTORS * OuterScalar.LANES + 3; k++) {
      for (int len : new int[] {1, 2, 9, 40}) {
        int rows = 50;
        double[] u = Reference.mixedMagnitudes(rnd, 2 * k);
        double[] v = Reference.mixedMagnitudes(rnd, rows * k);
        double[] av = Reference.mixedMagnitudes(rnd, len + 1);
        int[] ix = new int[len + 1];
        for (int q = 0; q < len; q++) {
          ix[1 + q] = rnd.nextInt(rows);
        }
        String at = "k " + k + " len " + len;
        double[] uvSimd = new double[len];
        double[] uvTwin = new double[len];
        OuterSimd.dots(u, k, v, k, ix, 1, len, uvSimd);
        OuterScalar.dots(u, k, v, k, ix, 1, len, uvTwin);
        assertArrayEquals(uvSimd, uvTwin, "dots " + at);

        double[] right = Reference.mixedMagnitudes(rnd, k + 3);
        double[] rightTwin = right.clone();
        OuterSimd.right(u, k, v, k, av, ix, 1, len, right, 3);
        OuterScalar.right(u, k, v, k, av, ix, 1, len, rightTwin, 3);
        assertArrayEquals(right, rightTwin, "right " + at);
      }
    }
  }

  /**
   * The gather and scatter SIMD loops round as the scalar loops that run before C2 has compiled
   * them: each element is multiplied, then added, the gather in an even and an odd sum.
   */
  @Test
  void gatherAndScatterSimdLoopsEqualTheScalarLoopsBitForBit() {
    if (!VectorPrimitives.SIMD) {
      return;
    }
    Random rnd = new Random(13);
    int lanes = SimdPrimitives.lanes();
    for (int k : new int[] {lanes, 2 * lanes, 5 * lanes}) {
      for (int len : new int[] {1, 2, 7, 30}) {
        int rows = 20;
        double[] b = Reference.mixedMagnitudes(rnd, rows * k);
        double[] w = Reference.mixedMagnitudes(rnd, len);
        int[] ix = new int[len];
        for (int q = 0; q < len; q++) {
          ix[q] = rnd.nextInt(rows);
        }
        double[] c = Reference.mixedMagnitudes(rnd, k);
        double[] expected = new double[k];
        for (int l = 0; l < k; l++) {
          double s0 = c[l];
          double s1 = 0;
          int q = 0;
          for (; q + 1 < len; q += 2) {
            s0 += w[q] * b[ix[q] * k + l];
            s1 += w[q + 1] * b[ix[q + 1] * k + l];
          }
          if (q < len) {
            s0 += w[q] * b[ix[q] * k + l];
          }
          expected[l] = s0 + s1;
        }
        assertEquals(k, SimdPrimitives.gatherMultAdd(w, ix, 0, len, b, k, c, 0));
        assertArrayEquals(expected, c, "gather k " + k + " len " + len);

        double[] u = Reference.mixedMagnitudes(rnd, k);
        double[] out = Reference.mixedMagnitudes(rnd, rows * k);
        double[] expectedOut = out.clone();
        for (int q = 0; q < len; q++) {
          for (int l = 0; l < k; l++) {
            expectedOut[ix[q] * k + l] += w[q] * u[l];
          }
        }
        assertEquals(k, SimdPrimitives.scatterMultAdd(u, 0, w, ix, 0, len, out, k));
        assertArrayEquals(expectedOut, out, "scatter k " + k + " len " + len);
      }
    }
  }

  /** A warm-up ends with the loops marked compiled, so that operators take them from then on. */
  @Test
  void aWarmUpEndsWithTheLoopsCompiled() {
    if (!VectorPrimitives.SIMD) {
      return;
    }
    int rank = OuterSimd.claimedRank() == 0 ? 20 : OuterSimd.claimedRank();
    VectorPrimitives.warmUpOuter(rank);
    assertTrue(OuterSimd.compiled());
  }
}
