package org.planlab.cli;

import static org.planlab.cli.CliRun.planlab;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.planlab.engine.api.Pipeline;
import org.planlab.engine.data.ScalarValue;
import org.planlab.engine.ir.Hop;
import org.planlab.engine.ir.HopDag;
import org.planlab.engine.ir.HopParam;
import org.planlab.engine.ir.OpCode;
import org.planlab.engine.ir.Program;
import org.planlab.engine.ir.ProgramBlock;
import org.planlab.engine.lang.ast.SourcePosition;
import org.planlab.engine.lang.types.DataType;
import org.planlab.engine.lang.types.ValueType;
import picocli.CommandLine;

class ExecCommandTest {
  @TempDir
  Path dir;



  private static final SourcePosition P = new SourcePosition("s.dml", 3, 5);

  private static Hop lit(String s) {
    return new Hop(OpCode.LITERAL, new HopParam.Literal(ScalarValue.of(s)), List.of(),
        DataType.SCALAR, ValueType.STRING, P);
  }

  /** A pipeline whose front end returns a fixed program with one side-effect root. */
  private static Pipeline fixed(OpCode op, String text) {
    Hop root = new Hop(op, HopParam.NONE, List.of(lit(text)), DataType.SCALAR,
        ValueType.STRING, P);
    Program p = new Program(List.of(new ProgramBlock.Basic(new HopDag(List.of(root)))),
        Map.of());
    return new Pipeline((ast, clock) -> p, Pipeline.StaticRewrites.NONE,
        Pipeline.SizeAnalysis.NONE);
  }

  private Path script(String text) throws IOException {
    Path f = dir.resolve("s.dml");
    Files.writeString(f, text);
    return f;
  }

  @Test
  void successPrintsAndExitsZeroWithStatistics() throws IOException {
    Path f = script("print(\"hello\")\n");
    CliRun r = CliRun.of(new CommandLine(new ExecCommand(fixed(OpCode.PRINT, "hello"))),
        f.toString(),
        "--stats", "--threads", "2");
    assertEquals(0, r.code(), r.err());
    assertTrue(r.out().startsWith("hello\n"), r.out());
    assertTrue(r.out().contains("Heavy hitter instructions"), r.out());
  }

  @Test
  void scriptErrorsExitOneWithOneMessageAndNoStackTrace() throws IOException {
    Path f = script("stop(\"boom\")\n");
    CliRun r = CliRun.of(new CommandLine(new ExecCommand(fixed(OpCode.STOP, "boom"))),
        f.toString());
    assertEquals(1, r.code());
    assertEquals("s.dml:3:5: error: boom\n", r.err().replace("\r\n", "\n"));

    Path bad = script("x = = 1\n");
    CliRun syntax = planlab("exec", bad.toString());
    assertEquals(1, syntax.code(), syntax.err());
    assertTrue(syntax.err().contains("s.dml:1:"), syntax.err());
    assertFalse(syntax.err().contains("\tat "), syntax.err());
    assertFalse(syntax.err().contains("Exception"), syntax.err());

    Path undefined = script("x = 1\nprint(y)\n");
    CliRun validation = planlab("exec", undefined.toString());
    assertEquals(1, validation.code(), validation.err());
    assertTrue(validation.err().startsWith(undefined + ":2:"), validation.err());
    assertFalse(validation.err().contains("\tat "), validation.err());
  }

  @Test
  void usageErrorsExitTwo() throws IOException {
    Path f = script("print(1)\n");
    assertEquals(2, planlab("exec").code());
    assertEquals(2, planlab("exec", dir.resolve("missing.dml").toString()).code());
    assertEquals(2, planlab("exec", f.toString(), "-nvargs", "novalue").code());
    assertEquals(2, planlab("exec", f.toString(), "--threads", "0").code());
    assertEquals(2, planlab("exec", f.toString(), "--ordering", "sideways").code());
    assertEquals(2, planlab("explain", dir.resolve("missing.dml").toString(), "--hops").code());
  }

  @Test
  void explainPrintsHopsAndInstructions() throws IOException {
    Path f = script("print(\"hi\")\n");
    CliRun r = CliRun.of(new CommandLine(new ExplainCommand(fixed(OpCode.PRINT, "hi"))),
        f.toString(),
        "--hops", "--instructions");
    assertEquals(0, r.code(), r.err());
    assertTrue(r.out().contains("(2) PRINT (1)"), r.out());
    assertTrue(r.out().contains("print _0"), r.out());
  }

  @Test
  void anUnknownFusionSelectorIsAUsageErrorListingTheKnownOnes() throws IOException {
    Path f = script("print(1)\n");
    CliRun r = planlab("exec", f.toString(), "--fusion", "fuse-everything");
    assertEquals(2, r.code());
    assertTrue(r.err().contains("unknown fusion plan selector 'fuse-everything'"), r.err());
    assertTrue(r.err().contains("none") && r.err().contains("fa") && r.err().contains("fnr"),
        r.err());
  }

  @Test
  void strategySpecsWithUnknownKeysOrBadValuesAreUsageErrorsNamingTheKeys() throws IOException {
    Path f = script("print(1)\n");
    CliRun unknown = planlab("exec", f.toString(), "--fusion", "mpskip:exact=true");
    assertEquals(2, unknown.code());
    assertTrue(unknown.err().contains("fusion plan selector 'mpskip:exact=true': unknown option "
        + "'exact'; known: approximate, approximateFrom, epsilon, maxPlans, costPruning, "
        + "structuralPruning, planCache, planCacheCapacity"), unknown.err());
    CliRun bad = planlab("exec", f.toString(), "--fusion", "mpskip:approximate=maybe");
    assertEquals(2, bad.code());
    assertTrue(bad.err().contains("option approximate must be true or false, was 'maybe'"),
        bad.err());
    CliRun none = planlab("exec", f.toString(), "--ordering", "depth-first:fast=true");
    assertEquals(2, none.code());
    assertTrue(none.err().contains("unknown option 'fast'; known: none (it takes no options)"),
        none.err());
    CliRun conflict = planlab("exec", f.toString(), "--fusion",
        "mpskip:approximate=false,epsilon=0");
    assertEquals(2, conflict.code(), "approximation settings need approximate=true");
    assertTrue(conflict.err().contains("approximateFrom and epsilon need approximate=true"),
        conflict.err());
    assertEquals(0, planlab("exec", f.toString(), "--fusion", "mpskip:approximate=false")
        .code());
  }

  @Test
  void executionModesAndBudgetsAreCheckedUpFront() throws IOException {
    Path f = script("print(1)\n");
    CliRun mode = planlab("exec", f.toString(), "--exec", "cluster");
    assertEquals(2, mode.code());
    assertTrue(mode.err().contains("unknown execution mode 'cluster'; known: singlenode, "
        + "hybrid, spark, gpu"), mode.err());
    CliRun gpu = planlab("exec", f.toString(), "--exec", "gpu");
    assertNotEquals(0, gpu.code());
    assertTrue(gpu.err().contains("no GPU to run on: ") && gpu.err().contains("; use the "
        + "simulated device with --gpu sim (backend gpu:device=sim)"), gpu.err());
    CliRun sim = planlab("exec", f.toString(), "--exec", "gpu", "--gpu", "sim", "--gpu-memory",
        "64m");
    assertEquals(0, sim.code(), sim.err());
    assertEquals("1\n", sim.out());
    CliRun device = planlab("exec", f.toString(), "--exec", "gpu", "--gpu", "tpu");
    assertNotEquals(0, device.code()); // option values are checked when the backend starts
    assertTrue(device.err().contains("device must be cuda or sim, was 'tpu'"), device.err());
    CliRun gpuMode = planlab("exec", f.toString(), "--gpu", "sim");
    assertEquals(2, gpuMode.code());
    assertTrue(gpuMode.err().contains("--gpu needs --exec gpu, not singlenode"), gpuMode.err());
    CliRun twice = planlab("exec", f.toString(), "--exec", "gpu", "--gpu-memory", "1g",
        "--backend", "gpu:device=sim,memory=2g");
    assertEquals(2, twice.code());
    assertTrue(twice.err().contains("the memory is given twice: --gpu-memory 1g and --backend "
        + "gpu:device=sim,memory=2g"), twice.err());
    CliRun master = planlab("exec", f.toString(), "--master", "local[1]");
    assertEquals(2, master.code());
    assertTrue(master.err().contains("--master needs a mode with a remote backend (--exec "
        + "hybrid, spark or gpu), not singlenode"), master.err());
    CliRun budget = planlab("exec", f.toString(), "--local-budget", "lots");
    assertEquals(2, budget.code());
    assertTrue(budget.err().contains("'lots' is not a memory size"), budget.err());
  }

  @Test
  void warningsAboutTheScriptArePrintedInTheCompilerForm() throws IOException {
    Path f = script("X = matrix(1, 2, 2)\nsum(X)\nprint(\"done\")\n");
    CliRun r = planlab("exec", f.toString());
    assertEquals(0, r.code(), r.err());
    assertEquals("done\n", r.out());
    assertTrue(r.err().contains(f + ":2:1: warning: the result of sum(...) is not used\n"),
        r.err());
  }

  @Test
  void listShowsEachStrategyWithItsOptionsAndDefaults() {
    CliRun list = planlab("list");
    assertEquals(0, list.code());
    String out = list.out();
    assertTrue(out.contains("fusion plan selectors:\n  none "), out);
    assertTrue(out.contains("\n  mpskip             cost-based MPSkipEnum (fusion paper, sec. "
        + "4.3)"), out);
    assertTrue(out.contains("\n      approximate=true (boolean): graceful approximation"), out);
    assertTrue(out.contains("\n      maxPoints=20 (integer): refuse partitions"), out);
    assertTrue(out.contains("operator orderings:\n  depth-first        depth-first post-order"),
        out);
    assertTrue(out.contains("backends:\n  cp (CP)            in-memory"), out);
    assertTrue(out.contains("execution modes:\n  singlenode\n  hybrid\n  spark\n  gpu\n"), out);
    // the builtins with their parameters, SystemDS's included
    assertTrue(out.contains("builtins:\n  matrix             matrix(data, rows, cols, byrow)"),
        out);
    assertTrue(out.contains("\n  eval               eval(fname, args...)"), out);
    assertTrue(out.contains("\n  is.na "), out);
  }

  @Test
  void explainHopsShowsEachHopsExecutionTypeAndItsBudget() throws IOException {
    Path f = script("X = rand(rows=300, cols=100, seed=1)\n"
        + "print(sum(X %*% rand(rows=100, cols=1, seed=2)))\n");
    CliRun r = planlab("explain", f.toString(), "--hops", "--fusion", "none",
        "--local-budget", "64k");
    assertEquals(0, r.code(), r.err());
    assertTrue(r.out().startsWith("PLACEMENT mode=singlenode local budget=64.0 KiB\n"),
        r.out());
    // X %*% v reads X (234.4 KiB), v and writes the product: over the budget, but singlenode
    // keeps it in the driver
    assertTrue(r.out().matches("(?s).*\\(\\d+\\) MATMULT \\(\\d+,\\d+\\) matrix double "
        + "dims=300x1 [^\\[]*\\[CP: op 2\\d\\d\\.\\d KiB > local 64\\.0 KiB\\].*"), r.out());
    assertTrue(r.out().matches("(?s).*PRINT \\(\\d+\\) [^\\n]*\\[CP\\]\n.*"), r.out());
  }

  @Test
  void explainPrintsTheMemoTableSelectedPlansAndGeneratedSource() throws IOException {
    Path f = script("""
        X = rand(rows=100, cols=20, seed=1)
        Y = rand(rows=100, cols=20, seed=2)
        Z = rand(rows=100, cols=20, seed=3)
        print(sum(X * Y * Z))
        """);
    CliRun r = planlab("explain", f.toString(), "--memo", "--plans", "--source");
    assertEquals(0, r.code(), r.err());
    assertTrue(r.out().contains("MEMO TABLE"), r.out());
    assertTrue(r.out().contains("ua(RCsum): C(-1)! C("), r.out());
    assertTrue(r.out().contains("SELECTED (mpskip)"), r.out());
    assertTrue(r.out().contains("ESTIMATED COST (Eq. 3)"), r.out());
    assertTrue(r.out().contains("  SELECTION interesting points "), r.out());
    assertTrue(r.out().contains("SELECTION TOTAL (1 DAGs) interesting points "), r.out());
    assertTrue(r.out().contains("spoofCell CELL FULL_AGG(sum)"), r.out());
    assertTrue(r.out().contains("CELL FULL_AGG sum sparse-safe: (("), r.out());
    assertTrue(r.out().contains("extends SpoofCellwise"), r.out());

    CliRun none = planlab("explain", f.toString(), "--plans", "--fusion", "none");
    assertEquals(0, none.code(), none.err());
    assertEquals("no DAG has fusion candidates\n", none.out().replace("\r\n", "\n"));
  }

  @Test
  void execRunsFusedOperatorsAndReportsCodegenStatistics() throws IOException {
    Path f = script("""
        X = rand(rows=100, cols=20, seed=1)
        Y = rand(rows=100, cols=20, seed=2)
        print(sum(X * Y * 2))
        """);
    CliRun fused = planlab("exec", f.toString(), "--stats");
    CliRun plain = planlab("exec", f.toString(), "--fusion", "none");
    assertEquals(0, fused.code(), fused.err());
    assertEquals(plain.out().lines().findFirst(), fused.out().lines().findFirst());
    assertTrue(fused.out().contains("spoofCell"), fused.out());
    assertTrue(fused.out().contains("Codegen (DAGs/CPlans/classes/cache hits/failures)"),
        fused.out());
  }

  @Test
  void execCompilesFusedOperatorsWithJavacAndWithoutTheCache() throws IOException {
    Path f = script("""
        X = rand(rows=100, cols=20, seed=1)
        Y = rand(rows=100, cols=20, seed=2)
        print(sum(X * Y * 2))
        """);
    CliRun janino = planlab("exec", f.toString());
    assertEquals(0, janino.code(), janino.err());
    for (String[] options : List.of(new String[] {"--codegen-compiler", "javac"},
        new String[] {"--codegen-compiler", "javac", "--no-operator-cache"},
        new String[] {"--no-operator-cache"})) {
      List<String> args = new java.util.ArrayList<>(List.of("exec", f.toString(), "--stats"));
      args.addAll(List.of(options));
      CliRun r = planlab(args.toArray(String[]::new));
      String what = String.join(" ", options);
      assertEquals(0, r.code(), what + ": " + r.err());
      assertEquals(janino.out().lines().findFirst(), r.out().lines().findFirst(), what);
      assertTrue(r.out().contains("spoofCell"), what + ": " + r.out());
      assertFalse(r.err().contains("did not compile"), what + ": " + r.err());
      if (what.contains("--no-operator-cache")) {
        // every CPlan built is compiled, none is a cache hit
        assertTrue(r.out().matches("(?s).*Codegen \\(DAGs/CPlans/classes/cache hits/failures\\):"
            + "\\t\\d+/(\\d+)/\\1/0/0\n.*"), what + ": " + r.out());
      }
    }
  }

  @Test
  void anUnknownCodegenCompilerIsAUsageErrorListingTheKnownOnes() throws IOException {
    Path f = script("print(1)\n");
    for (String command : List.of("exec", "explain")) {
      CliRun r = planlab(command, f.toString(), "--codegen-compiler", "ecj");
      assertEquals(2, r.code(), command);
      assertTrue(r.err().contains("unknown codegen compiler 'ecj' (known: janino, javac)"),
          r.err());
    }
  }

  @Test
  void calibrateWritesAProfileThatExecLoads() throws IOException {
    Path profile = dir.resolve("profile.json");
    CliRun r = planlab("calibrate", "--out", profile.toString(), "--mb", "16");
    assertEquals(0, r.code(), r.err());
    assertTrue(r.out().contains("read bandwidth"), r.out());
    org.planlab.engine.codegen.select.CostConstants c =
        org.planlab.engine.codegen.select.CostProfiles.read(profile);
    assertTrue(c.readBandwidth() > 1e8 && c.flopsPerCore() > 1e7, c.toString());
    Path f = script("print(1)\n");
    assertEquals(0, planlab("exec", f.toString(), "--cost-profile", profile.toString()).code());
    CliRun bad = planlab("exec", f.toString(), "--cost-profile", dir.resolve("x.json").toString());
    assertEquals(2, bad.code());
    assertTrue(bad.err().contains("cost profile not found"), bad.err());
  }
}
