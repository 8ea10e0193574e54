package org.planlab.engine.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.planlab.engine.matrix.MatrixBlock;
import org.planlab.engine.matrix.MatrixComparison;

/**
 * DML.md "I/O": write then read back every format with its {@code .mtd}, dense and sparse, and
 * reads of hand-written files with and without metadata.
 */
class ReadWriteTest {
  @TempDir
  Path dir;
  Dml dml;

  @BeforeEach
  void setUp() {
    dml = new Dml(dir);
  }

  @ParameterizedTest
  @ValueSource(strings = {"binary", "csv", "text", "mm"})
  void roundTripOfEveryFormat(String format) throws IOException {
    Dml.Outcome o = dml.run("X = matrix(\"1 0 3.5 -4 0 6 1e-300 -0.125\", rows=4, cols=2)\n"
        + "S = rand(rows=30, cols=20, sparsity=0.05, seed=11)\n"
        + "E = matrix(0, rows=3, cols=2)\n"
        + "write(X, \"x\", format=\"" + format + "\")\n"
        + "write(S, \"s\", format=\"" + format + "\")\n"
        + "write(E, \"e\", format=\"" + format + "\")\n"
        + "Y = read(\"x\")\nT = read(\"s\")\nF = read(\"e\")\n"
        + "print(nrow(Y) + \"x\" + ncol(Y) + \" \" + nrow(T) + \"x\" + ncol(T))");
    assertEquals("4x2 30x20\n", o.printed());
    assertSame(o.matrix("X"), o.matrix("Y"));
    assertSame(o.matrix("S"), o.matrix("T"));
    assertSame(o.matrix("E"), o.matrix("F"));
    String mtd = Files.readString(dir.resolve("x.mtd"));
    assertTrue(mtd.contains("\"rows\" : 4") && mtd.contains("\"cols\" : 2")
        && mtd.contains("\"format\" : \"" + format + "\""), mtd);
  }

  private static void assertSame(MatrixBlock expected, MatrixBlock actual) {
    assertTrue(MatrixComparison.approxEquals(expected, actual, 0, 0),
        expected.shape() + " vs " + actual.shape());
    assertEquals(expected.nnz(), actual.nnz());
  }

  @Test
  void csvWithHeaderAndSeparator() {
    dml.write("in.csv", "a;b\n1;2\n3;4.5\n");
    dml.assertPrints("X = read(\"in.csv\", format=\"csv\", header=TRUE, sep=\";\")\n"
        + "print(toString(X))", "1.000 2.000\n3.000 4.500\n");
    dml.assertPrints("X = matrix(\"1 2\", rows=1, cols=2)\n"
        + "write(X, \"out.csv\", format=\"csv\", header=TRUE, sep=\"|\")\n"
        + "Y = read(\"out.csv\")\nprint(sum(Y))", "3.0");
  }

  @Test
  void csvWithoutMetadataNeedsTheFormat() {
    dml.write("plain.csv", "1,2,3\n4,5,6\n");
    dml.assertPrints("X = read(\"plain.csv\", format=\"csv\")\nprint(sum(X) + \" \" + ncol(X))",
        "21.0 3");
  }

  @Test
  void textTripletsAndMatrixMarketByHand() {
    dml.write("t.txt", "1 1 2.5\n3 2 -1\n");
    dml.write("t.txt.mtd", "{\"data_type\": \"matrix\", \"value_type\": \"double\", "
        + "\"rows\": 3, \"cols\": 2, \"format\": \"text\"}");
    dml.assertPrints("X = read(\"t.txt\")\nprint(toString(X))",
        "2.500 0.000\n0.000 0.000\n0.000 -1.000\n");
    dml.write("m.mtx", "%%MatrixMarket matrix coordinate real general\n% comment\n2 2 2\n"
        + "1 2 7\n2 1 8\n");
    dml.assertPrints("X = read(\"m.mtx\", format=\"mm\")\nprint(toString(X))",
        "0.000 7.000\n8.000 0.000\n");
  }

  @Test
  void readGivesSizesFromTheMetadataAndChecksGivenOnes() {
    dml.assertPrints("write(matrix(1, rows=3, cols=4), \"m\", format=\"binary\")\n"
        + "X = read(\"m\", rows=3, cols=4)\nprint(length(X))", "12");
  }

  @Test
  void scalarWriteAndRead() throws IOException {
    dml.assertPrints("write(2.5, \"s.txt\")\nprint(\"done\")", "done");
    assertEquals("2.5\n", Files.readString(dir.resolve("s.txt")));
    dml.assertPrints("x = read(\"s.txt\", data_type=\"scalar\", value_type=\"double\")\n"
        + "print(x * 2)", "5.0");
    dml.assertPrints("write(7, \"i.txt\")\nn = read(\"i.txt\", data_type=\"scalar\", "
        + "value_type=\"integer\")\nprint(n + 1)", "8");
    dml.assertPrints("write(\"a b\", \"t.txt\")\ns = read(\"t.txt\", data_type=\"scalar\", "
        + "value_type=\"string\")\nprint(s + \"!\")", "a b!");
    dml.assertPrints("write(TRUE, \"b.txt\")\nb = read(\"b.txt\", data_type=\"scalar\", "
        + "value_type=\"boolean\")\nprint(!b)", "FALSE");
  }

  @Test
  void pathsMayBeComputed() {
    dml.assertPrints("for (i in 1:2) {\n  write(matrix(i, rows=1, cols=1), \"m\" + i, "
        + "format=\"csv\")\n}\nprint(as.scalar(read(\"m2\")) + as.scalar(read(\"m1\")))", "3.0");
  }

  /**
   * Reads and writes of one file in one block keep source order: a read after a rewrite sees
   * the new contents, a read before it the old ones (a read has no data dependence on the
   * write, so only the block boundary around each write orders them).
   */
  @Test
  void readsAndRewritesOfOneFileKeepSourceOrder() {
    Dml.Outcome o = dml.run("""
        A = matrix(1, rows=3, cols=3)
        write(A, "m.csv", format="csv")
        B = read("m.csv", format="csv", rows=3, cols=3)
        s1 = sum(B)
        write(A + 1, "m.csv", format="csv")
        C = read("m.csv", format="csv", rows=3, cols=3)
        s2 = sum(C)
        write(A + 2, "m.csv", format="csv")
        print(s1 + " " + s2)
        """);
    assertEquals("9.0 18.0\n", o.printed());
  }
}
