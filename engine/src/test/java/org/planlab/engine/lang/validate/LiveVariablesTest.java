package org.planlab.engine.lang.validate;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.planlab.engine.lang.DmlParser;
import org.planlab.engine.lang.ast.DmlProgram;
import org.planlab.engine.lang.ast.ForStatement;
import org.planlab.engine.lang.ast.FunctionKey;
import org.planlab.engine.lang.ast.IfStatement;
import org.planlab.engine.lang.ast.Statement;
import org.planlab.engine.lang.ast.WhileStatement;

/** Live-in/live-out sets per statement. */
class LiveVariablesTest {
  @Test
  void straightLineCode() {
    DmlProgram p = new DmlParser().parse("a = 1\nb = a + 1\nc = b * a\nprint(c)", "l.dml");
    LiveVariables lv = LiveVariables.of(p);
    List<Statement> s = p.statements();
    assertEquals(Set.of(), lv.of(s.get(0)).liveIn());
    assertEquals(Set.of("a"), lv.of(s.get(0)).liveOut());
    assertEquals(Set.of("a", "b"), lv.of(s.get(1)).liveOut());
    assertEquals(Set.of("c"), lv.of(s.get(2)).liveOut());
    assertEquals(Set.of(), lv.of(s.get(3)).liveOut());
  }

  @Test
  void deadAssignmentsAreNotLive() {
    DmlProgram p = new DmlParser().parse("a = 1\na = 2\nprint(a)", "l.dml");
    LiveVariables lv = LiveVariables.of(p);
    assertEquals(Set.of(), lv.of(p.statements().get(0)).liveOut());
    assertEquals(Set.of("a"), lv.of(p.statements().get(1)).liveOut());
  }

  @Test
  void branchesUnionTheirLiveIns() {
    DmlProgram p =
        new DmlParser()
            .parse("x = 1\ny = 2\nc = TRUE\nif (c) { z = x } else { z = y }\nprint(z)", "l.dml");
    LiveVariables lv = LiveVariables.of(p);
    IfStatement i = (IfStatement) p.statements().get(3);
    assertEquals(Set.of("c", "x", "y"), lv.of(i).liveIn());
    assertEquals(Set.of("z"), lv.of(i).liveOut());
    assertEquals(Set.of("x"), lv.of(i.thenBody().get(0)).liveIn());
  }

  @Test
  void loopCarriedVariablesStayLiveAroundTheLoop() {
    DmlProgram p =
        new DmlParser()
            .parse(
                "s = 0\ni = 0\nw = 5\nwhile (i < 10) {\n  s = s + i\n  i = i + 1\n}\nprint(s)",
                "l.dml");
    LiveVariables lv = LiveVariables.of(p);
    WhileStatement w = (WhileStatement) p.statements().get(3);
    assertEquals(Set.of("i", "s"), lv.of(w).liveIn());
    assertEquals(Set.of("s"), lv.of(w).liveOut());
    // inside the body, i is live after the last statement (the predicate reads it next)
    assertEquals(Set.of("i", "s"), lv.of(w.body().get(1)).liveOut());
    assertEquals(Set.of("i", "s"), lv.of(p.statements().get(1)).liveOut());
  }

  @Test
  void forLoopVariableIsDefinedByTheLoop() {
    DmlProgram p =
        new DmlParser()
            .parse("n = 3\nacc = 0\nfor (i in 1:n) { acc = acc + i }\nprint(acc)", "l.dml");
    LiveVariables lv = LiveVariables.of(p);
    ForStatement f = (ForStatement) p.statements().get(2);
    assertEquals(Set.of("acc", "n"), lv.of(f).liveIn());
    assertEquals(Set.of("acc", "i"), lv.of(f.body().get(0)).liveIn());
    assertEquals(Set.of("acc"), lv.of(f.body().get(0)).liveOut());
  }

  @Test
  void leftIndexingReadsTheMatrix() {
    DmlProgram p =
        new DmlParser().parse("X = matrix(0, 2, 2)\nX[1, 1] = 5\nprint(sum(X))", "l.dml");
    LiveVariables lv = LiveVariables.of(p);
    assertEquals(Set.of("X"), lv.of(p.statements().get(1)).liveIn());
  }

  @Test
  void functionResultsAreLiveAtTheEnd() {
    DmlProgram p =
        new DmlParser()
            .parse(
                "f = function(Double a, Double unused) return (Double r) { t = a * 2\n r = t + 1 }",
                "l.dml");
    LiveVariables lv = LiveVariables.of(p);
    List<Statement> body =
        p.function(new FunctionKey(DmlProgram.MAIN_NAMESPACE, "f")).orElseThrow().body();
    assertEquals(Set.of("a"), lv.of(body.get(0)).liveIn());
    assertEquals(Set.of("r"), lv.of(body.get(1)).liveOut());
  }

  @Test
  void validatedProgramsCarryTheirLiveness() {
    ValidatedProgram v =
        new DmlValidator().validate(new DmlParser().parse("a = 1\nprint(a)", "l.dml"));
    assertEquals(Set.of("a"), v.liveness(v.program().statements().get(0)).liveOut());
  }
}
