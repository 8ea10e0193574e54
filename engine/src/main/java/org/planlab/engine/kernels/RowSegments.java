package org.planlab.engine.kernels;

import java.util.List;
import org.planlab.engine.matrix.MatrixBlock;
import org.planlab.engine.matrix.MatrixSizeException;
import org.planlab.engine.matrix.SparseBlock;
import org.planlab.engine.matrix.SparseBlockCSR;
import org.planlab.engine.parallel.KernelPool;

/**
 * Copying pieces of rows between blocks, the building step that slicing, left indexing,
 * binding, reordering and removeEmpty share. Every method branches on the source format once
 * and then runs a plain loop; none touches the arrays of an empty source (a block with nnz 0
 * may hold none, and allocating them would modify an input).
 */
final class RowSegments {
  /** Rows per chunk when counting non-zeros with {@link KernelPool#mapChunks}. */
  private static final int COUNT_CHUNK_ROWS = 1024;

  private RowSegments() {
  }

  /** First position in {@code ix[from, to)} holding a column index {@code >= c} (to if none). */
  static int lowerBound(int[] ix, int from, int to, int c) {
    int lo = from;
    int hi = to;
    while (lo < hi) {
      int mid = (lo + hi) >>> 1;
      if (ix[mid] < c) {
        lo = mid + 1;
      } else {
        hi = mid;
      }
    }
    return lo;
  }

  /**
   * {@code nnz} as the length of CSR arrays, or a {@link MatrixSizeException} naming the
   * operation when it exceeds the per-block limit.
   */
  static int csrCapacity(long nnz, String op, int rows, int cols) {
    if (nnz > Integer.MAX_VALUE - 8L) {
      throw new MatrixSizeException("the " + rows + "x" + cols + " result of " + op + " with "
          + nnz + " non-zeros exceeds the sparse block limit of 2^31-1 entries");
    }
    return (int) nnz;
  }

  /** The values of column vector {@code x} (rows x 1) as a dense array. */
  static double[] columnValues(MatrixBlock x) {
    int m = x.rows();
    double[] d = new double[m];
    if (x.isEmpty()) {
      return d;
    }
    if (!x.isSparse()) {
      System.arraycopy(x.denseValues(), 0, d, 0, m);
      return d;
    }
    SparseBlock sb = x.sparseRows();
    for (int r = 0; r < m; r++) {
      if (sb.size(r) > 0) {
        d[r] = sb.values(r)[sb.pos(r)];
      }
    }
    return d;
  }

  /** Number of non-zeros of row {@code r} of {@code x} in columns [c0, c1). */
  static int countRow(MatrixBlock x, int r, int c0, int c1) {
    if (x.isEmpty() || c0 >= c1) {
      return 0;
    }
    if (x.isSparse()) {
      SparseBlock sb = x.sparseRows();
      int apos = sb.pos(r);
      int aend = apos + sb.size(r);
      if (c0 == 0 && c1 == x.cols()) {
        return aend - apos;
      }
      int[] aix = sb.indexes(r);
      int lo = lowerBound(aix, apos, aend, c0);
      return lowerBound(aix, lo, aend, c1) - lo;
    }
    double[] a = x.denseValues();
    int off = r * x.cols();
    int n = 0;
    for (int j = off + c0; j < off + c1; j++) {
      n += a[j] != 0 ? 1 : 0;
    }
    return n;
  }

  /** Number of non-zeros of {@code x} in rows [r0, r1) and columns [c0, c1). */
  static long countRange(MatrixBlock x, int r0, int r1, int c0, int c1) {
    if (x.isEmpty()) {
      return 0;
    }
    if (r0 == 0 && r1 == x.rows() && c0 == 0 && c1 == x.cols()) {
      return x.nnz();
    }
    long n = 0;
    for (int r = r0; r < r1; r++) {
      n += countRow(x, r, c0, c1);
    }
    return n;
  }

  /**
   * Appends the non-zeros of row {@code r} of {@code x} in columns [c0, c1) to {@code ix/v}
   * from position {@code p}, each column index shifted by {@code shift}; returns the next free
   * position. Column order is kept, so appending segments left to right yields a sorted row.
   */
  static int appendRow(MatrixBlock x, int r, int c0, int c1, int shift, int[] ix, double[] v,
      int p) {
    if (x.isEmpty() || c0 >= c1) {
      return p;
    }
    if (x.isSparse()) {
      SparseBlock sb = x.sparseRows();
      int apos = sb.pos(r);
      int aend = apos + sb.size(r);
      int[] aix = sb.indexes(r);
      double[] av = sb.values(r);
      int lo = c0 == 0 ? apos : lowerBound(aix, apos, aend, c0);
      int hi = c1 == x.cols() ? aend : lowerBound(aix, lo, aend, c1);
      int len = hi - lo;
      if (shift == 0) {
        System.arraycopy(aix, lo, ix, p, len);
      } else {
        for (int k = 0; k < len; k++) {
          ix[p + k] = aix[lo + k] + shift;
        }
      }
      System.arraycopy(av, lo, v, p, len);
      return p + len;
    }
    double[] a = x.denseValues();
    int off = r * x.cols();
    for (int c = c0; c < c1; c++) {
      double val = a[off + c];
      if (val != 0) {
        ix[p] = c + shift;
        v[p++] = val;
      }
    }
    return p;
  }

  /**
   * Writes row {@code r} of {@code x}, columns [c0, c1), to {@code out[off, off + c1 - c0)},
   * which must hold zeros (sparse sources only write their non-zeros).
   */
  static void scatterRow(MatrixBlock x, int r, int c0, int c1, double[] out, int off) {
    if (x.isEmpty() || c0 >= c1) {
      return;
    }
    if (x.isSparse()) {
      SparseBlock sb = x.sparseRows();
      int apos = sb.pos(r);
      int aend = apos + sb.size(r);
      int[] aix = sb.indexes(r);
      double[] av = sb.values(r);
      int lo = c0 == 0 ? apos : lowerBound(aix, apos, aend, c0);
      int base = off - c0;
      for (int k = lo; k < aend && aix[k] < c1; k++) {
        out[base + aix[k]] = av[k];
      }
      return;
    }
    System.arraycopy(x.denseValues(), r * x.cols() + c0, out, off, c1 - c0);
  }

  /**
   * A block whose row {@code i} is row {@code src[i]} of {@code x} ({@code i < n}), in the
   * format {@link MatrixBlock#preferSparse} picks for the result. {@code knownNnz} is the
   * result's nnz when the caller knows it (a permutation keeps nnz), else -1.
   */
  static MatrixBlock gatherRows(MatrixBlock x, int[] src, int n, long knownNnz, KernelPool pool) {
    int cols = x.cols();
    if (x.isEmpty() || n == 0 || cols == 0) {
      return MatrixBlock.empty(n, cols);
    }
    if (!x.isSparse()) {
      return gatherDenseRows(x, src, n, knownNnz, pool);
    }
    SparseBlock sb = x.sparseRows();
    long nnz = knownNnz;
    if (nnz < 0) {
      nnz = 0;
      for (int i = 0; i < n; i++) {
        nnz += sb.size(src[i]);
      }
    }
    long work = nnz + n;
    if (!MatrixBlock.preferSparse(n, cols, nnz)) {
      MatrixBlock out = MatrixBlock.dense(n, cols);
      double[] c = out.denseValues();
      pool.parallelFor(n, work, (from, to) -> {
        for (int i = from; i < to; i++) {
          scatterRow(x, src[i], 0, cols, c, i * cols);
        }
      });
      out.setNonZeros(nnz);
      return out;
    }
    int[] ptr = new int[n + 1];
    for (int i = 0; i < n; i++) {
      ptr[i + 1] = ptr[i] + sb.size(src[i]);
    }
    int[] ix = new int[ptr[n]];
    double[] v = new double[ptr[n]];
    pool.parallelFor(n, work, (from, to) -> {
      for (int i = from; i < to; i++) {
        int r = src[i];
        int apos = sb.pos(r);
        int alen = sb.size(r);
        System.arraycopy(sb.indexes(r), apos, ix, ptr[i], alen);
        System.arraycopy(sb.values(r), apos, v, ptr[i], alen);
      }
    });
    return MatrixBlock.sparse(n, cols, new SparseBlockCSR(ptr, ix, v));
  }

  private static MatrixBlock gatherDenseRows(MatrixBlock x, int[] src, int n, long knownNnz,
      KernelPool pool) {
    int cols = x.cols();
    double[] a = x.denseValues();
    MatrixBlock out = MatrixBlock.dense(n, cols);
    double[] c = out.denseValues();
    long work = (long) n * cols;
    long nnz;
    if (knownNnz >= 0) {
      pool.parallelFor(n, work, (from, to) -> {
        for (int i = from; i < to; i++) {
          System.arraycopy(a, src[i] * cols, c, i * cols, cols);
        }
      });
      nnz = knownNnz;
    } else {
      // integer partial counts: their sum does not depend on the chunking, but mapChunks keeps
      // the split independent of the thread count anyway
      List<Long> counts = pool.mapChunks(n, COUNT_CHUNK_ROWS, work, (from, to) -> {
        long cnt = 0;
        for (int i = from; i < to; i++) {
          int soff = src[i] * cols;
          int doff = i * cols;
          for (int j = 0; j < cols; j++) {
            double val = a[soff + j];
            c[doff + j] = val;
            cnt += val != 0 ? 1 : 0;
          }
        }
        return cnt;
      });
      nnz = 0;
      for (long cnt : counts) {
        nnz += cnt;
      }
    }
    out.setNonZeros(nnz);
    return out.examSparsity();
  }
}
