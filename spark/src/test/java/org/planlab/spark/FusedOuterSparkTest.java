package org.planlab.spark;

import static org.planlab.spark.FusedRuns.SPARK;
import static org.planlab.spark.FusedRuns.compare;

import java.io.IOException;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Outer operators run on Spark (fusion paper, sec. 2.2): block (i, j) of the sparse X meets
 * U's block row i and V's block row j; RIGHT and LEFT products reduce their partial rows by
 * output block, AGG folds into the driver.
 */
class FusedOuterSparkTest {
  @TempDir
  static Path dir;

  static final String DATA = """
      S = rand(rows=30, cols=20, sparsity=0.3, seed=5)
      U = rand(rows=30, cols=3, seed=6)
      V = rand(rows=20, cols=3, seed=7)
      """;

  @Test
  void outerAggregate() throws IOException {
    compare(dir, DATA + "a = sum(S * log(U %*% t(V) + 0.001))\n", "spoofOuter", SPARK, "a");
  }

  @Test
  void outerRightProduct() throws IOException {
    compare(dir, DATA + "R = (S / (U %*% t(V) + 0.001)) %*% V\n", "spoofOuter", SPARK, "R");
  }

  @Test
  void outerLeftProduct() throws IOException {
    compare(dir, DATA + "L = t(S / (U %*% t(V) + 0.001)) %*% U\n", "spoofOuter", SPARK, "L");
  }

  @Test
  void outerCellwise() throws IOException {
    compare(dir, DATA + "C = S * log(U %*% t(V) + 0.001)\n", "spoofOuter", SPARK, "C");
  }
}
