package org.planlab.engine.lang.builtins;

import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.planlab.engine.lang.types.Dims;
import org.planlab.engine.lang.types.ExprType;
import org.planlab.engine.lang.types.ValueType;
import org.planlab.engine.ops.Distribution;
import org.planlab.engine.ops.GroupFunction;

/** The output-type rules the catalogue's entries share, and the ones specific to a builtin. */
final class TypeRules {
  private TypeRules() {}

  private static final long UNKNOWN = ExprType.UNKNOWN_DIM;

  /** Always the same type. */
  static TypeRule fixed(ExprType type) {
    return call -> type;
  }

  /** For builtins that return nothing (print, write, ...). */
  static TypeRule noValue() {
    return call -> ExprType.UNKNOWN;
  }

  /** Same dimensions as the matrix argument {@code p}. */
  static TypeRule sameShape(String p) {
    return call -> {
      ExprType t = call.type(p);
      return t.isMatrix() ? ExprType.matrix(t.rows(), t.cols()) : t;
    };
  }

  /** A cell-wise math function: matrix in, same shape out; scalar in, double out. */
  static TypeRule cellwise(String p) {
    return call -> {
      ExprType t = call.type(p);
      return t.isMatrix()
          ? ExprType.matrix(t.rows(), t.cols())
          : scalarOrUnknown(t, ValueType.DOUBLE);
    };
  }

  /** Like {@link #cellwise} but integers stay integers (abs, sign). */
  static TypeRule cellwiseKeepingIntegers(String p) {
    return call -> {
      ExprType t = call.type(p);
      if (t.isMatrix()) {
        return ExprType.matrix(t.rows(), t.cols());
      }
      return scalarOrUnknown(
          t, t.valueType() == ValueType.INTEGER ? ValueType.INTEGER : ValueType.DOUBLE);
    };
  }

  /**
   * A cell-wise predicate (isNaN, is.na, is.nan, is.infinite): a matrix of 0/1, or 1.0/0.0 on a
   * scalar (a double, not a boolean, as SystemDS 3.3.0 prints {@code is.na(NaN)} as 1.0).
   */
  static TypeRule cellwisePredicate(String p) {
    return cellwise(p);
  }

  /**
   * A cell-wise binary function of {@code x} and {@code y} (xor, the bitwise functions, pmin,
   * pmax): a matrix when either is one (a vector broadcasts as in the binary operators), else
   * the scalar type {@code scalarType} gives for the two operands' value types.
   */
  static TypeRule cellwiseBinary(java.util.function.BinaryOperator<ValueType> scalarType) {
    return call -> {
      ExprType x = call.type("x");
      ExprType y = call.type("y");
      if (x.isUnknown() || y.isUnknown()) {
        return ExprType.UNKNOWN;
      }
      if (x.isString() || y.isString()) {
        call.error(call.function().name() + " needs numbers, got a string");
        return ExprType.UNKNOWN;
      }
      if (x.isMatrix() || y.isMatrix()) {
        return combineCellwise(call, x, y);
      }
      return ExprType.scalar(scalarType.apply(x.valueType(), y.valueType()));
    };
  }

  private static ExprType scalarOrUnknown(ExprType in, ValueType out) {
    return in.isUnknown() ? ExprType.UNKNOWN : ExprType.scalar(out);
  }

  /** cumsumprod(X): X must have two columns; the result is one column. */
  static TypeRule cumsumprod() {
    return call -> {
      ExprType x = call.type("X");
      if (x.cols() != UNKNOWN && x.cols() != 2) {
        call.error("cumsumprod needs a matrix of two columns, got " + x.shape());
      }
      return ExprType.matrix(x.rows(), 1);
    };
  }

  /**
   * The operator names {@code outer(X, Y, op)} accepts: SystemDS 3.3.0's binary operators by
   * their DML spelling; it rejects {@code &} and {@code |}.
   */
  static final List<String> OUTER_OPERATORS = List.of("+", "-", "*", "/", "^", "%%", "%/%",
      "min", "max", "==", "!=", "<", "<=", ">", ">=", "log", "xor", "bitwAnd", "bitwOr",
      "bitwXor", "bitwShiftL", "bitwShiftR");

  /** outer(X, Y, op): a column vector X and a row vector Y give an nrow(X) x ncol(Y) matrix. */
  static TypeRule outer() {
    return call -> {
      ExprType x = call.type("X");
      ExprType y = call.type("Y");
      if (x.cols() != UNKNOWN && x.cols() != 1 || y.rows() != UNKNOWN && y.rows() != 1) {
        call.error("outer needs a column vector and a row vector, got " + x.shape() + " and "
            + y.shape());
      }
      Optional<String> op = call.stringConstant("op");
      if (op.isEmpty()) {
        call.error("outer needs its operator as a constant string, one of " + OUTER_OPERATORS);
      } else if (!OUTER_OPERATORS.contains(op.get())) {
        call.error("outer does not know the operator \"" + op.get() + "\"; use one of "
            + OUTER_OPERATORS);
      }
      return ExprType.matrix(x.rows(), y.cols());
    };
  }

  /** A full aggregate: a double. */
  static TypeRule fullAggregate() {
    return fixed(ExprType.DOUBLE);
  }

  /** rows x 1. */
  static TypeRule rowAggregate(String p) {
    return call -> ExprType.matrix(call.type(p).rows(), 1);
  }

  /** 1 x cols. */
  static TypeRule colAggregate(String p) {
    return call -> ExprType.matrix(1, call.type(p).cols());
  }

  /**
   * append(L, x) adds x to list L; append(s, t) of two strings joins them with a line break, as
   * SystemDS does.
   */
  static TypeRule append() {
    return call -> {
      ExprType target = call.type("target");
      if (target.isList()) {
        return ExprType.LIST;
      }
      if (target.isString() && call.type("value").isScalar()) {
        return ExprType.STRING;
      }
      call.error("append needs a list, or two strings; got " + target.describe() + " and "
          + call.type("value").describe());
      return ExprType.UNKNOWN;
    };
  }

  /** Argument {@code p} must be a list. */
  static TypeRule listOperand(String p) {
    return call -> {
      ExprType t = call.type(p);
      if (!t.isList()) {
        call.error(call.function().name() + " needs a list, got " + t.describe());
      }
      return ExprType.LIST;
    };
  }

  /** nrow, ncol, length: an integer, a constant when the size is known. */
  static TypeRule size(String p, java.util.function.ToLongFunction<ExprType> size) {
    return call -> {
      ExprType t = call.type(p);
      if (t.isMatrix()) {
        long v = size.applyAsLong(t);
        if (v != UNKNOWN) {
          call.constantResult(v);
        }
      }
      return ExprType.INTEGER;
    };
  }

  /** length: rows * cols. */
  static long cells(ExprType t) {
    return t.dimsKnown() ? t.rows() * t.cols() : UNKNOWN;
  }

  static TypeRule transpose(String p) {
    return call -> ExprType.matrix(call.type(p).cols(), call.type(p).rows());
  }

  /** A square matrix argument {@code p}; the result is a column of its order. */
  static TypeRule squareToColumn(String p) {
    return call -> {
      ExprType t = call.type(p);
      if (Dims.conflict(t.rows(), t.cols())) {
        call.error(call.function().name() + " needs a square matrix, got " + t.shape());
      }
      return ExprType.matrix(Dims.either(t.rows(), t.cols()), 1);
    };
  }

  /** A function of a square matrix; {@code out} null means: same shape as the input. */
  static TypeRule square(String p, ExprType out) {
    return call -> {
      ExprType t = call.type(p);
      if (Dims.conflict(t.rows(), t.cols())) {
        call.error(call.function().name() + " needs a square matrix, got " + t.shape());
      }
      if (out != null) {
        return out;
      }
      long n = Dims.either(t.rows(), t.cols());
      return ExprType.matrix(n, n);
    };
  }

  /** A size argument: its constant value if known and integral (must be >= 0), else unknown. */
  static long dimension(BoundCall call, String p) {
    if (!call.has(p)) {
      return UNKNOWN;
    }
    OptionalLong v = call.longConstant(p);
    if (v.isPresent()) {
      if (v.getAsLong() < 0) {
        call.error(p + " of " + call.function().name() + " must be >= 0, was " + v.getAsLong());
        return UNKNOWN;
      }
      return v.getAsLong();
    }
    // a fractional constant is truncated at run time (as in SystemDS): leave it unknown here
    return UNKNOWN;
  }

  // ---------------------------------------------------------------------------------------------
  // rules of single builtins

  /**
   * matrix(value, rows, cols), matrix("1 2 3", rows, cols) and the reshape matrix(X, rows, cols).
   */
  static TypeRule matrix() {
    return call -> {
      ExprType data = call.type("data");
      long rows = dimension(call, "rows");
      long cols = dimension(call, "cols");
      if (!data.isMatrix()) {
        if (!call.has("rows") || !call.has("cols")) {
          call.error(
              "missing argument '"
                  + (call.has("rows") ? "cols" : "rows")
                  + "' of matrix (matrix(value, rows, cols) needs both)");
        }
        return ExprType.matrix(rows, cols);
      }
      if (!call.has("rows") && !call.has("cols")) {
        call.error("matrix(X, rows, cols) reshapes X and needs rows or cols");
        return ExprType.MATRIX;
      }
      long cells = cells(data);
      if (cells != UNKNOWN) {
        if (rows == UNKNOWN && cols > 0 && !call.has("rows")) {
          rows = cells / cols;
        } else if (cols == UNKNOWN && rows > 0 && !call.has("cols")) {
          cols = cells / rows;
        }
        if (rows != UNKNOWN && cols != UNKNOWN && rows * cols != cells) {
          call.error("cannot reshape a " + data.shape() + " matrix into " + rows + "x" + cols);
        }
      }
      return ExprType.matrix(rows, cols);
    };
  }

  static TypeRule rand() {
    return call -> {
      call.stringConstant("pdf")
          .ifPresent(
              pdf -> {
                if (pdf.equals("poisson")) {
                  // SystemDS's third pdf; the runtime has no Poisson generator
                  call.error("rand with pdf=\"poisson\" is not supported; use \"uniform\" or"
                      + " \"normal\"");
                } else if (!List.of("uniform", "normal", "poisson").contains(pdf)) {
                  call.error(
                      "pdf of rand must be \"uniform\", \"normal\" or \"poisson\", was \""
                          + pdf
                          + "\"");
                }
              });
      call.doubleConstant("sparsity")
          .ifPresent(
              s -> {
                if (!(s >= 0 && s <= 1)) {
                  call.error("sparsity of rand must be in [0, 1], was " + s);
                }
              });
      return ExprType.matrix(dimension(call, "rows"), dimension(call, "cols"));
    };
  }

  /**
   * seq(from, to[, incr]): a column vector. Its length is computed only from integer constants (a
   * floating-point quotient could be off by one, and a wrong size here would be a false error).
   */
  static TypeRule seq() {
    return call -> {
      OptionalLong from = call.longConstant("from");
      OptionalLong to = call.longConstant("to");
      OptionalLong incr = call.has("incr") ? call.longConstant("incr") : OptionalLong.empty();
      call.doubleConstant("incr")
          .ifPresent(
              i -> {
                if (i == 0) {
                  call.error("incr of seq must not be 0");
                }
              });
      if (from.isEmpty() || to.isEmpty() || (call.has("incr") && incr.isEmpty())) {
        return ExprType.matrix(UNKNOWN, 1);
      }
      long f = from.getAsLong();
      long t = to.getAsLong();
      long i = incr.isPresent() ? incr.getAsLong() : (f <= t ? 1 : -1);
      if (i == 0) {
        return ExprType.matrix(UNKNOWN, 1);
      }
      if ((t - f) != 0 && Long.signum(t - f) != Long.signum(i)) {
        call.error("seq(" + f + ", " + t + ", " + i + ") is empty: incr has the wrong sign");
        return ExprType.matrix(UNKNOWN, 1);
      }
      return ExprType.matrix(Math.floorDiv(t - f, i) + 1, 1);
    };
  }

  /** diag(v) of a column vector is a square matrix; diag(X) of a square matrix its diagonal. */
  static TypeRule diag() {
    return call -> {
      ExprType t = call.type("X");
      if (t.colsKnown() && t.cols() == 1) {
        return ExprType.matrix(t.rows(), t.rows());
      }
      if (t.dimsKnown() && t.rows() != t.cols()) {
        call.error("diag needs a column vector or a square matrix, got " + t.shape());
        return ExprType.MATRIX;
      }
      if (t.dimsKnown()) {
        return ExprType.matrix(t.rows(), 1);
      }
      return ExprType.MATRIX;
    };
  }

  /** cbind (byColumns) or rbind: the other dimension must agree. */
  static TypeRule bind(boolean byColumns) {
    return call -> {
      List<ExprType> inputs = call.variadicTypes();
      if (inputs.stream().anyMatch(ExprType::isList)) {
        if (inputs.size() != 1) {
          call.error(call.function().name() + " binds the elements of one list, or matrices");
        }
        return ExprType.MATRIX;
      }
      long agreed = UNKNOWN;
      ExprType agreedFrom = null;
      long summed = 0;
      for (ExprType t : inputs) {
        if (!t.isMatrix()) {
          return ExprType.MATRIX;
        }
        long same = byColumns ? t.rows() : t.cols();
        long grown = byColumns ? t.cols() : t.rows();
        if (Dims.conflict(agreed, same)) {
          call.error(
              "dimension mismatch in "
                  + call.function().name()
                  + ": "
                  + agreedFrom.shape()
                  + " and "
                  + t.shape()
                  + (byColumns ? " (row counts differ)" : " (column counts differ)"));
          return ExprType.MATRIX;
        }
        if (agreed == UNKNOWN && same != UNKNOWN) {
          agreed = same;
          agreedFrom = t;
        }
        summed = summed == UNKNOWN || grown == UNKNOWN ? UNKNOWN : summed + grown;
      }
      return byColumns ? ExprType.matrix(agreed, summed) : ExprType.matrix(summed, agreed);
    };
  }

  static TypeRule table() {
    return call -> ExprType.matrix(dimension(call, "odim1"), dimension(call, "odim2"));
  }

  static TypeRule sample() {
    return call -> {
      OptionalLong range = call.longConstant("range");
      OptionalLong size = call.longConstant("size");
      Optional<Boolean> replace = call.booleanConstant("replace");
      if (range.isPresent()
          && size.isPresent()
          && replace.isPresent()
          && !replace.get()
          && size.getAsLong() > range.getAsLong()) {
        call.error(
            "sample of size "
                + size.getAsLong()
                + " without replacement from only "
                + range.getAsLong()
                + " values");
      }
      return ExprType.matrix(dimension(call, "size"), 1);
    };
  }

  /** min/max: one argument aggregates a matrix; two or more are cell-wise. */
  static TypeRule minMax() {
    return call -> {
      List<ExprType> inputs = call.variadicTypes();
      if (inputs.size() == 1) {
        ExprType t = inputs.get(0);
        return t.isMatrix() ? ExprType.DOUBLE : t;
      }
      ExprType result = null;
      for (ExprType t : inputs) {
        if (t.isUnknown()) {
          return ExprType.UNKNOWN;
        }
        if (t.isString()) {
          call.error(call.function().name() + " needs numbers, got a string");
          return ExprType.UNKNOWN;
        }
        result = result == null ? t : combineCellwise(call, result, t);
      }
      return result;
    };
  }

  private static ExprType combineCellwise(BoundCall call, ExprType a, ExprType b) {
    if (a.isMatrix() && b.isMatrix()) {
      Optional<ExprType> shape = Dims.cellwise(a, b);
      if (shape.isEmpty()) {
        call.error(
            "dimension mismatch in "
                + call.function().name()
                + ": "
                + a.shape()
                + " and "
                + b.shape());
        return ExprType.MATRIX;
      }
      return shape.get();
    }
    if (a.isMatrix() || b.isMatrix()) {
      return a.isMatrix() ? a : b;
    }
    return ExprType.scalar(ValueType.promote(a.valueType(), b.valueType()));
  }

  /** ifelse(test, yes, no): cell-wise if any argument is a matrix. */
  static TypeRule ifelse() {
    return call -> {
      ExprType test = call.type("test");
      ExprType yes = call.type("yes");
      ExprType no = call.type("no");
      if (test.isUnknown() || yes.isUnknown() || no.isUnknown()) {
        return ExprType.UNKNOWN;
      }
      if (!test.isMatrix() && !yes.isMatrix() && !no.isMatrix()) {
        if (yes.isString() && no.isString()) {
          return ExprType.STRING;
        }
        if (yes.isString() || no.isString()) {
          call.error("ifelse cannot mix a string and a number");
          return ExprType.UNKNOWN;
        }
        return ExprType.scalar(ValueType.promote(yes.valueType(), no.valueType()));
      }
      if (yes.isString() || no.isString()) {
        call.error("ifelse on a matrix needs numbers, got a string");
        return ExprType.MATRIX;
      }
      // at least one operand is a matrix, so the combination is one
      return combineCellwise(call, combineCellwise(call, test, yes), no);
    };
  }

  static TypeRule quantile() {
    return call -> {
      ExprType p = call.type("p");
      return p.isMatrix() ? ExprType.matrix(p.rows(), 1) : ExprType.DOUBLE;
    };
  }

  /** solve(A, b): A square, b with A's rows; result A.cols x b.cols. */
  static TypeRule solve() {
    return call -> {
      ExprType a = call.type("A");
      ExprType b = call.type("b");
      if (Dims.conflict(a.rows(), a.cols())) {
        call.error("solve needs a square matrix A, got " + a.shape());
      } else if (Dims.conflict(a.rows(), b.rows())) {
        call.error("dimension mismatch in solve: A is " + a.shape() + " but b is " + b.shape());
      }
      return ExprType.matrix(Dims.either(a.cols(), a.rows()), b.cols());
    };
  }

  /** order: the sorted matrix, or with index.return=TRUE the permutation as a column. */
  static TypeRule order() {
    return call -> {
      ExprType t = call.type("target");
      Optional<Boolean> indexReturn = call.booleanConstant("index.return");
      if (indexReturn.isEmpty()) {
        return ExprType.matrix(t.rows(), UNKNOWN);
      }
      return indexReturn.get() ? ExprType.matrix(t.rows(), 1) : ExprType.matrix(t.rows(), t.cols());
    };
  }

  /** removeEmpty: the size along the margin becomes data-dependent. */
  static TypeRule removeEmpty() {
    return call -> {
      ExprType t = call.type("target");
      Optional<String> margin = call.stringConstant("margin");
      if (margin.isEmpty()) {
        return ExprType.MATRIX;
      }
      return switch (margin.get()) {
        case "rows" -> ExprType.matrix(UNKNOWN, t.cols());
        case "cols" -> ExprType.matrix(t.rows(), UNKNOWN);
        default -> {
          call.error(
              "margin of removeEmpty must be \"rows\" or \"cols\", was \"" + margin.get() + "\"");
          yield ExprType.MATRIX;
        }
      };
    };
  }

  /** as.scalar and the value casts: a scalar, or a 1 x 1 matrix. */
  static TypeRule toScalar(ValueType out) {
    return call -> {
      ExprType t = call.type("x");
      if (t.isMatrix()) {
        if ((t.rowsKnown() && t.rows() != 1) || (t.colsKnown() && t.cols() != 1)) {
          call.error(call.function().name() + " needs a 1x1 matrix, got " + t.shape());
        }
        return ExprType.scalar(out == null ? ValueType.DOUBLE : out);
      }
      if (t.isUnknown()) {
        return ExprType.UNKNOWN;
      }
      if (t.isList()) {
        // the element's value type is known only at run time
        return ExprType.scalar(out == null ? ValueType.UNKNOWN : out);
      }
      return ExprType.scalar(out == null ? t.valueType() : out);
    };
  }

  static TypeRule asMatrix() {
    return call -> {
      ExprType t = call.type("x");
      if (t.isString()) {
        call.error("as.matrix needs a number or a matrix, got a string");
      }
      if (t.isList()) {
        return ExprType.MATRIX;
      }
      return t.isMatrix() ? ExprType.matrix(t.rows(), t.cols()) : ExprType.matrix(1, 1);
    };
  }

  private static final List<String> FORMATS = List.of("text", "csv", "mm", "binary");

  /** read: a matrix (of the given size, if constant) or, with data_type="scalar", a scalar. */
  static TypeRule read() {
    return call -> {
      checkFormat(call);
      Optional<String> dataType = call.stringConstant("data_type");
      if (dataType.isPresent() && dataType.get().equalsIgnoreCase("scalar")) {
        Optional<String> vt = call.stringConstant("value_type");
        ValueType valueType =
            vt.flatMap(org.planlab.engine.lang.types.DmlType::valueTypeNamed)
                .orElse(ValueType.DOUBLE);
        return ExprType.scalar(valueType);
      }
      if (dataType.isPresent() && !dataType.get().equalsIgnoreCase("matrix")) {
        call.error(
            "data_type of read must be \"matrix\" or \"scalar\", was \"" + dataType.get() + "\"");
      }
      return ExprType.matrix(dimension(call, "rows"), dimension(call, "cols"));
    };
  }

  static TypeRule write() {
    return call -> {
      checkFormat(call);
      return ExprType.UNKNOWN;
    };
  }

  private static void checkFormat(BoundCall call) {
    call.stringConstant("format")
        .ifPresent(
            f -> {
              if (!FORMATS.contains(f)) {
                call.error(
                    "format of "
                        + call.function().name()
                        + " must be \"text\", \"csv\", \"mm\" or \"binary\", was \""
                        + f
                        + "\"");
              }
            });
  }

  /** printf-style conversions: %d %f %5.4f %s %x %e %g ...; "%%" is a literal percent sign. */
  private static final Pattern FORMAT_SPEC = Pattern.compile("%%|%[-+ 0#,]*\\d*(\\.\\d+)?[a-zA-Z]");

  /**
   * print(value) or print(format, args...): a scalar, or a matrix printed as
   * {@code print(toString(X))} prints it (as SystemDS 3.3.0 does); with args, the format must be
   * a scalar and its count of conversions must match.
   */
  static TypeRule print() {
    return call -> {
      ExprType value = call.type("value");
      List<ExprType> args = call.variadicTypes();
      if (value.isMatrix() && !args.isEmpty()) {
        call.error("print with format arguments needs a string format, got a matrix");
        return ExprType.UNKNOWN;
      }
      for (ExprType a : args) {
        if (a.isMatrix()) {
          call.error("print format arguments must be scalars, got a matrix");
          return ExprType.UNKNOWN;
        }
      }
      if (!args.isEmpty()) {
        call.stringConstant("value")
            .ifPresent(
                format -> {
                  int conversions = 0;
                  Matcher m = FORMAT_SPEC.matcher(format);
                  while (m.find()) {
                    if (!m.group().equals("%%")) {
                      conversions++;
                    }
                  }
                  if (conversions != args.size()) {
                    call.error(
                        "print format \""
                            + format
                            + "\" has "
                            + conversions
                            + " conversion(s) but "
                            + args.size()
                            + " argument(s) follow");
                  }
                });
      }
      return ExprType.UNKNOWN;
    };
  }

  // ---------------------------------------------------------------------------------------------
  // SystemDS compatibility: statistics, decompositions with several results, distributions

  /** unique(X, dir): all cells as a column, or per row ("r") or per column ("c"). */
  static TypeRule unique() {
    return call -> {
      ExprType x = call.type("X");
      if (!call.has("dir")) {
        return ExprType.matrix(UNKNOWN, 1);
      }
      Optional<String> dir = call.stringConstant("dir");
      if (dir.isEmpty()) {
        return ExprType.MATRIX;
      }
      return switch (dir.get()) {
        case "r" -> ExprType.matrix(x.rows(), UNKNOWN);
        case "c" -> ExprType.matrix(UNKNOWN, x.cols());
        default -> {
          call.error("dir of unique must be \"r\" or \"c\", was \"" + dir.get() + "\"");
          yield ExprType.MATRIX;
        }
      };
    };
  }

  /**
   * aggregate(target, groups, weights, fn, order, ngroups): a row per group (ngroups, if
   * constant) and a column per target column; centralmoment needs an order of 2, 3 or 4.
   */
  static TypeRule groupedAggregate() {
    return call -> {
      ExprType x = call.type("target");
      ExprType g = call.type("groups");
      if (g.colsKnown() && g.cols() != 1) {
        call.error("groups of aggregate must be a column vector, got " + g.shape());
      } else if (Dims.conflict(x.rows(), g.rows())) {
        call.error("dimension mismatch in aggregate: target is " + x.shape() + " but groups is "
            + g.shape());
      }
      if (call.has("weights")) {
        ExprType w = call.type("weights");
        if (Dims.conflict(g.rows(), w.rows()) || (w.colsKnown() && w.cols() != 1)) {
          call.error("dimension mismatch in aggregate: weights are " + w.shape()
              + " but must be a column like groups (" + g.shape() + ")");
        }
      }
      Optional<String> fn = call.stringConstant("fn");
      if (fn.isPresent() && GroupFunction.named(fn.get()).isEmpty()) {
        call.error("fn of aggregate must be one of " + GroupFunction.names() + ", was \""
            + fn.get() + "\"");
      }
      if (fn.isPresent() && fn.get().equals("centralmoment")) {
        if (!call.has("order")) {
          call.error("aggregate with fn=\"centralmoment\" needs order= (2, 3 or 4)");
        } else {
          checkOrder(call, "order", "aggregate's centralmoment");
        }
      }
      return ExprType.matrix(dimension(call, "ngroups"), x.cols());
    };
  }

  /** A moment order argument: 2, 3 or 4 when constant. */
  private static void checkOrder(BoundCall call, String p, String what) {
    call.doubleConstant(p).ifPresent(k -> {
      if (k != 2 && k != 3 && k != 4) {
        call.error("the order of " + what + " must be 2, 3 or 4, was "
            + (k == Math.rint(k) ? Long.toString((long) k) : Double.toString(k)));
      }
    });
  }

  /** moment(X, k) or moment(X, W, k): a double; X (and W) column vectors of one length. */
  static TypeRule moment() {
    return call -> {
      columns(call, "X", "W");
      checkOrder(call, "k", "moment");
      return ExprType.DOUBLE;
    };
  }

  /** cov(X, Y) or cov(X, Y, W): a double; column vectors of one length. */
  static TypeRule cov() {
    return call -> {
      columns(call, "X", "Y", "W");
      return ExprType.DOUBLE;
    };
  }

  /** interQuartileMean(X) or interQuartileMean(X, W): a double. */
  static TypeRule interQuartileMean() {
    return call -> {
      columns(call, "X", "W");
      return ExprType.DOUBLE;
    };
  }

  /** The given arguments (those present) must be column vectors of one length. */
  private static void columns(BoundCall call, String... parameters) {
    String first = null;
    for (String p : parameters) {
      if (!call.has(p)) {
        continue;
      }
      ExprType t = call.type(p);
      if (t.colsKnown() && t.cols() != 1) {
        call.error(p + " of " + call.function().name() + " must be a column vector, got "
            + t.shape());
        return;
      }
      if (first != null && Dims.conflict(call.type(first).rows(), t.rows())) {
        call.error("dimension mismatch in " + call.function().name() + ": " + first + " is "
            + call.type(first).shape() + " but " + p + " is " + t.shape());
        return;
      }
      first = first == null ? p : first;
    }
  }

  /** bias_add/bias_multiply(X, b): X's shape; b a column whose length divides X's columns. */
  static TypeRule bias() {
    return call -> {
      ExprType x = call.type("X");
      ExprType b = call.type("b");
      if (b.colsKnown() && b.cols() != 1) {
        call.error("b of " + call.function().name() + " must be a column vector (C x 1), got "
            + b.shape());
      } else if (b.rowsKnown() && x.colsKnown() && b.rows() > 0 && x.cols() % b.rows() != 0) {
        call.error("dimension mismatch in " + call.function().name() + ": X is " + x.shape()
            + " but b has " + b.rows() + " rows, which do not divide X's " + x.cols()
            + " columns (N x C*H*W)");
      }
      return ExprType.matrix(x.rows(), x.cols());
    };
  }

  /** The parameters of all distributions of cdf/icdf. */
  private static final List<String> ALL_DISTRIBUTION_PARAMETERS =
      List.of("mean", "sd", "rate", "df", "df1", "df2");

  /** Distribution parameters with a default (mean 0, sd 1, rate 1; the lowering fills them). */
  private static final List<String> DEFAULTED = List.of("mean", "sd", "rate");

  /**
   * cdf/icdf(target, dist, ...): a double. dist must be a constant naming a distribution; its
   * parameters without defaults (df, df1, df2) must be given and the other distributions'
   * parameters must not (so cdf's parameters have no defaults in the catalogue, and the
   * lowering supplies mean=0, sd=1, rate=1).
   */
  static TypeRule distribution() {
    return call -> {
      Optional<String> dist = call.stringConstant("dist");
      if (dist.isEmpty()) {
        call.error("dist of " + call.function().name() + " must be a constant string");
        return ExprType.DOUBLE;
      }
      Optional<Distribution> d = Distribution.named(dist.get());
      if (d.isEmpty()) {
        call.error("dist of " + call.function().name() + " must be one of "
            + Distribution.names() + ", was \"" + dist.get() + "\"");
        return ExprType.DOUBLE;
      }
      List<String> own = d.get().parameterNames();
      for (String p : ALL_DISTRIBUTION_PARAMETERS) {
        // none of these has a default in the catalogue: has(p) means given
        boolean given = call.has(p);
        if (own.contains(p) && !given && !DEFAULTED.contains(p)) {
          call.error(call.function().name() + " with dist=\"" + dist.get() + "\" needs " + p
              + "=");
        } else if (!own.contains(p) && given) {
          call.error(p + " is not a parameter of the " + dist.get() + " distribution (of "
              + call.function().name() + ")");
        }
      }
      return ExprType.DOUBLE;
    };
  }

  /** pnorm, qt, ...: a double (the parameters are those of the one distribution). */
  static TypeRule probability() {
    return fixed(ExprType.DOUBLE);
  }

  /** The order n of a square matrix argument, without reporting (result rules). */
  private static long order(BoundCall call, String p) {
    ExprType t = call.type(p);
    return Dims.conflict(t.rows(), t.cols()) ? UNKNOWN : Dims.either(t.rows(), t.cols());
  }

  /** eigen's results: the eigenvalues as a column, the eigenvectors as an n x n matrix. */
  static TypeRule eigenValues() {
    return call -> ExprType.matrix(order(call, "A"), 1);
  }

  static TypeRule squareResult() {
    return call -> {
      long n = order(call, "A");
      return ExprType.matrix(n, n);
    };
  }

  /** The results of svd(A) for an m x n A, p = min(m, n): U m x p, S p x p, V n x p. */
  static TypeRule svdResult(int result) {
    return call -> {
      ExprType a = call.type("A");
      long p = a.dimsKnown() ? Math.min(a.rows(), a.cols()) : UNKNOWN;
      return switch (result) {
        case 0 -> ExprType.matrix(a.rows(), p);
        case 1 -> ExprType.matrix(p, p);
        default -> ExprType.matrix(a.cols(), p);
      };
    };
  }

  /** qr's H and R have the shape of A. */
  static TypeRule qrResult() {
    return call -> ExprType.matrix(call.type("A").rows(), call.type("A").cols());
  }
}
