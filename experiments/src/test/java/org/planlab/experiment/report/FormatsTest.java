package org.planlab.experiment.report;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

class FormatsTest {
  @Test
  void largeRoundParametersReadTheSameHoweverWritten() {
    assertEquals("1e5", Formats.parameter("1e5"));
    assertEquals("1e5", Formats.parameter("100000"));
    assertEquals("1e5", Formats.parameter("100000.0"));
    assertEquals("2.5e6", Formats.parameter("2500000"));
  }

  @Test
  void smallWholeParametersStayPlain() {
    assertEquals("5000", Formats.parameter("5000"));
    assertEquals("10", Formats.parameter("10.0"));
  }

  @Test
  void wholeParametersWithManyDigitsStayPlain() {
    assertEquals("123457", Formats.parameter("123457"));
  }

  @Test
  void fractionsKeepFourSignificantDigits() {
    assertEquals("0.001", Formats.parameter("1.0e-3"));
    assertEquals("1e-12", Formats.parameter("1.0e-12"));
    assertEquals("0.3333", Formats.parameter("0.333333"));
  }

  @Test
  void columnReachingTenThousandIsAllScientific() {
    assertEquals(List.of("1e3", "1e4", "2.5e5"), List.copyOf(
        Formats.parameterColumn(List.of("1000", "1e4", "250000")).values()));
  }

  @Test
  void columnWithALongMantissaIsAllPlain() {
    assertEquals(List.of("1234", "100000"), List.copyOf(
        Formats.parameterColumn(List.of("1234", "1e5")).values()));
  }

  @Test
  void columnOfSmallNumbersIsPlain() {
    assertEquals(List.of("10", "200"), List.copyOf(
        Formats.parameterColumn(List.of("10.0", "200")).values()));
  }

  @Test
  void textParametersStayAsWritten() {
    assertEquals("dense-uniform", Formats.parameter("dense-uniform"));
    assertEquals("NaN", Formats.parameter("NaN"));
  }

  @Test
  void valuesCarryTheirUnit() {
    assertEquals("1.52 s", Formats.value(1.523, "wall_s"));
    assertEquals("152 ms", Formats.value(152.4, "codegen_ms"));
    assertEquals("12", Formats.value(12, "plans_evaluated"));
    assertEquals("1.5 GiB", Formats.value(1.5 * 1024 * 1024 * 1024, "peak_heap_bytes"));
    assertEquals("0.0123 s", Formats.value(0.01234, "wall_s"));
  }

  @Test
  void ratiosHaveTwoDecimalsAndAnX() {
    assertEquals("2.31x", Formats.ratio(2.3149));
  }
}
