package org.planlab.gpu;

import java.util.Objects;
import org.planlab.engine.matrix.MatrixBlock;

/**
 * A matrix in device memory, as the kernels see it: one allocation holding a dense row-major
 * array of doubles, or a CSR matrix (values, then column indexes, then row pointers, each array
 * 8-byte aligned) as cuSPARSE reads it.
 *
 * @param pointer the allocation
 * @param rows rows
 * @param cols columns
 * @param nnz non-zeros (for a dense matrix, rows x cols is what the allocation holds)
 * @param layout dense or CSR
 */
public record DeviceMatrix(DevicePointer pointer, long rows, long cols, long nnz, Layout layout)
    implements DeviceOperand {

  /** How a matrix is laid out in device memory. */
  public enum Layout {
    /** Row-major doubles, {@code rows * cols} of them. */
    DENSE,
    /**
     * Compressed sparse rows: {@code nnz} doubles, {@code nnz} 32-bit column indexes and
     * {@code rows + 1} 32-bit row pointers.
     */
    CSR
  }

  public DeviceMatrix {
    Objects.requireNonNull(pointer, "pointer is null");
    Objects.requireNonNull(layout, "layout is null");
    if (pointer.bytes() < bytes(rows, cols, nnz, layout)) {
      throw new IllegalArgumentException("a " + layout + " " + rows + "x" + cols + " matrix with "
          + nnz + " non-zeros needs " + bytes(rows, cols, nnz, layout) + " bytes, the "
          + "allocation has " + pointer.bytes());
    }
  }

  /** Bytes of device memory a matrix of this shape and layout takes (at least 8). */
  public static long bytes(long rows, long cols, long nnz, Layout layout) {
    long b = layout == Layout.DENSE ? 8 * rows * cols
        : 8 * nnz + align8(4 * nnz) + align8(4 * (rows + 1));
    return Math.max(8, b);
  }

  /** The layout a host block is copied to the device in: CSR for sparse blocks. */
  public static Layout layoutOf(MatrixBlock block) {
    return block.isSparse() ? Layout.CSR : Layout.DENSE;
  }

  /** Byte offset of the column indexes of a CSR matrix in its allocation. */
  public long csrColumnOffset() {
    return 8 * nnz;
  }

  /** Byte offset of the row pointers of a CSR matrix in its allocation. */
  public long csrRowPointerOffset() {
    return 8 * nnz + align8(4 * nnz);
  }

  private static long align8(long b) {
    return (b + 7) & ~7L;
  }
}
