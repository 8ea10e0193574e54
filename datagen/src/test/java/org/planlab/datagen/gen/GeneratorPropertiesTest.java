package org.planlab.datagen.gen;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.planlab.engine.io.MatrixRows;
import org.planlab.engine.io.MatrixFiles;
import org.planlab.engine.io.MatrixFormat;
import org.planlab.engine.io.MatrixSource;
import org.planlab.engine.io.WriteOptions;
import org.planlab.engine.matrix.MatrixBlock;
import org.planlab.engine.matrix.SparseBlock;
import org.planlab.engine.matrix.TestMatrices;

class GeneratorPropertiesTest {
  @TempDir
  Path dir;

  private static double[][] all(Generator g) throws IOException {
    return MatrixRows.readAll(g).toArray();
  }

  private static void assertNear(double expected, double actual, double relTol, String what) {
    assertTrue(Math.abs(actual - expected) <= relTol * Math.abs(expected),
        what + ": expected about " + expected + ", got " + actual);
  }

  // ---------------------------------------------------------------- uniform / normal / counts

  @Test
  void sparseUniformReachesItsSparsityWithValuesInRange() throws IOException {
    SparseUniform g = new SparseUniform(2000, 500, 0.05, 2, 3, 4);
    MatrixBlock m = MatrixRows.readAll(g);
    assertNear(0.05, m.sparsity(), 0.03, "sparsity");
    for (double[] row : m.toArray()) {
      for (double v : row) {
        assertTrue(v == 0 || (v >= 2 && v < 3), "value " + v);
      }
    }
  }

  @Test
  void denseNormalHasItsMeanAndStandardDeviation() throws IOException {
    double sum = 0;
    double sq = 0;
    long n = 0;
    for (double[] row : all(new DenseNormal(3000, 40, 0.5, 2, 9))) {
      for (double v : row) {
        sum += v;
        sq += v * v;
        n++;
      }
    }
    double mean = sum / n;
    assertEquals(0.5, mean, 0.05);
    assertEquals(2, Math.sqrt(sq / n - mean * mean), 0.05);
  }

  @Test
  void nonNegSparseCountsAreWholeNumbersAtLeastOneWithTheirMean() throws IOException {
    NonNegSparse g = new NonNegSparse(3000, 200, 0.05, 3, 5);
    MatrixBlock m = MatrixRows.readAll(g);
    assertNear(0.05, m.sparsity(), 0.03, "sparsity");
    double sum = 0;
    for (double[] row : m.toArray()) {
      for (double v : row) {
        assertTrue(v == 0 || (v >= 1 && v == Math.rint(v)), "count " + v);
        sum += v;
      }
    }
    assertNear(3, sum / m.nnz(), 0.03, "mean count");
    MatrixBlock ones = MatrixRows.readAll(new NonNegSparse(500, 50, 0.1, 1, 5));
    for (double[] row : ones.toArray()) {
      for (double v : row) {
        assertTrue(v == 0 || v == 1, "mean 1 gives only ones, got " + v);
      }
    }
  }

  // ---------------------------------------------------------------- power law

  @Test
  void powerLawReachesItsExpectedNnzWithDistinctSortedColumnsAndRatings() throws IOException {
    SparsePowerLaw g = new SparsePowerLaw(new SparsePowerLaw.Params(5000, 400, 0.02, 1.0, 0.5, 3));
    MatrixBlock m = MatrixRows.readAll(g);
    assertNear(0.02 * 5000 * 400, m.nnz(), 0.03, "nnz");
    assertTrue(m.isSparse());
    SparseBlock sb = m.sparseRows();
    for (int r = 0; r < m.rows(); r++) {
      int[] ix = sb.indexes(r);
      double[] v = sb.values(r);
      for (int k = sb.pos(r); k < sb.pos(r) + sb.size(r); k++) {
        assertTrue(k == sb.pos(r) || ix[k] > ix[k - 1], "columns ascending and distinct");
        assertTrue(v[k] >= 1 && v[k] <= 5 && v[k] == Math.rint(v[k]), "rating " + v[k]);
      }
    }
  }

  @Test
  void powerLawColumnsAndRowsAreSkewedButSpreadOverTheIndexes() throws IOException {
    SparsePowerLaw g = new SparsePowerLaw(new SparsePowerLaw.Params(5000, 400, 0.02, 1.0, 0.5, 3));
    double[][] a = all(g);
    long[] colNnz = new long[400];
    long[] rowNnz = new long[5000];
    long total = 0;
    for (int r = 0; r < a.length; r++) {
      for (int c = 0; c < 400; c++) {
        if (a[r][c] != 0) {
          colNnz[c]++;
          rowNnz[r]++;
          total++;
        }
      }
    }
    // top 10% of columns: Zipf(1) over 400 ranks gives them H(40)/H(400) ≈ 65% of the mass
    assertTrue(topShare(colNnz, 40, total) > 0.5, "column share " + topShare(colNnz, 40, total));
    // top 10% of rows: Zipf(0.5) over 5000 ranks gives them about 30%
    assertTrue(topShare(rowNnz, 500, total) > 0.2, "row share " + topShare(rowNnz, 500, total));
    // popular rows and columns are scattered: no block of 1000 rows, no quarter of the columns
    // holds much more than its share
    for (int b = 0; b < 5; b++) {
      long s = 0;
      for (int r = b * 1000; r < (b + 1) * 1000; r++) {
        s += rowNnz[r];
      }
      assertTrue(s < 0.35 * total && s > 0.1 * total, "block " + b + " holds " + s + " of " + total);
    }
    for (int q = 0; q < 4; q++) {
      long s = 0;
      for (int c = q * 100; c < (q + 1) * 100; c++) {
        s += colNnz[c];
      }
      assertTrue(s < 0.6 * total, "column quarter " + q + " holds " + s + " of " + total);
    }
  }

  private static double topShare(long[] counts, int top, long total) {
    long[] s = counts.clone();
    java.util.Arrays.sort(s);
    long sum = 0;
    for (int i = s.length - top; i < s.length; i++) {
      sum += s[i];
    }
    return (double) sum / total;
  }

  @Test
  void steepPowerLawWithDenseRowsCompletesWithoutReplacement() throws IOException {
    SparsePowerLaw.Params p = new SparsePowerLaw.Params(40, 300, 0.5, 3.0, 0.5, 8);
    MatrixBlock m = MatrixRows.readAll(new SparsePowerLaw(p));
    // reference: sum over rows of min(cols, E * (rank+1)^-0.5 / H(40, 0.5)); ranks are a
    // permutation of 0..39, so the row order does not matter
    double h = 0;
    for (int k = 1; k <= 40; k++) {
      h += Math.pow(k, -0.5);
    }
    double expected = 0;
    for (int k = 1; k <= 40; k++) {
      expected += Math.min(300, 0.5 * 40 * 300 * Math.pow(k, -0.5) / h);
    }
    assertNear(expected, m.nnz(), 0.02, "nnz with capped rows");
    // duplicate columns in a row would leave nnz above the real count: assertClose checks it
    TestMatrices.assertClose(m, m, 0, "nnz exact, so columns distinct");
    TestMatrices.assertClose(m, MatrixRows.readAll(new SparsePowerLaw(p)), 0, "deterministic");
  }

  // ---------------------------------------------------------------- labels

  @Test
  void twoClassLabelsAreSignsOfTheHiddenModelWithoutNoise() throws IOException {
    DenseUniform x = new DenseUniform(2500, 6, -1, 1, 1);
    LabelsFromModel y = new LabelsFromModel(x, new LabelsFromModel.Params(2, 0, 2));
    double[][] xa = all(x);
    double[][] w = y.model().toArray();
    double[][] ya = all(y);
    assertEquals(2500, ya.length);
    for (int r = 0; r < xa.length; r++) {
      double s = 0;
      for (int j = 0; j < 6; j++) {
        s += xa[r][j] * w[j][0];
      }
      assertEquals(s >= 0 ? 1.0 : -1.0, ya[r][0], "row " + r);
    }
  }

  @Test
  void multiClassLabelsAreArgmaxPlusOneWithoutNoise() throws IOException {
    SparseUniform x = new SparseUniform(1500, 9, 0.4, -1, 1, 4);
    LabelsFromModel y = new LabelsFromModel(x, new LabelsFromModel.Params(4, 0, 5));
    double[][] xa = all(x);
    double[][] w = y.model().toArray();
    double[][] ya = all(y);
    int[] seen = new int[5];
    for (int r = 0; r < xa.length; r++) {
      int best = 0;
      double bestScore = Double.NEGATIVE_INFINITY;
      for (int k = 0; k < 4; k++) {
        double s = 0;
        for (int j = 0; j < 9; j++) {
          s += xa[r][j] * w[j][k];
        }
        if (s > bestScore) {
          best = k;
          bestScore = s;
        }
      }
      assertEquals(best + 1.0, ya[r][0], "row " + r);
      seen[best + 1]++;
    }
    for (int k = 1; k <= 4; k++) {
      assertTrue(seen[k] > 0, "class " + k + " occurs");
    }
  }

  @Test
  void noisyLabelsStayCorrelatedWithTheModelScores() throws IOException {
    DenseNormal x = new DenseNormal(3000, 10, 0, 1, 7);
    LabelsFromModel y = new LabelsFromModel(x, new LabelsFromModel.Params(2, 0.5, 8));
    double[][] xa = all(x);
    double[][] w = y.model().toArray();
    double[][] ya = all(y);
    int agree = 0;
    int plus = 0;
    for (int r = 0; r < xa.length; r++) {
      double s = 0;
      for (int j = 0; j < 10; j++) {
        s += xa[r][j] * w[j][0];
      }
      assertTrue(ya[r][0] == 1 || ya[r][0] == -1);
      agree += (s >= 0) == (ya[r][0] > 0) ? 1 : 0;
      plus += ya[r][0] > 0 ? 1 : 0;
    }
    // score sd ~ |w| ~ 3 against noise 0.5: few flips; disagreement far below the 50% of chance
    assertTrue(agree > 0.85 * xa.length, "agreement " + agree);
    assertTrue(agree < xa.length, "noise flips some labels");
    assertTrue(plus > 0.25 * xa.length && plus < 0.75 * xa.length, "balance " + plus);
  }

  @Test
  void hiddenModelColumnsSumToZeroSoLabelsOfUncenteredDataAreBalanced() throws IOException {
    DenseUniform x = new DenseUniform(4000, 10, 0, 1, 7);
    for (long seed = 1; seed <= 6; seed++) {
      LabelsFromModel y2 = new LabelsFromModel(x, new LabelsFromModel.Params(2, 0.1, seed));
      double colSum = 0;
      for (double[] row : y2.model().toArray()) {
        colSum += row[0];
      }
      assertEquals(0, colSum, 1e-12, "column sum of w*");
      int plus = 0;
      for (double[] row : all(y2)) {
        plus += row[0] > 0 ? 1 : 0;
      }
      assertTrue(plus > 0.3 * 4000 && plus < 0.7 * 4000, "seed " + seed + ": " + plus + " of 4000");
      int[] count = new int[4];
      for (double[] row : all(new LabelsFromModel(x, new LabelsFromModel.Params(3, 0.1, seed)))) {
        count[(int) row[0]]++;
      }
      for (int k = 1; k <= 3; k++) {
        assertTrue(count[k] > 0.05 * 4000, "seed " + seed + ", class " + k + ": " + count[k]);
      }
    }
  }

  @Test
  void labelsFromAFileEqualLabelsFromTheGeneratorItself() throws IOException {
    DenseUniform x = new DenseUniform(2300, 5, -1, 1, 3);
    LabelsFromModel.Params p = new LabelsFromModel.Params(3, 0.2, 4);
    MatrixBlock direct = MatrixRows.readAll(new LabelsFromModel(x, p));
    for (MatrixFormat f : MatrixFormat.values()) {
      Path file = dir.resolve("x." + f);
      // binary blocks of 700 rows: the streamed input must be re-cut to generator blocks
      MatrixFiles.write(MatrixRows.readAll(x), file, f, WriteOptions.defaults().withBlocksize(700));
      try (MatrixSource in = MatrixFiles.open(file)) {
        TestMatrices.assertClose(direct, MatrixRows.readAll(new LabelsFromModel(in, p)), 0,
            "labels of X read as " + f);
      }
    }
  }

  // ---------------------------------------------------------------- low rank

  @Test
  void lowRankWithoutNoiseIsExactlyTheProductOfItsFactors() throws IOException {
    LowRankPlusNoise g = new LowRankPlusNoise(new LowRankPlusNoise.Params(1200, 30, 3, 1.0, 0, 6));
    double[][] v = g.v().toArray();
    for (int b = 0; b < g.blockCount(); b++) {
      double[][] u = g.u(b).toArray();
      double[][] expected = new double[u.length][30];
      for (int r = 0; r < u.length; r++) {
        for (int c = 0; c < 30; c++) {
          double s = 0;
          for (int k = 0; k < 3; k++) {
            s += u[r][k] * v[c][k];
          }
          expected[r][c] = s;
        }
      }
      TestMatrices.assertClose(expected, g.block(b), 0, "block " + b);
    }
  }

  @Test
  void lowRankMaskKeepsItsSparsityAndNoiseHasItsDeviation() throws IOException {
    LowRankPlusNoise exact = new LowRankPlusNoise(new LowRankPlusNoise.Params(2000, 80, 4, 0.3, 0, 6));
    LowRankPlusNoise noisy = new LowRankPlusNoise(new LowRankPlusNoise.Params(2000, 80, 4, 0.3, 0.25, 6));
    double[][] a = all(exact);
    double[][] b = all(noisy);
    long nnz = 0;
    double sq = 0;
    double signal = 0;
    for (int r = 0; r < a.length; r++) {
      for (int c = 0; c < 80; c++) {
        assertEquals(a[r][c] != 0, b[r][c] != 0, "same mask");
        if (a[r][c] != 0) {
          nnz++;
          sq += (b[r][c] - a[r][c]) * (b[r][c] - a[r][c]);
          signal += a[r][c] * a[r][c];
        }
      }
    }
    assertNear(0.3 * 2000 * 80, nnz, 0.03, "masked cells");
    assertEquals(0.25, Math.sqrt(sq / nnz), 0.01, "noise sd");
    assertEquals(1.0, signal / nnz, 0.25, "U·Vᵀ has about unit variance");
  }

  // ---------------------------------------------------------------- helpers of the generators

  @Test
  void harmonicNumbersBeyondTheExactTermsMatchTheFullSum() {
    for (double s : new double[] {0, 0.5, 1, 1.5, 3}) {
      long n = 3_000_000;
      double exact = 0;
      for (long k = n; k >= 1; k--) {
        exact += Math.pow(k, -s);
      }
      assertEquals(exact, Zipf.harmonic(n, s), 1e-10 * exact, "s=" + s);
    }
  }

  @Test
  void zipfSamplingFindsTheCdfInterval() {
    double[] cdf = Zipf.cdf(4, 1); // weights 1, 1/2, 1/3, 1/4 over 25/12
    assertEquals(0, Zipf.sample(cdf, 0));
    assertEquals(0, Zipf.sample(cdf, 0.47));
    assertEquals(1, Zipf.sample(cdf, 0.4801));
    assertEquals(3, Zipf.sample(cdf, 0.9999));
    assertEquals(1.0, cdf[3]);
  }

  @Test
  void affinePermutationsAreBijections() {
    for (long n : new long[] {1, 2, 7, 1000, 1024, 99_991, 100_000}) {
      AffinePermutation p = new AffinePermutation(n, new java.util.SplittableRandom(n));
      boolean[] hit = new boolean[(int) n];
      for (long x = 0; x < n; x++) {
        int y = (int) p.apply(x);
        assertTrue(!hit[y], "n=" + n + ": " + y + " hit twice");
        hit[y] = true;
      }
    }
  }
}
