package org.planlab.workloads.e2e;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.io.TempDir;
import org.planlab.workloads.e2e.WorkloadRun.Setup;
import org.planlab.workloads.reference.GridSearchLmReference;

/** gridSearchLM's driver on the engine against {@link GridSearchLmReference}. */
class GridSearchLmE2eTest {
  private static final int N = 200;
  private static final int M = 6;
  private static final int MIN_EXP = -3;
  private static final int MAX_EXP = 3;
  private static final int FOLDS = 4;

  @TempDir
  static Path dir;
  private static double[][] x;
  private static double[] y;
  private static double[] lambdas;

  @BeforeAll
  static void data() throws IOException {
    Random rnd = new Random(708);
    x = Checks.gaussian(rnd, N, M);
    // a noisy response, so that the regularisation matters and the scores differ
    y = Checks.linearResponse(rnd, x, 3.0);
    lambdas = new double[MAX_EXP - MIN_EXP + 1];
    for (int e = MIN_EXP; e <= MAX_EXP; e++) {
      lambdas[e - MIN_EXP] = Math.pow(10, e);
    }
    WorkloadRun.write(dir, "X", x);
    WorkloadRun.write(dir, "y", WorkloadRun.column(y));
  }

  private static WorkloadRun run(int icpt, Setup setup) throws IOException {
    return run(icpt, setup, false);
  }

  private static WorkloadRun run(int icpt, Setup setup, boolean verbose) throws IOException {
    Map<String, String> args = Map.of("X", dir.resolve("X.bin").toString(),
        "y", dir.resolve("y.bin").toString(), "minExp", String.valueOf(MIN_EXP),
        "maxExp", String.valueOf(MAX_EXP), "folds", String.valueOf(FOLDS),
        "icpt", String.valueOf(icpt), "verbose", verbose ? "TRUE" : "FALSE");
    return WorkloadRun.run("gridSearchLM", dir, args, List.of("out_scores"), setup);
  }

  @ParameterizedTest(name = "icpt {0}")
  @ValueSource(ints = {0, 1, 2})
  void scoresAndObjectiveAgreeWithTheReference(int icpt) throws IOException {
    WorkloadRun run = run(icpt, Setup.DEFAULT);
    GridSearchLmReference.Result ref = GridSearchLmReference.fit(x, y, lambdas,
        new GridSearchLmReference.Params(FOLDS, icpt));
    Checks.assertClose("scores", ref.scores(), run.matrix("out_scores"), Checks.REFERENCE_TOL);
    double best = Double.NEGATIVE_INFINITY;
    for (double s : ref.scores()) {
      best = Math.max(best, s);
    }
    Checks.assertClose("objective", best, run.objective(), Checks.REFERENCE_TOL, 0);
    // the chosen lambda is compared by its score: near-equal scores may break a tie either way
    List<Double> chosen = run.printed("bestLambda: " + Checks.NUMBER);
    if (chosen.size() != 1) {
      throw new AssertionError("expected one bestLambda line in:\n" + run.output());
    }
    int index = -1;
    for (int i = 0; i < lambdas.length; i++) {
      if (Math.abs(lambdas[i] - chosen.get(0)) <= 1e-12 * lambdas[i]) {
        index = i;
      }
    }
    if (index < 0) {
      throw new AssertionError("bestLambda " + chosen.get(0) + " is none of the lambdas");
    }
    Checks.assertClose("score of the chosen lambda", best, ref.scores()[index],
        Checks.REFERENCE_TOL, 0);
    WorkloadRun verbose = run(icpt, Setup.DEFAULT, true);
    Variants.assertSame("verbose", run, verbose);
    Checks.assertClose("scores printed per lambda", toList(ref.scores()),
        verbose.printed("gridSearchLM: lambda .*, mean R\\^2 " + Checks.NUMBER),
        Checks.REFERENCE_TOL);
  }

  private static List<Double> toList(double[] values) {
    List<Double> list = new java.util.ArrayList<>();
    for (double v : values) {
      list.add(v);
    }
    return list;
  }

  @ParameterizedTest(name = "icpt {0}")
  @ValueSource(ints = {2})
  void sameResultWithoutRewritesAndOnTwoThreads(int icpt) throws IOException {
    WorkloadRun base = run(icpt, Setup.DEFAULT);
    Variants.assertSame("rewrites off", base, run(icpt, new Setup(false, 1)));
    Variants.assertSame("two threads", base, run(icpt, new Setup(true, 2)));
    // operator fusion: the same results unfused (none) and without redundancy (fnr)
    Variants.assertSame("fusion none", base, run(icpt, Setup.fusion("none")));
    Variants.assertSame("fusion fnr", base, run(icpt, Setup.fusion("fnr")));
    Variants.assertSame("fusion fa", base, run(icpt, Setup.fusion("fa")));
    // large operations on a backend: the CP results bit for bit, transfers at boundaries
    Variants.assertSameOnBackend(setup -> run(icpt, setup));
    Variants.assertSameWithReuse(setup -> run(icpt, setup));
  }
}
