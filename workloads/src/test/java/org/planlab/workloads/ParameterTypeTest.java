package org.planlab.workloads;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class ParameterTypeTest {
  @Test
  void formatsAsDriversExpect() {
    assertEquals("TRUE", ParameterType.BOOLEAN.format(true));
    assertEquals("1.0e-12", ParameterType.DOUBLE.format(1e-12));
    assertEquals("0.001", ParameterType.DOUBLE.format(0.001));
    assertEquals("-5", ParameterType.INTEGER.format(-5L));
    assertEquals("wL2", ParameterType.STRING.format("wL2"));
  }

  @Test
  void parsesCommandLineText() {
    assertEquals(Boolean.FALSE, ParameterType.BOOLEAN.parse("false"));
    assertEquals(1e-12, ParameterType.DOUBLE.parse("1e-12"));
    assertEquals(20L, ParameterType.INTEGER.parse(" 20 "));
  }

  @Test
  void rejectsValuesOfAnotherType() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> ParameterType.INTEGER.parse("1e3"));
    assertTrue(e.getMessage().contains("'1e3'") && e.getMessage().contains("integer"), e.getMessage());
    assertThrows(IllegalArgumentException.class, () -> ParameterType.BOOLEAN.parse("yes"));
    assertThrows(IllegalArgumentException.class, () -> ParameterType.DOUBLE.format(3L));
    assertThrows(IllegalArgumentException.class, () -> Parameter.real("x", 1, "").type().format("1"));
    assertThrows(IllegalArgumentException.class, () -> new Parameter("k", ParameterType.INTEGER, 5, "int, not long"));
  }
}
