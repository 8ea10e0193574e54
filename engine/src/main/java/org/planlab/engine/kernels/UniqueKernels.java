package org.planlab.engine.kernels;

import static org.planlab.engine.kernels.ElementwiseSupport.isSparseView;
import static org.planlab.engine.kernels.ElementwiseSupport.scatter;
import static org.planlab.engine.kernels.ElementwiseSupport.sparseView;
import static org.planlab.engine.kernels.ElementwiseSupport.unscatter;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import org.planlab.engine.matrix.MatrixBlock;
import org.planlab.engine.matrix.SparseBlock;

/**
 * {@code unique(X[, dir])} as SystemDS 3.3.0: the distinct values of all cells as a column, or
 * with dir "r" of each row (rows x the largest count, padded with zeros), or with dir "c" of each
 * column (the largest count x cols, padded with zeros). Values appear in the iteration order of
 * a {@link HashSet} of the cells added in row-major order, which is the order SystemDS returns;
 * the boxing this costs buys results identical to SystemDS's. -0.0 counts as 0.0 and all NaNs as
 * one value.
 */
public final class UniqueKernels {
  private UniqueKernels() {
  }

  /** Directions of {@code unique}: all cells, per row, per column. */
  public enum Dir {
    ALL(""), ROWS("r"), COLS("c");

    private final String spelling;

    Dir(String spelling) {
      this.spelling = spelling;
    }

    /** The direction spelled {@code s} in DML ("" for none, "r", "c"). */
    public static Dir of(String s) {
      for (Dir d : values()) {
        if (d.spelling.equals(s)) {
          return d;
        }
      }
      throw new IllegalArgumentException("dir of unique must be \"r\" or \"c\", was \"" + s
          + "\"");
    }
  }

  public static MatrixBlock unique(MatrixBlock x, Dir dir) {
    int rows = x.rows();
    int cols = x.cols();
    double[] v = cells(x);
    return switch (dir) {
      case ALL -> {
        HashSet<Double> set = new HashSet<>();
        addAll(set, v, 0, rows * cols, 1);
        yield column(set);
      }
      case ROWS -> {
        List<HashSet<Double>> sets = new ArrayList<>(rows);
        for (int r = 0; r < rows; r++) {
          HashSet<Double> set = new HashSet<>();
          addAll(set, v, r * cols, cols, 1);
          sets.add(set);
        }
        yield padded(sets, true);
      }
      case COLS -> {
        List<HashSet<Double>> sets = new ArrayList<>(cols);
        for (int c = 0; c < cols; c++) {
          HashSet<Double> set = new HashSet<>();
          addAll(set, v, c, rows, cols);
          sets.add(set);
        }
        yield padded(sets, false);
      }
    };
  }

  private static void addAll(HashSet<Double> set, double[] v, int from, int count, int stride) {
    for (int k = 0, i = from; k < count; k++, i += stride) {
      double d = v[i];
      set.add(d == 0 ? 0.0 : d); // -0.0 == 0.0 as values
    }
  }

  /** All cells of {@code x} in row-major order (the dense array itself for a dense block). */
  private static double[] cells(MatrixBlock x) {
    if (!isSparseView(x)) {
      return x.denseValues();
    }
    int cols = x.cols();
    double[] out = new double[x.rows() * cols];
    SparseBlock sb = sparseView(x);
    double[] buf = new double[cols];
    for (int r = 0; r < x.rows(); r++) {
      scatter(sb, r, buf);
      System.arraycopy(buf, 0, out, r * cols, cols);
      unscatter(sb, r, buf);
    }
    return out;
  }

  private static MatrixBlock column(HashSet<Double> set) {
    MatrixBlock out = MatrixBlock.dense(set.size(), 1);
    double[] c = out.denseValues();
    int i = 0;
    for (double d : set) {
      c[i++] = d;
    }
    out.recomputeNonZeros();
    return out.examSparsity();
  }

  /** One set per row (or column) of the result, padded with zeros to the largest set. */
  private static MatrixBlock padded(List<HashSet<Double>> sets, boolean byRow) {
    int width = 0;
    for (HashSet<Double> s : sets) {
      width = Math.max(width, s.size());
    }
    int n = sets.size();
    int rows = byRow ? n : width;
    int cols = byRow ? width : n;
    MatrixBlock out = MatrixBlock.dense(rows, cols);
    double[] c = out.denseValues();
    for (int k = 0; k < n; k++) {
      int i = 0;
      for (double d : sets.get(k)) {
        c[byRow ? k * cols + i : i * cols + k] = d;
        i++;
      }
    }
    out.recomputeNonZeros();
    return out.examSparsity();
  }
}
