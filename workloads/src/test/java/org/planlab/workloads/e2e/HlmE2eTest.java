package org.planlab.workloads.e2e;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.planlab.workloads.e2e.WorkloadRun.Setup;
import org.planlab.workloads.reference.HlmReference;

/** hlm's driver on the engine against {@link HlmReference}. */
class HlmE2eTest {
  private static final int N = 200;
  private static final int M = 6;
  private static final int MIN_EXP = -3;
  private static final int MAX_EXP = 3;
  private static final int[] ICPTS = {0, 1, 2};
  private static final String SCORE_LINE =
      "hlm: icpt (\\d), lambda .*, training R\\^2 " + Checks.NUMBER;

  @TempDir
  static Path dir;
  private static double[][] x;
  private static double[] y;
  private static double[] lambdas;

  @BeforeAll
  static void data() throws IOException {
    Random rnd = new Random(711);
    // uncentred features and an offset in the response: the intercept handling matters
    x = Checks.uniform(rnd, N, M, 0, 2);
    y = Checks.linearResponse(rnd, x, 3.0);
    for (int i = 0; i < N; i++) {
      y[i] = y[i] + 5;
    }
    lambdas = new double[MAX_EXP - MIN_EXP + 1];
    for (int e = MIN_EXP; e <= MAX_EXP; e++) {
      lambdas[e - MIN_EXP] = Math.pow(10, e);
    }
    WorkloadRun.write(dir, "X", x);
    WorkloadRun.write(dir, "y", WorkloadRun.column(y));
  }

  private static WorkloadRun run(Setup setup, boolean verbose) throws IOException {
    Map<String, String> args = Map.of("X", dir.resolve("X.bin").toString(),
        "y", dir.resolve("y.bin").toString(), "minExp", String.valueOf(MIN_EXP),
        "maxExp", String.valueOf(MAX_EXP), "verbose", verbose ? "TRUE" : "FALSE");
    return WorkloadRun.run("hlm", dir, args, List.of("out_scores"), setup);
  }

  @Test
  void scoresAndObjectiveAgreeWithTheReference() throws IOException {
    WorkloadRun run = run(Setup.DEFAULT, false);
    HlmReference.Result ref = HlmReference.fit(x, y, lambdas, ICPTS, HlmReference.Params.defaults());
    Checks.assertClose("scores", ref.scores(), run.matrix("out_scores"), Checks.REFERENCE_TOL);
    double best = Double.NEGATIVE_INFINITY;
    for (double[] row : ref.scores()) {
      for (double s : row) {
        best = Math.max(best, s);
      }
    }
    Checks.assertClose("objective", best, run.objective(), Checks.REFERENCE_TOL, 0);

    // the chosen grid point is compared by its score: icpt 1 and 2 fit near-equal models for
    // tiny lambdas, and rounding may break that tie either way
    double lambda = single(run, "bestLambda: " + Checks.NUMBER);
    int icpt = (int) single(run, "bestIcpt: " + Checks.NUMBER);
    int i = -1;
    for (int k = 0; k < lambdas.length; k++) {
      if (Math.abs(lambdas[k] - lambda) <= 1e-12 * lambdas[k]) {
        i = k;
      }
    }
    if (i < 0 || icpt < 0 || icpt > 2) {
      throw new AssertionError("bestLambda " + lambda + ", bestIcpt " + icpt + " is no grid point");
    }
    Checks.assertClose("score of the chosen grid point", best, ref.scores()[i][icpt],
        Checks.REFERENCE_TOL, 0);
  }

  @Test
  void verbosePrintsEveryGridPointInLoopOrder() throws IOException {
    WorkloadRun run = run(Setup.DEFAULT, false);
    WorkloadRun verbose = run(Setup.DEFAULT, true);
    Variants.assertSame("verbose", run, verbose);
    HlmReference.Result ref = HlmReference.fit(x, y, lambdas, ICPTS, HlmReference.Params.defaults());
    List<Double> expected = new ArrayList<>();
    List<Double> expectedIcpts = new ArrayList<>();
    for (int j = 0; j < ICPTS.length; j++) {
      for (int i = 0; i < lambdas.length; i++) {
        expected.add(ref.scores()[i][j]);
        expectedIcpts.add((double) ICPTS[j]);
      }
    }
    Checks.assertClose("scores printed per grid point", expected,
        verbose.printed(SCORE_LINE.replace("(\\d)", "\\d")), Checks.REFERENCE_TOL);
    Checks.assertClose("icpt printed per grid point", expectedIcpts, verbose.printed(SCORE_LINE), 0);
  }

  @Test
  void maxIcptZeroIsTheLambdaGridAlone() throws IOException {
    Map<String, String> args = Map.of("X", dir.resolve("X.bin").toString(),
        "y", dir.resolve("y.bin").toString(), "minExp", "-1", "maxExp", "1", "maxIcpt", "0");
    WorkloadRun run = WorkloadRun.run("hlm", dir, args, List.of("out_scores"), Setup.DEFAULT);
    HlmReference.Result ref = HlmReference.fit(x, y, new double[] {0.1, 1, 10}, new int[] {0},
        HlmReference.Params.defaults());
    Checks.assertClose("scores", ref.scores(), run.matrix("out_scores"), Checks.REFERENCE_TOL);
  }

  @Test
  void sameResultWithoutRewritesAndOnTwoThreads() throws IOException {
    WorkloadRun base = run(Setup.DEFAULT, false);
    Variants.assertSame("rewrites off", base, run(new Setup(false, 1), false));
    Variants.assertSame("two threads", base, run(new Setup(true, 2), false));
    // operator fusion: the same results unfused (none), without redundancy (fnr) and fuse-all
    Variants.assertSame("fusion none", base, run(Setup.fusion("none"), false));
    Variants.assertSame("fusion fnr", base, run(Setup.fusion("fnr"), false));
    Variants.assertSame("fusion fa", base, run(Setup.fusion("fa"), false));
    // large operations on a backend: the CP results bit for bit, transfers at boundaries
    Variants.assertSameOnBackend(setup -> run(setup, false));
    Variants.assertSameWithReuse(setup -> run(setup, false));
  }

  private static double single(WorkloadRun run, String regex) {
    List<Double> values = run.printed(regex);
    if (values.size() != 1) {
      throw new AssertionError("expected one line matching " + regex + " in:\n" + run.output());
    }
    return values.get(0);
  }
}
