package org.planlab.spark;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.planlab.spark.FusedRuns.SPARK;
import static org.planlab.spark.FusedRuns.compare;

import java.io.IOException;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Cell and MAgg operators run on Spark executors (fusion paper, sec. 2.1 and 5.5) and compute
 * what the CP operator computes: each test runs a script whose fused operator has one variant,
 * in CP and on Spark with 7 x 7 blocks, and compares the results. Data come from rand with
 * fixed seeds, which Spark generates block by block exactly as CP does.
 */
class FusedSparkTest {
  @TempDir
  static Path dir;

  static final String DATA = """
      X = rand(rows=30, cols=17, min=-1, max=1, seed=11)
      Y = rand(rows=30, cols=17, min=0, max=2, seed=12)
      N = rand(rows=30, cols=5, seed=8)
      w = rand(rows=1, cols=17, min=-1, max=1, seed=14)
      """;

  @Test
  void cellWithoutAggregationMapsBlocksWithACellAlignedSide() throws IOException {
    compare(dir, DATA + "Z = X * Y + 2 * X ^ 2 - exp(Y)\n", "spoofCell", SPARK, "Z");
  }

  @Test
  void cellColumnAggregateWithARowAlignedSideReducesByBlockColumn() throws IOException {
    compare(dir, DATA + "c = colSums(N / rowSums(N))\n", "spoofCell", SPARK, "c");
  }

  @Test
  void cellColumnAggregateWithAColumnAlignedSide() throws IOException {
    var run = compare(dir, DATA + "c = colSums(X * w)\n", "spoofCell", SPARK, "c");
    assertTrue(run.broadcasts() > 0, "w fits the broadcast budget");
  }

  @Test
  void cellColumnMinimum() throws IOException {
    compare(dir, DATA + "d = colMins(X * Y + 1)\n", "spoofCell", SPARK, "d");
  }

  @Test
  void cellFullAggregatesRespectTheAggregationFunction() throws IOException {
    compare(dir, DATA + "s = sum(X * Y + X)\nq = sum((X * Y + 1) ^ 2)\nlo = min(X * Y - 1)\n"
        + "hi = max(X * Y + Y)\n", "spoofCell", SPARK, "s", "q", "lo", "hi");
  }

  @Test
  void multiAggregatesFoldSeveralAggregatesAtOnce() throws IOException {
    compare(dir, DATA + "a = sum(X * Y)\nb = sum(X * X)\nc = sum(Y * Y)\n", "spoofMagg", SPARK,
        "a", "b", "c");
  }
}
