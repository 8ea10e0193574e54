package org.planlab.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.planlab.engine.parallel.KernelPool;

/**
 * The fusion benchmarks' plumbing on tiny inputs: the states' set-up checks (generated operator
 * against the unfused kernels) pass, the hand-written loops match naive sums, the report reads
 * JMH JSON, and the codegen timer compiles a workload with a warm second compile.
 */
class FusionBenchTest {
  @TempDir
  Path dir;

  @ParameterizedTest(name = "{0} threads")
  @ValueSource(ints = {1, 2})
  void everyStateAgreesWithTheUnfusedKernelsAtSetUp(int threads) {
    FusedPatternBench bench = new FusedPatternBench();
    FusedPatternBench.Cells cells = new FusedPatternBench.Cells();
    cells.rows = 53;
    cells.cols = 7;
    cells.sparsity = 0.2;
    cells.threads = threads;
    cells.setup();
    try {
      assertEquals(bench.sumXyzGen(cells), bench.sumXyzUnfused(cells), 1e-9);
      assertEquals(bench.sumXyzSparseGen(cells), bench.sumXyzSparseUnfused(cells), 1e-9);
      assertEquals(bench.maggUnfused(cells).get(0, 1), bench.maggGen(cells).get(0, 1), 1e-9);
    } finally {
      cells.tearDown();
    }
    FusedPatternBench.Chains chains = new FusedPatternBench.Chains();
    chains.chainRows = 41;
    chains.chainCols = 9;
    chains.p = 2;
    chains.threads = threads;
    chains.setup();
    chains.tearDown();
    FusedPatternBench.Outer outer = new FusedPatternBench.Outer();
    outer.outerN = 31;
    outer.rank = 3;
    outer.outerSparsity = 0.1;
    outer.threads = threads;
    outer.setup();
    outer.tearDown();
  }

  @Test
  void handLoopsMatchNaiveSums() {
    int n = 1003;
    double[] x = new double[n];
    double[] y = new double[n];
    double[] z = new double[n];
    for (int i = 0; i < n; i++) {
      x[i] = Math.sin(i);
      y[i] = Math.cos(3 * i);
      z[i] = (i % 7) - 3.5;
    }
    double xyz = 0;
    double xy = 0;
    double xz = 0;
    for (int i = 0; i < n; i++) {
      xyz += x[i] * y[i] * z[i];
      xy += x[i] * y[i];
      xz += x[i] * z[i];
    }
    try (KernelPool pool = new KernelPool(2)) {
      assertEquals(xyz, HandLoops.sumProduct3(x, y, z, pool), 1e-12 * n);
      double[] two = HandLoops.sumProducts2(x, y, z, pool);
      assertEquals(xy, two[0], 1e-12 * n);
      assertEquals(xz, two[1], 1e-12 * n);
    }
  }

  @Test
  void reportComputesBandwidthAndRatiosOfOneSize() throws IOException {
    Path json = dir.resolve("jmh.json");
    Files.writeString(json, "[" + String.join(",",
        result("sumXyzGen", 10), result("sumXyzUnfused", 40), result("sumXyzHand", 8)) + "]");
    String md = FusionBenchReport.renderPatterns(FusionBenchReport.read(json));
    // 24 bytes per cell of 1000 x 100 in 10 ms: 0.24 GB/s; hand 8 ms -> gen/hand 0.80
    assertTrue(md.contains("| sum(X*Y*Z) dense | rows=1000 cols=100 threads=2 | 10.00 ± 1.00 |"
        + " 40.00 ± 1.00 | 8.00 ± 1.00 (hand) | 0.24 | 0.30 | 0.80 | 4.00 |"), md);
    assertTrue(md.contains("gen / hand bandwidth 0.80 (needs >= 0.85): NOT met"), md);
    assertTrue(md.contains("unfused / gen speed-up 4.00 (needs >= 3.00): met"), md);
  }

  @Test
  void reportShowsSparseRowsWithTheirHandLoopAndNoBandwidth() throws IOException {
    Path json = dir.resolve("jmh.json");
    Files.writeString(json, "[" + String.join(",", result("sumXyzSparseGen", 10),
        result("sumXyzSparseUnfused", 30), result("sumXyzSparseHand", 5)) + "]");
    String md = FusionBenchReport.renderPatterns(FusionBenchReport.read(json));
    // bytes read by a sparse X depend on its non-zero pattern: no GB/s; gen / ref = 5 / 10
    assertTrue(md.contains("| sum(X*Y*Z) sparse X | rows=1000 cols=100 sparsity=0.1 threads=2"
        + " | 10.00 ± 1.00 | 30.00 ± 1.00 | 5.00 ± 1.00 (hand) |  |  | 0.50 | 3.00 |"), md);
  }

  private static String result(String method, double ms) {
    return "{\"benchmark\":\"org.planlab.bench.FusedPatternBench." + method + "\","
        + "\"params\":{\"rows\":\"1000\",\"cols\":\"100\",\"sparsity\":\"0.1\",\"threads\":\"2\"},"
        + "\"primaryMetric\":{\"score\":" + ms + ",\"scoreError\":1.0,\"scoreUnit\":\"ms/op\"}}";
  }

  @Test
  void codegenTimerCompilesTwiceAndTheSecondCompileHitsTheCache() throws IOException {
    CodegenTimeBench.Result r = CodegenTimeBench.measure("kmeans", 60, 1);
    assertTrue(r.cold().dags() > 0 && r.cold().cplans() > 0, r.toString());
    assertEquals(0, r.warm().classes(), r.toString());
    assertEquals(r.warm().cplans(), r.warm().cacheHits(), r.toString());
    String md = FusionBenchReport.renderCodegen(List.of(r));
    assertTrue(md.contains("| kmeans | 60 | " + r.cold().dags() + " |"), md);
  }
}
