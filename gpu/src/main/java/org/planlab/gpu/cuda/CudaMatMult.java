package org.planlab.gpu.cuda;

import java.util.List;
import jcuda.Pointer;
import jcuda.jcublas.JCublas2;
import jcuda.jcublas.cublasFillMode;
import jcuda.jcublas.cublasOperation;
import jcuda.runtime.JCuda;
import org.planlab.engine.ops.BinaryOp;
import org.planlab.engine.runtime.instructions.MatMultInstruction;
import org.planlab.gpu.DeviceKernels;
import org.planlab.gpu.DeviceMatrix;
import org.planlab.gpu.DevicePointer;

/**
 * Matrix multiplication in every physical form lowering selects (optimizer paper, sec. 3.3;
 * {@link MatMultInstruction.Kind}) and transpose, on cuBLAS and cuSPARSE.
 *
 * <p>cuBLAS is column-major and planlab row-major: a row-major m x n array is the column-major
 * n x m transpose. So {@code C = A B} runs as {@code C^T = B^T A^T} (dgemm with the operands
 * swapped), {@code t(X) %*% X} as {@code dsyrk} over X's column-major view followed by a
 * generated kernel that mirrors the computed triangle, and {@code t(X)} as {@code dgeam}. A CSR
 * left operand of a plain product runs as {@code cusparseSpMM}; other CSR operands are
 * densified. mmchain is two products (and the element-wise weight) with the intermediate in a
 * temporary, as {@code MatMultInstruction} falls back to for shapes that do not chain.
 */
final class CudaMatMult {
  private static final Pointer ONE = Pointer.to(new double[] {1});
  private static final Pointer ZERO = Pointer.to(new double[] {0});
  private static final int N = cublasOperation.CUBLAS_OP_N;
  private static final int T = cublasOperation.CUBLAS_OP_T;

  private final CudaDevice device;
  private final CudaSparse sparse;
  private final CudaKernels kernels;
  private final CudaProgram mirror = new CudaSource().mirror();

  CudaMatMult(CudaDevice device, CudaSparse sparse, CudaKernels kernels) {
    this.device = device;
    this.sparse = sparse;
    this.kernels = kernels;
  }

  /** The product of {@code kind} over its inputs (MatMultInstruction's input order). */
  DeviceMatrix run(MatMultInstruction.Kind kind, List<DeviceMatrix> in,
      DeviceKernels.Outputs outputs, CudaScratch scratch) {
    DeviceMatrix x = in.get(0);
    return switch (kind) {
      case MULTIPLY -> multiply(x, in.get(1), outputs, scratch);
      case TSMM_LEFT -> tsmm(x, true, outputs, scratch);
      case TSMM_RIGHT -> tsmm(x, false, outputs, scratch);
      case TRANSPOSE_LEFT -> transposeLeft(x, in.get(1), outputs, scratch);
      case MMCHAIN_XTXV -> chain(x, in.get(1), null, outputs, scratch);
      case MMCHAIN_XTWXV -> chain(x, in.get(1), in.get(2), outputs, scratch);
    };
  }

  /** {@code a %*% b}: cuSPARSE for a CSR {@code a}, else dgemm. */
  private DeviceMatrix multiply(DeviceMatrix a, DeviceMatrix b, DeviceKernels.Outputs outputs,
      CudaScratch scratch) {
    requireInner(a.cols(), b.rows(), a, b);
    DeviceMatrix c = outputs.allocate(a.rows(), b.cols(), a.rows() * b.cols(),
        DeviceMatrix.Layout.DENSE);
    product(a, sparse.dense(b, scratch), b.cols(), c.pointer(), scratch);
    return c;
  }

  /** {@code c = a %*% b} into the dense m x n array at {@code c}; b is dense k x n. */
  private void product(DeviceMatrix a, DevicePointer b, long n, DevicePointer c,
      CudaScratch scratch) {
    long m = a.rows();
    long k = a.cols();
    if (m == 0 || n == 0) {
      return;
    }
    if (k == 0 || a.layout() == DeviceMatrix.Layout.CSR && a.nnz() == 0) {
      zero(c, m * n);
    } else if (a.layout() == DeviceMatrix.Layout.CSR) {
      sparse.multiply(a, b, n, c, scratch);
    } else {
      // C^T (n x m) = B^T (n x k) A^T (k x m), all column-major views of row-major arrays
      JCublas2.cublasDgemm(device.cublas(), N, N, (int) n, (int) m, (int) k, ONE,
          CudaDevice.at(b, 0), (int) n, CudaDevice.at(a.pointer(), 0), (int) k, ZERO,
          CudaDevice.at(c, 0), (int) n);
    }
  }

  /** {@code t(X) %*% X} (left) or {@code X %*% t(X)}: dsyrk, then the mirrored triangle. */
  private DeviceMatrix tsmm(DeviceMatrix x, boolean left, DeviceKernels.Outputs outputs,
      CudaScratch scratch) {
    long m = x.rows();
    long n = x.cols();
    long size = left ? n : m;
    long inner = left ? m : n;
    DeviceMatrix c = outputs.allocate(size, size, size * size, DeviceMatrix.Layout.DENSE);
    if (size == 0) {
      return c;
    }
    if (inner == 0 || x.layout() == DeviceMatrix.Layout.CSR && x.nnz() == 0) {
      zero(c.pointer(), size * size);
      return c;
    }
    DevicePointer xp = sparse.dense(x, scratch);
    // X's column-major view Xc is n x m (leading dimension n): t(X) X = Xc Xc^T (no transpose
    // in dsyrk), X t(X) = Xc^T Xc (transpose); the lower column-major triangle dsyrk fills is
    // the row-major upper triangle
    JCublas2.cublasDsyrk(device.cublas(), cublasFillMode.CUBLAS_FILL_MODE_LOWER, left ? N : T,
        (int) size, (int) inner, ONE, CudaDevice.at(xp, 0), (int) n, ZERO,
        CudaDevice.at(c.pointer(), 0), (int) size);
    CudaModules.launch(device.modules().function(mirror, mirror.name()),
        CudaKernels.grid(CudaKernels.blocksFor(size * size)), CudaSource.BLOCK, 1,
        new CudaModules.Args().pointer(c.pointer()).i64(size));
    return c;
  }

  /** {@code t(a) %*% b} with {@code a} as given (tlmm: the transpose is never materialized). */
  private DeviceMatrix transposeLeft(DeviceMatrix a, DeviceMatrix b,
      DeviceKernels.Outputs outputs, CudaScratch scratch) {
    requireInner(a.rows(), b.rows(), a, b);
    DeviceMatrix c = outputs.allocate(a.cols(), b.cols(), a.cols() * b.cols(),
        DeviceMatrix.Layout.DENSE);
    transposeLeftInto(a, sparse.dense(a, scratch), sparse.dense(b, scratch), b.cols(),
        c.pointer());
    return c;
  }

  /**
   * {@code t(a) %*% b} into {@code c}, {@code a} r x p (dense at {@code ap}), b r x q dense:
   * column-major {@code C^T (q x p) = B^T A} is dgemm(N, T) over the row-major arrays' views.
   */
  private void transposeLeftInto(DeviceMatrix a, DevicePointer ap, DevicePointer bp, long q,
      DevicePointer c) {
    long r = a.rows();
    long p = a.cols();
    if (p == 0 || q == 0) {
      return;
    }
    if (r == 0) {
      zero(c, p * q);
      return;
    }
    JCublas2.cublasDgemm(device.cublas(), N, T, (int) q, (int) p, (int) r, ONE,
        CudaDevice.at(bp, 0), (int) q, CudaDevice.at(ap, 0), (int) p, ZERO,
        CudaDevice.at(c, 0), (int) q);
  }

  /** {@code t(X) %*% (X %*% v)} or {@code t(X) %*% (w * (X %*% v))}. */
  private DeviceMatrix chain(DeviceMatrix x, DeviceMatrix v, DeviceMatrix w,
      DeviceKernels.Outputs outputs, CudaScratch scratch) {
    requireInner(x.cols(), v.rows(), x, v);
    long m = x.rows();
    long k = v.cols();
    DevicePointer xp = sparse.dense(x, scratch);
    DevicePointer q = scratch.doubles(m * k);
    DeviceMatrix xd = x.layout() == DeviceMatrix.Layout.DENSE ? x
        : new DeviceMatrix(xp, m, x.cols(), m * x.cols(), DeviceMatrix.Layout.DENSE);
    product(xd, sparse.dense(v, scratch), k, q, scratch);
    DeviceMatrix xv = new DeviceMatrix(q, m, k, m * k, DeviceMatrix.Layout.DENSE);
    if (w != null) {
      // w * (X %*% v) with w on the left, as MatMultInstruction's fallback computes it
      CudaSource.Broadcast kind = CudaKernels.broadcast(BinaryOp.MULT, w, xv);
      DeviceMatrix main = kind.mainIsLeft() ? w : xv;
      DevicePointer weighted = scratch.doubles(main.rows() * main.cols());
      kernels.binaryInto(BinaryOp.MULT, kind, w, xv, weighted, scratch);
      xv = new DeviceMatrix(weighted, main.rows(), main.cols(), main.rows() * main.cols(),
          DeviceMatrix.Layout.DENSE);
    }
    requireInner(m, xv.rows(), x, xv);
    DeviceMatrix c = outputs.allocate(x.cols(), xv.cols(), x.cols() * xv.cols(),
        DeviceMatrix.Layout.DENSE);
    transposeLeftInto(xd, xp, xv.pointer(), xv.cols(), c.pointer());
    return c;
  }

  /** {@code t(x)}: dgeam with a transposed first operand and no second one. */
  DeviceMatrix transpose(DeviceMatrix x, DeviceKernels.Outputs outputs, CudaScratch scratch) {
    long m = x.rows();
    long n = x.cols();
    DeviceMatrix c = outputs.allocate(n, m, n * m, DeviceMatrix.Layout.DENSE);
    if (m == 0 || n == 0) {
      return c;
    }
    DevicePointer xp = sparse.dense(x, scratch);
    // row-major t(X) (n x m) is column-major m x n = (X's column-major n x m view)^T
    JCublas2.cublasDgeam(device.cublas(), T, N, (int) m, (int) n, ONE, CudaDevice.at(xp, 0),
        (int) n, ZERO, CudaDevice.at(c.pointer(), 0), (int) m, CudaDevice.at(c.pointer(), 0),
        (int) m);
    return c;
  }

  private static void zero(DevicePointer p, long cells) {
    JCuda.cudaMemset(CudaDevice.at(p, 0), 0, 8 * cells);
  }

  private static void requireInner(long left, long right, DeviceMatrix a, DeviceMatrix b) {
    if (left != right) {
      throw new IllegalArgumentException("matrix multiply of a " + a.rows() + "x" + a.cols()
          + " and a " + b.rows() + "x" + b.cols() + " matrix: inner dimensions differ");
    }
  }
}
