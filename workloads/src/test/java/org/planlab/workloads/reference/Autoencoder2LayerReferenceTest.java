package org.planlab.workloads.reference;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import org.junit.jupiter.api.Test;

class Autoencoder2LayerReferenceTest {
  private static final int N = 64;
  private static final int M = 6;
  private static final int H1 = 5;
  private static final int H2 = 2;
  private static final double[][] X = TestData.uniform(new Random(51), N, M, 0, 10);

  private static Autoencoder2LayerReference.Draws draws(long seed) {
    Random rnd = new Random(seed);
    return new Autoencoder2LayerReference.Draws(TestData.uniform(rnd, N, 0, 1),
        TestData.uniform(rnd, H1, M, -1, 1), TestData.uniform(rnd, H2, H1, -1, 1),
        TestData.uniform(rnd, H1, H2, -1, 1), TestData.uniform(rnd, M, H1, -1, 1));
  }

  @Test
  void firstUpdateIsTheLossGradient() {
    // one epoch of one full batch: the update is −(step / n) times the gradient of 1/2 Σ E²
    Autoencoder2LayerReference.Draws d = draws(52);
    double step = 0.01;
    Autoencoder2LayerReference.Result r = Autoencoder2LayerReference.fit(X,
        d, new Autoencoder2LayerReference.Params(H1, H2, 1, N, step, 0.95, 0.9));
    double[][][] w0 = {
        Dense.scale(Math.sqrt(6.0 / (M + H1)), d.W1_rand()), Dense.scale(Math.sqrt(6.0 / (H1 + H2)), d.W2_rand()),
        Dense.scale(Math.sqrt(6.0 / (H2 + H1)), d.W3_rand()), Dense.scale(Math.sqrt(6.0 / (H1 + M)), d.W4_rand())};
    double[][][] b0 = {new double[1][H1], new double[1][H2], new double[1][H1], new double[1][M]};
    double[][][] w1 = {r.W1(), r.W2(), r.W3(), r.W4()};
    double[][][] b1 = {{r.b1()}, {r.b2()}, {r.b3()}, {r.b4()}};
    double[][] xs = standardized(X);
    for (int layer = 0; layer < 4; layer++) {
      assertGradient(xs, w0, b0, w0[layer], w1[layer], step, "W" + (layer + 1));
      assertGradient(xs, w0, b0, b0[layer], b1[layer], step, "b" + (layer + 1));
    }
  }

  @Test
  void codeLayerComesBackInTheOriginalRowOrder() {
    Autoencoder2LayerReference.Result r = Autoencoder2LayerReference.fit(X, draws(53),
        new Autoencoder2LayerReference.Params(H1, H2, 2, 16, 0.05, 0.95, 0.9));
    double[][] xs = standardized(X);
    double[][] expected = layer(layer(xs, r.W1(), r.b1()), r.W2(), r.b2());
    assertEquals(N, r.reordered_H().length);
    assertTrue(TestData.relError(expected, r.reordered_H()) < 1e-12,
        "error " + TestData.relError(expected, r.reordered_H()));
  }

  @Test
  void trainingLowersTheBatchObjective() {
    Autoencoder2LayerReference.Result r = Autoencoder2LayerReference.fit(X, draws(54),
        new Autoencoder2LayerReference.Params(H1, H2, 30, 16, 0.5, 0.95, 0.9));
    double[] perEpoch = r.epochObjectives();
    assertEquals(30, perEpoch.length);
    assertEquals(perEpoch[29], r.obj());
    assertTrue(perEpoch[29] < 0.8 * perEpoch[0], "objective per epoch " + java.util.Arrays.toString(perEpoch));
  }

  @Test
  void shortLastBatchIsIncluded() {
    // 64 rows in batches of 24: 24 + 24 + 16; the objective is the mean over the three batches
    Autoencoder2LayerReference.Result r = Autoencoder2LayerReference.fit(X, draws(55),
        new Autoencoder2LayerReference.Params(H1, H2, 1, 24, 0, 0.95, 0.9));
    // step 0: the weights never move, so the objective is computable from the initial weights
    Autoencoder2LayerReference.Draws d = draws(55);
    double[][] xs = shuffledStandardized(X, d.order_rand());
    double[][][] w = {
        Dense.scale(Math.sqrt(6.0 / (M + H1)), d.W1_rand()), Dense.scale(Math.sqrt(6.0 / (H1 + H2)), d.W2_rand()),
        Dense.scale(Math.sqrt(6.0 / (H2 + H1)), d.W3_rand()), Dense.scale(Math.sqrt(6.0 / (H1 + M)), d.W4_rand())};
    double[][][] b = {new double[1][H1], new double[1][H2], new double[1][H1], new double[1][M]};
    double expected = (loss(Dense.rows(xs, 0, 24), w, b) + loss(Dense.rows(xs, 24, 48), w, b)
        + loss(Dense.rows(xs, 48, 64), w, b)) / 3;
    assertEquals(expected, r.obj(), 1e-12 * expected);
    assertArrayEquals(w[0][0], r.W1()[0], 0);
  }

  /** Central differences of 1/2 Σ E² over every cell of {@code param} (part of w0/b0). */
  private static void assertGradient(double[][] xs, double[][][] w, double[][][] b, double[][] param,
      double[][] updated, double step, String what) {
    for (int i = 0; i < param.length; i++) {
      for (int j = 0; j < param[i].length; j++) {
        double applied = (param[i][j] - updated[i][j]) * N / step;
        double keep = param[i][j];
        double h = 1e-6;
        param[i][j] = keep + h;
        double up = loss(xs, w, b);
        param[i][j] = keep - h;
        double down = loss(xs, w, b);
        param[i][j] = keep;
        double numeric = (up - down) / (2 * h);
        assertEquals(numeric, applied, 1e-6 * Math.max(1, Math.abs(numeric)), what + "[" + i + "," + j + "]");
      }
    }
  }

  private static double loss(double[][] xs, double[][][] w, double[][][] b) {
    double[][] a = xs;
    for (int l = 0; l < 4; l++) {
      a = layer(a, w[l], b[l][0]);
    }
    return 0.5 * Dense.sumSq(Dense.axpy(a, -1, xs));
  }

  private static double[][] layer(double[][] a, double[][] w, double[] bias) {
    double[][] out = new double[a.length][w.length];
    for (int i = 0; i < a.length; i++) {
      for (int u = 0; u < w.length; u++) {
        out[i][u] = Math.tanh(Dense.dot(a[i], w[u]) + bias[u]);
      }
    }
    return out;
  }

  private static double[][] standardized(double[][] x) {
    double[][] out = Dense.copy(x);
    for (int j = 0; j < M; j++) {
      double[] col = Dense.column(x, j);
      double mean = Dense.sum(col) / N;
      double ss = 0;
      for (double v : col) {
        ss += (v - mean) * (v - mean);
      }
      double sd = Math.sqrt(ss / (N - 1));
      for (double[] row : out) {
        row[j] = (row[j] - mean) / sd;
      }
    }
    return out;
  }

  private static double[][] shuffledStandardized(double[][] x, double[] keys) {
    int[] perm = Autoencoder2LayerReference.stableOrder(keys);
    double[][] shuffled = new double[N][];
    for (int i = 0; i < N; i++) {
      shuffled[i] = x[perm[i]];
    }
    return standardized(shuffled);
  }
}
