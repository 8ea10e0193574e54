package org.planlab.workloads.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.planlab.workloads.e2e.WorkloadRun.Setup;

/**
 * Which fused operators the workloads run (fusion paper, sec. 5.2): L2SVM's line search runs
 * multi-aggregates, MLogreg's Hessian-vector chain a Row operator, ALS-CG and PNMF on sparse
 * input Outer operators; with fusion {@code none} no fused operator runs at all. Counts are
 * execution counts of the spoof* opcodes under each run's setup; data are small.
 */
class FusionPlansTest {
  @TempDir
  static Path dir;
  private static Map<String, String> l2svm;
  private static Map<String, String> mlogreg;
  private static Map<String, String> alsCg;
  private static Map<String, String> pnmf;

  @BeforeAll
  static void data() throws IOException {
    Random rnd = new Random(801);
    double[][] x = Checks.gaussian(rnd, 200, 8);
    double[] score = Checks.linearResponse(rnd, x, 0.5);
    double[] y = new double[score.length];
    for (int i = 0; i < y.length; i++) {
      y[i] = score[i] >= 0 ? 1 : -1;
    }
    l2svm = Map.of("X", WorkloadRun.write(dir, "l2svmX", x).toString(),
        "Y", WorkloadRun.write(dir, "l2svmY", WorkloadRun.column(y)).toString(),
        "icpt", "0", "lambda", "0.01", "tol", "1e-12", "maxiter", "10", "verbose", "TRUE");

    double[][] xm = Checks.uniform(rnd, 200, 6, -2, 3);
    double[] labels = Checks.classLabels(rnd, xm, 3, 1.0);
    mlogreg = Map.of("X", WorkloadRun.write(dir, "mlrX", xm).toString(),
        "Y", WorkloadRun.write(dir, "mlrY", WorkloadRun.column(labels)).toString(),
        "icpt", "0", "lambda", "0.01", "tol", "1e-8", "maxiter", "5", "maxii", "5",
        "verbose", "FALSE");

    double[][] xa = Checks.sparseData(rnd, 160, 40, 4, 0.1, false);
    alsCg = new HashMap<>(Map.of("X", WorkloadRun.write(dir, "alsX", xa).toString(),
        "seed", "802", "rank", "4", "regType", "L2", "lambda", "0.01", "maxiter", "2",
        "tol", "1e-12"));
    alsCg.put("check", "TRUE");

    double[][] xp = Checks.sparseData(rnd, 160, 40, 4, 0.08, true);
    pnmf = Map.of("X", WorkloadRun.write(dir, "pnmfX", xp).toString(), "seed", "803",
        "rank", "4", "eps", "1e-15", "maxiter", "4");
  }

  private static WorkloadRun l2svm(Setup setup) throws IOException {
    return WorkloadRun.run("l2svm", dir, l2svm, List.of("out_model"), setup);
  }

  private static WorkloadRun mlogreg(Setup setup) throws IOException {
    return WorkloadRun.run("multiLogReg", dir, mlogreg, List.of("out_betas"), setup);
  }

  private static WorkloadRun alsCg(Setup setup) throws IOException {
    return WorkloadRun.run("alsCG", dir, alsCg, List.of("out_U", "out_V"), setup);
  }

  private static WorkloadRun pnmf(Setup setup) throws IOException {
    return WorkloadRun.run("pnmf", dir, pnmf, List.of("out_W", "out_H"), setup);
  }

  private static long count(WorkloadRun run, String opcode) {
    return run.fusedExecutions().getOrDefault(opcode, 0L);
  }

  /** The line-search steps of all iterations, from the verbose output. */
  private static long lineSearchSteps(WorkloadRun run) {
    List<Double> steps = run.printed("l2svm: iteration \\d+, (\\d+) line search steps");
    assertFalse(steps.isEmpty(), "no iteration printed:\n" + run.output());
    long n = 0;
    for (double s : steps) {
      n += (long) s;
    }
    return n;
  }

  @Test
  void l2svmLineSearchRunsMultiAggregates() throws IOException {
    for (String fusion : List.of("fa", "fnr")) {
      WorkloadRun run = l2svm(Setup.fusion(fusion));
      long steps = lineSearchSteps(run);
      assertTrue(steps > 0);
      // g and h of every line-search step: sum(out * Y * Xd) and sum(Xd * sv * Xd) share Xd
      assertTrue(count(run, "spoofMagg") >= steps, fusion + ": " + steps
          + " line-search steps, fused executions " + run.fusedExecutions());
    }
  }

  @Test
  void mlogregRunsTheHessianVectorChainAsARowOperator() throws IOException {
    for (String fusion : List.of("fa", "fnr", "mpskip")) {
      WorkloadRun run = mlogreg(Setup.fusion(fusion));
      assertTrue(count(run, "spoofRow") > 0, fusion + ": " + run.fusedExecutions());
    }
  }

  @Test
  void alsCgOnSparseInputRunsOuterOperators() throws IOException {
    // under mpskip too: the heuristics' failure mode of sec. 5.4 must not happen
    for (String fusion : List.of("fa", "fnr", "mpskip")) {
      WorkloadRun run = alsCg(Setup.fusion(fusion));
      assertTrue(count(run, "spoofOuter") > 0, fusion + ": " + run.fusedExecutions());
    }
  }

  @Test
  void pnmfRunsOuterOperators() throws IOException {
    for (String fusion : List.of("fa", "fnr", "mpskip")) {
      WorkloadRun run = pnmf(Setup.fusion(fusion));
      assertTrue(count(run, "spoofOuter") > 0, fusion + ": " + run.fusedExecutions());
    }
    // both update rules of each of the 4 iterations, t(W) %*% (X / (W %*% H + eps)) (LEFT)
    // and (X / (W %*% H + eps)) %*% t(H) (RIGHT), are Outer operators over X
    WorkloadRun fa = pnmf(Setup.fusion("fa"));
    assertTrue(count(fa, "spoofOuter") >= 8, "fa: " + fa.fusedExecutions());
  }

  @Test
  void noFusionRunsNoFusedOperator() throws IOException {
    Setup none = Setup.fusion("none");
    for (WorkloadRun run : List.of(l2svm(none), mlogreg(none), alsCg(none), pnmf(none))) {
      assertEquals(Map.of(), run.fusedExecutions());
    }
  }
}
