package org.planlab.engine.ops;

/**
 * The element-wise binary operators of DML with their scalar semantics, which follow R and
 * Apache SystemDS ({@code runtime/functionobjects}):
 *
 * <ul>
 *   <li>{@code /} is IEEE division: {@code x/0} is ±Inf, {@code 0/0} is NaN.
 *   <li>{@code %/%} is floor division, {@code floor(x/y)}: {@code -7 %/% 2 = -4}. When {@code x/y}
 *       is NaN or ±Inf (e.g. {@code x %/% 0}) that value is returned as is, as in SystemDS's
 *       IntegerDivide; unlike SystemDS no cast to {@code long} is made, so quotients beyond
 *       2<sup>63</sup> stay exact.
 *   <li>{@code %%} is {@code x - floor(x/y)*y}, with the sign of the divisor ({@code -7 %% 2 = 1},
 *       {@code 7 %% -2 = -1}); {@code x %% 0} is NaN. As in SystemDS (but not R 4.x),
 *       {@code x %% ±Inf} is NaN, because {@code 0 * Inf} is.
 *   <li>{@code ^} is {@link Math#pow} ({@code 0^0 = 1}, {@code NaN^0 = 1}).
 *   <li>Comparisons give 1.0 or 0.0 with IEEE semantics: every comparison with NaN is false
 *       except {@code !=}, so {@code NaN == NaN} is 0 and {@code NaN != NaN} is 1.
 *   <li>{@code &} and {@code |} give 1.0 or 0.0 and treat every non-zero value as true,
 *       NaN included.
 *   <li>{@code min} and {@code max} are {@link Math#min}/{@link Math#max}: NaN propagates, and
 *       {@code min(0, -0) = -0}.
 *   <li>{@code log(x, base)} is {@code ln x / ln base}.
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
 *   <tr><td>intersection</td><td>* &amp;</td></tr>
 *   <tr><td>union</td><td>+ - min max != &lt; &gt; |</td></tr>
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
  LOG("log", Sparsity.NONE);

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
      case POW -> Math.pow(a, b);
      case MOD -> mod(a, b);
      case INTDIV -> intDiv(a, b);
      case MIN -> Math.min(a, b);
      case MAX -> Math.max(a, b);
      case EQ -> a == b ? 1 : 0;
      case NEQ -> a != b ? 1 : 0;
      case LT -> a < b ? 1 : 0;
      case LE -> a <= b ? 1 : 0;
      case GT -> a > b ? 1 : 0;
      case GE -> a >= b ? 1 : 0;
      case AND -> and(a, b);
      case OR -> or(a, b);
      case LOG -> log(a, b);
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
      case PLUS, MULT, MIN, MAX, EQ, NEQ, AND, OR -> true;
      default -> false;
    };
  }

  // ---------------------------------------------------------------- scalar semantics

  /** Floor division; NaN and ±Inf quotients pass through (see the class comment). */
  public static double intDiv(double a, double b) {
    // Math.floor keeps NaN and ±Inf, so no special case is needed
    return Math.floor(a / b);
  }

  /** {@code a - floor(a/b)*b}, NaN for b == 0. */
  public static double mod(double a, double b) {
    if (b == 0) {
      return Double.NaN;
    }
    return a - Math.floor(a / b) * b;
  }

  public static double and(double a, double b) {
    return a != 0 && b != 0 ? 1 : 0;
  }

  public static double or(double a, double b) {
    return a != 0 || b != 0 ? 1 : 0;
  }

  public static double log(double a, double base) {
    return Math.log(a) / Math.log(base);
  }
}
