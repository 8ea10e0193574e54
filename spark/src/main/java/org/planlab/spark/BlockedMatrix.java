package org.planlab.spark;

import java.util.List;
import java.util.Objects;
import org.apache.spark.api.java.JavaPairRDD;
import org.planlab.engine.data.CountedHandle;
import org.planlab.engine.data.Data;
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
 *
 * <p>The runtime counts the references to a matrix ({@link CountedHandle}). Once no variable,
 * frame slot or cache entry holds it, and no live matrix derived from it may still need its
 * persisted blocks (a result is lazy until a job computes it), its blocks are unpersisted at
 * once instead of when the driver's garbage collector and Spark's context cleaner get to the RDD
 * (MEMPHIS sec. 4.2, live-variable management; the Spark paper's rmvar): the memory store then
 * holds what the program can still read, not every intermediate of the last iterations.
 * Unpersisting never loses data: a lineage recomputes what an unpersisted parent held.
 */
public final class BlockedMatrix implements CountedHandle {
  private final SparkBackend owner;
  private volatile JavaPairRDD<BlockIndex, MatrixBlock> rdd;
  /** The local block of a matrix whose RDD is made on first use, held until then. */
  private volatile MatrixBlock pending;
  private final BlockGeometry geometry;
  private final long nnz;
  private final int depth;
  private volatile java.lang.ref.WeakReference<MatrixBlock> local;
  // reference counting, guarded by this
  private int refs;
  private boolean claimed;
  private boolean pinned;
  private boolean cached;
  private boolean released;
  /** Whether {@link #derivedFrom} recorded this matrix's parents (once, when it was made). */
  private boolean derived;
  /** Whether this is the column 1, 2, ..., rows() as {@code seq(1, n, 1)} generates it. */
  private volatile boolean oneToN;
  /** Live matrices derived from this one whose RDDs may still read its persisted blocks. */
  private int dependents;
  private List<BlockedMatrix> parents = List.of();

  BlockedMatrix(SparkBackend owner, JavaPairRDD<BlockIndex, MatrixBlock> rdd,
      BlockGeometry geometry, long nnz, int depth, MatrixBlock local) {
    this.owner = Objects.requireNonNull(owner, "owner is null");
    this.rdd = Objects.requireNonNull(rdd, "rdd is null");
    this.geometry = Objects.requireNonNull(geometry, "geometry is null");
    this.nnz = nnz;
    this.depth = depth;
    this.local = local == null ? null : new java.lang.ref.WeakReference<>(local);
  }

  /**
   * A matrix moved from the driver whose RDD is parallelized from {@code local} when an operator
   * first asks for it ({@link SparkBackend#fromLocal}).
   */
  BlockedMatrix(SparkBackend owner, MatrixBlock local, BlockGeometry geometry) {
    this.owner = Objects.requireNonNull(owner, "owner is null");
    this.pending = Objects.requireNonNull(local, "local is null");
    this.geometry = Objects.requireNonNull(geometry, "geometry is null");
    this.nnz = local.nnz();
    this.depth = 0;
    this.local = new java.lang.ref.WeakReference<>(local);
  }

  /** The blocks; a matrix moved from the driver is parallelized here on first use. */
  public JavaPairRDD<BlockIndex, MatrixBlock> rdd() {
    JavaPairRDD<BlockIndex, MatrixBlock> r = rdd;
    if (r == null) {
      synchronized (this) {
        r = rdd;
        if (r == null) {
          r = owner.parallelize(this, pending);
          rdd = r;
          pending = null;
        }
      }
    }
    return r;
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
    MatrixBlock p = pending;
    if (p != null) {
      return p;
    }
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
    List<BlockedMatrix> gone;
    synchronized (this) {
      gone = unpersist();
    }
    gone.forEach(BlockedMatrix::dependentReleased);
  }

  /** Unpersists the blocks (once); returns the parents that no longer have this dependent. */
  private List<BlockedMatrix> unpersist() {
    if (rdd != null) {
      rdd.unpersist(false);
    }
    List<BlockedMatrix> gone = released ? List.of() : parents;
    released = true;
    parents = List.of();
    return gone;
  }

  /**
   * This matrix was computed by an operator from {@code inputs}: each matrix among them keeps
   * its blocks persisted while this one lives.
   */
  void derivedFrom(Data[] inputs) {
    synchronized (this) {
      // an operation that hands back a matrix it was given or made before (a single-input
      // min/max, a known local copy) derives nothing new: its parents stay as they were
      if (derived || claimed) {
        return;
      }
      derived = true;
    }
    List<BlockedMatrix> from = new java.util.ArrayList<>();
    for (Data d : inputs) {
      if (d instanceof BlockedMatrix p && p != this && !from.contains(p) && p.addDependent()) {
        from.add(p);
      }
    }
    synchronized (this) {
      if (released) {
        from.forEach(BlockedMatrix::dependentReleased);
      } else {
        parents = List.copyOf(from);
      }
    }
  }

  private synchronized boolean addDependent() {
    if (released) {
      return false;
    }
    dependents++;
    return true;
  }

  private void dependentReleased() {
    synchronized (this) {
      dependents--;
    }
    releaseIfUnused();
  }

  /** Marks this matrix as the column 1, 2, ..., rows() (a generated sequence). */
  void markOneToN() {
    oneToN = true;
  }

  /**
   * Whether this is the column 1, 2, ..., rows(): a sequence generated so, or a matrix whose
   * local copy holds it.
   */
  boolean isOneToN() {
    if (oneToN) {
      return true;
    }
    MatrixBlock l = localCopy();
    if (l == null || l.cols() != 1 || l.rows() != rows()) {
      return false;
    }
    for (int i = 0; i < l.rows(); i++) {
      if (l.get(i, 0) != i + 1) {
        return false;
      }
    }
    oneToN = true; // a local copy does not change: scanned once
    return true;
  }

  /** Whether the blocks were unpersisted (a lineage recomputes them when read). */
  synchronized boolean isReleased() {
    return released;
  }

  private void releaseIfUnused() {
    List<BlockedMatrix> gone;
    synchronized (this) {
      if (released || !claimed || refs > 0 || pinned || cached || dependents > 0) {
        return;
      }
      gone = unpersist();
    }
    gone.forEach(BlockedMatrix::dependentReleased);
  }

  @Override
  public synchronized void retain() {
    refs++;
    claimed = true;
  }

  @Override
  public void drop() {
    synchronized (this) {
      if (refs <= 0) {
        throw new IllegalStateException("a Spark matrix lost more references than it had");
      }
      refs--;
    }
    releaseIfUnused();
  }

  @Override
  public synchronized void pin() {
    pinned = true;
  }

  @Override
  public synchronized boolean tryRetain() {
    if (released) {
      return false;
    }
    retain();
    return true;
  }

  @Override
  public synchronized void cached(int height, long computeNanos) {
    cached = true;
  }

  /**
   * MEMPHIS sec. 4.1: an evicted RDD leaves Spark's storage memory at once, and is not
   * collected to be spilled; variables that still hold it recompute it from its lineage.
   */
  @Override
  public void evicted() {
    synchronized (this) {
      if (rdd != null) {
        rdd.unpersist(false);
      }
    }
    uncached();
  }

  @Override
  public void uncached() {
    synchronized (this) {
      cached = false;
    }
    releaseIfUnused();
  }

  @Override
  public String toString() {
    JavaPairRDD<BlockIndex, MatrixBlock> r = rdd;
    return (r == null ? "local block" : "rdd " + r.id()) + " of " + geometry + " on "
        + owner.name();
  }
}
