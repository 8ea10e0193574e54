package org.planlab.gpu.cuda;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.planlab.engine.codegen.cplan.CNode;
import org.planlab.engine.codegen.cplan.CPlan;
import org.planlab.engine.matrix.MatrixBlock;

/** Seeded test matrices, and inputs of the shapes a fused plan's leaves read. */
final class TestData {
  private TestData() {
  }

  /** Uniform values in [-1, 3). */
  static MatrixBlock dense(int rows, int cols, long seed) {
    Random r = new Random(seed);
    double[] v = new double[rows * cols];
    for (int i = 0; i < v.length; i++) {
      v[i] = r.nextDouble() * 4 - 1;
    }
    return MatrixBlock.dense(rows, cols, v);
  }

  /** A sparse (CSR) block with about {@code sparsity} non-zeros. */
  static MatrixBlock sparse(int rows, int cols, double sparsity, long seed) {
    Random r = new Random(seed);
    double[] v = new double[rows * cols];
    for (int i = 0; i < v.length; i++) {
      v[i] = r.nextDouble() < sparsity ? r.nextDouble() * 4 - 1 : 0;
    }
    return MatrixBlock.dense(rows, cols, v).toSparseInPlace();
  }

  /** Values where C and DML semantics part: halves, signed zeros, NaN, infinities. */
  static final double[] SPECIAL = {0.0, -0.0, 1, -1, 2.5, -2.5, 0.5, -0.5, 3, -7, 7,
      0.49999999999999994, Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY,
      1e300, -1e-300, 0x1p53};

  /** {@link #SPECIAL} in the first cells of a copy of {@code b}. */
  static MatrixBlock withSpecialValues(MatrixBlock b) {
    MatrixBlock c = b.copy();
    for (int i = 0; i < SPECIAL.length && i < c.cells(); i++) {
      c.set(i / c.cols(), i % c.cols(), SPECIAL[i]);
    }
    return c;
  }

  /**
   * Inputs for a Cell or Row plan: the main input m x n, then each side input in the shape its
   * leaves read it (cell, row or column vector, 1x1, row-aligned rows, a vector, a MatVec's
   * matrix). Vector lengths the plan equates (operands of one element-wise operation or dot
   * product) are equal; a length not equated with the main row's is 3, or a column slice's.
   */
  static List<MatrixBlock> inputsFor(CPlan plan, int m, int n, long seed) {
    List<CNode> nodes = FusedPlans.nodes(plan);
    Map<Integer, Integer> parent = new HashMap<>();
    for (CNode node : nodes) {
      if (node instanceof CNode.Binary b && b.left().isVector() && b.right().isVector()) {
        union(parent, key(b.left().length()), key(b.right().length()));
      } else if (node instanceof CNode.Dot d) {
        union(parent, key(d.left().length()), key(d.right().length()));
      }
    }
    int main = find(parent, -1);
    // a length equated with a fixed one (a column slice's) is that length
    Map<Integer, Integer> fixed = new HashMap<>();
    for (CNode node : nodes) {
      if (node.isVector() && node.length() != null && node.length().isFixed()) {
        fixed.put(find(parent, key(node.length())), node.length().fixed());
      }
    }
    java.util.function.IntUnaryOperator len = key -> find(parent, key) == main ? n
        : fixed.getOrDefault(find(parent, key), 3);
    Map<Integer, int[]> shapes = new HashMap<>();
    for (CNode node : nodes) {
      if (node instanceof CNode.Data d && d.access() != CNode.Access.MAIN
          && d.access() != CNode.Access.SCALAR) {
        int l = d.length() == null ? n : len.applyAsInt(d.length().side());
        shapes.put(d.index(), switch (d.access()) {
          case SIDE_CELL -> new int[] {m, n};
          case SIDE_ROW -> new int[] {1, n};
          case SIDE_COL -> new int[] {m, 1};
          case SIDE_SCALAR -> new int[] {1, 1};
          case SIDE_ROW_VECTOR -> new int[] {m, l};
          case SIDE_VECTOR -> new int[] {l, 1};
          default -> throw new AssertionError(d);
        });
      } else if (node instanceof CNode.MatVec mv) {
        shapes.put(mv.side(), new int[] {len.applyAsInt(mv.row().length().side()),
            len.applyAsInt(mv.side())});
      }
    }
    List<MatrixBlock> out = new ArrayList<>();
    out.add(dense(m, n, seed));
    for (int k = 0; k < plan.sides(); k++) {
      int[] s = shapes.getOrDefault(k, new int[] {m, n});
      out.add(dense(s[0], s[1], seed + 1 + k));
    }
    return out;
  }

  /** The union-find key of a vector length: -1 the main row, k side k, below -1 fixed. */
  private static int key(CNode.VecLen l) {
    return l.isFixed() ? -1 - l.fixed() : l.side();
  }

  private static int find(Map<Integer, Integer> parent, int key) {
    int p = parent.getOrDefault(key, key);
    return p == key ? key : find(parent, p);
  }

  private static void union(Map<Integer, Integer> parent, int a, int b) {
    int ra = find(parent, a);
    int rb = find(parent, b);
    if (ra != rb) {
      parent.put(ra, rb);
    }
  }

  /** The scalar inputs of a plan: 0.25, 1.25, ... */
  static double[] scalarsFor(CPlan plan) {
    double[] s = new double[plan.scalars()];
    for (int i = 0; i < s.length; i++) {
      s[i] = 0.25 + i;
    }
    // a column slice starts at the first column, which every row it reads has
    for (CNode node : FusedPlans.nodes(plan)) {
      if (node instanceof CNode.Slice x && x.from() instanceof CNode.Data d
          && d.access() == CNode.Access.SCALAR) {
        s[d.index()] = 1;
      }
    }
    return s;
  }
}
