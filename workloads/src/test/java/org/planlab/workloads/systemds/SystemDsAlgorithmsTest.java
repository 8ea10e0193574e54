package org.planlab.workloads.systemds;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.planlab.workloads.systemds.SystemDsRuns.planlabLibrary;
import static org.planlab.workloads.systemds.SystemDsRuns.relativeError;
import static org.planlab.workloads.systemds.SystemDsRuns.run;
import static org.planlab.workloads.systemds.SystemDsRuns.systemDsLibrary;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.apache.commons.math3.linear.Array2DRowRealMatrix;
import org.apache.commons.math3.linear.LUDecomposition;
import org.apache.commons.math3.linear.RealMatrix;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * SystemDS 3.3.0's algorithm scripts run unchanged in planlab on small generated data: where
 * planlab's library has the same function (same signature), both give the same results
 * (relative error at most 1e-9); where it has none, the results agree with an independent
 * Java reference (commons-math3 solves).
 */
class SystemDsAlgorithmsTest {
  private static final double TOLERANCE = 1e-9;

  @TempDir
  static Path dir;

  static double[][] x;
  static double[][] y;
  static double[][] labels;
  static double[][] classes;
  static double[][] counts;
  static Map<String, String> args;

  @BeforeAll
  static void data() {
    Random r = new Random(42);
    int n = 120;
    int m = 5;
    x = new double[n][m];
    y = new double[n][1];
    labels = new double[n][1];
    classes = new double[n][1];
    counts = new double[n][m];
    double[] w = {1.5, -2.0, 0.5, 3.0, -1.0};
    for (int i = 0; i < n; i++) {
      double dot = 0;
      for (int j = 0; j < m; j++) {
        x[i][j] = r.nextGaussian();
        dot += x[i][j] * w[j];
        counts[i][j] = r.nextInt(6);
      }
      y[i][0] = dot + 0.1 * r.nextGaussian();
      labels[i][0] = dot + 0.5 * r.nextGaussian() > 0 ? 1 : -1;
      classes[i][0] = 1 + (i % 3);
    }
    args = Map.of(
        "X", SystemDsRuns.write(dir, "X", x).toString(),
        "y", SystemDsRuns.write(dir, "y", y).toString(),
        "Yb", SystemDsRuns.write(dir, "Yb", labels).toString(),
        "C", SystemDsRuns.write(dir, "C", classes).toString(),
        "D", SystemDsRuns.write(dir, "D", counts).toString());
  }

  private static final String READ = """
      X = read($X)
      y = read($y)
      Yb = read($Yb)
      C = read($C)
      D = read($D)
      """;

  /** Runs {@code call} with both libraries and compares {@code outputs}. */
  private static void sameAsPlanlab(String call, String... outputs) {
    Map<String, double[][]> sds = run(dir, READ + call, args, systemDsLibrary(), List.of(outputs));
    Map<String, double[][]> own = run(dir, READ + call, args, planlabLibrary(), List.of(outputs));
    for (String o : outputs) {
      double e = relativeError(sds.get(o), own.get(o));
      System.out.printf("%-70s %-8s relative error %.2e%n", call.strip(), o, e);
      assertTrue(e <= TOLERANCE, call + ": " + o + " differs by " + e);
    }
  }

  private static double[][] systemDs(String call, String output) {
    return run(dir, READ + call, args, systemDsLibrary(), List.of(output)).get(output);
  }

  @Test
  void l2svm() {
    sameAsPlanlab("B = l2svm(X=X, Y=Yb, maxIterations=20, verbose=FALSE)", "B");
  }

  @Test
  void multiLogReg() {
    sameAsPlanlab("B = multiLogReg(X=X, Y=(Yb + 3) / 2, maxi=10, verbose=FALSE)", "B");
  }

  @Test
  void linearRegressions() {
    sameAsPlanlab("B = lm(X=X, y=y, verbose=FALSE)", "B");
    sameAsPlanlab("B = lmDS(X=X, y=y, icpt=2, reg=1e-3, verbose=FALSE)", "B");
    sameAsPlanlab("B = lmCG(X=X, y=y, icpt=1, maxi=20, verbose=FALSE)", "B");
  }

  @Test
  void pcaUpToTheSignOfEachComponent() {
    // planlab's pca makes each component's largest entry positive; SystemDS's leaves the sign
    // its eigen solver gives, so components (and projections) are compared up to sign
    String call = "[R, P, Ce, S] = pca(X=X, K=3)";
    List<String> outs = List.of("R", "P", "Ce", "S");
    Map<String, double[][]> sds = run(dir, READ + call, args, systemDsLibrary(), outs);
    Map<String, double[][]> own = run(dir, READ + call, args, planlabLibrary(), outs);
    for (String o : outs) {
      double e = relativeError(alignSigns(sds.get(o)), alignSigns(own.get(o)));
      System.out.printf("%-70s %-8s relative error %.2e%n", call, o, e);
      assertTrue(e <= TOLERANCE, o + " differs by " + e);
    }
  }

  @Test
  void kmeansFindsTheSameClusters() {
    // well-separated clusters: every seeding ends in the same partition, whichever random
    // sample SystemDS's and planlab's k-means++ draw
    Random r = new Random(5);
    double[][] blobs = new double[90][2];
    for (int i = 0; i < 90; i++) {
      int c = i % 3;
      blobs[i][0] = 10 * c + 0.1 * r.nextGaussian();
      blobs[i][1] = -7 * c + 0.1 * r.nextGaussian();
    }
    Map<String, String> a = new java.util.HashMap<>(args);
    a.put("B", SystemDsRuns.write(dir, "blobs", blobs).toString());
    String call = "B = read($B)\n[Cen, Y] = kmeans(X=B, k=3, runs=2, seed=7)";
    double[][] sds = run(dir, READ + call, a, systemDsLibrary(), List.of("Cen")).get("Cen");
    double[][] own = run(dir, READ + call, a, planlabLibrary(), List.of("Cen")).get("Cen");
    double e = relativeError(sortedRows(sds), sortedRows(own));
    System.out.printf("kmeans centroids relative error %.2e%n", e);
    assertTrue(e <= TOLERANCE, "centroids differ by " + e);
  }

  @Test
  void alsCG() {
    sameAsPlanlab("[U, V] = alsCG(X=D, rank=2, maxi=5, seed=11, verbose=FALSE)", "U", "V");
  }

  @Test
  void pnmfFromTheSameStartingFactors() throws java.io.IOException {
    // SystemDS's pnmf draws its starting factors unseeded; a copy of its script with those two
    // draws seeded (the update loop unchanged) must agree with planlab's pnmf started from the
    // same factors
    Path copy = dir.resolve("seeded-pnmf");
    java.nio.file.Files.createDirectories(copy);
    String script = java.nio.file.Files.readString(
        SystemDsScripts.builtinFolder().resolve("pnmf.dml"));
    String seeded = script
        .replace("W = rand(rows=nrow(X), cols=rnk, min=0, max=0.025);",
            "W = rand(rows=nrow(X), cols=rnk, min=0, max=0.025, seed=3);")
        .replace("H = rand(rows=rnk, cols=ncol(X), min=0, max=0.025);",
            "H = rand(rows=rnk, cols=ncol(X), min=0, max=0.025, seed=4);");
    assertTrue(!seeded.equals(script), "SystemDS's pnmf.dml draws its factors as expected");
    java.nio.file.Files.writeString(copy.resolve("pnmf.dml"), seeded);
    String call = "[W, H] = pnmf(X=D + 1, rnk=2, maxi=5, verbose=FALSE)";
    Map<String, double[][]> sds = run(dir, READ + call, args, List.of(copy), List.of("W", "H"));
    String own = """
        W0 = rand(rows=nrow(D), cols=2, min=0, max=0.025, seed=3)
        H0 = rand(rows=2, cols=ncol(D), min=0, max=0.025, seed=4)
        [W, H] = pnmf(X=D + 1, rnk=2, maxi=5, verbose=FALSE, W_init=W0, H_init=H0)
        """;
    Map<String, double[][]> ours = run(dir, READ + own, args, planlabLibrary(), List.of("W", "H"));
    for (String o : List.of("W", "H")) {
      double e = relativeError(sds.get(o), ours.get(o));
      System.out.printf("pnmf %s relative error %.2e%n", o, e);
      assertTrue(e <= TOLERANCE, o + " differs by " + e);
    }
  }

  @Test
  void autoencoderAsSystemDsComputesIt() {
    // SystemDS's autoencoder_2layer.dml moves each bias by its own value, not its gradient, and
    // scales W4 by sqrt(6 / (H2 + m)); planlab's library follows the gradient, so SystemDS's
    // script is compared with a Java reference of what it computes
    int n = x.length;
    int m = x[0].length;
    Random r = new Random(9);
    double[] order = new double[n];
    for (int i = 0; i < n; i++) {
      order[i] = r.nextDouble();
    }
    double[][] w1 = uniform(r, 3, m);
    double[][] w2 = uniform(r, 2, 3);
    double[][] w3 = uniform(r, 3, 2);
    double[][] w4 = uniform(r, m, 3);
    Map<String, String> a = new java.util.HashMap<>(args);
    a.put("O", SystemDsRuns.write(dir, "order", column(order)).toString());
    a.put("W1", SystemDsRuns.write(dir, "w1", w1).toString());
    a.put("W2", SystemDsRuns.write(dir, "w2", w2).toString());
    a.put("W3", SystemDsRuns.write(dir, "w3", w3).toString());
    a.put("W4", SystemDsRuns.write(dir, "w4", w4).toString());
    String call = """
        [W1o, b1, W2o, b2, W3o, b3, W4o, b4, H] = autoencoder_2layer(X=X, num_hidden1=3,
          num_hidden2=2, max_epochs=2, batch_size=16, W1_rand=read($W1), W2_rand=read($W2),
          W3_rand=read($W3), W4_rand=read($W4), order_rand=read($O))
        """;
    Map<String, double[][]> sds = run(dir, READ + call, a, systemDsLibrary(),
        List.of("W1o", "W4o", "H"));
    var reference = org.planlab.workloads.reference.Autoencoder2LayerReference.fitAsSystemDs(x,
        new org.planlab.workloads.reference.Autoencoder2LayerReference.Draws(order, w1, w2, w3,
            w4),
        new org.planlab.workloads.reference.Autoencoder2LayerReference.Params(3, 2, 2, 16,
            1e-5, 0.95, 0.9));
    double[][][] expected = {reference.W1(), reference.W4(), reference.reordered_H()};
    String[] names = {"W1o", "W4o", "H"};
    for (int i = 0; i < names.length; i++) {
      double e = relativeError(sds.get(names[i]), expected[i]);
      System.out.printf("autoencoder_2layer %s relative error %.2e%n", names[i], e);
      assertTrue(e <= TOLERANCE, names[i] + " differs by " + e);
    }
  }

  @Test
  void evalOverNamedArgumentListsInParforAsGridSearchDoes() {
    // SystemDS's gridSearch returns a frame (out of scope), so its core is run here: a parfor
    // over hyper-parameters that replaces one element of a named argument list and calls the
    // training function through eval; each model equals the direct call
    String call = """
        trainArgs = list(X=X, y=y, icpt=0, reg=-1, verbose=FALSE)
        params = list("reg")
        lambdas = matrix("0.001 0.01 0.1", rows=3, cols=1)
        R = matrix(0, 3, ncol(X))
        parfor (i in 1:3) {
          l = trainArgs
          l[as.scalar(params[1])] = as.scalar(lambdas[i])
          R[i, ] = t(eval("lm", l))
        }
        D = rbind(t(lm(X=X, y=y, reg=0.001, verbose=FALSE)),
          t(lm(X=X, y=y, reg=0.01, verbose=FALSE)), t(lm(X=X, y=y, reg=0.1, verbose=FALSE)))
        """;
    Map<String, double[][]> r = run(dir, READ + call, args, planlabLibrary(), List.of("R", "D"));
    assertTrue(relativeError(r.get("R"), r.get("D")) == 0, "eval's models differ");
  }

  @Test
  void naiveBayesAgainstCounts() {
    double[][] prior = systemDs("[P, CC] = naiveBayes(D=D, C=C, laplace=1, verbose=FALSE)", "P");
    double[][] cond = systemDs("[P, CC] = naiveBayes(D=D, C=C, laplace=1, verbose=FALSE)", "CC");
    int k = 3;
    int m = counts[0].length;
    double[][] sums = new double[k][m];
    double[] rows = new double[k];
    for (int i = 0; i < counts.length; i++) {
      int c = (int) classes[i][0] - 1;
      rows[c]++;
      for (int j = 0; j < m; j++) {
        sums[c][j] += counts[i][j];
      }
    }
    for (int c = 0; c < k; c++) {
      assertTrue(Math.abs(prior[c][0] - rows[c] / counts.length) <= 1e-12);
      double total = m; // laplace 1 per feature
      for (int j = 0; j < m; j++) {
        total += sums[c][j];
      }
      for (int j = 0; j < m; j++) {
        double expected = (sums[c][j] + 1) / total;
        assertTrue(Math.abs(cond[c][j] - expected) <= 1e-12 * expected, "class " + c);
      }
    }
  }

  @Test
  void cvlmFitsEachFoldLikeARidgeSolve() {
    double[][] betas = systemDs("[P, B] = cvlm(X=X, y=y, k=4, reg=1e-7)", "B");
    int n = x.length;
    int lim = n / 4;
    for (int fold = 0; fold < 4; fold++) {
      List<Integer> train = new java.util.ArrayList<>();
      for (int i = 0; i < n; i++) {
        if (i < fold * lim || i >= (fold + 1) * lim) {
          train.add(i);
        }
      }
      double[] expected = ridge(train, 1e-7);
      double[][] got = {betas[fold]};
      assertTrue(relativeError(got, new double[][] {expected}) <= TOLERANCE, "fold " + fold);
    }
  }

  @Test
  void glmGaussianIsLeastSquaresAndBinomialIsLogisticRegression() {
    double[][] gaussian = systemDs("B = glm(X=X, Y=y, dfam=1, vpow=0.0, link=1, lpow=1.0,"
        + " verbose=FALSE)", "B");
    List<Integer> all = new java.util.ArrayList<>();
    for (int i = 0; i < x.length; i++) {
      all.add(i);
    }
    double[] ols = ridge(all, 0);
    assertTrue(relativeError(column(gaussian), new double[][] {ols}) <= 1e-8);

    double[][] logistic = systemDs("B = glm(X=X, Y=(Yb + 1) / 2, dfam=2, link=2, tol=1e-12,"
        + " verbose=FALSE)", "B");
    assertTrue(relativeError(column(logistic), new double[][] {newtonLogistic()}) <= 1e-8);
  }

  @Test
  void steplmReturnsTheLeastSquaresModelOfTheColumnsItSelected() {
    double[][] s = systemDs("[B, S] = steplm(X=X, y=y, verbose=FALSE)", "S");
    double[][] b = systemDs("[B, S] = steplm(X=X, y=y, verbose=FALSE)", "B");
    // every column is informative here, so forward selection takes them all (S lists them in
    // the order selected); B is the least squares model, in X's column order
    double[] order = s[0].clone();
    java.util.Arrays.sort(order);
    assertArrayEquals(new double[] {1, 2, 3, 4, 5}, order);
    List<Integer> all = new java.util.ArrayList<>();
    for (int i = 0; i < x.length; i++) {
      all.add(i);
    }
    double[] ols = ridge(all, 1e-7);
    assertTrue(relativeError(column(b), new double[][] {ols}) <= 1e-9);
  }

  /** (X'X + reg I) \ X'y over the given rows, by LU (commons-math3). */
  private static double[] ridge(List<Integer> rows, double reg) {
    int m = x[0].length;
    double[][] a = new double[m][m];
    double[] b = new double[m];
    for (int i : rows) {
      for (int j = 0; j < m; j++) {
        b[j] += x[i][j] * y[i][0];
        for (int k = 0; k < m; k++) {
          a[j][k] += x[i][j] * x[i][k];
        }
      }
    }
    for (int j = 0; j < m; j++) {
      a[j][j] += reg;
    }
    RealMatrix solved = new LUDecomposition(new Array2DRowRealMatrix(a)).getSolver()
        .solve(new Array2DRowRealMatrix(column(b)));
    return solved.getColumn(0);
  }

  /** Logistic regression without intercept by Newton's method to convergence. */
  private static double[] newtonLogistic() {
    int m = x[0].length;
    double[] beta = new double[m];
    for (int it = 0; it < 50; it++) {
      double[][] h = new double[m][m];
      double[] g = new double[m];
      for (int i = 0; i < x.length; i++) {
        double eta = 0;
        for (int j = 0; j < m; j++) {
          eta += x[i][j] * beta[j];
        }
        double p = 1 / (1 + Math.exp(-eta));
        double t = (labels[i][0] + 1) / 2;
        for (int j = 0; j < m; j++) {
          g[j] += (t - p) * x[i][j];
          for (int k = 0; k < m; k++) {
            h[j][k] += p * (1 - p) * x[i][j] * x[i][k];
          }
        }
      }
      double[] step = new LUDecomposition(new Array2DRowRealMatrix(h)).getSolver()
          .solve(new Array2DRowRealMatrix(column(g))).getColumn(0);
      for (int j = 0; j < m; j++) {
        beta[j] += step[j];
      }
    }
    return beta;
  }

  private static double[][] uniform(Random r, int rows, int cols) {
    double[][] a = new double[rows][cols];
    for (double[] row : a) {
      for (int j = 0; j < cols; j++) {
        row[j] = 2 * r.nextDouble() - 1;
      }
    }
    return a;
  }

  /** Each column with the sign that makes its largest-magnitude entry positive. */
  private static double[][] alignSigns(double[][] a) {
    double[][] out = new double[a.length][];
    for (int i = 0; i < a.length; i++) {
      out[i] = a[i].clone();
    }
    for (int j = 0; j < a[0].length; j++) {
      int at = 0;
      for (int i = 1; i < a.length; i++) {
        if (Math.abs(a[i][j]) > Math.abs(a[at][j])) {
          at = i;
        }
      }
      if (a[at][j] < 0) {
        for (double[] row : out) {
          row[j] = -row[j];
        }
      }
    }
    return out;
  }

  /** The rows in lexicographic order (centroids found in another order). */
  private static double[][] sortedRows(double[][] a) {
    double[][] out = a.clone();
    java.util.Arrays.sort(out, (p, q) -> {
      for (int j = 0; j < p.length; j++) {
        int c = Double.compare(p[j], q[j]);
        if (c != 0) {
          return c;
        }
      }
      return 0;
    });
    return out;
  }

  private static double[][] column(double[] v) {
    double[][] c = new double[v.length][1];
    for (int i = 0; i < v.length; i++) {
      c[i][0] = v[i];
    }
    return c;
  }

  /** A column matrix as one row (to compare with a row of reference values). */
  private static double[][] column(double[][] c) {
    double[][] row = new double[1][c.length];
    for (int i = 0; i < c.length; i++) {
      row[0][i] = c[i][0];
    }
    return row;
  }
}
