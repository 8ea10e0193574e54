package org.planlab.engine.kernels;

import org.planlab.engine.ops.AggregateOp;

/**
 * How an {@link AggregateOp} is computed from passes over a list of stored values plus a number
 * of implicit zeros, shared by full aggregates (all cells, reduced in parallel chunks) and row
 * aggregates (one row at a time): the passes, their partial states, and the range loops.
 */
final class SegmentAggregates {
  private SegmentAggregates() {
  }

  /** One pass over the values. VAR takes two: SUM for the mean, then DEVIATIONS. */
  enum Pass {
    SUM, SUM_SQ, DEVIATIONS, MIN, MAX, PROD;

    /** Start value of {@link Partial#extreme} for MIN, MAX and PROD. */
    double identity() {
      return switch (this) {
        case MIN -> Double.POSITIVE_INFINITY;
        case MAX -> Double.NEGATIVE_INFINITY;
        case PROD -> 1;
        default -> 0;
      };
    }
  }

  /** State of one pass over part of the values; partials are merged in a fixed order. */
  static final class Partial {
    /** SUM and SUM_SQ; the squared deviations in DEVIATIONS. */
    final KahanSum sum = new KahanSum();
    /** The plain deviations in DEVIATIONS (the correction term of the two-pass variance). */
    final KahanSum deviations = new KahanSum();
    /** MIN, MAX, PROD. */
    double extreme;

    Partial(Pass pass) {
      extreme = pass.identity();
    }

    void reset(Pass pass) {
      sum.reset();
      deviations.reset();
      extreme = pass.identity();
    }

    /** Folds in the partial of the values that come after this one's. */
    void merge(Partial later, Pass pass) {
      switch (pass) {
        case SUM, SUM_SQ -> sum.add(later.sum);
        case DEVIATIONS -> {
          sum.add(later.sum);
          deviations.add(later.deviations);
        }
        case MIN -> extreme = Math.min(extreme, later.extreme);
        case MAX -> extreme = Math.max(extreme, later.extreme);
        case PROD -> extreme *= later.extreme;
        default -> throw new AssertionError(pass);
      }
    }
  }

  /** The stored values an aggregate runs over: a row, or all of a matrix. */
  interface Values {
    /** One pass over all stored values into {@code into}, which the caller has reset. */
    void run(Pass pass, double mean, Partial into);

    /** Whether a stored value is exactly zero (asked only when a product came out NaN). */
    boolean containsZero();
  }

  /**
   * {@code op} over the stored values plus {@code zeros} implicit zeros, {@code n > 0} cells in
   * all. {@code p} is scratch state.
   */
  static double compute(AggregateOp op, long n, long zeros, Values values, Partial p) {
    switch (op) {
      case SUM:
        return run(values, Pass.SUM, 0, p).sum.value();
      case SUM_SQ:
        return run(values, Pass.SUM_SQ, 0, p).sum.value();
      case MEAN:
        return run(values, Pass.SUM, 0, p).sum.value() / n;
      case VAR:
        return variance(n, zeros, values, p);
      case SD:
        return Math.sqrt(variance(n, zeros, values, p));
      case MIN: {
        double m = run(values, Pass.MIN, 0, p).extreme;
        return zeros > 0 ? Math.min(m, 0) : m;
      }
      case MAX: {
        double m = run(values, Pass.MAX, 0, p).extreme;
        return zeros > 0 ? Math.max(m, 0) : m;
      }
      case PROD: {
        if (zeros > 0) {
          return 0;
        }
        double v = run(values, Pass.PROD, 0, p).extreme;
        // 0 * Inf made the NaN, or a NaN cell did: any zero cell wins either way (see PROD)
        return Double.isNaN(v) && values.containsZero() ? 0 : v;
      }
      default:
        throw new AssertionError(op);
    }
  }

  private static Partial run(Values values, Pass pass, double mean, Partial p) {
    p.reset(pass);
    values.run(pass, mean, p);
    return p;
  }

  /** Two-pass sample variance; implicit zeros contribute (0 - mean)^2 and (0 - mean) each. */
  private static double variance(long n, long zeros, Values values, Partial p) {
    if (n < 2) {
      return Double.NaN;
    }
    double mean = run(values, Pass.SUM, 0, p).sum.value() / n;
    run(values, Pass.DEVIATIONS, mean, p);
    if (zeros > 0) {
      p.sum.add(zeros * mean * mean);
      p.deviations.add(-zeros * mean);
    }
    return variance(p.sum.value(), p.deviations.value(), n);
  }

  /**
   * Sample variance from the compensated sums of squared and plain deviations from the
   * computed mean (corrected two-pass algorithm); never negative, NaN stays NaN.
   */
  static double variance(double squaredDeviations, double deviations, long n) {
    double m2 = squaredDeviations - deviations * deviations / n;
    return Math.max(m2, 0) / (n - 1);
  }

  /** One pass over a[from..to) into {@code p}. */
  static void accumulate(double[] a, int from, int to, Pass pass, double mean, Partial p) {
    switch (pass) {
      case SUM -> KahanSum.addRange(a, from, to, p.sum);
      case SUM_SQ -> KahanSum.addSquares(a, from, to, p.sum);
      case DEVIATIONS -> KahanSum.addDeviations(a, from, to, mean, p.sum, p.deviations);
      case MIN -> p.extreme = Math.min(p.extreme, VectorPrimitives.min(a, from, to));
      case MAX -> p.extreme = Math.max(p.extreme, VectorPrimitives.max(a, from, to));
      case PROD -> p.extreme *= product(a, from, to);
      default -> throw new AssertionError(pass);
    }
  }



  /**
   * Product of a[from..to) in order. One chain on purpose: split chains can overflow or
   * underflow where the ordered product does not (big values in one chain, small in another).
   */
  static double product(double[] a, int from, int to) {
    double p = 1;
    for (int i = from; i < to; i++) {
      p *= a[i];
    }
    return p;
  }

  static boolean containsZero(double[] a, int from, int to) {
    for (int i = from; i < to; i++) {
      if (a[i] == 0) {
        return true;
      }
    }
    return false;
  }

  /** One contiguous run of stored values, re-pointed row by row. */
  static final class Segment implements Values {
    private double[] a;
    private int from;
    private int to;

    Segment set(double[] a, int from, int to) {
      this.a = a;
      this.from = from;
      this.to = to;
      return this;
    }

    @Override
    public void run(Pass pass, double mean, Partial into) {
      accumulate(a, from, to, pass, mean, into);
    }

    @Override
    public boolean containsZero() {
      return SegmentAggregates.containsZero(a, from, to);
    }
  }
}
