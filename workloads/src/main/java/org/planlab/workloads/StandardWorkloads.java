package org.planlab.workloads;

import static org.planlab.workloads.Parameter.bool;
import static org.planlab.workloads.Parameter.integer;
import static org.planlab.workloads.Parameter.real;
import static org.planlab.workloads.Parameter.string;

import java.util.List;

/**
 * The workloads of WORKLOADS.md. Driver defaults are the papers' configurations (fusion paper
 * Table 2; MEMPHIS HCV for the cross validation; LIMA HLM for the grid search of lm); input
 * defaults are small enough for a laptop, and experiments override the sizes. Random initial
 * values of the algorithms are inputs too, made by {@code dense-uniform} with the distribution
 * the builtin would draw from: a reference implementation can then start from exactly the same
 * matrices. Their seeds follow the builtin's own scheme (see each builtin's header), so the
 * generated inputs equal what the builtin draws itself when called with the first of those
 * seeds. ALS-CG and PNMF take a {@code seed} instead of their initial factors, because their
 * drivers also run, unchanged, on SystemDS 3.3.0, whose alsCG and pnmf take no initial factors:
 * the factors are {@code rand} draws with that seed and the next, which on planlab are the
 * {@code dense-uniform} matrices of those seeds, so a reference can still start from them. The
 * PCA workloads (eigen, pca and the PCA + lm pipeline pcalm of MEMPHIS sec. 6.3)
 * read low-rank data plus noise, whose leading principal components are well separated.
 */
final class StandardWorkloads {
  private StandardWorkloads() {
  }

  private static final String BUILTINS = WorkloadCatalog.BUILTIN_FOLDER + "/";
  private static final String DRIVERS = WorkloadCatalog.DRIVER_FOLDER + "/";

  static List<Workload> all() {
    return List.of(l2svm(), multiLogReg(), alsCG(), pnmf(), autoencoder(), kmeans(),
        linear("lmDS", "ridge regression by a direct solve of the normal equations", false),
        linear("lmCG", "ridge regression by conjugate gradient on the normal equations", true),
        linear("lm", "ridge regression, lmDS up to 1024 features and lmCG beyond", true),
        gridSearchLM(), hlm(), l2svmGrid(), eigen(), pca(), pcalm());
  }

  private static Workload l2svm() {
    return workload("l2svm", "binary linear SVM, squared hinge loss, nonlinear CG with Newton line search",
        List.of(
            integer("icpt", 0, "0: no intercept; 1: append a column of ones (its weight is regularised)"),
            real("lambda", 1e-3, "L2 regularisation constant"),
            real("tol", 1e-12, "stop when the decrease along the search direction is below tol * objective"),
            integer("maxiter", 20, "maximum number of outer (CG) iterations"),
            integer("maxii", 20, "maximum number of Newton steps per line search"),
            bool("verbose", false, "print the objective per iteration")),
        List.of(features(100_000, 10), labels("Y", 2)),
        List.of(new Output("model", "weights, ncol(X) x 1 (+1 row with the intercept)")),
        new Objective("obj", "1/2 Σ max(0, 1 − y⊙(X·w))² + λ/2 Σ w² at the returned w, y mapped to ±1"));
  }

  private static Workload multiLogReg() {
    return workload("multiLogReg", "multinomial logistic regression, trust-region Newton with CG",
        List.of(
            integer("icpt", 0, "0: no intercept; 1: append a column of ones; 2: also standardise X"),
            real("lambda", 1e-3, "L2 regularisation constant (the intercept is not regularised)"),
            real("tol", 1e-12, "stop when the gradient norm falls below tol times its initial value"),
            integer("maxiter", 20, "maximum number of outer (Newton) iterations"),
            integer("maxii", 10, "maximum number of inner (CG) iterations; 0: D * K"),
            bool("verbose", false, "print progress")),
        List.of(features(100_000, 10), labels("Y", 2)),
        List.of(new Output("betas", "coefficients, ncol(X) x K (+1 row with the intercept)")),
        new Objective("nll", "−Σ log P(y | x) of the training labels under the returned betas"
            + " (labels ≤ 0 are the baseline class)"));
  }

  private static Workload alsCG() {
    return workload("alsCG", "matrix completion by alternating least squares solved with CG",
        List.of(
            integer("rank", 20, "rank of the factorization"),
            string("regType", "wL2", "\"L2\" or \"wL2\" (regularisation weighted by observed counts)"),
            real("lambda", 1e-3, "regularisation constant"),
            integer("maxiter", 20, "maximum number of iterations (one U and one V half-step each)"),
            bool("check", true, "compute the loss after every iteration and stop on convergence"),
            real("tol", 1e-12, "stop when the loss decreases by less than this fraction"),
            integer("seed", 17, "seed of the initial factors, U(-0.5, 0.5): U (m x rank) drawn"
                + " with seed, V (n x rank) with seed + 1 (-1: unseeded)"),
            bool("verbose", false, "print the loss per iteration")),
        List.of(
            new Input("X", "ratings, m x n, zero = not observed",
                DataSpec.of("sparse-powerlaw", "rows", "10000", "cols", "1000", "sparsity", "0.01",
                    "seed", "13"))),
        List.of(new Output("U", "factor, m x rank"), new Output("V", "factor, rank x n (X ≈ U·V)")),
        new Objective("loss", "1/2 Σ(W⊙(U·V − X)²) + λ/2 (Σ U²⊙rowNnz + Σ V²⊙colNnz), W = (X ≠ 0)"));
  }

  /**
   * SystemDS 3.3.0's pnmf draws its initial factors unseeded and takes no seed, so this driver
   * draws them from its seed and runs the builtin's loop itself (see the driver's header).
   */
  private static Workload pnmf() {
    return workload("pnmf", "Poisson non-negative matrix factorization, multiplicative updates",
        List.of(
            integer("rank", 10, "rank of the factorization"),
            real("eps", 1e-15, "guard against division by zero and log(0)"),
            integer("maxiter", 10, "number of iterations"),
            integer("seed", 23, "seed of the initial factors, U(0, 0.025): W (m x rank) drawn"
                + " with seed, H (rank x n) with seed + 1 (-1: unseeded)"),
            bool("verbose", false, "print the objective per iteration")),
        List.of(
            new Input("X", "non-negative counts, m x n",
                DataSpec.of("nonneg-sparse", "rows", "10000", "cols", "1000", "sparsity", "0.01",
                    "seed", "19"))),
        List.of(new Output("W", "factor, m x rank"), new Output("H", "factor, rank x n")),
        new Objective("obj", "Σ(W·H) − Σ(X ⊙ log(W·H + ε)) at the returned factors"));
  }

  private static Workload autoencoder() {
    return workload("autoencoder_2layer",
        "autoencoder with two hidden layers, mini-batch SGD with momentum",
        List.of(
            integer("H1", 500, "units of the first and third layer"),
            integer("H2", 2, "units of the middle (code) layer"),
            integer("epochs", 1, "passes over the data"),
            integer("batch", 512, "rows per mini-batch"),
            real("step", 1e-5, "initial step size"),
            real("decay", 0.95, "step size factor after each epoch"),
            real("mu", 0.9, "momentum"),
            bool("full_obj", false, "print the objective over all rows after every epoch")),
        List.of(
            features(10_000, 1000),
            new Input("order", "sort keys of the row shuffle, n x 1, U(0, 1) (the builtin's draw with seed 29)",
                uniform("@X.rows", "1", "0", "1", 29)),
            new Input("W1", "U(-1, 1) draws for W1, H1 x m (the builtin's draw with seed 29)",
                uniform("$H1", "@X.cols", "-1", "1", 30)),
            new Input("W2", "U(-1, 1) draws for W2, H2 x H1 (the builtin's draw with seed 29)",
                uniform("$H2", "$H1", "-1", "1", 31)),
            new Input("W3", "U(-1, 1) draws for W3, H1 x H2 (the builtin's draw with seed 29)",
                uniform("$H1", "$H2", "-1", "1", 32)),
            new Input("W4", "U(-1, 1) draws for W4, m x H1 (the builtin's draw with seed 29)",
                uniform("@X.cols", "$H1", "-1", "1", 33))),
        List.of(
            new Output("W1", "weights, H1 x m"), new Output("b1", "bias, H1 x 1"),
            new Output("W2", "weights, H2 x H1"), new Output("b2", "bias, H2 x 1"),
            new Output("W3", "weights, H1 x H2"), new Output("b3", "bias, H1 x 1"),
            new Output("W4", "weights, m x H1"), new Output("b4", "bias, m x 1"),
            new Output("hidden", "code layer of every row, n x H2, in the original row order")),
        new Objective("obj", "1/2 Σ E² over all rows at the returned weights, E = Ŷ − X with X"
            + " standardised as for training"));
  }

  private static Workload kmeans() {
    return workload("kmeans", "k-means clustering, Lloyd's algorithm, one run",
        List.of(
            integer("k", 5, "number of centroids"),
            integer("maxiter", 20, "maximum number of iterations"),
            real("tol", 1e-12, "stop when the WCSS decreases by less than this fraction"),
            bool("verbose", false, "print the WCSS per iteration")),
        List.of(
            features(100_000, 10),
            new Input("C", "initial centroids, k x ncol(X), drawn like X",
                uniform("$k", "@X.cols", "0", "1", 37))),
        List.of(new Output("C", "centroids, k x ncol(X)"),
            new Output("Y", "index 1..k of the nearest centroid per row, n x 1")),
        new Objective("wcss", "Σ(rowSums(X²)) + Σ(rowMins(−2 X·Cᵀ + rowSums(C²)ᵀ)) at the returned C"));
  }

  private static Workload linear(String name, String description, boolean iterative) {
    List<Parameter> params = iterative
        ? List.of(
            integer("icpt", 0, "0: no intercept; 1: append a column of ones; 2: also standardise X"),
            real("lambda", 1e-7, "L2 regularisation constant (the intercept is not regularised)"),
            real("tol", 1e-7, "CG stops when the residual norm is below tol times its initial value"),
            integer("maxiter", 0, "maximum number of CG iterations; 0: the number of coefficients"),
            bool("verbose", false, "print progress"))
        : List.of(
            integer("icpt", 0, "0: no intercept; 1: append a column of ones; 2: also standardise X"),
            real("lambda", 1e-7, "L2 regularisation constant (the intercept is not regularised)"),
            bool("verbose", false, "print the training R²"));
    return workload(name, description, params,
        List.of(features(100_000, 10), responses()),
        List.of(new Output("B", "coefficients, ncol(X) x 1 (+1 row with the intercept)")),
        new Objective("rss", "Σ(y − X·B)² over the training rows (intercept included)"));
  }

  private static Workload gridSearchLM() {
    return workload("gridSearchLM",
        "k-fold cross validation of lmDS over a grid of lambdas (reuse of XᵀX and Xᵀy per fold)",
        List.of(
            integer("minExp", -5, "smallest lambda is 10^minExp"),
            integer("maxExp", 4, "largest lambda is 10^maxExp (one lambda per integer exponent)"),
            integer("folds", 5, "number of folds"),
            integer("icpt", 0, "intercept handling of lmDS (0, 1 or 2)"),
            bool("verbose", false, "print the score of every lambda")),
        List.of(features(10_000, 100), responses()),
        List.of(new Output("scores", "mean held-out R² per lambda, L x 1")),
        new Objective("bestR2", "the highest mean held-out R² over the lambdas"));
  }

  private static Workload hlm() {
    return workload("hlm",
        "grid search of lm over lambdas x intercept handlings by training R²"
            + " (reuse of XᵀX and Xᵀy per icpt)",
        List.of(
            integer("minExp", -5, "smallest lambda is 10^minExp"),
            integer("maxExp", 4, "largest lambda is 10^maxExp (one lambda per integer exponent)"),
            integer("maxIcpt", 2, "intercept handlings of lm tried: icpt = 0 .. maxIcpt (at most 2)"),
            real("tol", 1e-7, "tolerance of lm's conjugate gradient (more than 1024 features)"),
            integer("maxiter", 0,
                "iteration limit of lm's conjugate gradient; 0: the number of coefficients"),
            bool("verbose", false, "print the score of every grid point")),
        List.of(features(10_000, 100), responses()),
        List.of(new Output("scores", "training R² per lambda (rows) and icpt (columns), L x I")),
        new Objective("bestR2",
            "the highest training R² = 1 − Σ(y − ŷ)² / Σ(y − mean(y))² over the grid"));
  }

  private static Workload l2svmGrid() {
    return workload("l2svmGrid",
        "grid search of l2svm over reg x intercept by training accuracy"
            + " (reuse of Xᵀy and the intercept column)",
        List.of(
            integer("minExp", -5, "smallest reg is 10^minExp"),
            integer("maxExp", 4, "largest reg is 10^maxExp (one reg per integer exponent)"),
            real("tol", 1e-12,
                "l2svm stops when the decrease along the search direction is below tol * objective"),
            integer("maxiter", 20, "maximum number of outer (CG) iterations of each l2svm"),
            integer("maxii", 20, "maximum number of Newton steps per line search"),
            bool("verbose", false, "print the scores of every grid point")),
        List.of(features(10_000, 100), labels("Y", 2)),
        List.of(
            new Output("model",
                "weights of the best grid point, ncol(X) x 1 (+1 row with the intercept)"),
            new Output("accuracies",
                "training accuracy per reg (rows), without and with intercept (columns), L x 2"),
            new Output("losses", "l2svm objective at the trained weights per reg and intercept, L x 2")),
        new Objective("bestAccuracy", "the highest training accuracy over the grid: the fraction"
            + " of rows with y⊙(X·w) > 0, y mapped to ±1"));
  }

  private static Workload eigen() {
    return workload("eigen",
        "eigen decomposition of the symmetric matrix XᵀX (or of the covariance of X)",
        List.of(bool("center", false,
            "decompose the sample covariance of the columns of X instead of XᵀX")),
        List.of(lowRankFeatures(10_000, 100, 10)),
        List.of(new Output("evalues", "eigenvalues, m x 1, ascending"),
            new Output("evectors", "unit eigenvectors, m x m, column k for eigenvalue k"
                + " (each sign as the decomposition gives it)")),
        new Objective("maxEigenvalue", "the largest eigenvalue of the decomposed matrix"));
  }

  private static Workload pca() {
    return workload("pca",
        "principal component analysis by the eigen decomposition of the covariance",
        List.of(
            integer("K", 2, "number of principal components (at most ncol(X))"),
            bool("center", true, "centre the columns of X first"),
            bool("scale", true, "scale the columns of X to unit standard deviation")),
        List.of(lowRankFeatures(10_000, 100, 10)),
        List.of(new Output("XReduced", "X centred, scaled and projected on the components, n x K"),
            new Output("Components", "principal components, m x K, largest eigenvalue first, each with"
                + " its largest-magnitude entry positive"),
            new Output("Centering", "column means, 1 x m (0 x 0 without center)"),
            new Output("ScaleFactor", "column scale factors, 1 x m (0 x 0 without scale)")),
        new Objective("variance", "Σ colVars(XReduced): the sum of the K largest eigenvalues of the"
            + " covariance of the centred and scaled X"));
  }

  private static Workload pcalm() {
    return workload("pcalm",
        "PCA + lm pipeline over the number of components by training R²"
            + " (reuse of the scaling, covariance and eigen decomposition per K)",
        List.of(
            integer("minK", 1, "smallest number of principal components"),
            integer("maxK", 10, "largest number of principal components (at most ncol(X))"),
            integer("stepK", 1, "K = minK, minK + stepK, .. maxK"),
            bool("center", true, "pca centres the columns of X"),
            bool("scale", true, "pca scales the columns of X to unit standard deviation"),
            integer("icpt", 1, "intercept handling of lm (0, 1 or 2)"),
            real("lambda", 1e-7, "L2 regularisation constant of lm (the intercept is not"
                + " regularised)"),
            bool("verbose", false, "print the score of every K")),
        List.of(lowRankFeatures(10_000, 100, 10), responses()),
        List.of(new Output("scores", "training R² of lm on the K components, one row per K")),
        new Objective("bestR2",
            "the highest training R² = 1 − Σ(y − ŷ)² / Σ(y − mean(y))² over the Ks"));
  }

  private static Workload workload(String name, String description, List<Parameter> params,
      List<Input> inputs, List<Output> outputs, Objective objective) {
    return new Workload(name, description, DRIVERS + name + ".dml", BUILTINS + name + ".dml",
        params, inputs, outputs, objective);
  }

  private static Input features(long rows, long cols) {
    return new Input("X", "features, n x m",
        DataSpec.of("dense-uniform", "rows", Long.toString(rows), "cols", Long.toString(cols),
            "min", "0", "max", "1", "seed", "7"));
  }

  /** Features near a rank-{@code rank} subspace: the leading principal components stand out. */
  private static Input lowRankFeatures(long rows, long cols, int rank) {
    return new Input("X", "features, n x m, rank " + rank + " plus noise",
        DataSpec.of("low-rank-plus-noise", "rows", Long.toString(rows), "cols",
            Long.toString(cols), "rank", Integer.toString(rank), "noise", "0.1", "seed", "7"));
  }

  private static Input labels(String name, int classes) {
    return new Input(name, "labels, n x 1, from a hidden linear model of X plus noise",
        DataSpec.of("labels-from-model", "of", "@X", "classes", Integer.toString(classes), "seed", "11"));
  }

  /** A ±1 target from a hidden linear model: regression on labels, so R² is well above 0. */
  private static Input responses() {
    return new Input("y", "responses, n x 1: ±1 from a hidden linear model of X plus noise",
        DataSpec.of("labels-from-model", "of", "@X", "classes", "2", "seed", "11"));
  }

  private static DataSpec uniform(String rows, String cols, String min, String max, long seed) {
    return DataSpec.of("dense-uniform", "rows", rows, "cols", cols, "min", min, "max", max,
        "seed", Long.toString(seed));
  }
}
