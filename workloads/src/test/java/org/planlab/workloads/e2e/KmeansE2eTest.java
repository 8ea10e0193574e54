package org.planlab.workloads.e2e;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.planlab.workloads.e2e.WorkloadRun.Setup;
import org.planlab.workloads.reference.KmeansReference;

/** kmeans' driver on the engine against {@link KmeansReference}. */
class KmeansE2eTest {
  private static final int N = 400;
  private static final int M = 6;
  private static final int K = 5;
  private static final int MAXITER = 30;
  private static final String WCSS = "kmeans: iteration \\d+, WCSS " + Checks.NUMBER;

  @TempDir
  static Path dir;
  private static double[][] x;
  private static double[][] cInit;
  private static Map<String, String> args;

  @BeforeAll
  static void data() throws IOException {
    Random rnd = new Random(703);
    double[][] centers = Checks.uniform(rnd, K, M, -5, 5);
    x = Checks.gaussian(rnd, N, M);
    for (int i = 0; i < N; i++) {
      double[] c = centers[rnd.nextInt(K)];
      for (int j = 0; j < M; j++) {
        x[i][j] = 1.5 * x[i][j] + c[j];
      }
    }
    cInit = new double[K][];
    for (int c = 0; c < K; c++) {
      cInit[c] = x[rnd.nextInt(N)].clone();
    }
    args = Map.of("X", WorkloadRun.write(dir, "X", x).toString(),
        "C", WorkloadRun.write(dir, "C", cInit).toString(), "k", String.valueOf(K),
        "maxiter", String.valueOf(MAXITER), "tol", "1e-12");
  }

  private static WorkloadRun run(Setup setup) throws IOException {
    return WorkloadRun.run("kmeans", dir, args, List.of("out_C", "out_Y"), setup);
  }

  private static WorkloadRun verboseRun() throws IOException {
    return WorkloadRun.run("kmeans", dir, WorkloadRun.with(args, "verbose", "TRUE"),
        List.of("out_C", "out_Y"), Setup.DEFAULT);
  }

  @Test
  void centroidsAndObjectiveAgreeWithTheReference() throws IOException {
    WorkloadRun run = run(Setup.DEFAULT);
    KmeansReference.Result ref = KmeansReference.fit(x, cInit,
        new KmeansReference.Params(K, MAXITER, 1e-12));
    Checks.assertClose("C", ref.C(), run.matrix("out_C"), Checks.REFERENCE_TOL);
    Checks.assertClose("objective", KmeansReference.wcss(x, ref.C()), run.objective(),
        Checks.REFERENCE_TOL, 0);
    WorkloadRun verbose = verboseRun();
    Variants.assertSame("verbose", run, verbose);
    Checks.assertClose("WCSS per iteration", ref.wcss(), verbose.printed(WCSS),
        Checks.REFERENCE_TOL);
    // the assignment is compared by score, not by identity: each row's assigned centroid must be
    // (up to rounding) as near as the nearest one, since ties may break either way
    double[][] c = run.matrix("out_C");
    double[] assigned = WorkloadRun.column(run.matrix("out_Y"));
    for (int i = 0; i < N; i++) {
      double best = Double.POSITIVE_INFINITY;
      for (double[] centroid : c) {
        best = Math.min(best, distance2(x[i], centroid));
      }
      int yi = (int) assigned[i];
      if (yi < 1 || yi > K || yi != assigned[i]) {
        throw new AssertionError("row " + (i + 1) + " assigned to " + assigned[i]);
      }
      Checks.assertClose("distance of row " + (i + 1) + " to its centroid", best,
          distance2(x[i], c[yi - 1]), Checks.REFERENCE_TOL, 1e-6);
    }
  }

  @Test
  void objectiveDoesNotIncrease() throws IOException {
    // Lloyd's steps (assign to the nearest, move to the mean) never increase the WCSS
    Checks.assertNonIncreasing("kmeans WCSS", verboseRun().printed(WCSS), 1e-12);
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
    Variants.assertSameOnBackend(KmeansE2eTest::run);
    Variants.assertSameWithReuse(KmeansE2eTest::run);
  }

  private static double distance2(double[] a, double[] b) {
    double s = 0;
    for (int j = 0; j < a.length; j++) {
      s += (a[j] - b[j]) * (a[j] - b[j]);
    }
    return s;
  }
}
