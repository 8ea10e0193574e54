package org.planlab.spark;

import java.io.Serializable;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.planlab.engine.matrix.MatrixBlock;
import scala.Tuple2;

/**
 * A broadcast matrix cut into the blocks of the distributed operand it meets (Spark paper,
 * sec. 4.1, "partitioned broadcast"): a task looks its block up instead of slicing the whole
 * matrix.
 */
public final class PartitionedMatrix implements Serializable {
  private static final long serialVersionUID = 1L;
  private final BlockGeometry geometry;
  private final Map<BlockIndex, MatrixBlock> blocks;

  PartitionedMatrix(BlockGeometry geometry, List<Tuple2<BlockIndex, MatrixBlock>> blocks) {
    this.geometry = geometry;
    this.blocks = new HashMap<>();
    for (Tuple2<BlockIndex, MatrixBlock> t : blocks) {
      this.blocks.put(t._1(), t._2());
    }
  }

  public BlockGeometry geometry() {
    return geometry;
  }

  /** Block (i, j). */
  public MatrixBlock block(long i, long j) {
    MatrixBlock b = blocks.get(new BlockIndex(i, j));
    if (b == null) {
      throw new IllegalStateException("block (" + i + ", " + j + ") is outside a broadcast "
          + geometry);
    }
    return b;
  }
}
