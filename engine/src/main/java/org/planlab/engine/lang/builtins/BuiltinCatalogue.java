package org.planlab.engine.lang.builtins;

import static org.planlab.engine.lang.builtins.ArgKind.ANY;
import static org.planlab.engine.lang.builtins.ArgKind.MATRIX;
import static org.planlab.engine.lang.builtins.ArgKind.NAME;
import static org.planlab.engine.lang.builtins.ArgKind.SCALAR;
import static org.planlab.engine.lang.builtins.ArgKind.STRING;
import static org.planlab.engine.lang.builtins.ArgKind.VALUE;
import static org.planlab.engine.lang.builtins.BuiltinParameter.literal;
import static org.planlab.engine.lang.builtins.BuiltinParameter.optional;
import static org.planlab.engine.lang.builtins.BuiltinParameter.required;
import static org.planlab.engine.lang.builtins.BuiltinParameter.variadic;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.planlab.engine.lang.builtins.BuiltinFunction.Category;
import org.planlab.engine.lang.builtins.BuiltinFunction.Effect;
import org.planlab.engine.lang.types.ExprType;
import org.planlab.engine.lang.types.ValueType;

/**
 * The builtin functions of DML (DML.md, "Builtin functions" and "Statements"): one entry per
 * builtin, in one table below. Immutable; {@link #standard()} is the catalogue the front end uses.
 * {@code ifdef} is not listed: the parser substitutes it (it depends on the command line, not on
 * the program).
 */
public final class BuiltinCatalogue {
  private static final BuiltinCatalogue STANDARD = new BuiltinCatalogue(table(), aliases());

  private final Map<String, BuiltinFunction> byName;
  private final Map<String, String> aliases;

  private BuiltinCatalogue(List<BuiltinFunction> functions, Map<String, String> aliases) {
    Map<String, BuiltinFunction> map = new LinkedHashMap<>();
    for (BuiltinFunction f : functions) {
      if (map.put(f.name(), f) != null) {
        throw new IllegalStateException("builtin " + f.name() + " listed twice");
      }
    }
    for (Map.Entry<String, String> a : aliases.entrySet()) {
      if (!map.containsKey(a.getValue())) {
        throw new IllegalStateException("alias " + a.getKey() + " of unknown " + a.getValue());
      }
    }
    this.byName = java.util.Collections.unmodifiableMap(map);
    this.aliases = Map.copyOf(aliases);
  }

  /** The builtins of DML as planlab supports them. */
  public static BuiltinCatalogue standard() {
    return STANDARD;
  }

  /** The builtin called {@code name} (or an alias of it, e.g. {@code Rand}). */
  public Optional<BuiltinFunction> lookup(String name) {
    BuiltinFunction f = byName.get(name);
    if (f == null && aliases.containsKey(name)) {
      f = byName.get(aliases.get(name));
    }
    return Optional.ofNullable(f);
  }

  public boolean isBuiltin(String name) {
    return lookup(name).isPresent();
  }

  /** All builtins, in table order (aliases not repeated). */
  public Collection<BuiltinFunction> functions() {
    return byName.values();
  }

  /** All names a script may call, aliases included. */
  public Set<String> names() {
    Set<String> names = new java.util.TreeSet<>(byName.keySet());
    names.addAll(aliases.keySet());
    return java.util.Collections.unmodifiableSet(names);
  }

  private static Map<String, String> aliases() {
    return Map.of("Rand", "rand");
  }

  /**
   * Other names SystemDS accepts for a builtin's parameters (its scripts write {@code
   * table(A, B, rows=m, cols=n)} as well as {@code odim1=}/{@code odim2=}).
   */
  private static final Map<String, Map<String, String>> PARAMETER_ALIASES =
      Map.of("table", Map.of("rows", "odim1", "cols", "odim2"));

  /** The parameter that argument name {@code name} of builtin {@code function} denotes. */
  public String parameterName(String function, String name) {
    return PARAMETER_ALIASES.getOrDefault(function, Map.of()).getOrDefault(name, name);
  }

  // ---------------------------------------------------------------------------------------------
  // the table

  private static List<BuiltinFunction> table() {
    List<BuiltinFunction> t = new ArrayList<>();

    // construction
    t.add(
        pure(
            "matrix",
            Category.CONSTRUCTION,
            TypeRules.matrix(),
            required("data", ANY),
            optional("rows", SCALAR),
            optional("cols", SCALAR),
            optional("byrow", SCALAR, literal(true))));
    t.add(
        new BuiltinFunction(
            "rand",
            Category.CONSTRUCTION,
            List.of(
                required("rows", SCALAR).named(),
                required("cols", SCALAR).named(),
                optional("min", SCALAR, literal(0.0)).named(),
                optional("max", SCALAR, literal(1.0)).named(),
                optional("sparsity", SCALAR, literal(1.0)).named(),
                optional("pdf", STRING, literal("uniform")).named(),
                optional("seed", SCALAR).named(),
                optional("lambda", SCALAR, literal(1.0)).named()),
            Map.of(),
            TypeRules.rand(),
            Effect.NONDETERMINISTIC,
            true));
    t.add(
        pure(
            "seq",
            Category.CONSTRUCTION,
            TypeRules.seq(),
            required("from", SCALAR),
            required("to", SCALAR),
            optional("incr", SCALAR)));
    t.add(pure("diag", Category.CONSTRUCTION, TypeRules.diag(), required("X", MATRIX)));
    // cbind(L)/rbind(L) of one list binds its elements (SystemDS)
    t.add(pure("cbind", Category.CONSTRUCTION, TypeRules.bind(true), variadic("X", VALUE, true)));
    t.add(pure("rbind", Category.CONSTRUCTION, TypeRules.bind(false), variadic("X", VALUE, true)));
    t.add(
        new BuiltinFunction(
            "table",
            Category.CONSTRUCTION,
            List.of(
                required("A", ANY),
                required("B", ANY),
                optional("W", ANY),
                optional("odim1", SCALAR),
                optional("odim2", SCALAR),
                // SystemDS's sixth argument only asks its distributed backend to emit empty
                // blocks; it does not change the result
                optional("outputEmptyBlocks", SCALAR, literal(true))),
            // table(A, B, odim1, odim2): four positional arguments are the sizes, not weights
            Map.of(4, List.of("A", "B", "odim1", "odim2")),
            TypeRules.table(),
            Effect.PURE,
            true));
    t.add(
        new BuiltinFunction(
            "sample",
            Category.CONSTRUCTION,
            List.of(
                required("range", SCALAR), required("size", SCALAR),
                optional("replace", SCALAR, literal(false)), optional("seed", SCALAR)),
            Map.of(),
            TypeRules.sample(),
            Effect.NONDETERMINISTIC,
            true));

    // shape
    t.add(pure("nrow", Category.SHAPE, TypeRules.size("X", ExprType::rows), required("X", MATRIX)));
    t.add(pure("ncol", Category.SHAPE, TypeRules.size("X", ExprType::cols), required("X", MATRIX)));
    t.add(
        pure(
            "length",
            Category.SHAPE,
            TypeRules.size("X", TypeRules::cells),
            required("X", VALUE)));
    t.add(pure("t", Category.SHAPE, TypeRules.transpose("X"), required("X", MATRIX)));
    t.add(pure("rev", Category.SHAPE, TypeRules.sameShape("X"), required("X", MATRIX)));

    // aggregates
    for (String name : List.of("sum", "var", "sd", "prod")) {
      t.add(pure(name, Category.AGGREGATE, TypeRules.fullAggregate(), required("X", MATRIX)));
    }
    // mean(X, W): the weighted mean sum(X * W) / sum(W) (SystemDS)
    t.add(pure("mean", Category.AGGREGATE, TypeRules.fullAggregate(), required("X", MATRIX),
        optional("W", MATRIX)));
    for (String name : List.of("min", "max")) {
      t.add(pure(name, Category.AGGREGATE, TypeRules.minMax(), variadic("values", ANY, true)));
    }
    for (String name :
        List.of(
            "rowSums", "rowMeans", "rowMaxs", "rowMins", "rowVars", "rowIndexMax", "rowIndexMin")) {
      t.add(pure(name, Category.AGGREGATE, TypeRules.rowAggregate("X"), required("X", MATRIX)));
    }
    for (String name : List.of("colSums", "colMeans", "colMaxs", "colMins", "colVars")) {
      t.add(pure(name, Category.AGGREGATE, TypeRules.colAggregate("X"), required("X", MATRIX)));
    }
    for (String name : List.of("rowProds")) {
      t.add(pure(name, Category.AGGREGATE, TypeRules.rowAggregate("X"), required("X", MATRIX)));
    }
    for (String name : List.of("colProds")) {
      t.add(pure(name, Category.AGGREGATE, TypeRules.colAggregate("X"), required("X", MATRIX)));
    }
    for (String name : List.of("cumsum", "cumprod", "cummin", "cummax")) {
      t.add(pure(name, Category.AGGREGATE, TypeRules.sameShape("X"), required("X", MATRIX)));
    }
    t.add(pure("cumsumprod", Category.AGGREGATE, TypeRules.cumsumprod(), required("X", MATRIX)));
    t.add(
        pure(
            "trace",
            Category.AGGREGATE,
            TypeRules.square("X", ExprType.DOUBLE),
            required("X", MATRIX)));

    // element-wise
    for (String name :
        List.of("exp", "sqrt", "round", "floor", "ceil", "ceiling", "sigmoid", "tanh", "sin",
            "cos", "tan", "asin", "acos", "atan", "sinh", "cosh")) {
      t.add(pure(name, Category.ELEMENTWISE, TypeRules.cellwise("x"), required("x", ANY)));
    }
    for (String name : List.of("abs", "sign")) {
      t.add(
          pure(
              name,
              Category.ELEMENTWISE,
              TypeRules.cellwiseKeepingIntegers("x"),
              required("x", ANY)));
    }
    for (String name : List.of("isNaN", "is.na", "is.nan", "is.infinite")) {
      t.add(pure(name, Category.ELEMENTWISE, TypeRules.cellwisePredicate("x"), required("x", ANY)));
    }
    // on scalars as SystemDS 3.3.0 types them: xor of booleans is a boolean, else 1.0/0.0; the
    // bitwise functions keep two integers integral; pmin/pmax promote as min/max do
    t.add(pure("xor", Category.ELEMENTWISE,
        TypeRules.cellwiseBinary((x, y) -> x == ValueType.BOOLEAN && y == ValueType.BOOLEAN
            ? ValueType.BOOLEAN : ValueType.DOUBLE),
        required("x", ANY), required("y", ANY)));
    for (String name :
        List.of("bitwAnd", "bitwOr", "bitwXor", "bitwShiftL", "bitwShiftR")) {
      t.add(pure(name, Category.ELEMENTWISE,
          TypeRules.cellwiseBinary((x, y) -> x == ValueType.INTEGER && y == ValueType.INTEGER
              ? ValueType.INTEGER : ValueType.DOUBLE),
          required("x", ANY), required("y", ANY)));
    }
    for (String name : List.of("pmin", "pmax")) {
      t.add(pure(name, Category.ELEMENTWISE, TypeRules.cellwiseBinary(ValueType::promote),
          required("x", ANY), required("y", ANY)));
    }
    t.add(
        pure(
            "log",
            Category.ELEMENTWISE,
            TypeRules.cellwise("x"),
            required("x", ANY),
            optional("base", SCALAR)));
    t.add(
        pure(
            "ifelse",
            Category.ELEMENTWISE,
            TypeRules.ifelse(),
            required("test", ANY),
            required("yes", ANY),
            required("no", ANY)));
    t.add(
        pure(
            "replace",
            Category.ELEMENTWISE,
            TypeRules.sameShape("target"),
            required("target", MATRIX).named(),
            required("pattern", SCALAR).named(),
            required("replacement", SCALAR).named()));
    // lower.tri/upper.tri(target=X, diag=FALSE, values=FALSE): SystemDS 3.3.0 requires the name
    for (String name : List.of("lower.tri", "upper.tri")) {
      t.add(pure(name, Category.ELEMENTWISE, TypeRules.sameShape("target"),
          required("target", MATRIX).named(),
          optional("diag", SCALAR, literal(false)).named(),
          optional("values", SCALAR, literal(false)).named()));
    }
    t.add(pure("outer", Category.ELEMENTWISE, TypeRules.outer(), required("X", MATRIX),
        required("Y", MATRIX), required("op", STRING)));
    t.add(
        pure(
            "contains",
            Category.ELEMENTWISE,
            TypeRules.fixed(ExprType.BOOLEAN),
            required("target", MATRIX).named(),
            required("pattern", SCALAR).named()));

    // linear algebra
    t.add(
        pure(
            "solve",
            Category.LINEAR_ALGEBRA,
            TypeRules.solve(),
            required("A", MATRIX),
            required("b", MATRIX)));
    t.add(pure("inv", Category.LINEAR_ALGEBRA, TypeRules.square("X", null), required("X", MATRIX)));
    t.add(
        pure(
            "cholesky",
            Category.LINEAR_ALGEBRA,
            TypeRules.square("X", null),
            required("X", MATRIX)));
    // the two results of SystemDS's eigen(A) as single-valued builtins; the library's
    // eigen.dml returns them together as [evalues, evectors] = eigen(A)
    t.add(pure("eigenvalues", Category.LINEAR_ALGEBRA, TypeRules.squareToColumn("A"),
        required("A", MATRIX)));
    t.add(pure("eigenvectors", Category.LINEAR_ALGEBRA, TypeRules.square("A", null),
        required("A", MATRIX)));

    // ordering and selection
    t.add(
        pure(
            "order",
            Category.ORDERING,
            TypeRules.order(),
            required("target", MATRIX),
            optional("by", SCALAR, literal(1)).named(),
            optional("decreasing", SCALAR, literal(false)).named(),
            optional("index.return", SCALAR, literal(false)).named()));
    t.add(
        pure(
            "removeEmpty",
            Category.ORDERING,
            TypeRules.removeEmpty(),
            required("target", MATRIX).named(),
            required("margin", STRING).named(),
            optional("select", MATRIX).named(),
            optional("empty.return", SCALAR, literal(true)).named()));

    // casts
    t.add(pure("as.scalar", Category.CAST, TypeRules.toScalar(null), required("x", VALUE)));
    t.add(pure("as.matrix", Category.CAST, TypeRules.asMatrix(), required("x", VALUE)));
    // as.list(L[i]) of a one-element list holding a list is that list; of another list, itself
    t.add(pure("as.list", Category.CAST, TypeRules.listOperand("x"), required("x", VALUE)));
    t.add(
        pure("as.double", Category.CAST, TypeRules.toScalar(ValueType.DOUBLE), required("x", ANY)));
    t.add(
        pure(
            "as.integer",
            Category.CAST,
            TypeRules.toScalar(ValueType.INTEGER),
            required("x", ANY)));
    t.add(
        pure(
            "as.logical",
            Category.CAST,
            TypeRules.toScalar(ValueType.BOOLEAN),
            required("x", ANY)));
    t.add(
        pure(
            "toString",
            Category.CAST,
            TypeRules.fixed(ExprType.STRING),
            required("target", VALUE),
            optional("rows", SCALAR, literal(100)).named(),
            optional("cols", SCALAR, literal(100)).named(),
            optional("decimal", SCALAR, literal(3)).named(),
            optional("sparse", SCALAR, literal(false)).named(),
            optional("sep", STRING, literal(" ")).named(),
            optional("linesep", STRING, literal("\n")).named()));

    // lists (SystemDS's List type): list(a=X, b=1) or list(X, 1); append, remove, length and
    // indexing L[i], L["name"], L[i:j]; eval calls a function chosen at run time
    t.add(
        new BuiltinFunction(
            "list",
            Category.CONSTRUCTION,
            List.of(variadic("values", VALUE, false)),
            Map.of(),
            TypeRules.fixed(ExprType.LIST),
            Effect.PURE,
            true));
    t.add(
        pure(
            "append",
            Category.CONSTRUCTION,
            TypeRules.append(),
            required("target", VALUE),
            required("value", VALUE)));
    // [R, e] = remove(L, i): the list without element i, and that element (as a list)
    t.add(
        new BuiltinFunction(
            "remove",
            Category.CONSTRUCTION,
            List.of(required("target", VALUE), required("pos", SCALAR)),
            Map.of(),
            TypeRules.listOperand("target"),
            Effect.PURE,
            true,
            List.of(new BuiltinResult("rest", TypeRules.fixed(ExprType.LIST)),
                new BuiltinResult("element", TypeRules.fixed(ExprType.LIST)))));
    t.add(
        new BuiltinFunction(
            "eval",
            Category.MISC,
            List.of(required("fname", STRING), variadic("args", VALUE, false)),
            Map.of(),
            TypeRules.fixed(ExprType.MATRIX),
            // the callee is known only at run time and may draw random numbers: never merged with
            // another call, never reused
            Effect.NONDETERMINISTIC,
            true));

    // misc
    t.add(
        new BuiltinFunction(
            "time",
            Category.MISC,
            List.of(),
            Map.of(),
            TypeRules.fixed(ExprType.INTEGER),
            Effect.NONDETERMINISTIC,
            true));
    t.add(pure("exists", Category.MISC, TypeRules.fixed(ExprType.BOOLEAN), required("name", NAME)));

    // statistics
    t.add(pure("median", Category.STATISTICS, TypeRules.fullAggregate(), required("X", MATRIX)));
    t.add(
        pure(
            "quantile",
            Category.STATISTICS,
            TypeRules.quantile(),
            required("X", MATRIX),
            required("p", ANY)));
    t.add(pure("colSds", Category.STATISTICS, TypeRules.colAggregate("X"), required("X", MATRIX)));
    t.add(
        pure(
            "det",
            Category.STATISTICS,
            TypeRules.square("X", ExprType.DOUBLE),
            required("X", MATRIX)));

    // I/O
    t.add(
        pure(
            "read",
            Category.IO,
            TypeRules.read(),
            required("path", STRING),
            optional("format", STRING).named(),
            optional("rows", SCALAR).named(),
            optional("cols", SCALAR).named(),
            optional("nnz", SCALAR).named(),
            optional("header", SCALAR).named(),
            optional("sep", STRING).named(),
            optional("fill", SCALAR).named(),
            optional("default", SCALAR).named(),
            optional("naStrings", STRING).named(),
            optional("data_type", STRING).named(),
            optional("value_type", STRING).named(),
            optional("blen", SCALAR).named(),
            optional("rows_in_block", SCALAR).named(),
            optional("cols_in_block", SCALAR).named()));
    t.add(
        sideEffect(
            "write",
            Category.IO,
            TypeRules.write(),
            required("X", ANY),
            required("path", STRING),
            optional("format", STRING, literal("text")).named(),
            optional("header", SCALAR, literal(false)).named(),
            optional("sep", STRING, literal(",")).named(),
            optional("sparse", SCALAR, literal(true)).named(),
            optional("description", STRING).named(),
            optional("blen", SCALAR).named(),
            optional("rows_in_block", SCALAR).named(),
            optional("cols_in_block", SCALAR).named()));

    // SystemDS compatibility: statistics, decompositions with several results, distributions,
    // DNN bias and compression (semantics as SystemDS 3.3.0)
    t.add(pure("unique", Category.STATISTICS, TypeRules.unique(), required("X", MATRIX),
        optional("dir", STRING)));
    t.add(pure("aggregate", Category.STATISTICS, TypeRules.groupedAggregate(),
        required("target", MATRIX).named(), required("groups", MATRIX).named(),
        optional("weights", MATRIX).named(), required("fn", STRING).named(),
        optional("order", SCALAR).named(), optional("ngroups", SCALAR).named()));
    t.add(new BuiltinFunction("moment", Category.STATISTICS,
        List.of(required("X", MATRIX), optional("W", MATRIX), required("k", SCALAR)),
        // moment(X, k): two positional arguments are the values and the order
        Map.of(2, List.of("X", "k")), TypeRules.moment(), Effect.PURE, true));
    t.add(pure("cov", Category.STATISTICS, TypeRules.cov(), required("X", MATRIX),
        required("Y", MATRIX), optional("W", MATRIX)));
    t.add(pure("interQuartileMean", Category.STATISTICS, TypeRules.interQuartileMean(),
        required("X", MATRIX), optional("W", MATRIX)));
    t.add(severalResults("eigen", TypeRules.square("A", null),
        new BuiltinResult("evalues", TypeRules.eigenValues()),
        new BuiltinResult("evectors", TypeRules.squareResult())));
    t.add(severalResults("svd", TypeRules.fixed(ExprType.MATRIX),
        new BuiltinResult("U", TypeRules.svdResult(0)),
        new BuiltinResult("S", TypeRules.svdResult(1)),
        new BuiltinResult("V", TypeRules.svdResult(2))));
    t.add(severalResults("lu", TypeRules.square("A", null),
        new BuiltinResult("P", TypeRules.squareResult()),
        new BuiltinResult("L", TypeRules.squareResult()),
        new BuiltinResult("U", TypeRules.squareResult())));
    t.add(severalResults("qr", TypeRules.fixed(ExprType.MATRIX),
        new BuiltinResult("H", TypeRules.qrResult()),
        new BuiltinResult("R", TypeRules.qrResult())));
    for (String name : List.of("cdf", "icdf")) {
      List<BuiltinParameter> p = new ArrayList<>(List.of(
          required("target", SCALAR).named(), required("dist", STRING).named(),
          optional("mean", SCALAR).named(), optional("sd", SCALAR).named(),
          optional("rate", SCALAR).named(), optional("df", SCALAR).named(),
          optional("df1", SCALAR).named(), optional("df2", SCALAR).named()));
      if (name.equals("cdf")) {
        // SystemDS rejects lower.tail for inverse distribution functions
        p.add(optional("lower.tail", SCALAR, literal(true)).named());
      }
      t.add(new BuiltinFunction(name, Category.STATISTICS, p, Map.of(),
          TypeRules.distribution(), Effect.PURE, true));
    }
    probability(t, "norm", optional("mean", SCALAR, literal(0.0)).named(),
        optional("sd", SCALAR, literal(1.0)).named());
    probability(t, "exp", optional("rate", SCALAR, literal(1.0)).named());
    probability(t, "chisq", required("df", SCALAR).named());
    probability(t, "f", required("df1", SCALAR).named(), required("df2", SCALAR).named());
    probability(t, "t", required("df", SCALAR).named());
    for (String name : List.of("bias_add", "bias_multiply")) {
      t.add(pure(name, Category.MISC, TypeRules.bias(), required("X", MATRIX),
          required("b", MATRIX)));
    }
    // planlab does not compress matrices: both are the identity
    for (String name : List.of("compress", "decompress")) {
      t.add(pure(name, Category.MISC, TypeRules.sameShape("X"), required("X", MATRIX)));
    }

    // output and control (statements only)
    t.add(
        sideEffect(
            "print",
            Category.OUTPUT,
            TypeRules.print(),
            required("value", VALUE),
            variadic("args", ANY, false)));
    t.add(sideEffect("stop", Category.OUTPUT, TypeRules.noValue(), required("message", SCALAR)));
    // MEMPHIS sec. 5.2: frees that percentage of the backends' unused cached memory (the free
    // list of the GPU's memory manager) before an allocation pattern shifts
    t.add(sideEffect("evict", Category.MISC, TypeRules.noValue(), required("percent", SCALAR)));
    t.add(
        sideEffect("assert", Category.OUTPUT, TypeRules.noValue(), required("condition", SCALAR)));
    return t;
  }

  private static BuiltinFunction pure(
      String name, Category category, TypeRule rule, BuiltinParameter... parameters) {
    return new BuiltinFunction(
        name, category, List.of(parameters), Map.of(), rule, Effect.PURE, true);
  }

  /** A linear-algebra builtin with several results, of one matrix argument A. */
  private static BuiltinFunction severalResults(String name, TypeRule check,
      BuiltinResult... results) {
    return new BuiltinFunction(name, Category.LINEAR_ALGEBRA, List.of(required("A", MATRIX)),
        Map.of(), check, Effect.PURE, true, List.of(results));
  }

  /**
   * p{dist}(target=, params..., lower.tail=) and q{dist}(target=, params...), SystemDS's
   * shorthands of cdf and icdf (named arguments only, as in SystemDS).
   */
  private static void probability(List<BuiltinFunction> t, String dist,
      BuiltinParameter... parameters) {
    List<BuiltinParameter> p = new ArrayList<>();
    p.add(required("target", SCALAR).named());
    p.addAll(List.of(parameters));
    List<BuiltinParameter> withTail = new ArrayList<>(p);
    withTail.add(optional("lower.tail", SCALAR, literal(true)).named());
    t.add(new BuiltinFunction("p" + dist, Category.STATISTICS, withTail, Map.of(),
        TypeRules.probability(), Effect.PURE, true));
    t.add(new BuiltinFunction("q" + dist, Category.STATISTICS, p, Map.of(),
        TypeRules.probability(), Effect.PURE, true));
  }

  private static BuiltinFunction sideEffect(
      String name, Category category, TypeRule rule, BuiltinParameter... parameters) {
    return new BuiltinFunction(
        name, category, List.of(parameters), Map.of(), rule, Effect.SIDE_EFFECT, false);
  }
}
