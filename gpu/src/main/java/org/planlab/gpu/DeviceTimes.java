package org.planlab.gpu;

/**
 * Where a device's time went, in nanoseconds: in {@code cudaMalloc}, {@code cudaFree},
 * host-to-device and device-to-host copies, and kernels. The simulated device reports its
 * simulated time (configured latencies and bandwidth, kernels as run on the CPU); a real
 * device its measured time.
 */
public record DeviceTimes(long mallocNanos, long freeNanos, long toDeviceNanos,
    long toHostNanos, long kernelNanos) {

  /** All of it. */
  public long totalNanos() {
    return mallocNanos + freeNanos + toDeviceNanos + toHostNanos + kernelNanos;
  }

  /** This minus {@code before}: the time spent in between. */
  public DeviceTimes minus(DeviceTimes before) {
    return new DeviceTimes(mallocNanos - before.mallocNanos, freeNanos - before.freeNanos,
        toDeviceNanos - before.toDeviceNanos, toHostNanos - before.toHostNanos,
        kernelNanos - before.kernelNanos);
  }
}
