package org.planlab.experiment.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.planlab.experiment.report.ChartDecisions.ChartKind;

class ChartDecisionsTest {
  @Test
  void spanOfTwoDecadesIsLogarithmic() {
    assertTrue(ChartDecisions.logAxis(1e3, 1e4, 1e5));
    assertTrue(ChartDecisions.logAxis(0.5, 50));
  }

  @Test
  void spanBelowTwoDecadesIsLinear() {
    assertFalse(ChartDecisions.logAxis(1, 10, 99.9));
  }

  @Test
  void zeroOrNegativeValuesAreLinear() {
    assertFalse(ChartDecisions.logAxis(0, 1, 1000));
    assertFalse(ChartDecisions.logAxis(-1, 1000));
  }

  @Test
  void missingValuesAreIgnoredForTheSpan() {
    assertTrue(ChartDecisions.logAxis(Double.NaN, 1, 100));
    assertFalse(ChartDecisions.logAxis(Double.NaN));
  }

  @Test
  void oneNumericParameterWithThreeValuesIsALineChart() {
    assertEquals(ChartKind.LINE,
        ChartDecisions.chartKind(Map.of("X.rows", List.of("1e3", "1e4", "100000"))));
  }

  @Test
  void twoValuesAreBars() {
    assertEquals(ChartKind.BARS, ChartDecisions.chartKind(Map.of("X.rows", List.of("1e3",
        "1e4", "1000"))), "1e3 and 1000 are one value");
  }

  @Test
  void textParameterIsBars() {
    assertEquals(ChartKind.BARS,
        ChartDecisions.chartKind(Map.of("gen", List.of("dense", "sparse", "powerlaw"))));
  }

  @Test
  void twoVaryingParametersAreBars() {
    Map<String, List<String>> m = new LinkedHashMap<>();
    m.put("X.rows", List.of("1e3", "1e4", "1e5"));
    m.put("X.cols", List.of("10", "100", "1000"));
    assertEquals(ChartKind.BARS, ChartDecisions.chartKind(m));
  }

  @Test
  void noVaryingParameterIsBars() {
    assertEquals(ChartKind.BARS, ChartDecisions.chartKind(Map.of()));
  }
}
