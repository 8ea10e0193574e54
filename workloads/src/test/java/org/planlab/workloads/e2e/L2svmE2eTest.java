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
import org.planlab.workloads.reference.L2svmReference;

/** l2svm's driver on the engine against {@link L2svmReference}. */
class L2svmE2eTest {
  private static final int N = 300;
  private static final int M = 10;
  private static final double LAMBDA = 0.01;
  private static final int MAXITER = 20;
  private static final String OBJECTIVE = "l2svm: iteration \\d+, .* objective " + Checks.NUMBER;

  @TempDir
  static Path dir;
  private static double[][] x;
  private static double[] y;
  private static Map<String, String> args;

  @BeforeAll
  static void data() throws IOException {
    Random rnd = new Random(701);
    x = Checks.gaussian(rnd, N, M);
    double[] score = Checks.linearResponse(rnd, x, 0.5);
    y = new double[N];
    for (int i = 0; i < N; i++) {
      y[i] = score[i] >= 0 ? 1 : -1;
    }
    args = Map.of("X", WorkloadRun.write(dir, "X", x).toString(),
        "Y", WorkloadRun.write(dir, "Y", WorkloadRun.column(y)).toString(),
        "icpt", "1", "lambda", String.valueOf(LAMBDA), "tol", "1e-12",
        "maxiter", String.valueOf(MAXITER));
  }

  private static WorkloadRun run(Setup setup) throws IOException {
    return WorkloadRun.run("l2svm", dir, args, List.of("out_model"), setup);
  }

  private static WorkloadRun verboseRun() throws IOException {
    return WorkloadRun.run("l2svm", dir, WorkloadRun.with(args, "verbose", "TRUE"),
        List.of("out_model"), Setup.DEFAULT);
  }

  private static L2svmReference.Result reference() {
    return L2svmReference.fit(x, y, new L2svmReference.Params(true, 1e-12, LAMBDA, MAXITER, 20));
  }

  @Test
  void modelAndObjectiveAgreeWithTheReference() throws IOException {
    WorkloadRun run = run(Setup.DEFAULT);
    L2svmReference.Result ref = reference();
    Checks.assertClose("model", ref.model(), run.matrix("out_model"), Checks.REFERENCE_TOL);
    Checks.assertClose("objective",
        L2svmReference.objective(x, y, ref.model(), true, LAMBDA), run.objective(),
        Checks.REFERENCE_TOL, 0);
    WorkloadRun verbose = verboseRun();
    Variants.assertSame("verbose", run, verbose);
    Checks.assertClose("objective per iteration", ref.objectives(), verbose.printed(OBJECTIVE),
        Checks.REFERENCE_TOL);
  }

  @Test
  void objectiveDoesNotIncrease() throws IOException {
    List<Double> objectives = verboseRun().printed(OBJECTIVE);
    // the line search minimises the convex objective along a descent direction, so it cannot
    // increase it by more than the line search's stopping slack (g^2/h < tol = 1e-12, i.e.
    // within 5e-13 of the minimum along the line): 1e-10 relative covers that at these objective
    // values
    Checks.assertNonIncreasing("l2svm objective", objectives, 1e-10);
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
    Variants.assertSameOnBackend(L2svmE2eTest::run);
    Variants.assertSameWithReuse(L2svmE2eTest::run);
  }
}
