package org.planlab.workloads.e2e;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.io.TempDir;
import org.planlab.workloads.e2e.WorkloadRun.Setup;
import org.planlab.workloads.reference.MultiLogRegReference;

/** multiLogReg's driver on the engine against {@link MultiLogRegReference}, icpt 0, 1 and 2. */
class MultiLogRegE2eTest {
  private static final int N = 300;
  private static final int M = 8;
  private static final int CLASSES = 3;
  private static final double LAMBDA = 0.01;
  private static final int MAXITER = 20;
  private static final int MAXII = 10;
  /**
   * Stop once the gradient norm fell by this factor: before the trust region starts to accept or
   * reject steps whose objective reduction is a few ulps, where rounding, not the algorithm,
   * decides (seen with 1e-12: the engine accepted a last step of 1e-14 the reference rejected).
   */
  private static final double TOL = 1e-8;
  private static final String ACCEPTED = "multiLogReg: accepted, objective " + Checks.NUMBER;

  @TempDir
  static Path dir;
  private static double[][] x;
  private static double[] y;
  private static Map<String, String> data;

  @BeforeAll
  static void data() throws IOException {
    Random rnd = new Random(702);
    x = Checks.uniform(rnd, N, M, -2, 3);
    y = Checks.classLabels(rnd, x, CLASSES, 1.0);
    data = Map.of("X", WorkloadRun.write(dir, "X", x).toString(),
        "Y", WorkloadRun.write(dir, "Y", WorkloadRun.column(y)).toString());
  }

  private static WorkloadRun run(int icpt, Setup setup) throws IOException {
    return run(icpt, setup, false);
  }

  private static WorkloadRun run(int icpt, Setup setup, boolean verbose) throws IOException {
    Map<String, String> args = new java.util.HashMap<>(data);
    args.putAll(Map.of("icpt", String.valueOf(icpt), "lambda", String.valueOf(LAMBDA),
        "tol", String.valueOf(TOL), "maxiter", String.valueOf(MAXITER),
        "maxii", String.valueOf(MAXII),
        "verbose", verbose ? "TRUE" : "FALSE"));
    return WorkloadRun.run("multiLogReg", dir, args, List.of("out_betas"), setup);
  }

  @ParameterizedTest(name = "icpt {0}")
  @ValueSource(ints = {0, 1, 2})
  void betasAndObjectiveAgreeWithTheReference(int icpt) throws IOException {
    WorkloadRun run = run(icpt, Setup.DEFAULT);
    MultiLogRegReference.Result ref = MultiLogRegReference.fit(x, y,
        new MultiLogRegReference.Params(icpt, TOL, LAMBDA, MAXITER, MAXII));
    Checks.assertClose("betas", ref.betas(), run.matrix("out_betas"), Checks.REFERENCE_TOL);
    Checks.assertClose("objective",
        MultiLogRegReference.negativeLogLikelihood(x, y, ref.betas(), icpt), run.objective(),
        Checks.REFERENCE_TOL, 0);
    List<Double> accepted = new ArrayList<>();
    for (int i = 0; i < ref.iterations(); i++) {
      if (ref.accepted().get(i)) {
        accepted.add(ref.objectives().get(i));
      }
    }
    WorkloadRun verbose = run(icpt, Setup.DEFAULT, true);
    Variants.assertSame("verbose", run, verbose);
    Checks.assertClose("accepted objectives", accepted, verbose.printed(ACCEPTED),
        Checks.REFERENCE_TOL);
  }

  @ParameterizedTest(name = "icpt {0}")
  @ValueSource(ints = {0, 1, 2})
  void zeroLabelsAreTheBaselineClass(int icpt) throws IOException {
    // labels 0/1: the script maps labels <= 0 to the last (baseline) class
    double[] binary = new double[N];
    for (int i = 0; i < N; i++) {
      binary[i] = y[i] == 1 ? 1 : 0;
    }
    Map<String, String> args = Map.of("X", data.get("X"),
        "Y", WorkloadRun.write(dir, "Y01", WorkloadRun.column(binary)).toString(),
        "icpt", String.valueOf(icpt), "lambda", String.valueOf(LAMBDA), "tol", String.valueOf(TOL),
        "maxiter", String.valueOf(MAXITER), "maxii", String.valueOf(MAXII));
    WorkloadRun run = WorkloadRun.run("multiLogReg", dir, args, List.of("out_betas"),
        Setup.DEFAULT);
    MultiLogRegReference.Result ref = MultiLogRegReference.fit(x, binary,
        new MultiLogRegReference.Params(icpt, TOL, LAMBDA, MAXITER, MAXII));
    Checks.assertClose("betas", ref.betas(), run.matrix("out_betas"), Checks.REFERENCE_TOL);
    Checks.assertClose("objective",
        MultiLogRegReference.negativeLogLikelihood(x, binary, ref.betas(), icpt), run.objective(),
        Checks.REFERENCE_TOL, 0);
  }

  @ParameterizedTest(name = "icpt {0}")
  @ValueSource(ints = {0, 2})
  void objectiveDoesNotIncrease(int icpt) throws IOException {
    WorkloadRun run = run(icpt, Setup.DEFAULT, true);
    List<Double> objectives = new ArrayList<>(
        run.printed("multiLogReg: initial objective " + Checks.NUMBER));
    objectives.addAll(run.printed(ACCEPTED));
    // the trust region accepts a step only when it reduces the objective
    Checks.assertNonIncreasing("multiLogReg objective", objectives, 0);
  }

  @ParameterizedTest(name = "icpt {0}")
  @ValueSource(ints = {0, 2})
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
