package org.planlab.gpu.cuda;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.Map;
import jcuda.CudaException;
import jcuda.Pointer;
import jcuda.driver.CUcontext;
import jcuda.driver.CUdevice;
import jcuda.driver.CUdevice_attribute;
import jcuda.driver.CUresult;
import jcuda.driver.JCudaDriver;
import jcuda.jcublas.JCublas2;
import jcuda.jcublas.cublasHandle;
import jcuda.jcusparse.JCusparse;
import jcuda.jcusparse.cusparseHandle;
import jcuda.runtime.JCuda;
import jcuda.runtime.cudaError;
import jcuda.runtime.cudaMemcpyKind;
import org.planlab.engine.matrix.MatrixBlock;
import org.planlab.gpu.DeviceAllocator;
import org.planlab.gpu.DeviceKernels;
import org.planlab.gpu.DeviceMatrix;
import org.planlab.gpu.DevicePointer;
import org.planlab.gpu.DeviceTimes;

/**
 * A real CUDA device through JCuda (MEMPHIS sec. 2.3: the GPU backend's allocation and copy
 * primitives, which the memory manager builds its live and free lists on): {@code cudaMalloc}
 * bounded by a capacity, {@code cudaFree}, host-device copies of dense and CSR matrices, a
 * cuBLAS and a cuSPARSE handle, and the NVRTC-compiled kernels of {@link CudaKernels}.
 *
 * <p>The device's primary context is made current on the calling thread by every call, so the
 * device may be used from any thread; calls are serialized (all public methods are
 * synchronized), and kernels run one at a time under {@link #kernelLock}, a lock of their own:
 * a running kernel allocates through the memory manager, which takes its lock before this
 * device's, so a kernel must not hold this device's monitor.
 *
 * <p>Times are measured with {@link System#nanoTime} around the calls; kernel time ends after a
 * {@code cudaDeviceSynchronize}, so it includes the kernels' execution, not only their launch.
 */
public final class CudaDevice implements DeviceAllocator {
  private final Object kernelLock = new Object();

  /**
   * Whether this machine can run CUDA: a driver that loads and at least one device.
   *
   * @param available whether {@link #open} can succeed
   * @param devices the number of CUDA devices (0 when unavailable)
   * @param reason one line: the devices found, or why there are none
   */
  public record Probe(boolean available, int devices, String reason) {
  }

  /**
   * The probe runs once per JVM: whether a CUDA driver and devices exist is a property of the
   * machine, and a failed native load cannot be retried anyway (the JCuda classes stay
   * uninitialized).
   */
  private static final class ProbeHolder {
    static final Probe PROBE = runProbe();
  }

  private final int ordinal;
  private final CUdevice device = new CUdevice();
  private final CUcontext context = new CUcontext();
  private final cublasHandle cublas = new cublasHandle();
  private final cusparseHandle cusparse = new cusparseHandle();
  private final String name;
  private final int computeCapability;
  /** The virtual architecture kernels compile for: the device's, or NVRTC's newest below. */
  private final int architecture;
  private final long capacity;
  private final long total;
  private final Map<Long, Allocation> live = new HashMap<>();
  private final CudaModules modules;
  private final CudaKernels kernels;
  private long allocated;
  private long mallocNanos;
  private long freeNanos;
  private long toDeviceNanos;
  private long toHostNanos;
  private long kernelNanos;
  private boolean closed;

  /** An allocation with its JCuda pointer (freed by {@code cudaFree}). */
  private record Allocation(CudaPointer pointer, long bytes) {
  }

  /** Probes for CUDA (cached per JVM); never throws. */
  public static Probe probe() {
    return ProbeHolder.PROBE;
  }

  private static Probe runProbe() {
    try {
      int rc = JCudaDriver.cuInit(0);
      if (rc == CUresult.CUDA_ERROR_NO_DEVICE) {
        return new Probe(false, 0, "no CUDA device (cuInit = CUDA_ERROR_NO_DEVICE)");
      }
      if (rc != CUresult.CUDA_SUCCESS) {
        return new Probe(false, 0, "CUDA driver failed to initialize (cuInit = "
            + CUresult.stringFor(rc) + ")");
      }
      int[] count = new int[1];
      rc = JCudaDriver.cuDeviceGetCount(count);
      if (rc != CUresult.CUDA_SUCCESS) {
        return new Probe(false, 0, "cuDeviceGetCount failed (" + CUresult.stringFor(rc) + ")");
      }
      if (count[0] == 0) {
        return new Probe(false, 0, "no CUDA device (cuDeviceGetCount = 0)");
      }
      return new Probe(true, count[0], count[0] + " CUDA device" + (count[0] == 1 ? "" : "s"));
    } catch (Throwable t) {
      return new Probe(false, 0, reason(t));
    }
  }

  /** One line for a failed load: the missing library when the loader names one. */
  static String reason(Throwable t) {
    String message = t.getMessage() == null ? "" : t.getMessage();
    for (String line : message.split("\n")) {
      int at = line.indexOf(": cannot open shared object file");
      if (at >= 0) {
        String lib = line.substring(line.lastIndexOf(' ', at) + 1, at);
        String what = lib.startsWith("libcuda.") ? "no CUDA driver" : "a CUDA library is missing";
        return what + " (" + lib + " not found)";
      }
    }
    String first = message.isBlank() ? t.getClass().getSimpleName() : message.split("\n")[0];
    return "CUDA unavailable: " + t.getClass().getSimpleName() + ": " + first.strip();
  }

  /**
   * Opens CUDA device {@code device} (its primary context, a cuBLAS and a cuSPARSE handle).
   *
   * @param memoryLimit bytes the device may allocate; 0 for all of its currently free memory,
   *     otherwise at most that
   * @throws IllegalStateException with the probe's reason when CUDA is unavailable, or when a
   *     CUDA library (cuBLAS, cuSPARSE, NVRTC) cannot be loaded
   */
  public static CudaDevice open(int device, long memoryLimit) {
    Probe p = probe();
    if (!p.available()) {
      throw new IllegalStateException("cannot open CUDA device " + device + ": " + p.reason());
    }
    if (device < 0 || device >= p.devices()) {
      throw new IllegalArgumentException("CUDA device " + device + " does not exist; there are "
          + p.devices());
    }
    if (memoryLimit < 0) {
      throw new IllegalArgumentException("memoryLimit must be >= 0, was " + memoryLimit);
    }
    return new CudaDevice(device, memoryLimit);
  }

  private CudaDevice(int ordinal, long memoryLimit) {
    this.ordinal = ordinal;
    // errors of the driver, runtime and libraries become exceptions; NVRTC reports through
    // return codes so that a failed compilation's log can be read (CudaModules)
    JCudaDriver.setExceptionsEnabled(true);
    JCuda.setExceptionsEnabled(true);
    boolean contextRetained = false;
    boolean cublasCreated = false;
    boolean cusparseCreated = false;
    try {
      JCudaDriver.cuDeviceGet(device, ordinal);
      JCudaDriver.cuDevicePrimaryCtxRetain(context, device);
      contextRetained = true;
      JCudaDriver.cuCtxSetCurrent(context);
      JCuda.cudaSetDevice(ordinal);
      byte[] raw = new byte[256];
      JCudaDriver.cuDeviceGetName(raw, raw.length, device);
      this.name = new String(raw, java.nio.charset.StandardCharsets.US_ASCII).trim()
          .replace("\0", "");
      this.computeCapability =
          10 * attribute(CUdevice_attribute.CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR)
          + attribute(CUdevice_attribute.CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR);
      long[] free = new long[1];
      long[] all = new long[1];
      JCuda.cudaMemGetInfo(free, all);
      this.total = all[0];
      this.capacity = memoryLimit == 0 ? free[0] : Math.min(memoryLimit, free[0]);
      JCublas2.setExceptionsEnabled(true);
      JCublas2.cublasCreate(cublas);
      cublasCreated = true;
      JCusparse.setExceptionsEnabled(true);
      JCusparse.cusparseCreate(cusparse);
      cusparseCreated = true;
      // NVRTC compiles the generated kernels: a device without it cannot run them
      this.architecture = CudaModules.architecture(computeCapability);
    } catch (Throwable t) {
      if (cusparseCreated) {
        JCusparse.cusparseDestroy(cusparse);
      }
      if (cublasCreated) {
        JCublas2.cublasDestroy(cublas);
      }
      if (contextRetained) {
        JCudaDriver.cuDevicePrimaryCtxRelease(device);
      }
      throw new IllegalStateException("cannot open CUDA device " + ordinal + ": "
          + reason(t), t);
    }
    this.modules = new CudaModules(architecture);
    this.kernels = new CudaKernels(this);
  }

  private int attribute(int attribute) {
    int[] v = new int[1];
    JCudaDriver.cuDeviceGetAttribute(v, attribute, device);
    return v[0];
  }

  @Override
  public synchronized String describe() {
    return "CUDA device " + ordinal + " (" + name + ", compute " + computeCapability / 10 + "."
        + computeCapability % 10 + "): " + (capacity >> 20) + " MiB of " + (total >> 20)
        + " MiB usable";
  }

  @Override
  public long capacity() {
    return capacity;
  }

  @Override
  public synchronized long allocated() {
    return allocated;
  }

  /**
   * {@code cudaMalloc}; null when the allocation would exceed the capacity or the device has
   * not enough free memory ({@code cudaErrorMemoryAllocation}).
   */
  @Override
  public synchronized DevicePointer malloc(long bytes) {
    checkOpen();
    if (bytes <= 0) {
      throw new IllegalArgumentException("an allocation needs > 0 bytes, was " + bytes);
    }
    if (allocated + bytes > capacity) {
      return null;
    }
    long t0 = System.nanoTime();
    try {
      makeCurrent();
      CudaPointer p = new CudaPointer();
      try {
        JCuda.cudaMalloc(p, bytes);
      } catch (CudaException e) {
        if (String.valueOf(e.getMessage()).contains(
            cudaError.stringFor(cudaError.cudaErrorMemoryAllocation))) {
          JCuda.cudaGetLastError(); // clears the error so later calls do not report it
          return null;
        }
        throw e;
      }
      live.put(p.address(), new Allocation(p, bytes));
      allocated += bytes;
      return new DevicePointer(p.address(), bytes);
    } finally {
      mallocNanos += System.nanoTime() - t0;
    }
  }

  @Override
  public synchronized void free(DevicePointer p) {
    checkOpen();
    Allocation a = live.get(p.address());
    if (a == null || a.bytes != p.bytes()) {
      throw new IllegalArgumentException("not a live allocation of this device: " + p);
    }
    long t0 = System.nanoTime();
    try {
      makeCurrent();
      JCuda.cudaFree(a.pointer);
      live.remove(p.address());
      allocated -= a.bytes;
    } finally {
      freeNanos += System.nanoTime() - t0;
    }
  }

  @Override
  public synchronized void copyToDevice(MatrixBlock block, DeviceMatrix target) {
    checkOpen();
    if (block.rows() != target.rows() || block.cols() != target.cols()) {
      throw new IllegalArgumentException("cannot copy a " + block.shape() + " block into a "
          + target.rows() + "x" + target.cols() + " device matrix");
    }
    long t0 = System.nanoTime();
    try {
      makeCurrent();
      CudaTransfers.toDevice(block, target);
    } finally {
      toDeviceNanos += System.nanoTime() - t0;
    }
  }

  @Override
  public synchronized MatrixBlock copyToHost(DeviceMatrix source) {
    checkOpen();
    long t0 = System.nanoTime();
    try {
      makeCurrent();
      return CudaTransfers.toHost(source);
    } finally {
      toHostNanos += System.nanoTime() - t0;
    }
  }

  @Override
  public DeviceKernels kernels() {
    return kernels;
  }

  @Override
  public synchronized DeviceTimes times() {
    return new DeviceTimes(mallocNanos, freeNanos, toDeviceNanos, toHostNanos, kernelNanos);
  }

  /** Frees every allocation, destroys the handles and releases the context; idempotent. */
  @Override
  public synchronized void close() {
    if (closed) {
      return;
    }
    closed = true;
    makeCurrent();
    for (Allocation a : new ArrayList<>(live.values())) {
      JCuda.cudaFree(a.pointer);
    }
    live.clear();
    allocated = 0;
    modules.close();
    JCusparse.cusparseDestroy(cusparse);
    JCublas2.cublasDestroy(cublas);
    JCudaDriver.cuDevicePrimaryCtxRelease(device);
  }

  // ------------------------------------------------------------------ for the kernels

  /** Makes the device's context current on this thread (CUDA contexts are per thread). */
  /** The lock kernels run under, one at a time (the default stream is one queue). */
  Object kernelLock() {
    return kernelLock;
  }

  synchronized void makeCurrent() {
    JCudaDriver.cuCtxSetCurrent(context);
  }

  synchronized void checkOpen() {
    if (closed) {
      throw new IllegalStateException("CUDA device " + ordinal + " is closed");
    }
  }

  /** Waits for all launched work: kernel timers stop after it. */
  void synchronize() {
    JCuda.cudaDeviceSynchronize();
  }

  synchronized void addKernelNanos(long nanos) {
    kernelNanos += nanos;
  }

  cublasHandle cublas() {
    return cublas;
  }

  cusparseHandle cusparse() {
    return cusparse;
  }

  CudaModules modules() {
    return modules;
  }

  /** A JCuda pointer to byte {@code offset} of allocation {@code p}. */
  static Pointer at(DevicePointer p, long offset) {
    return new CudaPointer(p.address() + offset);
  }

  /** Copies one double from device memory to the host. */
  static double readDouble(DevicePointer p) {
    double[] v = new double[1];
    JCuda.cudaMemcpy(Pointer.to(v), at(p, 0), 8, cudaMemcpyKind.cudaMemcpyDeviceToHost);
    return v[0];
  }

  /** Copies one double from the host into device memory. */
  static void writeDouble(DevicePointer p, double value) {
    JCuda.cudaMemcpy(at(p, 0), Pointer.to(new double[] {value}), 8,
        cudaMemcpyKind.cudaMemcpyHostToDevice);
  }
}
