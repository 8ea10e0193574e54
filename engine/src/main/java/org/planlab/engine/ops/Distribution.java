package org.planlab.engine.ops;

import java.util.List;
import java.util.Optional;
import org.apache.commons.math3.distribution.ChiSquaredDistribution;
import org.apache.commons.math3.distribution.ExponentialDistribution;
import org.apache.commons.math3.distribution.FDistribution;
import org.apache.commons.math3.distribution.NormalDistribution;
import org.apache.commons.math3.distribution.RealDistribution;
import org.apache.commons.math3.distribution.TDistribution;
import org.apache.commons.math3.exception.MathIllegalArgumentException;
import org.apache.commons.math3.random.RandomGenerator;

/**
 * The distributions of DML's {@code cdf}/{@code icdf} and of {@code pnorm}, {@code qt}, ...
 * (SystemDS 3.3.0's names and parameters), evaluated by commons-math3. Each takes two parameters
 * a and b: normal (mean, sd), exp (rate, unused), chisq and t (df, unused), f (df1, df2).
 */
public enum Distribution {
  NORMAL("normal", "mean", "sd"),
  EXP("exp", "rate"),
  CHISQ("chisq", "df"),
  F("f", "df1", "df2"),
  T("t", "df");

  /** No sampling happens here, so the distributions need no random generator. */
  private static final RandomGenerator NO_SAMPLING = null;

  private final String dmlName;
  private final List<String> parameters;

  Distribution(String dmlName, String... parameters) {
    this.dmlName = dmlName;
    this.parameters = List.of(parameters);
  }

  /** The names of its parameters a (and b) as cdf/icdf take them. */
  public List<String> parameterNames() {
    return parameters;
  }

  /** The value of {@code dist=} that selects it. */
  public String dmlName() {
    return dmlName;
  }

  /** The distribution {@code dist=} names, if any. */
  public static Optional<Distribution> named(String name) {
    for (Distribution d : values()) {
      if (d.dmlName.equals(name)) {
        return Optional.of(d);
      }
    }
    return Optional.empty();
  }

  /** The names {@code dist=} accepts, for error messages. */
  public static String names() {
    StringBuilder sb = new StringBuilder();
    for (Distribution d : values()) {
      sb.append(sb.length() == 0 ? "" : ", ").append('"').append(d.dmlName).append('"');
    }
    return sb.toString();
  }

  /**
   * P(X <= q), or P(X > q) when not {@code lowerTail} (computed as {@code 1 - P(X <= q)}, as
   * SystemDS does).
   *
   * @throws IllegalArgumentException for invalid parameters, naming them
   */
  public double cdf(double q, double a, double b, boolean lowerTail) {
    double p = of(a, b).cumulativeProbability(q);
    return lowerTail ? p : 1 - p;
  }

  /**
   * The q with P(X <= q) = p.
   *
   * @throws IllegalArgumentException for p outside [0, 1] or invalid parameters, naming them
   */
  public double icdf(double p, double a, double b) {
    if (!(p >= 0 && p <= 1)) {
      throw new IllegalArgumentException("icdf of the " + dmlName + " distribution needs a"
          + " probability in [0, 1], was " + p);
    }
    return of(a, b).inverseCumulativeProbability(p);
  }

  private RealDistribution of(double a, double b) {
    try {
      return switch (this) {
        case NORMAL -> new NormalDistribution(NO_SAMPLING, a, b,
            NormalDistribution.DEFAULT_INVERSE_ABSOLUTE_ACCURACY);
        case EXP -> new ExponentialDistribution(NO_SAMPLING, 1 / a);
        case CHISQ -> new ChiSquaredDistribution(NO_SAMPLING, a);
        case F -> new FDistribution(NO_SAMPLING, a, b);
        case T -> new TDistribution(NO_SAMPLING, a);
      };
    } catch (MathIllegalArgumentException e) {
      throw new IllegalArgumentException("invalid parameters of the " + dmlName
          + " distribution: " + parameters(a, b) + " (" + e.getMessage() + ")", e);
    }
  }

  private String parameters(double a, double b) {
    return parameters.get(0) + "=" + a + (parameters.size() > 1 ? ", " + parameters.get(1) + "="
        + b : "");
  }
}
