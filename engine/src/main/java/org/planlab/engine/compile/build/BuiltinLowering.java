package org.planlab.engine.compile.build;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.planlab.engine.data.ScalarValue;
import org.planlab.engine.ir.Hop;
import org.planlab.engine.ir.HopParam;
import org.planlab.engine.ir.OpCode;
import org.planlab.engine.lang.Diagnostic;
import org.planlab.engine.lang.DmlValidationException;
import org.planlab.engine.lang.ast.Expression;
import org.planlab.engine.lang.ast.FunctionCall;
import org.planlab.engine.lang.ast.Literal;
import org.planlab.engine.lang.ast.SourcePosition;
import org.planlab.engine.lang.builtins.BuiltinParameter;
import org.planlab.engine.lang.types.DataType;
import org.planlab.engine.lang.types.ValueType;
import org.planlab.engine.lang.validate.CallTarget;
import org.planlab.engine.ops.AggregateOp;
import org.planlab.engine.ops.BinaryOp;
import org.planlab.engine.ops.Direction;
import org.planlab.engine.ops.Distribution;
import org.planlab.engine.ops.UnaryOp;

/**
 * Maps a builtin call to its HOP: the opcode with all inputs in {@link OpCode}'s positional
 * order, omitted optional arguments filled with the catalogue's defaults as LITERAL HOPs, and
 * arguments without a fixed default by the conventions OpCode documents (rand/sample seed -1,
 * table weight 1 and sizes -1, a 0x0 matrix for removeEmpty's missing select).
 */
final class BuiltinLowering {
  private final DagBuilder dag;

  BuiltinLowering(DagBuilder dag) {
    this.dag = dag;
  }

  /** The HOP of builtin call {@code call}. */
  Hop lower(FunctionCall call, CallTarget.Builtin b) {
    if (b.function().hasSeveralResults()) {
      // only a statement of its own gets here (validation rejects it in expressions), and the
      // statement drops its results: any one of them stands for the call
      return lowerResults(call, b).get(0);
    }
    Args a = new Args(call, b);
    String name = b.function().name();
    return switch (name) {
      case "matrix" -> matrix(a);
      case "rand" -> a.hop(OpCode.RAND, HopParam.NONE, a.arg("rows"), a.arg("cols"),
          a.arg("min"), a.arg("max"), a.arg("sparsity"), a.argOr("seed", a.lit(-1L)),
          a.arg("pdf"));
      case "seq" -> seq(a);
      case "diag" -> a.hop(OpCode.DIAG, HopParam.NONE, a.arg("X"));
      case "cbind" -> a.hop(OpCode.CBIND, HopParam.NONE, a.variadic());
      case "rbind" -> a.hop(OpCode.RBIND, HopParam.NONE, a.variadic());
      case "table" -> a.hop(OpCode.TABLE, HopParam.NONE, a.arg("A"), a.arg("B"),
          a.argOr("W", a.lit(1.0)), a.argOr("odim1", a.lit(-1L)), a.argOr("odim2", a.lit(-1L)));
      case "list" -> list(a);
      case "append" -> a.hop(OpCode.LIST_APPEND, HopParam.NONE, a.arg("target"), a.arg("value"));
      case "eval" -> {
        List<Hop> in = new ArrayList<>();
        in.add(a.arg("fname"));
        in.addAll(a.variadic());
        yield a.hop(OpCode.EVAL, HopParam.NONE, in);
      }
      case "sample" -> a.hop(OpCode.SAMPLE, HopParam.NONE, a.arg("range"), a.arg("size"),
          a.arg("replace"), a.argOr("seed", a.lit(-1L)));
      case "nrow" -> a.hop(OpCode.NROW, HopParam.NONE, a.arg("X"));
      case "ncol" -> a.hop(OpCode.NCOL, HopParam.NONE, a.arg("X"));
      case "length" -> a.hop(OpCode.LENGTH, HopParam.NONE, a.arg("X"));
      case "t" -> a.hop(OpCode.TRANSPOSE, HopParam.NONE, a.arg("X"));
      case "rev" -> a.hop(OpCode.REV, HopParam.NONE, a.arg("X"));
      case "sum" -> aggregate(a, AggregateOp.SUM, Direction.FULL);
      case "mean" -> a.has("W") ? weightedMean(a) : aggregate(a, AggregateOp.MEAN, Direction.FULL);
      case "var" -> aggregate(a, AggregateOp.VAR, Direction.FULL);
      case "sd" -> aggregate(a, AggregateOp.SD, Direction.FULL);
      case "prod" -> aggregate(a, AggregateOp.PROD, Direction.FULL);
      case "min" -> minMax(a, AggregateOp.MIN, BinaryOp.MIN);
      case "max" -> minMax(a, AggregateOp.MAX, BinaryOp.MAX);
      case "rowSums" -> aggregate(a, AggregateOp.SUM, Direction.ROW);
      case "rowMeans" -> aggregate(a, AggregateOp.MEAN, Direction.ROW);
      case "rowMaxs" -> aggregate(a, AggregateOp.MAX, Direction.ROW);
      case "rowMins" -> aggregate(a, AggregateOp.MIN, Direction.ROW);
      case "rowVars" -> aggregate(a, AggregateOp.VAR, Direction.ROW);
      case "rowIndexMax" -> a.hop(OpCode.ROW_INDEX_MAX, HopParam.NONE, a.arg("X"));
      case "rowIndexMin" -> a.hop(OpCode.ROW_INDEX_MIN, HopParam.NONE, a.arg("X"));
      case "colSums" -> aggregate(a, AggregateOp.SUM, Direction.COL);
      case "colMeans" -> aggregate(a, AggregateOp.MEAN, Direction.COL);
      case "colMaxs" -> aggregate(a, AggregateOp.MAX, Direction.COL);
      case "colMins" -> aggregate(a, AggregateOp.MIN, Direction.COL);
      case "colVars" -> aggregate(a, AggregateOp.VAR, Direction.COL);
      case "colSds" -> aggregate(a, AggregateOp.SD, Direction.COL);
      case "cumsum" -> cumulative(a, HopParam.Cumulative.Kind.SUM);
      case "cumprod" -> cumulative(a, HopParam.Cumulative.Kind.PROD);
      case "rowProds" -> aggregate(a, AggregateOp.PROD, Direction.ROW);
      case "colProds" -> aggregate(a, AggregateOp.PROD, Direction.COL);
      case "cummin" -> cumulative(a, HopParam.Cumulative.Kind.MIN);
      case "cummax" -> cumulative(a, HopParam.Cumulative.Kind.MAX);
      case "cumsumprod" -> cumulative(a, HopParam.Cumulative.Kind.SUMPROD);
      case "lower.tri" -> triangle(a, true);
      case "upper.tri" -> triangle(a, false);
      case "outer" -> outer(a);
      case "trace" -> a.hop(OpCode.TRACE, HopParam.NONE, a.arg("X"));
      case "exp" -> unary(a, UnaryOp.EXP);
      case "sqrt" -> unary(a, UnaryOp.SQRT);
      case "round" -> unary(a, UnaryOp.ROUND);
      case "floor" -> unary(a, UnaryOp.FLOOR);
      case "ceil" -> unary(a, UnaryOp.CEIL);
      case "sigmoid" -> unary(a, UnaryOp.SIGMOID);
      case "tanh" -> unary(a, UnaryOp.TANH);
      case "sin" -> unary(a, UnaryOp.SIN);
      case "cos" -> unary(a, UnaryOp.COS);
      case "abs" -> unary(a, UnaryOp.ABS);
      case "sign" -> unary(a, UnaryOp.SIGN);
      case "ceiling" -> unary(a, UnaryOp.CEIL);
      case "tan" -> unary(a, UnaryOp.TAN);
      case "asin" -> unary(a, UnaryOp.ASIN);
      case "acos" -> unary(a, UnaryOp.ACOS);
      case "atan" -> unary(a, UnaryOp.ATAN);
      case "sinh" -> unary(a, UnaryOp.SINH);
      case "cosh" -> unary(a, UnaryOp.COSH);
      case "isNaN", "is.na", "is.nan" -> unary(a, UnaryOp.ISNAN);
      case "is.infinite" -> unary(a, UnaryOp.ISINF);
      case "xor" -> binary(a, BinaryOp.XOR);
      case "bitwAnd" -> binary(a, BinaryOp.BITW_AND);
      case "bitwOr" -> binary(a, BinaryOp.BITW_OR);
      case "bitwXor" -> binary(a, BinaryOp.BITW_XOR);
      case "bitwShiftL" -> binary(a, BinaryOp.BITW_SHIFTL);
      case "bitwShiftR" -> binary(a, BinaryOp.BITW_SHIFTR);
      case "pmin" -> binary(a, BinaryOp.MIN);
      case "pmax" -> binary(a, BinaryOp.MAX);
      case "log" -> a.has("base")
          ? a.hop(OpCode.BINARY, new HopParam.Binary(BinaryOp.LOG), a.arg("x"), a.arg("base"))
          : unary(a, UnaryOp.LOG);
      case "ifelse" -> a.hop(OpCode.IFELSE, HopParam.NONE, a.arg("test"), a.arg("yes"),
          a.arg("no"));
      case "replace" -> a.hop(OpCode.REPLACE, HopParam.NONE, a.arg("target"), a.arg("pattern"),
          a.arg("replacement"));
      case "contains" -> contains(a);
      case "solve" -> a.hop(OpCode.SOLVE, HopParam.NONE, a.arg("A"), a.arg("b"));
      case "inv" -> a.hop(OpCode.INV, HopParam.NONE, a.arg("X"));
      case "cholesky" -> a.hop(OpCode.CHOLESKY, HopParam.NONE, a.arg("X"));
      case "eigenvalues" -> a.hop(OpCode.EIGEN_VALUES, HopParam.NONE, a.arg("A"));
      case "eigenvectors" -> a.hop(OpCode.EIGEN_VECTORS, HopParam.NONE, a.arg("A"));
      case "det" -> a.hop(OpCode.DET, HopParam.NONE, a.arg("X"));
      case "median" -> a.hop(OpCode.MEDIAN, HopParam.NONE, a.arg("X"));
      case "quantile" -> a.hop(OpCode.QUANTILE, HopParam.NONE, a.arg("X"), a.arg("p"));
      case "order" -> a.hop(OpCode.ORDER, HopParam.NONE, a.arg("target"), a.arg("by"),
          a.arg("decreasing"), a.arg("index.return"));
      case "removeEmpty" -> a.hop(OpCode.REMOVE_EMPTY, HopParam.NONE, a.arg("target"),
          a.arg("margin"), a.argOr("select", emptyMatrix(a.pos)), a.arg("empty.return"));
      case "as.scalar" -> a.hop(OpCode.CAST_SCALAR, HopParam.NONE, a.arg("x"));
      case "as.matrix" -> a.hop(OpCode.CAST_MATRIX, HopParam.NONE, a.arg("x"));
      case "as.list" -> a.hop(OpCode.CAST_LIST, HopParam.NONE, a.arg("x"));
      case "as.double" -> a.hop(OpCode.CAST_VALUE, new HopParam.Cast(ValueType.DOUBLE), a.arg("x"));
      case "as.integer" -> a.hop(OpCode.CAST_VALUE, new HopParam.Cast(ValueType.INTEGER),
          a.arg("x"));
      case "as.logical" -> a.hop(OpCode.CAST_VALUE, new HopParam.Cast(ValueType.BOOLEAN),
          a.arg("x"));
      case "toString" -> a.hop(OpCode.TO_STRING, HopParam.NONE, a.arg("target"),
          a.arg("decimal"), a.arg("sep"), a.arg("linesep"));
      case "time" -> a.hop(OpCode.TIME, HopParam.NONE);
      case "exists" -> exists(a);
      case "read" -> a.hop(OpCode.READ_FILE, HopParam.NONE, a.arg("path"),
          a.argOr("format", a.lit("")), a.argOr("rows", a.lit(-1L)), a.argOr("cols", a.lit(-1L)),
          a.argOr("sep", a.lit("")), a.argOr("header", a.lit(false)));
      case "write" -> a.effect(OpCode.WRITE_FILE, a.arg("X"), a.arg("path"), a.arg("format"),
          a.arg("sep"), a.arg("header"));
      case "print" -> print(a);
      case "stop" -> a.effect(OpCode.STOP, a.arg("message"));
      case "evict" -> a.effect(OpCode.EVICT, a.arg("percent"));
      case "assert" -> a.effect(OpCode.ASSERT, a.arg("condition"));
      // SystemDS compatibility
      case "unique" -> a.hop(OpCode.UNIQUE, HopParam.NONE, a.arg("X"), a.argOr("dir", a.lit("")));
      case "aggregate" -> groupedAggregate(a);
      case "moment" -> moment(a);
      case "cov" -> a.hop(OpCode.COV, HopParam.NONE, a.arg("X"), a.arg("Y"),
          a.argOr("W", a.lit(1.0)));
      case "interQuartileMean" -> a.hop(OpCode.IQM, HopParam.NONE, a.arg("X"),
          a.argOr("W", a.lit(1.0)));
      case "bias_add" -> a.hop(OpCode.BIAS_ADD, HopParam.NONE, a.arg("X"), a.arg("b"));
      case "bias_multiply" -> a.hop(OpCode.BIAS_MULTIPLY, HopParam.NONE, a.arg("X"), a.arg("b"));
      // planlab keeps matrices uncompressed: compress and decompress are their input
      case "compress", "decompress" -> a.arg("X");
      case "cdf", "icdf" -> distribution(a, name.equals("icdf"), stringArg(a, "dist"));
      case "pnorm", "qnorm" -> distribution(a, name.startsWith("q"), "normal");
      case "pexp", "qexp" -> distribution(a, name.startsWith("q"), "exp");
      case "pchisq", "qchisq" -> distribution(a, name.startsWith("q"), "chisq");
      case "pf", "qf" -> distribution(a, name.startsWith("q"), "f");
      case "pt", "qt" -> distribution(a, name.startsWith("q"), "t");
      default -> throw new IllegalStateException(call.position() + ": builtin " + name
          + " has no HOP mapping");
    };
  }

  /** list(...): the elements in order, with their names if they are named. */
  private Hop list(Args a) {
    List<String> names = new ArrayList<>();
    for (var arg : a.call.arguments()) {
      arg.name().ifPresent(names::add);
    }
    return a.hop(OpCode.LIST, new HopParam.ListNames(names), a.variadic());
  }

  /**
   * One HOP per result of a builtin with several results, in the order of its results, all
   * sharing the HOPs of the arguments: eigen's values and vectors, svd's U, S, V, lu's P, L, U
   * and qr's H, R. Each HOP computes the decomposition of the shared input itself (the IR has
   * single-output HOPs; common subexpression elimination cannot merge HOPs that differ in the
   * result they keep), so a decomposition whose results are all used runs once per result.
   */
  List<Hop> lowerResults(FunctionCall call, CallTarget.Builtin b) {
    Args a = new Args(call, b);
    String name = b.function().name();
    List<Hop> out = new ArrayList<>();
    switch (name) {
      case "eigen" -> {
        out.add(a.matrixHop(OpCode.EIGEN_VALUES, HopParam.NONE, a.arg("A")));
        out.add(a.matrixHop(OpCode.EIGEN_VECTORS, HopParam.NONE, a.arg("A")));
      }
      case "svd", "lu", "qr" -> {
        OpCode op = switch (name) {
          case "svd" -> OpCode.SVD;
          case "lu" -> OpCode.LU;
          default -> OpCode.QR;
        };
        for (int i = 0; i < b.function().results().size(); i++) {
          out.add(a.matrixHop(op, new HopParam.Decomposition(i), a.arg("A")));
        }
      }
      case "remove" -> {
        Hop list = a.arg("target");
        Hop pos = a.arg("pos");
        out.add(new Hop(OpCode.LIST_REMOVE, HopParam.NONE, List.of(list, pos), DataType.LIST,
            ValueType.UNKNOWN, a.pos));
        out.add(new Hop(OpCode.LIST_INDEX, HopParam.NONE, List.of(list, pos, pos),
            DataType.LIST, ValueType.UNKNOWN, a.pos));
      }
      default -> throw new IllegalStateException(call.position() + ": builtin " + name
          + " has no HOP mapping for several results");
    }
    return out;
  }

  // ---------------------------------------------------------------- SystemDS compatibility

  /**
   * aggregate(target, groups, weights, fn, order, ngroups): absent weights are a scalar 1, the
   * order 0 unless fn is "centralmoment", ngroups -1 when absent (the largest group id).
   */
  private Hop groupedAggregate(Args a) {
    return a.hop(OpCode.GROUPED_AGGREGATE, HopParam.NONE, a.arg("target"), a.arg("groups"),
        a.argOr("weights", a.lit(1.0)), a.arg("fn"), a.argOr("order", a.lit(0L)),
        a.argOr("ngroups", a.lit(-1L)));
  }

  /** moment(X, k) or moment(X, W, k): three positional arguments put the weights second. */
  private Hop moment(Args a) {
    return a.hop(OpCode.MOMENT, HopParam.NONE, a.arg("X"), a.argOr("W", a.lit(1.0)),
        a.arg("k"));
  }

  /**
   * A distribution function of {@code dist} at the target: CDF with inputs (q, a, b,
   * lower.tail), ICDF with (p, a, b), where a and b are the distribution's parameters (see
   * {@link org.planlab.engine.ops.Distribution}); an unused one is 0. cdf/icdf list mean, sd
   * and rate without defaults (their type rule tells given from omitted), so they are filled
   * here: mean 0, sd 1, rate 1, as SystemDS 3.3.0.
   */
  private Hop distribution(Args a, boolean inverse, String dist) {
    Distribution d = Distribution.named(dist).orElseThrow(() -> new IllegalStateException(
        a.pos + ": validation let through the distribution \"" + dist + "\""));
    Hop p1;
    Hop p2 = a.lit(0.0);
    switch (d) {
      case NORMAL -> {
        p1 = a.argOr("mean", a.lit(0.0));
        p2 = a.argOr("sd", a.lit(1.0));
      }
      case EXP -> p1 = a.argOr("rate", a.lit(1.0));
      case F -> {
        p1 = a.arg("df1");
        p2 = a.arg("df2");
      }
      default -> p1 = a.arg("df");
    }
    HopParam param = new HopParam.Probability(d);
    Hop target = a.arg("target");
    return inverse ? a.hop(OpCode.ICDF, param, target, p1, p2)
        : a.hop(OpCode.CDF, param, target, p1, p2, a.arg("lower.tail"));
  }

  /** A string argument that validation required to be a compile-time constant. */
  private String stringArg(Args a, String parameter) {
    Hop h = a.arg(parameter);
    if (h.op() != OpCode.LITERAL) {
      throw new IllegalStateException(a.pos + ": " + parameter + " is not a constant");
    }
    return h.param(HopParam.Literal.class).value().asString();
  }

  /** matrix(X, rows, cols, byrow) reshapes; matrix(value, ...) fills; matrix("1 2", ...) parses. */
  private Hop matrix(Args a) {
    Hop data = a.arg("data");
    if (data.isMatrix()) {
      Hop rows = a.argOr("rows", null);
      Hop cols = a.argOr("cols", null);
      // a missing dimension follows from the cell count, as in DML
      if (rows == null && cols != null) {
        rows = a.scalar(BinaryOp.INTDIV, a.extent(OpCode.LENGTH, data), cols);
      } else if (cols == null && rows != null) {
        cols = a.scalar(BinaryOp.INTDIV, a.extent(OpCode.LENGTH, data), rows);
      } else if (rows == null) {
        rows = a.extent(OpCode.NROW, data);
        cols = a.extent(OpCode.NCOL, data);
      }
      return a.hop(OpCode.RESHAPE, HopParam.NONE, data, rows, cols, a.arg("byrow"));
    }
    Hop rows = a.argOr("rows", a.lit(-1L));
    Hop cols = a.argOr("cols", a.lit(-1L));
    OpCode op = data.valueType() == ValueType.STRING ? OpCode.MATRIX_FROM_STRING : OpCode.FILL;
    return a.hop(op, HopParam.NONE, data, rows, cols);
  }

  /**
   * seq(from, to, incr); without an increment it counts up by 1 if from <= to, else down by 1:
   * {@code (from <= to) * 2 - 1}, plain scalar arithmetic that constant folding and size
   * propagation evaluate when from and to are known.
   */
  private Hop seq(Args a) {
    Hop from = a.arg("from");
    Hop to = a.arg("to");
    Hop incr = a.argOr("incr", null);
    if (incr == null) {
      Hop up = a.scalar(BinaryOp.LE, from, to);
      incr = a.scalar(BinaryOp.MINUS, a.scalar(BinaryOp.MULT, up, a.lit(2L)), a.lit(1L));
    }
    return a.hop(OpCode.SEQ, HopParam.NONE, from, to, incr);
  }

  /** mean(X, W) = sum(X * W) / sum(W). */
  private Hop weightedMean(Args a) {
    Hop w = a.arg("W");
    Hop weighted = a.fullSum(a.matrixBinary(BinaryOp.MULT, a.arg("X"), w));
    return a.scalar(BinaryOp.DIV, weighted, a.fullSum(w));
  }

  private Hop cumulative(Args a, HopParam.Cumulative.Kind kind) {
    return a.hop(OpCode.CUMULATIVE, new HopParam.Cumulative(kind), a.arg("X"));
  }

  private Hop aggregate(Args a, AggregateOp op, Direction dir) {
    return a.hop(OpCode.AGGREGATE, new HopParam.Aggregate(op, dir), a.arg("X"));
  }

  /**
   * One matrix argument: a full aggregate; two: the element-wise binary min/max, as
   * {@code pmin}/{@code pmax} (so that the fusion templates take {@code max(1 - Y * Xw, 0)} like
   * any other cell operation); more: element-wise n-ary min/max.
   */
  private Hop minMax(Args a, AggregateOp agg, BinaryOp op) {
    List<Hop> values = a.variadic();
    if (values.size() == 1) {
      Hop x = values.get(0);
      return x.isMatrix() ? a.hop(OpCode.AGGREGATE, new HopParam.Aggregate(agg, Direction.FULL),
          x) : x;
    }
    if (values.size() == 2) {
      return a.hop(OpCode.BINARY, new HopParam.Binary(op), values);
    }
    return a.hop(OpCode.NARY_MINMAX, new HopParam.Binary(op), values);
  }

  private Hop unary(Args a, UnaryOp op) {
    return a.hop(OpCode.UNARY, new HopParam.Unary(op), a.arg("x"));
  }

  /**
   * outer(X, Y, op) of a column vector X and a row vector Y: {@code X %*% matrix(1, 1, ncol(Y))}
   * repeats X across ncol(Y) columns (exactly: one product by 1 per cell), and the row vector Y
   * then broadcasts down its rows, so the ordinary matrix-row-vector operator computes it on
   * every backend and fuses like one.
   */
  private Hop outer(Args a) {
    Hop x = a.arg("X");
    Hop y = a.arg("Y");
    Hop op = a.arg("op");
    BinaryOp bop = BinaryOp.fromSymbol(op.param(HopParam.Literal.class).value().asString());
    return a.hop(OpCode.BINARY, new HopParam.Binary(bop), a.repeatColumns(x, y), y);
  }

  /**
   * lower.tri/upper.tri(target, diag, values) without an opcode of their own: with row indexes
   * R (i in every column) and column indexes c = t(seq(1, ncol)), the lower mask is
   * {@code R + diag > c} (i > j, or i >= j with diag) and the upper one {@code R - diag < c};
   * values=TRUE keeps X's cells under the mask, {@code ifelse(mask, X, 0)}, so NaN and Inf
   * outside the triangle still give 0.
   */
  private Hop triangle(Args a, boolean lower) {
    Hop x = a.arg("target");
    Hop diag = a.arg("diag");
    Hop values = a.arg("values");
    Hop one = a.lit(1L);
    Hop rowIndexes = a.matrixOf(OpCode.SEQ, one, a.extent(OpCode.NROW, x), one);
    Hop colIndexes = a.matrixOf(OpCode.TRANSPOSE,
        a.matrixOf(OpCode.SEQ, one, a.extent(OpCode.NCOL, x), one));
    Hop r = a.repeatColumns(rowIndexes, x);
    Hop mask = lower
        ? a.matrixBinary(BinaryOp.GT, a.matrixBinary(BinaryOp.PLUS, r, diag), colIndexes)
        : a.matrixBinary(BinaryOp.LT, a.matrixBinary(BinaryOp.MINUS, r, diag), colIndexes);
    Hop kept = a.matrixOf(OpCode.IFELSE, mask, x, a.lit(0.0));
    if (values.op() == OpCode.LITERAL) {
      return values.param(HopParam.Literal.class).value().asBoolean() ? kept : mask;
    }
    return a.hop(OpCode.IFELSE, HopParam.NONE, values, kept, mask);
  }

  /** A cell-wise binary builtin f(x, y): the BINARY HOP of its operator. */
  private Hop binary(Args a, BinaryOp op) {
    return a.hop(OpCode.BINARY, new HopParam.Binary(op), a.arg("x"), a.arg("y"));
  }

  /**
   * contains(target, pattern) has no opcode of its own: it is {@code sum(X == p) > 0}, and
   * {@code sum(isNaN(X)) > 0} for a NaN pattern (NaN == NaN is false). For a pattern not known
   * at compile time both terms are combined: {@code sum(X == p) + sum(isNaN(X)) * isNaN(p) > 0}.
   */
  private Hop contains(Args a) {
    Hop x = a.arg("target");
    Hop p = a.arg("pattern");
    boolean literal = p.op() == OpCode.LITERAL;
    boolean nan = literal && Double.isNaN(p.param(HopParam.Literal.class).value().asDouble());
    Hop count;
    if (literal && nan) {
      count = a.fullSum(a.matrixUnary(UnaryOp.ISNAN, x));
    } else {
      count = a.fullSum(a.matrixBinary(BinaryOp.EQ, x, p));
      if (!literal) {
        Hop nans = a.fullSum(a.matrixUnary(UnaryOp.ISNAN, x));
        Hop pIsNan = new Hop(OpCode.UNARY, new HopParam.Unary(UnaryOp.ISNAN), List.of(p),
            DataType.SCALAR, ValueType.DOUBLE, a.pos);
        count = a.scalar(BinaryOp.PLUS, count, a.scalar(BinaryOp.MULT, nans, pIsNan));
      }
    }
    return a.hop(OpCode.BINARY, new HopParam.Binary(BinaryOp.GT), count, a.lit(0L));
  }

  /**
   * exists(name): validation substitutes {@code exists($x)}; exists of a variable needs a
   * run-time symbol-table lookup, which has no opcode yet, so it is reported as unsupported
   * unless validation decided it.
   */
  private Hop exists(Args a) {
    Optional<Object> c = dag.program().constantOf(a.call);
    if (c.isEmpty()) {
      throw new DmlValidationException(List.of(new Diagnostic(a.pos,
          "exists() of a variable is not supported yet; use exists($name) for script arguments")));
    }
    return DagBuilder.literal(DagBuilder.scalarOf(c.get()), a.pos);
  }

  /**
   * print(x) prints x, a matrix as {@code print(toString(X))} with toString's defaults (as
   * SystemDS 3.3.0 does); print(format, args...) prints the formatted string.
   */
  private Hop print(Args a) {
    Hop value = a.arg("value");
    List<Hop> args = a.variadic();
    if (args.isEmpty() && value.isMatrix()) {
      Hop text = new Hop(OpCode.TO_STRING, HopParam.NONE, List.of(value, a.lit(3L), a.lit(" "),
          a.lit("\n")), DataType.SCALAR, ValueType.STRING, a.pos);
      return a.effect(OpCode.PRINT, text);
    }
    if (args.isEmpty()) {
      return a.effect(OpCode.PRINT, value);
    }
    List<Hop> in = new ArrayList<>();
    in.add(value);
    in.addAll(args);
    Hop formatted = new Hop(OpCode.PRINTF, HopParam.NONE, in, DataType.SCALAR, ValueType.STRING,
        a.pos);
    return a.effect(OpCode.PRINT, formatted);
  }

  private static Hop emptyMatrix(SourcePosition pos) {
    Hop zero = DagBuilder.literal(ScalarValue.of(0L), pos);
    return new Hop(OpCode.FILL, HopParam.NONE,
        List.of(DagBuilder.literal(ScalarValue.of(0.0), pos), zero, zero), DataType.MATRIX,
        ValueType.DOUBLE, pos);
  }

  /** The bound arguments of one call, built into HOPs on demand. */
  private final class Args {
    final FunctionCall call;
    final CallTarget.Builtin target;
    final SourcePosition pos;
    private final java.util.Map<String, Hop> built = new java.util.HashMap<>();

    Args(FunctionCall call, CallTarget.Builtin target) {
      this.call = call;
      this.target = target;
      this.pos = call.position();
    }

    boolean has(String parameter) {
      return target.arguments().containsKey(parameter);
    }

    /** The argument, else the catalogue's default; a programming error if there is neither. */
    Hop arg(String parameter) {
      Hop h = argOr(parameter, null);
      if (h == null) {
        throw new IllegalStateException(pos + ": " + target.function().name()
            + " has no argument or default for " + parameter);
      }
      return h;
    }

    /** The argument, else the catalogue's default, else {@code absent}. */
    Hop argOr(String parameter, Hop absent) {
      Expression e = target.arguments().get(parameter);
      if (e != null) {
        // built once per call, so the HOPs of several results share their inputs
        return built.computeIfAbsent(parameter, p -> dag.expression(e));
      }
      Optional<Literal> d = target.function().parameter(parameter)
          .flatMap(BuiltinParameter::defaultValue);
      return d.map(l -> DagBuilder.literal(DagBuilder.scalarOf(l.value()), pos)).orElse(absent);
    }

    List<Hop> variadic() {
      List<Hop> out = new ArrayList<>();
      for (Expression e : target.variadic()) {
        out.add(dag.expression(e));
      }
      return out;
    }

    Hop lit(Object v) {
      return DagBuilder.literal(DagBuilder.scalarOf(v), pos);
    }

    /** The call's own HOP, of the call's inferred type. */
    Hop hop(OpCode op, HopParam p, Hop... inputs) {
      return hop(op, p, List.of(inputs));
    }

    Hop hop(OpCode op, HopParam p, List<Hop> inputs) {
      return dag.hop(op, p, inputs, call);
    }

    /** A matrix of doubles computed by the call (one of several results). */
    Hop matrixHop(OpCode op, HopParam p, Hop... inputs) {
      return new Hop(op, p, List.of(inputs), DataType.MATRIX, ValueType.DOUBLE, pos);
    }

    /** A side-effect root: no value. */
    Hop effect(OpCode op, Hop... inputs) {
      return new Hop(op, HopParam.NONE, List.of(inputs), DataType.UNKNOWN, ValueType.UNKNOWN,
          pos);
    }

    Hop extent(OpCode op, Hop x) {
      return new Hop(op, HopParam.NONE, List.of(x), DataType.SCALAR, ValueType.INTEGER, pos);
    }

    /** A helper scalar operation, typed by DML's promotion. */
    Hop scalar(BinaryOp op, Hop l, Hop r) {
      ValueType vt = switch (op) {
        case LT, LE, GT, GE, EQ, NEQ, AND, OR -> ValueType.BOOLEAN;
        case DIV, POW, LOG -> ValueType.DOUBLE;
        default -> ValueType.promote(l.valueType(), r.valueType());
      };
      return new Hop(OpCode.BINARY, new HopParam.Binary(op), List.of(l, r), DataType.SCALAR, vt,
          pos);
    }

    Hop matrixBinary(BinaryOp op, Hop l, Hop r) {
      return new Hop(OpCode.BINARY, new HopParam.Binary(op), List.of(l, r), DataType.MATRIX,
          ValueType.DOUBLE, pos);
    }

    /** A helper matrix HOP of {@code op} without a parameter. */
    Hop matrixOf(OpCode op, Hop... inputs) {
      return new Hop(op, HopParam.NONE, List.of(inputs), DataType.MATRIX, ValueType.DOUBLE, pos);
    }

    /** The column vector {@code v} repeated across ncol({@code like}) columns. */
    Hop repeatColumns(Hop v, Hop like) {
      Hop ones = matrixOf(OpCode.FILL, lit(1.0), lit(1L), extent(OpCode.NCOL, like));
      return matrixOf(OpCode.MATMULT, v, ones);
    }

    Hop matrixUnary(UnaryOp op, Hop x) {
      return new Hop(OpCode.UNARY, new HopParam.Unary(op), List.of(x), DataType.MATRIX,
          ValueType.DOUBLE, pos);
    }

    Hop fullSum(Hop x) {
      return new Hop(OpCode.AGGREGATE, new HopParam.Aggregate(AggregateOp.SUM, Direction.FULL),
          List.of(x), DataType.SCALAR, ValueType.DOUBLE, pos);
    }
  }
}
