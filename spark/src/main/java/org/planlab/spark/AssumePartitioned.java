package org.planlab.spark;

import org.apache.spark.OneToOneDependency;
import org.apache.spark.Partition;
import org.apache.spark.Partitioner;
import org.apache.spark.TaskContext;
import org.apache.spark.rdd.RDD;
import org.planlab.engine.matrix.MatrixBlock;
import scala.Option;
import scala.Tuple2;
import scala.collection.Iterator;
import scala.reflect.ClassTag;
import scala.reflect.ClassTag$;

/**
 * A parent RDD whose partition p already holds exactly the blocks a {@link BlockPartitioner}
 * assigns to p, declared as partitioned by it: the data stay where the source created them and
 * later joins with matrices of the same grid need no shuffle. Only the sources of this backend
 * (parallelize in block order, reads and generators that create each partition's range) use it.
 */
final class AssumePartitioned extends RDD<Tuple2<BlockIndex, MatrixBlock>> {
  private static final long serialVersionUID = 1L;
  @SuppressWarnings({"unchecked", "rawtypes"})
  private static final ClassTag<Tuple2<BlockIndex, MatrixBlock>> TAG =
      (ClassTag) ClassTag$.MODULE$.apply(Tuple2.class);
  private final BlockPartitioner blocks;

  AssumePartitioned(RDD<Tuple2<BlockIndex, MatrixBlock>> parent, BlockPartitioner blocks) {
    super(parent.context(), scala.jdk.javaapi.CollectionConverters.asScala(
        java.util.List.<org.apache.spark.Dependency<?>>of(new OneToOneDependency<>(parent)))
        .toSeq(), TAG);
    this.blocks = blocks;
    if (parent.partitions().length != blocks.numPartitions()) {
      throw new IllegalArgumentException("the parent has " + parent.partitions().length
          + " partitions, the partitioner " + blocks.numPartitions());
    }
  }

  @Override
  public Iterator<Tuple2<BlockIndex, MatrixBlock>> compute(Partition split, TaskContext context) {
    return firstParent(TAG).iterator(split, context);
  }

  @Override
  public Partition[] getPartitions() {
    return firstParent(TAG).partitions();
  }

  @Override
  public Option<Partitioner> partitioner() {
    return Option.apply(blocks);
  }
}
