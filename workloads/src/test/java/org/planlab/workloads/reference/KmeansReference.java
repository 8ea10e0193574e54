package org.planlab.workloads.reference;

import java.util.ArrayList;
import java.util.List;

/**
 * Reference implementation of builtins/kmeans.dml: one run of Lloyd's algorithm from given initial
 * centroids ({@code C_init}, as the workload driver passes them).
 */
public final class KmeansReference {
  /** Termination codes of the script. */
  public static final int CONVERGED = 1;
  /** max_iter reached. */
  public static final int MAX_ITER = 2;
  /** A centroid lost all its rows. */
  public static final int EMPTY_CLUSTER = 3;

  private KmeansReference() {
  }

  /** The script's arguments besides X and C_init, named as in the script. */
  public record Params(int k, int max_iter, double eps) {
    /** The script's defaults. */
    public static Params defaults() {
      return new Params(10, 1000, 0.000001);
    }
  }

  /**
   * @param C the k x m centroids
   * @param Y per row the 1-based index of its nearest centroid (the first of equally near ones)
   * @param wcss the within-cluster sum of squares of every iteration's centroids
   * @param termination one of {@link #CONVERGED}, {@link #MAX_ITER}, {@link #EMPTY_CLUSTER}
   */
  public record Result(double[][] C, double[] Y, List<Double> wcss, int termination) {
    /** Number of iterations run. */
    public int iterations() {
      return wcss.size();
    }
  }

  /** Clusters the rows of X (n x m) starting from C_init (k x m). */
  public static Result fit(double[][] X, double[][] C_init, Params p) {
    int n = X.length;
    int m = Dense.cols(X);
    int k = p.k();
    if (k < 1 || k > n || p.max_iter() < 1 || C_init.length != k || Dense.cols(C_init) != m) {
      throw new IllegalArgumentException("invalid kmeans arguments");
    }
    double sumXsq = Dense.sumSq(X);
    double[][] C = Dense.copy(C_init);
    double wcss = Double.POSITIVE_INFINITY;
    List<Double> history = new ArrayList<>();
    double[][] D;
    int iter = 0;
    int term = 0;
    while (true) {
      D = distances(X, C);
      double[] minD = new double[n];
      double sumMin = 0;
      for (int i = 0; i < n; i++) {
        double min = Double.POSITIVE_INFINITY;
        for (double d : D[i]) {
          min = Math.min(min, d);
        }
        minD[i] = min;
        sumMin += min;
      }
      double previous = wcss;
      wcss = sumXsq + sumMin;
      history.add(wcss);

      // rows equally near to several centroids are split evenly
      double[][] P = new double[n][k];
      for (int i = 0; i < n; i++) {
        double count = 0;
        for (int c = 0; c < k; c++) {
          P[i][c] = D[i][c] <= minD[i] ? 1 : 0;
          count += P[i][c];
        }
        for (int c = 0; c < k; c++) {
          P[i][c] = P[i][c] / count;
        }
      }
      double[] sizes = new double[k];
      for (double[] row : P) {
        for (int c = 0; c < k; c++) {
          sizes[c] += row[c];
        }
      }
      double[][] cNew = Dense.tmultiply(P, X);
      for (int c = 0; c < k; c++) {
        for (int j = 0; j < m; j++) {
          cNew[c][j] = cNew[c][j] / sizes[c];
        }
      }
      iter++;
      boolean empty = false;
      for (double s : sizes) {
        empty |= s <= 0;
      }
      if (previous - wcss < p.eps() * wcss) {
        term = CONVERGED;
      } else if (iter >= p.max_iter()) {
        term = MAX_ITER;
      } else if (empty) {
        term = EMPTY_CLUSTER;
      } else {
        C = cNew;
        continue;
      }
      break;
    }
    return new Result(C, nearest(D), List.copyOf(history), term);
  }

  /** The driver's objective: Σ rowSums(X²) + Σ rowMins(−2 X·Cᵀ + rowSums(C²)ᵀ). */
  public static double wcss(double[][] X, double[][] C) {
    double[][] D = distances(X, C);
    double s = 0;
    for (double[] row : D) {
      double min = Double.POSITIVE_INFINITY;
      for (double d : row) {
        min = Math.min(min, d);
      }
      s += min;
    }
    return Dense.sumSq(X) + s;
  }

  /** −2 X·Cᵀ + rowSums(C²)ᵀ: squared distances without the per-row constant. */
  static double[][] distances(double[][] X, double[][] C) {
    double[][] xc = Dense.multiply(X, Dense.transpose(C));
    double[] cNorm = new double[C.length];
    for (int c = 0; c < C.length; c++) {
      cNorm[c] = Dense.sumSq(C[c]);
    }
    for (double[] row : xc) {
      for (int c = 0; c < row.length; c++) {
        row[c] = -2 * row[c] + cNorm[c];
      }
    }
    return xc;
  }

  /** rowIndexMin: the 1-based index of each row's minimum, the first on ties. */
  static double[] nearest(double[][] D) {
    double[] y = new double[D.length];
    for (int i = 0; i < D.length; i++) {
      int best = 0;
      for (int c = 1; c < D[i].length; c++) {
        if (D[i][c] < D[i][best]) {
          best = c;
        }
      }
      y[i] = best + 1;
    }
    return y;
  }
}
