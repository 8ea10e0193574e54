package org.planlab.workloads.e2e;

import java.io.IOException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.planlab.engine.io.MatrixFiles;
import org.planlab.engine.io.MatrixFormat;
import org.planlab.engine.io.WriteOptions;
import org.planlab.engine.matrix.MatrixBlock;
import org.planlab.workloads.e2e.WorkloadRun.Setup;
import org.planlab.workloads.reference.AlsCgReference;
import org.planlab.workloads.reference.Autoencoder2LayerReference;
import org.planlab.workloads.reference.GridSearchLmReference;
import org.planlab.workloads.reference.HlmReference;
import org.planlab.workloads.reference.KmeansReference;
import org.planlab.workloads.reference.L2svmGridReference;
import org.planlab.workloads.reference.L2svmReference;
import org.planlab.workloads.reference.LmCgReference;
import org.planlab.workloads.reference.LmDsReference;
import org.planlab.workloads.reference.MultiLogRegReference;
import org.planlab.workloads.reference.PcalmReference;
import org.planlab.workloads.reference.PnmfReference;

/**
 * Every workload on inputs large enough that the kernels split their work across threads
 * (more than {@code KernelPool.MIN_PARALLEL_WORK} cells), mostly sparse: one thread with static
 * rewrites agrees with the reference, two threads and two threads without rewrites agree with
 * it within {@link Checks#VARIANT_TOL}.
 */
class LargerInputsE2eTest {
  private static final List<Setup> VARIANTS = List.of(new Setup(true, 2), new Setup(false, 2));

  @TempDir
  Path dir;

  /** Runs every setup, checks the variants against the first and returns the first. */
  private WorkloadRun runAll(String workload, Map<String, String> args, List<String> outputs)
      throws IOException {
    WorkloadRun base = WorkloadRun.run(workload, dir, args, outputs, Setup.DEFAULT);
    for (Setup setup : VARIANTS) {
      Variants.assertSame(setup.toString(), base,
          WorkloadRun.run(workload, dir, args, outputs, setup));
    }
    Variants.assertSameOnBackend(setup -> WorkloadRun.run(workload, dir, args, outputs, setup));
    Variants.assertSameWithReuse(setup -> WorkloadRun.run(workload, dir, args, outputs, setup));
    Variants.assertSameWithoutRecycling(
        setup -> WorkloadRun.run(workload, dir, args, outputs, setup));
    return base;
  }

  /** Zeroes each cell with probability 1 − density. */
  private static double[][] sparsify(Random rnd, double[][] a, double density) {
    for (double[] row : a) {
      for (int j = 0; j < row.length; j++) {
        if (rnd.nextDouble() >= density) {
          row[j] = 0;
        }
      }
    }
    return a;
  }

  private String write(String name, double[][] values) throws IOException {
    return WorkloadRun.write(dir, name, values).toString();
  }

  @Test
  void l2svmOnSparseData() throws IOException {
    Random rnd = new Random(801);
    double[][] x = sparsify(rnd, Checks.gaussian(rnd, 3000, 30), 0.1);
    double[] score = Checks.linearResponse(rnd, x, 0.5);
    double[] y = new double[x.length];
    for (int i = 0; i < y.length; i++) {
      // labels 1 and 2: the script maps any two values to -1 and +1
      y[i] = score[i] >= 0 ? 2 : 1;
    }
    WorkloadRun run = runAll("l2svm", Map.of("X", write("X", x),
        "Y", write("Y", WorkloadRun.column(y)), "icpt", "1", "lambda", "0.01", "maxiter", "10"),
        List.of("out_model"));
    L2svmReference.Result ref = L2svmReference.fit(x, y,
        new L2svmReference.Params(true, 1e-12, 0.01, 10, 20));
    Checks.assertClose("model", ref.model(), run.matrix("out_model"), Checks.REFERENCE_TOL);
  }

  @Test
  void multiLogRegOnSparseData() throws IOException {
    Random rnd = new Random(802);
    double[][] x = sparsify(rnd, Checks.gaussian(rnd, 2000, 25), 0.1);
    double[] y = Checks.classLabels(rnd, x, 4, 1.0);
    WorkloadRun run = runAll("multiLogReg", Map.of("X", write("X", x),
        "Y", write("Y", WorkloadRun.column(y)), "icpt", "2", "lambda", "0.01", "tol", "1e-8",
        "maxiter", "10", "maxii", "10"), List.of("out_betas"));
    // tol 1e-8 stops before steps whose objective reduction is a few ulps (MultiLogRegE2eTest)
    MultiLogRegReference.Result ref = MultiLogRegReference.fit(x, y,
        new MultiLogRegReference.Params(2, 1e-8, 0.01, 10, 10));
    Checks.assertClose("betas", ref.betas(), run.matrix("out_betas"), Checks.REFERENCE_TOL);
  }

  @Test
  void kmeansOnSparseData() throws IOException {
    Random rnd = new Random(803);
    double[][] x = sparsify(rnd, Checks.uniform(rnd, 3000, 20, 0, 5), 0.3);
    double[][] c = new double[7][];
    for (int i = 0; i < c.length; i++) {
      c[i] = x[rnd.nextInt(x.length)].clone();
    }
    WorkloadRun run = runAll("kmeans", Map.of("X", write("X", x), "C", write("C", c), "k", "7",
        "maxiter", "15"), List.of("out_C"));
    KmeansReference.Result ref = KmeansReference.fit(x, c,
        new KmeansReference.Params(7, 15, 1e-12));
    Checks.assertClose("C", ref.C(), run.matrix("out_C"), Checks.REFERENCE_TOL);
    Checks.assertClose("objective", KmeansReference.wcss(x, ref.C()), run.objective(),
        Checks.REFERENCE_TOL, 0);
  }

  @Test
  void linearRegressionOnSparseData() throws IOException {
    Random rnd = new Random(804);
    double[][] x = sparsify(rnd, Checks.gaussian(rnd, 3000, 40), 0.05);
    double[] y = Checks.linearResponse(rnd, x, 0.3);
    Map<String, String> args = Map.of("X", write("X", x), "y", write("y", WorkloadRun.column(y)),
        "icpt", "1", "lambda", "0.01");
    WorkloadRun ds = runAll("lmDS", args, List.of("out_B"));
    Checks.assertClose("lmDS B", LmDsReference.fit(x, y, new LmDsReference.Params(1, 0.01)),
        ds.matrix("out_B"), Checks.REFERENCE_TOL);
    WorkloadRun cg = runAll("lmCG", WorkloadRun.with(args, "tol", "1e-12"), List.of("out_B"));
    Checks.assertClose("lmCG B",
        LmCgReference.fit(x, y, new LmCgReference.Params(1, 0.01, 1e-12, 0)).B(),
        cg.matrix("out_B"), Checks.REFERENCE_TOL);
  }

  @Test
  void gridSearchLmOnSparseData() throws IOException {
    Random rnd = new Random(805);
    double[][] x = sparsify(rnd, Checks.gaussian(rnd, 2000, 20), 0.2);
    double[] y = Checks.linearResponse(rnd, x, 2);
    WorkloadRun run = runAll("gridSearchLM", Map.of("X", write("X", x),
        "y", write("y", WorkloadRun.column(y)), "icpt", "2"), List.of("out_scores"));
    double[] lambdas = new double[10];
    for (int e = -5; e <= 4; e++) {
      lambdas[e + 5] = Math.pow(10, e);
    }
    GridSearchLmReference.Result ref = GridSearchLmReference.fit(x, y, lambdas,
        new GridSearchLmReference.Params(5, 2));
    Checks.assertClose("scores", ref.scores(), run.matrix("out_scores"), Checks.REFERENCE_TOL);
  }

  @Test
  void hlmOnSparseData() throws IOException {
    Random rnd = new Random(811);
    double[][] x = sparsify(rnd, Checks.gaussian(rnd, 2000, 20), 0.2);
    double[] y = Checks.linearResponse(rnd, x, 2);
    WorkloadRun run = runAll("hlm", Map.of("X", write("X", x),
        "y", write("y", WorkloadRun.column(y)), "minExp", "-2", "maxExp", "2"),
        List.of("out_scores"));
    HlmReference.Result ref = HlmReference.fit(x, y, new double[] {1e-2, 1e-1, 1, 10, 100},
        new int[] {0, 1, 2}, HlmReference.Params.defaults());
    Checks.assertClose("scores", ref.scores(), run.matrix("out_scores"), Checks.REFERENCE_TOL);
  }

  @Test
  void l2svmGridOnSparseData() throws IOException {
    Random rnd = new Random(812);
    double[][] x = sparsify(rnd, Checks.gaussian(rnd, 3000, 30), 0.1);
    double[] score = Checks.linearResponse(rnd, x, 0.5);
    double[] y = new double[x.length];
    for (int i = 0; i < y.length; i++) {
      // labels 1 and 2: the script maps any two values to -1 and +1, for the accuracy too
      y[i] = score[i] >= 0 ? 2 : 1;
    }
    WorkloadRun run = runAll("l2svmGrid", Map.of("X", write("X", x),
        "Y", write("Y", WorkloadRun.column(y)), "minExp", "-2", "maxExp", "1", "maxiter", "10"),
        List.of("out_accuracies", "out_losses"));
    L2svmGridReference.Result ref = L2svmGridReference.fit(x, y, new double[] {1e-2, 1e-1, 1, 10},
        new L2svmGridReference.Params(1e-12, 10, 20));
    Checks.assertClose("accuracies", ref.accuracies(), run.matrix("out_accuracies"), 0);
    Checks.assertClose("losses", ref.losses(), run.matrix("out_losses"), Checks.REFERENCE_TOL);
  }

  @Test
  void pcalmOnSparseData() throws IOException {
    Random rnd = new Random(813);
    double[][] x = sparsify(rnd, Checks.gaussian(rnd, 2000, 20), 0.2);
    double[] y = Checks.linearResponse(rnd, x, 2);
    WorkloadRun run = runAll("pcalm", Map.of("X", write("X", x),
        "y", write("y", WorkloadRun.column(y)), "minK", "4", "maxK", "20", "stepK", "16"),
        List.of("out_scores"));
    PcalmReference.Result ref = PcalmReference.fit(x, y, new int[] {4, 20},
        PcalmReference.Params.defaults());
    Checks.assertClose("scores", ref.scores(), run.matrix("out_scores"), Checks.REFERENCE_TOL);
  }

  @Test
  void alsCgOnSparseRatings() throws IOException {
    Random rnd = new Random(806);
    int rank = 8;
    double[][] x = Checks.sparseData(rnd, 1500, 300, rank, 0.02, false);
    // 1500 rows: U is two generation blocks of the seed
    double[][] u = Checks.seededUniform(1500, rank, -0.5, 0.5, 806);
    double[][] v = Checks.seededUniform(300, rank, -0.5, 0.5, 807);
    WorkloadRun run = runAll("alsCG", Map.of("X", write("X", x), "seed", "806",
        "rank", String.valueOf(rank), "lambda", "0.01", "maxiter", "4"),
        List.of("out_U", "out_V"));
    AlsCgReference.Result ref = AlsCgReference.fit(x, u, v,
        new AlsCgReference.Params(rank, "wL2", 0.01, 4, true, 1e-12));
    Checks.assertClose("U", ref.U(), run.matrix("out_U"), Checks.REFERENCE_TOL);
    Checks.assertClose("V", ref.V(), run.matrix("out_V"), Checks.REFERENCE_TOL);
  }

  @Test
  void pnmfOnSparseCounts() throws IOException {
    Random rnd = new Random(807);
    int rank = 8;
    double[][] x = Checks.sparseData(rnd, 1500, 300, rank, 0.02, true);
    // 1500 rows: W is two generation blocks of the seed
    double[][] w = Checks.seededUniform(1500, rank, 0, 0.025, 807);
    double[][] h = Checks.seededUniform(rank, 300, 0, 0.025, 808);
    WorkloadRun run = runAll("pnmf", Map.of("X", write("X", x), "seed", "807",
        "rank", String.valueOf(rank), "maxiter", "5"),
        List.of("out_W", "out_H"));
    PnmfReference.Result ref = PnmfReference.fit(x, w, h, new PnmfReference.Params(1e-15, 5));
    Checks.assertClose("W", ref.W(), run.matrix("out_W"), Checks.REFERENCE_TOL);
    Checks.assertClose("H", ref.H(), run.matrix("out_H"), Checks.REFERENCE_TOL);
  }

  @Test
  void autoencoderWithFullBatches() throws IOException {
    Random rnd = new Random(808);
    int n = 1500;
    int m = 30;
    int h1 = 40;
    int h2 = 4;
    double[][] x = Checks.gaussian(rnd, n, m);
    Autoencoder2LayerReference.Draws d = new Autoencoder2LayerReference.Draws(
        WorkloadRun.column(Checks.uniform(rnd, n, 1, 0, 1)), Checks.uniform(rnd, h1, m, -1, 1),
        Checks.uniform(rnd, h2, h1, -1, 1), Checks.uniform(rnd, h1, h2, -1, 1),
        Checks.uniform(rnd, m, h1, -1, 1));
    Map<String, String> args = new HashMap<>(Map.of("X", write("X", x),
        "W1", write("W1", d.W1_rand()), "W2", write("W2", d.W2_rand()),
        "W3", write("W3", d.W3_rand()), "W4", write("W4", d.W4_rand()),
        "order", write("order", WorkloadRun.column(d.order_rand()))));
    args.putAll(Map.of("H1", String.valueOf(h1), "H2", String.valueOf(h2), "epochs", "2",
        "batch", "512", "step", "0.1"));
    WorkloadRun run = runAll("autoencoder_2layer", args, List.of("out_W1", "out_hidden"));
    Autoencoder2LayerReference.Result ref = Autoencoder2LayerReference.fit(x, d,
        new Autoencoder2LayerReference.Params(h1, h2, 2, 512, 0.1, 0.95, 0.9));
    Checks.assertClose("W1", ref.W1(), run.matrix("out_W1"), Checks.REFERENCE_TOL);
    Checks.assertClose("hidden", ref.reordered_H(), run.matrix("out_hidden"),
        Checks.REFERENCE_TOL);
    Checks.assertClose("objective", ref.fullObj(), run.objective(), Checks.REFERENCE_TOL, 0);
  }

  @ParameterizedTest
  @EnumSource(MatrixFormat.class)
  void pnmfReadsAndWritesEveryFormat(MatrixFormat format) throws IOException {
    Random rnd = new Random(809);
    int rank = 4;
    double[][] x = Checks.sparseData(rnd, 300, 50, rank, 0.05, true);
    double[][] w = Checks.seededUniform(300, rank, 0, 0.025, 809);
    double[][] h = Checks.seededUniform(rank, 50, 0, 0.025, 810);
    Map<String, String> args = Map.of("X", write(format, "X", x), "seed", "809",
        "rank", String.valueOf(rank), "maxiter", "5",
        "fmt", format.toString().toLowerCase(java.util.Locale.ROOT));
    WorkloadRun run = WorkloadRun.run("pnmf", dir, args, List.of("out_W", "out_H"),
        Setup.DEFAULT);
    PnmfReference.Result ref = PnmfReference.fit(x, w, h, new PnmfReference.Params(1e-15, 5));
    Checks.assertClose("W", ref.W(), run.matrix("out_W"), Checks.REFERENCE_TOL);
    Checks.assertClose("H", ref.H(), run.matrix("out_H"), Checks.REFERENCE_TOL);
  }

  private String write(MatrixFormat format, String name, double[][] values) throws IOException {
    Path file = dir.resolve(name + "." + format.toString().toLowerCase(java.util.Locale.ROOT));
    MatrixFiles.write(MatrixBlock.of(values), file, format, WriteOptions.defaults());
    return file.toString();
  }
}
