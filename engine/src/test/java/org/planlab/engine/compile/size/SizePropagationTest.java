package org.planlab.engine.compile.size;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.planlab.engine.compile.TestHops.agg;
import static org.planlab.engine.compile.TestHops.at;
import static org.planlab.engine.compile.TestHops.binary;
import static org.planlab.engine.compile.TestHops.dag;
import static org.planlab.engine.compile.TestHops.fill;
import static org.planlab.engine.compile.TestHops.index;
import static org.planlab.engine.compile.TestHops.lit;
import static org.planlab.engine.compile.TestHops.mm;
import static org.planlab.engine.compile.TestHops.mmAt;
import static org.planlab.engine.compile.TestHops.op;
import static org.planlab.engine.compile.TestHops.rand;
import static org.planlab.engine.compile.TestHops.read;
import static org.planlab.engine.compile.TestHops.readScalar;
import static org.planlab.engine.compile.TestHops.scalarOp;
import static org.planlab.engine.compile.TestHops.t;
import static org.planlab.engine.compile.TestHops.unary;
import static org.planlab.engine.compile.TestHops.write;

import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.planlab.engine.data.ScalarValue;
import org.planlab.engine.ir.DataCharacteristics;
import org.planlab.engine.ir.Hop;
import org.planlab.engine.ir.HopParam;
import org.planlab.engine.ir.OpCode;
import org.planlab.engine.lang.types.DataType;
import org.planlab.engine.lang.types.ValueType;
import org.planlab.engine.ops.AggregateOp;
import org.planlab.engine.ops.BinaryOp;
import org.planlab.engine.ops.Direction;
import org.planlab.engine.ops.UnaryOp;

class SizePropagationTest {
  static final Map<String, DataCharacteristics> LIVE = Map.of(
      "X", new DataCharacteristics(10, 4, 20),
      "Y", new DataCharacteristics(4, 3, 12),
      "v", new DataCharacteristics(10, 1, 5),
      "r", new DataCharacteristics(1, 4, 4),
      "E", new DataCharacteristics(10, 4, 0),
      "A", new DataCharacteristics(5, 5, 25),
      "b", new DataCharacteristics(5, 1, 5),
      "p", new DataCharacteristics(3, 1, 3),
      "Z0", new DataCharacteristics(0, 4, 0));
  static final ScalarEnvironment ENV = new ScalarEnvironment(Map.of("n", ScalarValue.of(7L)));

  static DataCharacteristics dc(long r, long c, long nnz) {
    return new DataCharacteristics(r, c, nnz);
  }

  static DataCharacteristics sizeOf(Hop h) {
    return SizePropagation.propagate(dag(write("out", h)), LIVE, ENV).get(h);
  }

  static Hop x() {
    return read("X");
  }

  static Hop s(String name) {
    return read(name);
  }

  static Hop ncol(Hop m) {
    return new Hop(OpCode.NCOL, HopParam.NONE, List.of(m), DataType.SCALAR, ValueType.INTEGER,
        at(1, 1));
  }

  static Hop nrow(Hop m) {
    return new Hop(OpCode.NROW, HopParam.NONE, List.of(m), DataType.SCALAR, ValueType.INTEGER,
        at(1, 1));
  }

  /** Result {@code i} of a decomposition of {@code a}. */
  static Hop result(OpCode op, int i, Hop a) {
    return new Hop(op, new HopParam.Decomposition(i), List.of(a), DataType.MATRIX,
        ValueType.DOUBLE, at(1, 1));
  }

  static Stream<Arguments> rules() {
    Hop i = readScalar("i");
    return Stream.of(
        Arguments.of("read known", x(), dc(10, 4, 20)),
        Arguments.of("read unknown", s("U"), DataCharacteristics.UNKNOWN_MATRIX),
        Arguments.of("X + E union", binary(BinaryOp.PLUS, x(), s("E")), dc(10, 4, 20)),
        Arguments.of("X * E intersection", binary(BinaryOp.MULT, x(), s("E")), dc(10, 4, 0)),
        Arguments.of("X * U bound by X", binary(BinaryOp.MULT, x(), s("U")), dc(10, 4, 20)),
        Arguments.of("X + U unknown nnz", binary(BinaryOp.PLUS, x(), s("U")), dc(10, 4, -1)),
        Arguments.of("X / E unsafe", binary(BinaryOp.DIV, x(), s("E")), dc(10, 4, 40)),
        Arguments.of("X + v col broadcast", binary(BinaryOp.PLUS, x(), s("v")), dc(10, 4, 40)),
        Arguments.of("X * r row broadcast", binary(BinaryOp.MULT, x(), s("r")), dc(10, 4, 20)),
        Arguments.of("U + r unknown rows", binary(BinaryOp.PLUS, s("U"), s("r")),
            dc(-1, 4, -1)),
        Arguments.of("r + U unknown rows", binary(BinaryOp.PLUS, s("r"), s("U")),
            dc(-1, 4, -1)),
        Arguments.of("X + U", binary(BinaryOp.MINUS, x(), s("U")), dc(10, 4, -1)),
        Arguments.of("empty rows + row vector", binary(BinaryOp.PLUS, s("Z0"), s("r")),
            dc(0, 4, 0)),
        Arguments.of("X * 2 safe", binary(BinaryOp.MULT, x(), lit(2.0)), dc(10, 4, 20)),
        Arguments.of("X + 1 unsafe", binary(BinaryOp.PLUS, x(), lit(1.0)), dc(10, 4, 40)),
        Arguments.of("2 - X unsafe", binary(BinaryOp.MINUS, lit(2.0), x()), dc(10, 4, 40)),
        Arguments.of("X * k unknown", binary(BinaryOp.MULT, x(), readScalar("k")),
            dc(10, 4, 40)),
        Arguments.of("abs", unary(UnaryOp.ABS, x()), dc(10, 4, 20)),
        Arguments.of("exp", unary(UnaryOp.EXP, x()), dc(10, 4, 40)),
        Arguments.of("ifelse empty", op(OpCode.IFELSE, x(), s("E"), lit(0.0)), dc(10, 4, 0)),
        Arguments.of("ifelse dense", op(OpCode.IFELSE, x(), x(), lit(1.0)), dc(10, 4, 40)),
        Arguments.of("nary max", new Hop(OpCode.NARY_MINMAX, new HopParam.Binary(BinaryOp.MAX),
            List.of(x(), s("E"), x()), DataType.MATRIX, ValueType.DOUBLE, at(1, 1)),
            dc(10, 4, 40)),
        Arguments.of("replace 0", op(OpCode.REPLACE, x(), lit(0.0), lit(5.0)), dc(10, 4, 40)),
        Arguments.of("replace 3", op(OpCode.REPLACE, x(), lit(3.0), lit(0.0)), dc(10, 4, 20)),
        Arguments.of("sum", agg(AggregateOp.SUM, Direction.FULL, x()), DataCharacteristics.SCALAR),
        Arguments.of("rowSums", agg(AggregateOp.SUM, Direction.ROW, x()), dc(10, 1, 10)),
        Arguments.of("colSums", agg(AggregateOp.SUM, Direction.COL, x()), dc(1, 4, 4)),
        Arguments.of("rowVars", agg(AggregateOp.VAR, Direction.ROW, x()), dc(10, 1, 10)),
        Arguments.of("colSums empty", agg(AggregateOp.SUM, Direction.COL, s("E")), dc(1, 4, 0)),
        Arguments.of("rowSums unknown", agg(AggregateOp.SUM, Direction.ROW, s("U")),
            dc(-1, 1, -1)),
        Arguments.of("rowIndexMax", op(OpCode.ROW_INDEX_MAX, x()), dc(10, 1, 10)),
        Arguments.of("rowIndexMin", op(OpCode.ROW_INDEX_MIN, x()), dc(10, 1, 10)),
        Arguments.of("write var", write("Z", x()), dc(10, 4, 20)),
        Arguments.of("cumsum", new Hop(OpCode.CUMULATIVE,
            new HopParam.Cumulative(HopParam.Cumulative.Kind.SUM), List.of(x()), DataType.MATRIX,
            ValueType.DOUBLE, at(1, 1)), dc(10, 4, 40)),
        Arguments.of("trace", scalarOp(OpCode.TRACE, s("A")), DataCharacteristics.SCALAR),
        Arguments.of("matmult", mm(x(), s("Y")), dc(10, 3, 30)),
        Arguments.of("matmult empty", mm(s("E"), s("Y")), dc(10, 3, 0)),
        Arguments.of("matmult unknown", mm(s("U"), s("Y")), dc(-1, 3, -1)),
        Arguments.of("t", t(x()), dc(4, 10, 20)),
        Arguments.of("rev", op(OpCode.REV, x()), dc(10, 4, 20)),
        Arguments.of("diag vector", op(OpCode.DIAG, s("v")), dc(10, 10, 5)),
        Arguments.of("diag square", op(OpCode.DIAG, s("A")), dc(5, 1, 5)),
        Arguments.of("reshape", op(OpCode.RESHAPE, x(), lit(5L), lit(8L), lit(true)),
            dc(5, 8, 20)),
        Arguments.of("reshape inferred", op(OpCode.RESHAPE, x(), lit(20L), lit(-1L), lit(true)),
            dc(20, 2, 20)),
        Arguments.of("index range", index(x(), lit(2L), lit(4L), lit(1L), lit(4L)),
            dc(3, 4, 12)),
        Arguments.of("index row i", index(x(), i, i, lit(1L), ncol(s("X"))), dc(1, 4, 4)),
        Arguments.of("index unknown", index(x(), lit(1L), readScalar("k"), lit(1L), lit(2L)),
            dc(-1, 2, -1)),
        Arguments.of("left index", op(OpCode.LEFT_INDEX, x(), s("r"), lit(2L), lit(2L), lit(1L),
            lit(4L)), dc(10, 4, 24)),
        Arguments.of("cbind", op(OpCode.CBIND, x(), s("v")), dc(10, 5, 25)),
        Arguments.of("rbind", op(OpCode.RBIND, x(), s("r")), dc(11, 4, 24)),
        Arguments.of("order index", op(OpCode.ORDER, x(), lit(1L), lit(false), lit(true)),
            dc(10, 1, 10)),
        Arguments.of("order values", op(OpCode.ORDER, x(), lit(1L), lit(false), lit(false)),
            dc(10, 4, 20)),
        Arguments.of("removeEmpty rows", op(OpCode.REMOVE_EMPTY, x(), lit("rows"), lit(0.0),
            lit(true)), dc(-1, 4, -1)),
        Arguments.of("table", op(OpCode.TABLE, s("v"), s("v"), lit(1.0), lit(5L), lit(6L)),
            dc(5, 6, 10)),
        Arguments.of("table unknown", op(OpCode.TABLE, s("v"), s("v"), lit(1.0), lit(-1L),
            lit(-1L)), DataCharacteristics.UNKNOWN_MATRIX),
        Arguments.of("rand", op(OpCode.RAND, readScalar("n"), lit(3L), lit(0.0), lit(1.0),
            lit(0.5), lit(-1L), lit("uniform")), dc(7, 3, 11)),
        Arguments.of("rand zeros", op(OpCode.RAND, lit(4L), lit(3L), lit(0.0), lit(0.0),
            lit(1.0), lit(-1L), lit("uniform")), dc(4, 3, 0)),
        Arguments.of("rand unknown rows", op(OpCode.RAND, readScalar("k"), lit(3L), lit(0.0),
            lit(1.0), lit(1.0), lit(-1L), lit("uniform")), dc(-1, 3, -1)),
        Arguments.of("fill 0", fill(0, nrow(s("X")), lit(2L)), dc(10, 2, 0)),
        Arguments.of("fill 1", fill(1, nrow(s("X")), lit(2L)), dc(10, 2, 20)),
        Arguments.of("matrix string", op(OpCode.MATRIX_FROM_STRING, lit("1 2 3 4"), lit(2L),
            lit(2L)), dc(2, 2, 4)),
        Arguments.of("seq", op(OpCode.SEQ, lit(1.0), lit(10.0), lit(2.0)), dc(5, 1, 5)),
        Arguments.of("seq n", op(OpCode.SEQ, lit(1L), readScalar("n"), lit(1L)), dc(7, 1, 7)),
        Arguments.of("seq down", op(OpCode.SEQ, lit(5L), lit(1L), lit(-1L)), dc(5, 1, 5)),
        Arguments.of("sample", op(OpCode.SAMPLE, lit(100L), lit(5L), lit(false), lit(3L)),
            dc(5, 1, 5)),
        Arguments.of("solve", op(OpCode.SOLVE, s("A"), s("b")), dc(5, 1, 5)),
        Arguments.of("inv", op(OpCode.INV, s("A")), dc(5, 5, 25)),
        Arguments.of("cholesky", op(OpCode.CHOLESKY, s("A")), dc(5, 5, 25)),
        Arguments.of("eigenvalues", op(OpCode.EIGEN_VALUES, s("A")), dc(5, 1, 5)),
        Arguments.of("eigenvectors", op(OpCode.EIGEN_VECTORS, s("A")), dc(5, 5, 25)),
        Arguments.of("det", scalarOp(OpCode.DET, s("A")), DataCharacteristics.SCALAR),
        // SystemDS compatibility: X is 10x4, A 5x5, v 10x1
        Arguments.of("svd U", result(OpCode.SVD, 0, x()), dc(10, 4, 40)),
        Arguments.of("svd S", result(OpCode.SVD, 1, x()), dc(4, 4, 4)),
        Arguments.of("svd V", result(OpCode.SVD, 2, x()), dc(4, 4, 16)),
        Arguments.of("lu P", result(OpCode.LU, 0, s("A")), dc(5, 5, 5)),
        Arguments.of("lu L", result(OpCode.LU, 1, s("A")), dc(5, 5, 25)),
        Arguments.of("qr R", result(OpCode.QR, 1, x()), dc(10, 4, 40)),
        Arguments.of("unique all", op(OpCode.UNIQUE, x(), lit("")), dc(-1, 1, -1)),
        Arguments.of("unique rows", op(OpCode.UNIQUE, x(), lit("r")), dc(10, -1, -1)),
        Arguments.of("unique cols", op(OpCode.UNIQUE, x(), lit("c")), dc(-1, 4, -1)),
        Arguments.of("aggregate ngroups", op(OpCode.GROUPED_AGGREGATE, x(), s("v"), lit(1.0),
            lit("sum"), lit(0L), lit(3L)), dc(3, 4, 12)),
        Arguments.of("aggregate unknown groups", op(OpCode.GROUPED_AGGREGATE, x(), s("v"),
            lit(1.0), lit("sum"), lit(0L), lit(-1L)), dc(-1, 4, -1)),
        Arguments.of("moment", scalarOp(OpCode.MOMENT, s("v"), lit(1.0), lit(2L)),
            DataCharacteristics.SCALAR),
        Arguments.of("cov", scalarOp(OpCode.COV, s("v"), s("v"), lit(1.0)),
            DataCharacteristics.SCALAR),
        Arguments.of("interQuartileMean", scalarOp(OpCode.IQM, s("v"), lit(1.0)),
            DataCharacteristics.SCALAR),
        Arguments.of("cdf", scalarOp(OpCode.CDF, lit(1.0), lit(0.0), lit(1.0), lit(true)),
            DataCharacteristics.SCALAR),
        Arguments.of("icdf", scalarOp(OpCode.ICDF, lit(0.5), lit(0.0), lit(1.0)),
            DataCharacteristics.SCALAR),
        Arguments.of("bias_add", op(OpCode.BIAS_ADD, x(), fill(1, lit(2L), lit(1L))),
            dc(10, 4, 40)),
        Arguments.of("bias_multiply", op(OpCode.BIAS_MULTIPLY, x(), fill(1, lit(2L), lit(1L))),
            dc(10, 4, 20)),
        Arguments.of("median", scalarOp(OpCode.MEDIAN, s("v")), DataCharacteristics.SCALAR),
        Arguments.of("quantile vector", op(OpCode.QUANTILE, s("v"), s("p")), dc(3, 1, 3)),
        Arguments.of("as.matrix 0", op(OpCode.CAST_MATRIX, lit(0.0)), dc(1, 1, 0)),
        Arguments.of("as.matrix x", op(OpCode.CAST_MATRIX, readScalar("k")), dc(1, 1, 1)),
        Arguments.of("as.scalar", scalarOp(OpCode.CAST_SCALAR, op(OpCode.CAST_MATRIX, lit(1.0))),
            DataCharacteristics.SCALAR),
        Arguments.of("read file", op(OpCode.READ_FILE, lit("in.csv"), lit("csv"), lit(100L),
            lit(3L), lit(","), lit(false)), dc(100, 3, -1)),
        Arguments.of("read file no meta", op(OpCode.READ_FILE, lit("in.csv"), lit("csv"),
            lit(-1L), lit(-1L), lit(","), lit(false)), DataCharacteristics.UNKNOWN_MATRIX));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("rules")
  void perOpcodeRule(String name, Hop hop, DataCharacteristics expected) {
    assertEquals(expected, sizeOf(hop));
  }

  @Test
  void everyOpcodeHasARuleCase() {
    java.util.Set<OpCode> covered = java.util.EnumSet.noneOf(OpCode.class);
    rules().forEach(a -> collectOps((Hop) a.get()[1], covered));
    java.util.Set<OpCode> scalarOnly = java.util.EnumSet.of(OpCode.WRITE_FILE, OpCode.CAST_VALUE,
        OpCode.LENGTH, OpCode.TO_STRING, OpCode.PRINTF, OpCode.TIME, OpCode.PRINT, OpCode.STOP,
        OpCode.ASSERT, OpCode.EVICT, OpCode.FUNCTION_CALL,
        // lists have no dimensions, and eval's result is known only at run time
        OpCode.LIST, OpCode.LIST_INDEX, OpCode.LIST_SET, OpCode.LIST_APPEND, OpCode.LIST_REMOVE,
        OpCode.CAST_LIST,
        OpCode.EVAL,
        // fused operators exist only after size propagation; codegen records their sizes
        OpCode.FUSED);
    for (OpCode op : OpCode.values()) {
      assertTrue(covered.contains(op) || scalarOnly.contains(op), "no rule case for " + op);
    }
  }

  private static void collectOps(Hop h, java.util.Set<OpCode> out) {
    out.add(h.op());
    h.inputs().forEach(in -> collectOps(in, out));
  }

  @Test
  void matmultWorstCaseSparsityFollowsThePaper() {
    // s1 = 0.001, s2 = 0.01, k = 100: s3 = min(1, 0.1) * min(1, 1) = 0.1
    Map<String, DataCharacteristics> live = Map.of(
        "S1", new DataCharacteristics(100, 100, 10), "S2", new DataCharacteristics(100, 100, 100));
    Hop prod = mm(read("S1"), read("S2"));
    DataCharacteristics d =
        SizePropagation.propagate(dag(write("P", prod)), live, ScalarEnvironment.empty()).get(prod);
    assertEquals(new DataCharacteristics(100, 100, 1000), d);
  }

  @Test
  void matmultWorstCaseSaturatesAtDense() {
    Map<String, DataCharacteristics> live = Map.of(
        "S1", new DataCharacteristics(100, 50, 500), "S2", new DataCharacteristics(50, 20, 10));
    Hop prod = mm(read("S1"), read("S2"));
    // s1 = 0.1 -> min(1, 5) = 1; s2 = 0.01 -> min(1, 0.5) = 0.5
    assertEquals(new DataCharacteristics(100, 20, 1000),
        SizePropagation.propagate(dag(write("P", prod)), live, ScalarEnvironment.empty())
            .get(prod));
  }

  @Test
  void sizeExpressionsAreFoldedOverKnownScalarsAndDims() {
    Hop rows = binary(BinaryOp.MULT, nrow(read("X")), lit(2L));
    Hop cols = binary(BinaryOp.PLUS, readScalar("n"), lit(1L));
    Hop r = op(OpCode.RAND, rows, cols, lit(0.0), lit(1.0), lit(1.0), lit(-1L), lit("uniform"));
    SizeTable table = SizePropagation.propagate(dag(write("R", r)), LIVE, ENV);
    assertEquals(new DataCharacteristics(20, 8, 160), table.get(r));
    assertEquals(ScalarValue.of(20L), table.constant(rows).orElseThrow());
    assertEquals(ScalarValue.of(8L), table.constant(cols).orElseThrow());
  }

  @Test
  void writeVarCarriesItsInputSize() {
    Hop w = write("Z", t(read("X")));
    assertEquals(new DataCharacteristics(4, 10, 20),
        SizePropagation.propagate(dag(w), LIVE, ENV).get(w));
  }

  @Test
  void matmultMismatchIsReportedWithPosition() {
    Hop bad = mmAt(at(3, 7), read("X"), read("X"));
    DimensionMismatchError e = assertThrows(DimensionMismatchError.class,
        () -> SizePropagation.propagate(dag(write("Z", bad)), LIVE, ENV));
    assertEquals("script.dml:3:7: error: dimension mismatch in %*%: 10x4 and 10x4", e.getMessage());
  }

  @Test
  void allMismatchesOfADagAreReported() {
    Hop plus = binary(BinaryOp.PLUS, read("X"), read("Y"));
    Hop bind = op(OpCode.CBIND, read("X"), read("Y"));
    DimensionMismatchError e = assertThrows(DimensionMismatchError.class,
        () -> SizePropagation.propagate(dag(write("P", plus), write("B", bind)), LIVE, ENV));
    assertEquals(2, e.diagnostics().size());
    assertTrue(e.getMessage().contains("dimension mismatch in +: 10x4 and 4x3"), e.getMessage());
    assertTrue(e.getMessage().contains("dimension mismatch in cbind: 10x4 and 4x3"),
        e.getMessage());
  }

  @Test
  void outOfBoundsIndexIsReported() {
    Hop idx = index(read("X"), lit(11L), lit(11L), lit(1L), lit(1L));
    DimensionMismatchError e = assertThrows(DimensionMismatchError.class,
        () -> SizePropagation.propagate(dag(write("Z", idx)), LIVE, ENV));
    assertTrue(e.getMessage().contains("index out of bounds"), e.getMessage());
  }

  @Test
  void unknownSizesNeverReportMismatches() {
    Hop prod = mm(read("U"), read("X"));
    Hop sum = binary(BinaryOp.PLUS, read("U"), read("Y"));
    SizeTable table = SizePropagation.propagate(dag(write("P", prod), write("S", sum)), LIVE, ENV);
    assertEquals(new DataCharacteristics(-1, 4, -1), table.get(prod));
    assertEquals(new DataCharacteristics(4, 3, -1), table.get(sum));
    assertTrue(table.hasUnknownDims());
  }

  @Test
  void reshapeWithWrongCellCountIsAMismatch() {
    Hop r = op(OpCode.RESHAPE, read("X"), lit(3L), lit(3L), lit(true));
    assertThrows(DimensionMismatchError.class,
        () -> SizePropagation.propagate(dag(write("Z", r)), LIVE, ENV));
  }

  @Test
  void asScalarOfANonScalarMatrixAndTraceOfANonSquareOneAreMismatches() {
    Hop cast = scalarOp(OpCode.CAST_SCALAR, read("v"));
    Hop trace = scalarOp(OpCode.TRACE, read("X"));
    DimensionMismatchError e = assertThrows(DimensionMismatchError.class,
        () -> SizePropagation.propagate(dag(write("a", cast), write("b", trace)), LIVE, ENV));
    assertEquals(2, e.diagnostics().size());
    assertTrue(e.getMessage().contains("as.scalar: 10x1 is not 1x1"), e.getMessage());
    assertTrue(e.getMessage().contains("trace: 10x4 is not square"), e.getMessage());
  }
}
