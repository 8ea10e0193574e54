package org.planlab.gpu;

import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.planlab.engine.backend.CpBackend;
import org.planlab.engine.config.ByteSize;
import org.planlab.engine.data.Data;
import org.planlab.engine.data.MatrixData;
import org.planlab.engine.data.MatrixValue;
import org.planlab.engine.data.ScalarValue;
import org.planlab.engine.ir.Hop;
import org.planlab.engine.matrix.MatrixBlock;
import org.planlab.engine.runtime.ExecutionContext;
import org.planlab.engine.runtime.instructions.Instruction;
import org.planlab.engine.runtime.instructions.MatMultInstruction;

/**
 * A device simulated on the CPU (ARCHITECTURE.md, "Backends"): a memory of fixed capacity
 * whose allocations hold host blocks, {@code cudaMalloc}/{@code cudaFree} with configured
 * latencies, copies at a configured bandwidth, and kernels that run planlab's CPU kernels (the
 * CP operator of the same HOP) on the blocks. Its clock adds up the simulated time of each
 * call: latencies, bytes over bandwidth, and the kernels' measured CPU time. Fragmentation is
 * not simulated: an allocation succeeds whenever the capacity has room.
 *
 * <p>Blocks are immutable once computed, so a copy shares the block instead of duplicating it;
 * what is simulated is the device memory it occupies and the time the copy takes.
 */
public final class SimulatedDevice implements DeviceAllocator, DeviceKernels {
  private final long capacity;
  private final long mallocNanos;
  private final long freeNanos;
  private final long bandwidth;
  private final Map<Long, MatrixBlock> contents = new ConcurrentHashMap<>();
  private final Map<Long, Long> sizes = new ConcurrentHashMap<>();
  private final CpBackend cp = new CpBackend();
  private long next;
  private long allocated;
  private long mallocTime;
  private long freeTime;
  private long toDeviceTime;
  private long toHostTime;
  private long kernelTime;

  /**
   * @param capacity bytes of device memory
   * @param mallocNanos simulated time of one allocation
   * @param freeNanos simulated time of one free
   * @param bandwidth bytes per second of a copy, each way
   */
  public SimulatedDevice(long capacity, long mallocNanos, long freeNanos, long bandwidth) {
    if (capacity < 1 || mallocNanos < 0 || freeNanos < 0 || bandwidth < 1) {
      throw new IllegalArgumentException("capacity and bandwidth must be > 0, latencies >= 0");
    }
    this.capacity = capacity;
    this.mallocNanos = mallocNanos;
    this.freeNanos = freeNanos;
    this.bandwidth = bandwidth;
  }

  @Override
  public String describe() {
    return "simulated device (" + ByteSize.format(capacity) + ")";
  }

  @Override
  public long capacity() {
    return capacity;
  }

  @Override
  public synchronized long allocated() {
    return allocated;
  }

  @Override
  public synchronized DevicePointer malloc(long bytes) {
    mallocTime += mallocNanos;
    if (allocated + bytes > capacity) {
      return null; // cudaErrorMemoryAllocation
    }
    allocated += bytes;
    DevicePointer p = new DevicePointer(++next, bytes);
    sizes.put(p.address(), bytes);
    return p;
  }

  @Override
  public synchronized void free(DevicePointer p) {
    Long bytes = sizes.remove(p.address());
    if (bytes == null) {
      throw new IllegalStateException("cudaFree of an address not allocated: " + p);
    }
    allocated -= bytes;
    contents.remove(p.address());
    freeTime += freeNanos;
  }

  @Override
  public void copyToDevice(MatrixBlock block, DeviceMatrix target) {
    checkAllocated(target.pointer());
    contents.put(target.pointer().address(), block);
    synchronized (this) {
      toDeviceTime += transferNanos(target.pointer().bytes());
    }
  }

  @Override
  public MatrixBlock copyToHost(DeviceMatrix source) {
    MatrixBlock b = contents.get(source.pointer().address());
    if (b == null) {
      throw new IllegalStateException("device-to-host copy of an allocation no kernel or copy "
          + "has written: " + source.pointer());
    }
    synchronized (this) {
      toHostTime += transferNanos(source.pointer().bytes());
    }
    return b;
  }

  private long transferNanos(long bytes) {
    return (long) Math.ceil(bytes * 1e9 / bandwidth);
  }

  private void checkAllocated(DevicePointer p) {
    if (!sizes.containsKey(p.address())) {
      throw new IllegalStateException("the simulated device has no allocation " + p);
    }
  }

  @Override
  public DeviceKernels kernels() {
    return this;
  }

  @Override
  public synchronized DeviceTimes times() {
    return new DeviceTimes(mallocTime, freeTime, toDeviceTime, toHostTime, kernelTime);
  }

  /**
   * Runs the CP operator of {@code hop} on the blocks the operands' allocations hold and
   * stores its result in a new dense output allocation; a scalar result is copied back (8
   * bytes).
   */
  @Override
  public DeviceOperand run(Hop hop, MatMultInstruction.Kind physical,
      List<DeviceOperand> operands, Outputs outputs, ExecutionContext ctx) {
    Data[] in = new Data[operands.size()];
    int[] slots = new int[in.length];
    for (int i = 0; i < in.length; i++) {
      slots[i] = i;
      if (operands.get(i) instanceof DeviceMatrix m) {
        MatrixBlock b = contents.get(m.pointer().address());
        if (b == null) {
          throw new IllegalStateException("a kernel read an allocation nothing wrote: "
              + m.pointer());
        }
        in[i] = new MatrixValue(b);
      } else {
        in[i] = ((DeviceScalar) operands.get(i)).value();
      }
    }
    Instruction op = cp.instruction(hop, physical, slots, in.length);
    long t0 = System.nanoTime();
    Data out = op.execute(in, ctx);
    long t = System.nanoTime() - t0;
    synchronized (this) {
      kernelTime += t;
    }
    if (out instanceof ScalarValue s) {
      synchronized (this) {
        toHostTime += transferNanos(8);
      }
      return new DeviceScalar(s);
    }
    MatrixBlock result = ((MatrixData) out).acquireLocal();
    DeviceMatrix o = outputs.allocate(result.rows(), result.cols(), -1,
        DeviceMatrix.Layout.DENSE);
    contents.put(o.pointer().address(), result);
    return o;
  }

  @Override
  public synchronized void close() {
    contents.clear();
    sizes.clear();
    allocated = 0;
  }
}
