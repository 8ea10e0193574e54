package org.planlab.engine.compile.dynamic;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import org.planlab.engine.compile.size.SizeTable;
import org.planlab.engine.ir.DataCharacteristics;
import org.planlab.engine.ir.Hop;
import org.planlab.engine.ir.HopDag;
import org.planlab.engine.ir.OpCode;

/**
 * Matrix multiplication chain optimization (optimizer paper, sec. 3.1): a maximal chain of
 * {@code %*%} whose inner products have a single consumer is re-parenthesised by the classic
 * dynamic program over sub-chains (optimal substructure, overlapping subproblems), with the
 * cost of an {@code m x k} by {@code k x n} product taken as {@code m*k*n} flops — assuming,
 * as the paper does, independence from the sparsity of intermediates. A chain is rebuilt only
 * when its order is strictly cheaper than the written one, and only when all operand dims are
 * known.
 */
public final class MatMultChainOptimizer {
  private MatMultChainOptimizer() {
  }

  /** {@code dag} with every optimisable chain in its cheapest order. */
  public static HopDag optimize(HopDag dag, SizeTable sizes) {
    Map<Hop, List<Hop>> consumers = dag.consumers();
    Map<Hop, Hop> rebuilt = new IdentityHashMap<>();
    for (Hop h : dag.topologicalOrder()) {
      List<Hop> inputs = new ArrayList<>(h.inputs().size());
      for (Hop in : h.inputs()) {
        inputs.add(rebuilt.get(in));
      }
      Hop out = h.withInputs(inputs);
      if (h.op() == OpCode.MATMULT && isChainRoot(h, consumers)) {
        out = reorder(h, out, consumers, sizes, rebuilt);
      }
      rebuilt.put(h, out);
    }
    List<Hop> roots = new ArrayList<>();
    for (Hop r : dag.roots()) {
      roots.add(rebuilt.get(r));
    }
    return roots.equals(dag.roots()) ? dag : new HopDag(roots);
  }

  private static boolean isChainRoot(Hop h, Map<Hop, List<Hop>> consumers) {
    List<Hop> c = consumers.get(h);
    return !(c.size() == 1 && c.get(0).op() == OpCode.MATMULT);
  }

  private static Hop reorder(Hop root, Hop fallback, Map<Hop, List<Hop>> consumers,
      SizeTable sizes, Map<Hop, Hop> rebuilt) {
    List<Hop> operands = new ArrayList<>();
    collect(root, consumers, operands, true);
    if (operands.size() < 3) {
      return fallback;
    }
    long[] dims = new long[operands.size() + 1];
    for (int i = 0; i < operands.size(); i++) {
      DataCharacteristics s = sizes.get(operands.get(i));
      if (!s.dimsKnown() || i > 0 && dims[i] != s.rows()) {
        return fallback;
      }
      dims[i] = s.rows();
      dims[i + 1] = s.cols();
    }
    int[][] split = optimalSplits(dims);
    double best = cost(dims, split, 0, operands.size() - 1);
    double written = writtenCost(root, consumers, sizes);
    if (!(best < written)) {
      return fallback;
    }
    List<Hop> mapped = new ArrayList<>();
    for (Hop op : operands) {
      mapped.add(rebuilt.get(op));
    }
    return build(mapped, split, 0, operands.size() - 1, root);
  }

  /** The chain's operands left to right; inner products with one consumer are expanded. */
  private static void collect(Hop h, Map<Hop, List<Hop>> consumers, List<Hop> out,
      boolean isRoot) {
    if (h.op() == OpCode.MATMULT && (isRoot || consumers.get(h).size() == 1)) {
      collect(h.input(0), consumers, out, false);
      collect(h.input(1), consumers, out, false);
    } else {
      out.add(h);
    }
  }

  /** Flops of the chain as written. */
  private static double writtenCost(Hop h, Map<Hop, List<Hop>> consumers, SizeTable sizes) {
    double c = 0;
    for (Hop in : h.inputs()) {
      if (in.op() == OpCode.MATMULT && consumers.get(in).size() == 1) {
        c += writtenCost(in, consumers, sizes);
      }
    }
    DataCharacteristics a = sizes.get(h.input(0));
    DataCharacteristics b = sizes.get(h.input(1));
    return c + (double) a.rows() * a.cols() * b.cols();
  }

  /**
   * The classic O(n^3) dynamic program: {@code split[i][j]} is the k at which the optimal
   * order of operands i..j splits into (i..k)(k+1..j); operand i is {@code dims[i] x
   * dims[i+1]}.
   */
  static int[][] optimalSplits(long[] dims) {
    int n = dims.length - 1;
    double[][] cost = new double[n][n];
    int[][] split = new int[n][n];
    for (int len = 2; len <= n; len++) {
      for (int i = 0; i + len - 1 < n; i++) {
        int j = i + len - 1;
        cost[i][j] = Double.POSITIVE_INFINITY;
        for (int k = i; k < j; k++) {
          double c = cost[i][k] + cost[k + 1][j] + (double) dims[i] * dims[k + 1] * dims[j + 1];
          if (c < cost[i][j]) {
            cost[i][j] = c;
            split[i][j] = k;
          }
        }
      }
    }
    return split;
  }

  static double cost(long[] dims, int[][] split, int i, int j) {
    if (i == j) {
      return 0;
    }
    int k = split[i][j];
    return cost(dims, split, i, k) + cost(dims, split, k + 1, j)
        + (double) dims[i] * dims[k + 1] * dims[j + 1];
  }

  /** The parenthesisation as text, e.g. "(A1 (A2 A3))", for explain output and tests. */
  static String parenthesize(int[][] split, int i, int j) {
    if (i == j) {
      return "A" + (i + 1);
    }
    int k = split[i][j];
    return "(" + parenthesize(split, i, k) + " " + parenthesize(split, k + 1, j) + ")";
  }

  private static Hop build(List<Hop> operands, int[][] split, int i, int j, Hop root) {
    if (i == j) {
      return operands.get(i);
    }
    int k = split[i][j];
    return HopFactory.matmult(build(operands, split, i, k, root),
        build(operands, split, k + 1, j, root), root.position());
  }
}
