package org.planlab.engine.compile.size;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.planlab.engine.compile.TestHops.POS;
import static org.planlab.engine.compile.TestHops.binary;
import static org.planlab.engine.compile.TestHops.call;
import static org.planlab.engine.compile.TestHops.dag;
import static org.planlab.engine.compile.TestHops.index;
import static org.planlab.engine.compile.TestHops.lit;
import static org.planlab.engine.compile.TestHops.mm;
import static org.planlab.engine.compile.TestHops.op;
import static org.planlab.engine.compile.TestHops.rand;
import static org.planlab.engine.compile.TestHops.read;
import static org.planlab.engine.compile.TestHops.readScalar;
import static org.planlab.engine.compile.TestHops.t;
import static org.planlab.engine.compile.TestHops.write;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.planlab.engine.ir.DataCharacteristics;
import org.planlab.engine.ir.Hop;
import org.planlab.engine.ir.HopDag;
import org.planlab.engine.ir.OpCode;
import org.planlab.engine.ir.Program;
import org.planlab.engine.ir.ProgramBlock;
import org.planlab.engine.lang.ast.FunctionDefinition;
import org.planlab.engine.lang.ast.FunctionKey;
import org.planlab.engine.lang.ast.Parameter;
import org.planlab.engine.lang.types.DmlType;
import org.planlab.engine.ops.BinaryOp;

class InterProceduralAnalysisTest {
  static final FunctionKey F = new FunctionKey(".defaultNS", "f");

  static ProgramBlock basic(Hop... roots) {
    return new ProgramBlock.Basic(dag(roots));
  }

  static HopDag predicate() {
    return dag(binary(BinaryOp.LT, readScalar("i"), lit(10L)));
  }

  static Program program(List<ProgramBlock> main) {
    return new Program(main, Map.of());
  }

  /** f = function(Matrix A) return (Matrix B) { B = t(A) }. */
  static Program.Function transposeFunction(Hop bodyTranspose) {
    FunctionDefinition def = new FunctionDefinition(".defaultNS", "f",
        List.of(new Parameter("A", DmlType.MATRIX, Optional.empty(), POS)),
        List.of(new Parameter("B", DmlType.MATRIX, Optional.empty(), POS)), List.of(), POS);
    return new Program.Function(def, List.of(basic(write("B", bodyTranspose))));
  }

  @Test
  void sizesFlowAcrossBasicBlocks() {
    Hop gram = mm(t(read("X")), read("X"));
    ProgramBlock second = basic(write("G", gram));
    ProgramSizes sizes = InterProceduralAnalysis.analyze(
        program(List.of(basic(write("X", rand(10, 5, 1.0))), second)));
    assertEquals(new DataCharacteristics(5, 5, 25),
        sizes.sizes(((ProgramBlock.Basic) second).dag()).get(gram));
    assertTrue(sizes.recompilationCandidates().isEmpty());
  }

  @Test
  void ifKeepsSizesOnlyWhereBranchesAgree() {
    Hop agree = t(read("Z"));
    Hop disagree = t(read("W"));
    ProgramBlock after = basic(write("A", agree), write("B", disagree));
    ProgramBlock branch = new ProgramBlock.If(predicate(),
        List.of(basic(write("Z", rand(10, 5, 1.0)), write("W", rand(10, 5, 1.0)))),
        List.of(basic(write("Z", rand(10, 5, 1.0)), write("W", rand(10, 6, 1.0)))));
    ProgramSizes sizes = InterProceduralAnalysis.analyze(program(List.of(branch, after)));
    SizeTable t = sizes.sizes(((ProgramBlock.Basic) after).dag());
    assertEquals(new DataCharacteristics(5, 10, 50), t.get(agree));
    assertEquals(new DataCharacteristics(-1, 10, -1), t.get(disagree));
    assertTrue(sizes.needsRecompilation(((ProgramBlock.Basic) after).dag()));
  }

  @Test
  void ifWithAKnownPredicateKeepsOnlyTheTakenBranchsSizes() {
    // intercept = FALSE; if (intercept) X = cbind(X, ones) -- as in l2svm with a constant flag
    Hop use = t(read("X"));
    ProgramBlock after = basic(write("A", use));
    for (boolean flag : new boolean[] {false, true}) {
      ProgramBlock branch = new ProgramBlock.If(dag(readScalar("intercept")),
          List.of(basic(write("X", rand(10, 6, 1.0)))), List.of());
      ProgramSizes sizes = InterProceduralAnalysis.analyze(program(List.of(
          basic(write("X", rand(10, 5, 1.0)), write("intercept", lit(flag))), branch, after)));
      SizeTable t = sizes.sizes(((ProgramBlock.Basic) after).dag());
      assertEquals(new DataCharacteristics(flag ? 6 : 5, 10, flag ? 60 : 50), t.get(use));
      assertTrue(!sizes.needsRecompilation(((ProgramBlock.Basic) after).dag()));
    }
  }

  @Test
  void aBranchAKnownPredicateRulesOutIsNotAnalysed() {
    // icpt = 0; if (icpt == 2) B = beta[m + 1, ] -- only valid when the branch is taken
    ProgramBlock dead = new ProgramBlock.If(dag(binary(BinaryOp.EQ, readScalar("icpt"), lit(2L))),
        List.of(basic(write("B", index(read("beta"), lit(6L), lit(6L), lit(1L), lit(1L))))),
        List.of(basic(write("B", read("beta")))));
    Hop use = t(read("B"));
    ProgramBlock after = basic(write("C", use));
    ProgramSizes sizes = InterProceduralAnalysis.analyze(program(List.of(
        basic(write("beta", rand(5, 1, 1.0)), write("icpt", lit(0L))), dead, after)));
    assertEquals(new DataCharacteristics(1, 5, 5),
        sizes.sizes(((ProgramBlock.Basic) after).dag()).get(use));
  }

  @Test
  void loopKeepsSizesTheBodyDoesNotChange() {
    // W = W - 0.1 * t(X) %*% (X %*% W): same dims every iteration
    Hop update = binary(BinaryOp.MINUS, read("W"),
        binary(BinaryOp.MULT, lit(0.1), mm(t(read("X")), mm(read("X"), read("W")))));
    ProgramBlock body = basic(write("W", update));
    Hop afterRead = t(read("W"));
    ProgramBlock after = basic(write("V", afterRead));
    ProgramSizes sizes = InterProceduralAnalysis.analyze(program(List.of(
        basic(write("X", rand(100, 10, 1.0)), write("W", rand(10, 1, 1.0))),
        new ProgramBlock.While(predicate(), List.of(body)), after)));
    assertEquals(new DataCharacteristics(10, 1, 10),
        sizes.sizes(((ProgramBlock.Basic) body).dag()).get(update));
    assertEquals(new DataCharacteristics(1, 10, 10),
        sizes.sizes(((ProgramBlock.Basic) after).dag()).get(afterRead));
    assertTrue(sizes.recompilationCandidates().isEmpty());
  }

  @Test
  void loopChangingSizesIsRepropagatedWithUnknowns() {
    Hop grow = op(OpCode.RBIND, read("Z"), read("r"));
    ProgramBlock body = basic(write("Z", grow));
    Hop afterRead = t(read("Z"));
    ProgramBlock after = basic(write("V", afterRead));
    ProgramSizes sizes = InterProceduralAnalysis.analyze(program(List.of(
        basic(write("Z", rand(1, 4, 1.0)), write("r", rand(1, 4, 1.0))),
        new ProgramBlock.While(predicate(), List.of(body)), after)));
    assertEquals(new DataCharacteristics(-1, 4, -1),
        sizes.sizes(((ProgramBlock.Basic) body).dag()).get(grow));
    assertEquals(new DataCharacteristics(4, -1, -1),
        sizes.sizes(((ProgramBlock.Basic) after).dag()).get(afterRead));
    assertTrue(sizes.needsRecompilation(((ProgramBlock.Basic) body).dag()));
  }

  @Test
  void scalarsChangedInALoopBecomeUnknownInside() {
    Hop inc = binary(BinaryOp.PLUS, readScalar("i"), lit(1L));
    Hop r = op(OpCode.RAND, readScalar("i"), lit(2L), lit(0.0), lit(1.0), lit(1.0), lit(-1L),
        lit("uniform"));
    ProgramBlock body = basic(write("R", r), write("i", inc));
    ProgramSizes sizes = InterProceduralAnalysis.analyze(program(List.of(
        basic(write("i", lit(1L))), new ProgramBlock.While(predicate(), List.of(body)))));
    assertEquals(DataCharacteristics.dims(-1, 2), sizes.sizes(((ProgramBlock.Basic) body).dag())
        .get(r));
  }

  @Test
  void forLoopVariableIsUnknownButRowIndexingStillHasOneRow() {
    Hop row = index(read("X"), readScalar("j"), readScalar("j"), lit(1L), lit(5L));
    ProgramBlock body = basic(write("x", row));
    ProgramBlock loop = new ProgramBlock.For("j", dag(lit(1L)), dag(lit(10L)), Optional.empty(),
        List.of(body), false, Map.of());
    ProgramSizes sizes = InterProceduralAnalysis.analyze(program(List.of(
        basic(write("X", rand(10, 5, 1.0)), write("j", lit(3L))), loop)));
    assertEquals(new DataCharacteristics(1, 5, 5),
        sizes.sizes(((ProgramBlock.Basic) body).dag()).get(row));
  }

  @Test
  void functionCalledConsistentlyGetsSizesPropagatedIn() {
    Hop inside = t(read("A"));
    Hop use1 = t(read("R1"));
    Hop use2 = t(read("R2"));
    ProgramBlock after = basic(write("S1", use1), write("S2", use2));
    Program.Function f = transposeFunction(inside);
    Program p = new Program(List.of(
        basic(write("X", rand(10, 5, 1.0)), write("Y", rand(10, 5, 1.0))),
        basic(call("f", List.of("R1"), read("X"))),
        basic(call("f", List.of("R2"), read("Y"))), after), Map.of(F, f));
    ProgramSizes sizes = InterProceduralAnalysis.analyze(p);
    assertEquals(java.util.Set.of(F), sizes.propagatedFunctions());
    assertEquals(new DataCharacteristics(5, 10, 50),
        sizes.sizes(((ProgramBlock.Basic) f.body().get(0)).dag()).get(inside));
    SizeTable t = sizes.sizes(((ProgramBlock.Basic) after).dag());
    assertEquals(new DataCharacteristics(10, 5, 50), t.get(use1));
    assertEquals(new DataCharacteristics(10, 5, 50), t.get(use2));
    assertTrue(sizes.recompilationCandidates().isEmpty());
  }

  @Test
  void functionCalledWithDifferentDimsIsPruned() {
    Hop inside = t(read("A"));
    Hop use = t(read("R1"));
    ProgramBlock after = basic(write("S1", use));
    Program.Function f = transposeFunction(inside);
    HopDag body = ((ProgramBlock.Basic) f.body().get(0)).dag();
    Program p = new Program(List.of(
        basic(write("X", rand(10, 5, 1.0)), write("Y", rand(3, 4, 1.0))),
        basic(call("f", List.of("R1"), read("X"))),
        basic(call("f", List.of("R2"), read("Y"))), after), Map.of(F, f));
    ProgramSizes sizes = InterProceduralAnalysis.analyze(p);
    assertTrue(sizes.propagatedFunctions().isEmpty());
    assertEquals(DataCharacteristics.UNKNOWN_MATRIX, sizes.sizes(body).get(inside));
    assertEquals(DataCharacteristics.UNKNOWN_MATRIX,
        sizes.sizes(((ProgramBlock.Basic) after).dag()).get(use));
    assertTrue(sizes.needsRecompilation(body));
  }

  @Test
  void functionCalledWithDifferentSparsityKeepsDimsOnly() {
    Hop inside = t(read("A"));
    Program.Function f = transposeFunction(inside);
    Program p = new Program(List.of(
        basic(write("X", rand(10, 5, 1.0)), write("Y", rand(10, 5, 0.1))),
        basic(call("f", List.of("R1"), read("X"))),
        basic(call("f", List.of("R2"), read("Y")))), Map.of(F, f));
    ProgramSizes sizes = InterProceduralAnalysis.analyze(p);
    assertEquals(DataCharacteristics.dims(5, 10),
        sizes.sizes(((ProgramBlock.Basic) f.body().get(0)).dag()).get(inside));
  }

  @Test
  void provenMismatchIsReported() {
    Hop bad = mm(read("X"), read("X"));
    assertThrows(DimensionMismatchError.class, () -> InterProceduralAnalysis.analyze(program(
        List.of(basic(write("X", rand(10, 5, 1.0))), basic(write("Z", bad))))));
  }

  @Test
  void predicatesAndLoopBoundsGetTables() {
    HopDag pred = predicate();
    HopDag from = dag(lit(1L));
    ProgramSizes sizes = InterProceduralAnalysis.analyze(program(List.of(
        new ProgramBlock.If(pred, List.of(), List.of()),
        new ProgramBlock.For("j", from, dag(lit(3L)), Optional.empty(), List.of(), false,
            Map.of()))));
    assertFalse(sizes.needsRecompilation(pred));
    assertEquals(DataCharacteristics.SCALAR, sizes.sizes(from).get(from.roots().get(0)));
  }

  @Test
  void mismatchOnlyWithFirstIterationSizesIsNotReported() {
    // while (...) { P = X %*% X; X = rand(4, 4) } after X = rand(3, 4): the loop's sizes are
    // generalised, as X's change in the body
    Hop prod = mm(read("X"), read("X"));
    ProgramBlock body = basic(write("P", prod), write("X", rand(4, 4, 1.0)));
    ProgramSizes sizes = InterProceduralAnalysis.analyze(program(List.of(
        basic(write("X", rand(3, 4, 1.0))), new ProgramBlock.While(predicate(), List.of(body)))));
    assertEquals(DataCharacteristics.UNKNOWN_MATRIX,
        sizes.sizes(((ProgramBlock.Basic) body).dag()).get(prod));
  }

  @Test
  void mismatchInEveryIterationIsReported() {
    ProgramBlock body = basic(write("P", mm(read("X"), read("X"))));
    assertThrows(DimensionMismatchError.class, () -> InterProceduralAnalysis.analyze(program(
        List.of(basic(write("X", rand(3, 4, 1.0))),
            new ProgramBlock.While(predicate(), List.of(body))))));
  }

  @Test
  void recursiveFunctionTerminatesWithUnknownOutputs() {
    // g = function(Integer n) return (Matrix M) { M = g(n - 1) } (the base case is irrelevant)
    FunctionKey g = new FunctionKey(".defaultNS", "g");
    FunctionDefinition def = new FunctionDefinition(".defaultNS", "g",
        List.of(new Parameter("n", DmlType.INTEGER, Optional.empty(), POS)),
        List.of(new Parameter("M", DmlType.MATRIX, Optional.empty(), POS)), List.of(), POS);
    Hop recursive = call("g", List.of("M"), binary(BinaryOp.MINUS, readScalar("n"), lit(1L)));
    Program.Function f = new Program.Function(def, List.of(basic(recursive)));
    Hop use = t(read("R"));
    ProgramBlock after = basic(write("S", use));
    Program p = new Program(List.of(basic(call("g", List.of("R"), lit(3L))), after),
        Map.of(g, f));
    ProgramSizes sizes = InterProceduralAnalysis.analyze(p);
    assertEquals(DataCharacteristics.UNKNOWN_MATRIX,
        sizes.sizes(((ProgramBlock.Basic) after).dag()).get(use));
  }

  @Test
  void scalarConstantsFlowIntoConsistentlyCalledFunctions() {
    // h = function(Integer k) return (Matrix M) { M = rand(rows=k, cols=2) }; R = h(6)
    FunctionKey h = new FunctionKey(".defaultNS", "h");
    FunctionDefinition def = new FunctionDefinition(".defaultNS", "h",
        List.of(new Parameter("k", DmlType.INTEGER, Optional.empty(), POS)),
        List.of(new Parameter("M", DmlType.MATRIX, Optional.empty(), POS)), List.of(), POS);
    Hop r = op(OpCode.RAND, readScalar("k"), lit(2L), lit(0.0), lit(1.0), lit(1.0), lit(-1L),
        lit("uniform"));
    Program.Function f = new Program.Function(def, List.of(basic(write("M", r))));
    Hop use = t(read("R"));
    ProgramBlock after = basic(write("S", use));
    Program p = new Program(List.of(basic(call("h", List.of("R"), lit(6L))), after),
        Map.of(h, f));
    ProgramSizes sizes = InterProceduralAnalysis.analyze(p);
    assertEquals(new DataCharacteristics(2, 6, 12),
        sizes.sizes(((ProgramBlock.Basic) after).dag()).get(use));
  }
}
