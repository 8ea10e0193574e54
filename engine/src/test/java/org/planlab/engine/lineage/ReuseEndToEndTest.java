package org.planlab.engine.lineage;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.apache.commons.math3.linear.Array2DRowRealMatrix;
import org.apache.commons.math3.linear.LUDecomposition;
import org.apache.commons.math3.linear.MatrixUtils;
import org.apache.commons.math3.linear.RealMatrix;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.planlab.engine.api.CompiledScript;
import org.planlab.engine.api.Engine;
import org.planlab.engine.api.RunResult;
import org.planlab.engine.config.EngineConfig;
import org.planlab.engine.config.ReuseConfig;
import org.planlab.engine.data.Data;
import org.planlab.engine.data.MatrixValue;
import org.planlab.engine.data.ScalarValue;
import org.planlab.engine.io.MatrixMetadata;
import org.planlab.engine.ir.OpCode;
import org.planlab.engine.lang.ast.FunctionKey;
import org.planlab.engine.matrix.MatrixBlock;
import org.planlab.engine.runtime.DmlRuntimeException;
import org.planlab.engine.runtime.ExecutionContext;
import org.planlab.engine.runtime.ReuseHook;
import org.planlab.engine.runtime.instructions.Instruction;
import org.planlab.engine.stats.ReuseCounter;

/**
 * DML scripts run without reuse, with reuse of instruction outputs ({@code full}) and with
 * reuse of whole function calls as well ({@code multilevel}): the same variables, bit for bit,
 * the values an independent computation gives, and the reuse the lineage allows — never a
 * stale value where a loop, a random generator, a parfor worker, a function argument or a
 * rewritten file changes what an equal-looking operation computes (MEMPHIS sec. 3, LIMA).
 */
class ReuseEndToEndTest {
  private static final String SCRIPT = "test.dml";

  @TempDir
  Path dir;

  /** What one run printed, its variables and its reuse counters. */
  record Outcome(ReuseMode mode, String printed, Map<String, Data> variables,
      Map<ReuseCounter, Long> reuse) {
    long count(ReuseCounter c) {
      return reuse.get(c);
    }

    MatrixBlock matrix(String name) {
      return assertInstanceOf(MatrixValue.class, variables.get(name), name).block();
    }

    double scalar(String name) {
      return assertInstanceOf(ScalarValue.class, variables.get(name), name).asDouble();
    }
  }

  private static EngineConfig config(Path dir, ReuseMode mode) {
    return EngineConfig.builder().fusion("none").parallelism(2).statistics(true)
        .workingDirectory(dir).reuse(new ReuseConfig(mode, "lru", 0, 1, true, 0)).build();
  }

  private Outcome run(String script, ReuseMode mode) {
    Path file = dir.resolve(SCRIPT);
    try {
      Files.writeString(file, script, StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    PrintStream out = new PrintStream(bytes, true, StandardCharsets.UTF_8);
    try (Engine engine = Engine.create(config(dir, mode))) {
      RunResult r = engine.run(engine.compile(file, Map.of()), Map.of(), out);
      return new Outcome(mode, bytes.toString(StandardCharsets.UTF_8), r.variables(),
          r.statistics().reuse());
    }
  }

  /** Runs {@code script} with reuse none, full and multilevel: the same variables in each. */
  private List<Outcome> runAllModes(String script) {
    List<Outcome> outcomes = new ArrayList<>();
    for (ReuseMode m : List.of(ReuseMode.NONE, ReuseMode.FULL, ReuseMode.MULTILEVEL)) {
      outcomes.add(run(script, m));
    }
    Outcome none = outcomes.get(0);
    for (Outcome o : outcomes.subList(1, outcomes.size())) {
      assertSameVariables(none, o);
    }
    return outcomes;
  }

  private static void assertSameVariables(Outcome expected, Outcome actual) {
    assertEquals(new TreeSet<>(expected.variables().keySet()),
        new TreeSet<>(actual.variables().keySet()), actual.mode() + ": variables");
    for (String name : expected.variables().keySet()) {
      Data a = expected.variables().get(name);
      Data b = actual.variables().get(name);
      if (a instanceof ScalarValue) {
        assertEquals(a, b, actual.mode() + ": " + name);
      } else {
        assertBitwiseEqual(((MatrixValue) a).block(),
            assertInstanceOf(MatrixValue.class, b).block(), actual.mode() + ": " + name);
      }
    }
  }

  private static void assertBitwiseEqual(MatrixBlock a, MatrixBlock b, String what) {
    assertEquals(a.rows(), b.rows(), what + ": rows");
    assertEquals(a.cols(), b.cols(), what + ": cols");
    for (int i = 0; i < a.rows(); i++) {
      for (int j = 0; j < a.cols(); j++) {
        assertEquals(Double.doubleToLongBits(a.get(i, j)), Double.doubleToLongBits(b.get(i, j)),
            what + " at (" + i + ", " + j + "): " + a.get(i, j) + " vs " + b.get(i, j));
      }
    }
  }

  private static double[] column(MatrixBlock m, int j) {
    double[] c = new double[m.rows()];
    for (int i = 0; i < c.length; i++) {
      c[i] = m.get(i, j);
    }
    return c;
  }

  private static void assertColumn(double[] expected, MatrixBlock m) {
    assertEquals(1, m.cols());
    assertEquals(expected.length, m.rows());
    for (int i = 0; i < expected.length; i++) {
      assertEquals(expected[i], m.get(i, 0), "row " + i);
    }
  }

  private static RealMatrix real(MatrixBlock m) {
    double[][] v = new double[m.rows()][m.cols()];
    for (int i = 0; i < m.rows(); i++) {
      for (int j = 0; j < m.cols(); j++) {
        v[i][j] = m.get(i, j);
      }
    }
    return new Array2DRowRealMatrix(v, false);
  }

  private static void assertClose(RealMatrix expected, MatrixBlock actual) {
    assertEquals(expected.getRowDimension(), actual.rows());
    assertEquals(expected.getColumnDimension(), actual.cols());
    for (int i = 0; i < actual.rows(); i++) {
      for (int j = 0; j < actual.cols(); j++) {
        double e = expected.getEntry(i, j);
        assertEquals(e, actual.get(i, j), 1e-9 * Math.max(1, Math.abs(e)),
            "(" + i + ", " + j + ")");
      }
    }
  }

  // ---- loops that update their operands

  @Test
  void leftIndexingInALoopChangesTheSumEveryIteration() {
    String script = """
        X = matrix(0, rows=5, cols=5)
        sums = matrix(0, rows=5, cols=1)
        for (i in 1:5) {
          X[i, i] = i
          s = sum(X)
          sums[i, 1] = s
        }
        """;
    for (Outcome o : runAllModes(script)) {
      assertColumn(new double[] {1, 3, 6, 10, 15}, o.matrix("sums"));
      assertEquals(15.0, o.scalar("s"));
      MatrixBlock x = o.matrix("X");
      for (int i = 0; i < 5; i++) {
        for (int j = 0; j < 5; j++) {
          assertEquals(i == j ? i + 1 : 0.0, x.get(i, j), o.mode() + " X");
        }
      }
      if (o.mode() != ReuseMode.NONE) {
        // every iteration's X is new: probed and stored, never found
        assertEquals(0, o.count(ReuseCounter.HITS_MEMORY), o.mode() + " hits");
        assertTrue(o.count(ReuseCounter.MISSES) >= 10, o.mode() + " misses");
        assertTrue(o.count(ReuseCounter.PUTS) >= 10, o.mode() + " puts");
      }
    }
  }

  @Test
  void aGramMatrixOfAnOperandUpdatedEachIterationIsRecomputed() {
    // A doubles every iteration, B stays: t(A) %*% A is new each time, t(B) %*% B is reused
    String script = """
        A = matrix("1 2 3 4 5 6", rows=3, cols=2)
        B = matrix("1 0 2 1 0 3", rows=3, cols=2)
        ga = matrix(0, rows=4, cols=1)
        gb = matrix(0, rows=4, cols=1)
        for (i in 1:4) {
          A = A * 2
          G = t(A) %*% A
          ga[i, 1] = sum(G)
          H = t(B) %*% B
          gb[i, 1] = sum(H) + i
        }
        """;
    // sum(t(A0) %*% A0) = 35 + 44 + 44 + 56 = 179, and A_i = 2^i A0; sum(t(B) %*% B) = 19
    for (Outcome o : runAllModes(script)) {
      assertColumn(new double[] {179 * 4, 179 * 16, 179 * 64, 179 * 256}, o.matrix("ga"));
      assertColumn(new double[] {20, 21, 22, 23}, o.matrix("gb"));
      if (o.mode() != ReuseMode.NONE) {
        // iterations 2-4 find t(B) %*% B and its sum: 3 + 3 hits; nothing of A is found
        assertEquals(6, o.count(ReuseCounter.HITS_MEMORY), o.mode() + " hits");
      }
    }
  }

  // ---- random numbers

  @Test
  void unseededRandIsNeverReused() {
    String script = """
        v = matrix(0, rows=3, cols=1)
        for (i in 1:3) {
          R = rand(rows=10, cols=10)
          v[i, 1] = sum(R)
        }
        """;
    for (ReuseMode mode : List.of(ReuseMode.NONE, ReuseMode.FULL, ReuseMode.MULTILEVEL)) {
      Outcome o = run(script, mode);
      double[] v = column(o.matrix("v"), 0);
      for (double s : v) {
        assertTrue(s > 0 && s < 100, mode + ": the sum of 100 uniform [0, 1) cells, was " + s);
      }
      assertNotEquals(v[0], v[1], mode + " " + java.util.Arrays.toString(v));
      assertNotEquals(v[1], v[2], mode + " " + java.util.Arrays.toString(v));
      assertNotEquals(v[0], v[2], mode + " " + java.util.Arrays.toString(v));
      assertEquals(0, o.count(ReuseCounter.HITS_MEMORY), mode + " hits");
    }
  }

  @Test
  void seededRandIsReusedAndEqualsTheValueComputedWithoutReuse() {
    String script = """
        u = matrix(0, rows=3, cols=1)
        for (i in 1:3) {
          S = rand(rows=10, cols=10, seed=7)
          u[i, 1] = sum(S)
        }
        """;
    for (Outcome o : runAllModes(script)) {
      double[] u = column(o.matrix("u"), 0);
      assertEquals(u[0], u[1]);
      assertEquals(u[0], u[2]);
      if (o.mode() != ReuseMode.NONE) {
        // iterations 2 and 3 find the rand and its sum
        assertEquals(4, o.count(ReuseCounter.HITS_MEMORY), o.mode() + " hits");
      }
    }
  }

  // ---- parfor

  @Test
  void parforWritingDisjointCellsEqualsTheSequentialLoop() {
    String body = """
        (i in 1:40%s) {
          G = t(X) %%*%% X
          R[i, 1] = sum(X[i, ] %%*%% G) + i
        }
        """;
    String prelude = """
        X = rand(rows=40, cols=6, seed=11)
        R = matrix(0, rows=40, cols=1)
        """;
    List<Outcome> parallel = runAllModes(prelude + "parfor " + body.formatted(", par=4"));
    Outcome sequential = run(prelude + "for " + body.formatted(""), ReuseMode.NONE);
    // parfor keeps only its result variables
    assertEquals(Set.of("R", "X"), parallel.get(0).variables().keySet());
    assertBitwiseEqual(sequential.matrix("X"), parallel.get(0).matrix("X"), "X");
    assertBitwiseEqual(sequential.matrix("R"), parallel.get(0).matrix("R"), "R");
    // reference: row i of X times t(X) %*% X, summed, plus i
    RealMatrix x = real(sequential.matrix("X"));
    RealMatrix g = x.transpose().multiply(x);
    double[] expected = new double[40];
    for (int i = 0; i < 40; i++) {
      double[] row = g.preMultiply(x.getRow(i));
      double s = 0;
      for (double d : row) {
        s += d;
      }
      expected[i] = s + i + 1;
    }
    MatrixBlock r = sequential.matrix("R");
    for (int i = 0; i < 40; i++) {
      assertEquals(expected[i], r.get(i, 0), 1e-9 * Math.abs(expected[i]), "row " + i);
    }
    for (Outcome o : parallel.subList(1, 3)) {
      // each of the 4 workers computes t(X) %*% X at most once: at least 36 of 40 are found
      assertTrue(o.count(ReuseCounter.HITS_MEMORY) >= 36,
          o.mode() + " hits " + o.count(ReuseCounter.HITS_MEMORY));
    }
  }

  // ---- functions

  /**
   * LIMA's partial reuse: the Gram matrix of X with appended columns is computed from X's,
   * bit-identical to computing it whole; a cbind of other data finds no part.
   */
  @Test
  void aGramMatrixOfAppendedColumnsReusesTheGramMatrixOfTheFirst() {
    List<Outcome> outcomes = runAllModes("""
        X = rand(rows=203, cols=7, seed=3)
        G = t(X) %*% X
        Xc = cbind(X, matrix(1, rows=203, cols=1))
        Gc = t(Xc) %*% Xc
        Xcc = cbind(X, matrix(1, rows=203, cols=1), rand(rows=203, cols=2, seed=5))
        Gcc = t(Xcc) %*% Xcc
        Zc = cbind(rand(rows=203, cols=7, seed=4), matrix(1, rows=203, cols=1))
        Gz = t(Zc) %*% Zc
        """);
    for (Outcome o : outcomes) {
      for (String[] g : new String[][] {{"Xc", "Gc"}, {"Xcc", "Gcc"}, {"Zc", "Gz"}}) {
        RealMatrix x = real(o.matrix(g[0]));
        assertClose(x.transpose().multiply(x), o.matrix(g[1]));
      }
    }
    assertEquals(0, outcomes.get(0).count(ReuseCounter.HITS_PARTIAL));
    for (Outcome o : outcomes.subList(1, 3)) {
      // Gc from G, Gcc from Gc (its leading cbind); Gz finds nothing
      assertEquals(2, o.count(ReuseCounter.HITS_PARTIAL), o.mode() + " partial hits");
    }
  }

  private static final String F = """
      f = function(Matrix[Double] X, Double a) return (Matrix[Double] Y) {
        Y = t(X) %*% X + a
      }
      X = matrix(seq(1, 12), rows=4, cols=3)
      """;

  @Test
  void aFunctionCalledWithOtherArgumentsIsComputedAnew() {
    List<Outcome> outcomes = runAllModes(F + """
        Y1 = f(X, 1)
        Y2 = f(X, 2)
        """);
    for (Outcome o : outcomes) {
      RealMatrix x = real(o.matrix("X"));
      RealMatrix gram = x.transpose().multiply(x);
      assertClose(gram.scalarAdd(1), o.matrix("Y1"));
      assertClose(gram.scalarAdd(2), o.matrix("Y2"));
      assertEquals(0, o.count(ReuseCounter.HITS_FUNCTION), o.mode() + " function hits");
    }
    // the second call finds t(X) %*% X (in multilevel, once the call itself missed)
    assertEquals(1, outcomes.get(1).count(ReuseCounter.HITS_MEMORY));
    assertEquals(1, outcomes.get(2).count(ReuseCounter.HITS_MEMORY));
  }

  @Test
  void aRepeatedCallIsReusedAsAWholeInMultilevelOnly() {
    List<Outcome> outcomes = runAllModes(F + """
        Y1 = f(X, 1)
        Y2 = f(X, 2)
        Y3 = f(X, 1)
        """);
    for (Outcome o : outcomes) {
      assertBitwiseEqual(o.matrix("Y1"), o.matrix("Y3"), o.mode() + " Y3");
      RealMatrix x = real(o.matrix("X"));
      assertClose(x.transpose().multiply(x).scalarAdd(1), o.matrix("Y3"));
    }
    Outcome full = outcomes.get(1);
    Outcome multilevel = outcomes.get(2);
    assertEquals(0, full.count(ReuseCounter.HITS_FUNCTION));
    // calls 2 and 3 find t(X) %*% X, call 3 also its + 1
    assertEquals(3, full.count(ReuseCounter.HITS_MEMORY));
    assertEquals(1, multilevel.count(ReuseCounter.HITS_FUNCTION));
    // call 2 finds t(X) %*% X; call 3 runs no instruction of f
    assertEquals(1, multilevel.count(ReuseCounter.HITS_MEMORY));
  }

  @Test
  void aFunctionThatPrintsRunsEveryTime() {
    List<Outcome> outcomes = runAllModes("""
        g = function(Matrix[Double] X) return (Matrix[Double] Y) {
          print("in g")
          Y = X * 2
        }
        X = matrix(seq(1, 6), rows=2, cols=3)
        Z1 = g(X)
        Z2 = g(X)
        """);
    for (Outcome o : outcomes) {
      assertEquals("in g\nin g\n", o.printed(), o.mode().label());
      assertEquals(0, o.count(ReuseCounter.HITS_FUNCTION), o.mode() + " function hits");
      assertClose(real(o.matrix("X")).scalarMultiply(2), o.matrix("Z2"));
    }
    // X * 2 of the second call is found all the same
    assertEquals(1, outcomes.get(2).count(ReuseCounter.HITS_MEMORY));
  }

  @Test
  void aFunctionDrawingRandomNumbersIsNotReusedAsAWhole() {
    String script = """
        h = function(Matrix[Double] X) return (Matrix[Double] Y) {
          Y = X + rand(rows=nrow(X), cols=ncol(X))
        }
        k = function(Matrix[Double] X) return (Matrix[Double] Y) {
          Y = h(X)
        }
        X = matrix(seq(1, 6), rows=2, cols=3)
        H1 = h(X)
        H2 = h(X)
        K1 = k(X)
        K2 = k(X)
        """;
    for (ReuseMode mode : List.of(ReuseMode.FULL, ReuseMode.MULTILEVEL)) {
      Outcome o = run(script, mode);
      MatrixBlock x = o.matrix("X");
      List<MatrixBlock> results = List.of(o.matrix("H1"), o.matrix("H2"), o.matrix("K1"),
          o.matrix("K2"));
      for (MatrixBlock m : results) {
        for (int i = 0; i < 2; i++) {
          for (int j = 0; j < 3; j++) {
            double noise = m.get(i, j) - x.get(i, j);
            assertTrue(noise >= 0 && noise < 1, mode + ": X + uniform [0, 1), noise " + noise);
          }
        }
      }
      for (int a = 0; a < results.size(); a++) {
        for (int b = a + 1; b < results.size(); b++) {
          assertNotEquals(results.get(a).get(0, 0), results.get(b).get(0, 0),
              mode + ": results " + a + " and " + b + " share their random numbers");
        }
      }
      assertEquals(0, o.count(ReuseCounter.HITS_FUNCTION), mode + " function hits");
      assertEquals(0, o.count(ReuseCounter.HITS_MEMORY), mode + " hits");
    }
  }

  @Test
  void aFunctionWithoutResultsRunsItsChecks() {
    String script = """
        check = function(Matrix[Double] X) {
          if (sum(X) > 0) {
            stop("positive sum")
          }
        }
        X = matrix(1, rows=2, cols=2)
        check(X)
        done = 1
        """;
    for (ReuseMode mode : List.of(ReuseMode.NONE, ReuseMode.FULL, ReuseMode.MULTILEVEL)) {
      DmlRuntimeException e = assertThrows(DmlRuntimeException.class, () -> run(script, mode),
          mode.label());
      assertTrue(e.getMessage().endsWith("positive sum"), mode + ": " + e.getMessage());
    }
  }

  // ---- files

  @Test
  void aFileRewrittenByTheScriptIsReadAnew() {
    // print(s1) orders the first read before the rewrite: within one block, reads are not
    // ordered against writes (reported separately)
    String script = """
        A = matrix(1, rows=3, cols=3)
        write(A, "m.csv", format="csv")
        B = read("m.csv", format="csv", rows=3, cols=3)
        s1 = sum(B)
        print(s1)
        write(A + 1, "m.csv", format="csv")
        C = read("m.csv", format="csv", rows=3, cols=3)
        s2 = sum(C)
        """;
    for (Outcome o : runAllModes(script)) {
      assertEquals(9.0, o.scalar("s1"), o.mode().label());
      assertEquals(18.0, o.scalar("s2"), o.mode().label());
      assertEquals(0, o.count(ReuseCounter.HITS_MEMORY), o.mode() + " hits");
    }
  }

  @Test
  void anUnchangedFileReadTwiceIsReused() throws IOException {
    Files.writeString(dir.resolve("in.csv"), "1,2\n3,4\n", StandardCharsets.UTF_8);
    String script = """
        B = read("in.csv", format="csv", rows=2, cols=2)
        C = read("in.csv", format="csv", rows=2, cols=2)
        s1 = sum(B * 2)
        s2 = sum(C * 2)
        """;
    List<Outcome> outcomes = runAllModes(script);
    for (Outcome o : outcomes) {
      assertEquals(20.0, o.scalar("s1"));
      assertEquals(20.0, o.scalar("s2"));
    }
    for (Outcome o : outcomes.subList(1, 3)) {
      // C * 2 and its sum are B's
      assertEquals(2, o.count(ReuseCounter.HITS_MEMORY), o.mode() + " hits");
    }
  }

  /**
   * Delegates to {@code reuse}, and stamps every file the script reads (and its metadata) with
   * one fixed modification time first: as a file system with a coarse clock shows two writes
   * within one tick.
   */
  private ReuseHook coarseFileClock(LineageReuse reuse) {
    FileTime tick = FileTime.from(Instant.parse("2024-01-01T00:00:00Z"));
    return new ReuseHook() {
      @Override
      public boolean traces() {
        return reuse.traces();
      }

      @Override
      public LineageItem trace(Instruction instr, Data[] in, LineageItem[] inLineage,
          ExecutionContext ctx) {
        if (instr.hop().op() == OpCode.READ_FILE) {
          Path file = dir.resolve(((ScalarValue) in[0]).asString());
          try {
            for (Path p : List.of(file, MatrixMetadata.pathFor(file))) {
              if (Files.exists(p)) {
                Files.setLastModifiedTime(p, tick);
              }
            }
          } catch (IOException e) {
            throw new UncheckedIOException(e);
          }
        }
        return reuse.trace(instr, in, inLineage, ctx);
      }

      @Override
      public Data reuse(LineageItem key, Instruction instr, Data[] in, ExecutionContext ctx) {
        return reuse.reuse(key, instr, in, ctx);
      }

      @Override
      public void put(LineageItem key, Instruction instr, Data output, long computeNanos,
          ExecutionContext ctx) {
        reuse.put(key, instr, output, computeNanos, ctx);
      }

      @Override
      public List<LineageItem> callLineage(FunctionKey function, LineageItem[] args,
          int results) {
        return reuse.callLineage(function, args, results);
      }

      @Override
      public Data[] reuseCall(List<LineageItem> results, ExecutionContext ctx) {
        return reuse.reuseCall(results, ctx);
      }

      @Override
      public void putCall(List<LineageItem> results, Data[] values, long computeNanos,
          ExecutionContext ctx) {
        reuse.putCall(results, values, computeNanos, ctx);
      }
    };
  }

  @Test
  void aFileRewrittenWithinOneClockTickIsReadAnew() throws IOException {
    // the same path, size and modification time: only the script's own write tells the two
    // versions apart
    String script = """
        A = matrix(1, rows=3, cols=3)
        write(A, "m.csv", format="csv")
        B = read("m.csv", format="csv", rows=3, cols=3)
        s1 = sum(B)
        print(s1)
        write(A + 1, "m.csv", format="csv")
        C = read("m.csv", format="csv", rows=3, cols=3)
        s2 = sum(C)
        """;
    Path file = dir.resolve(SCRIPT);
    Files.writeString(file, script, StandardCharsets.UTF_8);
    for (ReuseMode mode : List.of(ReuseMode.FULL, ReuseMode.MULTILEVEL)) {
      try (Engine engine = Engine.create(config(dir, mode))) {
        CompiledScript compiled = engine.compile(file, Map.of());
        LineageReuse reuse = new LineageReuse(mode, engine.newReuseCache(),
            compiled.program().source());
        RunResult r = engine.run(compiled, Map.of(),
            new PrintStream(new ByteArrayOutputStream()), coarseFileClock(reuse));
        assertEquals(ScalarValue.of(9.0), r.variables().get("s1"), mode.label());
        assertEquals(ScalarValue.of(18.0), r.variables().get("s2"), mode.label());
        assertEquals(0, r.statistics().reuse().get(ReuseCounter.HITS_MEMORY), mode.label());
      }
    }
  }

  // ---- a grid search

  @Test
  void aGridSearchReusesTheGramMatrixAcrossLambdas() {
    String script = """
        ridge = function(Matrix[Double] X, Matrix[Double] y, Double lambda)
            return (Matrix[Double] beta) {
          A = t(X) %*% X + lambda * diag(matrix(1, rows=ncol(X), cols=1))
          b = t(X) %*% y
          beta = solve(A, b)
        }
        X = rand(rows=50, cols=5, seed=3)
        y = rand(rows=50, cols=1, seed=4)
        lambdas = matrix("0.001 0.01 0.1 1", rows=4, cols=1)
        B = matrix(0, rows=5, cols=4)
        for (j in 1:4) {
          lambda = as.scalar(lambdas[j, 1])
          B[, j] = ridge(X, y, lambda)
        }
        """;
    List<Outcome> outcomes = runAllModes(script);
    double[] lambdas = {0.001, 0.01, 0.1, 1};
    for (Outcome o : outcomes) {
      RealMatrix x = real(o.matrix("X"));
      RealMatrix y = real(o.matrix("y"));
      for (int j = 0; j < 4; j++) {
        RealMatrix a = x.transpose().multiply(x)
            .add(MatrixUtils.createRealIdentityMatrix(5).scalarMultiply(lambdas[j]));
        RealMatrix beta = new LUDecomposition(a).getSolver().solve(x.transpose().multiply(y));
        double[] got = column(o.matrix("B"), j);
        for (int i = 0; i < 5; i++) {
          assertEquals(beta.getEntry(i, 0), got[i], 1e-9 * Math.max(1, Math.abs(got[i])),
              o.mode() + " lambda " + lambdas[j] + " row " + i);
        }
      }
    }
    for (Outcome o : outcomes.subList(1, 3)) {
      // calls 2-4 find t(X) %*% X, the identity (matrix, diag) and t(X) %*% y: 4 x 3; a
      // call with a new lambda is never reused as a whole
      assertEquals(12, o.count(ReuseCounter.HITS_MEMORY), o.mode() + " hits");
      assertEquals(0, o.count(ReuseCounter.HITS_FUNCTION), o.mode() + " function hits");
    }
  }

  @Test
  void aCacheTooSmallForTheLoopEvictsAndKeepsTheValues() {
    // the 100 x 10 products (8,112 bytes each) do not all fit in 20,000 bytes; the 10 x 10
    // Gram matrix is used every iteration and stays
    String script = """
        X = rand(rows=100, cols=10, seed=5)
        acc = matrix(0, rows=1, cols=10)
        for (i in 1:6) {
          G = t(X) %*% X
          Y = X * i
          acc = acc + colSums(Y %*% G)
        }
        """;
    Outcome none = run(script, ReuseMode.NONE);
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    Path file = dir.resolve(SCRIPT);
    EngineConfig small = config(dir, ReuseMode.FULL).toBuilder()
        .reuse(new ReuseConfig(ReuseMode.FULL, "lru", 20_000, 1, true, 0)).build();
    try (Engine engine = Engine.create(small); ReuseCache cache = engine.newReuseCache()) {
      CompiledScript compiled = engine.compile(file, Map.of());
      RunResult r = engine.run(compiled, Map.of(),
          new PrintStream(bytes, true, StandardCharsets.UTF_8),
          new LineageReuse(ReuseMode.FULL, cache, compiled.program().source()));
      Outcome full = new Outcome(ReuseMode.FULL, bytes.toString(StandardCharsets.UTF_8),
          r.variables(), r.statistics().reuse());
      assertSameVariables(none, full);
      assertTrue(full.count(ReuseCounter.EVICTIONS) > 0);
      assertTrue(cache.usedBytes() <= 20_000);
      // iterations 2-6 find t(X) %*% X
      assertTrue(full.count(ReuseCounter.HITS_MEMORY) + full.count(ReuseCounter.HITS_DISK) >= 5,
          full.reuse().toString());
    }
    RealMatrix x = real(none.matrix("X"));
    RealMatrix g = x.transpose().multiply(x);
    double[] expected = new double[10];
    for (int i = 1; i <= 6; i++) {
      RealMatrix yg = x.scalarMultiply(i).multiply(g);
      for (int j = 0; j < 10; j++) {
        for (int k = 0; k < 100; k++) {
          expected[j] += yg.getEntry(k, j);
        }
      }
    }
    MatrixBlock acc = none.matrix("acc");
    for (int j = 0; j < 10; j++) {
      assertEquals(expected[j], acc.get(0, j), 1e-9 * Math.abs(expected[j]), "column " + j);
    }
  }

  // ---- trace only

  @Test
  void tracingAloneKeepsNoCacheAndReusesNothing() {
    String script = F + """
        Y1 = f(X, 1)
        Y3 = f(X, 1)
        S = rand(rows=10, cols=10, seed=7)
        T = rand(rows=10, cols=10, seed=7)
        d = sum(S - T)
        """;
    Outcome none = run(script, ReuseMode.NONE);
    Path file = dir.resolve(SCRIPT);
    try (Engine engine = Engine.create(config(dir, ReuseMode.TRACE))) {
      assertNull(engine.newReuseCache());
      CompiledScript compiled = engine.compile(file, Map.of());
      RunResult r = engine.run(compiled, Map.of(), new PrintStream(new ByteArrayOutputStream()));
      Outcome trace = new Outcome(ReuseMode.TRACE, "", r.variables(), r.statistics().reuse());
      assertSameVariables(none, trace);
      for (ReuseCounter c : List.of(ReuseCounter.HITS_MEMORY, ReuseCounter.HITS_DISK,
          ReuseCounter.HITS_FUNCTION, ReuseCounter.MISSES, ReuseCounter.PUTS)) {
        assertEquals(0, trace.count(c), c.name());
      }
      // nothing was probed, but the trace was built all the same
      assertEquals(0, trace.count(ReuseCounter.PROBE_NANOS));
      assertEquals("+", r.lineage().get("Y1").opcode(), r.lineage().toString());
      assertEquals(0.0, trace.scalar("d"));
    }
  }
}
