package org.planlab.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.apache.spark.util.SizeEstimator;
import org.junit.jupiter.api.Test;
import org.planlab.engine.matrix.MatrixBlock;
import scala.Tuple2;

/**
 * {@link SizedBlock}: equal to the plain pair, and the size it reports is close to what
 * Spark's own walk over the plain pair finds, for dense, sparse and unallocated blocks.
 */
class SizedBlockTest {
  private static final BlockIndex AT = new BlockIndex(3, 0);

  /** The reported size over Spark's measured size of the plain pair. */
  private static double ratio(MatrixBlock b) {
    long walked = SizeEstimator.estimate(new Tuple2<>(AT, b));
    return (double) new SizedBlock(AT, b).estimatedSize() / walked;
  }

  @Test
  void aSizedBlockEqualsThePlainPair() {
    MatrixBlock b = SparkRuns.gaussian(1, 4, 3);
    assertEquals(new Tuple2<>(AT, b), new SizedBlock(AT, b));
    assertEquals(new SizedBlock(AT, b), new Tuple2<>(AT, b));
    assertEquals(new Tuple2<>(AT, b).hashCode(), new SizedBlock(AT, b).hashCode());
  }

  @Test
  void aDenseBlockReportsWhatSparkWouldMeasure() {
    double r = ratio(SparkRuns.gaussian(2, 1000, 10));
    assertTrue(r > 0.99 && r < 1.01, "ratio " + r);
  }

  @Test
  void aSparseBlockReportsWhatSparkWouldMeasure() {
    MatrixBlock b = SparkRuns.sparse(3, 1000, 100, 0.01).examSparsity();
    assertTrue(b.isSparse(), "the test needs a sparse block");
    double r = ratio(b);
    assertTrue(r > 0.99 && r < 1.01, "ratio " + r);
  }

  @Test
  void anUnallocatedBlockReportsAboutWhatSparkWouldMeasure() {
    MatrixBlock b = MatrixBlock.empty(1000, 10);
    double r = ratio(b);
    assertTrue(r > 0.8 && r < 1.25, "ratio " + r);
  }
}
