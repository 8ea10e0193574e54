package org.planlab.engine.ops;

import org.apache.commons.math3.util.FastMath;

/**
 * The element-wise unary functions of DML with their scalar semantics, as SystemDS 3.3.0 computes
 * them. NaN propagates through every function except {@code isNaN} (1), {@code is.infinite} (0)
 * and {@code !} (NaN is true, so {@code !NaN} is 0).
 *
 * <ul>
 *   <li>{@code isNaN} is also called {@code is.na} and {@code is.nan}: 1 for NaN, else 0 (DML has
 *       no NA distinct from NaN). {@code is.infinite} is 1 for ±Inf, else 0.
 *   <li>{@code ceiling} is {@code ceil}.
 *   <li>{@code tan}, {@code asin}, {@code acos}, {@code atan}, {@code sinh}, {@code cosh} are
 *       commons-math's {@link FastMath} functions, which SystemDS 3.3.0 uses: they differ from
 *       {@link Math}'s in the last bit for some arguments ({@code cosh(1)} is
 *       1.5430806348152437, not 1.543080634815244). {@code asin(2)} is NaN, {@code atan(Inf)}
 *       is pi/2, {@code cosh(-Inf)} is Inf.
 *   <li>{@code round} rounds halves up, as SystemDS (which uses {@link Math#round}) does:
 *       {@code round(2.5) = 3}, {@code round(-2.5) = -2}; unlike {@link Math#round} it keeps
 *       NaN and ±Inf (Math.round maps NaN to 0) and does not saturate at ±2<sup>63</sup>.
 *   <li>{@code sign} is -1, 0 or 1, and NaN for NaN; {@code sign(-0.0)} is 0.0.
 *   <li>{@code sigmoid(x) = 1/(1+exp(-x))}.
 *   <li>{@code !x} is 1 if {@code x == 0}, else 0.
 * </ul>
 *
 * {@link #sparseSafe()} means {@code f(0) == 0}: kernels then visit only non-zeros.
 */
public enum UnaryOp {
  ABS("abs", true),
  EXP("exp", false),
  LOG("log", false),
  SQRT("sqrt", true),
  ROUND("round", true),
  FLOOR("floor", true),
  CEIL("ceil", true),
  SIGN("sign", true),
  SIGMOID("sigmoid", false),
  TANH("tanh", true),
  SIN("sin", true),
  COS("cos", false),
  ISNAN("isNaN", true),
  NOT("!", false),
  NEG("-", true),
  ISINF("is.infinite", true),
  TAN("tan", true),
  ASIN("asin", true),
  ACOS("acos", false),
  ATAN("atan", true),
  SINH("sinh", true),
  COSH("cosh", false);

  /** From 2^52 on every double is an integer, so rounding is the identity. */
  private static final double TWO_POW_52 = 0x1p52;

  private final String symbol;
  private final boolean sparseSafe;

  UnaryOp(String symbol, boolean sparseSafe) {
    this.symbol = symbol;
    this.sparseSafe = sparseSafe;
  }

  /** The DML spelling: a function name, or {@code !} and {@code -} for the operators. */
  public String symbol() {
    return symbol;
  }

  /** True when {@code f(0) == 0}. */
  public boolean sparseSafe() {
    return sparseSafe;
  }

  /** The scalar semantics (see the class comment). */
  public double apply(double x) {
    return switch (this) {
      case ABS -> Math.abs(x);
      case EXP -> Math.exp(x);
      case LOG -> Math.log(x);
      case SQRT -> Math.sqrt(x);
      case ROUND -> round(x);
      case FLOOR -> Math.floor(x);
      case CEIL -> Math.ceil(x);
      case SIGN -> sign(x);
      case SIGMOID -> sigmoid(x);
      case TANH -> Math.tanh(x);
      case SIN -> Math.sin(x);
      case COS -> Math.cos(x);
      case ISNAN -> Indicators.isNaN(x);
      case NOT -> Indicators.isZero(x);
      case NEG -> -x;
      case ISINF -> Double.isInfinite(x) ? 1 : 0;
      case TAN -> FastMath.tan(x);
      case ASIN -> FastMath.asin(x);
      case ACOS -> FastMath.acos(x);
      case ATAN -> FastMath.atan(x);
      case SINH -> FastMath.sinh(x);
      case COSH -> FastMath.cosh(x);
    };
  }

  /** Halves up (SystemDS's Math.round), NaN and ±Inf kept, exact for any magnitude. */
  public static double round(double x) {
    if (!(Math.abs(x) < TWO_POW_52)) {
      return x; // already integral, or NaN / Inf
    }
    double t = Math.floor(x);
    // x - t is exact below 2^52; adding 0.5 first would round 0.49999999999999994 up
    return x - t >= 0.5 ? t + 1 : t;
  }

  public static double sign(double x) {
    return x > 0 ? 1 : x < 0 ? -1 : x == 0 ? 0 : x;
  }

  public static double sigmoid(double x) {
    return 1 / (1 + Math.exp(-x));
  }
}
