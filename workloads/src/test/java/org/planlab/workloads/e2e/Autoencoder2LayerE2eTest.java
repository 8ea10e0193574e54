package org.planlab.workloads.e2e;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.planlab.workloads.e2e.WorkloadRun.Setup;
import org.planlab.workloads.reference.Autoencoder2LayerReference;

/** autoencoder_2layer's driver on the engine against {@link Autoencoder2LayerReference}. */
class Autoencoder2LayerE2eTest {
  private static final int N = 300;
  private static final int M = 10;
  private static final int H1 = 12;
  private static final int H2 = 3;
  private static final int EPOCHS = 4;
  // 300 rows in batches of 64: the last batch is short
  private static final int BATCH = 64;
  private static final double STEP = 0.05;
  private static final double DECAY = 0.95;
  private static final double MU = 0.9;
  private static final List<String> OUTPUTS = List.of("out_W1", "out_b1", "out_W2", "out_b2",
      "out_W3", "out_b3", "out_W4", "out_b4", "out_hidden");
  private static final String EPOCH_OBJECTIVE =
      "autoencoder_2layer: epoch \\d+, batch objective " + Checks.NUMBER + ",";

  @TempDir
  static Path dir;
  private static double[][] x;
  private static Autoencoder2LayerReference.Draws draws;
  private static Map<String, String> args;

  @BeforeAll
  static void data() throws IOException {
    Random rnd = new Random(706);
    // correlated columns (a rank-3 signal plus noise) so the code layer has something to learn
    double[][] factors = Checks.gaussian(rnd, N, 3);
    double[][] loadings = Checks.gaussian(rnd, 3, M);
    x = new double[N][M];
    for (int i = 0; i < N; i++) {
      for (int j = 0; j < M; j++) {
        double s = 5 + 0.2 * rnd.nextGaussian();
        for (int k = 0; k < 3; k++) {
          s += factors[i][k] * loadings[k][j];
        }
        x[i][j] = s;
      }
    }
    draws = new Autoencoder2LayerReference.Draws(
        WorkloadRun.column(Checks.uniform(rnd, N, 1, 0, 1)), Checks.uniform(rnd, H1, M, -1, 1),
        Checks.uniform(rnd, H2, H1, -1, 1), Checks.uniform(rnd, H1, H2, -1, 1),
        Checks.uniform(rnd, M, H1, -1, 1));
    args = new HashMap<>(Map.of("X", WorkloadRun.write(dir, "X", x).toString(),
        "W1", WorkloadRun.write(dir, "W1", draws.W1_rand()).toString(),
        "W2", WorkloadRun.write(dir, "W2", draws.W2_rand()).toString(),
        "W3", WorkloadRun.write(dir, "W3", draws.W3_rand()).toString(),
        "W4", WorkloadRun.write(dir, "W4", draws.W4_rand()).toString(),
        "order", WorkloadRun.write(dir, "order", WorkloadRun.column(draws.order_rand()))
            .toString()));
    args.putAll(Map.of("H1", String.valueOf(H1), "H2", String.valueOf(H2),
        "epochs", String.valueOf(EPOCHS), "batch", String.valueOf(BATCH),
        "step", String.valueOf(STEP), "decay", String.valueOf(DECAY), "mu", String.valueOf(MU)));
  }

  private static WorkloadRun run(Setup setup) throws IOException {
    return WorkloadRun.run("autoencoder_2layer", dir, args, OUTPUTS, setup);
  }

  private static WorkloadRun verboseRun() throws IOException {
    return WorkloadRun.run("autoencoder_2layer", dir, WorkloadRun.with(args, "full_obj", "TRUE"),
        OUTPUTS, Setup.DEFAULT);
  }

  private static Autoencoder2LayerReference.Result reference() {
    return Autoencoder2LayerReference.fit(x, draws,
        new Autoencoder2LayerReference.Params(H1, H2, EPOCHS, BATCH, STEP, DECAY, MU));
  }

  @Test
  void weightsCodesAndObjectiveAgreeWithTheReference() throws IOException {
    WorkloadRun run = run(Setup.DEFAULT);
    Autoencoder2LayerReference.Result ref = reference();
    Checks.assertClose("W1", ref.W1(), run.matrix("out_W1"), Checks.REFERENCE_TOL);
    Checks.assertClose("b1", ref.b1(), run.matrix("out_b1"), Checks.REFERENCE_TOL);
    Checks.assertClose("W2", ref.W2(), run.matrix("out_W2"), Checks.REFERENCE_TOL);
    Checks.assertClose("b2", ref.b2(), run.matrix("out_b2"), Checks.REFERENCE_TOL);
    Checks.assertClose("W3", ref.W3(), run.matrix("out_W3"), Checks.REFERENCE_TOL);
    Checks.assertClose("b3", ref.b3(), run.matrix("out_b3"), Checks.REFERENCE_TOL);
    Checks.assertClose("W4", ref.W4(), run.matrix("out_W4"), Checks.REFERENCE_TOL);
    Checks.assertClose("b4", ref.b4(), run.matrix("out_b4"), Checks.REFERENCE_TOL);
    Checks.assertClose("hidden", ref.reordered_H(), run.matrix("out_hidden"),
        Checks.REFERENCE_TOL);
    Checks.assertClose("objective", ref.fullObj(), run.objective(), Checks.REFERENCE_TOL, 0);
    List<Double> epochs = new ArrayList<>();
    for (double v : ref.epochObjectives()) {
      epochs.add(v);
    }
    WorkloadRun verbose = verboseRun();
    Variants.assertSame("full_obj", run, verbose);
    Checks.assertClose("objective per epoch", epochs, verbose.printed(EPOCH_OBJECTIVE),
        Checks.REFERENCE_TOL);
  }

  @Test
  void trainingLowersTheObjective() throws IOException {
    // momentum SGD guarantees no monotone decrease, so this checks only that training works:
    // the last epoch's mean batch objective lies well below the first's on this data
    List<Double> epochs = verboseRun().printed(EPOCH_OBJECTIVE);
    if (epochs.size() != EPOCHS || !(epochs.get(EPOCHS - 1) < 0.9 * epochs.get(0))) {
      throw new AssertionError("the objective did not fall over the epochs: " + epochs);
    }
  }

  @Test
  void sameResultWithoutRewritesAndOnTwoThreads() throws IOException {
    WorkloadRun base = run(Setup.DEFAULT);
    Variants.assertSame("rewrites off", base, run(new Setup(false, 1)));
    Variants.assertSame("two threads", base, run(new Setup(true, 2)));
    // operator fusion: the same results unfused (none) and without redundancy (fnr)
    Variants.assertSame("fusion none", base, run(Setup.fusion("none")));
    Variants.assertSame("fusion fnr", base, run(Setup.fusion("fnr")));
    Variants.assertSame("fusion fa", base, run(Setup.fusion("fa")));
    // large operations on a backend: the CP results bit for bit, transfers at boundaries
    Variants.assertSameOnBackend(Autoencoder2LayerE2eTest::run);
    Variants.assertSameWithReuse(Autoencoder2LayerE2eTest::run);
  }
}
