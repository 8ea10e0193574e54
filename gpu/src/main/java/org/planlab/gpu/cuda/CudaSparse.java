package org.planlab.gpu.cuda;

import java.lang.reflect.Constructor;
import jcuda.Pointer;
import jcuda.cudaDataType;
import jcuda.jcusparse.JCusparse;
import jcuda.jcusparse.cusparseConstDnMatDescr;
import jcuda.jcusparse.cusparseConstSpMatDescr;
import jcuda.jcusparse.cusparseDnMatDescr;
import jcuda.jcusparse.cusparseIndexBase;
import jcuda.jcusparse.cusparseIndexType;
import jcuda.jcusparse.cusparseOperation;
import jcuda.jcusparse.cusparseOrder;
import jcuda.jcusparse.cusparseSpMMAlg;
import jcuda.runtime.JCuda;
import org.planlab.gpu.DeviceMatrix;
import org.planlab.gpu.DevicePointer;

/**
 * Sparse operands on the device: a CSR left operand of a matrix multiply runs as cuSPARSE's
 * generic {@code cusparseSpMM} into a row-major dense result; every other operation reads a
 * dense copy made by a generated scatter kernel ({@link CudaSource#csrToDense()}).
 */
final class CudaSparse {
  private final CudaDevice device;
  private final CudaProgram scatter = new CudaSource().csrToDense();

  CudaSparse(CudaDevice device) {
    this.device = device;
  }

  /** {@code x} as a dense row-major array: its own allocation, or a densified temporary. */
  DevicePointer dense(DeviceMatrix x, CudaScratch scratch) {
    if (x.layout() == DeviceMatrix.Layout.DENSE) {
      return x.pointer();
    }
    long cells = x.rows() * x.cols();
    DevicePointer out = scratch.doubles(cells);
    if (cells == 0) {
      return out;
    }
    JCuda.cudaMemset(CudaDevice.at(out, 0), 0, 8 * cells);
    if (x.nnz() == 0) {
      return out;
    }
    CudaModules.Args args = new CudaModules.Args().pointer(x.pointer())
        .pointer(x.pointer(), x.csrColumnOffset()).pointer(x.pointer(), x.csrRowPointerOffset())
        .pointer(out).i64(x.rows()).i64(x.cols());
    CudaModules.launch(device.modules().function(scatter, scatter.name()),
        CudaKernels.grid(x.rows()), CudaSource.BLOCK, 1, args);
    return out;
  }

  /**
   * {@code c = a %*% b} with {@code a} CSR (m x k), {@code b} dense row-major (k x n, at
   * {@code bp}) and {@code c} dense row-major (m x n); m, n, k and nnz(a) are > 0.
   */
  void multiply(DeviceMatrix a, DevicePointer bp, long n, DevicePointer c,
      CudaScratch scratch) {
    cusparseConstSpMatDescr sa = new cusparseConstSpMatDescr();
    JCusparse.cusparseCreateConstCsr(sa, a.rows(), a.cols(), a.nnz(),
        CudaDevice.at(a.pointer(), a.csrRowPointerOffset()),
        CudaDevice.at(a.pointer(), a.csrColumnOffset()), CudaDevice.at(a.pointer(), 0),
        cusparseIndexType.CUSPARSE_INDEX_32I, cusparseIndexType.CUSPARSE_INDEX_32I,
        cusparseIndexBase.CUSPARSE_INDEX_BASE_ZERO, cudaDataType.CUDA_R_64F);
    cusparseConstDnMatDescr sb = new cusparseConstDnMatDescr();
    JCusparse.cusparseCreateConstDnMat(sb, a.cols(), n, n, CudaDevice.at(bp, 0),
        cudaDataType.CUDA_R_64F, cusparseOrder.CUSPARSE_ORDER_ROW);
    cusparseDnMatDescr sc = new cusparseDnMatDescr();
    JCusparse.cusparseCreateDnMat(sc, a.rows(), n, n, CudaDevice.at(c, 0),
        cudaDataType.CUDA_R_64F, cusparseOrder.CUSPARSE_ORDER_ROW);
    Pointer one = Pointer.to(new double[] {1});
    Pointer zero = Pointer.to(new double[] {0});
    int op = cusparseOperation.CUSPARSE_OPERATION_NON_TRANSPOSE;
    int alg = cusparseSpMMAlg.CUSPARSE_SPMM_ALG_DEFAULT;
    try {
      long[] bytes = new long[1];
      JCusparse.cusparseSpMM_bufferSize(device.cusparse(), op, op, one, sa, sb, zero, sc,
          cudaDataType.CUDA_R_64F, alg, bytes);
      DevicePointer buffer = scratch.allocate(bytes[0]);
      JCusparse.cusparseSpMM(device.cusparse(), op, op, one, sa, sb, zero, sc,
          cudaDataType.CUDA_R_64F, alg, CudaDevice.at(buffer, 0));
    } finally {
      JCusparse.cusparseDestroySpMat(sa);
      JCusparse.cusparseDestroyDnMat(sb);
      JCusparse.cusparseDestroyDnMat(asConst(sc));
    }
  }

  /**
   * The const view of a mutable dense descriptor: JCuda 12.6's {@code cusparseDestroyDnMat}
   * takes only const descriptors and its converting constructor is package-private.
   */
  private static cusparseConstDnMatDescr asConst(cusparseDnMatDescr d) {
    try {
      Constructor<cusparseConstDnMatDescr> c =
          cusparseConstDnMatDescr.class.getDeclaredConstructor(cusparseDnMatDescr.class);
      c.setAccessible(true);
      return c.newInstance(d);
    } catch (ReflectiveOperationException | RuntimeException e) {
      throw new IllegalStateException("cannot release a cuSPARSE dense descriptor with this "
          + "JCuda version", e);
    }
  }
}
