package org.planlab.bench;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.lang.reflect.Method;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.openjdk.jmh.annotations.Benchmark;
import org.planlab.engine.matrix.TestMatrices;

/**
 * The pattern benchmarks beyond FusionBenchTest's set-up checks: the method table covers exactly
 * the benchmark methods, the dense-X outer product agrees at set-up, and the new sparse and hand
 * methods return what gen returns on tiny inputs.
 */
class FusedPatternBenchTest {
  @Test
  void methodTableListsExactlyTheBenchmarkMethods() {
    Set<String> benchmarks = Arrays.stream(FusedPatternBench.class.getDeclaredMethods())
        .filter(m -> m.isAnnotationPresent(Benchmark.class)).map(Method::getName)
        .collect(Collectors.toCollection(TreeSet::new));
    Set<String> table = FusedPatternMethods.METHODS.stream()
        .map(FusedPatternMethods.Method::name).collect(Collectors.toCollection(TreeSet::new));
    assertEquals(benchmarks, table);
  }

  @Test
  void methodTableHasOneMethodPerPatternFormatAndVariant() {
    Set<List<String>> keys = new HashSet<>();
    for (FusedPatternMethods.Method m : FusedPatternMethods.METHODS) {
      assertEquals(true, keys.add(List.of(m.pattern(), m.format(), m.variant())), m.toString());
    }
  }

  @Test
  void denseOuterProductAgreesAtSetUpAndItsHandLoopMatchesGen() {
    FusedPatternBench bench = new FusedPatternBench();
    FusedPatternBench.OuterDense outer = new FusedPatternBench.OuterDense();
    outer.outerN = 29;
    outer.rank = 3;
    outer.threads = 2;
    outer.setup();
    try {
      assertEquals(bench.outerDenseGen(outer), bench.outerDenseHand(outer),
          1e-9 * Math.abs(bench.outerDenseGen(outer)));
    } finally {
      outer.tearDown();
    }
  }

  /** The sparse Outer state checks its patterns at set-up; the ALS step's hand loop matches. */
  @Test
  void sparseOuterPatternsAgreeAtSetUpAndTheRightHandLoopMatchesGen() {
    FusedPatternBench bench = new FusedPatternBench();
    FusedPatternBench.Outer outer = new FusedPatternBench.Outer();
    outer.outerN = 41;
    outer.rank = 20;
    outer.outerSparsity = 0.2;
    outer.threads = 2;
    outer.setup();
    try {
      TestMatrices.assertClose(bench.outerRightHand(outer), bench.outerRightGen(outer), 1e-9,
          "(X*(U%*%t(V)))%*%V");
    } finally {
      outer.tearDown();
    }
  }

  @Test
  void sparseCellAndChainHandLoopsMatchGen() {
    FusedPatternBench bench = new FusedPatternBench();
    FusedPatternBench.Cells cells = new FusedPatternBench.Cells();
    cells.rows = 53;
    cells.cols = 7;
    cells.sparsity = 0.3;
    cells.threads = 2;
    cells.setup();
    try {
      assertEquals(bench.sumXyzSparseGen(cells), bench.sumXyzSparseHand(cells), 1e-9);
      assertArrayEquals(bench.maggSparseGen(cells).toArray()[0], bench.maggSparseHand(cells),
          1e-9);
    } finally {
      cells.tearDown();
    }
    FusedPatternBench.Chains chains = new FusedPatternBench.Chains();
    chains.chainRows = 41;
    chains.chainCols = 9;
    chains.chainSparsity = 0.3;
    chains.p = 2;
    chains.threads = 2;
    chains.setup();
    try {
      double[] gen = Arrays.stream(bench.mmchainSparseGen(chains).toArray())
          .mapToDouble(r -> r[0]).toArray();
      assertArrayEquals(gen, bench.mmchainSparseHand(chains), 1e-9);
    } finally {
      chains.tearDown();
    }
  }

  /**
   * The line-search pattern: gen, unfused and hand agree at set-up, and gen equals the sums
   * written with Java's own comparison over the same vectors.
   */
  @Test
  void lineSearchSumsMatchAPlainJavaLoop() {
    FusedPatternBench bench = new FusedPatternBench();
    FusedPatternBench.Hinge hinge = new FusedPatternBench.Hinge();
    hinge.hingeRows = 1001;
    hinge.threads = 2;
    hinge.setup();
    try {
      double[] y = hinge.y.denseValues();
      double[] xw = hinge.xw.denseValues();
      double[] xd = hinge.xd.denseValues();
      double g = 0;
      double h = 0;
      int support = 0;
      for (int i = 0; i < y.length; i++) {
        double out = 1 - y[i] * (xw[i] + 0.25 * xd[i]);
        if (out > 0) {
          g += out * y[i] * xd[i];
          h += xd[i] * xd[i];
          support++;
        }
      }
      // both sides of the indicator occur often
      assertEquals(true, support > 300 && support < 700, "support vectors: " + support);
      double[] gen = bench.hingeGen(hinge).toArray()[0];
      assertArrayEquals(new double[] {g, h}, gen, 1e-9 * (Math.abs(g) + Math.abs(h)));
      assertArrayEquals(gen, bench.hingeHand(hinge), 1e-9 * (Math.abs(g) + Math.abs(h)));
    } finally {
      hinge.tearDown();
    }
  }
}
