package org.planlab.workloads.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.planlab.engine.api.Engine;
import org.planlab.engine.api.Explain;
import org.planlab.engine.config.EngineConfig;
import org.planlab.engine.config.ExecMode;
import org.planlab.engine.ir.ExecType;
import org.planlab.workloads.WorkloadCatalog;

/**
 * {@code explain --hops} of L2SVM's driver (X: 300 x 10, 23.5 KiB) in each execution mode, on
 * the test backends, with a local and device budget of 16 KiB: where every HOP was placed and
 * which budget it was compared with (optimizer paper, sec. 3.3; Spark paper, sec. 3.3).
 */
class ExplainModesTest {
  private static final long BUDGET = 16 << 10;
  /** The read of X, the read of Y, and X %*% w inside the function (one per DAG). */
  private static final Pattern READ_X = Pattern.compile("READ_FILE .* dims=300x10 .*(\\[.*\\])");
  private static final Pattern READ_Y = Pattern.compile("READ_FILE .* dims=300x1 .*(\\[.*\\])");
  private static final Pattern MATMULT =
      Pattern.compile("MATMULT .* dims=300x1 .*(\\[.*\\])");
  private static final Pattern VECTOR_MULT =
      Pattern.compile("BINARY \\[\\*\\] .* dims=300x1 .*(\\[.*\\])");

  @TempDir
  static Path dir;
  private static Map<String, String> args;

  @BeforeAll
  static void data() throws IOException {
    Random rnd = new Random(701);
    double[][] x = Checks.gaussian(rnd, 300, 10);
    double[] y = new double[300];
    for (int i = 0; i < 300; i++) {
      y[i] = rnd.nextBoolean() ? 1 : -1;
    }
    args = Map.of("X", WorkloadRun.write(dir, "X", x).toString(),
        "Y", WorkloadRun.write(dir, "Y", WorkloadRun.column(y)).toString(), "maxiter", "3");
  }

  private static String explain(ExecMode mode, String fusion) {
    WorkloadCatalog catalog = WorkloadCatalog.standard();
    EngineConfig c = EngineConfig.builder().parallelism(1).fusion(fusion)
        .libraryRoots(List.of(catalog.libraryFolder())).workingDirectory(dir).exec(mode)
        .localMemoryBudget(BUDGET).backend(ExecType.SPARK, "handles")
        .backend(ExecType.GPU, "handles-gpu:budget=" + BUDGET).build();
    try (Engine e = Engine.create(c)) {
      return Explain.hops(e.compile(catalog.driverScript(catalog.byName("l2svm")), args));
    }
  }

  /** The placement notes of every line matching {@code p}. */
  private static List<String> notes(String explain, Pattern p) {
    List<String> out = new ArrayList<>();
    for (String line : explain.split("\n")) {
      Matcher m = p.matcher(line);
      if (m.find()) {
        out.add(m.group(1));
      }
    }
    assertFalse(out.isEmpty(), p + " matches nothing in\n" + explain);
    return out;
  }

  private static void assertAll(String explain, Pattern p, String note) {
    for (String n : notes(explain, p)) {
      assertEquals(note, n, p.pattern());
    }
  }

  @Test
  void singlenodeRunsEverythingInTheDriverAndShowsWhatExceedsTheBudget() {
    String e = explain(ExecMode.SINGLENODE, "none");
    assertTrue(e.startsWith("PLACEMENT mode=singlenode local budget=16.0 KiB\nPROGRAM\n"), e);
    assertAll(e, READ_X, "[CP: op 23.7 KiB > local 16.0 KiB]");
    assertAll(e, READ_Y, "[CP: op 2.6 KiB <= local 16.0 KiB]");
    assertAll(e, MATMULT, "[CP: op 26.0 KiB > local 16.0 KiB]");
    assertFalse(e.contains("[SPARK") || e.contains("[GPU"), e);
  }

  @Test
  void hybridPlacesWhatExceedsTheLocalBudgetOnSpark() {
    String e = explain(ExecMode.HYBRID, "none");
    assertTrue(e.startsWith("PLACEMENT mode=hybrid local budget=16.0 KiB\n"), e);
    assertAll(e, READ_X, "[SPARK: op 23.7 KiB > local 16.0 KiB]");
    assertAll(e, READ_Y, "[CP: op 2.6 KiB <= local 16.0 KiB]");
    assertAll(e, MATMULT, "[SPARK: op 26.0 KiB > local 16.0 KiB]");
    for (String n : notes(e, VECTOR_MULT)) {
      assertTrue(n.startsWith("[CP: op ") && n.endsWith(" <= local 16.0 KiB]"), n);
    }
    // the if-branch that appends the intercept column is never sized (icpt = 0): unknown sizes
    // go to the robust backend and the DAG is recompiled before it would run
    assertTrue(e.contains("CBIND (1,4) matrix double [SPARK: unknown size]"), e);
    assertFalse(e.contains("[GPU"), e);
  }

  @Test
  void sparkPlacesEveryMatrixOperationOnTheBackend() {
    String e = explain(ExecMode.SPARK, "none");
    assertAll(e, READ_X, "[SPARK: forced by mode, op 23.7 KiB]");
    assertAll(e, READ_Y, "[SPARK: forced by mode, op 2.6 KiB]");
    assertAll(e, MATMULT, "[SPARK: forced by mode, op 26.0 KiB]");
    assertTrue(e.matches("(?s).*PRINT \\(\\d+\\) unknown unknown [^\\n]* \\[CP\\]\\n.*"), e);
  }

  @Test
  void gpuRunsTheDevicesOperatorsThatFitItsMemory() {
    String e = explain(ExecMode.GPU, "none");
    assertTrue(e.startsWith("PLACEMENT mode=gpu "), e);
    assertAll(e, READ_X, "[CP: backend has no operator, op 23.7 KiB]");
    assertAll(e, MATMULT, "[CP: op 26.0 KiB > device 16.0 KiB]");
    for (String n : notes(e, VECTOR_MULT)) {
      assertTrue(n.startsWith("[GPU: op ") && n.endsWith(" <= device 16.0 KiB]"), n);
    }
    assertFalse(e.contains("[SPARK"), e);
  }

  @Test
  void fusedOperatorsArePlacedLikeAnyOtherHop() {
    Pattern fusedOp = Pattern.compile("FUSED .*(\\[.*\\])");
    // in hybrid mode a fused operator goes where its operation memory says, as any HOP: the
    // cost model lets an operator that will run distributed exceed the local budget (fusion
    // paper, sec. 4.2); spark mode places them all on the backend
    for (String n : notes(explain(ExecMode.HYBRID, "mpskip"), fusedOp)) {
      assertTrue(n.startsWith("[CP: op ") && n.endsWith(" <= local 16.0 KiB]")
          || n.startsWith("[SPARK: op ") && n.endsWith(" > local 16.0 KiB]")
          || n.startsWith("[SPARK: input on spark"), n);
    }
    for (String n : notes(explain(ExecMode.SPARK, "mpskip"), fusedOp)) {
      assertTrue(n.startsWith("[SPARK: forced by mode, op "), n);
    }
  }
}
