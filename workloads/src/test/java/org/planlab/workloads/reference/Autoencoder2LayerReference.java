package org.planlab.workloads.reference;

/**
 * Reference implementation of builtins/autoencoder_2layer.dml: a 2-hidden-layer tanh autoencoder
 * trained by mini-batch SGD with momentum. The random draws (row-shuffle keys and U(-1, 1) weight
 * draws) are inputs, as the workload driver passes them.
 */
public final class Autoencoder2LayerReference {
  private Autoencoder2LayerReference() {
  }

  /** The script's scalar arguments, named as in the script ({@code full_obj} only prints). */
  public record Params(int num_hidden1, int num_hidden2, int max_epochs, int batch_size, double step,
      double decay, double mu) {
    /** The required arguments with the script's defaults for the others. */
    public static Params defaults(int num_hidden1, int num_hidden2, int max_epochs) {
      return new Params(num_hidden1, num_hidden2, max_epochs, 256, 0.00001, 0.95, 0.9);
    }
  }

  /** The random draws the script would otherwise make itself. */
  public record Draws(double[] order_rand, double[][] W1_rand, double[][] W2_rand, double[][] W3_rand,
      double[][] W4_rand) {
  }

  /**
   * @param W1 H1 x m, and so on: the script's outputs
   * @param reordered_H n x H2 code layer in the original row order
   * @param obj the mean over the last epoch's batches of 1/2 Σ E²
   * @param epochObjectives that mean for every epoch
   * @param fullObj 1/2 Σ E² over all rows at the returned weights: the driver's objective
   */
  public record Result(double[][] W1, double[] b1, double[][] W2, double[] b2, double[][] W3,
      double[] b3, double[][] W4, double[] b4, double[][] reordered_H, double obj,
      double[] epochObjectives, double fullObj) {
  }

  /** Trains on X (n x m). */
  public static Result fit(double[][] X, Draws draws, Params p) {
    return fit(X, draws, p, false);
  }

  /**
   * Trains as SystemDS 3.3.0's own autoencoder_2layer.dml does, which differs from planlab's
   * (and from the gradient of the objective) in two places: each bias moves by its own value
   * instead of its gradient ({@code upd_b1 = mu * upd_b1 - local_step * b1}), so biases that
   * start at 0 stay 0; and W4's initial scale is sqrt(6 / (H2 + m)) instead of sqrt(6 / (H1 +
   * m)).
   */
  public static Result fitAsSystemDs(double[][] X, Draws draws, Params p) {
    return fit(X, draws, p, true);
  }

  private static Result fit(double[][] X, Draws draws, Params p, boolean systemDs) {
    int n = X.length;
    int m = Dense.cols(X);
    int h1 = p.num_hidden1();
    int h2 = p.num_hidden2();
    if (p.max_epochs() < 1 || p.batch_size() < 1) {
      throw new IllegalArgumentException("max_epochs and batch_size must be positive");
    }

    // the permutation: row i of the shuffled X is row perm[i] of X (a stable sort of the keys)
    int[] perm = stableOrder(draws.order_rand());
    double[][] x = new double[n][];
    for (int i = 0; i < n; i++) {
      x[i] = X[perm[i]].clone();
    }
    standardizeInPlace(x);

    double[][] W1 = Dense.scale(Math.sqrt(6.0 / (m + h1)), draws.W1_rand());
    double[][] W2 = Dense.scale(Math.sqrt(6.0 / (h1 + h2)), draws.W2_rand());
    double[][] W3 = Dense.scale(Math.sqrt(6.0 / (h2 + h1)), draws.W3_rand());
    double[][] W4 = Dense.scale(Math.sqrt(6.0 / ((systemDs ? h2 : h1) + m)), draws.W4_rand());
    double[] b1 = new double[h1];
    double[] b2 = new double[h2];
    double[] b3 = new double[h1];
    double[] b4 = new double[m];
    double[][] dW1 = new double[h1][m];
    double[][] dW2 = new double[h2][h1];
    double[][] dW3 = new double[h1][h2];
    double[][] dW4 = new double[m][h1];
    double[] db1 = new double[h1];
    double[] db2 = new double[h2];
    double[] db3 = new double[h1];
    double[] db4 = new double[m];

    int numBatches = (int) Math.ceil((double) n / p.batch_size());
    double step = p.step();
    double mu = p.mu();
    double obj = 0;
    double[] epochObjectives = new double[p.max_epochs()];
    for (int epoch = 0; epoch < p.max_epochs(); epoch++) {
      double epochObj = 0;
      for (int i = 1; i <= numBatches; i++) {
        int beg = (i - 1) * p.batch_size(); // 0-based, inclusive
        int end = Math.min(n, i * p.batch_size()); // exclusive
        double[][] xb = Dense.rows(x, beg, end);

        double[][] H1 = layer(xb, W1, b1);
        double[][] H2 = layer(H1, W2, b2);
        double[][] H3 = layer(H2, W3, b3);
        double[][] Yhat = layer(H3, W4, b4);
        double[][] E = Dense.axpy(Yhat, -1, xb);
        epochObj = epochObj + 0.5 * Dense.sumSq(E);

        double[][] delta4 = derivativeTimes(Yhat, E, true);
        double[][] delta3 = derivativeTimes(H3, Dense.multiply(delta4, W4), false);
        double[][] delta2 = derivativeTimes(H2, Dense.multiply(delta3, W3), false);
        double[][] delta1 = derivativeTimes(H1, Dense.multiply(delta2, W2), false);

        double rate = step / xb.length;
        dW1 = momentum(mu, dW1, rate, Dense.tmultiply(delta1, xb));
        dW2 = momentum(mu, dW2, rate, Dense.tmultiply(delta2, H1));
        dW3 = momentum(mu, dW3, rate, Dense.tmultiply(delta3, H2));
        dW4 = momentum(mu, dW4, rate, Dense.tmultiply(delta4, H3));
        db1 = momentum(mu, db1, rate, systemDs ? b1 : colSums(delta1));
        db2 = momentum(mu, db2, rate, systemDs ? b2 : colSums(delta2));
        db3 = momentum(mu, db3, rate, systemDs ? b3 : colSums(delta3));
        db4 = momentum(mu, db4, rate, systemDs ? b4 : colSums(delta4));
        W1 = Dense.axpy(W1, 1, dW1);
        W2 = Dense.axpy(W2, 1, dW2);
        W3 = Dense.axpy(W3, 1, dW3);
        W4 = Dense.axpy(W4, 1, dW4);
        b1 = Dense.axpy(b1, 1, db1);
        b2 = Dense.axpy(b2, 1, db2);
        b3 = Dense.axpy(b3, 1, db3);
        b4 = Dense.axpy(b4, 1, db4);
      }
      obj = epochObj / numBatches;
      epochObjectives[epoch] = obj;
      step = step * p.decay();
    }

    double[][] hidden = layer(layer(x, W1, b1), W2, b2);
    double[][] reordered = new double[n][];
    for (int i = 0; i < n; i++) {
      reordered[perm[i]] = hidden[i];
    }
    double fullObj = 0.5 * Dense.sumSq(Dense.axpy(layer(layer(hidden, W3, b3), W4, b4), -1, x));
    return new Result(W1, b1, W2, b2, W3, b3, W4, b4, reordered, obj, epochObjectives, fullObj);
  }

  /** Indexes 0..n-1 sorted by key, ties in index order (DML's order is stable). */
  static int[] stableOrder(double[] keys) {
    Integer[] idx = new Integer[keys.length];
    for (int i = 0; i < idx.length; i++) {
      idx[i] = i;
    }
    java.util.Arrays.sort(idx, (a, b) -> Double.compare(keys[a], keys[b])); // a stable merge sort
    int[] out = new int[idx.length];
    for (int i = 0; i < idx.length; i++) {
      out[i] = idx[i];
    }
    return out;
  }

  /** (X − colMeans) / (sd + (sd ≤ 0)) per column, sd the sample standard deviation. */
  private static void standardizeInPlace(double[][] x) {
    int n = x.length;
    int m = Dense.cols(x);
    for (int j = 0; j < m; j++) {
      double s = 0;
      for (double[] row : x) {
        s += row[j];
      }
      double mean = s / n;
      double ss = 0;
      for (double[] row : x) {
        double d = row[j] - mean;
        ss += d * d;
      }
      double sd = Math.sqrt(ss / (n - 1));
      double divisor = sd + (sd <= 0 ? 1 : 0);
      for (double[] row : x) {
        row[j] = (row[j] - mean) / divisor;
      }
    }
  }

  /** tanh(A·Wᵀ + bᵀ). */
  private static double[][] layer(double[][] a, double[][] w, double[] b) {
    double[][] z = Dense.multiply(a, Dense.transpose(w));
    for (double[] row : z) {
      for (int j = 0; j < row.length; j++) {
        row[j] = Math.tanh(row[j] + b[j]);
      }
    }
    return z;
  }

  /** (1 − H²)⊙G, or G⊙(1 − H²) when {@code errorFirst} (the script's operand order). */
  private static double[][] derivativeTimes(double[][] h, double[][] g, boolean errorFirst) {
    double[][] out = new double[h.length][];
    for (int i = 0; i < h.length; i++) {
      out[i] = new double[h[i].length];
      for (int j = 0; j < h[i].length; j++) {
        double d = 1 - h[i][j] * h[i][j];
        out[i][j] = errorFirst ? g[i][j] * d : d * g[i][j];
      }
    }
    return out;
  }

  /** mu·U − rate·G. */
  private static double[][] momentum(double mu, double[][] u, double rate, double[][] g) {
    double[][] out = new double[u.length][];
    for (int i = 0; i < u.length; i++) {
      out[i] = momentum(mu, u[i], rate, g[i]);
    }
    return out;
  }

  private static double[] momentum(double mu, double[] u, double rate, double[] g) {
    double[] out = new double[u.length];
    for (int i = 0; i < u.length; i++) {
      out[i] = mu * u[i] - rate * g[i];
    }
    return out;
  }

  private static double[] colSums(double[][] a) {
    double[] s = new double[Dense.cols(a)];
    for (double[] row : a) {
      for (int j = 0; j < s.length; j++) {
        s[j] += row[j];
      }
    }
    return s;
  }
}
