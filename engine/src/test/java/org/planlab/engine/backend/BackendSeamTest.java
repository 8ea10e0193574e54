package org.planlab.engine.backend;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.planlab.engine.api.CompiledScript;
import org.planlab.engine.api.Engine;
import org.planlab.engine.api.RunResult;
import org.planlab.engine.config.EngineConfig;
import org.planlab.engine.config.ExecMode;
import org.planlab.engine.data.Data;
import org.planlab.engine.data.MatrixData;
import org.planlab.engine.data.MatrixValue;
import org.planlab.engine.data.ScalarValue;
import org.planlab.engine.ir.ExecType;
import org.planlab.engine.ir.Hop;
import org.planlab.engine.ir.OpCode;
import org.planlab.engine.ir.Placement;
import org.planlab.engine.ir.Program;
import org.planlab.engine.matrix.MatrixBlock;
import org.planlab.engine.ops.BinaryOp;
import org.planlab.engine.runtime.Hops;
import org.planlab.engine.runtime.ReuseHook;
import org.planlab.engine.runtime.instructions.Instruction;
import org.planlab.engine.runtime.instructions.TransferInstruction;
import org.planlab.engine.runtime.program.BlockCode;
import org.planlab.engine.runtime.program.CompiledBlock;
import org.planlab.engine.stats.StatisticsSnapshot;

/**
 * The backend seam end to end on {@link HandleBackend}: placement by memory estimates against
 * the local budget (Spark paper, sec. 3.2-3.3), transfers exactly where a value crosses from one
 * backend to another, results bit for bit those of the driver.
 */
class BackendSeamTest {
  /** X is 300 x 100 dense: 240 KB; v, y are 100/300 x 1: 0.8 / 2.4 KB. */
  private static final String SCRIPT = """
      X = rand(rows=300, cols=100, seed=1)
      v = rand(rows=100, cols=1, seed=2)
      y = X %*% v
      z = y * 2
      q = t(y) %*% y
      s = sum(z) + as.scalar(q)
      print(s)
      """;
  private static final long BUDGET = 64 << 10;

  @TempDir
  Path dir;

  private static EngineConfig config(ExecMode mode) {
    return EngineConfig.builder().fusion("none").parallelism(1).statistics(true).exec(mode)
        .localMemoryBudget(BUDGET).backend(ExecType.SPARK, "handles")
        .backend(ExecType.GPU, "handles-gpu:budget=65536").build();
  }

  private record Run(RunResult result, CompiledScript script, String printed,
      HandleBackend backend) {
    StatisticsSnapshot stats() {
      return result.statistics();
    }

    long transfers(String direction) {
      StatisticsSnapshot.Transfers t = stats().transfers().get(direction);
      return t == null ? 0 : t.count();
    }
  }

  private Run run(String dml, EngineConfig config) throws IOException {
    Path f = dir.resolve("s.dml");
    Files.writeString(f, dml);
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (Engine engine = Engine.create(config);
        PrintStream out = new PrintStream(bytes, true, StandardCharsets.UTF_8)) {
      CompiledScript s = engine.compile(f, Map.of());
      RunResult r = engine.run(s, Map.of(), out, ReuseHook.NONE);
      HandleBackend b = null;
      for (Backend x : engine.backends().all()) {
        if (x instanceof HandleBackend h) {
          b = h;
        }
      }
      return new Run(r, s, bytes.toString(StandardCharsets.UTF_8), b);
    }
  }

  /** The placement of the script's first DAG by opcode of its HOPs (first match). */
  private static Placement.Decision decision(Run run, OpCode op) {
    CompiledBlock.Dag d = run.script().program().dags().get(0);
    for (Hop h : d.lowered().dag().topologicalOrder()) {
      if (h.op() == op) {
        return d.placement().decision(h);
      }
    }
    throw new AssertionError("no " + op);
  }

  private static List<Instruction> code(Run run) {
    return run.script().program().dags().get(0).code().instructions();
  }

  @Test
  void hybridPlacesWhatExceedsTheBudgetOnTheBackendAndMovesValuesAtBoundaries()
      throws IOException {
    Run cp = run(SCRIPT, config(ExecMode.SINGLENODE));
    Run hybrid = run(SCRIPT, config(ExecMode.HYBRID));

    // rand X (240 KB) and X %*% v exceed the 64 KB budget; everything else fits
    assertEquals(ExecType.SPARK, decision(hybrid, OpCode.RAND).type());
    assertEquals(Placement.Rule.EXCEEDS, decision(hybrid, OpCode.RAND).rule());
    assertEquals(ExecType.SPARK, decision(hybrid, OpCode.MATMULT).type());
    assertEquals(ExecType.CP, decision(hybrid, OpCode.AGGREGATE).type());

    // the boundaries: v (made in CP) goes to the backend for X %*% v; y comes back once and
    // serves both consumers in CP (z = y * 2 and the tsmm of t(y) %*% y)
    List<String> transfers = new ArrayList<>();
    for (Instruction i : code(hybrid)) {
      if (i instanceof TransferInstruction t) {
        transfers.add(t.opcode() + " " + t.hop().op());
      }
    }
    assertEquals(List.of("tospark RAND", "tocp MATMULT"), transfers);
    assertEquals(1, hybrid.backend().imports());
    assertEquals(1, hybrid.backend().exports());
    assertEquals(1, hybrid.transfers("cp->handles"));
    assertEquals(1, hybrid.transfers("handles->cp"));
    assertEquals(0, hybrid.stats().operandMoves());
    assertEquals(2, hybrid.backend().executed());
    assertEquals(2, hybrid.stats().instructions("spark"));

    // the same numbers, bit for bit, and the driver run moved nothing
    assertEquals(cp.printed(), hybrid.printed());
    assertBitEqual(cp.result().variables().get("z"), hybrid.result().variables().get("z"));
    assertEquals(Map.of(), cp.stats().transfers());
    assertEquals(0, cp.stats().instructions("spark"));
    // X stays on the backend after the run: only its handle is bound to the variable
    assertInstanceOf(HandleBackend.Handle.class, hybrid.result().variables().get("X"));
    assertInstanceOf(MatrixValue.class, hybrid.result().variables().get("z"));
    assertTrue(hybrid.backend().closed(), "the engine closes its backends");
  }

  @Test
  void aValueLeftOnTheBackendByOneBlockIsMovedOnceWhereALaterBlockNeedsIt()
      throws IOException {
    String dml = """
        X = rand(rows=300, cols=100, seed=1)
        y = X %*% rand(rows=100, cols=1, seed=2)
        for (i in 1:3) {
          y = y * 0.5
        }
        print(sum(y))
        """;
    Run cp = run(dml, config(ExecMode.SINGLENODE));
    Run hybrid = run(dml, config(ExecMode.HYBRID));
    assertEquals(cp.printed(), hybrid.printed());
    // y is written on the backend; the loop body's first iteration moves it to the driver
    // (an explicit transfer of the variable read), later iterations find it local
    assertEquals(1, hybrid.backend().exports());
    assertEquals(1, hybrid.transfers("handles->cp"));
    assertEquals(0, hybrid.stats().operandMoves());
  }

  @Test
  void anAggregateOfASparkResultWithoutOtherConsumersStaysOnSpark() throws IOException {
    // Spark paper sec. 3.3: sum(X %*% v) runs where X %*% v ran, so only a scalar comes back
    String dml = """
        X = rand(rows=300, cols=100, seed=1)
        print(sum(X %*% rand(rows=100, cols=1, seed=2)))
        """;
    Run hybrid = run(dml, config(ExecMode.HYBRID));
    Placement.Decision sum = decision(hybrid, OpCode.AGGREGATE);
    assertEquals(ExecType.SPARK, sum.type());
    assertEquals(Placement.Rule.TRANSITIVE, sum.rule());
    assertTrue(sum.memory() < BUDGET, "it would fit the driver");
    assertEquals(0, hybrid.backend().exports(), "nothing but the scalar comes back");
    assertEquals(run(dml, config(ExecMode.SINGLENODE)).printed(), hybrid.printed());
  }

  @Test
  void sparkModePlacesEverySupportedOperationOnTheBackend() throws IOException {
    Run spark = run(SCRIPT, config(ExecMode.SPARK));
    assertEquals(ExecType.SPARK, decision(spark, OpCode.AGGREGATE).type());
    assertEquals(Placement.Rule.FORCED, decision(spark, OpCode.AGGREGATE).rule());
    assertEquals(Placement.Rule.DRIVER, decision(spark, OpCode.PRINT).rule());
    assertEquals(run(SCRIPT, config(ExecMode.SINGLENODE)).printed(), spark.printed());
    assertEquals(0, spark.stats().operandMoves());
    assertEquals(spark.backend().imports(), spark.transfers("cp->handles"));
    assertEquals(spark.backend().exports(), spark.transfers("handles->cp"));
  }

  @Test
  void gpuModeRunsWhatTheDeviceSupportsAndFits() throws IOException {
    Run gpu = run(SCRIPT, config(ExecMode.GPU));
    // rand is no device operator; X %*% v (240 KB of operands) exceeds the 64 KB device budget
    assertEquals(Placement.Rule.UNSUPPORTED, decision(gpu, OpCode.RAND).rule());
    assertEquals(ExecType.CP, decision(gpu, OpCode.MATMULT).type());
    assertEquals(Placement.Rule.EXCEEDS_DEVICE, decision(gpu, OpCode.MATMULT).rule());
    // y * 2 fits: on the device
    assertEquals(ExecType.GPU, decision(gpu, OpCode.BINARY).type());
    assertEquals(run(SCRIPT, config(ExecMode.SINGLENODE)).printed(), gpu.printed());
    assertTrue(gpu.stats().instructions("gpu") > 0);
    assertEquals(0, gpu.stats().operandMoves());
    assertEquals(gpu.backend().imports(), gpu.transfers("cp->handles-gpu"));
  }

  @Test
  void deviceValuesAreReleasedAfterTheirLastUseAndNeverReadAfterwards() throws IOException {
    // the handles fail a run that reads a value after its count reached zero, or drops one
    // reference too many: intermediates of blocks, loop-carried variables, function frames
    // and parfor workers' copies are all counted
    String dml = """
        f = function(Matrix[Double] A, Double s) return (Matrix[Double] B) {
          T = A * s
          B = T + 1
        }
        X = rand(rows=20, cols=10, seed=1)
        Y = X * 2
        acc = matrix(0, rows=20, cols=10)
        for (i in 1:5) {
          Z = f(Y, i)
          acc = acc + Z * Y
        }
        R = matrix(0, rows=4, cols=1)
        parfor (j in 1:4) {
          W = f(Y, j) * j
          R[j, 1] = sum(W * acc)
        }
        print(sum(acc) + " " + sum(R))
        """;
    Run gpu = run(dml, config(ExecMode.GPU));
    assertEquals(run(dml, config(ExecMode.SINGLENODE)).printed(), gpu.printed());
    assertTrue(gpu.stats().instructions("gpu") > 10, "the element-wise operations ran there");
    assertTrue(gpu.backend().released() > 10, "intermediates were released after their last "
        + "use: " + gpu.backend().released());
  }

  @Test
  void asynchronousPrefetchGivesTheSameResultsAndOverlapsRemoteWithLocalWork()
      throws IOException {
    // MEMPHIS sec. 5.1: X %*% v and t(X) %*% w run on the backend, their results are read by
    // the driver; the local L %*% L needs neither
    String dml = """
        X = rand(rows=300, cols=100, seed=1)
        v = rand(rows=100, cols=1, seed=2)
        w = rand(rows=300, cols=1, seed=4)
        L = rand(rows=20, cols=20, seed=3)
        s = 0
        for (i in 1:3) {
          a = X %*% v
          b = t(X) %*% w
          M = L %*% L + i
          s = s + sum(a) + sum(b) + sum(M)
        }
        print(s)
        """;
    EngineConfig hybrid = config(ExecMode.HYBRID);
    Run sync = run(dml, hybrid);
    Run async = run(dml, hybrid.toBuilder().async(true).timeline(true)
        .ordering("depth-first").build());
    assertEquals(run(dml, config(ExecMode.SINGLENODE)).printed(), sync.printed());
    assertEquals(sync.printed(), async.printed());
    List<StatisticsSnapshot.Span> spans = async.stats().timeline();
    assertTrue(spans.stream().anyMatch(x -> x.name().startsWith("prefetch ")
        && x.thread().startsWith("planlab-prefetch-")), "remote roots ran as prefetches: "
        + spans);
    assertTrue(spans.stream().anyMatch(x -> x.thread().equals("planlab-main")
        && x.name().equals("ba+*")), "local work on the main thread");
    assertTrue(sync.stats().timeline().isEmpty(), "no timeline unless asked for");
  }

  @Test
  void asynchronousBroadcastsAreStartedAtTheEndOfTheLocalChain() throws IOException {
    // MEMPHIS sec. 5.1, broadcasting local objects: v is made in the driver each iteration and
    // read by X %*% v on the backend; with async its broadcast starts on a prefetch thread as
    // soon as v is computed
    String dml = """
        X = rand(rows=300, cols=100, seed=1)
        L = rand(rows=20, cols=20, seed=3)
        s = 0
        for (i in 1:3) {
          v = matrix(1 / i, rows=100, cols=1)
          a = X %*% v
          M = L %*% L + i
          s = s + sum(a) + sum(M)
        }
        print(s)
        """;
    EngineConfig hybrid = config(ExecMode.HYBRID);
    Path f = dir.resolve("explain.dml");
    Files.writeString(f, dml);
    try (Engine engine = Engine.create(hybrid)) {
      CompiledBlock.For loop = (CompiledBlock.For) engine.compile(f, Map.of()).program().main()
          .stream().filter(b -> b instanceof CompiledBlock.For).findFirst().orElseThrow();
      BlockCode body = ((CompiledBlock.Basic) loop.body().get(0)).body().code();
      List<String> marked = body.broadcastAfter().keySet().stream()
          .map(k -> body.instructions().get(k).opcode()).toList();
      assertEquals(List.of("fill"), marked, body.explain());
      assertTrue(body.explain().contains("fill") && body.explain().contains(
          "[broadcast to handles when async]"), body.explain());
    }
    Run sync = run(dml, hybrid);
    Run async = run(dml, hybrid.toBuilder().async(true).timeline(true).build());
    assertEquals(run(dml, config(ExecMode.SINGLENODE)).printed(), async.printed());
    assertEquals(sync.printed(), async.printed());
    assertEquals(0, sync.backend().preparedBroadcasts(), "no broadcast ahead without async");
    assertEquals(3, async.backend().preparedBroadcasts(), "one per iteration's v");
    assertTrue(async.backend().preparedWereRead(), "a prepared block was not the one read");
    assertTrue(async.stats().timeline().stream().anyMatch(x -> x.name().equals("broadcast")
        && x.thread().startsWith("planlab-prefetch-")), "broadcasts on prefetch threads: "
        + async.stats().timeline());
  }

  @Test
  void aFailingPrefetchFailsTheRunAtItsOperationAndLeavesNoTaskBehind() throws IOException {
    // the remote job of X %*% v fails while the driver works on L %*% L
    String dml = """
        X = rand(rows=300, cols=100, seed=1)
        v = rand(rows=100, cols=1, seed=2)
        L = rand(rows=20, cols=20, seed=3)
        a = X %*% v
        M = L %*% L
        print(sum(a) + sum(M))
        """;
    Path f = dir.resolve("fail.dml");
    Files.writeString(f, dml);
    EngineConfig c = config(ExecMode.HYBRID).toBuilder().async(true).timeline(true)
        .backend(ExecType.SPARK, "handles:failOn=ba+*").build();
    try (Engine engine = Engine.create(c)) {
      CompiledScript s = engine.compile(f, Map.of());
      for (int attempt = 0; attempt < 2; attempt++) {
        org.planlab.engine.runtime.DmlRuntimeException e = org.junit.jupiter.api.Assertions
            .assertThrows(org.planlab.engine.runtime.DmlRuntimeException.class,
                () -> engine.run(s, Map.of(), new PrintStream(new ByteArrayOutputStream()),
                    ReuseHook.NONE));
        assertEquals(f + ":4:7: error: remote job of ba+* failed (injected)", e.getMessage());
        assertTrue(s.statistics().snapshot().timeline().stream()
            .anyMatch(x -> x.name().startsWith("prefetch ")), "the failure came from a prefetch");
        // a task that outlived the run keeps running; a pool thread that has just ended one
        // only returns to the pool
        long settle = System.nanoTime() + 1_000_000_000L;
        while (busyPrefetchThreads() > 0 && System.nanoTime() < settle) {
          Thread.onSpinWait();
        }
        assertEquals(0, busyPrefetchThreads(), "a prefetch outlived its run");
      }
    }
    long deadline = System.nanoTime() + 5_000_000_000L;
    while (prefetchThreads() > 0 && System.nanoTime() < deadline) {
      Thread.onSpinWait();
    }
    assertEquals(0, prefetchThreads(), "the engine's prefetch threads end with it");
  }

  /** Live prefetch threads. */
  private static long prefetchThreads() {
    return Thread.getAllStackTraces().keySet().stream()
        .filter(t -> t.getName().startsWith("planlab-prefetch-") && t.isAlive()).count();
  }

  /**
   * Prefetch threads running a task: planlab code on their stack. An idle pool thread, or one
   * returning to the pool, has only the pool's frames (a RUNNABLE state alone says neither).
   */
  private static long busyPrefetchThreads() {
    return Thread.getAllStackTraces().entrySet().stream()
        .filter(e -> e.getKey().getName().startsWith("planlab-prefetch-"))
        .filter(e -> Arrays.stream(e.getValue())
            .anyMatch(f -> f.getClassName().startsWith("org.planlab."))).count();
  }

  @Test
  void unknownSizesArePlacedOnTheBackendAndTheDagIsRecompiled() throws IOException {
    // removeEmpty's output size is unknown at compile time
    String dml = """
        X = rand(rows=300, cols=100, sparsity=0.5, seed=3)
        Y = removeEmpty(target=X, margin="rows")
        print(sum(Y * 2))
        """;
    Run hybrid = run(dml, config(ExecMode.HYBRID));
    assertEquals(run(dml, config(ExecMode.SINGLENODE)).printed(), hybrid.printed());
    boolean unknown = false;
    for (CompiledBlock.Dag d : hybrid.script().program().dags()) {
      for (Placement.Decision x : d.placement().decisions().values()) {
        if (x.rule() == Placement.Rule.UNKNOWN) {
          unknown = true;
          assertEquals(ExecType.SPARK, x.type());
          assertTrue(d.recompile(), "a DAG placed on unknown sizes is recompiled");
        }
      }
    }
    assertTrue(unknown, "some operation had an unknown size at compile time");
    assertTrue(hybrid.stats().recompilations() > 0);
  }

  @Test
  void aModeWhoseBackendIsMissingFailsWithTheBackendsThatExist() {
    EngineConfig c = config(ExecMode.HYBRID).toBuilder().backend(ExecType.SPARK, "spark").build();
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> Engine.create(c));
    assertEquals("no backend 'spark' on the class path; SPARK backends on the class path: "
        + "handles", e.getMessage());
    EngineConfig wrong = config(ExecMode.HYBRID).toBuilder()
        .backend(ExecType.SPARK, "handles-gpu").build();
    e = assertThrows(IllegalArgumentException.class, () -> Engine.create(wrong));
    assertEquals("backend 'handles-gpu' runs GPU operations, not SPARK; SPARK backends on the "
        + "class path: handles", e.getMessage());
    EngineConfig badOption = config(ExecMode.GPU).toBuilder()
        .backend(ExecType.GPU, "handles-gpu:memory=1g").build();
    e = assertThrows(IllegalArgumentException.class, () -> Engine.create(badOption));
    assertEquals("backend 'handles-gpu:memory=1g': unknown option 'memory'; known: budget",
        e.getMessage());
  }

  @Test
  void aRunGivenAValueOnTheBackendMovesItOnceWhereItIsUsed() {
    // sum(A * 2) + sum(A) over an input A that lives on the device: without sizes (no size
    // analysis) gpu mode keeps both consumers in the driver, and they share one transfer of
    // the variable read
    Hop a = Hops.mread("A");
    Program p = new Program(List.of(Hops.basic(Hops.write("s", Hops.bin(BinaryOp.PLUS,
        Hops.sum(Hops.bin(BinaryOp.MULT, a, Hops.lit(2.0))), Hops.sum(a))))), Map.of());
    try (Engine engine = Engine.create(config(ExecMode.GPU))) {
      HandleBackend b = (HandleBackend) engine.backends().get(ExecType.GPU);
      MatrixData on = b.fromLocal(MatrixBlock.of(new double[][] {{1, 2}, {3, 4}}), null);
      RunResult r = engine.run(engine.compile(p), Map.of("A", on), System.out, ReuseHook.NONE);
      assertEquals(ScalarValue.of(30.0), r.variables().get("s"));
      assertEquals(1, b.exports(), "one transfer of A to the driver");
      assertEquals(0, r.statistics().operandMoves());
    }
  }

  private static void assertBitEqual(Data expected, Data actual) {
    if (expected instanceof ScalarValue) {
      assertEquals(expected, actual);
      return;
    }
    MatrixBlock e = ((MatrixData) expected).acquireLocal();
    MatrixBlock a = ((MatrixData) actual).acquireLocal();
    assertEquals(e.shape(), a.shape());
    for (int i = 0; i < e.rows(); i++) {
      for (int j = 0; j < e.cols(); j++) {
        assertEquals(Double.doubleToLongBits(e.get(i, j)), Double.doubleToLongBits(a.get(i, j)));
      }
    }
  }
}
