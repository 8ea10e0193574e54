package org.planlab.workloads.reference;

import org.planlab.engine.matrix.MatrixBlock;

/**
 * Plain loops over {@code double[][]} (row-major, {@code a[row][col]}) and {@code double[]}
 * (column vectors) for the reference implementations. Deliberately naive and independent of the
 * engine's kernels: sums run left to right in one accumulator.
 */
public final class Dense {
  private Dense() {
  }

  /** A rows x cols matrix of zeros. */
  public static double[][] zeros(int rows, int cols) {
    return new double[rows][cols];
  }

  /** A rows x cols matrix with every cell {@code value}. */
  public static double[][] filled(int rows, int cols, double value) {
    double[][] a = new double[rows][cols];
    for (double[] row : a) {
      java.util.Arrays.fill(row, value);
    }
    return a;
  }

  /** A deep copy. */
  public static double[][] copy(double[][] a) {
    double[][] c = new double[a.length][];
    for (int i = 0; i < a.length; i++) {
      c[i] = a[i].clone();
    }
    return c;
  }

  /** Number of columns (0 for a matrix without rows). */
  public static int cols(double[][] a) {
    return a.length == 0 ? 0 : a[0].length;
  }

  /** Aᵀ. */
  public static double[][] transpose(double[][] a) {
    int n = a.length;
    int m = cols(a);
    double[][] t = new double[m][n];
    for (int i = 0; i < n; i++) {
      for (int j = 0; j < m; j++) {
        t[j][i] = a[i][j];
      }
    }
    return t;
  }

  /** A·B. */
  public static double[][] multiply(double[][] a, double[][] b) {
    int n = a.length;
    int k = cols(a);
    int m = cols(b);
    if (b.length != k) {
      throw new IllegalArgumentException("cannot multiply " + n + "x" + k + " by " + b.length + "x" + m);
    }
    double[][] c = new double[n][m];
    for (int i = 0; i < n; i++) {
      for (int l = 0; l < k; l++) {
        double v = a[i][l];
        for (int j = 0; j < m; j++) {
          c[i][j] += v * b[l][j];
        }
      }
    }
    return c;
  }

  /** Aᵀ·B without forming Aᵀ. */
  public static double[][] tmultiply(double[][] a, double[][] b) {
    int n = a.length;
    if (b.length != n) {
      throw new IllegalArgumentException("cannot multiply t(" + n + "x" + cols(a) + ") by " + b.length + "x" + cols(b));
    }
    int k = cols(a);
    int m = cols(b);
    double[][] c = new double[k][m];
    for (int i = 0; i < n; i++) {
      for (int l = 0; l < k; l++) {
        double v = a[i][l];
        for (int j = 0; j < m; j++) {
          c[l][j] += v * b[i][j];
        }
      }
    }
    return c;
  }

  /** A·x. */
  public static double[] multiply(double[][] a, double[] x) {
    double[] y = new double[a.length];
    for (int i = 0; i < a.length; i++) {
      y[i] = dot(a[i], x);
    }
    return y;
  }

  /** Aᵀ·x. */
  public static double[] tmultiply(double[][] a, double[] x) {
    double[] y = new double[cols(a)];
    for (int i = 0; i < a.length; i++) {
      for (int j = 0; j < y.length; j++) {
        y[j] += a[i][j] * x[i];
      }
    }
    return y;
  }

  /** Σ x⊙y. */
  public static double dot(double[] x, double[] y) {
    double s = 0;
    for (int i = 0; i < x.length; i++) {
      s += x[i] * y[i];
    }
    return s;
  }

  /** Σ A⊙B over all cells. */
  public static double dot(double[][] a, double[][] b) {
    double s = 0;
    for (int i = 0; i < a.length; i++) {
      s += dot(a[i], b[i]);
    }
    return s;
  }

  /** Σ x². */
  public static double sumSq(double[] x) {
    return dot(x, x);
  }

  /** Σ A² over all cells. */
  public static double sumSq(double[][] a) {
    return dot(a, a);
  }

  /** Σ A over all cells. */
  public static double sum(double[][] a) {
    double s = 0;
    for (double[] row : a) {
      for (double v : row) {
        s += v;
      }
    }
    return s;
  }

  /** Σ x. */
  public static double sum(double[] x) {
    double s = 0;
    for (double v : x) {
      s += v;
    }
    return s;
  }

  /** x + alpha·y, new array. */
  public static double[] axpy(double[] x, double alpha, double[] y) {
    double[] z = new double[x.length];
    for (int i = 0; i < x.length; i++) {
      z[i] = x[i] + alpha * y[i];
    }
    return z;
  }

  /** A + alpha·B, new matrix. */
  public static double[][] axpy(double[][] a, double alpha, double[][] b) {
    double[][] c = new double[a.length][];
    for (int i = 0; i < a.length; i++) {
      c[i] = axpy(a[i], alpha, b[i]);
    }
    return c;
  }

  /** alpha·x, new array. */
  public static double[] scale(double alpha, double[] x) {
    double[] out = new double[x.length];
    for (int i = 0; i < x.length; i++) {
      out[i] = alpha * x[i];
    }
    return out;
  }

  /** alpha·A, new matrix. */
  public static double[][] scale(double alpha, double[][] a) {
    double[][] c = new double[a.length][cols(a)];
    for (int i = 0; i < a.length; i++) {
      for (int j = 0; j < c[i].length; j++) {
        c[i][j] = alpha * a[i][j];
      }
    }
    return c;
  }

  /** X with a column of ones appended (DML's {@code cbind(X, matrix(1, nrow(X), 1))}). */
  public static double[][] appendOnes(double[][] x) {
    int m = cols(x);
    double[][] out = new double[x.length][m + 1];
    for (int i = 0; i < x.length; i++) {
      System.arraycopy(x[i], 0, out[i], 0, m);
      out[i][m] = 1;
    }
    return out;
  }

  /** Rows {@code from..to-1} (0-based, end exclusive), copied. */
  public static double[][] rows(double[][] a, int from, int to) {
    double[][] out = new double[to - from][];
    for (int i = from; i < to; i++) {
      out[i - from] = a[i].clone();
    }
    return out;
  }

  /** Column j as a vector. */
  public static double[] column(double[][] a, int j) {
    double[] c = new double[a.length];
    for (int i = 0; i < a.length; i++) {
      c[i] = a[i][j];
    }
    return c;
  }

  /** A column vector as an n x 1 matrix. */
  public static double[][] asColumn(double[] x) {
    double[][] a = new double[x.length][1];
    for (int i = 0; i < x.length; i++) {
      a[i][0] = x[i];
    }
    return a;
  }

  /** The cells of an engine block (for comparing with the engine's results). */
  public static double[][] of(MatrixBlock block) {
    return block.toArray();
  }

  /** An engine block holding {@code a}. */
  public static MatrixBlock toBlock(double[][] a) {
    return MatrixBlock.of(a);
  }

  /**
   * Solves A·x = b by Gaussian elimination with partial pivoting (A square, not modified).
   *
   * @throws ArithmeticException when A is singular to working precision
   */
  public static double[] solve(double[][] a, double[] b) {
    int n = a.length;
    double[][] m = copy(a);
    double[] x = b.clone();
    for (int col = 0; col < n; col++) {
      int pivot = col;
      for (int r = col + 1; r < n; r++) {
        if (Math.abs(m[r][col]) > Math.abs(m[pivot][col])) {
          pivot = r;
        }
      }
      if (m[pivot][col] == 0) {
        throw new ArithmeticException("singular matrix at column " + col);
      }
      double[] rowSwap = m[col];
      m[col] = m[pivot];
      m[pivot] = rowSwap;
      double vSwap = x[col];
      x[col] = x[pivot];
      x[pivot] = vSwap;
      for (int r = col + 1; r < n; r++) {
        double f = m[r][col] / m[col][col];
        if (f != 0) {
          for (int c = col; c < n; c++) {
            m[r][c] -= f * m[col][c];
          }
          x[r] -= f * x[col];
        }
      }
    }
    for (int r = n - 1; r >= 0; r--) {
      double s = x[r];
      for (int c = r + 1; c < n; c++) {
        s -= m[r][c] * x[c];
      }
      x[r] = s / m[r][r];
    }
    return x;
  }

  /**
   * Column standardisation as the builtins' {@code icpt = 2} does it: mean 0 and sample
   * variance 1 per column, a column with variance 0 only centred.
   */
  public record Standardized(double[][] x, double[] mean, double[] scale) {
    /** Maps coefficients fitted on the standardised columns (plus a last intercept row) back to raw X. */
    public double[][] toRaw(double[][] beta) {
      int m = mean.length;
      int k = cols(beta);
      double[][] out = new double[m + 1][k];
      for (int j = 0; j < m; j++) {
        for (int c = 0; c < k; c++) {
          out[j][c] = scale[j] * beta[j][c];
        }
      }
      for (int c = 0; c < k; c++) {
        double shift = 0;
        for (int j = 0; j < m; j++) {
          shift += mean[j] * out[j][c];
        }
        out[m][c] = beta[m][c] - shift;
      }
      return out;
    }
  }

  /** (X − colMeans) / sd per column, sd the sample standard deviation (1 where it is 0). */
  public static Standardized standardize(double[][] x) {
    int n = x.length;
    int m = cols(x);
    double[] mean = new double[m];
    double[] scale = new double[m];
    for (int j = 0; j < m; j++) {
      double s = 0;
      for (double[] row : x) {
        s += row[j];
      }
      mean[j] = s / n;
      double ss = 0;
      for (double[] row : x) {
        double d = row[j] - mean[j];
        ss += d * d;
      }
      double sd = Math.sqrt(ss / (n - 1));
      scale[j] = 1 / (sd + (sd <= 0 ? 1 : 0));
    }
    double[][] out = new double[n][m];
    for (int i = 0; i < n; i++) {
      for (int j = 0; j < m; j++) {
        out[i][j] = (x[i][j] - mean[j]) * scale[j];
      }
    }
    return new Standardized(out, mean, scale);
  }
}
