package org.planlab.engine.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The language features SystemDS's scripts use beyond DML.md: lists, eval, one-index row
 * selection, loop options, defaults over earlier parameters, the first result of a
 * multi-result call, and comparisons of strings with numbers. Expected outputs are what SystemDS
 * 3.3.0 prints for the same scripts.
 */
class SystemDsLanguageTest {
  @TempDir
  Path dir;

  Dml dml;

  @BeforeEach
  void setUp() {
    dml = new Dml(dir);
  }

  @Test
  void namedListsAreIndexedByPositionRangeAndName() {
    dml.assertPrints("""
        L = list(a=1, b=matrix(1, 2, 2), c="s")
        print(length(L))
        print(sum(as.matrix(L[2])))
        print(sum(as.matrix(L["b"])))
        print(length(L[1:2]))
        print(as.scalar(L["c"]))
        """, "3", "4.0", "4.0", "2", "s");
  }

  @Test
  void assigningIntoAListReplacesOneElementAndKeepsTheOldList() {
    dml.assertPrints("""
        L = list(a=1, b=2)
        M = L
        L[1] = 5
        L["b"] = 7
        print(as.scalar(L[1]) + " " + as.scalar(L["b"]) + " " + as.scalar(M["a"]))
        """, "5 7 1");
  }

  @Test
  void appendGrowsAListAndJoinsStringsWithALineBreak() {
    dml.assertPrints("""
        L = append(list(1, 2, 3), matrix(2, 1, 1))
        print(length(L))
        print(append("x", "y"))
        """, "4", "x", "y");
  }

  @Test
  void removeReturnsTheRestAndTheElement() {
    // SystemDS 3.3.0 prints "3 1"
    dml.assertPrints("""
        L = list(1, 2, 3, matrix(2, 1, 1))
        [R, e] = remove(L, 1)
        print(length(R) + " " + as.scalar(e))
        """, "3 1");
  }

  @Test
  void asListUnwrapsANestedList() {
    // SystemDS 3.3.0: a queue of lists popped with remove, then as.list of the element
    dml.assertPrints("""
        queue = list(list(1, matrix(2, 2, 2)))
        [queue, node0] = remove(queue, 1)
        node = as.list(node0)
        print(length(queue) + " " + length(node) + " " + sum(as.matrix(node[2])))
        """, "0 2 8.0");
  }

  @Test
  void meanWithWeights() {
    // SystemDS 3.3.0 prints 2.8333333333333335
    dml.assertPrints("""
        X = matrix("1 2 3 4", rows=4, cols=1)
        W = matrix("1 1 2 2", rows=4, cols=1)
        print(mean(X, W))
        """, "2.8333333333333335");
  }

  @Test
  void bindingAListBindsItsElements() {
    dml.assertPrints("""
        M = list(matrix(1, 2, 1), matrix(2, 3, 1))
        print(nrow(rbind(M)) + " " + sum(rbind(M)))
        """, "5 8.0");
  }

  @Test
  void listsPassThroughFunctions() {
    dml.assertPrints("""
        g = function(List[Unknown] l) return (Integer n, List[Unknown] r) {
          n = length(l)
          r = append(l, n)
        }
        [n, r] = g(list(1, 2))
        print(n + " " + length(r) + " " + as.scalar(r[3]))
        """, "2 3 2");
  }

  @Test
  void listToStringPrintsItsElementsAsSystemDs() {
    dml.assertPrints("print(toString(list(7, matrix(1, 1, 2), \"s\")))",
        "List containing:", "[7, ", "Matrix:", "1.000 1.000", ", s]");
  }

  @Test
  void evalCallsAFunctionChosenAtRunTime() {
    dml.assertPrints("""
        f = function(Matrix[Double] x, Double y) return (Matrix[Double] z) { z = x - y }
        h = function(Double x, Double y = 1) return (Double z) { z = x - y }
        name = "f"
        print(sum(eval(name, list(y=1, x=matrix(10, 2, 2)))))
        print(sum(eval("f", matrix(10, 2, 2), 1)))
        print(sum(eval("f", list(matrix(10, 2, 2), 1))))
        print(as.scalar(eval("h", list(x=10))))
        """, "36.0", "36.0", "36.0", "9.0");
  }

  @Test
  void evalOfAnUnknownFunctionNamesIt() {
    assertEquals(Dml.FILE + ":1:5: error: eval: unknown function 'nope' (eval calls functions the"
        + " scripts define, or library functions a string literal of the program names)",
        dml.fails("x = eval(\"nope\", 1)\nprint(sum(x))").message());
  }

  @Test
  void oneIndexSelectsRows() {
    dml.assertPrints("""
        v = matrix("4 5 6", rows=3, cols=1)
        print(as.scalar(v[2]))
        X = matrix("1 2 3 4", rows=2, cols=2)
        print(toString(X[2]))
        """, "5.0", "3.000 4.000", "");
  }

  @Test
  void forLoopsAcceptAndIgnoreOptions() {
    dml.assertPrints("for (i in 1:3, check=0) { print(i) }", "1", "2", "3");
  }

  @Test
  void aDefaultMayReadEarlierParameters() {
    dml.assertPrints("""
        h = function(Matrix[Double] X, Integer n = ncol(X), Matrix[Double] R = matrix(1, 1, n))
          return (Integer m, Double s) { m = n; s = sum(R) }
        [m, s] = h(matrix(0, 2, 5))
        X = matrix(0, 3, 3)
        [m2, s2] = h(matrix(0, 2, 4))
        print(m + " " + s + " " + m2 + " " + s2)
        """, "5 5.0 4 4.0");
  }

  @Test
  void assigningAMultiResultCallTakesTheFirstResult() {
    dml.assertPrints("""
        f = function(Double a) return (Double b, Double c) { b = a + 1; c = a + 2 }
        y = f(1)
        print(y)
        """, "2.0");
  }

  @Test
  void stringsCompareWithNumbersByText() {
    // SystemDS 3.3.0 prints TRUE, TRUE, FALSE
    dml.assertPrints("""
        x = 1.5
        print(x != "L2")
        print(x == "1.5")
        print(0 == "NaN")
        """, "TRUE", "TRUE", "FALSE");
  }

  @Test
  void tableTakesSystemDsSizeNames() {
    dml.assertPrints("""
        T = table(seq(1, 3), seq(1, 3), 3, cols=4)
        T2 = table(seq(1, 3), seq(1, 3), odim1=3, odim2=5, outputEmptyBlocks=FALSE)
        print(ncol(T) + " " + ncol(T2) + " " + sum(T2))
        """, "4 5 3.0");
  }

  @Test
  void listMisuseGivesClearErrors() {
    assertEquals(Dml.FILE + ":2:7: error: operator + cannot be applied to a list (take an element"
        + " with as.matrix(L[i]) or as.scalar(L[i]))",
        dml.fails("L = list(1)\nx = L + 1").message());
    assertEquals(Dml.FILE + ":1:5: error: list(...) elements are either all named or all"
        + " unnamed", dml.fails("L = list(a=1, 2)").message());
    assertEquals(Dml.FILE + ":2:15: error: the list has no element 'z' (elements: a)",
        dml.fails("L = list(a=1)\nx = as.scalar(L[\"z\"])\nprint(x)").message());
  }
}
