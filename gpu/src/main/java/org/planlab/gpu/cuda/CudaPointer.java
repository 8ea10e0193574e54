package org.planlab.gpu.cuda;

import jcuda.Pointer;

/**
 * A JCuda pointer to a raw device address. {@code cudaMalloc} writes the address of a new
 * allocation into it, and a {@link org.planlab.gpu.DevicePointer}'s address (plus an offset
 * into the allocation, e.g. a CSR matrix's column indexes) becomes a pointer cuBLAS, cuSPARSE
 * and kernel launches accept.
 */
final class CudaPointer extends Pointer {

  /** A pointer for {@code cudaMalloc} to fill. */
  CudaPointer() {
  }

  /** A pointer to {@code address}. */
  CudaPointer(long address) {
    super(address);
  }

  /** The device address this pointer holds. */
  long address() {
    return getNativePointer();
  }
}
