package org.planlab.engine.compile.build;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.planlab.engine.compile.build.BuildTestSupport.build;
import static org.planlab.engine.compile.build.BuildTestSupport.dagOf;
import static org.planlab.engine.compile.build.BuildTestSupport.function;
import static org.planlab.engine.compile.build.BuildTestSupport.reads;
import static org.planlab.engine.compile.build.BuildTestSupport.render;
import static org.planlab.engine.compile.build.BuildTestSupport.writes;
import static org.planlab.engine.compile.build.BuildTestSupport.written;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.planlab.engine.ir.Hop;
import org.planlab.engine.ir.HopDag;
import org.planlab.engine.ir.HopParam;
import org.planlab.engine.ir.OpCode;
import org.planlab.engine.ir.Program;
import org.planlab.engine.ir.ProgramBlock;
import org.planlab.engine.lang.DmlValidationException;

/** Block structure, variable reads and writes, function-call blocks and left indexing. */
class HopBuilderStructureTest {

  @Test
  void straightLineStatementsFormOneBasicBlock() {
    Program p = build("x = 1\ny = x + 2\nprint(y)\nx = y * 3\n");
    assertEquals(1, p.main().size());
    HopDag dag = dagOf(p.main(), 0);
    assertEquals(List.of(), reads(dag));
    assertEquals(OpCode.PRINT, dag.roots().get(0).op());
    assertEquals(List.of("y", "x"), writes(dag));
    assertEquals("BINARY[*](BINARY[+](1,2),3)", render(written(dag, "x")));
  }

  @Test
  void variablesReadBeforeAssignmentAreOneReadVarEach() {
    Program p = build("x = 1\nif (x > 0) {\n  y = x + x\n  x = y * x\n  z = x\n}\n");
    HopDag then = dagOf(((ProgramBlock.If) p.main().get(1)).thenBlocks(), 0);
    assertEquals(List.of("x"), reads(then));
    assertEquals(List.of("y", "x", "z"), writes(then));
    // later reads of an assigned name use its HOP, not a READ_VAR
    assertSame(written(then, "x"), written(then, "z"));
    Hop y = written(then, "y");
    assertSame(y.input(0), y.input(1));
  }

  @Test
  void controlFlowBecomesBlocksWithPredicateAndBoundDags() {
    Program p = build(String.join("\n",
        "n = 10", "s = 0",
        "if (n > 5) { s = 1 } else { s = 2 }",
        "while (s < n) { s = s + 1 }",
        "for (i in 1:n) { s = s + i }",
        "for (i in seq(n, 1, -2)) { s = s - i }",
        "parfor (j in 1:n, par=2, mode=LOCAL) { t = j }",
        "print(s)"));
    List<ProgramBlock> b = p.main();
    assertEquals(7, b.size());
    assertInstanceOf(ProgramBlock.Basic.class, b.get(0));
    ProgramBlock.If ifBlock = assertInstanceOf(ProgramBlock.If.class, b.get(1));
    assertEquals("BINARY[>](n,5)", render(ifBlock.predicate().roots().get(0)));
    assertEquals(1, ifBlock.predicate().roots().size());
    assertEquals(1, ifBlock.thenBlocks().size());
    assertEquals(1, ifBlock.elseBlocks().size());
    ProgramBlock.While w = assertInstanceOf(ProgramBlock.While.class, b.get(2));
    assertEquals("BINARY[<](s,n)", render(w.predicate().roots().get(0)));
    ProgramBlock.For f = assertInstanceOf(ProgramBlock.For.class, b.get(3));
    assertEquals("i", f.variable());
    assertEquals("1", render(f.from().roots().get(0)));
    assertEquals("n", render(f.to().roots().get(0)));
    assertTrue(f.increment().isEmpty());
    ProgramBlock.For down = assertInstanceOf(ProgramBlock.For.class, b.get(4));
    assertEquals("-2", render(down.increment().orElseThrow().roots().get(0)));
    ProgramBlock.For par = assertInstanceOf(ProgramBlock.For.class, b.get(5));
    assertTrue(par.parallel());
    assertEquals(Map.of("par", "2", "mode", "LOCAL"), par.parforOptions());
    assertInstanceOf(ProgramBlock.Basic.class, b.get(6));
  }

  @Test
  void userFunctionCallGetsItsOwnBlockWithDefaultsBuiltInTheCaller() {
    Program p = build(String.join("\n",
        "g = function(matrix[double] A, double s = 2.0, integer k = 3) return (matrix[double] B) {",
        "  B = A * s + k",
        "}",
        "X = matrix(1, 2, 2)",
        "Y = g(X, k=5)",
        "Z = Y + 1"));
    assertEquals(3, p.main().size());
    HopDag call = dagOf(p.main(), 1);
    assertEquals(1, call.roots().size());
    Hop root = call.roots().get(0);
    assertEquals(OpCode.FUNCTION_CALL, root.op());
    assertEquals(List.of("Y"), root.param(HopParam.Call.class).outputs());
    assertEquals("g", root.param(HopParam.Call.class).function().name());
    assertEquals("FUNCTION_CALL[g->[Y]](X,2.0,5)", render(root));
    assertEquals(List.of("X"), writes(dagOf(p.main(), 0)));
    assertEquals(List.of("Y"), reads(dagOf(p.main(), 2)));
    assertEquals(1, function(p, "g").size());
  }

  @Test
  void multiAssignmentAndCallStatementsBecomeCallBlocks() {
    Program p = build(String.join("\n",
        "h = function(double a) return (double x, double y) { x = a + 1\n y = a * 2 }",
        "v = function(double a) { print(a) }",
        "[p, q] = h(1.5)",
        "v(p)",
        "print(p + q)"));
    assertEquals(3, p.main().size());
    Hop first = dagOf(p.main(), 0).roots().get(0);
    assertEquals("FUNCTION_CALL[h->[p, q]](1.5)", render(first));
    Hop second = dagOf(p.main(), 1).roots().get(0);
    assertEquals("FUNCTION_CALL[v->[]](p)", render(second));
  }

  @Test
  void callsInsideExpressionsAreHoistedInnerFirst() {
    Program p = build(String.join("\n",
        "inc = function(double a) return (double b) { b = a + 1 }",
        "x = 2",
        "y = 10 * inc(inc(x)) + inc(3)"));
    List<ProgramBlock> b = p.main();
    assertEquals(5, b.size());
    assertEquals(List.of("x"), writes(dagOf(b, 0)));
    assertEquals("FUNCTION_CALL[inc->[_fcall1#]](x)", render(dagOf(b, 1).roots().get(0)));
    assertEquals("FUNCTION_CALL[inc->[_fcall2#]](_fcall1#)", render(dagOf(b, 2).roots().get(0)));
    assertEquals("FUNCTION_CALL[inc->[_fcall3#]](3)", render(dagOf(b, 3).roots().get(0)));
    assertEquals("BINARY[+](BINARY[*](10,_fcall2#),_fcall3#)", render(written(dagOf(b, 4), "y")));
  }

  @Test
  void leftIndexingUpdatesTheCurrentValue() {
    Program p = build(String.join("\n",
        "X = matrix(0, 4, 4)",
        "X[1:2, 3] = matrix(1, 2, 1)",
        "X[4, ] = 7",
        "print(sum(X))"));
    HopDag dag = dagOf(p.main(), 0);
    assertEquals(List.of("X"), writes(dag));
    assertEquals("LEFT_INDEX(LEFT_INDEX(FILL(0,4,4),FILL(1,2,1),1,2,3,3),7,4,4,1,"
        + "NCOL(LEFT_INDEX(FILL(0,4,4),FILL(1,2,1),1,2,3,3)))", render(written(dag, "X")));
    assertEquals("PRINT(AGGREGATE[SUM,FULL](" + render(written(dag, "X")) + "))",
        render(dag.roots().get(0)));
  }

  @Test
  void leftIndexingOfAVariableFromAnotherBlockReadsIt() {
    Program p = build("X = matrix(0, 4, 4)\nif (TRUE) { X[1, 1] = 5 }\n");
    HopDag then = dagOf(((ProgramBlock.If) p.main().get(1)).thenBlocks(), 0);
    assertEquals(List.of("X"), reads(then));
    assertEquals("LEFT_INDEX(X,5,1,1,1,1)", render(written(then, "X")));
  }

  @Test
  void matrixPredicatesAreCastToScalars() {
    Program p = build("X = matrix(1, 2, 2)\nif (X[1, 1] > 0) { y = 1 }\n");
    ProgramBlock.If i = assertInstanceOf(ProgramBlock.If.class, p.main().get(1));
    assertEquals("CAST_SCALAR(BINARY[>](RIGHT_INDEX(X,1,1,1,1),0))",
        render(i.predicate().roots().get(0)));
  }

  @Test
  void existsOfAVariableIsAUserError() {
    DmlValidationException e = assertThrows(DmlValidationException.class,
        () -> build("x = 1\nb = exists(x)\nprint(b)\n"));
    assertTrue(e.getMessage().contains("t.dml:2:5"), e.getMessage());
  }

  @Test
  void randWithoutSeedGetsMinusOne() {
    Program p = build("R = rand(rows=2, cols=2)\n");
    Hop r = written(dagOf(p.main(), 0), "R");
    assertEquals(OpCode.RAND, r.op());
    assertEquals("-1", render(r.input(5)));
  }

  @Test
  void positionsPointAtTheScript() {
    Program p = build("x = 1\ny = x + 2\n");
    Hop plus = written(dagOf(p.main(), 0), "y");
    assertEquals("t.dml", plus.position().file());
    assertEquals(2, plus.position().line());
  }
}
