package org.planlab.gpu;

import org.planlab.engine.matrix.MatrixBlock;

/**
 * A device's memory and copies, below the memory manager (ARCHITECTURE.md, "Backends"; MEMPHIS
 * sec. 4.2): the {@code cudaMalloc}/{@code cudaFree}/{@code cudaMemcpy} primitives that
 * {@link GpuMemoryManager} builds live and free lists, recycling and eviction on. Implemented by
 * the CUDA device ({@code CudaDevice}) and by {@link SimulatedDevice}, so the memory manager and
 * its policies run and are measured on machines without a GPU.
 *
 * <p>Implementations are thread-safe.
 */
public interface DeviceAllocator extends AutoCloseable {

  /** One line naming the device and its memory, for logs and {@code --stats}. */
  String describe();

  /** Bytes of device memory the allocator may hand out in all. */
  long capacity();

  /** Bytes currently allocated. */
  long allocated();

  /**
   * {@code cudaMalloc}: a new allocation of {@code bytes}, or null when the device has not
   * enough free memory for it (the memory manager then recycles, frees or evicts; Algorithm 1).
   */
  DevicePointer malloc(long bytes);

  /** {@code cudaFree}: returns {@code p}'s memory to the device. */
  void free(DevicePointer p);

  /**
   * Host-to-device copy of {@code block} into {@code target}, whose allocation was sized for
   * the block's layout ({@link DeviceMatrix#layoutOf}).
   */
  void copyToDevice(MatrixBlock block, DeviceMatrix target);

  /** Device-to-host copy: the matrix {@code source} holds, as a new host block. */
  MatrixBlock copyToHost(DeviceMatrix source);

  /** The device's kernels. */
  DeviceKernels kernels();

  /**
   * Nanoseconds the device spent so far by its own clock: for the simulated device, the
   * simulated time of its allocations, frees, copies and kernels; for a real device, the
   * measured time of those calls.
   */
  DeviceTimes times();

  /** Releases the device (contexts, handles, all allocations). */
  @Override
  void close();
}
