package org.planlab.engine.codegen.gen;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.planlab.engine.codegen.gen.Plans.U;
import static org.planlab.engine.codegen.gen.Plans.V;
import static org.planlab.engine.codegen.gen.Plans.X;
import static org.planlab.engine.codegen.gen.Plans.XROW;
import static org.planlab.engine.codegen.gen.Plans.bin;
import static org.planlab.engine.codegen.gen.Plans.mult;
import static org.planlab.engine.codegen.gen.Plans.side;
import static org.planlab.engine.codegen.gen.Plans.un;

import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.planlab.engine.codegen.FusedOp;
import org.planlab.engine.codegen.cplan.CNode;
import org.planlab.engine.codegen.cplan.CNode.Access;
import org.planlab.engine.codegen.cplan.CNode.VecLen;
import org.planlab.engine.codegen.cplan.CPlan;
import org.planlab.engine.codegen.runtime.CellType;
import org.planlab.engine.codegen.runtime.OuterType;
import org.planlab.engine.codegen.runtime.RowType;
import org.planlab.engine.codegen.cplan.CPlanPrinter;
import org.planlab.engine.codegen.runtime.SpoofResult;
import org.planlab.engine.kernels.AggregateKernels;
import org.planlab.engine.kernels.ElementwiseKernels;
import org.planlab.engine.matrix.BlockPool;
import org.planlab.engine.matrix.MatrixBlock;
import org.planlab.engine.matrix.MatrixComparison;
import org.planlab.engine.matrix.TestMatrices;
import org.planlab.engine.ops.AggregateOp;
import org.planlab.engine.ops.BinaryOp;
import org.planlab.engine.ops.Direction;
import org.planlab.engine.ops.UnaryOp;
import org.planlab.engine.parallel.KernelPool;

/**
 * Generated operators run in their skeletons against references from the unfused kernels or
 * naive loops, on dense and sparse main inputs, with 1 and 2 threads; every plan is also
 * compiled with javac, whose operator must give exactly the Janino operator's result.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class GeneratedOperatorExecutionTest {
  private static final double TOL = 1e-12;
  private static final double[] SPARSITIES = {0.02, 0.3, 1.0};
  private static final int[][] SHAPES = {{1, 1}, {1, 9}, {13, 1}, {37, 23}, {0, 4}};

  private final OperatorCache cache = new OperatorCache();
  private final OperatorCache javac = new OperatorCache(new SourceGenerator(),
      OperatorCompiler.javac());
  private final KernelPool seq = KernelPool.sequential();
  private final KernelPool two = new KernelPool(2);

  @AfterAll
  void closePool() {
    two.close();
  }

  /** Runs plan with 1 and 2 threads, asserts both agree exactly and returns the result. */
  private SpoofResult run(CPlan plan, List<MatrixBlock> inputs, double[] scalars, int rows,
      int cols) {
    SpoofResult one = cache.getOrCompile(plan).operator().execute(inputs, scalars, rows, cols,
        seq);
    SpoofResult par = cache.getOrCompile(plan).operator().execute(inputs, scalars, rows, cols,
        two);
    assertTrue(MatrixComparison.approxEquals(one.output(), par.output(), 0, 0),
        "1 vs 2 threads differ");
    assertEquals(one.work(), par.work());
    SpoofResult byJavac = javac.getOrCompile(plan).operator().execute(inputs, scalars, rows,
        cols, seq);
    assertBitIdentical(one.output(), byJavac.output(), "janino vs javac");
    assertEquals(one.work(), byJavac.work());
    return one;
  }

  /** Same shape, nnz and bits in every cell (signed zeros told apart, NaN equal to NaN). */
  private static void assertBitIdentical(MatrixBlock a, MatrixBlock b, String what) {
    assertEquals(a.shape(), b.shape(), what);
    assertEquals(a.nnz(), b.nnz(), what);
    for (int r = 0; r < a.rows(); r++) {
      for (int c = 0; c < a.cols(); c++) {
        if (Double.doubleToLongBits(a.get(r, c)) != Double.doubleToLongBits(b.get(r, c))) {
          throw new AssertionError(what + ": cell (" + r + ", " + c + ") differs: " + a.get(r, c)
              + " vs " + b.get(r, c));
        }
      }
    }
  }

  /**
   * A Row plan with a width hint computes what the plan without one computes, bit for bit, on
   * main inputs of the hinted width and of other widths (the speculation's other path), dense
   * and sparse, for a row-wise output, a column aggregate and t(X) %*% (X %*% v).
   */
  @Test
  void widthHintsChangeNoResultAtAnyWidth() {
    CNode v = CNode.Data.vector(Access.SIDE_VECTOR, 0, VecLen.MAIN);
    CNode xv = new CNode.Dot(XROW, v);
    List<CPlan> plans = List.of(
        new CPlan.Row(new CNode.VectorAgg(AggregateOp.SUM, new CNode.Unary(UnaryOp.EXP, XROW)),
            RowType.NO_AGG, 1, 1, 0),
        new CPlan.Row(new CNode.Binary(BinaryOp.MULT, XROW, xv), RowType.COL_AGG, 1, 1, 0),
        new CPlan.Row(new CNode.OuterAdd(XROW, xv), RowType.COL_AGG_T, 0, 1, 0));
    long seed = 900;
    for (CPlan p : plans) {
      CPlan.Row plain = (CPlan.Row) p;
      CPlan.Row hinted = new CPlan.Row(plain.out(), plain.type(), plain.vectorTemps(),
          plain.sides(), plain.scalars(), 10);
      assertFalse(cache.getOrCompile(plain).className()
          .equals(cache.getOrCompile(hinted).className()), "a hint makes another class");
      for (int n : new int[] {10, 7, 13}) {
        for (boolean sparse : new boolean[] {false, true}) {
          MatrixBlock x = random(41, n, sparse ? 0.3 : 1.0, seed++, sparse);
          List<MatrixBlock> in = List.of(x, random(n, 1, 1.0, seed++, false));
          int[] dims = FusedOp.outputDims(plain, in);
          assertBitIdentical(run(plain, in, new double[0], dims[0], dims[1]).output(),
              run(hinted, in, new double[0], dims[0], dims[1]).output(),
              plain.type() + " hinted 10 " + name("", x));
        }
      }
    }
  }

  /**
   * A dense Cell operator without aggregation takes its output buffer without zeroing it
   * ({@link MatrixBlock#denseToOverwrite}): where the recycled buffer is full of NaN, it gives
   * bit for bit what it gives on a fresh array, so it writes every cell.
   */
  @Test
  void aDenseCellOperatorWritesEveryCellOfARecycledBuffer() {
    CPlan plan = Plans.xyPlusZ();
    List<MatrixBlock> in = List.of(random(300, 120, 1.0, 950, false),
        random(300, 120, 0.3, 951, false), random(300, 120, 1.0, 952, false));
    MatrixBlock fresh = run(plan, in, new double[0], 300, 120).output();
    BlockPool pool = new BlockPool(1L << 30);
    double[] stale = new double[300 * 120];
    Arrays.fill(stale, Double.NaN);
    pool.release(stale);
    MatrixBlock recycled;
    try (BlockPool.Scope s = pool.open()) {
      recycled = cache.getOrCompile(plan).operator().execute(in, new double[0], 300, 120, two)
          .output();
    }
    assertSame(stale, recycled.denseBuffer(), "the operator took the stale buffer");
    assertBitIdentical(fresh, recycled, "X * Y + Z over a recycled buffer");
  }

  private static MatrixBlock random(int rows, int cols, double sp, long seed, boolean sparse) {
    return TestMatrices.random(rows, cols, sp, seed, sparse);
  }

  private static double[][] arr(MatrixBlock m) {
    return m.toArray();
  }

  private static String name(String what, MatrixBlock x) {
    return what + " on " + x.shape() + (x.isSparse() ? " sparse" : " dense") + " nnz="
        + x.nnz();
  }

  // ------------------------------------------------------------------ Cell and MAgg

  @Test
  void sumOfXyzMatchesNaiveLoopsAndVisitsOnlyNonZerosOfSparseX() {
    long seed = 1;
    for (int[] s : SHAPES) {
      for (double sp : SPARSITIES) {
        for (boolean sparse : new boolean[] {false, true}) {
          MatrixBlock x = random(s[0], s[1], sp, seed++, sparse);
          MatrixBlock y = random(s[0], s[1], 0.9, seed++, false);
          MatrixBlock z = random(s[0], s[1], 0.5, seed++, true);
          double[][] xa = arr(x);
          double[][] ya = arr(y);
          double[][] za = arr(z);
          double sum = 0;
          for (int i = 0; i < s[0]; i++) {
            for (int j = 0; j < s[1]; j++) {
              sum += xa[i][j] * ya[i][j] * za[i][j];
            }
          }
          SpoofResult r = run(Plans.sumXyz(), List.of(x, y, z), new double[0], 1, 1);
          TestMatrices.assertClose(new double[][] {{sum}}, r.output(), TOL, name("sum", x));
          if (sparse) {
            assertEquals(x.nnz(), r.work(), name("work", x));
          }
        }
      }
    }
  }

  @Test
  void xyPlusZMatchesNaiveLoops() {
    long seed = 100;
    for (int[] s : SHAPES) {
      for (double sp : SPARSITIES) {
        for (boolean sparse : new boolean[] {false, true}) {
          MatrixBlock x = random(s[0], s[1], sp, seed++, sparse);
          MatrixBlock y = random(s[0], s[1], 0.5, seed++, !sparse);
          MatrixBlock z = random(s[0], s[1], sp, seed++, sparse);
          double[][] xa = arr(x);
          double[][] ya = arr(y);
          double[][] za = arr(z);
          double[][] e = new double[s[0]][s[1]];
          for (int i = 0; i < s[0]; i++) {
            for (int j = 0; j < s[1]; j++) {
              e[i][j] = xa[i][j] * ya[i][j] + za[i][j];
            }
          }
          SpoofResult r = run(Plans.xyPlusZ(), List.of(x, y, z), new double[0], s[0], s[1]);
          TestMatrices.assertClose(e, r.output(), TOL, name("X*Y+Z", x));
        }
      }
    }
  }

  @Test
  void cellAggregatesInEveryDirectionMatchTheUnfusedKernels() {
    long seed = 200;
    Direction[] dirs = {Direction.ROW, Direction.COL, Direction.FULL};
    CellType[] types = {CellType.ROW_AGG, CellType.COL_AGG, CellType.FULL_AGG};
    List<AggregateOp> aggs = List.of(AggregateOp.SUM, AggregateOp.SUM_SQ, AggregateOp.MIN,
        AggregateOp.MAX);
    for (int[] s : new int[][] {{1, 1}, {1, 9}, {13, 1}, {37, 23}}) {
      for (double sp : SPARSITIES) {
        for (boolean sparse : new boolean[] {false, true}) {
          MatrixBlock x = random(s[0], s[1], sp, seed++, sparse);
          MatrixBlock y = random(s[0], s[1], 0.7, seed++, false);
          for (BinaryOp op : List.of(BinaryOp.MULT, BinaryOp.PLUS)) {
            MatrixBlock unfused = ElementwiseKernels.binary(x, y, op, seq);
            for (int d = 0; d < dirs.length; d++) {
              for (AggregateOp agg : aggs) {
                CPlan plan = new CPlan.Cell(bin(op, X, side(0)), types[d], agg,
                    op == BinaryOp.MULT, 1, 0);
                MatrixBlock expected = AggregateKernels.aggregate(unfused, agg, dirs[d], seq);
                SpoofResult r = run(plan, List.of(x, y), new double[0], expected.rows(),
                    expected.cols());
                TestMatrices.assertClose(expected, r.output(), TOL,
                    name(agg + " " + types[d] + " of X " + op + " Y", x));
              }
            }
          }
        }
      }
    }
  }

  @Test
  void multiAggregateOfTwoSumsMatchesSeparateSums() {
    long seed = 300;
    for (int[] s : SHAPES) {
      for (double sp : SPARSITIES) {
        for (boolean sparse : new boolean[] {false, true}) {
          MatrixBlock x = random(s[0], s[1], sp, seed++, sparse);
          MatrixBlock y = random(s[0], s[1], 0.8, seed++, false);
          MatrixBlock z = random(s[0], s[1], 0.4, seed++, true);
          double xy = AggregateKernels.full(ElementwiseKernels.binary(x, y, BinaryOp.MULT, seq),
              AggregateOp.SUM, seq);
          double xz = AggregateKernels.full(ElementwiseKernels.binary(x, z, BinaryOp.MULT, seq),
              AggregateOp.SUM, seq);
          SpoofResult r = run(Plans.sumXyAndXz(), List.of(x, y, z), new double[0], 1, 2);
          TestMatrices.assertClose(new double[][] {{xy, xz}}, r.output(), TOL,
              name("sum(X*Y), sum(X*Z)", x));
        }
      }
    }
  }

  // ------------------------------------------------------------------ operator semantics

  /** Values that tell the operators' edge cases apart: NaN, infinities, signed zeros. */
  private static MatrixBlock specials(int variant) {
    double[] v = {Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, 0.0, -0.0,
        1, -1, 2.5, -2.5, 7, -7, 2, -2, 0.5, 1e308, Double.MIN_VALUE};
    int n = v.length;
    MatrixBlock m = MatrixBlock.dense(n, n);
    double[] a = m.denseValues();
    for (int i = 0; i < n; i++) {
      for (int j = 0; j < n; j++) {
        a[i * n + j] = variant == 0 ? v[i] : v[j];
      }
    }
    m.recomputeNonZeros();
    return m;
  }

  private static void assertSameValues(MatrixBlock expected, MatrixBlock actual, String what) {
    // exact, NaN agreeing with NaN: the fused operator must reproduce the kernels' values
    String diff = MatrixComparison.firstDifference(expected, actual, 0, 0);
    assertEquals(null, diff, what);
  }

  @Test
  void everyBinaryOperatorGivesTheUnfusedKernelsValues() {
    MatrixBlock x = specials(0);
    MatrixBlock y = specials(1);
    for (BinaryOp op : BinaryOp.values()) {
      CPlan plan = new CPlan.Cell(bin(op, X, side(0)), CellType.NO_AGG, AggregateOp.SUM, false,
          1, 0);
      SpoofResult r = run(plan, List.of(x, y), new double[0], x.rows(), x.cols());
      assertSameValues(ElementwiseKernels.binary(x, y, op, seq), r.output(), op.name());
    }
  }

  @Test
  void everyUnaryOperatorGivesTheUnfusedKernelsValues() {
    MatrixBlock x = specials(0);
    for (UnaryOp op : UnaryOp.values()) {
      CPlan plan = new CPlan.Cell(un(op, X), CellType.NO_AGG, AggregateOp.SUM, false, 0, 0);
      SpoofResult r = run(plan, List.of(x), new double[0], x.rows(), x.cols());
      assertSameValues(ElementwiseKernels.unary(x, op, seq), r.output(), op.name());
    }
  }

  @Test
  void ifElseTreatsNaNAsTrueAndNegativeZeroAsFalseLikeTheKernel() {
    MatrixBlock cond = specials(0);
    MatrixBlock yes = specials(1);
    MatrixBlock no = ElementwiseKernels.unary(specials(1), UnaryOp.NEG, seq);
    CPlan plan = new CPlan.Cell(new CNode.IfElse(X, side(0), side(1)), CellType.NO_AGG,
        AggregateOp.SUM, false, 2, 0);
    SpoofResult r = run(plan, List.of(cond, yes, no), new double[0], cond.rows(), cond.cols());
    assertSameValues(ElementwiseKernels.ifelse(cond, yes, no, seq), r.output(), "ifelse");
  }

  @Test
  void vectorOperatorsInRowsGiveTheUnfusedKernelsValues() {
    MatrixBlock x = specials(0);
    MatrixBlock y = specials(1);
    CNode yrow = CNode.Data.vector(Access.SIDE_ROW_VECTOR, 0, VecLen.MAIN);
    CNode s = CNode.Data.scalar(Access.SCALAR, 0);
    for (BinaryOp op : BinaryOp.values()) {
      for (double scalar : new double[] {Double.NaN, -0.0, 2.5}) {
        MatrixBlock expected = ElementwiseKernels.binary(
            ElementwiseKernels.binary(x, y, op, seq), scalar, op, seq);
        CPlan plan = new CPlan.Row(bin(op, bin(op, XROW, yrow), s), RowType.NO_AGG, 2, 1, 1);
        SpoofResult r = run(plan, List.of(x, y), new double[] {scalar}, x.rows(), x.cols());
        assertSameValues(expected, r.output(), "row " + op + " " + scalar);
        MatrixBlock expectedLeft = ElementwiseKernels.binary(scalar, x, op, seq);
        CPlan left = new CPlan.Row(bin(op, s, XROW), RowType.NO_AGG, 1, 0, 1);
        r = run(left, List.of(x), new double[] {scalar}, x.rows(), x.cols());
        assertSameValues(expectedLeft, r.output(), "row scalar " + op + " " + scalar);
      }
    }
    for (UnaryOp op : UnaryOp.values()) {
      CPlan plan = new CPlan.Row(un(op, XROW), RowType.NO_AGG, 1, 0, 0);
      SpoofResult r = run(plan, List.of(x), new double[0], x.rows(), x.cols());
      assertSameValues(ElementwiseKernels.unary(x, op, seq), r.output(), "row " + op);
    }
  }

  // ------------------------------------------------------------------ Row

  @Test
  void mlogregPatternTransposeXTimesWeightedXvMatchesNaiveLoops() {
    long seed = 400;
    for (int[] s : SHAPES) {
      for (double sp : SPARSITIES) {
        for (boolean sparse : new boolean[] {false, true}) {
          int m = s[0];
          int n = s[1];
          MatrixBlock x = random(m, n, sp, seed++, sparse);
          MatrixBlock w = random(m, 1, 0.9, seed++, false);
          MatrixBlock v = random(n, 1, 0.9, seed++, sparse);
          double[][] xa = arr(x);
          double[][] wa = arr(w);
          double[][] va = arr(v);
          double[][] e = new double[n][1];
          for (int i = 0; i < m; i++) {
            double dot = 0;
            for (int j = 0; j < n; j++) {
              dot += xa[i][j] * va[j][0];
            }
            double q = wa[i][0] * dot;
            for (int j = 0; j < n; j++) {
              e[j][0] += xa[i][j] * q;
            }
          }
          SpoofResult r = run(Plans.mlogregLike(), List.of(x, w, v), new double[0], n, 1);
          TestMatrices.assertClose(e, r.output(), TOL, name("t(X)%*%(w*(X%*%v))", x));
          assertEquals(m, r.work());
        }
      }
    }
  }

  @Test
  void rowMatrixVectorProductMatchesNaiveLoops() {
    long seed = 500;
    for (int[] s : SHAPES) {
      for (double sp : SPARSITIES) {
        for (boolean sparse : new boolean[] {false, true}) {
          int m = s[0];
          int n = s[1];
          int p = 3;
          MatrixBlock x = random(m, n, sp, seed++, sparse);
          MatrixBlock vm = random(n, p, 0.8, seed++, false);
          double[][] xa = arr(x);
          double[][] va = arr(vm);
          double[][] e = new double[m][p];
          for (int i = 0; i < m; i++) {
            for (int j = 0; j < n; j++) {
              for (int c = 0; c < p; c++) {
                e[i][c] += xa[i][j] * va[j][c];
              }
            }
          }
          SpoofResult r = run(Plans.xTimesV(), List.of(x, vm), new double[0], m, p);
          TestMatrices.assertClose(e, r.output(), TOL, name("X%*%V", x));
        }
      }
    }
  }

  @Test
  void rowAggregatesOfRowExpressionsMatchTheUnfusedKernels() {
    long seed = 600;
    CNode yrow = CNode.Data.vector(Access.SIDE_ROW_VECTOR, 0, VecLen.MAIN);
    for (int[] s : new int[][] {{1, 1}, {1, 9}, {13, 1}, {37, 23}}) {
      for (double sp : SPARSITIES) {
        for (boolean sparse : new boolean[] {false, true}) {
          MatrixBlock x = random(s[0], s[1], sp, seed++, sparse);
          MatrixBlock y = random(s[0], s[1], 0.6, seed++, sparse);
          MatrixBlock xy = ElementwiseKernels.binary(x, y, BinaryOp.MULT, seq);
          for (AggregateOp agg : List.of(AggregateOp.SUM, AggregateOp.SUM_SQ, AggregateOp.MIN,
              AggregateOp.MAX)) {
            // rowAggs(X * Y): a dense read of the main row
            CPlan fused = new CPlan.Row(new CNode.VectorAgg(agg, mult(XROW, yrow)),
                RowType.NO_AGG, 1, 1, 0);
            SpoofResult r = run(fused, List.of(x, y), new double[0], s[0], 1);
            TestMatrices.assertClose(AggregateKernels.aggregate(xy, agg, Direction.ROW, seq),
                r.output(), TOL, name("row " + agg + "(X*Y)", x));
            // rowAggs(X): the sparse variant of the primitive
            CPlan plain = new CPlan.Row(new CNode.VectorAgg(agg, XROW), RowType.NO_AGG, 0, 0, 0);
            r = run(plain, List.of(x), new double[0], s[0], 1);
            TestMatrices.assertClose(AggregateKernels.aggregate(x, agg, Direction.ROW, seq),
                r.output(), TOL, name("row " + agg + "(X)", x));
          }
          // colSums(X * Y) and sum(rowSums(X * Y))
          CPlan colSums = new CPlan.Row(mult(XROW, yrow), RowType.COL_AGG, 1, 1, 0);
          SpoofResult r = run(colSums, List.of(x, y), new double[0], 1, s[1]);
          TestMatrices.assertClose(AggregateKernels.aggregate(xy, AggregateOp.SUM,
              Direction.COL, seq), r.output(), TOL, name("colSums(X*Y)", x));
          CPlan sum = new CPlan.Row(new CNode.VectorAgg(AggregateOp.SUM, mult(XROW, yrow)),
              RowType.FULL_AGG, 1, 1, 0);
          r = run(sum, List.of(x, y), new double[0], 1, 1);
          TestMatrices.assertClose(AggregateKernels.aggregate(xy, AggregateOp.SUM,
              Direction.FULL, seq), r.output(), TOL, name("sum(X*Y)", x));
        }
      }
    }
  }

  /**
   * Column slices inside a row (the Row template over {@code P[, lo:hi]}): slices of the main
   * row (dense and sparse) and of a side row, as vectors and as one-column scalars, written,
   * combined element-wise and aggregated, against naive loops.
   */
  @Test
  void columnSlicesInRowsMatchNaiveLoops() {
    long seed = 650;
    int m = 37;
    int n = 23;
    int k = 6;
    CNode yrow = CNode.Data.vector(Access.SIDE_ROW_VECTOR, 0, VecLen.side(0));
    CNode from0 = CNode.Data.scalar(Access.SCALAR, 0);
    CNode from1 = CNode.Data.scalar(Access.SCALAR, 1);
    CNode x4 = new CNode.Slice(XROW, from0, 4);
    CNode x3 = new CNode.Slice(XROW, from0, 3);
    CNode y1 = new CNode.Slice(yrow, from1, 1);
    CNode y3 = new CNode.Slice(yrow, from1, 3);
    double[] scalars = {5, 2};
    for (double sp : SPARSITIES) {
      for (boolean sparse : new boolean[] {false, true}) {
        MatrixBlock x = random(m, n, sp, seed++, sparse);
        MatrixBlock y = random(m, k, 0.7, seed++, false);
        double[][] xa = arr(x);
        double[][] ya = arr(y);
        double[][] slice = new double[m][4];
        double[][] minusCol = new double[m][4];
        double[][] times = new double[m][3];
        double[][] max = new double[m][1];
        for (int i = 0; i < m; i++) {
          max[i][0] = Double.NEGATIVE_INFINITY;
          for (int j = 0; j < 4; j++) {
            slice[i][j] = xa[i][4 + j];
            minusCol[i][j] = xa[i][4 + j] - ya[i][1];
            max[i][0] = Math.max(max[i][0], xa[i][4 + j]);
          }
          for (int j = 0; j < 3; j++) {
            times[i][j] = xa[i][4 + j] * ya[i][1 + j];
          }
        }
        List<MatrixBlock> in = List.of(x, y);
        check(x4, in, scalars, slice, "X[, 5:8]", x);
        check(new CNode.Binary(BinaryOp.MINUS, x4, y1), in, scalars, minusCol,
            "X[, 5:8] - Y[, 2]", x);
        check(new CNode.Binary(BinaryOp.MULT, x3, y3), in, scalars, times,
            "X[, 5:7] * Y[, 2:4]", x);
        check(new CNode.VectorAgg(AggregateOp.MAX, x4), in, scalars, max, "rowMaxs(X[, 5:8])",
            x);
      }
    }
  }

  /**
   * cbind inside Row operators (sec. 2.2): MLogreg's softmax over cbind(X %*% v, 0), a constant
   * block of 12 columns (past the lanes, in a ring-buffer array), and X beside Y (vector
   * parts). Each plan runs with and without a width hint, on main inputs of the hinted width
   * (5: the body of scalar lanes) and of another (9: the general body), dense and sparse, and
   * matches plain Java loops.
   */
  @Test
  void cbindRowsMatchNaiveLoops() {
    CNode v = CNode.Data.vector(Access.SIDE_VECTOR, 0, VecLen.MAIN);
    CNode s0 = CNode.Data.scalar(Access.SCALAR, 0);
    CNode lt0 = new CNode.Concat(List.of(new CNode.Dot(XROW, v), s0), 2);
    CNode lt = new CNode.Binary(BinaryOp.MINUS, lt0, new CNode.VectorAgg(AggregateOp.MAX, lt0));
    CNode e = new CNode.Unary(UnaryOp.EXP, lt);
    CNode softmax = new CNode.Binary(BinaryOp.DIV, e, new CNode.VectorAgg(AggregateOp.SUM, e));
    CNode wide = new CNode.Concat(List.of(new CNode.Repeat(s0, 12), new CNode.Dot(XROW, v)), 13);
    CNode yrow = CNode.Data.vector(Access.SIDE_ROW_VECTOR, 1, VecLen.side(1));
    long seed = 960;
    for (int n : new int[] {5, 9}) {
      for (boolean sparse : new boolean[] {false, true}) {
        MatrixBlock x = random(29, n, sparse ? 0.4 : 1.0, seed++, sparse);
        MatrixBlock vm = random(n, 1, 1.0, seed++, false);
        MatrixBlock y = random(29, 3, 1.0, seed++, false);
        List<MatrixBlock> in = List.of(x, vm, y);
        double[][] xa = arr(x);
        double[][] ya = arr(y);
        double[] va = vm.denseValues();
        double[][] expSoftmax = new double[29][2];
        double[][] expWide = new double[29][13];
        double[][] expXy = new double[29][n + 3];
        for (int i = 0; i < 29; i++) {
          double t = 0;
          for (int j = 0; j < n; j++) {
            t += xa[i][j] * va[j];
          }
          double m = Math.max(t, -0.5);
          double e0 = Math.exp(t - m);
          double e1 = Math.exp(-0.5 - m);
          expSoftmax[i][0] = e0 / (e0 + e1);
          expSoftmax[i][1] = e1 / (e0 + e1);
          java.util.Arrays.fill(expWide[i], 0, 12, -0.5);
          expWide[i][12] = t;
          System.arraycopy(xa[i], 0, expXy[i], 0, n);
          System.arraycopy(ya[i], 0, expXy[i], n, 3);
        }
        Object[][] cases = {{softmax, 2, expSoftmax}, {wide, 13, expWide},
            {new CNode.Concat(List.of(XROW, yrow), n + 3), n + 3, expXy}};
        for (Object[] c : cases) {
          for (int hint : new int[] {0, 5}) {
            CPlan plan = new CPlan.Row((CNode) c[0], RowType.NO_AGG, 4, 2, 1, hint);
            SpoofResult r = run(plan, in, new double[] {-0.5}, 29, (int) c[1]);
            TestMatrices.assertClose((double[][]) c[2], r.output(), 1e-13,
                name(CPlanPrinter.format(plan) + " hint " + hint, x));
          }
        }
      }
    }
  }

  /** Runs {@code out} as a NO_AGG Row plan over (X, Y) and compares with {@code expected}. */
  private void check(CNode out, List<MatrixBlock> in, double[] scalars, double[][] expected,
      String what, MatrixBlock x) {
    CPlan plan = new CPlan.Row(out, RowType.NO_AGG, 2, 1, scalars.length);
    SpoofResult r = run(plan, in, scalars, x.rows(), expected[0].length);
    TestMatrices.assertClose(expected, r.output(), 0, name(what, x));
  }

  @Test
  void transposedProductsWithScalarOperandsMatchNaiveLoops() {
    long seed = 700;
    CNode w = CNode.Data.scalar(Access.SIDE_COL, 0);
    CNode z = CNode.Data.scalar(Access.SIDE_COL, 1);
    for (int[] s : SHAPES) {
      for (boolean sparse : new boolean[] {false, true}) {
        int m = s[0];
        int n = s[1];
        MatrixBlock x = random(m, n, 0.3, seed++, sparse);
        MatrixBlock wm = random(m, 1, 0.9, seed++, false);
        MatrixBlock zm = random(m, 1, 0.9, seed++, false);
        double[][] xa = arr(x);
        double[][] wa = arr(wm);
        double[][] za = arr(zm);
        double[][] xtw = new double[n][1];
        double[][] wtx = new double[1][n];
        double[][] wtz = new double[1][1];
        for (int i = 0; i < m; i++) {
          for (int j = 0; j < n; j++) {
            xtw[j][0] += xa[i][j] * wa[i][0];
            wtx[0][j] += wa[i][0] * xa[i][j];
          }
          wtz[0][0] += wa[i][0] * za[i][0];
        }
        List<MatrixBlock> in = List.of(x, wm, zm);
        CPlan vs = new CPlan.Row(new CNode.OuterAdd(XROW, w), RowType.COL_AGG_T, 0, 2, 0);
        TestMatrices.assertClose(xtw, run(vs, in, new double[0], n, 1).output(), TOL,
            name("t(X)%*%w", x));
        CPlan sv = new CPlan.Row(new CNode.OuterAdd(w, XROW), RowType.COL_AGG_T, 0, 2, 0);
        TestMatrices.assertClose(wtx, run(sv, in, new double[0], 1, n).output(), TOL,
            name("t(w)%*%X", x));
        CPlan ss = new CPlan.Row(new CNode.OuterAdd(w, z), RowType.COL_AGG_T, 0, 2, 0);
        TestMatrices.assertClose(wtz, run(ss, in, new double[0], 1, 1).output(), TOL,
            name("t(w)%*%z", x));
        // t(X) %*% (X %*% V): vector/vector with the sparse left operand
        int p = 2;
        MatrixBlock vm = random(n, p, 0.9, seed++, false);
        double[][] va = arr(vm);
        double[][] e = new double[n][p];
        for (int i = 0; i < m; i++) {
          double[] xv = new double[p];
          for (int j = 0; j < n; j++) {
            for (int c = 0; c < p; c++) {
              xv[c] += xa[i][j] * va[j][c];
            }
          }
          for (int j = 0; j < n; j++) {
            for (int c = 0; c < p; c++) {
              e[j][c] += xa[i][j] * xv[c];
            }
          }
        }
        CPlan vv = new CPlan.Row(new CNode.OuterAdd(XROW, new CNode.MatVec(XROW, 0)),
            RowType.COL_AGG_T, 1, 1, 0);
        TestMatrices.assertClose(e, run(vv, List.of(x, vm), new double[0], n, p).output(), TOL,
            name("t(X)%*%(X%*%V)", x));
      }
    }
  }

  // ------------------------------------------------------------------ Outer

  private static double[][] uvt(double[][] u, double[][] v, int m, int n, int k) {
    double[][] out = new double[m][n];
    for (int i = 0; i < m; i++) {
      for (int j = 0; j < n; j++) {
        for (int c = 0; c < k; c++) {
          out[i][j] += u[i][c] * v[j][c];
        }
      }
    }
    return out;
  }

  @Test
  void outerSumOfXLogUvMatchesNaiveLoops() {
    long seed = 800;
    double eps = 1e-15;
    for (int[] s : SHAPES) {
      for (double sp : SPARSITIES) {
        for (boolean sparse : new boolean[] {false, true}) {
          int m = s[0];
          int n = s[1];
          int k = 4;
          MatrixBlock x = random(m, n, sp, seed++, sparse);
          // positive factors keep U %*% t(V) + eps in log's domain
          MatrixBlock u = ElementwiseKernels.unary(random(m, k, 1.0, seed++, false),
              UnaryOp.ABS, seq);
          MatrixBlock v = ElementwiseKernels.unary(random(n, k, 1.0, seed++, false),
              UnaryOp.ABS, seq);
          double[][] xa = arr(x);
          double[][] uv = uvt(arr(u), arr(v), m, n, k);
          double sum = 0;
          for (int i = 0; i < m; i++) {
            for (int j = 0; j < n; j++) {
              if (xa[i][j] != 0) {
                sum += xa[i][j] * Math.log(uv[i][j] + eps);
              }
            }
          }
          SpoofResult r = run(Plans.sumXLogUv(), List.of(x, u, v), new double[] {eps}, 1, 1);
          TestMatrices.assertClose(new double[][] {{sum}}, r.output(), TOL,
              name("sum(X*log(UV'+eps))", x));
          assertEquals(x.nnz(), r.work());
        }
      }
    }
  }

  @Test
  void outerProductsInEveryVariantMatchNaiveLoops() {
    long seed = 900;
    for (int[] s : SHAPES) {
      for (double sp : SPARSITIES) {
        for (boolean sparse : new boolean[] {false, true}) {
          int m = s[0];
          int n = s[1];
          int k = 3;
          MatrixBlock x = random(m, n, sp, seed++, sparse);
          MatrixBlock u = random(m, k, 1.0, seed++, false);
          MatrixBlock v = random(n, k, 1.0, seed++, false);
          double[][] xa = arr(x);
          double[][] ua = arr(u);
          double[][] va = arr(v);
          double[][] uv = uvt(ua, va, m, n, k);
          double[][] w = new double[m][n];
          double[][] right = new double[m][k];
          double[][] left = new double[n][k];
          for (int i = 0; i < m; i++) {
            for (int j = 0; j < n; j++) {
              w[i][j] = xa[i][j] * uv[i][j];
              for (int c = 0; c < k; c++) {
                right[i][c] += w[i][j] * va[j][c];
                left[j][c] += w[i][j] * ua[i][c];
              }
            }
          }
          List<MatrixBlock> in = List.of(x, u, v);
          CNode out = mult(X, new CNode.Dot(U, V));
          TestMatrices.assertClose(right, run(Plans.rightXuv(), in, new double[0], m, k)
              .output(), TOL, name("(X*UV')V", x));
          TestMatrices.assertClose(left, run(new CPlan.Outer(out, OuterType.LEFT, 2, 0), in,
              new double[0], n, k).output(), TOL, name("t(X*UV')U", x));
          TestMatrices.assertClose(w, run(new CPlan.Outer(out, OuterType.CELLWISE, 2, 0), in,
              new double[0], m, n).output(), TOL, name("X*UV'", x));
        }
      }
    }
  }
}
