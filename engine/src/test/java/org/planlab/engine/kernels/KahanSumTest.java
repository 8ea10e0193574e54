package org.planlab.engine.kernels;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class KahanSumTest {
  private static final double U = Math.ulp(1.0) / 2;
  /** Lengths around the short-range, block and deviation-block boundaries. */
  private static final int[] LENGTHS = {0, 1, 2, 7, 8, 31, 32, 33, 127, 128, 129, 255, 256, 257,
      1000, 4099};

  @Test
  void addRecoversWhatAPlainSumLoses() {
    KahanSum s = new KahanSum();
    for (double x : new double[] {1, 1e100, 1, -1e100}) {
      s.add(x);
    }
    assertEquals(2, s.value());
    KahanSum t = new KahanSum();
    t.add(0.1);
    KahanSum merged = new KahanSum();
    merged.add(s);
    merged.add(t);
    assertEquals(2.1, merged.value());
    merged.reset();
    assertEquals(0, merged.value());
  }

  @Test
  void rangeSumsStayWithinTheDocumentedBound() {
    SplittableRandom rnd = new SplittableRandom(3);
    for (int n : LENGTHS) {
      for (int trial = 0; trial < 5; trial++) {
        double[] a = new double[n + 3];
        for (int i = 0; i < a.length; i++) {
          // wide dynamic range and both signs: plain sums lose digits here
          a[i] = (rnd.nextDouble() - 0.5) * Math.pow(10, rnd.nextInt(12));
        }
        checkBound(a, 3, n + 3, false);
        checkBound(a, 3, n + 3, true);
      }
    }
  }

  private static void checkBound(double[] a, int from, int to, boolean squares) {
    BigDecimal exact = BigDecimal.ZERO;
    double abs = 0;
    for (int i = from; i < to; i++) {
      double x = squares ? a[i] * a[i] : a[i];
      exact = exact.add(squares ? new BigDecimal(a[i]).pow(2) : new BigDecimal(x));
      abs += Math.abs(x);
    }
    KahanSum s = new KahanSum();
    if (squares) {
      KahanSum.addSquares(a, from, to, s);
    } else {
      KahanSum.addRange(a, from, to, s);
    }
    double e = exact.doubleValue();
    // (PLAIN_RUN - 1) u sum|x| + u |S|, plus the rounding of the squares, plus second order
    double bound = (KahanSum.PLAIN_RUN + 1) * U * abs + U * Math.abs(e) + 1e-300;
    assertTrue(Math.abs(s.value() - e) <= bound,
        (to - from) + " values" + (squares ? " squared" : "") + ": " + s.value() + " vs " + e);
  }

  @Test
  void deviationsMatchTheirDefinition() {
    SplittableRandom rnd = new SplittableRandom(4);
    for (int n : LENGTHS) {
      double[] a = new double[n];
      for (int i = 0; i < n; i++) {
        a[i] = 1e6 + rnd.nextDouble();
      }
      double mean = 1e6 + 0.5;
      BigDecimal sq = BigDecimal.ZERO;
      BigDecimal lin = BigDecimal.ZERO;
      for (double x : a) {
        BigDecimal d = new BigDecimal(x).subtract(new BigDecimal(mean));
        sq = sq.add(d.multiply(d));
        lin = lin.add(d);
      }
      KahanSum s = new KahanSum();
      KahanSum l = new KahanSum();
      KahanSum.addDeviations(a, 0, n, mean, s, l);
      assertEquals(sq.doubleValue(), s.value(), 1e-13 * Math.max(1, sq.doubleValue()), n + "");
      assertEquals(lin.doubleValue(), l.value(), 1e-13 * n, n + "");
    }
  }

  @Test
  void nonFiniteSumsAreReportedAsThePlainSumWouldBe() {
    KahanSum s = new KahanSum();
    s.add(1);
    s.add(Double.POSITIVE_INFINITY);
    s.add(2);
    assertEquals(Double.POSITIVE_INFINITY, s.value());
    s.add(Double.NEGATIVE_INFINITY);
    assertTrue(Double.isNaN(s.value()));
    KahanSum big = new KahanSum();
    big.add(Double.MAX_VALUE);
    big.add(Double.MAX_VALUE);
    assertEquals(Double.POSITIVE_INFINITY, big.value());
    double[] sums = {Double.NEGATIVE_INFINITY};
    double[] comps = {0};
    KahanSum.add(sums, comps, 0, 5);
    assertEquals(Double.NEGATIVE_INFINITY, KahanSum.value(sums[0], comps[0]));
  }
}
