package org.planlab.gpu.cuda;

import jcuda.Pointer;
import jcuda.runtime.JCuda;
import jcuda.runtime.cudaMemcpyKind;
import org.planlab.engine.matrix.MatrixBlock;
import org.planlab.engine.matrix.SparseBlockCSR;
import org.planlab.gpu.DeviceMatrix;
import org.planlab.gpu.DevicePointer;

/**
 * Host-device copies of planlab blocks in the device layouts of {@link DeviceMatrix}: dense
 * blocks as row-major doubles, sparse blocks as CSR (values, column indexes, row pointers in
 * one allocation). The caller holds the device lock with its context current.
 */
final class CudaTransfers {
  private CudaTransfers() {
  }

  /** Copies {@code block} into {@code target} in the target's layout. */
  static void toDevice(MatrixBlock block, DeviceMatrix target) {
    DevicePointer p = target.pointer();
    if (target.layout() == DeviceMatrix.Layout.DENSE) {
      long bytes = 8 * target.rows() * target.cols();
      MatrixBlock dense = block.isSparse() ? block.copy().toDenseInPlace() : block;
      if (bytes == 0) {
        return;
      }
      if (!dense.isAllocated()) {
        JCuda.cudaMemset(CudaDevice.at(p, 0), 0, bytes); // an all-zero block holds no array
      } else {
        JCuda.cudaMemcpy(CudaDevice.at(p, 0), Pointer.to(dense.denseValues()), bytes,
            cudaMemcpyKind.cudaMemcpyHostToDevice);
      }
      return;
    }
    MatrixBlock sparse = block.isSparse() ? block : block.copy().toSparseInPlace();
    SparseBlockCSR csr = sparse.isAllocated() ? SparseBlockCSR.from(sparse.sparseRows())
        : SparseBlockCSR.empty(sparse.rows());
    long nnz = csr.size();
    if (nnz != target.nnz()) {
      throw new IllegalArgumentException("the block has " + nnz + " non-zeros, the CSR device "
          + "matrix was sized for " + target.nnz());
    }
    if (nnz > 0) {
      JCuda.cudaMemcpy(CudaDevice.at(p, 0), Pointer.to(csr.valueArray()), 8 * nnz,
          cudaMemcpyKind.cudaMemcpyHostToDevice);
      JCuda.cudaMemcpy(CudaDevice.at(p, target.csrColumnOffset()),
          Pointer.to(csr.columnIndexes()), 4 * nnz, cudaMemcpyKind.cudaMemcpyHostToDevice);
    }
    JCuda.cudaMemcpy(CudaDevice.at(p, target.csrRowPointerOffset()),
        Pointer.to(csr.rowPointers()), 4 * (target.rows() + 1),
        cudaMemcpyKind.cudaMemcpyHostToDevice);
  }

  /**
   * The matrix {@code source} holds, as a host block with exact nnz, in the format planlab
   * prefers for its sparsity (as every CP kernel returns its result).
   */
  static MatrixBlock toHost(DeviceMatrix source) {
    int rows = Math.toIntExact(source.rows());
    int cols = Math.toIntExact(source.cols());
    DevicePointer p = source.pointer();
    if (source.layout() == DeviceMatrix.Layout.DENSE) {
      double[] values = new double[Math.multiplyExact(rows, cols)];
      if (values.length > 0) {
        JCuda.cudaMemcpy(Pointer.to(values), CudaDevice.at(p, 0), 8L * values.length,
            cudaMemcpyKind.cudaMemcpyDeviceToHost);
      }
      return MatrixBlock.dense(rows, cols, values).examSparsity();
    }
    int nnz = Math.toIntExact(source.nnz());
    double[] values = new double[nnz];
    int[] columns = new int[nnz];
    int[] rowPointers = new int[rows + 1];
    if (nnz > 0) {
      JCuda.cudaMemcpy(Pointer.to(values), CudaDevice.at(p, 0), 8L * nnz,
          cudaMemcpyKind.cudaMemcpyDeviceToHost);
      JCuda.cudaMemcpy(Pointer.to(columns), CudaDevice.at(p, source.csrColumnOffset()),
          4L * nnz, cudaMemcpyKind.cudaMemcpyDeviceToHost);
    }
    JCuda.cudaMemcpy(Pointer.to(rowPointers), CudaDevice.at(p, source.csrRowPointerOffset()),
        4L * (rows + 1), cudaMemcpyKind.cudaMemcpyDeviceToHost);
    if (rowPointers[rows] != nnz) {
      throw new IllegalStateException("CSR device matrix of " + nnz + " non-zeros has row "
          + "pointers ending at " + rowPointers[rows]);
    }
    return MatrixBlock.sparse(rows, cols, new SparseBlockCSR(rowPointers, columns, values))
        .examSparsity();
  }
}
