package org.planlab.gpu;

import java.util.List;
import org.planlab.engine.ir.Hop;
import org.planlab.engine.runtime.ExecutionContext;
import org.planlab.engine.runtime.instructions.MatMultInstruction;

/**
 * The kernels of a device: one call runs the operation of one HOP placed on the GPU (which
 * {@link GpuOps#supports} decides, the same for every device) on operands in device memory.
 * The CUDA device launches cuBLAS, cuSPARSE and NVRTC-compiled kernels; the simulated device
 * runs planlab's CPU kernels on its host-side storage.
 */
public interface DeviceKernels {

  /**
   * Allocates a kernel call's outputs and temporaries through the memory manager (Algorithm 1,
   * so a call that needs memory makes the manager recycle, free or evict), locked until the
   * call returns.
   */
  interface Outputs {
    /** A new output matrix in device memory. */
    DeviceMatrix allocate(long rows, long cols, long nnz, DeviceMatrix.Layout layout);

    /**
     * A temporary of at least {@code bytes} (and at least 8) for this call only (partials of
     * a reduction, a densified operand, an intermediate vector); given back to the memory
     * manager when the call returns, where the next allocation of its size recycles it.
     */
    DevicePointer scratch(long bytes);
  }

  /**
   * Runs {@code hop}'s operation.
   *
   * @param hop the HOP (its operation and parameters; its inputs' order is the operands')
   * @param physical the physical matrix multiply lowering chose (tsmm, mmchain,
   *     transpose-left), or null
   * @param operands the matrix operands in device memory and the scalar operands, in the
   *     instruction's input order
   * @param outputs where the result matrix is allocated
   * @param ctx the running context (statistics, kernel pool of a simulated device)
   * @return the result: a matrix allocated through {@code outputs}, or a scalar
   */
  DeviceOperand run(Hop hop, MatMultInstruction.Kind physical, List<DeviceOperand> operands,
      Outputs outputs, ExecutionContext ctx);
}
