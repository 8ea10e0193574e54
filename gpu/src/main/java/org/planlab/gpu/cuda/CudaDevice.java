package org.planlab.gpu.cuda;

/** TEMPORARY local placeholder until the CUDA device lands; never committed. */
public final class CudaDevice {
  public record Probe(boolean available, int devices, String reason) {
  }

  public static Probe probe() {
    return new Probe(false, 0, "no CUDA driver (libcuda.so.1 not found)");
  }

  public static org.planlab.gpu.DeviceAllocator open(int device, long memoryLimit) {
    throw new IllegalStateException(probe().reason());
  }
}
