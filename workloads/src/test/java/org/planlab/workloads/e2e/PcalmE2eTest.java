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
import org.planlab.workloads.reference.PcalmReference;

/** pcalm's driver on the engine against {@link PcalmReference}. */
class PcalmE2eTest {
  private static final int N = 200;
  private static final int M = 6;
  private static final int[] KS = {1, 2, 3, 4, 5, 6};
  private static final String SCORE_LINE = "pcalm: K (\\d+), training R\\^2 " + Checks.NUMBER;

  @TempDir
  static Path dir;
  private static double[][] x;
  private static double[] y;

  @BeforeAll
  static void data() throws IOException {
    Random rnd = new Random(741);
    x = Checks.lowRank(rnd, N, M, new double[] {3, 2, 1}, 0.3);
    // an offset in the response: the intercept matters
    y = Checks.linearResponse(rnd, x, 2.0);
    for (int i = 0; i < N; i++) {
      y[i] = y[i] + 5;
    }
    WorkloadRun.write(dir, "X", x);
    WorkloadRun.write(dir, "y", WorkloadRun.column(y));
  }

  private static Map<String, String> args(String... more) {
    Map<String, String> args = Map.of("X", dir.resolve("X.bin").toString(),
        "y", dir.resolve("y.bin").toString(), "maxK", String.valueOf(M));
    for (int i = 0; i < more.length; i += 2) {
      args = WorkloadRun.with(args, more[i], more[i + 1]);
    }
    return args;
  }

  private static WorkloadRun run(Setup setup, String... more) throws IOException {
    return WorkloadRun.run("pcalm", dir, args(more), List.of("out_scores"), setup);
  }

  @Test
  void scoresAndObjectiveAgreeWithTheReference() throws IOException {
    WorkloadRun run = run(Setup.DEFAULT);
    PcalmReference.Result ref = PcalmReference.fit(x, y, KS, PcalmReference.Params.defaults());
    Checks.assertClose("scores", ref.scores(), run.matrix("out_scores"), Checks.REFERENCE_TOL);
    double best = Double.NEGATIVE_INFINITY;
    for (double s : ref.scores()) {
      best = Math.max(best, s);
    }
    Checks.assertClose("objective", best, run.objective(), Checks.REFERENCE_TOL, 0);

    // the chosen K is compared by its score: a component that adds (almost) nothing to the fit
    // gives a near-equal score, and rounding may break that tie either way
    List<Double> chosen = run.printed("bestK: " + Checks.NUMBER);
    if (chosen.size() != 1 || chosen.get(0) < 1 || chosen.get(0) > M
        || chosen.get(0) != Math.rint(chosen.get(0))) {
      throw new AssertionError("expected one bestK line with a K in 1.." + M + ":\n" + run.output());
    }
    int k = chosen.get(0).intValue();
    Checks.assertClose("score of the chosen K", best, ref.scores()[k - 1], Checks.REFERENCE_TOL, 0);
  }

  @Test
  void verbosePrintsEveryKInLoopOrder() throws IOException {
    WorkloadRun run = run(Setup.DEFAULT);
    WorkloadRun verbose = run(Setup.DEFAULT, "verbose", "TRUE");
    Variants.assertSame("verbose", run, verbose);
    PcalmReference.Result ref = PcalmReference.fit(x, y, KS, PcalmReference.Params.defaults());
    List<Double> expected = new ArrayList<>();
    List<Double> expectedKs = new ArrayList<>();
    for (int i = 0; i < KS.length; i++) {
      expected.add(ref.scores()[i]);
      expectedKs.add((double) KS[i]);
    }
    Checks.assertClose("scores printed per K", expected,
        verbose.printed(SCORE_LINE.replace("(\\d+)", "\\d+")), Checks.REFERENCE_TOL);
    Checks.assertClose("K printed per score", expectedKs, verbose.printed(SCORE_LINE), 0);
  }

  @Test
  void stepUnscaledAndWithoutInterceptAgreesWithTheReference() throws IOException {
    WorkloadRun run = run(Setup.DEFAULT, "minK", "2", "stepK", "2", "scale", "FALSE",
        "icpt", "0", "lambda", "0.1");
    PcalmReference.Result ref = PcalmReference.fit(x, y, new int[] {2, 4, 6},
        new PcalmReference.Params(true, false, 0, 0.1));
    Checks.assertClose("scores", ref.scores(), run.matrix("out_scores"), Checks.REFERENCE_TOL);
  }

  @Test
  void sameResultWithoutRewritesAndOnTwoThreads() throws IOException {
    WorkloadRun base = run(Setup.DEFAULT);
    Variants.assertSame("rewrites off", base, run(new Setup(false, 1)));
    Variants.assertSame("two threads", base, run(new Setup(true, 2)));
    Variants.assertSame("fusion none", base, run(Setup.fusion("none")));
    Variants.assertSame("fusion fnr", base, run(Setup.fusion("fnr")));
    Variants.assertSame("fusion fa", base, run(Setup.fusion("fa")));
    Variants.assertSameOnBackend(setup -> run(setup));
    Variants.assertSameWithReuse(setup -> run(setup));
  }
}
