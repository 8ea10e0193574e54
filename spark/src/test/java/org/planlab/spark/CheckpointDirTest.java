package org.planlab.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.apache.spark.api.java.JavaPairRDD;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.planlab.engine.matrix.MatrixBlock;
import scala.Tuple2;

/**
 * The {@code checkpointDir} option: lineage checkpoints are written under the given folder
 * (a cluster's workers on other machines need one they all reach), the values read back from
 * them are the values computed, and the backend removes its checkpoints when it closes.
 */
class CheckpointDirTest {
  @TempDir
  static Path dir;

  private static SparkSettings settings(String checkpointDir) {
    return new SparkSettings(SparkSettings.DEFAULT_MASTER, 20, 1L << 30, 0, 1L << 20, 1L << 26,
        1, true, 0, checkpointDir);
  }

  private static long files(Path root) throws IOException {
    if (!Files.exists(root)) {
      return 0;
    }
    try (Stream<Path> s = Files.walk(root)) {
      return s.filter(Files::isRegularFile).count();
    }
  }

  @Test
  void checkpointsGoUnderTheGivenFolderAndAreRemovedAtClose() throws IOException {
    Path shared = dir.resolve("shared-checkpoints");
    Path scratch = Scratch.create();
    SparkBackend backend = new SparkBackend(settings(shared.toString()), scratch);
    try {
      MatrixBlock m = SparkRuns.gaussian(5, 20, 9);
      BlockGeometry g = new BlockGeometry(20, 9, 20);
      JavaPairRDD<BlockIndex, MatrixBlock> rdd = backend.context().parallelizePairs(
          List.of(new Tuple2<>(new BlockIndex(0, 0), m)), 1);
      // a lineage as deep as checkpointDepth is checkpointed by the first job over it
      BlockedMatrix b = backend.result(rdd, g, m.nnz(), 1);
      assertEquals(1, b.rdd().count());
      assertTrue(b.rdd().rdd().isCheckpointed(), "the RDD is checkpointed");
      assertTrue(files(shared) > 0, "checkpoint files under " + shared);
      assertEquals(0, files(scratch.resolve("checkpoints")), "nothing in the scratch folder");
      MatrixBlock back = b.rdd().collect().get(0)._2();
      SparkRuns.assertClose("checkpointed block", m, back, 0);
    } finally {
      backend.close();
    }
    assertTrue(Files.isDirectory(shared), "the given folder stays");
    assertEquals(0, files(shared), "the backend's checkpoints are gone");
  }

  @Test
  void theDefaultIsTheScratchFolderAndANullFolderIsRefused() {
    assertEquals("", new SparkSettings(SparkSettings.DEFAULT_MASTER, 7, 1L << 30, 0, 1L << 20,
        1L << 26, 20, true).checkpointDir());
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> settings(null));
    assertTrue(e.getMessage().contains("checkpointDir"), e.getMessage());
  }
}
