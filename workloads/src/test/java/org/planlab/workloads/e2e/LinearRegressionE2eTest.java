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
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.planlab.workloads.e2e.WorkloadRun.Setup;
import org.planlab.workloads.reference.LmCgReference;
import org.planlab.workloads.reference.LmDsReference;
import org.planlab.workloads.reference.LmReference;

/** The drivers of lmDS, lmCG and lm on the engine against their references. */
class LinearRegressionE2eTest {
  private static final int N = 300;
  private static final int M = 8;
  private static final double LAMBDA = 0.01;
  private static final double TOL = 1e-12;
  private static final String RESIDUAL =
      "lmCG: iteration \\d+, relative residual norm " + Checks.NUMBER;

  @TempDir
  static Path dir;
  private static double[][] x;
  private static double[] y;
  private static Map<String, String> data;

  @BeforeAll
  static void data() throws IOException {
    Random rnd = new Random(707);
    // shifted and unevenly scaled columns, so that icpt 1 and 2 differ from icpt 0
    x = Checks.gaussian(rnd, N, M);
    for (double[] row : x) {
      for (int j = 0; j < M; j++) {
        row[j] = (j + 1) * row[j] + 3 - j;
      }
    }
    y = Checks.linearResponse(rnd, x, 0.3);
    for (int i = 0; i < N; i++) {
      y[i] += 4;
    }
    data = Map.of("X", WorkloadRun.write(dir, "X", x).toString(),
        "y", WorkloadRun.write(dir, "y", WorkloadRun.column(y)).toString());
  }

  private static WorkloadRun run(String workload, int icpt, int maxiter, Setup setup)
      throws IOException {
    return run(workload, icpt, maxiter, setup, false);
  }

  private static WorkloadRun run(String workload, int icpt, int maxiter, Setup setup,
      boolean verbose) throws IOException {
    Map<String, String> args = new HashMap<>(data);
    args.put("icpt", String.valueOf(icpt));
    args.put("lambda", String.valueOf(LAMBDA));
    args.put("verbose", verbose ? "TRUE" : "FALSE");
    if (!workload.equals("lmDS")) {
      args.put("tol", String.valueOf(TOL));
      args.put("maxiter", String.valueOf(maxiter));
    }
    return WorkloadRun.run(workload, dir, args, List.of("out_B"), setup);
  }

  private static double[] reference(String workload, int icpt) {
    return switch (workload) {
      case "lmDS" -> LmDsReference.fit(x, y, new LmDsReference.Params(icpt, LAMBDA));
      case "lmCG" -> LmCgReference.fit(x, y, new LmCgReference.Params(icpt, LAMBDA, TOL, 0)).B();
      case "lm" -> LmReference.fit(x, y, new LmReference.Params(icpt, LAMBDA, TOL, 0));
      default -> throw new IllegalArgumentException(workload);
    };
  }

  @ParameterizedTest(name = "{0} icpt {1}")
  @CsvSource({"lmDS,0", "lmDS,1", "lmDS,2", "lmCG,0", "lmCG,1", "lmCG,2", "lm,0", "lm,2"})
  void coefficientsAndObjectiveAgreeWithTheReference(String workload, int icpt)
      throws IOException {
    WorkloadRun run = run(workload, icpt, 0, Setup.DEFAULT);
    double[] ref = reference(workload, icpt);
    Checks.assertClose("B", ref, run.matrix("out_B"), Checks.REFERENCE_TOL);
    Checks.assertClose("objective", LmDsReference.residualSumOfSquares(x, y, ref, icpt),
        run.objective(), Checks.REFERENCE_TOL, 0);
    Variants.assertSame("verbose", run, run(workload, icpt, 0, Setup.DEFAULT, true));
  }

  @ParameterizedTest(name = "icpt {0}")
  @ValueSource(ints = {0, 2})
  void conjugateGradientStepsAgreeWithTheReference(int icpt) throws IOException {
    WorkloadRun run = run("lmCG", icpt, 0, Setup.DEFAULT, true);
    List<Double> norms = LmCgReference.fit(x, y, new LmCgReference.Params(icpt, LAMBDA, TOL, 0))
        .residualNorms2();
    List<Double> relative = new ArrayList<>();
    for (int i = 1; i < norms.size(); i++) {
      relative.add(Math.sqrt(norms.get(i) / norms.get(0)));
    }
    List<Double> printed = run.printed(RESIDUAL);
    if (printed.size() != relative.size()) {
      throw new AssertionError("CG steps: " + printed + ", expected " + relative);
    }
    // relative residual norms end far below 1, where rounding dominates: compare them at the
    // scale of the first one
    for (int i = 0; i < relative.size(); i++) {
      Checks.assertClose("relative residual norm #" + (i + 1), relative.get(i), printed.get(i),
          Checks.REFERENCE_TOL, 1e-3);
    }
  }

  @Test
  void conjugateGradientLowersItsQuadratic() throws IOException {
    // CG minimises q(b) = 1/2 b'(X'X + lambda I)b - b'X'y over growing Krylov spaces, so q of the
    // iterates (runs stopped after 1, 2, ... steps) never increases
    List<Double> q = new ArrayList<>();
    for (int maxiter = 1; maxiter <= M; maxiter++) {
      q.add(quadratic(WorkloadRun.column(run("lmCG", 0, maxiter, Setup.DEFAULT).matrix("out_B"))));
    }
    Checks.assertNonIncreasing("lmCG quadratic", q, 1e-12);
  }

  @Test
  void lmSolvesByConjugateGradientBeyond1024Columns() throws IOException {
    Random rnd = new Random(709);
    double[][] wide = Checks.gaussian(rnd, 100, 1030);
    double[] response = Checks.linearResponse(rnd, wide, 0.1);
    Map<String, String> args = Map.of("X", WorkloadRun.write(dir, "Xwide", wide).toString(),
        "y", WorkloadRun.write(dir, "ywide", WorkloadRun.column(response)).toString(),
        "lambda", "1", "tol", "1e-12", "maxiter", "30");
    WorkloadRun run = WorkloadRun.run("lm", dir, args, List.of("out_B"), Setup.DEFAULT);
    double[] ref = LmReference.fit(wide, response, new LmReference.Params(0, 1, 1e-12, 30));
    Checks.assertClose("B", ref, run.matrix("out_B"), Checks.REFERENCE_TOL);
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"lmDS", "lm"})
  void directSolveMeetsTheNormalEquations(String workload) throws IOException {
    // no iterations to watch: the optimality condition (X'X + lambda I) B = X'y holds instead
    double[] b = WorkloadRun.column(run(workload, 0, 0, Setup.DEFAULT).matrix("out_B"));
    double[] grad = new double[M];
    double scale = 0;
    for (int j = 0; j < M; j++) {
      double xty = 0;
      for (int i = 0; i < N; i++) {
        xty += x[i][j] * y[i];
      }
      grad[j] = LAMBDA * b[j] - xty;
      scale = Math.max(scale, Math.abs(xty));
    }
    for (int i = 0; i < N; i++) {
      double xb = 0;
      for (int j = 0; j < M; j++) {
        xb += x[i][j] * b[j];
      }
      for (int j = 0; j < M; j++) {
        grad[j] += x[i][j] * xb;
      }
    }
    for (int j = 0; j < M; j++) {
      if (!(Math.abs(grad[j]) <= 1e-10 * scale)) {
        throw new AssertionError("gradient " + j + " is " + grad[j] + " at scale " + scale);
      }
    }
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"lmDS", "lmCG", "lm"})
  void sameResultWithoutRewritesAndOnTwoThreads(String workload) throws IOException {
    WorkloadRun base = run(workload, 2, 0, Setup.DEFAULT);
    Variants.assertSame("rewrites off", base, run(workload, 2, 0, new Setup(false, 1)));
    Variants.assertSame("two threads", base, run(workload, 2, 0, new Setup(true, 2)));
    // operator fusion: the same results unfused (none) and without redundancy (fnr)
    Variants.assertSame("fusion none", base, run(workload, 2, 0, Setup.fusion("none")));
    Variants.assertSame("fusion fnr", base, run(workload, 2, 0, Setup.fusion("fnr")));
    Variants.assertSame("fusion fa", base, run(workload, 2, 0, Setup.fusion("fa")));
    // large operations on a backend: the CP results bit for bit, transfers at boundaries
    Variants.assertSameOnBackend(setup -> run(workload, 2, 0, setup));
    Variants.assertSameWithReuse(setup -> run(workload, 2, 0, setup));
  }

  private static double quadratic(double[] b) {
    double q = 0;
    for (int i = 0; i < N; i++) {
      double xb = 0;
      for (int j = 0; j < M; j++) {
        xb += x[i][j] * b[j];
      }
      q += 0.5 * xb * xb - xb * y[i];
    }
    for (int j = 0; j < M; j++) {
      q += 0.5 * LAMBDA * b[j] * b[j];
    }
    return q;
  }
}
