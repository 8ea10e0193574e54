package org.planlab.workloads.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;

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
import org.planlab.workloads.reference.L2svmGridReference;

/** l2svmGrid's driver on the engine against {@link L2svmGridReference}. */
class L2svmGridE2eTest {
  private static final int N = 300;
  private static final int M = 10;
  private static final int MIN_EXP = -2;
  private static final int MAX_EXP = 2;
  private static final int MAXITER = 20;
  private static final List<String> OUTPUTS = List.of("out_model", "out_accuracies", "out_losses");

  @TempDir
  static Path dir;
  private static double[][] x;
  private static double[] y;
  private static double[] regs;
  private static Map<String, String> args;

  @BeforeAll
  static void data() throws IOException {
    Random rnd = new Random(712);
    // shifted features and noisy labels: the intercept matters and no grid point is perfect
    x = Checks.uniform(rnd, N, M, -0.5, 1.5);
    double[] score = Checks.linearResponse(rnd, x, 1.5);
    y = new double[N];
    for (int i = 0; i < N; i++) {
      y[i] = score[i] >= 0.5 ? 1 : -1;
    }
    regs = new double[MAX_EXP - MIN_EXP + 1];
    for (int e = MIN_EXP; e <= MAX_EXP; e++) {
      regs[e - MIN_EXP] = Math.pow(10, e);
    }
    args = Map.of("X", WorkloadRun.write(dir, "X", x).toString(),
        "Y", WorkloadRun.write(dir, "Y", WorkloadRun.column(y)).toString(),
        "minExp", String.valueOf(MIN_EXP), "maxExp", String.valueOf(MAX_EXP),
        "tol", "1e-12", "maxiter", String.valueOf(MAXITER));
  }

  private static WorkloadRun run(Setup setup) throws IOException {
    return WorkloadRun.run("l2svmGrid", dir, args, OUTPUTS, setup);
  }

  private static L2svmGridReference.Result reference() {
    return L2svmGridReference.fit(x, y, regs, new L2svmGridReference.Params(1e-12, MAXITER, 20));
  }

  @Test
  void scoresModelAndObjectiveAgreeWithTheReference() throws IOException {
    WorkloadRun run = run(Setup.DEFAULT);
    L2svmGridReference.Result ref = reference();
    Checks.assertClose("losses", ref.losses(), run.matrix("out_losses"), Checks.REFERENCE_TOL);
    Checks.assertClose("accuracies", ref.accuracies(), run.matrix("out_accuracies"), 0);
    Checks.assertClose("model", ref.model(), run.matrix("out_model"), Checks.REFERENCE_TOL);
    double best = -1;
    for (double[] row : ref.accuracies()) {
      best = Math.max(best, Math.max(row[0], row[1]));
    }
    assertEquals(best, run.objective());
    // accuracies are counts over n, so equal ones are exactly equal: the choice is the reference's
    List<Double> bestReg = run.printed("bestReg: " + Checks.NUMBER);
    assertEquals(1, bestReg.size(), run.output());
    assertEquals(ref.bestReg(), bestReg.get(0), 1e-12 * ref.bestReg());
    assertEquals(List.of(String.valueOf(ref.bestIntercept()).toUpperCase()),
        run.output().lines().filter(l -> l.startsWith("bestIntercept: "))
            .map(l -> l.substring("bestIntercept: ".length())).toList());
  }

  @Test
  void objectiveIsTheAccuracyOfTheWrittenModel() throws IOException {
    WorkloadRun run = run(Setup.DEFAULT);
    double[] model = WorkloadRun.column(run.matrix("out_model"));
    boolean intercept = model.length == M + 1;
    assertEquals(L2svmGridReference.accuracy(x, y, model, intercept), run.objective());
  }

  @Test
  void verbosePrintsEveryGridPointInLoopOrder() throws IOException {
    WorkloadRun run = run(Setup.DEFAULT);
    WorkloadRun verbose = WorkloadRun.run("l2svmGrid", dir, WorkloadRun.with(args, "verbose", "TRUE"),
        OUTPUTS, Setup.DEFAULT);
    Variants.assertSame("verbose", run, verbose);
    L2svmGridReference.Result ref = reference();
    List<Double> accuracies = new ArrayList<>();
    List<Double> losses = new ArrayList<>();
    for (int k = 0; k < 2; k++) {
      for (int i = 0; i < regs.length; i++) {
        accuracies.add(ref.accuracies()[i][k]);
        losses.add(ref.losses()[i][k]);
      }
    }
    Checks.assertClose("accuracy per grid point", accuracies,
        verbose.printed("l2svmGrid: intercept .*, training accuracy " + Checks.NUMBER), 0);
    Checks.assertClose("objective per grid point", losses,
        verbose.printed("l2svmGrid: intercept .*, objective " + Checks.NUMBER), Checks.REFERENCE_TOL);
  }

  @Test
  void sameResultWithoutRewritesAndOnTwoThreads() throws IOException {
    // three regs suffice to compare the setups with each other
    Map<String, String> small = WorkloadRun.with(WorkloadRun.with(args, "minExp", "-1"), "maxExp", "1");
    Variants.Runner runner = setup -> WorkloadRun.run("l2svmGrid", dir, small, OUTPUTS, setup);
    WorkloadRun base = runner.run(Setup.DEFAULT);
    Variants.assertSame("rewrites off", base, runner.run(new Setup(false, 1)));
    Variants.assertSame("two threads", base, runner.run(new Setup(true, 2)));
    // operator fusion: the same results unfused (none), without redundancy (fnr) and fuse-all
    Variants.assertSame("fusion none", base, runner.run(Setup.fusion("none")));
    Variants.assertSame("fusion fnr", base, runner.run(Setup.fusion("fnr")));
    Variants.assertSame("fusion fa", base, runner.run(Setup.fusion("fa")));
    // large operations on a backend: the CP results bit for bit, transfers at boundaries
    Variants.assertSameOnBackend(runner);
    Variants.assertSameWithReuse(runner);
  }
}
