package org.planlab.gpu;

import java.lang.ref.WeakReference;
import java.util.Objects;
import org.planlab.engine.data.CountedHandle;
import org.planlab.engine.matrix.MatrixBlock;

/**
 * A matrix of the GPU backend (ARCHITECTURE.md, "DataObject"): its device buffer while it is
 * on the device, its host copy once evicted to the host, and the references the runtime counts
 * for it (MEMPHIS sec. 4.2, live variable management). Its state belongs to the
 * {@link GpuMemoryManager} and changes only under the manager's lock.
 */
public final class GpuMatrix implements CountedHandle {
  /** The backend's name and the location of its matrices. */
  public static final String LOCATION = "gpu";

  private final GpuMemoryManager manager;
  private final long rows;
  private final long cols;
  private final long nnz;
  final DeviceMatrix.Layout layout;

  // ---- guarded by the manager's lock ----
  /** The device buffer, or null while evicted to the host (or gone). */
  GpuMemoryManager.Buffer buffer;
  /** The value on the host while evicted (the device holds no copy then). */
  MatrixBlock evicted;
  /** A host copy known to equal the value (the block it was copied from, or to). */
  WeakReference<MatrixBlock> host;
  int refs;
  /** Referenced at least once: an output nobody ever held stays live until it is. */
  boolean claimed;
  boolean pinned;
  /** Held by the lineage cache (MEMPHIS sec. 4.2, cached pointers on the free list). */
  boolean cached;
  /** The value was recycled while unreferenced and no host copy exists. */
  boolean gone;
  int height;
  long computeNanos;

  GpuMatrix(GpuMemoryManager manager, long rows, long cols, long nnz,
      DeviceMatrix.Layout layout) {
    this.manager = Objects.requireNonNull(manager, "manager is null");
    this.rows = rows;
    this.cols = cols;
    this.nnz = nnz;
    this.layout = Objects.requireNonNull(layout, "layout is null");
  }

  @Override
  public long rows() {
    return rows;
  }

  @Override
  public long cols() {
    return cols;
  }

  @Override
  public long nnz() {
    return nnz;
  }

  @Override
  public String location() {
    return LOCATION;
  }

  /** The device view of this matrix in buffer {@code b}. */
  DeviceMatrix deviceMatrix(GpuMemoryManager.Buffer b) {
    return new DeviceMatrix(b.pointer, rows, cols, nnz, layout);
  }

  /** Whether {@code dm} is this matrix's current device view. */
  boolean deviceMatrixMatches(DeviceMatrix dm) {
    synchronized (manager) {
      return buffer != null && buffer.pointer.equals(dm.pointer());
    }
  }

  /** The kernel that produced this matrix took {@code nanos} (its compute cost c(o)). */
  void computed(long nanos) {
    synchronized (manager) {
      computeNanos = nanos;
    }
  }

  /** The value on the host if one is known without a copy, else null. */
  MatrixBlock hostCopy() {
    if (evicted != null) {
      return evicted;
    }
    return host == null ? null : host.get();
  }

  /** Whether the value is on the device now (for tests and statistics). */
  public boolean onDevice() {
    synchronized (manager) {
      return buffer != null;
    }
  }

  /** The device-to-host copy (or the known host copy). */
  @Override
  public MatrixBlock acquireLocal() {
    return manager.toHost(this);
  }

  @Override
  public void retain() {
    manager.retain(this);
  }

  @Override
  public void drop() {
    manager.drop(this);
  }

  @Override
  public void pin() {
    synchronized (manager) {
      pinned = true;
    }
  }

  @Override
  public boolean tryRetain() {
    return manager.tryRetain(this);
  }

  @Override
  public void cached(int lineageHeight, long nanos) {
    synchronized (manager) {
      cached = true;
      height = lineageHeight;
      computeNanos = Math.max(computeNanos, nanos);
    }
  }

  /**
   * The lineage cache gave this matrix up: its buffer, once free, holds nothing anyone can
   * reuse, so it is recycled before cached ones.
   */
  @Override
  public void uncached() {
    synchronized (manager) {
      cached = false;
    }
  }

  @Override
  public String toString() {
    return "gpu matrix " + rows + "x" + cols;
  }
}
