package org.planlab.engine.ops;

/**
 * The element-wise binary operators of DML with their scalar semantics, which follow Apache
 * SystemDS 3.3.0 where it differs from R (values below are what SystemDS 3.3.0 prints):
 *
 * <ul>
 *   <li>{@code /} is IEEE division: {@code x/0} is ±Inf, {@code 0/0} is NaN.
 *   <li>{@code %/%} truncates toward zero: the quotient {@code x/y} cast to {@code long}, so
 *       {@code -7 %/% 2 = -3}, {@code 7 %/% -2 = -3}, {@code -1 %/% 2 = 0} (not -0), and
 *       quotients beyond 2<sup>63</sup> saturate ({@code 1e20 %/% 1 = 9.223372036854776E18}).
 *       A NaN or ±Inf quotient ({@code x %/% 0}, {@code Inf %/% 2}) is returned as is.
 *   <li>{@code %%} is {@code x - (x %/% y)*y}, with the sign of the dividend ({@code -7 %% 2 = -1},
 *       {@code 7 %% -2 = 1}, {@code -7.5 %% 2 = -1.5}); {@code x %% 0}, {@code x %% ±Inf} and
 *       {@code ±Inf %% y} are NaN, because {@code Inf * 0} and {@code Inf - Inf} are. (On
 *       integer scalars SystemDS differs; see {@link ScalarOps}.)
 *   <li>{@code ^} is {@link Math#pow} ({@code 0^0 = 1}, {@code NaN^0 = 1}).
 *   <li>Comparisons give 1.0 or 0.0 with IEEE semantics: every comparison with NaN is false
 *       except {@code !=}, so {@code NaN == NaN} is 0 and {@code NaN != NaN} is 1.
 *   <li>{@code &} and {@code |} give 1.0 or 0.0 and treat every non-zero value as true,
 *       NaN included.
 *   <li>{@code min} and {@code max} are {@link Math#min}/{@link Math#max}: NaN propagates, and
 *       {@code min(0, -0) = -0}.
 *   <li>{@code log(x, base)} is {@code ln x / ln base}.
 *   <li>{@code xor} gives 1.0 or 0.0, true when exactly one operand is non-zero (NaN is
 *       non-zero).
 *   <li>{@code bitwAnd}, {@code bitwOr}, {@code bitwXor}, {@code bitwShiftL} and
 *       {@code bitwShiftR} work on 32-bit integers, as SystemDS 3.3.0 does on doubles: each
 *       operand is cast to {@code int} (truncated toward zero, saturated at ±2<sup>31</sup>, NaN
 *       is 0), shift counts are taken modulo 32, and shifts are arithmetic. A left shift whose
 *       result is {@code Integer.MIN_VALUE} gives NaN ({@code bitwShiftL(1, 31)},
 *       {@code bitwShiftL(-Inf, 0)}), as in SystemDS. E.g. {@code bitwAnd(-12.7, 10) = 0},
 *       {@code bitwOr(Inf, 0) = 2147483647}, {@code bitwShiftL(1, 40) = 256}. Integer scalars
 *       follow {@link #applyIntegers}.
 * </ul>
 *
 * <p><b>Sparse safety.</b> Kernels use two properties to decide which cells they must visit.
 * An operator is {@link #sparseSafe()} when {@code op(0,0) == 0}: then a cell where both
 * operands are 0 yields 0, and visiting only the <em>union</em> of the operands' non-zeros is
 * exact for all inputs (the cells where just one side is non-zero are computed with the real
 * {@code op(x,0)} or {@code op(0,y)}). Of those, {@link #intersectsNonZeros()} operators (MULT
 * and AND) also have {@code op(x,0) == op(0,x) == 0}, so the <em>intersection</em> suffices. For
 * AND this holds for every x; for MULT only for finite x, as {@code 0 * ±Inf} and {@code 0 * NaN}
 * are NaN under IEEE. Like SystemDS, the kernels still intersect for MULT: where a sparse
 * operand holds an unstored zero, {@code X * Y} is 0 even if the other operand is non-finite
 * there, while dense operands follow IEEE. On finite inputs results never depend on the format.
 *
 * <table>
 *   <caption>Classification</caption>
 *   <tr><th>class</th><th>operators</th></tr>
 *   <tr><td>intersection</td><td>* &amp; bitwAnd</td></tr>
 *   <tr><td>union</td><td>+ - min max != &lt; &gt; | xor bitwOr bitwXor bitwShiftL
 *       bitwShiftR</td></tr>
 *   <tr><td>not sparse-safe</td><td>/ ^ %% %/% == &lt;= &gt;= log (op(0,0) is NaN or 1)</td></tr>
 * </table>
 */
public enum BinaryOp {
  PLUS("+", Sparsity.UNION),
  MINUS("-", Sparsity.UNION),
  MULT("*", Sparsity.INTERSECTION),
  DIV("/", Sparsity.NONE),
  POW("^", Sparsity.NONE),
  MOD("%%", Sparsity.NONE),
  INTDIV("%/%", Sparsity.NONE),
  MIN("min", Sparsity.UNION),
  MAX("max", Sparsity.UNION),
  EQ("==", Sparsity.NONE),
  NEQ("!=", Sparsity.UNION),
  LT("<", Sparsity.UNION),
  LE("<=", Sparsity.NONE),
  GT(">", Sparsity.UNION),
  GE(">=", Sparsity.NONE),
  AND("&", Sparsity.INTERSECTION),
  OR("|", Sparsity.UNION),
  LOG("log", Sparsity.NONE),
  XOR("xor", Sparsity.UNION),
  BITW_AND("bitwAnd", Sparsity.INTERSECTION),
  BITW_OR("bitwOr", Sparsity.UNION),
  BITW_XOR("bitwXor", Sparsity.UNION),
  BITW_SHIFTL("bitwShiftL", Sparsity.UNION),
  BITW_SHIFTR("bitwShiftR", Sparsity.UNION);

  /** Which non-zeros a kernel must visit; see the class comment. */
  private enum Sparsity { NONE, UNION, INTERSECTION }

  private final String symbol;
  private final Sparsity sparsity;

  BinaryOp(String symbol, Sparsity sparsity) {
    this.symbol = symbol;
    this.sparsity = sparsity;
  }

  /** The DML spelling: an operator ({@code +}, {@code %/%}, ...) or a function name. */
  public String symbol() {
    return symbol;
  }

  /** The operator with the given DML spelling. */
  public static BinaryOp fromSymbol(String symbol) {
    for (BinaryOp op : values()) {
      if (op.symbol.equals(symbol)) {
        return op;
      }
    }
    throw new IllegalArgumentException("unknown binary operator '" + symbol + "'");
  }

  /** The scalar semantics (see the class comment). */
  public double apply(double a, double b) {
    return switch (this) {
      case PLUS -> a + b;
      case MINUS -> a - b;
      case MULT -> a * b;
      case DIV -> a / b;
      case POW -> pow(a, b);
      case MOD -> mod(a, b);
      case INTDIV -> intDiv(a, b);
      case MIN -> Math.min(a, b);
      case MAX -> Math.max(a, b);
      case EQ -> Indicators.eq(a, b);
      case NEQ -> Indicators.ne(a, b);
      case LT -> Indicators.lt(a, b);
      case LE -> Indicators.le(a, b);
      case GT -> Indicators.gt(a, b);
      case GE -> Indicators.ge(a, b);
      case AND -> Indicators.and(a, b);
      case OR -> Indicators.or(a, b);
      case LOG -> log(a, b);
      case XOR -> Indicators.xor(a, b);
      case BITW_AND -> toInt(a) & toInt(b);
      case BITW_OR -> toInt(a) | toInt(b);
      case BITW_XOR -> toInt(a) ^ toInt(b);
      case BITW_SHIFTL -> shiftLeft(a, b);
      case BITW_SHIFTR -> toInt(a) >> toInt(b);
    };
  }

  /** True for the bitwise operators, which have a semantics of their own on integer scalars. */
  public boolean bitwise() {
    return switch (this) {
      case BITW_AND, BITW_OR, BITW_XOR, BITW_SHIFTL, BITW_SHIFTR -> true;
      default -> false;
    };
  }

  /**
   * A bitwise operator on two integer scalars, as SystemDS 3.3.0 computes it on {@code long}s:
   * the operands of and, or, xor and the left shift are narrowed to {@code int} (wrapping:
   * {@code bitwAnd(3000000000, 3000000000) = -1294967296}), a left shift whose result is
   * {@code Integer.MIN_VALUE} gives 0 ({@code bitwShiftL(1, 31) = 0}), and the right shift is an
   * arithmetic shift of the {@code long} with the count modulo 64
   * ({@code bitwShiftR(5000000000, 0) = 5000000000}).
   *
   * @throws IllegalArgumentException for an operator that is not {@link #bitwise()}
   */
  public long applyIntegers(long a, long b) {
    return switch (this) {
      case BITW_AND -> (int) a & (int) b;
      case BITW_OR -> (int) a | (int) b;
      case BITW_XOR -> (int) a ^ (int) b;
      case BITW_SHIFTL -> {
        int r = (int) a << (int) b;
        yield r == Integer.MIN_VALUE ? 0 : r;
      }
      case BITW_SHIFTR -> a >> b;
      default -> throw new IllegalArgumentException(symbol + " is not a bitwise operator");
    };
  }

  /**
   * True when {@code op(0,0) == 0}, so that visiting the union of two operands' non-zeros is
   * exact (see the class comment).
   */
  public boolean sparseSafe() {
    return sparsity != Sparsity.NONE;
  }

  /**
   * True for MULT and AND: {@code op(x,0) == op(0,x) == 0}, so visiting the intersection of the
   * operands' non-zeros suffices (for MULT with the non-finite caveat of the class comment).
   */
  public boolean intersectsNonZeros() {
    return sparsity == Sparsity.INTERSECTION;
  }

  /**
   * True when a matrix-scalar operation only needs the matrix's non-zeros: {@code op(0, s) == 0}
   * for {@code X op s}, {@code op(s, 0) == 0} for {@code s op X}. Evaluated with {@link #apply},
   * so it is exact for every s: e.g. {@code X*s} unless s is ±Inf or NaN, {@code X/s} for
   * s != 0, {@code X^s} for s > 0, {@code X>s} for s >= 0, {@code X-s} only for s == 0,
   * {@code s/X} never.
   */
  public boolean sparseSafeWithScalar(double s, boolean scalarOnLeft) {
    return (scalarOnLeft ? apply(s, 0) : apply(0, s)) == 0;
  }

  /** True when {@code op(a,b) == op(b,a)} for all a, b (NaN counting as equal to NaN). */
  public boolean commutative() {
    return switch (this) {
      case PLUS, MULT, MIN, MAX, EQ, NEQ, AND, OR, XOR, BITW_AND, BITW_OR, BITW_XOR -> true;
      default -> false;
    };
  }

  // ---------------------------------------------------------------- scalar semantics

  /**
   * Division truncated toward zero through {@code long}, as SystemDS 3.3.0; NaN and ±Inf
   * quotients pass through (see the class comment).
   */
  public static double intDiv(double a, double b) {
    double q = a / b;
    if (Double.isNaN(q) || Double.isInfinite(q)) {
      return q;
    }
    return (double) (long) q;
  }

  /** {@code a - intDiv(a, b)*b}: the sign of the dividend; NaN for b == 0 or ±Inf. */
  public static double mod(double a, double b) {
    return a - intDiv(a, b) * b;
  }

  /** Java's (and SystemDS's) double to int cast: truncates, saturates, NaN to 0. */
  public static int toInt(double x) {
    return (int) x;
  }

  /** {@code (int) a << (int) b}, NaN where the result is {@code Integer.MIN_VALUE}. */
  public static double shiftLeft(double a, double b) {
    int r = toInt(a) << toInt(b);
    return r == Integer.MIN_VALUE ? Double.NaN : r;
  }

  /**
   * {@code Math.pow(a, b)}, with the square as one multiplication: {@code Math.pow(x, 2.0)} is
   * exactly {@code x * x} (the JDK's pow special-cases it), but as a call it costs several times
   * the multiplication, and {@code X^2} is the most common power in ML scripts.
   */
  public static double pow(double a, double b) {
    return b == 2 ? a * a : Math.pow(a, b);
  }

  public static double log(double a, double base) {
    return Math.log(a) / Math.log(base);
  }
}
