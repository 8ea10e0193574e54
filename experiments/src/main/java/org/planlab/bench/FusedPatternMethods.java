package org.planlab.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * The one table mapping every benchmark method of {@link FusedPatternBench} to the pattern it
 * measures, the format of its main input and its variant, plus the bytes one execution of a
 * memory-bound pattern must read. {@link JmhResults} and {@link FusionBenchReport} both read it,
 * so a new benchmark method is added here once (a test checks that every {@code @Benchmark}
 * method is listed).
 */
final class FusedPatternMethods {
  private FusedPatternMethods() {
  }

  /** sum(X * Y * Z). */
  static final String SUM_XYZ = "sumXyz";
  /** The multi-aggregate sum(X * Y), sum(X * Z). */
  static final String MAGG = "magg";
  /** t(X) %*% (w * (X %*% v)). */
  static final String MMCHAIN = "mmchain";
  /** t(X) %*% (W * (X %*% V)) with p = ncol(V) columns. */
  static final String MMCHAIN_P2 = "mmchainP2";
  /** sum(X * log(U %*% t(V) + eps)). */
  static final String OUTER_LOG = "outerLog";
  /** (X * (U %*% t(V))) %*% V, ALS-CG's conjugate-gradient step. */
  static final String OUTER_RIGHT = "outerRight";
  /** L2SVM's line-search sums over column vectors, with a data-dependent indicator. */
  static final String HINGE = "hinge";

  static final String DENSE = "dense";
  static final String SPARSE = "sparse";

  /** Every operator run one kernel at a time with materialized intermediates (the baseline). */
  static final String UNFUSED = "unfused";
  /** The generated fused operator. */
  static final String GEN = "gen";
  /** A hand-written loop of {@link HandLoops}. */
  static final String HAND = "hand";
  /** The engine's hand-coded mmchain kernel (the paper's "Fused"). */
  static final String KERNEL = "kernel";

  /** One benchmark method and what it measures. */
  record Method(String name, String pattern, String format, String variant) {
    Method {
      Objects.requireNonNull(name, "name is null");
      Objects.requireNonNull(pattern, "pattern is null");
      Objects.requireNonNull(format, "format is null");
      Objects.requireNonNull(variant, "variant is null");
    }
  }

  /** Every benchmark method of {@link FusedPatternBench}, grouped by pattern and format. */
  static final List<Method> METHODS = List.of(
      new Method("sumXyzUnfused", SUM_XYZ, DENSE, UNFUSED),
      new Method("sumXyzGen", SUM_XYZ, DENSE, GEN),
      new Method("sumXyzHand", SUM_XYZ, DENSE, HAND),
      new Method("sumXyzSparseUnfused", SUM_XYZ, SPARSE, UNFUSED),
      new Method("sumXyzSparseGen", SUM_XYZ, SPARSE, GEN),
      new Method("sumXyzSparseHand", SUM_XYZ, SPARSE, HAND),
      new Method("maggUnfused", MAGG, DENSE, UNFUSED),
      new Method("maggGen", MAGG, DENSE, GEN),
      new Method("maggHand", MAGG, DENSE, HAND),
      new Method("maggSparseUnfused", MAGG, SPARSE, UNFUSED),
      new Method("maggSparseGen", MAGG, SPARSE, GEN),
      new Method("maggSparseHand", MAGG, SPARSE, HAND),
      new Method("mmchainUnfused", MMCHAIN, DENSE, UNFUSED),
      new Method("mmchainGen", MMCHAIN, DENSE, GEN),
      new Method("mmchainHand", MMCHAIN, DENSE, HAND),
      new Method("mmchainKernel", MMCHAIN, DENSE, KERNEL),
      new Method("mmchainSparseUnfused", MMCHAIN, SPARSE, UNFUSED),
      new Method("mmchainSparseGen", MMCHAIN, SPARSE, GEN),
      new Method("mmchainSparseHand", MMCHAIN, SPARSE, HAND),
      new Method("mmchainSparseKernel", MMCHAIN, SPARSE, KERNEL),
      new Method("mmchainMatrixUnfused", MMCHAIN_P2, DENSE, UNFUSED),
      new Method("mmchainMatrixGen", MMCHAIN_P2, DENSE, GEN),
      new Method("mmchainMatrixHand", MMCHAIN_P2, DENSE, HAND),
      new Method("mmchainMatrixSparseUnfused", MMCHAIN_P2, SPARSE, UNFUSED),
      new Method("mmchainMatrixSparseGen", MMCHAIN_P2, SPARSE, GEN),
      new Method("mmchainMatrixSparseHand", MMCHAIN_P2, SPARSE, HAND),
      new Method("outerUnfused", OUTER_LOG, SPARSE, UNFUSED),
      new Method("outerGen", OUTER_LOG, SPARSE, GEN),
      new Method("outerHand", OUTER_LOG, SPARSE, HAND),
      new Method("outerDenseUnfused", OUTER_LOG, DENSE, UNFUSED),
      new Method("outerDenseGen", OUTER_LOG, DENSE, GEN),
      new Method("outerDenseHand", OUTER_LOG, DENSE, HAND),
      new Method("outerRightUnfused", OUTER_RIGHT, SPARSE, UNFUSED),
      new Method("outerRightGen", OUTER_RIGHT, SPARSE, GEN),
      new Method("outerRightHand", OUTER_RIGHT, SPARSE, HAND),
      new Method("hingeUnfused", HINGE, DENSE, UNFUSED),
      new Method("hingeGen", HINGE, DENSE, GEN),
      new Method("hingeHand", HINGE, DENSE, HAND));

  /**
   * The method of that name (the simple name, or the full JMH benchmark name
   * {@code org.planlab.bench.FusedPatternBench.sumXyzGen}).
   *
   * @throws IllegalArgumentException naming the method and listing the known ones
   */
  static Method of(String benchmark) {
    String prefix = FusedPatternBench.class.getName() + ".";
    String simple = benchmark.startsWith(prefix) ? benchmark.substring(prefix.length())
        : benchmark;
    for (Method m : METHODS) {
      if (m.name().equals(simple)) {
        return m;
      }
    }
    List<String> names = new ArrayList<>();
    METHODS.forEach(m -> names.add(m.name()));
    throw new IllegalArgumentException("unknown benchmark method " + benchmark + " (not a "
        + FusedPatternBench.class.getSimpleName() + " benchmark in "
        + FusedPatternMethods.class.getSimpleName() + "); known: " + String.join(", ", names));
  }

  /** The method measuring that pattern, format and variant, if there is one. */
  static Optional<Method> find(String pattern, String format, String variant) {
    return METHODS.stream().filter(m -> m.pattern().equals(pattern)
        && m.format().equals(format) && m.variant().equals(variant)).findFirst();
  }

  /**
   * The bytes of input one execution must read, or NaN where that is not a fixed number: dense
   * element-wise patterns read X, Y and Z once (24 bytes per cell), the dense chains read X once
   * (8 bytes per cell; v, w, V, W are small), the line search its three vectors (24 bytes per
   * row). Sparse inputs are left out (the cache lines of Y
   * and Z touched depend on the non-zero pattern), and so is the outer product (compute-bound:
   * a rank-long dot product and a log per non-zero).
   *
   * @param params the benchmark's JMH parameters ({@code rows}, {@code cols}, {@code chainRows},
   *     {@code chainCols})
   */
  static double bytesRead(Method m, Map<String, String> params) {
    if (!m.format().equals(DENSE)) {
      return Double.NaN;
    }
    return switch (m.pattern()) {
      case SUM_XYZ, MAGG -> 24 * number(params, "rows") * number(params, "cols");
      case MMCHAIN, MMCHAIN_P2 -> 8 * number(params, "chainRows") * number(params, "chainCols");
      case HINGE -> 24 * number(params, "hingeRows");
      default -> Double.NaN;
    };
  }

  private static double number(Map<String, String> params, String key) {
    String v = params.get(key);
    if (v == null) {
      throw new IllegalArgumentException("benchmark parameters " + params + " lack " + key);
    }
    return Double.parseDouble(v);
  }
}
