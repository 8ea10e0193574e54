package org.planlab.engine.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.planlab.engine.conformance.Dml.columnString;
import static org.planlab.engine.conformance.Dml.matrixString;
import static org.planlab.engine.conformance.Dml.rowString;

import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The builtins planlab takes from SystemDS 3.3.0's language reference: unique, aggregate,
 * moment, cov, interQuartileMean, bias_add/bias_multiply, compress/decompress and the
 * distribution functions. Expected values are what SystemDS 3.3.0 printed for the same script
 * (noted "SystemDS") or worked out by hand in the comment (noted "by hand").
 */
class SystemDsBuiltinsTest {
  @TempDir
  Path dir;
  Dml dml;

  @BeforeEach
  void setUp() {
    dml = new Dml(dir);
  }

  private void assertMatrix(String prelude, String expr, String expected) {
    dml.assertMatrix(prelude, expr, expected);
  }

  private double scalar(String prelude, String expr) {
    return dml.scalar(prelude, expr);
  }

  private String error(String script) {
    return dml.fails(script).message();
  }

  // ---------------------------------------------------------------- unique

  @Test
  void uniqueOfAllCellsIsAColumnInSystemDsOrder() {
    // SystemDS: 1 2 5 3 (the order of a hash set, not sorted and not first occurrence)
    assertMatrix("X = matrix(\"3 1 2 3 1 5\", rows=6, cols=1)", "unique(X)",
        columnString(1, 2, 5, 3));
  }

  @Test
  void uniqueOfAMatrixTakesAllCells() {
    // SystemDS: 1 2 4 3
    assertMatrix("Y = matrix(\"1 2 1 2 3 4 1 2\", rows=4, cols=2)", "unique(Y)",
        columnString(1, 2, 4, 3));
  }

  @Test
  void uniquePerRowPadsShorterRowsWithZeros() {
    // SystemDS
    assertMatrix("Y = matrix(\"1 1 2 3 5 5\", rows=3, cols=2)", "unique(Y, dir=\"r\")",
        matrixString(new double[][] {{1, 0}, {2, 3}, {5, 0}}));
  }

  @Test
  void uniquePerColumnPadsShorterColumnsWithZeros() {
    // SystemDS
    assertMatrix("Y = matrix(\"1 2 1 3 1 4 2 4\", rows=4, cols=2)", "unique(Y, dir=\"c\")",
        matrixString(new double[][] {{1, 2}, {2, 4}, {0, 3}}));
  }

  @Test
  void uniqueRejectsAnUnknownDirection() {
    assertEquals(Dml.FILE + ":2:5: error: dir of unique must be \"r\" or \"c\", was \"x\"",
        error("X = matrix(1, rows=2, cols=2)\nY = unique(X, dir=\"x\")"));
  }

  // ---------------------------------------------------------------- aggregate

  private static final String GROUPS = "X = matrix(\"1 2 3 4 5 6 7 8\", rows=8, cols=1)\n"
      + "G = matrix(\"1 2 1 2 3 3 1 2\", rows=8, cols=1)\n"
      + "W = matrix(\"1 1 2 2 1 1 3 1\", rows=8, cols=1)";

  private void assertGrouped(String args, double... expected) {
    assertMatrix(GROUPS, "t(aggregate(target=X, groups=G, " + args + "))", rowString(expected));
  }

  @Test
  void aggregateSumCountMeanPerGroup() {
    // SystemDS; groups {1, 3, 7}, {2, 4, 8}, {5, 6}
    assertGrouped("fn=\"sum\"", 11, 14, 11);
    assertGrouped("fn=\"count\"", 3, 3, 2);
    assertGrouped("fn=\"mean\"", 11 / 3.0, 14 / 3.0, 5.5);
  }

  @Test
  void aggregateVarianceIsTheSampleVarianceAndCentralMomentThePopulationMoment() {
    // SystemDS: 9.333 9.333 0.500 and, with order=3, 5.926 5.926 0.000
    assertGrouped("fn=\"variance\"", 28 / 3.0, 28 / 3.0, 0.5);
    assertGrouped("fn=\"centralmoment\", order=3", 160 / 27.0, 160 / 27.0, 0);
  }

  @Test
  void aggregateMinMaxPerGroup() {
    // SystemDS
    assertGrouped("fn=\"min\"", 1, 2, 5);
    assertGrouped("fn=\"max\"", 7, 8, 6);
  }

  @Test
  void aggregateWithNgroupsHasZeroRowsForEmptyGroups() {
    // SystemDS: 11 14 11 0 0
    assertGrouped("fn=\"sum\", ngroups=5", 11, 14, 11, 0, 0);
  }

  @Test
  void aggregateIgnoresGroupsBeyondNgroups() {
    // SystemDS: groups 1 2 3 1 with ngroups=2 give 5 2
    assertMatrix("X = matrix(\"1 2 3 4\", rows=4, cols=1)\nG = matrix(\"1 2 3 1\", rows=4, "
        + "cols=1)", "t(aggregate(target=X, groups=G, fn=\"sum\", ngroups=2))", rowString(5, 2));
  }

  @Test
  void aggregateGivesZeroForAnEmptyGroupInTheMiddle() {
    // SystemDS: mean 3 0 4
    assertMatrix("X = matrix(\"1 2 3 4 5 6\", rows=6, cols=1)\nG = matrix(\"1 3 1 3 1 3\", "
        + "rows=6, cols=1)", "t(aggregate(target=X, groups=G, fn=\"mean\"))", rowString(3, 0, 4));
  }

  @Test
  void aggregateWithWeightsCountsEachRowByItsWeight() {
    // SystemDS: sum 28 18 11, count 6 4 2, mean 4.667 4.500 5.500, variance 7.067 6.333 0.500;
    // by hand: group 1 is 1 x1, 3 x2, 7 x3: mean 28/6, sum of w (x - mean)^2 = 106/3 over 5
    assertGrouped("weights=W, fn=\"sum\"", 28, 18, 11);
    assertGrouped("weights=W, fn=\"count\"", 6, 4, 2);
    assertGrouped("weights=W, fn=\"mean\"", 28 / 6.0, 4.5, 5.5);
    assertGrouped("weights=W, fn=\"variance\"", 106 / 15.0, 19 / 3.0, 0.5);
  }

  @Test
  void aggregateWithWeightsTakesMinAndMaxOfTheWeightedValues() {
    // SystemDS: min 0 3 and max 4 4 for X 1 2 3 4, groups 1 2 2 1, weights 0 2 1 1
    String prelude = "X = matrix(\"1 2 3 4\", rows=4, cols=1)\n"
        + "G = matrix(\"1 2 2 1\", rows=4, cols=1)\nW = matrix(\"0 2 1 1\", rows=4, cols=1)";
    assertMatrix(prelude, "t(aggregate(target=X, groups=G, weights=W, fn=\"min\"))",
        rowString(0, 3));
    assertMatrix(prelude, "t(aggregate(target=X, groups=G, weights=W, fn=\"max\"))",
        rowString(4, 4));
  }

  @Test
  void aggregateOfAMatrixAggregatesEachColumn() {
    // SystemDS: [15 18; 21 24]
    assertMatrix("X = matrix(\"1 2 3 4 5 6 7 8 9 10 11 12\", rows=6, cols=2)\n"
            + "G = matrix(\"1 2 1 2 1 2\", rows=6, cols=1)",
        "aggregate(target=X, groups=G, fn=\"sum\", ngroups=2)",
        matrixString(new double[][] {{15, 18}, {21, 24}}));
  }

  @Test
  void aggregateRejectsAnUnknownFunctionByName() {
    String message = error(GROUPS + "\nR = aggregate(target=X, groups=G, fn=\"median\")");
    assertTrue(message.contains("fn of aggregate must be one of") && message.contains(
        "was \"median\""), message);
  }

  @Test
  void aggregateRejectsAGroupIdBelowOne() {
    String message = error("X = matrix(\"1 2 3\", rows=3, cols=1)\n"
        + "G = matrix(\"1 0 2\", rows=3, cols=1)\nprint(toString(aggregate(target=X, groups=G, "
        + "fn=\"sum\")))");
    assertTrue(message.contains("groups[2] is 0.0"), message);
  }

  @Test
  void aggregateCentralMomentNeedsAnOrder() {
    String message = error(GROUPS + "\nR = aggregate(target=X, groups=G, fn=\"centralmoment\")");
    assertTrue(message.contains("needs order="), message);
  }

  // ---------------------------------------------------------------- moment, cov, IQM

  private static final String VALUES = "X = matrix(\"1 2 3 4 5 6 7 8\", rows=8, cols=1)\n"
      + "W = matrix(\"2 3 1 2 3 1 2 3\", rows=8, cols=1)\n"
      + "Y = matrix(\"8 6 6 4 4 2 2 1\", rows=8, cols=1)";

  @Test
  void momentIsThePopulationCentralMoment() {
    // SystemDS: 5.25, 0.0, 48.5625
    assertEquals(5.25, scalar(VALUES, "moment(X, 2)"), 1e-12);
    assertEquals(0.0, scalar(VALUES, "moment(X, 3)"), 1e-12);
    assertEquals(48.5625, scalar(VALUES, "moment(X, 4)"), 1e-12);
  }

  @Test
  void weightedMomentCountsEachValueByItsWeight() {
    // by hand: the values repeated by their weights (17 values), population moments; SystemDS's
    // aggregate(fn="centralmoment", weights=W) of one group printed 5.772, 0.082, 55.940
    double[] x = {1, 2, 3, 4, 5, 6, 7, 8};
    double[] w = {2, 3, 1, 2, 3, 1, 2, 3};
    double total = 17;
    double mean = 0;
    for (int i = 0; i < 8; i++) {
      mean += w[i] * x[i] / total;
    }
    for (int k = 2; k <= 4; k++) {
      double m = 0;
      for (int i = 0; i < 8; i++) {
        m += w[i] * Math.pow(x[i] - mean, k) / total;
      }
      assertEquals(m, scalar(VALUES, "moment(X, W, " + k + ")"), 1e-12, "k=" + k);
    }
    assertEquals(5.772, scalar(VALUES, "moment(X, W, 2)"), 5e-4);
  }

  @Test
  void momentRejectsAnOrderOutsideTwoToFour() {
    assertTrue(error(VALUES + "\nm = moment(X, 1)").contains(
        "the order of moment must be 2, 3 or 4, was 1"));
  }

  @Test
  void covIsTheSampleCovariance() {
    // SystemDS: -5.785714285714286
    assertEquals(-5.785714285714286, scalar(VALUES, "cov(X, Y)"), 1e-12);
  }

  @Test
  void weightedCovCountsEachPairByItsWeight() {
    // by hand: sum(w (x - mx)(y - my)) / (sum(w) - 1) with weighted means (SystemDS 3.3.0
    // cannot compile the weighted form: its memory estimate fails)
    double[] x = {1, 2, 3, 4, 5, 6, 7, 8};
    double[] y = {8, 6, 6, 4, 4, 2, 2, 1};
    double[] w = {2, 3, 1, 2, 3, 1, 2, 3};
    double mx = 0;
    double my = 0;
    for (int i = 0; i < 8; i++) {
      mx += w[i] * x[i] / 17;
      my += w[i] * y[i] / 17;
    }
    double c = 0;
    for (int i = 0; i < 8; i++) {
      c += w[i] * (x[i] - mx) * (y[i] - my);
    }
    assertEquals(c / 16, scalar(VALUES, "cov(X, Y, W)"), 1e-12);
  }

  @Test
  void interQuartileMeanAveragesTheMiddleHalf() {
    // SystemDS: 4.5 for 1..8; for the squares of 1..5 9.6 and of 1..6 13.166666666666666
    // (by hand: 0.75 * 4 + 9 + 0.75 * 16 over 2.5)
    assertEquals(4.5, scalar(VALUES, "interQuartileMean(X)"), 1e-12);
    assertEquals(9.6, scalar("", "interQuartileMean(seq(1, 5) ^ 2)"), 1e-12);
    assertEquals(13.166666666666666, scalar("", "interQuartileMean(seq(1, 6) ^ 2)"), 1e-12);
  }

  @Test
  void weightedInterQuartileMeanTrimsAQuarterOfTheWeightFromEachEnd() {
    // SystemDS: 4.5588235294117645 (by hand: 38.75 / 8.5)
    assertEquals(4.5588235294117645, scalar(VALUES, "interQuartileMean(X, W)"), 1e-12);
  }

  // ---------------------------------------------------------------- DNN bias, compression

  private static final String IMAGES = "X = matrix(\"1 2 3 4 5 6 7 8 9 10 11 12\", rows=2, "
      + "cols=6)\nb = matrix(\"10 20 30\", rows=3, cols=1)";

  @Test
  void biasAddAddsEachChannelsBiasToItsColumns() {
    // SystemDS: 3 channels of 2 pixels
    assertMatrix(IMAGES, "bias_add(X, b)", matrixString(new double[][] {
        {11, 12, 23, 24, 35, 36}, {17, 18, 29, 30, 41, 42}}));
  }

  @Test
  void biasMultiplyScalesEachChannelsColumns() {
    // SystemDS
    assertMatrix(IMAGES, "bias_multiply(X, b)", matrixString(new double[][] {
        {10, 20, 60, 80, 150, 180}, {70, 80, 180, 200, 330, 360}}));
  }

  @Test
  void biasAddRejectsABiasWhoseLengthDoesNotDivideTheColumns() {
    String message = error("X = matrix(1, rows=2, cols=6)\nb = matrix(1, rows=4, cols=1)\n"
        + "Y = bias_add(X, b)");
    assertTrue(message.contains("b has 4 rows, which do not divide X's 6 columns"), message);
  }

  @Test
  void compressAndDecompressReturnTheirInput() {
    assertMatrix(IMAGES, "decompress(compress(X))", matrixString(new double[][] {
        {1, 2, 3, 4, 5, 6}, {7, 8, 9, 10, 11, 12}}));
  }

  // ---------------------------------------------------------------- distributions

  @Test
  void cdfOfEachDistribution() {
    // SystemDS
    assertEquals(0.9331927987311419, scalar("", "cdf(target=1.5, dist=\"normal\")"), 1e-12);
    assertEquals(0.5987063256829237,
        scalar("", "cdf(target=1.5, dist=\"normal\", mean=1, sd=2)"), 1e-12);
    assertEquals(0.7768698398515702, scalar("", "cdf(target=1.5, dist=\"exp\")"), 1e-12);
    assertEquals(0.950212931632136, scalar("", "cdf(target=1.5, dist=\"exp\", rate=2)"), 1e-12);
    assertEquals(0.31772966966378735, scalar("", "cdf(target=1.5, dist=\"chisq\", df=3)"),
        1e-12);
    assertEquals(0.7041910807035614,
        scalar("", "cdf(target=1.5, dist=\"f\", df1=3, df2=7)"), 1e-12);
    assertEquals(0.8960000000000001, scalar("", "cdf(target=1.5, dist=\"t\", df=4)"), 1e-12);
    assertEquals(0.0, scalar("", "cdf(target=-1, dist=\"exp\")"), 0);
  }

  @Test
  void cdfUpperTailIsOneMinusTheLowerTail() {
    // SystemDS
    assertEquals(0.06680720126885809,
        scalar("", "cdf(target=1.5, dist=\"normal\", lower.tail=FALSE)"), 1e-12);
    assertEquals(0.10399999999999987, scalar("", "pt(target=1.5, df=4, lower.tail=FALSE)"),
        1e-12);
  }

  @Test
  void icdfOfEachDistribution() {
    // SystemDS
    assertEquals(1.2815515655446008, scalar("", "icdf(target=0.9, dist=\"normal\")"), 1e-9);
    assertEquals(3.5631031310892016,
        scalar("", "icdf(target=0.9, dist=\"normal\", mean=1, sd=2)"), 1e-9);
    assertEquals(1.151292546497023, scalar("", "icdf(target=0.9, dist=\"exp\", rate=2)"), 1e-9);
    assertEquals(6.2513886311677975, scalar("", "icdf(target=0.9, dist=\"chisq\", df=3)"),
        1e-9);
    assertEquals(3.0740719939093983,
        scalar("", "icdf(target=0.9, dist=\"f\", df1=3, df2=7)"), 1e-9);
    assertEquals(1.533206274060945, scalar("", "icdf(target=0.9, dist=\"t\", df=4)"), 1e-9);
  }

  @Test
  void shorthandsMatchCdfAndIcdf() {
    // SystemDS: the same values as cdf/icdf above
    assertEquals(0.5987063256829237, scalar("", "pnorm(target=1.5, mean=1, sd=2)"), 1e-12);
    assertEquals(1.2815515655446008, scalar("", "qnorm(target=0.9)"), 1e-9);
    assertEquals(0.8960000000000001, scalar("", "pt(target=1.5, df=4)"), 1e-12);
    assertEquals(1.533206274060945, scalar("", "qt(target=0.9, df=4)"), 1e-9);
    assertEquals(0.7041910807035614, scalar("", "pf(target=1.5, df1=3, df2=7)"), 1e-12);
    assertEquals(3.0740719939093983, scalar("", "qf(target=0.9, df1=3, df2=7)"), 1e-9);
    assertEquals(0.31772966966378735, scalar("", "pchisq(target=1.5, df=3)"), 1e-12);
    assertEquals(6.2513886311677975, scalar("", "qchisq(target=0.9, df=3)"), 1e-9);
    assertEquals(0.950212931632136, scalar("", "pexp(target=1.5, rate=2)"), 1e-12);
    assertEquals(1.151292546497023, scalar("", "qexp(target=0.9, rate=2)"), 1e-9);
    assertEquals(0.7768698398515702, scalar("", "pexp(target=1.5)"), 1e-12);
  }

  @Test
  void distributionParametersMayBeComputedAtRunTime() {
    // SystemDS's value for mean=1, sd=2
    assertEquals(0.5987063256829237,
        scalar("m = sum(matrix(0.5, rows=2, cols=1))", "pnorm(target=1.5, mean=m, sd=2 * m)"),
        1e-12);
  }

  @Test
  void cdfRejectsAnUnknownDistributionByName() {
    String message = error("p = cdf(target=1, dist=\"gamma\")");
    assertTrue(message.contains("was \"gamma\""), message);
  }

  @Test
  void cdfNeedsTheDegreesOfFreedomOfT() {
    assertTrue(error("p = cdf(target=1, dist=\"t\")").contains(
        "cdf with dist=\"t\" needs df="));
  }

  @Test
  void cdfRejectsAnotherDistributionsParameter() {
    assertTrue(error("p = cdf(target=1, dist=\"exp\", mean=2)").contains(
        "mean is not a parameter of the exp distribution"));
  }

  @Test
  void icdfHasNoLowerTail() {
    // SystemDS rejects lower.tail for inverse distribution functions
    assertTrue(error("p = icdf(target=0.5, dist=\"normal\", lower.tail=FALSE)")
        .contains("lower.tail"));
  }

  @Test
  void icdfRejectsAProbabilityOutsideZeroToOne() {
    String message = error("p = qnorm(target=1.5)\nprint(p)");
    assertTrue(message.contains("needs a probability in [0, 1], was 1.5"), message);
  }

  @Test
  void invalidDistributionParametersAreNamed() {
    String message = error("p = pnorm(target=1, sd=-1)\nprint(p)");
    assertTrue(message.contains("mean=0.0, sd=-1.0"), message);
  }
}
