package org.planlab.engine.lang.builtins;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.planlab.engine.lang.ast.Literal;
import org.planlab.engine.lang.ast.StringLiteral;

/** The catalogue covers DML.md and its entries are well-formed. */
class BuiltinCatalogueTest {
  private final BuiltinCatalogue catalogue = BuiltinCatalogue.standard();

  /** Every builtin function DML.md lists (ifdef is substituted by the parser). */
  private static final List<String> DML_MD =
      List.of(
          "matrix",
          "rand",
          "Rand",
          "seq",
          "diag",
          "cbind",
          "rbind",
          "table",
          "sample",
          "nrow",
          "ncol",
          "length",
          "t",
          "rev",
          "sum",
          "mean",
          "var",
          "sd",
          "prod",
          "min",
          "max",
          "rowSums",
          "colSums",
          "rowMeans",
          "colMeans",
          "rowMaxs",
          "rowMins",
          "colMaxs",
          "colMins",
          "rowVars",
          "colVars",
          "rowIndexMax",
          "rowIndexMin",
          "cumsum",
          "cumprod",
          // beyond DML.md: SystemDS's further cumulative and row/column aggregates
          "cummin",
          "cummax",
          "cumsumprod",
          "rowProds",
          "colProds",
          "trace",
          "abs",
          "exp",
          "log",
          "sqrt",
          "round",
          "floor",
          "ceil",
          "sign",
          "sigmoid",
          "tanh",
          "sin",
          "cos",
          "isNaN",
          // beyond DML.md: SystemDS's further element-wise builtins
          "is.na",
          "is.nan",
          "is.infinite",
          "ceiling",
          "tan",
          "asin",
          "acos",
          "atan",
          "sinh",
          "cosh",
          "xor",
          "bitwAnd",
          "bitwOr",
          "bitwXor",
          "bitwShiftL",
          "bitwShiftR",
          "pmin",
          "pmax",
          "lower.tri",
          "upper.tri",
          "outer",
          "ifelse",
          "replace",
          "contains",
          "solve",
          "inv",
          "cholesky",
          "eigenvalues",
          "eigenvectors",
          "order",
          "removeEmpty",
          "as.scalar",
          "as.matrix",
          "as.double",
          "as.integer",
          "as.logical",
          "toString",
          "time",
          "exists",
          "median",
          "quantile",
          "colSds",
          "det",
          "read",
          "write",
          "print",
          "stop",
          "assert",
          // beyond DML.md: MEMPHIS sec. 5.2's evict instruction, callable from scripts
          "evict",
          // SystemDS's lists and second-order eval
          "list",
          "append",
          "remove",
          "as.list",
          "eval");

  /** Builtins of SystemDS 3.3.0's language reference beyond DML.md. */
  private static final List<String> SYSTEMDS =
      List.of(
          "unique",
          "aggregate",
          "moment",
          "cov",
          "interQuartileMean",
          "eigen",
          "svd",
          "lu",
          "qr",
          "cdf",
          "icdf",
          "pnorm",
          "qnorm",
          "pexp",
          "qexp",
          "pchisq",
          "qchisq",
          "pf",
          "qf",
          "pt",
          "qt",
          "bias_add",
          "bias_multiply",
          "compress",
          "decompress");

  @Test
  void everyBuiltinOfTheSpecIsListed() {
    for (String name : DML_MD) {
      assertTrue(catalogue.isBuiltin(name), name);
    }
    Set<String> all = new HashSet<>(DML_MD);
    all.addAll(SYSTEMDS);
    assertEquals(all, catalogue.names());
  }

  @Test
  void theDecompositionsDeclareTheirResultsInSystemDsOrder() {
    assertEquals(List.of("evalues", "evectors"), resultNames("eigen"));
    assertEquals(List.of("U", "S", "V"), resultNames("svd"));
    assertEquals(List.of("P", "L", "U"), resultNames("lu"));
    assertEquals(List.of("H", "R"), resultNames("qr"));
    assertFalse(catalogue.lookup("sum").orElseThrow().hasSeveralResults());
  }

  private List<String> resultNames(String name) {
    return catalogue.lookup(name).orElseThrow().results().stream().map(BuiltinResult::name)
        .toList();
  }

  @Test
  void aliasesResolveToTheSameEntry() {
    assertSame(catalogue.lookup("rand").orElseThrow(), catalogue.lookup("Rand").orElseThrow());
  }

  @Test
  void parameterNamesAreUniqueAndRequiredOnesComeFirstPositionally() {
    for (BuiltinFunction f : catalogue.functions()) {
      Set<String> names = new HashSet<>();
      for (BuiltinParameter p : f.parameters()) {
        assertTrue(names.add(p.name()), f.name() + "." + p.name());
      }
      boolean optionalSeen = false;
      for (BuiltinParameter p : f.parameters()) {
        if (p.namedOnly() || !f.positionalLayouts().isEmpty()) {
          // a layout binds the positional arguments of calls that omit an optional one
          // (moment(X, k) beside moment(X, W, k))
          continue;
        }
        assertFalse(
            optionalSeen && p.required() && !p.variadic(),
            f.name() + ": required " + p.name() + " after an optional parameter");
        optionalSeen |= !p.required();
      }
      for (List<String> layout : f.positionalLayouts().values()) {
        layout.forEach(n -> assertTrue(f.parameter(n).isPresent(), f.name() + " layout " + n));
      }
    }
  }

  @Test
  void defaultsFitTheirKinds() {
    for (BuiltinFunction f : catalogue.functions()) {
      for (BuiltinParameter p : f.parameters()) {
        if (p.defaultValue().isEmpty()) {
          continue;
        }
        Literal d = p.defaultValue().get();
        boolean isString = d instanceof StringLiteral;
        assertEquals(p.kind() == ArgKind.STRING, isString, f.name() + "." + p.name());
        assertTrue(p.kind() != ArgKind.MATRIX, f.name() + "." + p.name());
      }
    }
  }

  @Test
  void parameterizedBuiltinsTakeNamedArguments() {
    for (String name : List.of("rand", "replace", "contains", "removeEmpty")) {
      assertTrue(
          catalogue.lookup(name).orElseThrow().parameters().stream()
              .allMatch(BuiltinParameter::namedOnly),
          name);
    }
    BuiltinFunction order = catalogue.lookup("order").orElseThrow();
    assertEquals(List.of("target"), order.positionalOrder(1));
    assertEquals("order(target, by=, decreasing=, index.return=)", order.synopsis());
  }

  @Test
  void tableWithFourPositionalArgumentsTakesSizes() {
    BuiltinFunction table = catalogue.lookup("table").orElseThrow();
    assertEquals(List.of("A", "B", "odim1", "odim2"), table.positionalOrder(4));
    assertEquals(List.of("A", "B", "W", "odim1", "odim2"), table.positionalOrder(5).subList(0, 5));
  }

  @Test
  void effects() {
    for (String name : List.of("print", "stop", "assert", "write")) {
      BuiltinFunction f = catalogue.lookup(name).orElseThrow();
      assertEquals(BuiltinFunction.Effect.SIDE_EFFECT, f.effect(), name);
      assertFalse(f.returnsValue(), name);
    }
    for (String name : List.of("rand", "sample", "time")) {
      assertEquals(
          BuiltinFunction.Effect.NONDETERMINISTIC,
          catalogue.lookup(name).orElseThrow().effect(),
          name);
    }
    assertEquals(BuiltinFunction.Effect.PURE, catalogue.lookup("sum").orElseThrow().effect());
  }

  @Test
  void minAndMaxAreVariadic() {
    for (String name : List.of("min", "max", "cbind", "rbind", "print")) {
      assertTrue(catalogue.lookup(name).orElseThrow().variadicParameter().isPresent(), name);
    }
  }
}
