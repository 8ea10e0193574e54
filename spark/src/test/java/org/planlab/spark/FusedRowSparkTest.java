package org.planlab.spark;

import static org.planlab.spark.FusedRuns.SPARK;
import static org.planlab.spark.FusedRuns.compare;

import java.io.IOException;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Row operators run on Spark over block rows (fusion paper, sec. 2.2: the Row template needs
 * whole rows): N (30 x 5) has one block column of the 7 x 7 blocks, X (30 x 17) three, which
 * the operator first binds into block rows. Results equal CP's up to partial-sum rounding.
 */
class FusedRowSparkTest {
  @TempDir
  static Path dir;

  private static final String DATA = FusedSparkTest.DATA + """
      v = rand(rows=30, cols=1, seed=13)
      v5 = rand(rows=5, cols=1, seed=9)
      W2 = rand(rows=5, cols=10, seed=3)
      """;

  @Test
  void rowAggregatesPerRowOverSeveralBlockColumns() throws IOException {
    compare(dir, DATA + "r = rowSums(X * Y + X)\nq = rowMins(X * Y)\n", "spoofRow", SPARK, "r",
        "q");
  }

  @Test
  void rowWithoutAggregationReadsRowAlignedAndBroadcastVectorSides() throws IOException {
    compare(dir, DATA + "Z = (X - v) * w + Y\n", "spoofRow", SPARK, "Z");
  }

  @Test
  void rowVectorMatrixProductWiderThanABlock() throws IOException {
    compare(dir, DATA + "Z = exp(N %*% W2)\n", "spoofRow", SPARK, "Z");
  }

  @Test
  void rowFullAggregate() throws IOException {
    compare(dir, DATA + "s = sum(X * w + v)\n", "spoofRow", SPARK, "s");
  }

  @Test
  void rowColumnAggregateSumsPartialColumns() throws IOException {
    compare(dir, DATA + "c = colSums(N * (N %*% v5))\n", "spoofRow", SPARK, "c");
  }

  @Test
  void rowTransposedColumnAggregateIsTheMatrixVectorChain() throws IOException {
    compare(dir, DATA + "q = t(N) %*% (N %*% v5)\n", "spoofRow", SPARK, "q");
  }
}
