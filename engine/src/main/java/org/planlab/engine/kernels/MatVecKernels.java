package org.planlab.engine.kernels;

import java.util.Arrays;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.planlab.engine.matrix.MatrixBlock;
import org.planlab.engine.matrix.SparseBlock;
import org.planlab.engine.matrix.SparseBlockMCSR;
import org.planlab.engine.parallel.KernelPool;

/**
 * The vector fast paths of {@link MatMultKernels}: matrix-vector, vector-matrix (and t(X) %*% y,
 * which is the same loop), dot product and outer product. Callers have checked the shapes and
 * handled empty operands.
 */
final class MatVecKernels {
  /** Elements per chunk of a parallel dot product (fixed, so the sum order is too). */
  static final int DOT_CHUNK = 1 << 16;

  /**
   * From this many columns, t(X) %*% y over a dense X splits the columns among threads (no
   * partial vectors); below it, rows are split into chunks with one partial vector each.
   */
  static final int COLUMN_SPLIT_MIN_COLS = 1024;

  /** Columns per block of the column-split t(X) %*% y: 32 KiB of the output stays in L1. */
  private static final int COLUMN_BLOCK = 4096;

  /** Rows of the synthetic matrix of the warm-up ({@link #startWarmUp}). */
  static final int WARM_UP_ROWS = 32;
  /**
   * Products of the warm-up: more calls of the row loop, and more rows in all, than HotSpot's
   * tiered policy counts before it compiles a method with C2 (a timed batch would end once the
   * dot product is compiled, with the row loop around it still interpreted).
   */
  static final int WARM_UP_CALLS = 1500;

  /** This JVM's warm-up of the dense matrix-vector loop ({@link #startWarmUp}). */
  private static final JitWarmUp WARM_UP = new JitWarmUp("planlab-matvec-warmup", true);

  private MatVecKernels() {
  }

  /**
   * Starts, once per JVM, a daemon thread that runs the dense matrix-vector product
   * {@link #WARM_UP_CALLS} times over a synthetic {@link #WARM_UP_ROWS} x {@code inner} matrix,
   * so that C2 compiles its row loop; returns at once. A product over a million rows otherwise
   * runs its first rows interpreted until the loop is compiled on the stack, and at a script's
   * start C2 is busy: the first such product took several times its steady time.
   */
  static void startWarmUp(int inner) {
    WARM_UP.start(() -> {
      double[] values = new double[WARM_UP_ROWS * inner];
      for (int i = 0; i < values.length; i++) {
        values[i] = (i % 7) - 3;
      }
      MatrixBlock a = MatrixBlock.dense(WARM_UP_ROWS, inner, values);
      MatrixBlock b = MatrixBlock.dense(inner, 1, Arrays.copyOf(values, inner));
      for (int c = 0; c < WARM_UP_CALLS; c++) {
        matrixVector(a, b, KernelPool.sequential());
      }
      return true;
    });
  }

  /** 1xk %*% kx1: the dot product as a 1x1 block, summed in fixed-size chunks. */
  static MatrixBlock dot(MatrixBlock a, MatrixBlock b, KernelPool pool) {
    double[] bv = denseVector(b);
    List<Double> parts;
    if (!a.isSparse()) {
      double[] av = a.denseValues();
      int k = a.cols();
      parts = pool.mapChunks(k, DOT_CHUNK, k,
          (from, to) -> VectorPrimitives.dotProduct(av, bv, from, from, to - from));
    } else {
      SparseBlock sa = a.sparseRows();
      int apos = sa.pos(0);
      int alen = sa.size(0);
      int[] aix = sa.indexes(0);
      double[] avals = sa.values(0);
      parts = pool.mapChunks(alen, DOT_CHUNK, alen,
          (from, to) -> VectorPrimitives.dotProduct(avals, bv, aix, apos + from, 0, to - from));
    }
    double s = 0;
    for (double p : parts) {
      s += p;
    }
    return MatrixBlock.scalar(s).examSparsity();
  }

  /** mxk %*% kx1 with m > 1: one dot product per row. */
  static MatrixBlock matrixVector(MatrixBlock a, MatrixBlock b, KernelPool pool) {
    int m = a.rows();
    int k = a.cols();
    double[] bv = denseVector(b);
    MatrixBlock out = MatrixBlock.dense(m, 1);
    double[] c = out.denseValues();
    if (!a.isSparse()) {
      double[] av = a.denseValues();
      pool.parallelFor(m, (long) m * k, (rl, ru) -> {
        for (int i = rl; i < ru; i++) {
          c[i] = VectorPrimitives.dotProduct(av, bv, i * k, 0, k);
        }
      });
    } else {
      SparseBlock sa = a.sparseRows();
      pool.parallelFor(m, a.nnz(), (rl, ru) -> {
        for (int i = rl; i < ru; i++) {
          int alen = sa.size(i);
          if (alen > 0) {
            c[i] = VectorPrimitives.dotProduct(sa.values(i), bv, sa.indexes(i), sa.pos(i), 0, alen);
          }
        }
      });
    }
    out.recomputeNonZeros();
    return out.examSparsity();
  }

  /** 1xk %*% kxn with n > 1: the transposed matrix-vector product t(b) %*% t(a). */
  static MatrixBlock vectorMatrix(MatrixBlock a, MatrixBlock b, KernelPool pool) {
    double[] r = transposeTimesVector(b, denseVector(a), pool);
    return MatrixBlock.dense(1, b.cols(), r).examSparsity();
  }

  /**
   * t(x) %*% y for a vector y given as its values (length x.rows()), without materializing
   * t(x): every row of x adds y[i] * x[i, ] into the result (axpy). Returns the x.cols() values.
   */
  static double[] transposeTimesVector(MatrixBlock x, double[] y, KernelPool pool) {
    int r = x.rows();
    int c = x.cols();
    if (!x.isSparse() && c >= COLUMN_SPLIT_MIN_COLS) {
      // every output cell is written by one column range and summed over rows in order
      double[] xv = x.denseValues();
      double[] out = new double[c];
      pool.parallelFor(c, (long) r * c, (cl, cu) -> {
        for (int bj = cl; bj < cu; bj += COLUMN_BLOCK) {
          int len = Math.min(cu, bj + COLUMN_BLOCK) - bj;
          for (int i = 0; i < r; i++) {
            if (y[i] != 0) {
              VectorPrimitives.vectMultAdd(xv, y[i], out, i * c + bj, bj, len);
            }
          }
        }
      });
      return out;
    }
    List<double[]> parts;
    int chunk = ReductionChunks.chunkRows(r, c);
    if (!x.isSparse()) {
      double[] xv = x.denseValues();
      parts = pool.mapChunks(r, chunk, (long) r * c, (rl, ru) -> {
        double[] p = new double[c];
        for (int i = rl; i < ru; i++) {
          if (y[i] != 0) {
            VectorPrimitives.vectMultAdd(xv, y[i], p, i * c, 0, c);
          }
        }
        return p;
      });
    } else {
      SparseBlock sx = x.sparseRows();
      parts = pool.mapChunks(r, chunk, x.nnz(), (rl, ru) -> {
        double[] p = new double[c];
        for (int i = rl; i < ru; i++) {
          int alen = sx.size(i);
          if (alen > 0 && y[i] != 0) {
            VectorPrimitives.vectMultAdd(sx.values(i), y[i], p, sx.indexes(i), sx.pos(i), 0, alen);
          }
        }
        return p;
      });
    }
    return sumInOrder(parts, c);
  }

  /** mx1 %*% 1xn: the outer product, sparse when few products are non-zero. */
  static MatrixBlock outer(MatrixBlock a, MatrixBlock b, KernelPool pool) {
    int m = a.rows();
    int n = b.cols();
    double[] av = denseVector(a);
    double[] bv = denseVector(b);
    long estimate = a.nnz() * b.nnz();
    if (MatrixBlock.preferSparse(m, n, estimate)) {
      int bnnz = (int) b.nnz();
      int[] bix = new int[bnnz];
      double[] bvals = new double[bnnz];
      for (int j = 0, p = 0; j < n; j++) {
        if (bv[j] != 0) {
          bix[p] = j;
          bvals[p++] = bv[j];
        }
      }
      MatrixBlock out = MatrixBlock.sparse(m, n);
      SparseBlockMCSR sc = out.sparseRowsForUpdate();
      pool.parallelFor(m, estimate, (rl, ru) -> {
        for (int i = rl; i < ru; i++) {
          if (av[i] != 0) {
            sparseScaledRow(sc, i, av[i], bix, bvals);
          }
        }
      });
      out.setNonZeros(sc.size());
      return out.examSparsity();
    }
    MatrixBlock out = MatrixBlock.dense(m, n);
    double[] c = out.denseValues();
    AtomicLong nnz = new AtomicLong();
    pool.parallelFor(m, (long) m * n, (rl, ru) -> {
      for (int i = rl; i < ru; i++) {
        double ai = av[i];
        if (ai != 0) {
          int ci = i * n;
          for (int j = 0; j < n; j++) {
            c[ci + j] = ai * bv[j];
          }
        }
      }
      nnz.addAndGet(countNonZeros(c, rl * n, ru * n));
    });
    out.setNonZeros(nnz.get());
    return out.examSparsity();
  }

  /** Row i of a sparse result: s * (bix, bvals), dropping products that underflow to 0. */
  private static void sparseScaledRow(SparseBlockMCSR sc, int i, double s, int[] bix,
      double[] bvals) {
    int[] ix = new int[bix.length];
    double[] v = new double[bix.length];
    int p = 0;
    for (int j = 0; j < bix.length; j++) {
      double x = s * bvals[j];
      if (x != 0) {
        ix[p] = bix[j];
        v[p++] = x;
      }
    }
    if (p > 0) {
      sc.setRow(i, ix, v, p);
    }
  }

  /**
   * The cells of a row or column vector (or any block) as a row-major dense array: the block's
   * own array when dense (not to be written), else a new one.
   */
  static double[] denseVector(MatrixBlock v) {
    int len = Math.toIntExact(v.cells());
    if (!v.isAllocated()) {
      return new double[len];
    }
    if (!v.isSparse()) {
      return v.denseValues();
    }
    double[] out = new double[len];
    SparseBlock sb = v.sparseRows();
    int cols = v.cols();
    for (int r = 0; r < v.rows(); r++) {
      int apos = sb.pos(r);
      int alen = sb.size(r);
      int[] aix = sb.indexes(r);
      double[] avals = sb.values(r);
      for (int k = apos; k < apos + alen; k++) {
        out[r * cols + aix[k]] = avals[k];
      }
    }
    return out;
  }

  /** Element-wise sum of equally long partial vectors, in list order. */
  static double[] sumInOrder(List<double[]> parts, int len) {
    double[] out = new double[len];
    for (double[] p : parts) {
      VectorPrimitives.vectAdd(p, out, 0, 0, len);
    }
    return out;
  }

  /** Number of non-zeros in {@code c[from, to)}. */
  static long countNonZeros(double[] c, int from, int to) {
    long n = 0;
    for (int i = from; i < to; i++) {
      n += c[i] != 0 ? 1 : 0;
    }
    return n;
  }
}
