package org.planlab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every class of script error through {@code planlab exec}, in process: exit code 1, exactly one
 * message "planlab: FILE:LINE:COL: what" on stderr (no Java exception names, no stack trace),
 * and whatever the script printed before a run-time error still on stdout.
 */
class ExecErrorsTest {
  @TempDir
  Path dir;


  private Path script;

  private CliRun exec(String text, String... options) throws IOException {
    script = dir.resolve("s.dml");
    Files.writeString(script, text);
    String[] args = new String[options.length + 2];
    args[0] = "exec";
    args[1] = script.toString();
    System.arraycopy(options, 0, args, 2, options.length);
    return CliRun.planlab(args);
  }

  /** Exit 1 and stderr exactly "s.dml:LINE:COL: error: message". */
  private void assertError(CliRun r, int line, int column, String message) {
    assertEquals(1, r.code(), r.err());
    assertEquals(script + ":" + line + ":" + column + ": error: " + message + "\n",
        r.err());
    assertNoTrace(r);
  }

  private static void assertNoTrace(CliRun r) {
    assertFalse(r.err().contains("\tat "), r.err());
    assertFalse(r.err().contains("Exception"), r.err());
    assertFalse(r.err().contains("Error:"), r.err());
    assertFalse(r.out().contains("\tat "), r.out());
  }

  // ---------------------------------------------------------------- syntax

  @Test
  void syntaxErrors() throws IOException {
    assertError(exec("x = = 1\n"), 1, 5, "unexpected '='");
    assertError(exec("x = 1 +* 2\n"), 1, 8, "unexpected '*'");
    assertError(exec("x = 1 @ 2\n"), 1, 7, "unexpected character '@'");
    assertError(exec("x = \"unterminated\n"), 1, 5, "unterminated string literal");
    assertError(exec("print(\"a\")\nx = (1 + 2\n"), 3, 1, "missing ')' at end of file");
    assertError(exec("for (i in 1:3) { print(i) \n"), 2, 1, "unexpected end of file");
  }

  @Test
  void severalSyntaxErrorsAreListedOnePerLine() throws IOException {
    CliRun r = exec("x = while\ny = 1\n");
    assertEquals(1, r.code());
    assertTrue(r.err().startsWith(script + ":1:5: error: unexpected 'while'\n"
        + script + ":"), r.err());
    assertNoTrace(r);
  }

  @Test
  void deeplyNestedExpressionsCompile() throws IOException {
    // a generated chain 1 + 1 + ... is as deep as it is long
    CliRun r = exec("x = 1" + " + 1".repeat(5000) + "\nprint(x)\n");
    assertEquals(0, r.code(), r.err());
    assertEquals("5001\n", r.out());
  }

  // ---------------------------------------------------------------- names and calls

  @Test
  void undefinedVariable() throws IOException {
    assertError(exec("x = 1\nprint(y)\n"), 2, 7, "undefined variable 'y'");
  }

  @Test
  void undefinedFunctionAndNamespace() throws IOException {
    assertError(exec("x = foo(1)\n"), 1, 5, "unknown function 'foo'");
    assertError(exec("x = ns::f(1)\n"), 1, 5, "unknown namespace 'ns' in ns::f");
  }

  @Test
  void missingSourceFile() throws IOException {
    assertError(exec("source(\"nolib.dml\") as n\nx = n::f(1)\n"), 1, 1,
        "cannot read source file '" + dir.resolve("nolib.dml") + "': no such file");
  }

  @Test
  void missingCommandLineArgument() throws IOException {
    assertError(exec("print($missing)\n"), 1, 7, "command-line argument $missing is not given"
        + " (pass it, or write ifdef($missing, default))");
  }

  @Test
  void wrongArityOfUserFunction() throws IOException {
    assertError(exec("f = function(Double a) return (Double b) { b = a }\nx = f(1, 2)\n"), 2, 10,
        "too many arguments for f: expected at most 1, got 2");
    assertError(exec("f = function(Double a, Double c) return (Double b) { b = a }\n"
        + "[p, q] = f(1, 2)\n"), 2, 1, "f returns 1 value but 2 targets are given");
  }

  @Test
  void wrongArgumentName() throws IOException {
    assertError(exec("f = function(Double a) return (Double b) { b = a }\nx = f(c=2)\n"), 2, 7,
        "f has no parameter 'c' (parameters: a)");
    assertError(exec("x = rand(rows=2, cols=2, foo=3)\n"), 1, 26, "rand has no parameter 'foo'"
        + " (parameters: rows, cols, min, max, sparsity, pdf, seed, lambda)");
    assertError(exec("x = nrow()\n"), 1, 5, "missing argument 'X' of nrow");
  }

  // ---------------------------------------------------------------- types

  @Test
  void typeErrors() throws IOException {
    assertError(exec("x = \"a\" * 2\n"), 1, 9, "operator '*' cannot be applied to a string");
    assertError(exec("x = matrix(1, rows=2, cols=2) + \"a\"\n"), 1, 31,
        "cannot concatenate a string and a matrix with '+' (use toString(X))");
    assertError(exec("f = function(Matrix[Double] X) return (Double s) { s = sum(X) }\n"
        + "x = f(3)\n"), 2, 7, "argument 'X' of f must be a Matrix[Double], found an integer");
    assertError(exec("if (matrix(1, rows=2, cols=2)) { print(\"x\") }\n"), 1, 5,
        "the predicate of if must be a scalar, found a matrix 2x2");
    assertError(exec("x = 1\nx[1, 1] = 2\n"), 2, 1,
        "cannot index 'x', an integer; only matrices can be indexed");
  }

  @Test
  void badValuesAtRunTime() throws IOException {
    assertError(exec("x = as.integer(\"abc\")\nprint(x)\n"), 1, 5,
        "the string \"abc\" is not a number");
    assertError(exec("print(\"%d and %d\", 1)\n"), 1, 1,
        "print format \"%d and %d\" has 2 conversion(s) but 1 argument(s) follow");
    assertError(exec("x = seq(1, 10, 0)\n"), 1, 5, "incr of seq must not be 0");
    assertError(exec("print(\"%q\", 1)\n"), 1, 1, "unsupported format specifier %q in \"%q\"");
  }

  // ---------------------------------------------------------------- dimensions and bounds

  @Test
  void dimensionMismatchesKnownAtCompileTime() throws IOException {
    CliRun r = exec("print(\"never\")\nA = matrix(1, rows=2, cols=3)\n"
        + "B = matrix(1, rows=2, cols=3)\nC = A %*% B\nprint(sum(C))\n");
    assertError(r, 4, 7, "dimension mismatch in %*%: 2x3 %*% 2x3 (inner dimensions 3 and 2"
        + " differ)");
    assertEquals("", r.out(), "a compile-time error runs nothing");
    assertError(exec("C = matrix(1, rows=2, cols=3) + matrix(1, rows=3, cols=2)\n"), 1, 31,
        "dimension mismatch in +: 2x3 + 3x2");
    assertError(exec("X = cbind(matrix(1, rows=2, cols=2), matrix(1, rows=3, cols=2))\n"), 1, 5,
        "dimension mismatch in cbind: 2x2 and 3x2 (row counts differ)");
  }

  @Test
  void dimensionMismatchKnownOnlyAtRunTime() throws IOException {
    CliRun r = exec("A = removeEmpty(target=matrix(\"1 0 2 0\", rows=4, cols=1), margin=\"rows\")\n"
        + "print(\"n=\" + nrow(A))\nB = A + matrix(1, rows=4, cols=1)\nprint(sum(B))\n");
    // removeEmpty ends its block, so recompilation of the next block already knows A is 2x1
    assertError(r, 3, 7, "dimension mismatch in +: 2x1 and 4x1");
    // found when the block after removeEmpty is recompiled, before its print runs
    assertEquals("", r.out());
  }

  @Test
  void indexOutOfBounds() throws IOException {
    assertError(exec("A = matrix(1, rows=2, cols=3)\nb = as.scalar(A[3, 1])\n"), 2, 17,
        "index 3 is out of bounds for 'A' with 2 rows");
    assertError(exec("X = matrix(1, rows=2, cols=2)\nprint(as.scalar(X[0, 1]))\n"), 2, 19,
        "index 0 is out of bounds (indices start at 1)");
    assertError(exec("X = matrix(1, rows=2, cols=2)\nX[3, 1] = 5\n"), 2, 3,
        "index 3 is out of bounds for 'X' with 2 rows");
    CliRun r = exec("A = removeEmpty(target=matrix(\"1 0 2 0\", rows=4, cols=1), margin=\"rows\")\n"
        + "print(\"n=\" + nrow(A))\ni = 3\nx = as.scalar(A[i, 1])\nprint(x)\n");
    assertError(r, 4, 15, "index out of bounds: row range 3:3 of a matrix with 2 rows");
    assertEquals("", r.out(), "found at recompilation, before the block's print runs");
  }

  @Test
  void outOfBoundsInsideParfor() throws IOException {
    CliRun r = exec("print(\"go\")\nR = matrix(0, rows=4, cols=1)\n"
        + "parfor (i in 1:4) { R[i, 1] = as.scalar(R[i + 1, 1]) }\n", "--threads", "2");
    assertError(r, 3, 41, "index out of bounds: [5:5, 1:1] of a 4x1 matrix");
    assertEquals("go\n", r.out());
  }

  // ---------------------------------------------------------------- files

  @Test
  void missingInputFile() throws IOException {
    Path missing = dir.resolve("nonexist.csv");
    CliRun r = exec("print(\"before\")\nX = read(\"" + missing + "\", format=\"csv\")\n"
        + "print(sum(X))\n");
    assertError(r, 2, 5, "file not found: " + missing);
    assertEquals("before\n", r.out());
  }

  @Test
  void malformedInputFiles() throws IOException {
    Path bad = dir.resolve("bad.csv");
    Files.writeString(bad, "1,2\n3,x\n");
    assertError(exec("X = read(\"" + bad + "\", format=\"csv\")\nprint(sum(X))\n"), 1, 5,
        "I/O error: " + bad + ", line 2: non-numeric cell in column 2 'x'");
    Path good = dir.resolve("good.csv");
    Files.writeString(good, "1,2\n3,4\n");
    assertError(exec("X = read(\"" + good + "\", format=\"csv\", rows=3, cols=2)\n"
        + "print(sum(X))\n"), 1, 5,
        "read " + good + ": the file holds a 2x2 matrix, but rows=3, cols=2 were given");
    Path mtd = dir.resolve("meta.csv");
    Files.writeString(mtd, "1,2\n");
    Files.writeString(dir.resolve("meta.csv.mtd"), "{ \"rows\": 2, \"cols\": oops");
    CliRun r = exec("X = read(\"" + mtd + "\")\nprint(sum(X))\n");
    assertEquals(1, r.code());
    assertTrue(r.err().startsWith(script + ":1:5: error: I/O error: " + mtd
        + ".mtd, line 1: not valid JSON"), r.err());
    assertTrue(r.err().endsWith("\n") && r.err().indexOf('\n') == r.err().length() - 1,
        "one line: " + r.err());
    Path bin = dir.resolve("g.bin");
    Files.writeString(bin, "garbage");
    Files.writeString(dir.resolve("g.bin.mtd"),
        "{\"data_type\":\"matrix\",\"format\":\"binary\",\"rows\":2,\"cols\":2}");
    assertError(exec("X = read(\"" + bin + "\")\nprint(sum(X))\n"), 1, 5, "I/O error: " + bin
        + ", byte offset 7: truncated file: 7 bytes, shorter than the 52-byte header");
    assertError(exec("X = read(\"" + good + "\", format=\"xyz\")\n"), 1, 5,
        "format of read must be \"text\", \"csv\", \"mm\" or \"binary\", was \"xyz\"");
  }

  @Test
  void writeIntoAMissingFolder() throws IOException {
    Path folder = dir.resolve("no/such");
    assertError(exec("write(matrix(1, rows=2, cols=2), \"" + folder.resolve("x.csv")
        + "\", format=\"csv\")\n"), 1, 1,
        "cannot write, the output folder does not exist: " + folder);
  }

  // ---------------------------------------------------------------- resources

  @Test
  void unboundedRecursion() throws IOException {
    CliRun r = exec("f = function(Integer n) return (Integer r) { r = f(n + 1) }\n"
        + "print(\"start\")\nx = f(1)\n");
    assertError(r, 1, 50, "recursion too deep in f (more than 1000 nested calls)");
    assertEquals("start\n", r.out());
  }

  @Test
  void unboundedMutualRecursion() throws IOException {
    assertError(exec("f = function(Integer n) return (Integer r) { r = g(n) }\n"
        + "g = function(Integer n) return (Integer r) { r = f(n) }\nprint(f(1))\n"), 2, 50,
        "recursion too deep in f (more than 1000 nested calls)");
  }

  @Test
  void absurdSizes() throws IOException {
    assertError(exec("X = rand(rows=1e9, cols=1e9)\nprint(sum(X))\n"), 1, 5,
        "rand: a dense 1000000000x1000000000 matrix of 1000000000000000000 cells exceeds the "
            + "in-memory limit of 2^31-1 cells of one block; larger matrices need the "
            + "distributed backend");
    assertError(exec("X = rand(rows=1e5, cols=1e5, sparsity=0.3)\nprint(sum(X))\n"), 1, 5,
        "rand: a sparse 100000x100000 matrix with sparsity 0.3 has about 3000000000 non-zeros, "
            + "more than the in-memory limit of 2^31-1 entries of one block; larger matrices "
            + "need the distributed backend");
    assertError(exec("X = matrix(1, rows=100000, cols=100000)\nprint(sum(X))\n"), 1, 5,
        "a 100000x100000 matrix is too large for one in-memory block");
    assertError(exec("x = matrix(1, rows=-1, cols=2)\n"), 1, 5,
        "rows of matrix must be >= 0, was -1");
  }

  @Test
  void unboundedGrowthStopsAtTheBlockLimit() throws IOException {
    // empty matrices double in rows for free until the row count leaves the int range
    CliRun r = exec("print(\"grow\")\nX = matrix(0, rows=1, cols=1)\n"
        + "while (TRUE) { X = rbind(X, X) }\n");
    assertError(r, 3, 20, "the result of rbind would be 2147483648x1, beyond the in-memory "
        + "block limit of 2^31-1 rows");
    assertEquals("grow\n", r.out());
  }

  // ---------------------------------------------------------------- stop and assert

  @Test
  void stopAndAssert() throws IOException {
    CliRun r = exec("print(\"one\")\nstop(\"custom failure\")\nprint(\"two\")\n");
    assertError(r, 2, 1, "custom failure");
    assertEquals("one\n", r.out());
    assertError(exec("assert(1 > 2)\n"), 1, 1, "assertion failed");
    assertError(exec("f = function(Double x) return (Double y) { stop(\"in f: \" + x) }\n"
        + "y = f(2)\n"), 1, 44, "in f: 2.0");
  }

  @Test
  void errorsInSourcedFilesNameThatFile() throws IOException {
    Path lib = dir.resolve("lib.dml");
    Files.writeString(lib, "g = function(Double x) return (Double y) {\n  y = x + z\n}\n");
    CliRun r = exec("source(\"lib.dml\") as l\nprint(l::g(1))\n");
    assertEquals(1, r.code());
    assertTrue(r.err().contains("lib.dml:2:11: error: undefined variable 'z'"), r.err());
    assertNoTrace(r);
  }
}
