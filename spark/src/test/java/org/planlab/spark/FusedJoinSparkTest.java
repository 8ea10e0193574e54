package org.planlab.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.planlab.spark.FusedRuns.compare;

import java.io.IOException;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * With a broadcast budget of one byte, side inputs that are aligned with the main input reach
 * the tasks by joins on block indexes (Spark paper, sec. 3.3) instead of broadcasts; the
 * results stay CP's.
 */
class FusedJoinSparkTest {
  @TempDir
  static Path dir;

  private static final String NO_BROADCAST = FusedRuns.SPARK + ",broadcastBudget=1";

  @Test
  void cellAlignedSideIsJoinedByBlockIndex() throws IOException {
    var run = compare(dir, FusedSparkTest.DATA + "Z = X * Y + 2 * X ^ 2\n", "spoofCell",
        NO_BROADCAST, "Z");
    assertEquals(0, run.broadcasts());
  }

  @Test
  void rowAlignedSideIsReplicatedAlongBlockColumns() throws IOException {
    compare(dir, FusedSparkTest.DATA + "c = colSums(N / rowSums(N))\n", "spoofCell",
        NO_BROADCAST, "c");
  }

  @Test
  void columnAlignedSideIsReplicatedAlongBlockRows() throws IOException {
    compare(dir, FusedSparkTest.DATA + "c = colSums(X * w)\n", "spoofCell", NO_BROADCAST, "c");
  }

  @Test
  void rowTemplateSideRowsAreJoinedByBlockRow() throws IOException {
    compare(dir, FusedSparkTest.DATA + "v = rand(rows=30, cols=1, seed=13)\n"
        + "Z = (X - v) * w + Y\n", "spoofRow", NO_BROADCAST, "Z");
  }

  @Test
  void outerFactorsAreJoinedByBlockRowAndBlockColumn() throws IOException {
    var run = compare(dir, FusedOuterSparkTest.DATA
        + "R = (S / (U %*% t(V) + 0.001)) %*% V\nL = t(S / (U %*% t(V) + 0.001)) %*% U\n",
        "spoofOuter", NO_BROADCAST, "R", "L");
    assertEquals(0, run.broadcasts());
  }
}
