package org.planlab.engine.kernels;

import static org.planlab.engine.kernels.ElementwiseSupport.vectorValues;

import org.planlab.engine.matrix.DimensionMismatchException;
import org.planlab.engine.matrix.MatrixBlock;
import org.planlab.engine.ops.GroupFunction;

/**
 * {@code aggregate(target=X, groups=G[, weights=W], fn=f[, order=k][, ngroups=n])}, SystemDS
 * 3.3.0's grouped aggregate: row i of X belongs to group {@code (int) G[i]} (truncated; ids
 * start at 1); the result has one row per group 1..n, where n is ngroups if given (rows of larger
 * ids are ignored) else the largest id, and one column per column of X. Empty groups give 0 for
 * every function. With weights (frequencies, as in {@link MomentKernels}): sum is sum(w x),
 * count sum(w), mean and variance and centralmoment the weighted ones, and min/max those of the
 * products w x (as SystemDS computes them).
 */
public final class GroupedAggregateKernels {
  private GroupedAggregateKernels() {
  }

  /**
   * The grouped aggregate.
   *
   * @param w the weights, or null for all 1
   * @param order the order of fn=centralmoment (2..4); ignored otherwise
   * @param ngroups the number of groups, or a negative value for the largest group id
   * @throws IllegalArgumentException for a group id below 1, mismatched lengths, or an order
   *     outside 2..4 with centralmoment
   */
  public static MatrixBlock aggregate(MatrixBlock x, MatrixBlock groups, MatrixBlock w,
      GroupFunction fn, int order, long ngroups) {
    int n = x.rows();
    int m = x.cols();
    if (groups.cols() != 1 || groups.rows() != n) {
      throw DimensionMismatchException.of("aggregate", x, groups,
          "groups must be a column vector with a row per row of the target");
    }
    if (w != null && (w.cols() != 1 || w.rows() != n)) {
      throw DimensionMismatchException.of("aggregate", x, w,
          "weights must be a column vector with a row per row of the target");
    }
    if (fn == GroupFunction.CENTRALMOMENT && (order < 2 || order > 4)) {
      throw new IllegalArgumentException("the order of aggregate's centralmoment must be 2, 3 "
          + "or 4, was " + order);
    }
    double[] g = vectorValues(groups);
    double[] wt = w == null ? null : vectorValues(w);
    int[] id = new int[n];
    long largest = 0;
    for (int i = 0; i < n; i++) {
      if (!(g[i] >= 1)) {
        throw new IllegalArgumentException("aggregate: group ids must be >= 1, but groups["
            + (i + 1) + "] is " + g[i]);
      }
      id[i] = (int) Math.min(g[i], Integer.MAX_VALUE);
      largest = Math.max(largest, id[i]);
    }
    int k = (int) (ngroups >= 0 ? ngroups : largest);
    double[][] cells = x.toArray();
    MatrixBlock out = MatrixBlock.dense(k, m);
    double[] c = out.denseValues();
    double[] count = new double[k];
    for (int i = 0; i < n; i++) {
      if (id[i] <= k) {
        count[id[i] - 1] += wt == null ? 1 : wt[i];
      }
    }
    for (int j = 0; j < m; j++) {
      double[] acc = new double[k];
      double[] mean = null;
      boolean[] seen = new boolean[k];
      if (fn == GroupFunction.VARIANCE || fn == GroupFunction.CENTRALMOMENT
          || fn == GroupFunction.MEAN) {
        mean = new double[k];
        KahanSum[] sums = kahans(k);
        for (int i = 0; i < n; i++) {
          if (id[i] <= k) {
            sums[id[i] - 1].add((wt == null ? 1 : wt[i]) * cells[i][j]);
          }
        }
        for (int q = 0; q < k; q++) {
          mean[q] = count[q] == 0 ? 0 : sums[q].value() / count[q];
        }
      }
      KahanSum[] sums = kahans(k);
      for (int i = 0; i < n; i++) {
        if (id[i] > k) {
          continue;
        }
        int q = id[i] - 1;
        double weight = wt == null ? 1 : wt[i];
        double v = cells[i][j];
        switch (fn) {
          case SUM -> sums[q].add(weight * v);
          case MIN, MAX -> {
            double p = weight * v;
            acc[q] = !seen[q] ? p
                : fn == GroupFunction.MIN ? Math.min(acc[q], p) : Math.max(acc[q], p);
            seen[q] = true;
          }
          case VARIANCE, CENTRALMOMENT -> {
            double d = v - mean[q];
            int power = fn == GroupFunction.VARIANCE ? 2 : order;
            sums[q].add(weight * (power == 2 ? d * d : power == 3 ? d * d * d : d * d * d * d));
          }
          default -> { }
        }
      }
      for (int q = 0; q < k; q++) {
        double r = switch (fn) {
          case SUM -> sums[q].value();
          case COUNT -> count[q];
          case MEAN -> mean[q];
          case MIN, MAX -> acc[q];
          // a group of one value (or none) has variance 0, as in SystemDS
          case VARIANCE -> count[q] <= 1 ? 0 : sums[q].value() / (count[q] - 1);
          case CENTRALMOMENT -> count[q] == 0 ? 0 : sums[q].value() / count[q];
        };
        c[q * m + j] = r;
      }
    }
    out.recomputeNonZeros();
    return out.examSparsity();
  }

  private static KahanSum[] kahans(int k) {
    KahanSum[] s = new KahanSum[k];
    for (int i = 0; i < k; i++) {
      s[i] = new KahanSum();
    }
    return s;
  }
}
