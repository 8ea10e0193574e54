package org.planlab.engine.codegen.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import org.junit.jupiter.api.Test;
import org.planlab.engine.ops.BinaryOp;
import org.planlab.engine.ops.UnaryOp;

class VectorOpsTest {
  private static final int[] LENGTHS = {0, 1, 3, 7, 8, 9, 1000};
  /** Offsets into the arrays, so that no primitive can silently assume offset 0. */
  private static final int AO = 3;
  private static final int BO = 5;
  private static final int CO = 2;

  private static double[] random(Random rnd, int len) {
    double[] a = new double[len];
    for (int i = 0; i < len; i++) {
      a[i] = rnd.nextDouble() * 2 - 1;
    }
    return a;
  }

  /** A sparse vector of logical length len: values/indexes from position AO, about half full. */
  private record Sparse(double[] vals, int[] ix, int pos, int nnz, int len) {
    static Sparse random(Random rnd, int len, double density) {
      double[] vals = new double[AO + len];
      int[] ix = new int[AO + len];
      int n = 0;
      for (int j = 0; j < len; j++) {
        if (rnd.nextDouble() < density) {
          ix[AO + n] = j;
          vals[AO + n] = rnd.nextDouble() * 2 - 1;
          n++;
        }
      }
      return new Sparse(vals, ix, AO, n, len);
    }

    double[] dense() {
      double[] d = new double[len];
      for (int k = pos; k < pos + nnz; k++) {
        d[ix[k]] = vals[k];
      }
      return d;
    }
  }

  private static void assertSum(double expected, double actual, double bound, String what) {
    assertEquals(expected, actual, 1e-13 * bound + 1e-300, what);
  }

  @Test
  void denseDotProductMatchesNaiveLoop() {
    Random rnd = new Random(1);
    for (int len : LENGTHS) {
      double[] a = random(rnd, AO + len);
      double[] b = random(rnd, BO + len);
      double ref = 0;
      double bound = 0;
      for (int j = 0; j < len; j++) {
        ref += a[AO + j] * b[BO + j];
        bound += Math.abs(a[AO + j] * b[BO + j]);
      }
      assertSum(ref, VectorOps.dotProduct(a, b, AO, BO, len), bound, "len " + len);
    }
  }

  @Test
  void sparseDotProductMatchesNaiveLoop() {
    Random rnd = new Random(2);
    for (int len : LENGTHS) {
      Sparse a = Sparse.random(rnd, len, 0.5);
      double[] b = random(rnd, BO + len);
      double[] ad = a.dense();
      double ref = 0;
      double bound = 0;
      for (int j = 0; j < len; j++) {
        ref += ad[j] * b[BO + j];
        bound += Math.abs(ad[j] * b[BO + j]);
      }
      assertSum(ref, VectorOps.dotProduct(a.vals, a.ix, a.pos, a.nnz, b, BO), bound,
          "len " + len);
    }
  }

  @Test
  void vectMultAddDenseAndSparseAddScaledSlice() {
    Random rnd = new Random(3);
    for (int len : LENGTHS) {
      double s = rnd.nextDouble() - 0.5;
      double[] a = random(rnd, AO + len);
      double[] c = random(rnd, CO + len + 1);
      double[] ref = c.clone();
      for (int j = 0; j < len; j++) {
        ref[CO + j] += s * a[AO + j];
      }
      VectorOps.vectMultAdd(a, s, c, AO, CO, len);
      assertArrayClose(ref, c, "dense len " + len);

      Sparse sp = Sparse.random(rnd, len, 0.4);
      double[] d = random(rnd, CO + len + 1);
      double[] refd = d.clone();
      for (int k = sp.pos; k < sp.pos + sp.nnz; k++) {
        refd[CO + sp.ix[k]] += s * sp.vals[k];
      }
      VectorOps.vectMultAdd(sp.vals, sp.ix, sp.pos, sp.nnz, s, d, CO);
      assertArrayClose(refd, d, "sparse len " + len);
    }
  }

  @Test
  void vectAddAndVectWriteTouchOnlyTheSlice() {
    Random rnd = new Random(4);
    for (int len : LENGTHS) {
      double[] a = random(rnd, AO + len);
      double[] c = random(rnd, CO + len + 2);
      double[] ref = c.clone();
      for (int j = 0; j < len; j++) {
        ref[CO + j] += a[AO + j];
      }
      VectorOps.vectAdd(a, c, AO, CO, len);
      assertArrayClose(ref, c, "add len " + len);
      for (int j = 0; j < len; j++) {
        ref[CO + j] = a[AO + j];
      }
      VectorOps.vectWrite(a, c, AO, CO, len);
      assertArrayClose(ref, c, "write len " + len);
    }
  }

  @Test
  void vectMatMultDenseAndSparseMatchNaiveProduct() {
    Random rnd = new Random(5);
    VectorBuffer buf = new VectorBuffer(2);
    for (int len : LENGTHS) {
      for (int p : new int[] {1, 3, 9}) {
        double[] m = random(rnd, len * p);
        double[] a = random(rnd, AO + len);
        double[] got = VectorOps.vectMatMult(a, AO, m, len, p, buf);
        assertEquals(p, got.length);
        double[] ref = new double[p];
        for (int j = 0; j < p; j++) {
          for (int i = 0; i < len; i++) {
            ref[j] += a[AO + i] * m[i * p + j];
          }
        }
        assertArrayClose(ref, got, "dense len " + len + " p " + p);

        Sparse sp = Sparse.random(rnd, len, 0.3);
        double[] sd = sp.dense();
        double[] gots = VectorOps.vectMatMult(sp.vals, sp.ix, sp.pos, sp.nnz, m, p, buf);
        double[] refs = new double[p];
        for (int j = 0; j < p; j++) {
          for (int i = 0; i < len; i++) {
            refs[j] += sd[i] * m[i * p + j];
          }
        }
        assertArrayClose(refs, gots, "sparse len " + len + " p " + p);
      }
    }
  }

  @Test
  void vectMatMultOverwritesAReusedBufferArray() {
    VectorBuffer buf = new VectorBuffer(1);
    double[] first = buf.next(2);
    first[0] = 42;
    first[1] = 43;
    double[] got = VectorOps.vectMatMult(new double[] {2}, 0, new double[] {1, 1}, 1, 2, buf);
    assertEquals(2, got[0]);
    assertEquals(2, got[1]);
  }

  @Test
  void vectOuterMultAddDenseAndSparseMatchNaiveLoops() {
    Random rnd = new Random(6);
    for (int la : LENGTHS) {
      if (la > 100) {
        la = 57;
      }
      for (int lb : new int[] {0, 1, 5, 17}) {
        double[] a = random(rnd, AO + la);
        double[] b = random(rnd, BO + lb);
        double[] c = random(rnd, CO + la * lb + 1);
        double[] ref = c.clone();
        for (int i = 0; i < la; i++) {
          for (int j = 0; j < lb; j++) {
            ref[CO + i * lb + j] += a[AO + i] * b[BO + j];
          }
        }
        VectorOps.vectOuterMultAdd(a, b, c, AO, BO, CO, la, lb);
        assertArrayClose(ref, c, "dense la " + la + " lb " + lb);

        Sparse sp = Sparse.random(rnd, la, 0.5);
        double[] d = random(rnd, CO + la * lb + 1);
        double[] refd = d.clone();
        for (int k = sp.pos; k < sp.pos + sp.nnz; k++) {
          for (int j = 0; j < lb; j++) {
            refd[CO + sp.ix[k] * lb + j] += sp.vals[k] * b[BO + j];
          }
        }
        VectorOps.vectOuterMultAdd(sp.vals, sp.ix, sp.pos, sp.nnz, b, BO, d, CO, lb);
        assertArrayClose(refd, d, "sparse la " + la + " lb " + lb);
      }
    }
  }

  /** Values that exercise every branch of the scalar semantics: zeros, signs, NaN, infinities. */
  private static double[] specialValues(Random rnd, int len) {
    double[] special = {0, -0.0, 1, -1, 2.5, -2.5, 7, -7, 0.5, Double.NaN,
        Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, 1e-300, 3};
    double[] a = new double[len];
    for (int i = 0; i < len; i++) {
      a[i] = rnd.nextInt(3) == 0 ? rnd.nextDouble() * 20 - 10
          : special[rnd.nextInt(special.length)];
    }
    return a;
  }

  @Test
  void binaryWritesAreBitIdenticalToBinaryOpApplyForEveryOperator() {
    Random rnd = new Random(7);
    VectorBuffer buf = new VectorBuffer(3);
    for (BinaryOp op : BinaryOp.values()) {
      for (int len : LENGTHS) {
        double[] a = specialValues(rnd, AO + len);
        double[] b = specialValues(rnd, BO + len);
        double s = specialValues(rnd, 1)[0];
        double[] vv = VectorOps.vectBinaryWrite(op, a, b, AO, BO, len, buf);
        double[] vs = VectorOps.vectBinaryWrite(op, a, s, AO, len, buf);
        double[] sv = VectorOps.vectBinaryWrite(op, s, b, BO, len, buf);
        assertEquals(len, vv.length);
        for (int i = 0; i < len; i++) {
          String what = op + " len " + len + " i " + i;
          assertBits(op.apply(a[AO + i], b[BO + i]), vv[i], what + " vector-vector");
          assertBits(op.apply(a[AO + i], s), vs[i], what + " vector-scalar");
          assertBits(op.apply(s, b[BO + i]), sv[i], what + " scalar-vector");
        }
      }
    }
  }

  @Test
  void unaryWritesAreBitIdenticalToUnaryOpApplyForEveryFunction() {
    Random rnd = new Random(8);
    VectorBuffer buf = new VectorBuffer(1);
    for (UnaryOp op : UnaryOp.values()) {
      for (int len : LENGTHS) {
        double[] a = specialValues(rnd, AO + len);
        double[] got = VectorOps.vectUnaryWrite(op, a, AO, len, buf);
        assertEquals(len, got.length);
        for (int i = 0; i < len; i++) {
          assertBits(op.apply(a[AO + i]), got[i], op + " len " + len + " i " + i);
        }
      }
    }
  }

  @Test
  void sumsMatchNaiveLoopsAndAreZeroWhenEmpty() {
    Random rnd = new Random(9);
    for (int len : LENGTHS) {
      double[] a = random(rnd, AO + len + 4);
      double sum = 0;
      double sq = 0;
      double bound = 0;
      for (int j = 0; j < len; j++) {
        sum += a[AO + j];
        sq += a[AO + j] * a[AO + j];
        bound += Math.abs(a[AO + j]);
      }
      assertSum(sum, VectorOps.vectSum(a, AO, len), bound, "sum len " + len);
      assertSum(sq, VectorOps.vectSumSq(a, AO, len), bound, "sumSq len " + len);

      // the sparse forms read the stored values from apos on: zeros add nothing
      Sparse sp = Sparse.random(rnd, len, 0.5);
      double[] sd = sp.dense();
      double ssum = 0;
      double ssq = 0;
      for (double v : sd) {
        ssum += v;
        ssq += v * v;
      }
      assertSum(ssum, VectorOps.vectSum(sp.vals, sp.pos, sp.nnz), len, "sparse sum " + len);
      assertSum(ssq, VectorOps.vectSumSq(sp.vals, sp.pos, sp.nnz), len, "sparse sq " + len);
    }
    assertEquals(0.0, VectorOps.vectSum(new double[0], 0, 0));
    assertEquals(0.0, VectorOps.vectSumSq(new double[0], 0, 0));
  }

  @Test
  void minAndMaxMatchMathMinMaxIncludingImplicitZeros() {
    Random rnd = new Random(10);
    for (int len : LENGTHS) {
      double[] a = random(rnd, AO + len);
      double min = Double.POSITIVE_INFINITY;
      double max = Double.NEGATIVE_INFINITY;
      for (int j = 0; j < len; j++) {
        min = Math.min(min, a[AO + j]);
        max = Math.max(max, a[AO + j]);
      }
      assertEquals(min, VectorOps.vectMin(a, AO, len), "min len " + len);
      assertEquals(max, VectorOps.vectMax(a, AO, len), "max len " + len);

      for (double density : new double[] {0, 0.5, 1}) {
        Sparse sp = Sparse.random(rnd, len, density);
        double smin = Double.POSITIVE_INFINITY;
        double smax = Double.NEGATIVE_INFINITY;
        for (double v : sp.dense()) {
          smin = Math.min(smin, v);
          smax = Math.max(smax, v);
        }
        String what = "sparse len " + len + " density " + density;
        assertEquals(smin, VectorOps.vectMin(sp.vals, sp.pos, sp.nnz, len), what);
        assertEquals(smax, VectorOps.vectMax(sp.vals, sp.pos, sp.nnz, len), what);
      }
    }
  }

  @Test
  void minAndMaxFollowTheAggregateConventionsForEmptyAndNaN() {
    assertEquals(Double.POSITIVE_INFINITY, VectorOps.vectMin(new double[3], 1, 0));
    assertEquals(Double.NEGATIVE_INFINITY, VectorOps.vectMax(new double[3], 1, 0));
    assertEquals(Double.POSITIVE_INFINITY, VectorOps.vectMin(new double[0], 0, 0, 0));
    assertEquals(Double.NEGATIVE_INFINITY, VectorOps.vectMax(new double[0], 0, 0, 0));
    double[] withNaN = {5, 1, Double.NaN, -3, 2, 8, 0.5, 9, 4};
    for (int len = 3; len <= withNaN.length; len++) {
      assertTrue(Double.isNaN(VectorOps.vectMin(withNaN, 0, len)), "min len " + len);
      assertTrue(Double.isNaN(VectorOps.vectMax(withNaN, 0, len)), "max len " + len);
    }
    assertTrue(Double.isNaN(VectorOps.vectMin(withNaN, 1, 2, 5)));
    // Math.min semantics: -0.0 is smaller than 0.0
    assertEquals(-0.0, VectorOps.vectMin(new double[] {0.0, -0.0}, 0, 2));
    // a stored -1 beside implicit zeros: the zeros win for max
    assertEquals(0.0, VectorOps.vectMax(new double[] {-1}, 0, 1, 4));
    assertEquals(-1.0, VectorOps.vectMax(new double[] {-1}, 0, 1, 1));
  }

  private static void assertBits(double expected, double actual, String what) {
    assertEquals(Double.doubleToLongBits(expected), Double.doubleToLongBits(actual),
        what + ": expected " + expected + " but was " + actual);
  }

  private static void assertArrayClose(double[] expected, double[] actual, String what) {
    assertEquals(expected.length, actual.length, what + ": length");
    for (int i = 0; i < expected.length; i++) {
      assertEquals(expected[i], actual[i], 1e-12 * Math.max(1, Math.abs(expected[i])),
          what + " at " + i);
    }
  }
}
