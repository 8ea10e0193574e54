package org.planlab.gpu.cuda;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.planlab.engine.codegen.FusedOp;
import org.planlab.engine.codegen.cplan.CNode;
import org.planlab.engine.codegen.cplan.CNode.Access;
import org.planlab.engine.codegen.cplan.CNode.VecLen;
import org.planlab.engine.codegen.cplan.CPlan;
import org.planlab.engine.codegen.gen.OperatorCompiler;
import org.planlab.engine.codegen.gen.SourceGenerator;
import org.planlab.engine.codegen.runtime.CellType;
import org.planlab.engine.codegen.runtime.RowType;
import org.planlab.engine.kernels.AggregateKernels;
import org.planlab.engine.kernels.ElementwiseKernels;
import org.planlab.engine.matrix.MatrixBlock;
import org.planlab.engine.matrix.MatrixComparison;
import org.planlab.engine.ops.AggregateOp;
import org.planlab.engine.ops.BinaryOp;
import org.planlab.engine.ops.Direction;
import org.planlab.engine.ops.UnaryOp;
import org.planlab.engine.parallel.KernelPool;

/**
 * What the generated kernels compute, checked without a GPU: each kernel runs on the host
 * single-threaded ({@link HostEmulation}) with the arguments {@link CudaKernels} passes, and is
 * compared with the engine's scalar semantics (bit for bit, signed zeros and NaN included) and
 * CP kernels (relative 1e-9). The parallel schedule is what a real device adds
 * ({@link CudaDeviceTest}).
 */
class CudaKernelEmulationTest {
  private static final double TOL = 1e-9;
  private static final KernelPool CPU = KernelPool.sequential();
  private static final CudaSource SOURCE = new CudaSource();

  /** Operators computed by libm functions, which may differ from the JVM's in the last ulp. */
  private static final Set<Object> LIBM = Set.of(BinaryOp.POW, BinaryOp.LOG, UnaryOp.EXP,
      UnaryOp.LOG, UnaryOp.SIGMOID, UnaryOp.TANH, UnaryOp.SIN, UnaryOp.COS, UnaryOp.TAN,
      UnaryOp.ASIN, UnaryOp.ACOS, UnaryOp.ATAN, UnaryOp.SINH, UnaryOp.COSH);

  @TempDir
  static Path dir;

  private static Path gxx() {
    Path gxx = HostEmulation.gxx().orElse(null);
    assumeTrue(gxx != null, "g++ is not on the PATH");
    return gxx;
  }

  @Test
  void binaryOperatorsFollowTheEngineSemanticsOnSpecialValues() throws Exception {
    double[] s = TestData.SPECIAL;
    int k = s.length;
    double[] a = new double[k * k];
    double[] b = new double[k * k];
    for (int i = 0; i < k; i++) {
      for (int j = 0; j < k; j++) {
        a[i * k + j] = s[i];
        b[i * k + j] = s[j];
      }
    }
    HostEmulation h = new HostEmulation();
    String av = h.input(a);
    String bv = h.input(b);
    for (BinaryOp op : BinaryOp.values()) {
      CudaProgram p = h.add(SOURCE.binary(op, CudaSource.Broadcast.MATRIX_MATRIX));
      String out = h.output(k * k);
      h.call(p.name(), av, out, (long) k, (long) k, bv, (long) k);
      h.print(out, k * k);
    }
    List<double[]> results = h.run(gxx(), dir, "binary_special");
    int r = 0;
    for (BinaryOp op : BinaryOp.values()) {
      double[] got = results.get(r++);
      for (int i = 0; i < got.length; i++) {
        assertSame(op, op.apply(a[i], b[i]), got[i], op + "(" + a[i] + ", " + b[i] + ")");
      }
    }
  }

  @Test
  void unaryOperatorsFollowTheEngineSemanticsOnSpecialValues() throws Exception {
    double[] s = TestData.SPECIAL;
    HostEmulation h = new HostEmulation();
    String in = h.input(s);
    for (UnaryOp op : UnaryOp.values()) {
      CudaProgram p = h.add(SOURCE.unary(op));
      String out = h.output(s.length);
      h.call(p.name(), in, out, 1L, (long) s.length);
      h.print(out, s.length);
    }
    List<double[]> results = h.run(gxx(), dir, "unary_special");
    int r = 0;
    for (UnaryOp op : UnaryOp.values()) {
      double[] got = results.get(r++);
      for (int i = 0; i < s.length; i++) {
        assertSame(op, op.apply(s[i]), got[i], op + "(" + s[i] + ")");
      }
    }
  }

  @Test
  void everyBroadcastKeepsTheOperandOrderAndIndexing() throws Exception {
    MatrixBlock x = TestData.dense(13, 7, 1);
    MatrixBlock y = TestData.dense(13, 7, 2);
    MatrixBlock row = TestData.dense(1, 7, 3);
    MatrixBlock col = TestData.dense(13, 1, 4);
    List<MatrixBlock> expected = new ArrayList<>();
    HostEmulation h = new HostEmulation();
    for (BinaryOp op : List.of(BinaryOp.MINUS, BinaryOp.DIV, BinaryOp.POW, BinaryOp.LT,
        BinaryOp.MOD)) {
      Object[][] cases = {
          {CudaSource.Broadcast.MATRIX_MATRIX, x, y},
          {CudaSource.Broadcast.MATRIX_ROW, x, row},
          {CudaSource.Broadcast.MATRIX_COLUMN, x, col},
          {CudaSource.Broadcast.ROW_MATRIX, row, x},
          {CudaSource.Broadcast.COLUMN_MATRIX, col, x},
          {CudaSource.Broadcast.MATRIX_SCALAR, x, 1.5},
          {CudaSource.Broadcast.SCALAR_MATRIX, 1.5, x}};
      for (Object[] c : cases) {
        CudaSource.Broadcast kind = (CudaSource.Broadcast) c[0];
        MatrixBlock main = (MatrixBlock) (kind.mainIsLeft() ? c[1] : c[2]);
        Object other = kind.mainIsLeft() ? c[2] : c[1];
        CudaProgram p = h.add(SOURCE.binary(op, kind));
        String out = h.output(main.cells());
        if (other instanceof MatrixBlock side) {
          h.call(p.name(), h.input(values(main)), out, (long) main.rows(), (long) main.cols(),
              h.input(values(side)), (long) side.cols());
        } else {
          h.call(p.name(), h.input(values(main)), out, (long) main.rows(), (long) main.cols(),
              other);
        }
        h.print(out, (int) main.cells());
        expected.add(c[1] instanceof Double d ? ElementwiseKernels.binary(d, x, op, CPU)
            : c[2] instanceof Double d ? ElementwiseKernels.binary(x, d, op, CPU)
            : ElementwiseKernels.binary((MatrixBlock) c[1], (MatrixBlock) c[2], op, CPU));
      }
    }
    List<double[]> results = h.run(gxx(), dir, "broadcast");
    for (int i = 0; i < expected.size(); i++) {
      MatrixBlock e = expected.get(i);
      assertClose(e, MatrixBlock.dense(e.rows(), e.cols(), results.get(i)), "case " + i);
    }
  }

  @Test
  void aggregatesMatchTheCpKernelsInEveryDirection() throws Exception {
    List<MatrixBlock> inputs = List.of(TestData.dense(29, 11, 5), TestData.dense(1, 6, 6),
        TestData.withSpecialValues(TestData.dense(9, 4, 7)), MatrixBlock.dense(0, 3),
        MatrixBlock.dense(4, 0));
    List<AggregateOp> ops = List.of(AggregateOp.SUM, AggregateOp.SUM_SQ, AggregateOp.MEAN,
        AggregateOp.MIN, AggregateOp.MAX);
    HostEmulation h = new HostEmulation();
    List<MatrixBlock> expected = new ArrayList<>();
    for (MatrixBlock x : inputs) {
      for (AggregateOp op : ops) {
        String in = h.input(values(x));
        for (Direction d : Direction.values()) {
          CudaProgram p = h.add(SOURCE.aggregate(op, d));
          if (d == Direction.FULL) {
            if (x.cells() == 0) {
              continue; // the host returns the empty value without a launch (CudaKernels)
            }
            String partials = h.output(2);
            h.call(p.name(), in, partials, (long) x.rows(), (long) x.cols());
            String out = h.output(1);
            h.call(p.finalName(), partials, 1, out, x.cells());
            h.print(out, 1);
            expected.add(MatrixBlock.scalar(AggregateKernels.full(x, op, CPU)));
          } else {
            long cells = d == Direction.ROW ? x.rows() : x.cols();
            String out = h.output(cells);
            h.call(p.name(), in, out, (long) x.rows(), (long) x.cols());
            h.print(out, (int) cells);
            MatrixBlock e = AggregateKernels.aggregate(x, op, d, CPU);
            expected.add(e);
          }
        }
      }
    }
    List<double[]> results = h.run(gxx(), dir, "aggregates");
    assertEquals(expected.size(), results.size());
    for (int i = 0; i < expected.size(); i++) {
      double[] e = values(expected.get(i));
      double[] g = results.get(i);
      assertEquals(e.length, g.length, "case " + i);
      for (int j = 0; j < e.length; j++) {
        assertClose(e[j], g[j], "aggregate case " + i + " cell " + j);
      }
    }
  }

  @Test
  void fusedOperatorsOfDmlScriptsMatchTheirCpuOperators() throws Exception {
    Path gxx = gxx();
    HostEmulation h = new HostEmulation();
    List<MatrixBlock> expected = new ArrayList<>();
    List<String> names = new ArrayList<>();
    for (Map.Entry<String, String> script : DmlScripts.ALL.entrySet()) {
      for (FusedOp op : FusedPlans.operators(dir, script.getValue(), "fa")) {
        CPlan plan = op.plan();
        if (!(plan instanceof CPlan.Cell || plan instanceof CPlan.Row)) {
          continue;
        }
        List<MatrixBlock> inputs = TestData.inputsFor(plan, 17, 9, 61);
        double[] scalars = TestData.scalarsFor(plan);
        MatrixBlock e;
        try {
          e = op.execute(inputs, scalars, CPU).output();
        } catch (RuntimeException ex) {
          throw new AssertionError("CPU run of " + plan + " over " + inputs, ex);
        }
        emulate(h, plan, inputs, scalars, FusedOp.outputDims(plan, inputs));
        expected.add(e);
        names.add(script.getKey() + ": " + plan);
      }
    }
    assertTrue(expected.size() >= 10, "fused operators: " + expected.size());
    List<double[]> results = h.run(gxx, dir, "fused");
    for (int i = 0; i < expected.size(); i++) {
      MatrixBlock e = expected.get(i);
      assertClose(e, MatrixBlock.dense(e.rows(), e.cols(), results.get(i)), names.get(i));
    }
  }

  @Test
  void handBuiltPlansOfEveryCellAndRowNodeKindMatchTheirCpuOperators() throws Exception {
    CNode row = CNode.Data.vector(Access.MAIN, 0, VecLen.MAIN);
    CNode other = CNode.Data.vector(Access.SIDE_ROW_VECTOR, 0, VecLen.MAIN);
    CNode vec = CNode.Data.vector(Access.SIDE_VECTOR, 1, VecLen.MAIN);
    CNode col = CNode.Data.scalar(Access.SIDE_COL, 2);
    CNode one = CNode.Data.scalar(Access.SIDE_SCALAR, 3);
    CNode s0 = CNode.Data.scalar(Access.SCALAR, 0);
    CNode mv = new CNode.MatVec(new CNode.Unary(UnaryOp.TANH, new CNode.Binary(BinaryOp.MINUS,
        row, other)), 4);
    CNode cond = new CNode.IfElse(new CNode.Binary(BinaryOp.GT, col, one),
        new CNode.VectorAgg(AggregateOp.MIN, row), new CNode.Dot(row, vec));
    CNode rowOut = new CNode.Binary(BinaryOp.MULT, s0, new CNode.Binary(BinaryOp.PLUS, mv,
        new CNode.Unary(UnaryOp.EXP, cond)));
    List<CPlan> plans = new ArrayList<>();
    for (RowType type : List.of(RowType.NO_AGG, RowType.COL_AGG)) {
      plans.add(new CPlan.Row(rowOut, type, 4, 5, 1));
    }
    plans.add(new CPlan.Row(new CNode.VectorAgg(AggregateOp.MAX, new CNode.Binary(
        BinaryOp.MULT, row, other)), RowType.NO_AGG, 1, 1, 0));
    plans.add(new CPlan.Row(new CNode.VectorAgg(AggregateOp.SUM_SQ, row), RowType.FULL_AGG, 0,
        0, 0));
    plans.add(new CPlan.Row(new CNode.OuterAdd(row, mv), RowType.COL_AGG_T, 2, 5, 0));
    plans.add(new CPlan.Row(new CNode.OuterAdd(s0, vec), RowType.COL_AGG_T, 0, 2, 1));
    plans.add(new CPlan.Row(new CNode.OuterAdd(row, col), RowType.COL_AGG_T, 0, 3, 0));
    plans.add(new CPlan.Row(new CNode.OuterAdd(col, s0), RowType.COL_AGG_T, 0, 3, 1));
    CNode x = CNode.Data.scalar(Access.MAIN, 0);
    CNode cellOut = new CNode.IfElse(new CNode.Binary(BinaryOp.GT,
        CNode.Data.scalar(Access.SIDE_ROW, 0), x), new CNode.Unary(UnaryOp.SIGN,
        new CNode.Binary(BinaryOp.MINUS, CNode.Data.scalar(Access.SIDE_CELL, 1), x)),
        new CNode.Binary(BinaryOp.INTDIV, new CNode.Binary(BinaryOp.MULT, s0, x),
        CNode.Data.scalar(Access.SIDE_SCALAR, 2)));
    for (CellType type : CellType.values()) {
      for (AggregateOp agg : List.of(AggregateOp.SUM, AggregateOp.SUM_SQ, AggregateOp.MIN,
          AggregateOp.MAX)) {
        if (type != CellType.NO_AGG || agg == AggregateOp.SUM) {
          plans.add(new CPlan.Cell(cellOut, type, agg, false, 3, 1));
        }
      }
    }
    HostEmulation h = new HostEmulation();
    List<MatrixBlock> expected = new ArrayList<>();
    for (CPlan plan : plans) {
      List<MatrixBlock> inputs = TestData.inputsFor(plan, 13, 6, 71);
      double[] scalars = TestData.scalarsFor(plan);
      String java = new SourceGenerator().generate(plan, "Op");
      FusedOp op = new FusedOp(plan, "Op", java, OperatorCompiler.janino().compile("Op", java));
      expected.add(op.execute(inputs, scalars, CPU).output());
      emulate(h, plan, inputs, scalars, FusedOp.outputDims(plan, inputs));
    }
    List<double[]> results = h.run(gxx(), dir, "handbuilt");
    for (int i = 0; i < expected.size(); i++) {
      MatrixBlock e = expected.get(i);
      assertClose(e, MatrixBlock.dense(e.rows(), e.cols(), results.get(i)), plans.get(i)
          .toString());
    }
  }

  /** The launches CudaKernels makes for a fused operator, on one emulated block. */
  private static void emulate(HostEmulation h, CPlan plan, List<MatrixBlock> inputs,
      double[] scalars, int[] dims) {
    CudaProgram p = h.add(SOURCE.fused(plan));
    MatrixBlock main = inputs.get(0);
    String a = h.input(values(main));
    List<Object> extra = new ArrayList<>();
    long stride = main.cols();
    for (MatrixBlock side : inputs.subList(1, inputs.size())) {
      extra.add(h.input(values(side)));
      extra.add((long) side.cols());
      stride = Math.max(stride, side.cols());
    }
    for (double s : scalars) {
      extra.add(s);
    }
    long m = main.rows();
    long n = main.cols();
    int size = dims[0] * dims[1];
    String out = h.output(size);
    if (plan instanceof CPlan.Cell c && c.type() == CellType.FULL_AGG) {
      String partials = h.output(2);
      h.call(p.name(), args(a, partials, m, n, extra));
      h.call(p.finalName(), partials, 1, out, m * n);
    } else if (plan instanceof CPlan.Cell) {
      h.call(p.name(), args(a, out, m, n, extra));
    } else {
      boolean aggregates = ((CPlan.Row) plan).type() != RowType.NO_AGG;
      long partial = aggregates ? size : 0;
      String work = h.output(2 * partial + p.slots() * stride);
      List<Object> all = new ArrayList<>(extra);
      all.add(work);
      all.add(partial);
      all.add(stride);
      h.call(p.name(), args(a, out, m, n, all));
      if (aggregates) {
        h.call(p.finalName(), work, 1, partial, out);
      }
    }
    h.print(out, size);
  }

  private static Object[] args(String a, String out, long m, long n, List<Object> extra) {
    List<Object> all = new ArrayList<>(List.of(a, out, m, n));
    all.addAll(extra);
    return all.toArray();
  }

  // ------------------------------------------------------------------ helpers

  private static double[] values(MatrixBlock b) {
    double[] v = new double[(int) b.cells()];
    for (int i = 0; i < v.length; i++) {
      v[i] = b.get(i / b.cols(), i % b.cols());
    }
    return v;
  }

  /** Bit-identical (any NaN equals any NaN), or within a few ulp for libm operators. */
  private static void assertSame(Object op, double expected, double actual, String what) {
    if (Double.isNaN(expected) || Double.isNaN(actual)) {
      assertTrue(Double.isNaN(expected) && Double.isNaN(actual),
          what + ": expected " + expected + " but was " + actual);
    } else if (LIBM.contains(op)) {
      assertTrue(MatrixComparison.close(expected, actual, 1e-14, 0),
          what + ": expected " + expected + " but was " + actual);
    } else {
      assertEquals(Double.doubleToRawLongBits(expected), Double.doubleToRawLongBits(actual),
          what + ": expected " + expected + " but was " + actual);
    }
  }

  private static void assertClose(MatrixBlock expected, MatrixBlock actual, String what) {
    String diff = MatrixComparison.firstDifference(expected, actual, TOL, 1e-12);
    if (diff != null) {
      fail(what + ": " + diff);
    }
  }

  private static void assertClose(double expected, double actual, String what) {
    if (!MatrixComparison.close(expected, actual, TOL, 1e-12)) {
      fail(what + ": expected " + expected + " but was " + actual);
    }
  }
}
