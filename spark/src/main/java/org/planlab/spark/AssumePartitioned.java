package org.planlab.spark;

import org.apache.spark.OneToOneDependency;
import org.apache.spark.Partition;
import org.apache.spark.Partitioner;
import org.apache.spark.TaskContext;
import org.apache.spark.rdd.RDD;
import scala.Option;
import scala.Tuple2;
import scala.collection.Iterator;
import scala.reflect.ClassTag;
import scala.reflect.ClassTag$;

/**
 * A parent RDD whose partition p already holds exactly the keys a {@link BlockPartitioner}
 * assigns to p, declared as partitioned by it: the data stay where the source created them and
 * later joins with matrices of the same grid need no shuffle. The sources of this backend
 * (parallelize in block order, reads and generators that create each partition's range) and
 * the zip-join of co-partitioned matrices use it.
 */
final class AssumePartitioned<V> extends RDD<Tuple2<BlockIndex, V>> {
  private static final long serialVersionUID = 1L;
  @SuppressWarnings({"unchecked", "rawtypes"})
  private static final ClassTag TAG = ClassTag$.MODULE$.apply(Tuple2.class);
  private final BlockPartitioner blocks;

  @SuppressWarnings("unchecked")
  AssumePartitioned(RDD<Tuple2<BlockIndex, V>> parent, BlockPartitioner blocks) {
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
  @SuppressWarnings("unchecked")
  public Iterator<Tuple2<BlockIndex, V>> compute(Partition split, TaskContext context) {
    return (Iterator<Tuple2<BlockIndex, V>>) firstParent(TAG).iterator(split, context);
  }

  @Override
  @SuppressWarnings("unchecked")
  public Partition[] getPartitions() {
    return firstParent(TAG).partitions();
  }

  @Override
  public Option<Partitioner> partitioner() {
    return Option.apply(blocks);
  }
}
