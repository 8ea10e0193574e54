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
 *   <li>{@code tanh} is {@link #tanh}, within 4 ulps of {@link Math#tanh} (which SystemDS
 *       uses) with the same special values, at a third of its cost.
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
      case TANH -> tanh(x);
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

  /** 1 / ln 2, only to choose k in tanh (any rounding keeps r within the polynomial's range). */
  private static final double INV_LN2 = 1 / Math.log(2);
  /** ln 2 with its last 21 bits cleared, so k * LN2_HI is exact for |k| < 2^21. */
  private static final double LN2_HI;
  /** ln 2 - LN2_HI, from the decimal expansion of ln 2. */
  private static final double LN2_LO;
  /** 1.5 * 2^52: y * INV_LN2 + MAGIC rounds to an integer k held in the low bits of the sum. */
  private static final double MAGIC = 0x1.8p52;
  private static final long MAGIC_BITS = Double.doubleToRawLongBits(MAGIC);
  /** 1/n! for n = 1 .. 13, the Taylor coefficients of e^r - 1. */
  private static final double[] EXPM1 = new double[14];

  static {
    java.math.BigDecimal ln2 = new java.math.BigDecimal("0.693147180559945309417232121458176568"
        + "07550013436025525412068000949339362196969471560586332699641868754200148102057068573");
    LN2_HI = Double.longBitsToDouble(Double.doubleToRawLongBits(ln2.doubleValue()) & ~0x1FFFFFL);
    LN2_LO = ln2.subtract(new java.math.BigDecimal(LN2_HI), java.math.MathContext.DECIMAL128)
        .doubleValue();
    double f = 1;
    for (int n = 1; n < EXPM1.length; n++) {
      f *= n;
      EXPM1[n] = 1 / f;
    }
  }

  /**
   * {@code tanh(x) = -m / (m + 2)} with {@code m = e^(-2|x|) - 1}, and the sign of x.
   * {@code Math.tanh} is no intrinsic of the JDK 17 JIT (fdlibm in Java, about 20 ns a call,
   * AutoEncoder's activations call it for every cell of every layer); this takes about 6 ns.
   * m is computed as {@code 2^k (e^r - 1) + (2^k - 1)} in one fused multiply-add, with
   * {@code -2|x| = k ln2 + r}, {@code |r| <= ln2/2} (ln 2 split in a high part with trailing
   * zero bits and a low part, Cody and Waite) and {@code e^r - 1} by its Taylor polynomial to
   * degree 13 (the first omitted term is below 2^-57 of the result) in Estrin's scheme: full
   * relative accuracy also for tiny |x|. -2|x| is clamped at -40, where tanh is 1 in double
   * precision. NaN, infinities and signed zeros come out as {@code Math.tanh}'s.
   */
  public static double tanh(double x) {
    double y = -2 * Math.abs(x);
    y = y < -40 ? -40 : y;
    double t = Math.fma(y, INV_LN2, MAGIC);
    double k = t - MAGIC;
    double r = Math.fma(-k, LN2_LO, Math.fma(-k, LN2_HI, y));
    double s = Double.longBitsToDouble((Double.doubleToRawLongBits(t) - MAGIC_BITS + 1023) << 52);
    double m = Math.fma(s, expm1(r), s - 1);
    return Math.copySign(-m / (m + 2), x);
  }

  /** e^r - 1 for |r| <= ln2/2 (a little more), r (C1 + C2 r + ... + C13 r^12) by Estrin. */
  private static double expm1(double r) {
    double r2 = r * r;
    double r4 = r2 * r2;
    double r8 = r4 * r4;
    double[] c = EXPM1;
    double b0 = Math.fma(Math.fma(c[4], r, c[3]), r2, Math.fma(c[2], r, c[1]));
    double b1 = Math.fma(Math.fma(c[8], r, c[7]), r2, Math.fma(c[6], r, c[5]));
    double b2 = Math.fma(Math.fma(c[12], r, c[11]), r2, Math.fma(c[10], r, c[9]));
    return Math.fma(Math.fma(c[13], r4, b2), r8, Math.fma(b1, r4, b0)) * r;
  }

  public static double sigmoid(double x) {
    return 1 / (1 + Math.exp(-x));
  }
}
