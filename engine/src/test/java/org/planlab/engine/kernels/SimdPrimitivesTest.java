package org.planlab.engine.kernels;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.util.Random;
import org.junit.jupiter.api.Test;

class SimdPrimitivesTest {

  @Test
  void theTestJvmRunsTheSimdPath() {
    // the build passes --add-modules jdk.incubator.vector to every test JVM (root pom)
    assertTrue(VectorPrimitives.SIMD, "jdk.incubator.vector is not loaded in the test JVM");
  }

  @Test
  void dotProductMatchesAnExactReferenceAtEveryLengthAndOffset() {
    Random rnd = new Random(3);
    double[] a = new double[200];
    double[] b = new double[200];
    for (int i = 0; i < a.length; i++) {
      a[i] = rnd.nextDouble() * 2 - 1;
      b[i] = rnd.nextDouble() * 2 - 1;
    }
    for (int len = 0; len <= 70; len++) {
      for (int ai : new int[] {0, 1, 5}) {
        int bi = 3;
        BigDecimal exact = BigDecimal.ZERO;
        double abs = 0;
        for (int j = 0; j < len; j++) {
          exact = exact.add(new BigDecimal(a[ai + j]).multiply(new BigDecimal(b[bi + j])));
          abs += Math.abs(a[ai + j] * b[bi + j]);
        }
        double got = SimdPrimitives.dot(a, b, ai, bi, len);
        double err = Math.abs(got - exact.doubleValue());
        assertTrue(err <= 1e-15 * abs + 1e-300, "len " + len + " offset " + ai + ": error " + err);
      }
    }
  }

  @Test
  void axpyRoundsEveryElementLikeTheScalarLoop() {
    Random rnd = new Random(4);
    double[] a = new double[120];
    for (int i = 0; i < a.length; i++) {
      a[i] = rnd.nextGaussian();
    }
    for (int len = 0; len <= 50; len++) {
      double[] c1 = new double[100];
      double[] c2 = new double[100];
      for (int i = 0; i < c1.length; i++) {
        c1[i] = c2[i] = rnd.nextGaussian();
      }
      SimdPrimitives.axpy(a, 0.37, c1, 7, 11, len);
      for (int j = 0; j < len; j++) {
        c2[11 + j] += 0.37 * a[7 + j];
      }
      assertArrayEquals(c2, c1, "len " + len);
    }
  }
}
