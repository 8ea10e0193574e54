package org.planlab.spark;

import java.util.Objects;
import org.apache.spark.api.java.JavaPairRDD;
import org.planlab.engine.data.MatrixData;
import org.planlab.engine.matrix.MatrixBlock;

/**
 * A matrix held by the Spark backend (Spark paper, sec. 4.1-4.2): a pair RDD of
 * {@link BlockIndex} to {@link MatrixBlock} holding every block of its {@link BlockGeometry}
 * exactly once (empty blocks included, so operators that are not zero-preserving see every
 * cell). The dims are known without a Spark job; the non-zeros only when the producer knew them.
 * {@link #acquireLocal()} collects the blocks into the driver (guarded by the driver's
 * budget) and remembers the local copy for as long as someone holds it, so later consumers in CP
 * and broadcasts of this matrix do not collect again
 * ({@link org.planlab.engine.backend.LocalCopies}).
 *
 * <p>{@code depth} counts the operations since the RDD's lineage was last cut (a
 * parallelize, a read, a checkpoint); the backend checkpoints deep lineages so that loops do not
 * grow them without bound.
 */
public final class BlockedMatrix implements MatrixData {
  private final SparkBackend owner;
  private final JavaPairRDD<BlockIndex, MatrixBlock> rdd;
  private final BlockGeometry geometry;
  private final long nnz;
  private final int depth;
  private volatile java.lang.ref.WeakReference<MatrixBlock> local;

  BlockedMatrix(SparkBackend owner, JavaPairRDD<BlockIndex, MatrixBlock> rdd,
      BlockGeometry geometry, long nnz, int depth, MatrixBlock local) {
    this.owner = Objects.requireNonNull(owner, "owner is null");
    this.rdd = Objects.requireNonNull(rdd, "rdd is null");
    this.geometry = Objects.requireNonNull(geometry, "geometry is null");
    this.nnz = nnz;
    this.depth = depth;
    this.local = local == null ? null : new java.lang.ref.WeakReference<>(local);
  }

  /** The blocks. */
  public JavaPairRDD<BlockIndex, MatrixBlock> rdd() {
    return rdd;
  }

  public BlockGeometry geometry() {
    return geometry;
  }

  /** Operations since the lineage was last cut. */
  public int depth() {
    return depth;
  }

  /** The local copy if this matrix was collected or came from the driver, else null. */
  public MatrixBlock localCopy() {
    var l = local;
    return l == null ? null : l.get();
  }

  @Override
  public long rows() {
    return geometry.rows();
  }

  @Override
  public long cols() {
    return geometry.cols();
  }

  @Override
  public long nnz() {
    MatrixBlock l = localCopy();
    return l != null ? l.nnz() : nnz;
  }

  @Override
  public String location() {
    return owner.name();
  }

  /**
   * Collects the matrix into the driver (once).
   *
   * @throws org.planlab.engine.matrix.MatrixSizeException when it does not fit the driver's
   *     memory budget, before any data moves
   */
  @Override
  public MatrixBlock acquireLocal() {
    MatrixBlock l = localCopy();
    if (l == null) {
      synchronized (this) {
        l = localCopy();
        if (l == null) {
          l = owner.collect(this);
          local = new java.lang.ref.WeakReference<>(l);
        }
      }
    }
    return l;
  }

  /** Unpersists the blocks; the local copy, if any, stays valid. */
  @Override
  public void free() {
    rdd.unpersist(false);
  }

  @Override
  public String toString() {
    return "rdd " + rdd.id() + " of " + geometry + " on " + owner.name();
  }
}
