package org.planlab.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.planlab.engine.config.EngineConfig;
import org.planlab.engine.config.ExecMode;
import org.planlab.engine.io.MatrixFiles;
import org.planlab.engine.matrix.MatrixBlock;
import org.planlab.workloads.Input;
import org.planlab.workloads.Objective;
import org.planlab.workloads.Output;
import org.planlab.workloads.Workload;
import org.planlab.workloads.WorkloadCatalog;

/**
 * Every workload of {@link WorkloadCatalog#standard()} forced to {@code spark} (local[2], 7 x 7
 * blocks, no operator fusion, so every matrix operation the backend has runs on it) gives the
 * outputs of a CP run — every matrix it writes and its printed objective — to 1e-9 relative, on
 * small synthetic inputs and few iterations. Operations without a Spark operator stay in CP on
 * their own (placement asks the backend); the heavy hitters show that the rest ran on Spark.
 */
class WorkloadsOnSparkTest {
  private static final double TOL = 1e-9;
  private static final WorkloadCatalog CATALOG = WorkloadCatalog.standard();
  /** Rows and columns of the feature matrices: 6 x 2 blocks of 7 x 7, partial last ones. */
  private static final int N = 40;
  private static final int M = 9;

  @TempDir
  static Path dir;

  static Stream<String> workloads() {
    return CATALOG.names().stream();
  }

  @Test
  void theCatalogueHasTheWorkloadsThisTestKnows() {
    assertEquals(List.of("l2svm", "multiLogReg", "alsCG", "pnmf", "autoencoder_2layer",
        "kmeans", "lmDS", "lmCG", "lm", "gridSearchLM", "hlm", "l2svmGrid", "eigen", "pca",
        "pcalm"), CATALOG.names());
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("workloads")
  void givesTheOutputsOfCp(String name) {
    Workload w = CATALOG.byName(name);
    Map<String, String> args = new LinkedHashMap<>(parameters(name));
    Random rnd = new Random(name.hashCode());
    for (Input in : w.inputs()) {
      args.put(in.name(), SparkRuns.write(dir, name + "-" + in.name(), input(name, in.name(),
          rnd, args)).toString());
    }
    Outcome cp = run(w, args, ExecMode.SINGLENODE);
    Outcome spark = run(w, args, ExecMode.SPARK);

    assertTrue(SparkRuns.close(cp.objective(), spark.objective(), TOL), name + ": objective "
        + spark.objective() + ", expected " + cp.objective());
    for (Output out : w.outputs()) {
      SparkRuns.assertClose(name + " " + out.name(), cp.outputs().get(out.name()),
          spark.outputs().get(out.name()), TOL);
    }
    List<String> onSpark = SparkRuns.sparkOpcodes(spark.run());
    assertFalse(onSpark.isEmpty(), name + " ran nothing on Spark: " + spark.run().opcodes());
  }

  /**
   * MEMPHIS sec. 5.3: an ordering changes when operators run, not what they compute; on Spark
   * every ordering, and asynchronous prefetch of Spark jobs, gives the depth-first outputs (to 1e-9: the order in which Spark combines
   * partial aggregates is its own).
   */
  @ParameterizedTest(name = "{0}")
  @MethodSource("workloads")
  void everyOrderingGivesTheSameOutputs(String name) {
    Workload w = CATALOG.byName(name);
    Map<String, String> args = new LinkedHashMap<>(parameters(name));
    Random rnd = new Random(name.hashCode());
    for (Input in : w.inputs()) {
      args.put(in.name(), SparkRuns.write(dir, name + "-" + in.name(), input(name, in.name(),
          rnd, args)).toString());
    }
    Outcome depth = run(w, args, ExecMode.SPARK, "depth-first");
    for (String ordering : List.of("breadth-first", "max-parallelize+async")) {
      Outcome other = run(w, args, ExecMode.SPARK, ordering);
      assertTrue(SparkRuns.close(depth.objective(), other.objective(), TOL), name + " "
          + ordering + ": objective " + other.objective() + ", expected " + depth.objective());
      for (Output out : w.outputs()) {
        SparkRuns.assertClose(name + " " + ordering + " " + out.name(),
            depth.outputs().get(out.name()), other.outputs().get(out.name()), TOL);
      }
    }
  }

  private record Outcome(double objective, Map<String, MatrixBlock> outputs, SparkRuns.Run run) {
  }

  private static Outcome run(Workload w, Map<String, String> inputs, ExecMode mode) {
    return run(w, inputs, mode, "depth-first");
  }

  private static Outcome run(Workload w, Map<String, String> inputs, ExecMode mode,
      String ordering) {
    Map<String, String> args = new LinkedHashMap<>(inputs);
    Map<String, Path> files = new LinkedHashMap<>();
    for (Output out : w.outputs()) {
      Path f = dir.resolve(w.name() + "-" + out.name() + "-" + mode.label() + "-" + ordering
          + ".bin");
      files.put(out.name(), f);
      args.put(out.argName(), f.toString());
    }
    // +async: Spark jobs whose results the driver reads run as prefetches (MEMPHIS sec. 5.1)
    EngineConfig config = SparkRuns.config(dir, mode, SparkRuns.SMALL_BLOCKS)
        .ordering(ordering.replace("+async", "")).async(ordering.endsWith("+async"))
        .libraryRoots(List.of(CATALOG.libraryFolder())).build();
    SparkRuns.Run run = SparkRuns.run(config, e -> e.compile(CATALOG.driverScript(w), args));
    Map<String, MatrixBlock> outputs = new LinkedHashMap<>();
    try {
      for (Map.Entry<String, Path> f : files.entrySet()) {
        if (!Files.exists(f.getValue())) {
          throw new AssertionError(w.name() + " wrote no " + f.getKey() + " in " + mode.label()
              + "; output:\n" + run.printed());
        }
        outputs.put(f.getKey(), MatrixFiles.read(f.getValue()));
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return new Outcome(Objective.parse(run.printed()), outputs, run);
  }

  /** Small sizes and few iterations per workload (an unknown workload fails: add it here). */
  private static Map<String, String> parameters(String name) {
    return switch (name) {
      case "l2svm" -> Map.of("icpt", "1", "maxiter", "2", "maxii", "3");
      case "multiLogReg" -> Map.of("icpt", "2", "maxiter", "1", "maxii", "2");
      case "alsCG" -> Map.of("rank", "3", "maxiter", "1");
      case "pnmf" -> Map.of("rank", "3", "maxiter", "2");
      case "autoencoder_2layer" -> Map.of("H1", "4", "H2", "2", "batch", "20", "epochs", "1",
          "step", "0.01");
      case "kmeans" -> Map.of("k", "3", "maxiter", "3");
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

  /** A small input of the kind the workload's input spec describes. */
  private static MatrixBlock input(String workload, String input, Random rnd,
      Map<String, String> params) {
    boolean factorization = workload.equals("alsCG") || workload.equals("pnmf");
    int h1 = Integer.parseInt(params.getOrDefault("H1", "4"));
    int h2 = Integer.parseInt(params.getOrDefault("H2", "2"));
    return switch (input) {
      case "X" -> factorization ? ratings(rnd, 30, 12, 0.25)
          : workload.startsWith("pca") || workload.equals("eigen") ? lowRank(rnd, N, M)
          : workload.startsWith("autoencoder") ? uniform(rnd, N, M, 4, 6)
          : uniform(rnd, N, M, 0, 1);
      case "Y" -> labels(rnd, workload.equals("multiLogReg") ? 3 : 2);
      case "y" -> responses(rnd);
      case "C" -> uniform(rnd, Integer.parseInt(params.get("k")), M, 0, 1);
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
    double[][] a = new double[n][m];
    for (double[] row : a) {
      for (int j = 0; j < m; j++) {
        row[j] = min + (max - min) * rnd.nextDouble();
      }
    }
    return MatrixBlock.of(a);
  }

  /** Positive ratings of a rank-3 model on about {@code density} of the cells, 0 elsewhere. */
  private static MatrixBlock ratings(Random rnd, int n, int m, double density) {
    double[][] a = new double[n][m];
    for (int i = 0; i < n; i++) {
      for (int j = 0; j < m; j++) {
        if (j == i % m || rnd.nextDouble() < density) {
          a[i][j] = 1 + Math.floor(4 * rnd.nextDouble());
        }
      }
    }
    return MatrixBlock.of(a);
  }

  /** Data near a rank-3 subspace, columns of growing scale (distinct eigenvalues). */
  private static MatrixBlock lowRank(Random rnd, int n, int m) {
    double[][] w = new double[3][m];
    for (double[] row : w) {
      for (int j = 0; j < m; j++) {
        row[j] = rnd.nextGaussian();
      }
    }
    double[] scale = {3, 2, 1};
    double[][] x = new double[n][m];
    for (int i = 0; i < n; i++) {
      double[] g = {rnd.nextGaussian(), rnd.nextGaussian(), rnd.nextGaussian()};
      for (int j = 0; j < m; j++) {
        double v = 0.1 * rnd.nextGaussian();
        for (int k = 0; k < 3; k++) {
          v += g[k] * scale[k] * w[k][j];
        }
        x[i][j] = (1 + j) * v + j;
      }
    }
    return MatrixBlock.of(x);
  }

  /** Class labels 1..classes as an N x 1 column (2 classes: -1 and +1). */
  private static MatrixBlock labels(Random rnd, int classes) {
    double[][] y = new double[N][1];
    for (int i = 0; i < N; i++) {
      int k = rnd.nextInt(classes);
      y[i][0] = classes == 2 ? (k == 0 ? -1 : 1) : k + 1;
    }
    return MatrixBlock.of(y);
  }

  /** Continuous responses, N x 1. */
  private static MatrixBlock responses(Random rnd) {
    double[][] y = new double[N][1];
    for (int i = 0; i < N; i++) {
      y[i][0] = rnd.nextGaussian() + 0.5;
    }
    return MatrixBlock.of(y);
  }
}
