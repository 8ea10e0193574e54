package org.planlab.engine.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.planlab.engine.runtime.Hops.at;
import static org.planlab.engine.runtime.Hops.basic;
import static org.planlab.engine.runtime.Hops.bin;
import static org.planlab.engine.runtime.Hops.fill;
import static org.planlab.engine.runtime.Hops.lit;
import static org.planlab.engine.runtime.Hops.mread;
import static org.planlab.engine.runtime.Hops.op;
import static org.planlab.engine.runtime.Hops.print;
import static org.planlab.engine.runtime.Hops.printf;
import static org.planlab.engine.runtime.Hops.rightIndex;
import static org.planlab.engine.runtime.Hops.write;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.planlab.engine.config.EngineConfig;
import org.planlab.engine.data.Data;
import org.planlab.engine.data.MatrixValue;
import org.planlab.engine.data.ScalarValue;
import org.planlab.engine.ir.Hop;
import org.planlab.engine.ir.HopParam;
import org.planlab.engine.ir.OpCode;
import org.planlab.engine.ir.Program;
import org.planlab.engine.matrix.MatrixBlock;
import org.planlab.engine.matrix.MatrixComparison;
import org.planlab.engine.matrix.TestMatrices;
import org.planlab.engine.ops.BinaryOp;
import org.planlab.engine.ops.ScalarOps;
import org.planlab.engine.ops.UnaryOp;
import org.planlab.engine.runtime.instructions.Printf;

class InstructionsTest {

  private static String printed(Hop... roots) {
    return Runs.run(Map.of(), basic(roots)).printed();
  }

  @Test
  void printShowsIntegersDoublesBooleansAndFormats() {
    assertEquals("3\n1.0\nTRUE\n", printed(print(lit(3L)), print(lit(1.0)), print(lit(true))));
    assertEquals("3.1416| 42|x|2.50\n", printed(print(printf("%5.4f|%3d|%s|%.2f",
        lit(3.14159265), lit(42L), lit("x"), lit(2.5)))));
    assertEquals("a1\n", printed(print(bin(BinaryOp.PLUS, lit("a"), lit(1L)))));
    assertEquals("1.000 2.000\n3.000 4.000\n\n",
        Runs.run(Map.of("M", new MatrixValue(MatrixBlock.of(new double[][] {{1, 2}, {3, 4}}))),
            basic(print(mread("M")))).printed());
  }

  @Test
  void printfRejectsMissingArguments() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> Printf.format("%d and %d", List.of(ScalarValue.of(1L))));
    assertTrue(e.getMessage().contains("needs more than 1"));
    assertEquals("100%", Printf.format("%d%%", List.of(ScalarValue.of(100L))));
  }

  @Test
  void scalarSemanticsFollowDml() {
    ScalarValue two = ScalarValue.of(2L);
    ScalarValue three = ScalarValue.of(3L);
    assertEquals(ScalarValue.of(5L), ScalarOps.binary(BinaryOp.PLUS, two, three));
    assertEquals(ScalarValue.of(2.0 / 3), ScalarOps.binary(BinaryOp.DIV, two, three));
    assertEquals(ScalarValue.of(5.5), ScalarOps.binary(BinaryOp.PLUS, ScalarValue.of(2.5), three));
    assertEquals(ScalarValue.of(-2L), ScalarOps.binary(BinaryOp.INTDIV, ScalarValue.of(-7L),
        three));
    assertEquals(ScalarValue.of(-1L), ScalarOps.binary(BinaryOp.MOD, ScalarValue.of(-7L), three));
    assertEquals(ScalarValue.of(true), ScalarOps.binary(BinaryOp.LT, two, three));
    assertEquals(ScalarValue.of(2L), ScalarOps.binary(BinaryOp.PLUS, ScalarValue.of(true),
        ScalarValue.of(true)));
    assertEquals(ScalarValue.of(8.0), ScalarOps.binary(BinaryOp.POW, two, three));
    assertEquals(ScalarValue.of(true), ScalarOps.binary(BinaryOp.EQ, ScalarValue.of("a"),
        ScalarValue.of("a")));
    assertEquals(ScalarValue.of(-2L), ScalarOps.unary(UnaryOp.NEG, two));
    assertEquals(ScalarValue.of(false), ScalarOps.unary(UnaryOp.NOT, ScalarValue.of(true)));
    assertThrows(IllegalArgumentException.class,
        () -> ScalarOps.binary(BinaryOp.MINUS, ScalarValue.of("a"), two));
  }

  @Test
  void stopAssertAndKernelErrorsCarryThePosition() {
    DmlRuntimeException stop = assertThrows(DmlRuntimeException.class,
        () -> printed(op(OpCode.STOP, HopParam.NONE, at(3, 5), lit("bad input"))));
    assertEquals("test.dml:3:5: error: bad input", stop.getMessage());
    DmlRuntimeException assertion = assertThrows(DmlRuntimeException.class,
        () -> printed(op(OpCode.ASSERT, HopParam.NONE, at(4, 2), lit(false))));
    assertEquals("test.dml:4:2: error: assertion failed", assertion.getMessage());
    printed(op(OpCode.ASSERT, HopParam.NONE, at(4, 2), lit(true)));

    DmlRuntimeException oob = assertThrows(DmlRuntimeException.class, () -> printed(write("y",
        rightIndex(fill(1, 3, 3), lit(2L), lit(4L), lit(1L), lit(1L), at(5, 9)))));
    assertEquals("test.dml:5:9: error: index out of bounds: [2:4, 1:1] of a 3x3 matrix",
        oob.getMessage());
    DmlRuntimeException dim = assertThrows(DmlRuntimeException.class, () -> printed(write("y",
        bin(BinaryOp.PLUS, fill(1, 3, 3), fill(1, 2, 2), at(6, 3)))));
    assertTrue(dim.getMessage().startsWith("test.dml:6:3: "), dim.getMessage());
    assertTrue(dim.getMessage().contains("3x3") && dim.getMessage().contains("2x2"),
        dim.getMessage());
    DmlRuntimeException undefined = assertThrows(DmlRuntimeException.class,
        () -> printed(write("y", mread("nope"))));
    assertTrue(undefined.getMessage().endsWith("variable 'nope' is not defined"));
  }

  @Test
  void indexingAndCastsWork() {
    MatrixBlock m = MatrixBlock.of(new double[][] {{1, 2, 3}, {4, 5, 6}});
    Hop slice = rightIndex(mread("M"), lit(2L), lit(2L), lit(2L), lit(3L), at(1, 1));
    Hop li = op(OpCode.LEFT_INDEX, mread("M"), fill(9, 1, 2), lit(1L), lit(1L), lit(1L),
        lit(2L));
    Hop scalar = op(OpCode.CAST_SCALAR, rightIndex(mread("M"), lit(2L), lit(2L), lit(3L),
        lit(3L), at(1, 1)));
    Runs.Outcome o = Runs.run(Map.of("M", new MatrixValue(m)), basic(write("S", slice),
        write("L", li), write("c", scalar), write("n", op(OpCode.NROW, mread("M")))));
    assertTrue(MatrixComparison.approxEquals(MatrixBlock.of(new double[][] {{5, 6}}),
        ((MatrixValue) o.get("S")).block(), 0, 0));
    assertTrue(MatrixComparison.approxEquals(MatrixBlock.of(new double[][] {{9, 9, 3}, {4, 5,
        6}}), ((MatrixValue) o.get("L")).block(), 0, 0));
    assertEquals(ScalarValue.of(6.0), o.get("c"));
    assertEquals(ScalarValue.of(2L), o.get("n"));
  }

  @Test
  void elementwiseAndAggregatesMatchKernelSemantics() {
    MatrixBlock a = TestMatrices.random(6, 4, 0.5, 3, true);
    Hop unary = op(OpCode.UNARY, new HopParam.Unary(UnaryOp.EXP), at(1, 1), mread("A"));
    Hop ms = bin(BinaryOp.MULT, mread("A"), lit(2.0));
    Runs.Outcome o = Runs.run(Map.of("A", new MatrixValue(a)), basic(write("E", unary),
        write("M", ms), write("s", Hops.sum(mread("A")))));
    double[][] arr = a.toArray();
    double sum = 0;
    double[][] e = new double[6][4];
    double[][] m2 = new double[6][4];
    for (int i = 0; i < 6; i++) {
      for (int j = 0; j < 4; j++) {
        e[i][j] = Math.exp(arr[i][j]);
        m2[i][j] = 2 * arr[i][j];
        sum += arr[i][j];
      }
    }
    TestMatrices.assertClose(e, ((MatrixValue) o.get("E")).block(), 1e-12, "exp");
    TestMatrices.assertClose(m2, ((MatrixValue) o.get("M")).block(), 1e-12, "*2");
    assertEquals(sum, ((ScalarValue) o.get("s")).asDouble(), 1e-12 * Math.abs(sum));
  }

  @Test
  void writeThenReadRoundTripsThroughMtd(@TempDir Path dir) throws Exception {
    MatrixBlock m = TestMatrices.random(7, 5, 0.4, 9, false);
    EngineConfig config = Runs.config(1).toBuilder().workingDirectory(dir).build();
    for (String format : new String[] {"csv", "binary", "text", "mm"}) {
      String path = "out/m." + format;
      Files.createDirectories(dir.resolve("out"));
      Hop w = op(OpCode.WRITE_FILE, mread("M"), lit(path), lit(format), lit(","), lit(false));
      Hop r = op(OpCode.READ_FILE, lit(path), lit(""), lit(-1L), lit(-1L), lit(""), lit(false));
      Program p = new Program(List.of(basic(w), basic(write("R", r))), Map.of());
      Runs.Outcome o = Runs.run(p, Map.<String, Data>of("M", new MatrixValue(m)), config);
      assertTrue(Files.exists(dir.resolve(path + ".mtd")), format);
      TestMatrices.assertClose(m, ((MatrixValue) o.get("R")).block(), 0, format);
    }
    Hop missing = op(OpCode.READ_FILE, HopParam.NONE, at(8, 1), lit("nothere.csv"), lit(""),
        lit(-1L), lit(-1L), lit(""), lit(false));
    DmlRuntimeException e = assertThrows(DmlRuntimeException.class, () -> Runs.run(
        new Program(List.of(basic(write("R", missing))), Map.of()), Map.of(), config));
    assertTrue(e.getMessage().startsWith("test.dml:8:1: error: file not found: "), e.getMessage());
  }
}
