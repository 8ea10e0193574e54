package org.planlab.gpu.cuda;

import org.planlab.gpu.DeviceKernels;
import org.planlab.gpu.DevicePointer;

/**
 * Temporaries of one kernel call (densified CSR operands, reduction partials, the Row
 * template's vector slots, mmchain's intermediate, a scalar result), allocated through the
 * memory manager like outputs (so a temporary that does not fit makes it recycle, free or
 * evict) and given back to it when the call returns.
 */
final class CudaScratch {
  private final DeviceKernels.Outputs outputs;

  CudaScratch(DeviceKernels.Outputs outputs) {
    this.outputs = outputs;
  }

  /** A temporary of at least {@code bytes} (and at least 8). */
  DevicePointer allocate(long bytes) {
    return outputs.scratch(Math.max(8, bytes));
  }

  /** A temporary of {@code count} doubles. */
  DevicePointer doubles(long count) {
    return allocate(8 * count);
  }
}
