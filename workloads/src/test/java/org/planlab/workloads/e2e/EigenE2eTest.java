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
import org.planlab.workloads.reference.EigenReference;

/**
 * eigen's driver on the engine against {@link EigenReference}; eigenvectors are compared after
 * the sign rule of pca, as their signs are arbitrary.
 */
class EigenE2eTest {
  private static final List<String> OUTPUTS = List.of("out_evalues", "out_evectors");

  @TempDir
  static Path dir;
  private static double[][] x;

  @BeforeAll
  static void data() throws IOException {
    x = Checks.lowRank(new Random(721), 200, 6, new double[] {3, 2, 1}, 0.3);
    WorkloadRun.write(dir, "X", x);
  }

  private static WorkloadRun run(Setup setup, boolean center) throws IOException {
    return WorkloadRun.run("eigen", dir, Map.of("X", dir.resolve("X.bin").toString(),
        "center", center ? "TRUE" : "FALSE"), OUTPUTS, setup);
  }

  private static void assertAgrees(WorkloadRun run, boolean center) {
    EigenReference.Result ref = EigenReference.fit(EigenReference.driverMatrix(x, center));
    Checks.assertClose("evalues", ref.evalues(), run.matrix("out_evalues"), Checks.REFERENCE_TOL);
    Checks.assertClose("evectors", EigenReference.withSignRule(ref.evectors()),
        EigenReference.withSignRule(run.matrix("out_evectors")), Checks.REFERENCE_TOL);
    double[] values = ref.evalues();
    Checks.assertClose("objective", values[values.length - 1], run.objective(),
        Checks.REFERENCE_TOL, 0);
  }

  @Test
  void decompositionOfTheGramMatrixAgreesWithTheReference() throws IOException {
    assertAgrees(run(Setup.DEFAULT, false), false);
  }

  @Test
  void decompositionOfTheCovarianceAgreesWithTheReference() throws IOException {
    assertAgrees(run(Setup.DEFAULT, true), true);
  }

  @Test
  void sameResultWithoutRewritesAndOnTwoThreads() throws IOException {
    WorkloadRun base = run(Setup.DEFAULT, true);
    Variants.assertSame("rewrites off", base, run(new Setup(false, 1), true));
    Variants.assertSame("two threads", base, run(new Setup(true, 2), true));
    Variants.assertSame("fusion none", base, run(Setup.fusion("none"), true));
    Variants.assertSame("fusion fa", base, run(Setup.fusion("fa"), true));
    Variants.assertSameOnBackend(setup -> run(setup, true));
    Variants.assertSameWithReuse(setup -> run(setup, true));
  }
}
