package org.planlab.engine.kernels;

import java.util.Arrays;
import java.util.function.IntToDoubleFunction;
import org.planlab.engine.matrix.DimensionMismatchException;
import org.planlab.engine.matrix.MatrixBlock;
import org.planlab.engine.matrix.MatrixSizeException;
import org.planlab.engine.matrix.SparseBlockCSR;

/**
 * DML's contingency table {@code table(A, B, W, rows, cols)}: for every i,
 * {@code out[A_i, B_i] += W_i}, with A and B holding 1-based category codes.
 *
 * <p>Semantics follow SystemDS: A and B are column vectors of equal length, or one of them is a
 * 1x1 standing for a constant column (the one-hot idiom {@code table(seq(1, n), y)} or
 * {@code table(y, 1)}); W is a column vector of that length, a 1x1 constant, or absent (all
 * ones). Codes must be positive integers. An output dimension of -1 means "the largest code";
 * with a given dimension, pairs falling outside it are ignored.
 *
 * <p>Duplicate pairs are summed in input order in both output formats, so the result does not
 * depend on the format chosen.
 */
public final class TableKernels {
  /** Output dimension meaning "the largest code of that argument". */
  public static final int FROM_DATA = -1;

  private TableKernels() {
  }

  /**
   * The contingency table of A and B with weights W ({@code null}: every weight 1).
   *
   * @param outRows output rows, or {@link #FROM_DATA} for max(A)
   * @param outCols output columns, or {@link #FROM_DATA} for max(B)
   * @throws DimensionMismatchException when A, B or W is not a column vector of the common
   *     length (or a 1x1)
   * @throws IllegalArgumentException when a code is not a positive integer (naming the row and
   *     the value) or an output dimension is below -1
   */
  public static MatrixBlock table(MatrixBlock a, MatrixBlock b, MatrixBlock w, int outRows,
      int outCols) {
    int n = commonLength(a, b);
    IntToDoubleFunction weight;
    if (w == null) {
      weight = i -> 1.0;
    } else {
      checkColumnVector(w, "weights");
      if (w.rows() == n) {
        double[] wv = RowSegments.columnValues(w);
        weight = i -> wv[i];
      } else if (w.rows() == 1) {
        double wc = w.get(0, 0);
        weight = i -> wc;
      } else {
        throw new DimensionMismatchException("dimension mismatch in table: weights are "
            + w.shape() + " but the arguments have " + n + " rows (weights must be " + n
            + "x1 or 1x1)");
      }
    }
    return table(a, b, weight, n, outRows, outCols);
  }

  /** The contingency table of A and B with every pair weighted by the scalar {@code w}. */
  public static MatrixBlock table(MatrixBlock a, MatrixBlock b, double w, int outRows,
      int outCols) {
    return table(a, b, i -> w, commonLength(a, b), outRows, outCols);
  }

  /** The table of the n pairs of A and B weighted by {@code w}. */
  private static MatrixBlock table(MatrixBlock a, MatrixBlock b, IntToDoubleFunction w, int n,
      int outRows, int outCols) {
    if (isSequence(a, n)) {
      return sequenceTable(codes(b, n, 0, "second"), w, n, outRows, outCols);
    }
    return build(codes(a, n, 0, "first"), codes(b, n, 0, "second"), w, n, outRows, outCols);
  }

  /**
   * Rows {@code firstRow + 1} to {@code firstRow + nrow(y)} of the one-hot table
   * {@code table(seq(1, n), y, w, n, cols)}, y being those rows of a column vector of n codes:
   * row i holds {@code w} in column y_i, and nothing where y_i exceeds {@code cols} — what
   * {@link #table} computes for these rows of the whole, block by block (SystemDS rewrites this
   * idiom to its rexpand operator).
   *
   * @throws IllegalArgumentException when a code is not a positive integer, naming its row in
   *     the whole vector
   */
  public static MatrixBlock oneHotRows(MatrixBlock y, long firstRow, int cols, double w) {
    checkColumnVector(y, "second argument");
    int n = y.rows();
    return oneHot(codes(y, n, firstRow, "second"), i -> w, n, n, cols);
  }

  /**
   * {@code table(seq(1, n), b, w)} with {@code rows x cols} output: row i holds the one pair
   * (i, b_i), so the rows need no bucketing or sorting; a pair outside the output or whose
   * weight is 0 is dropped, as {@link #build} drops zero sums. Rows past n are empty.
   */
  private static MatrixBlock oneHot(int[] codes, IntToDoubleFunction w, int n, int rows,
      int cols) {
    int m = Math.min(n, rows);
    int[] ptr = new int[rows + 1];
    int[] ix = new int[m];
    double[] v = new double[m];
    int p = 0;
    for (int i = 0; i < m; i++) {
      double wi = w.applyAsDouble(i);
      if (codes[i] <= cols && wi != 0) {
        ix[p] = codes[i] - 1;
        v[p++] = wi;
      }
      ptr[i + 1] = p;
    }
    Arrays.fill(ptr, m + 1, rows + 1, p);
    SparseBlockCSR csr = new SparseBlockCSR(ptr, p == m ? ix : Arrays.copyOf(ix, p),
        p == m ? v : Arrays.copyOf(v, p));
    return MatrixBlock.sparse(rows, cols, csr).examSparsity();
  }

  private static MatrixBlock build(int[] ia, int[] ib, IntToDoubleFunction w, int n,
      int outRows, int outCols) {
    int rows = outDim(outRows, ia, n, "rows");
    int cols = outDim(outCols, ib, n, "columns");
    checkSize(rows, cols);
    // the pairs inside the output, in input order
    int[] keep = new int[n];
    int kept = 0;
    for (int i = 0; i < n; i++) {
      if (ia[i] <= rows && ib[i] <= cols) {
        keep[kept++] = i;
      }
    }
    if (kept == 0) {
      return MatrixBlock.empty(rows, cols);
    }
    long estimate = Math.min(kept, (long) rows * cols);
    if (!MatrixBlock.preferSparse(rows, cols, estimate)) {
      MatrixBlock out = MatrixBlock.dense(rows, cols);
      double[] c = out.denseValues();
      for (int k = 0; k < kept; k++) {
        int i = keep[k];
        c[(ia[i] - 1) * cols + ib[i] - 1] += w.applyAsDouble(i);
      }
      out.recomputeNonZeros();
      return out.examSparsity();
    }
    // bucket the pairs by output row (stable), then sort each row by (column, input index):
    // the index in the low bits keeps duplicates in input order for the summation
    int[] ptr = new int[rows + 1];
    for (int k = 0; k < kept; k++) {
      ptr[ia[keep[k]]]++;
    }
    for (int r = 0; r < rows; r++) {
      ptr[r + 1] += ptr[r];
    }
    int[] cursor = new int[rows];
    System.arraycopy(ptr, 0, cursor, 0, rows);
    long[] keys = new long[kept];
    for (int k = 0; k < kept; k++) {
      int i = keep[k];
      keys[cursor[ia[i] - 1]++] = ((long) (ib[i] - 1) << 32) | i;
    }
    int[] ix = new int[kept];
    double[] v = new double[kept];
    int p = 0;
    int start = 0;
    for (int r = 0; r < rows; r++) {
      int end = ptr[r + 1];
      Arrays.sort(keys, start, end);
      int k = start;
      while (k < end) {
        int col = (int) (keys[k] >>> 32);
        double sum = 0;
        for (; k < end && (int) (keys[k] >>> 32) == col; k++) {
          sum += w.applyAsDouble((int) keys[k]);
        }
        if (sum != 0) {
          ix[p] = col;
          v[p++] = sum;
        }
      }
      ptr[r + 1] = p;
      start = end;
    }
    SparseBlockCSR csr = new SparseBlockCSR(ptr, p == kept ? ix : Arrays.copyOf(ix, p),
        p == kept ? v : Arrays.copyOf(v, p));
    return MatrixBlock.sparse(rows, cols, csr).examSparsity();
  }

  /**
   * Whether A is the dense column 1, 2, ..., n, as {@code seq(1, n)} makes it: one pair per
   * output row, in row order.
   */
  private static boolean isSequence(MatrixBlock a, int n) {
    if (a.rows() != n || a.isSparse() || a.isEmpty()) {
      return false;
    }
    double[] d = a.denseValues();
    for (int i = 0; i < n; i++) {
      if (d[i] != i + 1) {
        return false;
      }
    }
    return true;
  }

  /**
   * {@code table(seq(1, n), b, w)}, the one-hot idiom (SystemDS rewrites it to its rexpand
   * operator): row i holds the one pair (i, b_i), so there is nothing to bucket, sort or sum,
   * and a dense output is written in one pass over the codes, its non-zeros counted on the way.
   * A pair outside the output or whose weight is 0 is dropped, as {@link #build} drops zero
   * sums. Rows past n are empty.
   */
  private static MatrixBlock sequenceTable(int[] codes, IntToDoubleFunction w, int n,
      int outRows, int outCols) {
    int rows = outRows == FROM_DATA ? n : outDim(outRows, codes, n, "rows");
    int cols = outDim(outCols, codes, n, "columns");
    checkSize(rows, cols);
    int m = Math.min(n, rows);
    if (m == 0 || cols == 0) {
      return MatrixBlock.empty(rows, cols);
    }
    if (MatrixBlock.preferSparse(rows, cols, m)) {
      return oneHot(codes, w, n, rows, cols);
    }
    MatrixBlock out = MatrixBlock.dense(rows, cols);
    double[] c = out.denseValues();
    long nnz = 0;
    for (int i = 0; i < m; i++) {
      double wi = w.applyAsDouble(i);
      if (codes[i] <= cols && wi != 0) {
        c[i * cols + codes[i] - 1] = wi;
        nnz++;
      }
    }
    out.setNonZeros(nnz);
    return out.examSparsity();
  }

  /** The length of the pairs: A's and B's rows, where a 1x1 operand adapts to the other. */
  private static int commonLength(MatrixBlock a, MatrixBlock b) {
    checkColumnVector(a, "first argument");
    checkColumnVector(b, "second argument");
    if (a.rows() == b.rows() || b.rows() == 1) {
      return a.rows();
    }
    if (a.rows() == 1) {
      return b.rows();
    }
    throw DimensionMismatchException.of("table", a, b,
        "the arguments must have the same number of rows, or one must be 1x1");
  }

  private static void checkColumnVector(MatrixBlock m, String what) {
    if (m.cols() != 1) {
      throw new DimensionMismatchException("dimension mismatch in table: the " + what
          + " must be a column vector, got a " + m.shape() + " matrix");
    }
  }

  /**
   * The codes of a column vector (a 1x1 repeated n times) as ints, checked to be positive
   * integers. Codes beyond the int range become Integer.MAX_VALUE: they lie outside any given
   * output dimension, and with dimensions from the data they make the output too large. Errors
   * name the row in the whole vector, of which {@code m} starts after row {@code firstRow}.
   */
  private static int[] codes(MatrixBlock m, int n, long firstRow, String which) {
    // a dense column vector's values are its column; others are copied into one
    double[] d = m.isSparse() || m.isEmpty() ? RowSegments.columnValues(m) : m.denseValues();
    boolean repeat = m.rows() != n;
    int[] out = new int[n];
    for (int i = 0; i < d.length; i++) {
      double x = d[i];
      checkCode(x, firstRow + i + 1, which);
      int code = x >= Integer.MAX_VALUE ? Integer.MAX_VALUE : (int) x;
      if (repeat) {
        Arrays.fill(out, code);
      } else {
        out[i] = code;
      }
    }
    return out;
  }

  private static int outDim(int given, int[] codes, int n, String what) {
    if (given >= 0) {
      return given;
    }
    if (given != FROM_DATA) {
      throw new IllegalArgumentException("table: output " + what + " must be >= 0, or -1 for"
          + " the largest value, got " + given);
    }
    int max = 0;
    for (int i = 0; i < n; i++) {
      max = Math.max(max, codes[i]);
    }
    return max;
  }

  private static void checkSize(int rows, int cols) {
    if (rows > MatrixBlock.MAX_DENSE_CELLS || cols > MatrixBlock.MAX_DENSE_CELLS) {
      throw new MatrixSizeException("table: an output of " + rows + "x" + cols
          + " exceeds the in-memory block limit of 2^31-1 rows or columns");
    }
  }

  /** Throws unless {@code x}, in 1-based row {@code row} of an argument, is a positive integer. */
  private static void checkCode(double x, long row, String which) {
    if (!(x >= 1) || x != Math.rint(x)) {
      throw new IllegalArgumentException("table: value " + format(x) + " in row " + row
          + " of the " + which + " argument is not a positive integer");
    }
  }

  /** Whole numbers without a trailing ".0", so that messages show what the user wrote. */
  private static String format(double x) {
    return x == Math.rint(x) && Math.abs(x) < 1e15 ? Long.toString((long) x) : Double.toString(x);
  }
}
