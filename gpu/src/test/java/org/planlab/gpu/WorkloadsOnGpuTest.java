package org.planlab.gpu;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.planlab.engine.config.EngineConfig;
import org.planlab.engine.io.MatrixFiles;
import org.planlab.engine.matrix.MatrixBlock;
import org.planlab.workloads.Input;
import org.planlab.workloads.Objective;
import org.planlab.workloads.Output;
import org.planlab.workloads.Workload;
import org.planlab.workloads.WorkloadCatalog;

/**
 * Every workload of {@link WorkloadCatalog#standard()} forced to the GPU backend on the
 * simulated device gives the outputs and objective of a CP run with the same fusion to 1e-9
 * relative: with fusion off (every supported HOP a device kernel) and on (fused Cell and Row
 * operators on the device too). A subset runs again on a device a few times the size of its
 * inputs, where Algorithm 1 must recycle, free or evict to the host, with the same results.
 */
class WorkloadsOnGpuTest {
  private static final WorkloadCatalog CATALOG = WorkloadCatalog.standard();
  private static final int N = 40;
  private static final int M = 9;

  @TempDir
  static Path dir;

  /**
   * Fused operators whose plans differ across the workloads' kinds run on the device for a
   * subset with fusion on (the rest compile the same Cell and Row templates; the suite's time
   * goes to compiling them).
   */
  private static final List<String> FUSED = List.of("l2svm", "alsCG", "pnmf", "kmeans", "lmCG",
      "hlm", "eigen", "pca");

  static Stream<Arguments> workloads() {
    return Stream.concat(CATALOG.names().stream().map(n -> Arguments.of(n, "none")),
        FUSED.stream().map(n -> Arguments.of(n, "mpskip")));
  }

  /** The workloads on a device of 1.5 x their inputs, and whether live matrices must move out. */
  static Stream<Arguments> pressured() {
    return Stream.of(Arguments.of("l2svm", true), Arguments.of("multiLogReg", true),
        Arguments.of("autoencoder_2layer", true), Arguments.of("kmeans", true),
        Arguments.of("pnmf", false));
  }

  @Test
  void theCatalogueHasTheWorkloadsThisTestKnows() {
    assertEquals(List.of("l2svm", "multiLogReg", "alsCG", "pnmf", "autoencoder_2layer",
        "kmeans", "lmDS", "lmCG", "lm", "gridSearchLM", "hlm", "l2svmGrid", "eigen", "pca",
        "pcalm"), CATALOG.names());
  }

  @ParameterizedTest(name = "{0} fusion={1}")
  @MethodSource("workloads")
  void givesTheOutputsOfCp(String name, String fusion) {
    Map<String, String> args = inputs(name);
    Outcome cp = run(name, args, GpuRuns.cp(dir, fusion), "cp-" + fusion);
    Outcome gpu = run(name, args, GpuRuns.gpu(dir, fusion, GpuRuns.sim("64m")),
        "gpu-" + fusion);

    assertSame(name, cp, gpu);
    assertTrue(gpu.run().gpuOpcodes() > 0, name + " ran nothing on the GPU: "
        + gpu.run().opcodes());
    assertTrue(gpu.run().counter("gpu.mallocs") > 0, name + ": " + gpu.run().gpu());
    boolean fusedOnGpu = gpu.run().opcodes().stream().anyMatch(o -> o.startsWith("gpu_spoof"));
    assertEquals(fusion.equals("mpskip"), fusedOnGpu, name + " fusion " + fusion + ": "
        + gpu.run().opcodes());
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("pressured")
  void givesTheOutputsOfCpOnADeviceThatMustRecycleAndEvict(String name, boolean toHost) {
    Map<String, String> args = inputs(name);
    long capacity = 3 * inputBytes(name) / 2;
    Outcome cp = run(name, args, GpuRuns.cp(dir, "none"), "cp-small");
    Outcome gpu = run(name, args, GpuRuns.gpu(dir, "none", GpuRuns.sim(capacity + "")),
        "gpu-small");

    assertSame(name, cp, gpu);
    GpuRuns.Run r = gpu.run();
    String c = name + " on " + capacity + " bytes: " + r.gpu();
    assertTrue(r.counter("gpu.peak_bytes") <= capacity, c);
    assertTrue(r.counter("gpu.recycled") > 0, c);
    assertTrue(r.counter("gpu.frees") > 0, c);
    if (toHost) {
      assertTrue(r.counter("gpu.host_evictions") > 0, c);
      assertTrue(r.counter("gpu.recopied_bytes") > 0, c);
    }
  }

  static Stream<String> names() {
    return CATALOG.names().stream();
  }

  /**
   * MEMPHIS sec. 5.3: an ordering changes when operators run, never what they compute. Every
   * ordering, and asynchronous prefetch, gives bit-identical outputs in CP and on the device
   * (the simulated device runs the CP kernels, deterministic whatever runs before them).
   */
  @ParameterizedTest(name = "{0}")
  @MethodSource("names")
  void everyOrderingGivesIdenticalResultsInCpAndOnTheDevice(String name) {
    Map<String, String> args = inputs(name);
    for (boolean device : List.of(false, true)) {
      Outcome first = null;
      for (String ordering : List.of("depth-first", "breadth-first", "max-parallelize",
          "max-parallelize+async", "max-parallelize:localChains=true+async")) {
        EngineConfig.Builder config = device ? GpuRuns.gpu(dir, "none", GpuRuns.sim("64m"))
            : GpuRuns.cp(dir, "none");
        // +async: device chains and their copies to the host run as prefetches (sec. 5.1);
        // in CP with two kernel threads, independent local chains run concurrently
        config.ordering(ordering.replace("+async", "")).async(ordering.endsWith("+async"));
        if (!device && ordering.contains("localChains")) {
          config.parallelism(2);
        }
        Outcome o = run(name, args, config, (device ? "gpu-" : "cp-") + ordering);
        if (first == null) {
          first = o;
        } else {
          assertEquals(first.objective(), o.objective(), name + " " + ordering);
          Outcome f = first;
          f.outputs().forEach((out, m) -> GpuRuns.assertClose(name + " " + ordering + " "
              + out, m, o.outputs().get(out), 0.0));
        }
      }
    }
  }

  private static void assertSame(String name, Outcome cp, Outcome gpu) {
    assertTrue(GpuRuns.close(cp.objective(), gpu.objective(), GpuRuns.TOL), name
        + ": objective " + gpu.objective() + ", expected " + cp.objective());
    cp.outputs().forEach((out, m) -> GpuRuns.assertClose(name + " " + out, m,
        gpu.outputs().get(out), GpuRuns.TOL));
  }

  private record Outcome(double objective, Map<String, MatrixBlock> outputs, GpuRuns.Run run) {
  }

  private static Outcome run(String name, Map<String, String> inputs,
      EngineConfig.Builder config, String label) {
    Workload w = CATALOG.byName(name);
    Map<String, String> args = new LinkedHashMap<>(inputs);
    Map<String, Path> files = new LinkedHashMap<>();
    for (Output out : w.outputs()) {
      Path f = dir.resolve(name + "-" + out.name() + "-" + label + ".bin");
      files.put(out.name(), f);
      args.put(out.argName(), f.toString());
    }
    GpuRuns.Run run = GpuRuns.run(config.libraryRoots(List.of(CATALOG.libraryFolder()))
        .build(), e -> e.compile(CATALOG.driverScript(w), args));
    Map<String, MatrixBlock> outputs = new LinkedHashMap<>();
    files.forEach((out, f) -> {
      try {
        outputs.put(out, MatrixFiles.read(f));
      } catch (IOException e) {
        throw new UncheckedIOException(name + " wrote no " + out + "; printed:\n"
            + run.printed(), e);
      }
    });
    return new Outcome(Objective.parse(run.printed()), outputs, run);
  }

  /** The workload's parameters and its inputs written as files, the same for every run. */
  private static Map<String, String> inputs(String name) {
    Map<String, String> args = new LinkedHashMap<>(parameters(name));
    Random rnd = new Random(name.hashCode());
    for (Input in : CATALOG.byName(name).inputs()) {
      args.put(in.name(), GpuRuns.write(dir, name + "-" + in.name(),
          input(name, in.name(), rnd, args)).toString());
    }
    return args;
  }

  /** Dense bytes of all of the workload's inputs. */
  private static long inputBytes(String name) {
    Map<String, String> params = parameters(name);
    Random rnd = new Random(name.hashCode());
    long bytes = 0;
    for (Input in : CATALOG.byName(name).inputs()) {
      MatrixBlock b = input(name, in.name(), rnd, params);
      bytes += 8L * b.rows() * b.cols();
    }
    return bytes;
  }

  /** Small sizes and few iterations (as the Spark module's test; unknown workloads fail). */
  private static Map<String, String> parameters(String name) {
    return switch (name) {
      case "l2svm" -> Map.of("icpt", "1", "maxiter", "3", "maxii", "3");
      case "multiLogReg" -> Map.of("icpt", "2", "maxiter", "2", "maxii", "2");
      case "alsCG" -> Map.of("rank", "3", "maxiter", "2");
      case "pnmf" -> Map.of("rank", "3", "maxiter", "3");
      case "autoencoder_2layer" -> Map.of("H1", "4", "H2", "2", "batch", "10", "epochs", "2",
          "step", "0.01");
      case "kmeans" -> Map.of("k", "3", "maxiter", "4");
      case "lmDS" -> Map.of("icpt", "1");
      case "lmCG" -> Map.of("icpt", "2", "maxiter", "4");
      case "lm" -> Map.of();
      case "gridSearchLM" -> Map.of("minExp", "-2", "maxExp", "0", "folds", "2");
      case "hlm" -> Map.of("minExp", "-1", "maxExp", "0", "maxIcpt", "1");
      case "l2svmGrid" -> Map.of("minExp", "0", "maxExp", "0", "maxiter", "2", "maxii", "2");
      case "eigen" -> Map.of("center", "TRUE");
      case "pca" -> Map.of("K", "2");
      case "pcalm" -> Map.of("minK", "1", "maxK", "2");
      default -> throw new AssertionError("no test data for workload " + name);
    };
  }

  private static MatrixBlock input(String workload, String input, Random rnd,
      Map<String, String> p) {
    int h1 = Integer.parseInt(p.getOrDefault("H1", "4"));
    int h2 = Integer.parseInt(p.getOrDefault("H2", "2"));
    boolean factorization = workload.equals("alsCG") || workload.equals("pnmf");
    return switch (input) {
      case "X" -> factorization ? ratings(rnd, 30, 12)
          : workload.startsWith("pca") || workload.equals("eigen") ? lowRank(rnd)
          : workload.startsWith("autoencoder") ? uniform(rnd, N, M, 4, 6)
          : uniform(rnd, N, M, 0, 1);
      case "Y" -> labels(rnd, workload.equals("multiLogReg") ? 3 : 2);
      case "y" -> uniform(rnd, N, 1, -1, 2);
      case "C" -> uniform(rnd, Integer.parseInt(p.get("k")), M, 0, 1);
      case "order" -> uniform(rnd, N, 1, 0, 1);
      case "W1" -> uniform(rnd, h1, M, -1, 1);
      case "W2" -> uniform(rnd, h2, h1, -1, 1);
      case "W3" -> uniform(rnd, h1, h2, -1, 1);
      case "W4" -> uniform(rnd, M, h1, -1, 1);
      default -> throw new AssertionError("no test data for input " + input + " of "
          + workload);
    };
  }

  private static MatrixBlock uniform(Random rnd, int n, int m, double min, double max) {
    return GpuRuns.uniform(rnd.nextLong(), n, m, min, max);
  }

  /** Ratings 1..4 on the diagonal band and about a quarter of the other cells, 0 elsewhere. */
  private static MatrixBlock ratings(Random rnd, int n, int m) {
    double[][] a = new double[n][m];
    for (int i = 0; i < n; i++) {
      for (int j = 0; j < m; j++) {
        if (j == i % m || rnd.nextDouble() < 0.25) {
          a[i][j] = 1 + Math.floor(4 * rnd.nextDouble());
        }
      }
    }
    return MatrixBlock.of(a);
  }

  /** Data near a rank-3 subspace with columns of growing scale (distinct eigenvalues). */
  private static MatrixBlock lowRank(Random rnd) {
    double[][] w = new double[3][M];
    for (double[] row : w) {
      for (int j = 0; j < M; j++) {
        row[j] = rnd.nextGaussian();
      }
    }
    double[][] x = new double[N][M];
    for (int i = 0; i < N; i++) {
      double[] g = {3 * rnd.nextGaussian(), 2 * rnd.nextGaussian(), rnd.nextGaussian()};
      for (int j = 0; j < M; j++) {
        double v = 0.1 * rnd.nextGaussian();
        for (int k = 0; k < 3; k++) {
          v += g[k] * w[k][j];
        }
        x[i][j] = (1 + j) * v + j;
      }
    }
    return MatrixBlock.of(x);
  }

  /** Labels 1..classes as an N x 1 column (2 classes: -1 and +1). */
  private static MatrixBlock labels(Random rnd, int classes) {
    double[][] y = new double[N][1];
    for (int i = 0; i < N; i++) {
      int k = rnd.nextInt(classes);
      y[i][0] = classes == 2 ? (k == 0 ? -1 : 1) : k + 1;
    }
    return MatrixBlock.of(y);
  }
}
