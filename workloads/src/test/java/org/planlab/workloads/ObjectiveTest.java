package org.planlab.workloads;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class ObjectiveTest {
  @Test
  void parsesTheLastObjectiveLine() {
    String out = "l2svm: iteration 1\nobjective: 12.5\nsomething else\nobjective: 3.25E-4\r\nbestLambda: 0.1\n";
    assertEquals(3.25e-4, Objective.parse(out));
  }

  @Test
  void missingLineGivesNaN() {
    assertTrue(Double.isNaN(Objective.parse("no objective here\n")));
  }

  @Test
  void nonNumericValueNamesTheLine() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Objective.parse("objective: x\n"));
    assertTrue(e.getMessage().contains("objective: x"), e.getMessage());
  }
}
