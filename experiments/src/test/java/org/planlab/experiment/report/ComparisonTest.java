package org.planlab.experiment.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ComparisonTest {
  @TempDir
  Path dir;

  private static double median(double... v) {
    double[] s = v.clone();
    Arrays.sort(s);
    return s[s.length / 2];
  }

  private static TrackedRatio ratio(Better better, double expected, double tolerance) {
    return new TrackedRatio("r", new RatioSide(Map.of(), "wall_s"), Optional.empty(), expected,
        tolerance, better);
  }

  @Test
  void globStarMatchesAnyText() {
    assertTrue(RatioSide.valueMatches("l2svm*", "l2svm_1e5-10-20_Base"));
    assertTrue(RatioSide.valueMatches("*_Base", "l2svm_1e5-10-20_Base"));
    assertTrue(RatioSide.valueMatches("l2*_1e6*", "l2svm_1e6-10-20_FA"));
    assertFalse(RatioSide.valueMatches("l2svm*", "sum_1e5_Base"));
    assertFalse(RatioSide.valueMatches("*_Base", "l2svm_1e5-10-20_BaseX"));
  }

  @Test
  void globQuotesRegexCharacters() {
    assertTrue(RatioSide.valueMatches("sum(X.Y)*", "sum(X.Y)_1"));
    assertFalse(RatioSide.valueMatches("sum(X.Y)*", "sum(XzY)_1"));
  }

  @Test
  void valueWithoutStarMatchesExactlyOrAsTheSameNumber() {
    assertTrue(RatioSide.valueMatches("Base", "Base"));
    assertFalse(RatioSide.valueMatches("Base", "Base2"));
    assertTrue(RatioSide.valueMatches("1e5", "100000"));
  }

  @Test
  void higherRegressesOnlyBelowTheTolerance() {
    TrackedRatio r = ratio(Better.HIGHER, 4.0, 0.25);
    assertEquals(Verdict.REGRESSION, r.verdict(2.99));
    assertEquals(Verdict.OK, r.verdict(3.0));
    assertEquals(Verdict.OK, r.verdict(5.0));
    assertEquals(Verdict.IMPROVED, r.verdict(5.01));
  }

  @Test
  void lowerRegressesOnlyAboveTheTolerance() {
    TrackedRatio r = ratio(Better.LOWER, 4.0, 0.25);
    assertEquals(Verdict.REGRESSION, r.verdict(5.01));
    assertEquals(Verdict.OK, r.verdict(5.0));
    assertEquals(Verdict.IMPROVED, r.verdict(2.99));
  }

  @Test
  void equalRegressesOnAnyChangeBeyondTheTolerance() {
    TrackedRatio r = ratio(Better.EQUAL, 12, 0);
    assertEquals(Verdict.OK, r.verdict(12));
    assertEquals(Verdict.REGRESSION, r.verdict(11));
    assertEquals(Verdict.REGRESSION, r.verdict(13));
  }

  @Test
  void ratioIsTheMedianOfMatchingOkRowsOverTheMedianOfTheDenominator() {
    ResultsTable t = ResultsTable.read(ResultsFixture.standard().write(dir.resolve("r"), "e",
        "Base"));
    TrackedRatio r = new TrackedRatio("FA speed-up at 1e5",
        new RatioSide(Map.of("variant", "Base", "X.rows", "1e5"), "wall_s"),
        Optional.of(new RatioSide(Map.of("variant", "FA", "param:X.rows", "1e5"), "wall_s")),
        2.0, 0.1, Better.HIGHER);
    RatioResult res = Comparison.evaluate(r, t);
    assertEquals(median(ResultsFixture.WALL[0][0]) / median(ResultsFixture.WALL[0][1]),
        res.actual(), 1e-12);
    assertEquals(Verdict.OK, res.verdict());
  }

  @Test
  void missingDenominatorCountsAsOne() {
    ResultsTable t = ResultsTable.read(ResultsFixture.standard().write(dir.resolve("r"), "e",
        "Base"));
    TrackedRatio r = new TrackedRatio("Gen plans", new RatioSide(Map.of("point", "*_Gen"),
        "plans_evaluated"), Optional.empty(), 12, 0, Better.EQUAL);
    assertEquals(12.0, Comparison.evaluate(r, t).actual());
  }

  @Test
  void failedRowsDoNotCountAndAnEmptySideNamesRatioAndWhere() {
    ResultsTable t = ResultsTable.read(ResultsFixture.standard().write(dir.resolve("r"), "e",
        "Base"));
    // a sorted map: the message lists the where in the order it was given
    TrackedRatio r = new TrackedRatio("Gen at 1e6", new RatioSide(new TreeMap<>(Map.of(
        "variant", "Gen", "X.rows", "1e6")), "wall_s"), Optional.empty(), 1, 0.1, Better.LOWER);
    RatioResult res = Comparison.evaluate(r, t);
    assertEquals(Verdict.NO_DATA, res.verdict());
    assertEquals("tracked ratio 'Gen at 1e6': no ok rows with a value of wall_s match "
        + "numerator where {X.rows=1e6, variant=Gen}", res.problem());
  }

  @Test
  void whereKeyWithoutColumnIsNamedInTheProblem() {
    ResultsTable t = ResultsTable.read(ResultsFixture.standard().write(dir.resolve("r"), "e",
        "Base"));
    TrackedRatio r = new TrackedRatio("x", new RatioSide(Map.of("backend", "cp"), "wall_s"),
        Optional.empty(), 1, 0.1, Better.LOWER);
    assertEquals("tracked ratio 'x': no ok rows with a value of wall_s match numerator where "
        + "{backend=cp} (no column backend in the results)",
        Comparison.evaluate(r, t).problem());
  }
}
