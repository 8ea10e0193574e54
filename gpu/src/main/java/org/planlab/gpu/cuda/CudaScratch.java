package org.planlab.gpu.cuda;

import java.util.ArrayList;
import java.util.List;
import org.planlab.gpu.DevicePointer;

/**
 * Temporaries of one kernel call (densified CSR operands, reduction partials, the Row
 * template's vector slots, mmchain's intermediate, a scalar result), taken directly from the
 * device and freed when the call ends. They bypass the memory manager: its {@code Outputs}
 * allocates results only, so a temporary that does not fit fails the call.
 */
final class CudaScratch implements AutoCloseable {
  private final CudaDevice device;
  private final List<DevicePointer> taken = new ArrayList<>();

  CudaScratch(CudaDevice device) {
    this.device = device;
  }

  /** A temporary of at least {@code bytes} (and at least 8). */
  DevicePointer allocate(long bytes) {
    long size = Math.max(8, bytes);
    DevicePointer p = device.malloc(size);
    if (p == null) {
      throw new IllegalStateException("CUDA device out of memory: a kernel needs a temporary "
          + "of " + size + " bytes, " + device.allocated() + " of " + device.capacity()
          + " bytes are allocated");
    }
    taken.add(p);
    return p;
  }

  /** A temporary of {@code count} doubles. */
  DevicePointer doubles(long count) {
    return allocate(8 * count);
  }

  @Override
  public void close() {
    for (DevicePointer p : taken) {
      device.free(p);
    }
    taken.clear();
  }
}
