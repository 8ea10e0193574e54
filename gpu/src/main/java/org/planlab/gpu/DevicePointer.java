package org.planlab.gpu;

/**
 * One allocation of device memory: its address on the device and its size in bytes. For the
 * simulated device the address is a handle the simulation maps to its host-side storage.
 *
 * @param address the device address ({@code CUdeviceptr}), or the simulation's handle
 * @param bytes the allocated bytes
 */
public record DevicePointer(long address, long bytes) {
  public DevicePointer {
    if (bytes <= 0) {
      throw new IllegalArgumentException("a device allocation has > 0 bytes, was " + bytes);
    }
  }
}
