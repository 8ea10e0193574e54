package org.planlab.gpu;

import java.util.ArrayList;
import java.util.List;
import org.planlab.engine.data.Data;
import org.planlab.engine.data.MatrixData;
import org.planlab.engine.data.ScalarValue;
import org.planlab.engine.ir.ExecType;
import org.planlab.engine.ir.Hop;
import org.planlab.engine.runtime.ExecutionContext;
import org.planlab.engine.runtime.instructions.Instruction;
import org.planlab.engine.runtime.instructions.Instructions;
import org.planlab.engine.runtime.instructions.MatMultInstruction;

/**
 * A HOP placed on the GPU: locks its matrix operands on the device (copying back any the
 * memory manager evicted to the host), allocates the output through the memory manager
 * (Algorithm 1), runs the device's kernel and unlocks everything again (MEMPHIS sec. 4.2: a
 * buffer in use is never recycled, freed or evicted). Opcodes carry a {@code gpu_} prefix.
 */
final class GpuInstruction extends Instruction {
  private final GpuBackend backend;
  private final MatMultInstruction.Kind physical;

  GpuInstruction(GpuBackend backend, Hop hop, MatMultInstruction.Kind physical, int[] inputs,
      int output) {
    super("gpu_" + (physical != null ? physical.opcode() : Instructions.opcode(hop)), hop,
        inputs, output, ExecType.GPU);
    this.backend = backend;
    this.physical = physical;
  }

  @Override
  public Data execute(Data[] in, ExecutionContext ctx) {
    GpuMemoryManager mm = backend.memory();
    List<GpuMemoryManager.Buffer> locked = new ArrayList<>();
    List<GpuMatrix> outputs = new ArrayList<>();
    try {
      List<DeviceOperand> operands = new ArrayList<>(in.length);
      for (Data d : in) {
        if (d instanceof GpuMatrix g) {
          GpuMemoryManager.Buffer b = mm.lockOnDevice(g);
          locked.add(b);
          operands.add(g.deviceMatrix(b));
        } else if (d instanceof ScalarValue s) {
          operands.add(new DeviceScalar(s));
        } else {
          throw new IllegalStateException("a GPU operation got a matrix held by '"
              + ((MatrixData) d).location() + "'");
        }
      }
      long t0 = System.nanoTime();
      DeviceOperand result = backend.device().kernels().run(hop(), physical, operands,
          new DeviceKernels.Outputs() {
            @Override
            public DeviceMatrix allocate(long rows, long cols, long nnz,
                DeviceMatrix.Layout layout) {
              GpuMatrix m = new GpuMatrix(mm, rows, cols, nnz, layout);
              DeviceMatrix dm = mm.output(m);
              outputs.add(m);
              locked.add(m.buffer);
              return dm;
            }

            @Override
            public DevicePointer scratch(long bytes) {
              // a temporary is a dense vector nobody will hold: discarded with the outputs
              // no one claims, its buffer goes to the free list for recycling
              return allocate(1, (Math.max(8, bytes) + 7) / 8, -1, DeviceMatrix.Layout.DENSE)
                  .pointer();
            }
          }, ctx);
      long nanos = System.nanoTime() - t0;
      Data out;
      if (result instanceof DeviceScalar s) {
        out = s.value();
      } else {
        DeviceMatrix dm = (DeviceMatrix) result;
        GpuMatrix m = outputs.stream().filter(o -> o.deviceMatrixMatches(dm)).findFirst()
            .orElseThrow(() -> new IllegalStateException("a kernel returned a matrix it did "
                + "not allocate through the memory manager"));
        m.computed(nanos);
        outputs.remove(m);
        out = m;
      }
      return out;
    } finally {
      locked.forEach(mm::unlock);
      // outputs of a failed kernel, or scratch outputs, are nobody's: their buffers go free
      outputs.forEach(mm::discard);
    }
  }
}
