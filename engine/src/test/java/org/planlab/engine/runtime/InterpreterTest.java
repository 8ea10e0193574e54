package org.planlab.engine.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.planlab.engine.runtime.Hops.at;
import static org.planlab.engine.runtime.Hops.basic;
import static org.planlab.engine.runtime.Hops.bin;
import static org.planlab.engine.runtime.Hops.dag;
import static org.planlab.engine.runtime.Hops.fill;
import static org.planlab.engine.runtime.Hops.forLoop;
import static org.planlab.engine.runtime.Hops.leftIndex;
import static org.planlab.engine.runtime.Hops.lit;
import static org.planlab.engine.runtime.Hops.mread;
import static org.planlab.engine.runtime.Hops.op;
import static org.planlab.engine.runtime.Hops.sread;
import static org.planlab.engine.runtime.Hops.sum;
import static org.planlab.engine.runtime.Hops.write;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.planlab.engine.api.Engine;
import org.planlab.engine.data.Data;
import org.planlab.engine.data.MatrixValue;
import org.planlab.engine.data.ScalarValue;
import org.planlab.engine.ir.Hop;
import org.planlab.engine.ir.HopParam;
import org.planlab.engine.ir.OpCode;
import org.planlab.engine.ir.Program;
import org.planlab.engine.ir.ProgramBlock;
import org.planlab.engine.lang.ast.DmlProgram;
import org.planlab.engine.lang.ast.FunctionDefinition;
import org.planlab.engine.lang.ast.FunctionKey;
import org.planlab.engine.lang.ast.Parameter;
import org.planlab.engine.lang.ast.SourcePosition;
import org.planlab.engine.lang.types.DmlType;
import org.planlab.engine.matrix.MatrixBlock;
import org.planlab.engine.matrix.MatrixComparison;
import org.planlab.engine.ops.BinaryOp;
import org.planlab.engine.runtime.program.CompiledBlock;

class InterpreterTest {

  private static ScalarValue scalar(Runs.Outcome o, String name) {
    return (ScalarValue) o.get(name);
  }

  @Test
  void ifElseChoosesTheBranch() {
    ProgramBlock.If iff = new ProgramBlock.If(dag(bin(BinaryOp.GT, sread("x"), lit(3L))),
        List.of(basic(write("y", lit("big")))), List.of(basic(write("y", lit("small")))));
    assertEquals("big", scalar(Runs.run(Map.of(), basic(write("x", lit(5L))), iff), "y")
        .asString());
    assertEquals("small", scalar(Runs.run(Map.of(), basic(write("x", lit(2L))), iff), "y")
        .asString());
  }

  @Test
  void whileReevaluatesItsPredicateAndKeepsIntegers() {
    ProgramBlock.While w = new ProgramBlock.While(dag(bin(BinaryOp.LT, sread("i"), lit(10L))),
        List.of(basic(write("i", bin(BinaryOp.PLUS, sread("i"), lit(1L))),
            write("s", bin(BinaryOp.PLUS, sread("s"),
                bin(BinaryOp.PLUS, sread("i"), lit(1L)))))));
    Runs.Outcome o = Runs.run(Map.of(), basic(write("i", lit(0L)), write("s", lit(0L))), w);
    assertEquals(ScalarValue.of(55L), o.get("s"));
  }

  @Test
  void forRangesFollowDmlDirectionAndIncrements() {
    // for (i in 5:1) s = s + toString(i): a:b with a > b counts down
    Hop concat = bin(BinaryOp.PLUS, sread("s"), sread("i"));
    ProgramBlock.For down = forLoop("i", lit(5L), lit(1L), false, basic(write("s", concat)));
    assertEquals("54321", scalar(Runs.run(Map.of(), basic(write("s", lit(""))), down), "s")
        .asString());
    ProgramBlock.For by3 = new ProgramBlock.For("i", dag(lit(1L)), dag(lit(10L)),
        Optional.of(dag(lit(3L))), List.of(basic(write("s", concat))), false, Map.of());
    assertEquals("14710", scalar(Runs.run(Map.of(), basic(write("s", lit(""))), by3), "s")
        .asString());
    ProgramBlock.For empty = new ProgramBlock.For("i", dag(lit(1L)), dag(lit(3L)),
        Optional.of(dag(lit(-1L))), List.of(basic(write("s", concat))), false, Map.of());
    assertEquals("", scalar(Runs.run(Map.of(), basic(write("s", lit(""))), empty), "s")
        .asString());
  }

  // ---- functions

  private static final SourcePosition FPOS = at(20, 1);

  private static Program.Function function(String name, List<Parameter> params,
      List<Parameter> results, ProgramBlock... body) {
    return new Program.Function(new FunctionDefinition(DmlProgram.MAIN_NAMESPACE, name, params,
        results, List.of(), FPOS), List.of(body));
  }

  private static Parameter param(String name, DmlType type) {
    return new Parameter(name, type, Optional.empty(), FPOS);
  }

  private static FunctionKey key(String name) {
    return new FunctionKey(DmlProgram.MAIN_NAMESPACE, name);
  }

  private static Hop call(String name, List<String> outputs, SourcePosition pos, Hop... args) {
    return op(OpCode.FUNCTION_CALL, new HopParam.Call(key(name), outputs), pos, args);
  }

  @Test
  void functionCallsCopyArgumentsAndReturnSeveralResults() {
    // f = function(Matrix X, Double s) return (Matrix A, Double b) { X = X + 1; A = X * s; b = sum(A) }
    Hop x1 = bin(BinaryOp.PLUS, mread("X"), lit(1.0));
    Hop a = bin(BinaryOp.MULT, x1, sread("s"));
    Program.Function f = function("f",
        List.of(param("X", DmlType.MATRIX), param("s", DmlType.DOUBLE)),
        List.of(param("A", DmlType.MATRIX), param("b", DmlType.DOUBLE)),
        basic(write("X", x1), write("A", a), write("b", sum(a))));
    Program p = new Program(List.of(
        basic(write("Z", fill(1.0, 2, 2))),
        basic(call("f", List.of("A", "b"), at(3, 1), mread("Z"), lit(2L))),
        basic(write("Z2", mread("Z")))), Map.of(f.key(), f));
    Runs.Outcome o = Runs.run(p, Map.of(), Runs.config(1));
    assertTrue(MatrixComparison.approxEquals(MatrixBlock.of(new double[][] {{1, 1}, {1, 1}}),
        ((MatrixValue) o.get("Z")).block(), 0, 0), "caller's Z unchanged");
    assertTrue(MatrixComparison.approxEquals(MatrixBlock.of(new double[][] {{4, 4}, {4, 4}}),
        ((MatrixValue) o.get("A")).block(), 0, 0));
    assertEquals(ScalarValue.of(16.0), o.get("b"));
    assertNull(o.get("s"), "callee variables do not leak");
    assertNull(o.get("X"));
  }

  @Test
  void recursionWorksAndIsBoundedWithAClearError() {
    // fact = function(Integer n) return (Integer r) { if (n <= 1) r = 1 else { [r1] = fact(n-1); r = n * r1 } }
    Program.Function fact = function("fact", List.of(param("n", DmlType.INTEGER)),
        List.of(param("r", DmlType.INTEGER)),
        new ProgramBlock.If(dag(bin(BinaryOp.LE, sread("n"), lit(1L))),
            List.of(basic(write("r", lit(1L)))),
            List.of(basic(call("fact", List.of("r1"), at(22, 5),
                    bin(BinaryOp.MINUS, sread("n"), lit(1L)))),
                basic(write("r", bin(BinaryOp.MULT, sread("n"), sread("r1")))))));
    Program p = new Program(List.of(basic(call("fact", List.of("f"), at(2, 1), lit(10L)))),
        Map.of(fact.key(), fact));
    assertEquals(ScalarValue.of(3628800L), Runs.run(p, Map.of(), Runs.config(1)).get("f"));

    Program.Function loop = function("g", List.of(param("n", DmlType.INTEGER)),
        List.of(param("r", DmlType.INTEGER)),
        basic(call("g", List.of("r"), at(30, 7), sread("n"))));
    Program q = new Program(List.of(basic(call("g", List.of("x"), at(2, 1), lit(1L)))),
        Map.of(loop.key(), loop));
    DmlRuntimeException e = assertThrows(DmlRuntimeException.class, () -> Runs.run(q, Map.of(),
        Runs.config(1).toBuilder().maxRecursionDepth(50).build()));
    assertEquals("test.dml:30:7: error: recursion too deep in g (more than 50 nested calls)",
        e.getMessage());
    // the default limit is reached before the Java stack runs out
    DmlRuntimeException deep = assertThrows(DmlRuntimeException.class,
        () -> Runs.run(q, Map.of(), Runs.config(1)));
    assertEquals("test.dml:30:7: error: recursion too deep in g (more than 1000 nested calls)",
        deep.getMessage());
  }

  @Test
  void aCallMustBindEveryParameter() {
    // the HOP builder fills defaults at the call site (conformance tests cover defaults end to
    // end); a program that does not is rejected at the call
    Parameter reg = new Parameter("reg", DmlType.DOUBLE,
        Optional.of(new org.planlab.engine.lang.ast.DoubleLiteral(0.5, FPOS)), FPOS);
    Program.Function f = function("f", List.of(param("a", DmlType.DOUBLE), reg),
        List.of(param("r", DmlType.DOUBLE)),
        basic(write("r", bin(BinaryOp.PLUS, sread("a"), sread("reg")))));
    Program p = new Program(List.of(basic(call("f", List.of("y"), at(3, 1), lit(2L), lit(1L))),
        basic(call("f", List.of("x"), at(4, 1), lit(2L)))), Map.of(f.key(), f));
    DmlRuntimeException e = assertThrows(DmlRuntimeException.class,
        () -> Runs.run(p, Map.of(), Runs.config(1)));
    assertEquals("test.dml:4:1: error: function f takes 2 argument(s), got 1", e.getMessage());
  }

  @Test
  void missingResultIsReportedAtTheFunction() {
    Program.Function f = function("h", List.of(), List.of(param("r", DmlType.DOUBLE)),
        basic(write("q", lit(1.0))));
    Program p = new Program(List.of(basic(call("h", List.of("x"), at(2, 1)))),
        Map.of(f.key(), f));
    DmlRuntimeException e = assertThrows(DmlRuntimeException.class,
        () -> Runs.run(p, Map.of(), Runs.config(1)));
    assertEquals("test.dml:20:1: error: function h did not assign its result 'r'", e.getMessage());
  }

  // ---- parfor

  /** R = matrix(0, n, 3); parfor (i in 1:n) R[i, ] = matrix(i * i, 1, 3). */
  private static Program rowsByIteration(boolean parallel, int n) {
    Hop i = sread("i");
    Hop row = op(OpCode.FILL, bin(BinaryOp.MULT, i, i), lit(1L), lit(3L));
    ProgramBlock body = basic(write("R",
        leftIndex(mread("R"), row, i, i, lit(1L), lit(3L))));
    return new Program(List.of(basic(write("R", fill(0, n, 3))),
        forLoop("i", lit(1L), lit((long) n), parallel, body)), Map.of());
  }

  @Test
  void parforMergesLeftIndexedResultsLikeTheSequentialLoop() {
    Runs.Outcome seq = Runs.run(rowsByIteration(false, 37), Map.of(), Runs.config(1));
    Runs.Outcome par = Runs.run(rowsByIteration(true, 37), Map.of(), Runs.config(3));
    MatrixBlock r = ((MatrixValue) seq.get("R")).block();
    assertEquals(36.0 * 36, r.get(35, 2));
    assertTrue(MatrixComparison.approxEquals(r, ((MatrixValue) par.get("R")).block(), 0, 0));
    assertEquals(r.nnz(), ((MatrixValue) par.get("R")).block().nnz());
  }

  @Test
  void parforAnalysisAcceptsDisjointWritesAndRejectsAccumulators() {
    CompiledBlock.For disjoint = (CompiledBlock.For) Runs.compile(
        rowsByIteration(true, 4), Runs.config(1)).program().main().get(1);
    assertEquals(Set.of("R"), ParForAnalysis.resultVariables(disjoint, Set.of("R")));

    ProgramBlock.For acc = forLoop("i", lit(1L), lit(4L), true,
        basic(write("s", bin(BinaryOp.PLUS, sread("s"), sread("i")))));
    CompiledBlock.For accC = (CompiledBlock.For) Runs.compile(new Program(
        List.of(acc), Map.of()), Runs.config(1)).program().main().get(0);
    assertNull(ParForAnalysis.resultVariables(accC, Set.of("s")));
    // and it still computes the sequential answer
    Runs.Outcome o = Runs.run(new Program(List.of(basic(write("s", lit(0L))), acc), Map.of()),
        Map.of(), Runs.config(2));
    assertEquals(ScalarValue.of(10L), o.get("s"));

    // R[i+0, ] is not recognised as disjoint (conservative)
    Hop i = sread("i");
    Hop shifted = bin(BinaryOp.PLUS, i, lit(0L));
    ProgramBlock.For shiftedLoop = forLoop("i", lit(1L), lit(4L), true, basic(write("R",
        leftIndex(mread("R"), lit(1.0), shifted, shifted, lit(1L), lit(1L)))));
    CompiledBlock.For sc = (CompiledBlock.For) Runs.compile(new Program(
        List.of(shiftedLoop), Map.of()), Runs.config(1)).program().main().get(0);
    assertNull(ParForAnalysis.resultVariables(sc, Set.of("R")));

    // y carried from the previous iteration: if (i > 1) y = y + 1 else y = 0; R[i, 1] = y
    ProgramBlock.If carry = new ProgramBlock.If(dag(bin(BinaryOp.GT, sread("i"), lit(1L))),
        List.of(basic(write("y", bin(BinaryOp.PLUS, sread("y"), lit(1L))))),
        List.of(basic(write("y", lit(0L)))));
    ProgramBlock.For carried = forLoop("i", lit(1L), lit(4L), true, carry, basic(write("R",
        leftIndex(mread("R"), sread("y"), sread("i"), sread("i"), lit(1L), lit(1L)))));
    CompiledBlock.For cc = (CompiledBlock.For) Runs.compile(new Program(
        List.of(carried), Map.of()), Runs.config(1)).program().main().get(0);
    assertNull(ParForAnalysis.resultVariables(cc, Set.of("R")));
    // a temporary written before it is read in every iteration is local
    ProgramBlock.For local = forLoop("i", lit(1L), lit(4L), true,
        basic(write("y", bin(BinaryOp.MULT, sread("i"), lit(2L)))), basic(write("R",
        leftIndex(mread("R"), sread("y"), sread("i"), sread("i"), lit(1L), lit(1L)))));
    CompiledBlock.For lc = (CompiledBlock.For) Runs.compile(new Program(
        List.of(local), Map.of()), Runs.config(1)).program().main().get(0);
    assertEquals(Set.of("R"), ParForAnalysis.resultVariables(lc, Set.of("R")));
  }

  @Test
  void parforErrorsSurfaceWithTheirPosition() {
    Hop i = sread("i");
    ProgramBlock.For loop = forLoop("i", lit(1L), lit(8L), true, basic(write("R",
        leftIndex(mread("R"), lit(1.0), i, i, lit(1L), lit(1L)))),
        basic(op(OpCode.STOP, HopParam.NONE, at(9, 4), lit("boom"))));
    Program p = new Program(List.of(basic(write("R", fill(0, 8, 1))), loop), Map.of());
    DmlRuntimeException e = assertThrows(DmlRuntimeException.class,
        () -> Runs.run(p, Map.of(), Runs.config(2)));
    assertEquals("test.dml:9:4: error: boom", e.getMessage());
  }

  // ---- dynamic recompilation hook and reuse seam

  @Test
  void recompilerIsCalledForFlaggedBlocksAndItsDagRuns() {
    Program p = new Program(List.of(basic(write("x", lit(1L)))), Map.of());
    org.planlab.engine.api.Pipeline pipeline = new org.planlab.engine.api.Pipeline(
        (ast, clock) -> p, org.planlab.engine.api.Pipeline.StaticRewrites.NONE,
        prog -> new org.planlab.engine.api.Pipeline.SizeResult(prog, Map.of(),
            Set.of(((ProgramBlock.Basic) prog.main().get(0)).dag()),
            (d, live) -> new org.planlab.engine.ir.SizedDag(dag(write("x", lit(2L))), Map.of())));
    org.planlab.engine.api.RunResult result;
    try (Engine engine = Engine.create(Runs.config(1))) {
      result = engine.run(engine.compile(p, pipeline), Map.of(), System.out, ReuseHook.NONE);
    }
    assertEquals(ScalarValue.of(2L), result.variables().get("x"));
    assertEquals(1, result.statistics().recompilations());
  }

  @Test
  void everyInstructionGoesThroughTheReuseHook() {
    java.util.concurrent.atomic.AtomicInteger traced = new java.util.concurrent.atomic.AtomicInteger();
    ReuseHook hook = new ReuseHook() {
      @Override
      public boolean traces() {
        return true;
      }

      @Override
      public org.planlab.engine.lineage.LineageItem trace(
          org.planlab.engine.runtime.instructions.Instruction instr, Data[] in,
          org.planlab.engine.lineage.LineageItem[] inLineage, ExecutionContext ctx) {
        traced.incrementAndGet();
        return new org.planlab.engine.lineage.LineageItem(instr.opcode(), "", inLineage);
      }

      @Override
      public Data reuse(org.planlab.engine.lineage.LineageItem key,
          org.planlab.engine.runtime.instructions.Instruction instr, Data[] in,
          ExecutionContext ctx) {
        // "reuse" every addition as 7: proves REUSE? short-circuits execution
        return key.opcode().equals("+") ? ScalarValue.of(7L) : null;
      }
    };
    Program p = new Program(List.of(basic(write("x", bin(BinaryOp.PLUS, lit(1L), lit(2L))))),
        Map.of());
    org.planlab.engine.api.RunResult r;
    try (Engine engine = Engine.create(Runs.config(1))) {
      r = engine.run(engine.compile(p), Map.of(), System.out, hook);
    }
    assertEquals(ScalarValue.of(7L), r.variables().get("x"));
    assertEquals(2, traced.get(), "+ and wvar (literals are frame constants)");
  }

  @Test
  void statisticsCountOpcodesAndSerializeAsJson() throws Exception {
    Program p = new Program(List.of(basic(write("x", sum(op(OpCode.MATMULT,
        fill(1, 3, 3), fill(2, 3, 3)))))), Map.of());
    var r = Runs.run(p, Map.of(), Runs.config(1)).result();
    assertEquals(ScalarValue.of(54.0), r.variables().get("x"));
    var hh = r.statistics().heavyHitters().stream()
        .filter(h -> h.opcode().equals("ba+*")).findFirst();
    assertTrue(hh.isPresent());
    assertEquals(1, hh.get().count());
    assertEquals(1, r.statistics().dags());
    assertTrue(r.statistics().peakLiveBytes() >= 0);
    String json = new com.fasterxml.jackson.databind.ObjectMapper()
        .writeValueAsString(r.statistics());
    assertTrue(json.contains("\"heavyHitters\"") && json.contains("ba+*"), json);
    assertTrue(r.statistics().format(10).contains("ba+*"));
    assertNotNull(r.statistics().compileNanos().get(org.planlab.engine.stats.CompilePhase.LOWERING));
  }

  @Test
  void presetVariablesAreVisible() {
    MatrixValue m = new MatrixValue(MatrixBlock.of(new double[][] {{1, 2}}));
    Runs.Outcome o = Runs.run(Map.of("M", m), basic(write("N", mread("M"))));
    assertSame(m, o.get("N"));
  }
}
