package org.planlab.workloads.e2e;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.planlab.workloads.e2e.WorkloadRun.Setup;
import org.planlab.workloads.reference.PcaReference;

/** pca's driver on the engine against {@link PcaReference}. */
class PcaE2eTest {
  private static final int N = 200;
  private static final int M = 6;
  private static final List<String> OUTPUTS =
      List.of("out_XReduced", "out_Components", "out_Centering", "out_ScaleFactor");

  @TempDir
  static Path dir;
  private static double[][] x;

  @BeforeAll
  static void data() throws IOException {
    x = Checks.lowRank(new Random(731), N, M, new double[] {3, 2, 1}, 0.3);
    WorkloadRun.write(dir, "X", x);
  }

  private static WorkloadRun run(Setup setup, int k, boolean center, boolean scale)
      throws IOException {
    return WorkloadRun.run("pca", dir, Map.of("X", dir.resolve("X.bin").toString(),
        "K", String.valueOf(k), "center", center ? "TRUE" : "FALSE",
        "scale", scale ? "TRUE" : "FALSE"), OUTPUTS, setup);
  }

  /** Every combination of centring and scaling, and K from 1 to more than the columns. */
  @ParameterizedTest(name = "K {0}, center {1}, scale {2}")
  @CsvSource({"2, true, true", "1, true, false", "3, false, true", "6, false, false"})
  void resultsAndObjectiveAgreeWithTheReference(int k, boolean center, boolean scale)
      throws IOException {
    WorkloadRun run = run(Setup.DEFAULT, k, center, scale);
    PcaReference.Result ref = PcaReference.fit(x, new PcaReference.Params(k, center, scale));
    Checks.assertClose("Components", ref.Mout(), run.matrix("out_Components"), Checks.REFERENCE_TOL);
    Checks.assertClose("XReduced", ref.Xout(), run.matrix("out_XReduced"), Checks.REFERENCE_TOL);
    // 0 x 0 when off, as SystemDS's scale returns them
    Checks.assertClose("Centering", ref.Centering(), run.matrix("out_Centering"),
        Checks.REFERENCE_TOL);
    Checks.assertClose("ScaleFactor", ref.ScaleFactor(), run.matrix("out_ScaleFactor"),
        Checks.REFERENCE_TOL);
    Checks.assertClose("objective", PcaReference.variance(ref), run.objective(),
        Checks.REFERENCE_TOL, 0);
  }

  @Test
  void moreComponentsThanColumnsAreCappedWithAMessage() throws IOException {
    WorkloadRun run = run(Setup.DEFAULT, M + 2, true, true);
    PcaReference.Result ref = PcaReference.fit(x, new PcaReference.Params(M, true, true));
    Checks.assertClose("Components", ref.Mout(), run.matrix("out_Components"), Checks.REFERENCE_TOL);
    if (!run.output().contains("pca: K = " + (M + 2) + " exceeds the " + M + " columns of X")) {
      throw new AssertionError("no message about K in:\n" + run.output());
    }
    // all components of standardised data: the total variance is the number of columns
    Checks.assertClose("objective", M, run.objective(), Checks.REFERENCE_TOL, 0);
  }

  @Test
  void sameResultWithoutRewritesAndOnTwoThreads() throws IOException {
    WorkloadRun base = run(Setup.DEFAULT, 3, true, true);
    Variants.assertSame("rewrites off", base, run(new Setup(false, 1), 3, true, true));
    Variants.assertSame("two threads", base, run(new Setup(true, 2), 3, true, true));
    Variants.assertSame("fusion none", base, run(Setup.fusion("none"), 3, true, true));
    Variants.assertSame("fusion fnr", base, run(Setup.fusion("fnr"), 3, true, true));
    Variants.assertSame("fusion fa", base, run(Setup.fusion("fa"), 3, true, true));
    Variants.assertSameOnBackend(setup -> run(setup, 3, true, true));
    Variants.assertSameWithReuse(setup -> run(setup, 3, true, true));
  }
}
