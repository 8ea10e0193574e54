package org.planlab.gpu;

import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.Map;
import java.util.Objects;
import org.planlab.engine.backend.Backend;
import org.planlab.engine.backend.LocalCopies;
import org.planlab.engine.data.MatrixData;
import org.planlab.engine.data.MatrixValue;
import org.planlab.engine.ir.ExecType;
import org.planlab.engine.ir.Hop;
import org.planlab.engine.matrix.MatrixBlock;
import org.planlab.engine.runtime.ExecutionContext;
import org.planlab.engine.runtime.instructions.Instruction;
import org.planlab.engine.runtime.instructions.MatMultInstruction;
import org.planlab.engine.stats.Statistics;

/**
 * The GPU backend (ARCHITECTURE.md, "Backends"; MEMPHIS sec. 2.3 and 4.2): the operations of
 * {@link GpuOps} run as device kernels on matrices in device memory, whose allocation,
 * recycling, reuse and eviction the {@link GpuMemoryManager} decides. The device is a CUDA
 * device through JCuda or the {@link SimulatedDevice}; both sit behind {@link DeviceAllocator},
 * so everything above the device runs the same on either.
 *
 * <p>The lineage cache keeps this backend's matrices as device pointers without a budget of
 * its own ({@link #reuseBudget}): the memory manager's free list is the cache's device part,
 * and recycling under memory pressure is its eviction (MEMPHIS sec. 4.2, "moving boundaries").
 */
public final class GpuBackend implements Backend {
  /** The backend's name and the location of its matrices. */
  public static final String NAME = GpuMatrix.LOCATION;

  private final GpuSettings settings;
  private final DeviceAllocator device;
  private final GpuMemoryManager memory;
  private final LocalCopies<GpuMatrix> copies = new LocalCopies<>();
  private final Map<Statistics, Run> runs =
      Collections.synchronizedMap(new IdentityHashMap<>());

  /** Where the counters stood when a run started. */
  private record Run(Map<String, Long> counters, DeviceTimes times) {
  }

  GpuBackend(GpuSettings settings, DeviceAllocator device, GpuMemoryManager memory) {
    this.settings = Objects.requireNonNull(settings, "settings is null");
    this.device = Objects.requireNonNull(device, "device is null");
    this.memory = Objects.requireNonNull(memory, "memory is null");
  }

  public GpuSettings settings() {
    return settings;
  }

  public DeviceAllocator device() {
    return device;
  }

  public GpuMemoryManager memory() {
    return memory;
  }

  @Override
  public String name() {
    return NAME;
  }

  @Override
  public ExecType execType() {
    return ExecType.GPU;
  }

  @Override
  public boolean supports(Hop hop) {
    return GpuOps.supports(hop);
  }

  /** An operation's inputs, intermediates and output must fit the device together. */
  @Override
  public long operationBudget() {
    return device.capacity();
  }

  /** No budget of its own: the memory manager recycles cached pointers under pressure. */
  @Override
  public long reuseBudget() {
    return Long.MAX_VALUE;
  }

  @Override
  public Instruction instruction(Hop hop, MatMultInstruction.Kind physical, int[] inputs,
      int output) {
    return new GpuInstruction(this, hop, physical, inputs, output);
  }

  /**
   * Host-to-device copy, once per local block: a block copied before returns its device
   * matrix while the device still holds its value (MEMPHIS sec. 3.3: one object, cached in
   * several backends), so a loop that reads a local matrix copies it once.
   */
  @Override
  public MatrixData fromLocal(MatrixBlock block, ExecutionContext ctx) {
    GpuMatrix known = copies.get(block);
    if (known != null && memory.reclaim(known)) {
      return known;
    }
    GpuMatrix m = memory.toDevice(block);
    copies.put(block, m);
    return m;
  }

  /** Device-to-host copy (none when the host copy is still known). */
  @Override
  public MatrixValue toLocal(MatrixData m) {
    MatrixBlock b = m.acquireLocal();
    if (m instanceof GpuMatrix g) {
      copies.put(b, g);
    }
    return new MatrixValue(b);
  }

  /**
   * Frees {@code fraction} of the free list's bytes (MEMPHIS sec. 5.2, eviction injection);
   * returns the bytes freed.
   */
  @Override
  public long evict(double fraction) {
    return memory.evict(fraction);
  }

  @Override
  public void runStarted(Statistics stats) {
    memory.resetPeak();
    runs.put(stats, new Run(memory.counters().snapshot(), device.times()));
  }

  /** Adds the memory manager's counts and the device's times during the run. */
  @Override
  public void runFinished(Statistics stats) {
    Run before = runs.remove(stats);
    if (before == null) {
      return;
    }
    GpuCounters.addTo(stats, before.counters(), memory.counters().snapshot(),
        device.times().minus(before.times()), memory.peakBytes());
  }

  @Override
  public void close() {
    copies.clear();
    memory.close();
  }
}
