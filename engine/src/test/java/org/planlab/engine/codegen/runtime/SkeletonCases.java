package org.planlab.engine.codegen.runtime;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.planlab.engine.matrix.MatrixBlock;
import org.planlab.engine.matrix.TestMatrices;

/** Main inputs for the skeleton tests: shapes incl. empty and vectors, sparsities, formats. */
final class SkeletonCases {
  static final int[][] SHAPES = {{1, 1}, {1, 17}, {23, 1}, {7, 9}, {64, 33}, {130, 70}, {0, 5},
      {5, 0}};
  static final double[] SPARSITIES = {0, 0.01, 0.3, 1.0};

  /** Relative tolerance against the unfused references. */
  static final double TOL = 1e-12;

  private SkeletonCases() {
  }

  /** A main input with its description. */
  record Case(String name, MatrixBlock x) {
    @Override
    public String toString() {
      return name;
    }
  }

  /**
   * Every shape x sparsity in dense, CSR and MCSR form, plus never-allocated empty blocks in
   * both formats.
   */
  static List<Case> mains(long seed) {
    List<Case> out = new ArrayList<>();
    int i = 0;
    for (int[] s : SHAPES) {
      for (double sp : SPARSITIES) {
        MatrixBlock d = TestMatrices.random(s[0], s[1], sp, seed + 17L * i++, false);
        String n = s[0] + "x" + s[1] + " sp=" + sp;
        out.add(new Case(n + " dense", d));
        out.add(new Case(n + " csr", TestMatrices.otherFormat(d)));
        out.add(new Case(n + " mcsr", TestMatrices.asMCSR(d)));
      }
      out.add(new Case(s[0] + "x" + s[1] + " unallocated dense",
          MatrixBlock.empty(s[0], s[1], false)));
      out.add(new Case(s[0] + "x" + s[1] + " unallocated sparse",
          MatrixBlock.empty(s[0], s[1], true)));
    }
    return out;
  }

  /** A fully dense random block in the given format (values in U(-1, 1)). */
  static MatrixBlock side(int rows, int cols, long seed, boolean sparse) {
    return TestMatrices.random(rows, cols, 1.0, seed, sparse);
  }

  /** A side input of half density, in the given format. */
  static MatrixBlock halfSide(int rows, int cols, long seed, boolean sparse) {
    return TestMatrices.random(rows, cols, 0.5, seed, sparse);
  }

  /** A dense block with values in (lo, hi). */
  static MatrixBlock uniform(int rows, int cols, double lo, double hi, long seed) {
    Random rnd = new Random(seed);
    double[] v = new double[rows * cols];
    for (int i = 0; i < v.length; i++) {
      v[i] = lo + (hi - lo) * rnd.nextDouble();
    }
    return MatrixBlock.dense(rows, cols, v);
  }

  /** Stored non-zeros of a block, counted from the data. */
  static long nnz(MatrixBlock m) {
    long n = 0;
    for (double[] row : m.toArray()) {
      for (double v : row) {
        n += v != 0 ? 1 : 0;
      }
    }
    return n;
  }
}
