package org.planlab.engine.kernels;

import static org.planlab.engine.kernels.ElementwiseSupport.CHUNK_CELLS;
import static org.planlab.engine.kernels.ElementwiseSupport.countNonZeros;
import static org.planlab.engine.kernels.ElementwiseSupport.finish;
import static org.planlab.engine.kernels.ElementwiseSupport.isSparseView;
import static org.planlab.engine.kernels.ElementwiseSupport.rowsPerChunk;
import static org.planlab.engine.kernels.ElementwiseSupport.sparseView;
import static org.planlab.engine.kernels.ElementwiseSupport.sumChunks;
import static org.planlab.engine.kernels.ElementwiseSupport.vectorValues;

import org.planlab.engine.kernels.ElementwiseSupport.DenseRows;
import org.planlab.engine.matrix.MatrixBlock;
import org.planlab.engine.matrix.SparseBlock;
import org.planlab.engine.ops.BinaryOp;
import org.planlab.engine.parallel.KernelPool;

/**
 * Two matrices of the same shape, or a matrix and a 1 x cols row vector broadcast down its rows
 * (a "row operand": every output row reads the vector's row 0). Strategies, by the
 * operator's sparse safety (see {@link BinaryOp}) and the formats:
 *
 * <ul>
 *   <li>intersection (MULT, AND) with a sparse operand: visit that operand's non-zeros only,
 *       merging with the other one's when both are sparse;
 *   <li>a sparse matrix with a row vector whose every value maps 0 to 0 (e.g. {@code X / v}
 *       with v free of zeros): visit the matrix's non-zeros only;
 *   <li>union (PLUS, MINUS, ...) of two sparse operands with a sparse-looking result: merge the
 *       rows' non-zeros;
 *   <li>everything else: dense rows (sparse rows scattered into a buffer), dense loops.
 * </ul>
 */
final class MatrixBinaryKernels {
  private MatrixBinaryKernels() {
  }

  /**
   * {@code a op b}; both are {@code rows x cols} except a row operand ({@code aRow}/{@code bRow}),
   * which is 1 x cols.
   */
  static MatrixBlock apply(MatrixBlock a, boolean aRow, MatrixBlock b, boolean bRow, int rows,
      int cols, BinaryOp op, KernelPool pool) {
    boolean aSparse = isSparseView(a);
    boolean bSparse = isSparseView(b);
    if (op.intersectsNonZeros() && (aSparse || bSparse)) {
      // MULT, AND and bitwAnd commute: make the sparse operand the left one
      return aSparse
          ? intersect(a, aRow, b, bRow, rows, cols, op, pool)
          : intersect(b, bRow, a, aRow, rows, cols, op, pool);
    }
    if (!op.intersectsNonZeros()) {
      // a sparse matrix with a row vector that maps 0 to 0 in every column, e.g. X / colSums(X)
      if (bRow && aSparse && !aRow) {
        double[] v = vectorValues(b);
        if (zeroInEveryColumn(op, v, false)) {
          return sparseWithRow(a, v, false, rows, cols, op, pool);
        }
      }
      if (aRow && bSparse && !bRow) {
        double[] v = vectorValues(a);
        if (zeroInEveryColumn(op, v, true)) {
          return sparseWithRow(b, v, true, rows, cols, op, pool);
        }
      }
    }
    if (op.sparseSafe() && aSparse && bSparse) {
      long cells = (long) rows * cols;
      long estimate = Math.min(cells, spreadNnz(a, aRow, rows) + spreadNnz(b, bRow, rows));
      if (MatrixBlock.preferSparse(rows, cols, estimate)) {
        return union(a, aRow, b, bRow, rows, cols, op, pool);
      }
    }
    return dense(a, aRow, b, bRow, rows, cols, op, pool);
  }

  /** Non-zeros an operand contributes over all output rows (a row operand repeats). */
  private static long spreadNnz(MatrixBlock m, boolean rowOperand, int rows) {
    return rowOperand ? m.nnz() * rows : m.nnz();
  }

  /** MULT, AND or bitwAnd with sparse {@code a}: only a's non-zeros can give non-zeros. */
  private static MatrixBlock intersect(MatrixBlock a, boolean aRow, MatrixBlock b, boolean bRow,
      int rows, int cols, BinaryOp op, KernelPool pool) {
    SparseBlock sa = sparseView(a);
    boolean bSparse = isSparseView(b);
    SparseBlock sb = bSparse ? sparseView(b) : null;
    double[] db = bSparse ? null : b.denseValues();
    boolean mult = op == BinaryOp.MULT;
    int[] bound = new int[rows];
    long estimate = 0;
    for (int r = 0; r < rows; r++) {
      int la = sa.size(aRow ? 0 : r);
      bound[r] = bSparse ? Math.min(la, sb.size(bRow ? 0 : r)) : la;
      estimate += bound[r];
    }
    return ElementwiseSupport.fromRows(rows, cols, bound, estimate, pool,
        () -> (r, ix, vals, at) -> {
      int ar = aRow ? 0 : r;
      int br = bRow ? 0 : r;
      int i = sa.pos(ar);
      int aend = i + sa.size(ar);
      int[] aix = sa.indexes(ar);
      double[] av = sa.values(ar);
      int w = at;
      if (!bSparse) {
        int boff = br * cols;
        if (mult) {
          for (; i < aend; i++) {
            double v = av[i] * db[boff + aix[i]];
            if (v != 0) {
              ix[w] = aix[i];
              vals[w++] = v;
            }
          }
        } else {
          for (; i < aend; i++) {
            double v = op.apply(av[i], db[boff + aix[i]]); // AND or bitwAnd
            if (v != 0) {
              ix[w] = aix[i];
              vals[w++] = v;
            }
          }
        }
        return w - at;
      }
      int j = sb.pos(br);
      int bend = j + sb.size(br);
      int[] bix = sb.indexes(br);
      double[] bv = sb.values(br);
      while (i < aend && j < bend) {
        int ca = aix[i];
        int cb = bix[j];
        if (ca == cb) {
          double v = mult ? av[i] * bv[j] : op.apply(av[i], bv[j]);
          if (v != 0) {
            ix[w] = ca;
            vals[w++] = v;
          }
          i++;
          j++;
        } else if (ca < cb) {
          i++;
        } else {
          j++;
        }
      }
      return w - at;
    });
  }

  /** Whether {@code op(0, v[c])} (or {@code op(v[c], 0)}) is 0 for every c. */
  private static boolean zeroInEveryColumn(BinaryOp op, double[] v, boolean vectorOnLeft) {
    for (double x : v) {
      if (!op.sparseSafeWithScalar(x, vectorOnLeft)) {
        return false;
      }
    }
    return true;
  }

  /**
   * Sparse {@code x} with the row vector {@code v} on every row, where zeros of x give 0: visit
   * x's non-zeros, gathering the matching vector values so a specialised loop can run.
   */
  private static MatrixBlock sparseWithRow(MatrixBlock x, double[] v, boolean vectorOnLeft,
      int rows, int cols, BinaryOp op, KernelPool pool) {
    SparseBlock sx = sparseView(x);
    int[] bound = new int[rows];
    for (int r = 0; r < rows; r++) {
      bound[r] = sx.size(r);
    }
    return ElementwiseSupport.fromRows(rows, cols, bound, x.nnz(), pool, () -> {
      double[] gathered = new double[cols];
      return (r, ix, vals, at) -> {
        int pos = sx.pos(r);
        int len = sx.size(r);
        int[] xix = sx.indexes(r);
        for (int k = 0; k < len; k++) {
          gathered[k] = v[xix[pos + k]];
        }
        System.arraycopy(xix, pos, ix, at, len);
        if (vectorOnLeft) {
          BinaryLoops.vectorVector(op, gathered, 0, sx.values(r), pos, vals, at, len);
        } else {
          BinaryLoops.vectorVector(op, sx.values(r), pos, gathered, 0, vals, at, len);
        }
        return ElementwiseSupport.dropZeros(ix, vals, at, len);
      };
    });
  }

  /** A sparse-safe operator over two sparse operands: merge each row's non-zeros. */
  private static MatrixBlock union(MatrixBlock a, boolean aRow, MatrixBlock b, boolean bRow,
      int rows, int cols, BinaryOp op, KernelPool pool) {
    SparseBlock sa = sparseView(a);
    SparseBlock sb = sparseView(b);
    int[] bound = new int[rows];
    long estimate = 0;
    for (int r = 0; r < rows; r++) {
      bound[r] = (int) Math.min(cols, (long) sa.size(aRow ? 0 : r) + sb.size(bRow ? 0 : r));
      estimate += bound[r];
    }
    return ElementwiseSupport.fromRows(rows, cols, bound, estimate, pool,
        () -> (r, ix, vals, at) -> {
      int ar = aRow ? 0 : r;
      int br = bRow ? 0 : r;
      int i = sa.pos(ar);
      int j = sb.pos(br);
      return switch (op) {
        case PLUS -> mergeSum(1, sa.indexes(ar), sa.values(ar), i, i + sa.size(ar),
            sb.indexes(br), sb.values(br), j, j + sb.size(br), ix, vals, at);
        case MINUS -> mergeSum(-1, sa.indexes(ar), sa.values(ar), i, i + sa.size(ar),
            sb.indexes(br), sb.values(br), j, j + sb.size(br), ix, vals, at);
        default -> merge(op, sa.indexes(ar), sa.values(ar), i, i + sa.size(ar),
            sb.indexes(br), sb.values(br), j, j + sb.size(br), ix, vals, at);
      };
    });
  }

  /**
   * {@code a + sign*b} over the union of two sparse rows ({@code a - b} is exactly
   * {@code a + (-1*b)} in IEEE arithmetic); returns the number of entries written.
   */
  private static int mergeSum(double sign, int[] aix, double[] av, int i, int aend, int[] bix,
      double[] bv, int j, int bend, int[] ix, double[] vals, int at) {
    int w = at;
    while (i < aend && j < bend) {
      int ca = aix[i];
      int cb = bix[j];
      if (ca == cb) {
        double v = av[i++] + sign * bv[j++];
        if (v != 0) {
          ix[w] = ca;
          vals[w++] = v;
        }
      } else if (ca < cb) {
        ix[w] = ca;
        vals[w++] = av[i++];
      } else {
        ix[w] = cb;
        vals[w++] = sign * bv[j++];
      }
    }
    for (; i < aend; i++) {
      ix[w] = aix[i];
      vals[w++] = av[i];
    }
    for (; j < bend; j++) {
      ix[w] = bix[j];
      vals[w++] = sign * bv[j];
    }
    return w - at;
  }

  /** Any sparse-safe operator over the union of two sparse rows. */
  private static int merge(BinaryOp op, int[] aix, double[] av, int i, int aend, int[] bix,
      double[] bv, int j, int bend, int[] ix, double[] vals, int at) {
    int w = at;
    while (i < aend || j < bend) {
      int ca = i < aend ? aix[i] : Integer.MAX_VALUE;
      int cb = j < bend ? bix[j] : Integer.MAX_VALUE;
      int col;
      double v;
      if (ca == cb) {
        col = ca;
        v = op.apply(av[i++], bv[j++]);
      } else if (ca < cb) {
        col = ca;
        v = op.apply(av[i++], 0);
      } else {
        col = cb;
        v = op.apply(0, bv[j++]);
      }
      if (v != 0) {
        ix[w] = col;
        vals[w++] = v;
      }
    }
    return w - at;
  }

  /** Dense result: flat loops for two dense operands, else per row with sparse rows scattered. */
  private static MatrixBlock dense(MatrixBlock a, boolean aRow, MatrixBlock b, boolean bRow,
      int rows, int cols, BinaryOp op, KernelPool pool) {
    MatrixBlock out = MatrixBlock.denseToOverwrite(rows, cols); // every cell written below
    double[] c = out.denseValues();
    boolean aSparse = isSparseView(a);
    boolean bSparse = isSparseView(b);
    double[] da = aSparse ? null : a.denseValues();
    double[] db = bSparse ? null : b.denseValues();
    if (!aSparse && !bSparse && !aRow && !bRow) {
      int n = c.length;
      long nnz = sumChunks(pool, n, CHUNK_CELLS, n, (from, to) -> {
        BinaryLoops.vectorVector(op, da, from, db, from, c, from, to - from);
        return (long) countNonZeros(c, from, to);
      });
      return finish(out, nnz);
    }
    long nnz = sumChunks(pool, rows, rowsPerChunk(cols), out.cells(), (from, to) -> {
      DenseRows ra = DenseRows.of(a, aRow, cols);
      DenseRows rb = DenseRows.of(b, bRow, cols);
      double[] xa = ra.array();
      double[] xb = rb.array();
      for (int r = from; r < to; r++) {
        int ao = ra.load(r);
        int bo = rb.load(r);
        BinaryLoops.vectorVector(op, xa, ao, xb, bo, c, r * cols, cols);
        ra.release(r);
        rb.release(r);
      }
      return (long) countNonZeros(c, from * cols, to * cols);
    });
    return finish(out, nnz);
  }
}
