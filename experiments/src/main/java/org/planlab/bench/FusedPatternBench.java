package org.planlab.bench;

import java.util.List;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.BenchmarkParams;
import org.planlab.engine.codegen.cplan.CNode;
import org.planlab.engine.codegen.cplan.CNode.Access;
import org.planlab.engine.codegen.cplan.CNode.VecLen;
import org.planlab.engine.codegen.cplan.CPlan;
import org.planlab.engine.codegen.gen.OperatorCache;
import org.planlab.engine.codegen.runtime.CellType;
import org.planlab.engine.codegen.runtime.OuterType;
import org.planlab.engine.codegen.runtime.RowType;
import org.planlab.engine.codegen.runtime.SpoofOperator;
import org.planlab.engine.kernels.AggregateKernels;
import org.planlab.engine.kernels.ElementwiseKernels;
import org.planlab.engine.kernels.MMChainKernels;
import org.planlab.engine.kernels.MatMultKernels;
import org.planlab.engine.kernels.ReorgKernels;
import org.planlab.engine.matrix.MatrixBlock;
import org.planlab.engine.matrix.MatrixComparison;
import org.planlab.engine.matrix.SparseBlockCSR;
import org.planlab.engine.ops.AggregateOp;
import org.planlab.engine.ops.BinaryOp;
import org.planlab.engine.ops.UnaryOp;
import org.planlab.engine.parallel.KernelPool;

/**
 * The fusion paper's operation benchmarks (sec. 5.2, Fig. 9 and 10): generated fused operators
 * ("gen", a hand-built CPlan compiled through the {@link OperatorCache}) against the same
 * expression run one kernel at a time with every intermediate materialized, as the interpreter
 * does without fusion ("unfused"), and a hand-written multi-accumulator loop over the raw arrays
 * ({@link HandLoops}, "hand": the machine's practical limit), each over a dense and a sparse
 * (CSR) main input X. The matrix-vector chain also runs the engine's hand-coded mmchain kernel
 * ("kernel", the paper's "Fused"). {@link FusedPatternMethods} maps every method to its
 * (pattern, format, variant).
 *
 * <p>Each pattern has its own state, so its sizes are independent parameters that a script can
 * sweep: the element-wise patterns {@code rows x cols} (sparse X at {@code sparsity}), the
 * matrix-vector chains {@code chainRows x chainCols} (sparse X at {@code chainSparsity}), the
 * outer product {@code outerN x outerN} (sparse X at {@code outerSparsity}, or dense) with
 * factors of rank {@code rank}. Every trial checks once at set-up that gen, unfused and hand (and
 * the kernel) of the measured pattern and format agree within a relative 1e-9.
 *
 * <p>Threads: gen, unfused, kernel and hand all run on the state's {@link KernelPool} of
 * {@code threads} threads (2 by default); the hand loops split their rows into one contiguous
 * range per thread, so every ratio compares the same number of threads.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Fork(value = 1, jvmArgsAppend = {"-Xmx12g", "--add-modules=jdk.incubator.vector"})
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
public class FusedPatternBench {
  private static final double EPS = 1e-15;
  /** Relative tolerance of the set-up check: fused and unfused sum in different orders. */
  private static final double CHECK_TOL = 1e-9;

  private static final CNode X = CNode.Data.scalar(Access.MAIN, 0);
  private static final CNode XROW = CNode.Data.vector(Access.MAIN, 0, VecLen.MAIN);

  private static CNode side(int k) {
    return CNode.Data.scalar(Access.SIDE_CELL, k);
  }

  private static CNode mult(CNode l, CNode r) {
    return new CNode.Binary(BinaryOp.MULT, l, r);
  }

  /** sum(X * Y * Z): Y side 0, Z side 1, sparse-safe over X. */
  static CPlan.Cell sumXyzPlan() {
    return new CPlan.Cell(mult(mult(X, side(0)), side(1)), CellType.FULL_AGG, AggregateOp.SUM,
        true, 2, 0);
  }

  /** sum(X * Y), sum(X * Z) in one pass: a 1 x 2 result. */
  static CPlan.MAgg sumXyXzPlan() {
    return new CPlan.MAgg(List.of(mult(X, side(0)), mult(X, side(1))),
        List.of(AggregateOp.SUM, AggregateOp.SUM), true, 2, 0);
  }

  /**
   * L2SVM's line-search step (sum(out * y * xd), sum(xd * sv * xd)) with out = 1 - y * (xw +
   * step * xd) and the support-vector indicator sv = out > 0, out * sv: the main input xd,
   * y side 0, xw side 1, the scalars 1, step and 0 (the shape of the MAgg operator the
   * l2svm builtin's inner loop compiles to).
   */
  static CPlan.MAgg hingePlan() {
    CNode y = side(0);
    CNode out = new CNode.Binary(BinaryOp.MINUS, CNode.Data.scalar(Access.SCALAR, 0),
        mult(y, new CNode.Binary(BinaryOp.PLUS, side(1),
            mult(CNode.Data.scalar(Access.SCALAR, 1), X))));
    CNode sv = new CNode.Binary(BinaryOp.GT, out, CNode.Data.scalar(Access.SCALAR, 2));
    return new CPlan.MAgg(List.of(mult(mult(mult(out, sv), y), X), mult(mult(X, sv), X)),
        List.of(AggregateOp.SUM, AggregateOp.SUM), false, 2, 3);
  }

  /** t(X) %*% (w * (X %*% v)): w (m x 1) side 0, v (n x 1) side 1. */
  static CPlan.Row mmchainPlan() {
    CNode v = CNode.Data.vector(Access.SIDE_VECTOR, 1, VecLen.MAIN);
    CNode w = CNode.Data.scalar(Access.SIDE_COL, 0);
    return new CPlan.Row(new CNode.OuterAdd(XROW, mult(w, new CNode.Dot(XROW, v))),
        RowType.COL_AGG_T, 0, 2, 0);
  }

  /** t(X) %*% (W * (X %*% V)): W (m x p) side 0, V (n x p) side 1. */
  static CPlan.Row mmchainMatrixPlan() {
    CNode wRow = CNode.Data.vector(Access.SIDE_ROW_VECTOR, 0, VecLen.side(0));
    return new CPlan.Row(new CNode.OuterAdd(XROW, mult(wRow, new CNode.MatVec(XROW, 1))),
        RowType.COL_AGG_T, 2, 2, 0);
  }

  /** sum(X * log(U %*% t(V) + eps)): U side 0, V side 1, eps scalar 0. */
  static CPlan.Outer sumXLogUvPlan() {
    CNode u = CNode.Data.vector(Access.OUTER_U, 0, VecLen.side(0));
    CNode v = CNode.Data.vector(Access.OUTER_V, 1, VecLen.side(1));
    CNode uvEps = new CNode.Binary(BinaryOp.PLUS, new CNode.Dot(u, v),
        CNode.Data.scalar(Access.SCALAR, 0));
    return new CPlan.Outer(mult(X, new CNode.Unary(UnaryOp.LOG, uvEps)), OuterType.AGG, 2, 1);
  }

  /** (X * (U %*% t(V))) %*% V: a linear Outer cell, RIGHT. */
  static CPlan.Outer rightXuvPlan() {
    CNode u = CNode.Data.vector(Access.OUTER_U, 0, VecLen.side(0));
    CNode v = CNode.Data.vector(Access.OUTER_V, 1, VecLen.side(1));
    return new CPlan.Outer(mult(X, new CNode.Dot(u, v)), OuterType.RIGHT, 2, 0);
  }

  private static SpoofOperator compile(CPlan plan) {
    return new OperatorCache().getOrCompile(plan).operator();
  }

  private static void check(String what, MatrixBlock gen, MatrixBlock unfused) {
    if (!MatrixComparison.approxEquals(gen, unfused, CHECK_TOL, 0)) {
      throw new IllegalStateException(what + ": generated and unfused results differ: "
          + MatrixComparison.firstDifference(gen, unfused, CHECK_TOL, 0));
    }
  }

  private static void check(String what, double gen, double unfused) {
    check(what, MatrixBlock.of(new double[][] {{gen}}), MatrixBlock.of(new double[][] {{unfused}}));
  }

  /**
   * A state holding several patterns, each over a dense and a sparse X, that checks at set-up
   * that gen, unfused and hand (and the kernel) agree. JMH runs the inherited trial set-up.
   */
  public abstract static class CheckedState {
    /** Generates the data and compiles the operators. */
    abstract void prepare();

    /** Checks the variants of {@code pattern} over the {@code format} X against each other. */
    abstract void check(String pattern, String format);

    /** The patterns this state measures ({@link FusedPatternMethods} names). */
    abstract List<String> patterns();

    /** Prepares and checks every pattern and format (for tests). */
    public void setup() {
      prepare();
      for (String format : List.of(FusedPatternMethods.DENSE, FusedPatternMethods.SPARSE)) {
        for (String pattern : patterns()) {
          check(pattern, format);
        }
      }
    }

    /**
     * Prepares and checks only the measured method's pattern and format: the other patterns'
     * runs would train the JIT on code the measurement does not use.
     */
    @Setup(Level.Trial)
    public void setup(BenchmarkParams params) {
      prepare();
      FusedPatternMethods.Method m = FusedPatternMethods.of(params.getBenchmark());
      check(m.pattern(), m.format());
    }
  }

  // ------------------------------------------------------------------ Cell and MAgg

  /** Dense X, Y, Z of rows x cols, and X at {@code sparsity} in sparse (CSR) format. */
  @State(Scope.Benchmark)
  public static class Cells extends CheckedState {
    @Param({"100000", "1000000"})
    public int rows;

    @Param("100")
    public int cols;

    /** Sparsity of the sparse X (Y and Z stay dense). */
    @Param("0.1")
    public double sparsity;

    @Param("2")
    public int threads;

    KernelPool pool;
    MatrixBlock x;
    MatrixBlock xSparse;
    SparseBlockCSR xCsr;
    MatrixBlock y;
    MatrixBlock z;
    List<MatrixBlock> dense;
    List<MatrixBlock> sparse;
    SpoofOperator sumXyz;
    SpoofOperator sumXyXz;

    @Override
    List<String> patterns() {
      return List.of(FusedPatternMethods.SUM_XYZ, FusedPatternMethods.MAGG);
    }

    @Override
    void prepare() {
      pool = new KernelPool(threads);
      x = BenchData.dense(rows, cols, 21);
      xSparse = BenchData.sparse(rows, cols, sparsity, 22);
      xCsr = BenchData.csr(xSparse);
      y = BenchData.dense(rows, cols, 23);
      z = BenchData.dense(rows, cols, 24);
      dense = List.of(x, y, z);
      sparse = List.of(xSparse, y, z);
      sumXyz = compile(sumXyzPlan());
      sumXyXz = compile(sumXyXzPlan());
    }

    @Override
    void check(String pattern, String format) {
      boolean isSparse = format.equals(FusedPatternMethods.SPARSE);
      MatrixBlock in = isSparse ? xSparse : x;
      if (pattern.equals(FusedPatternMethods.SUM_XYZ)) {
        double gen = runCellGen(this, isSparse ? sparse : dense);
        FusedPatternBench.check("sum(X*Y*Z) " + format, gen, runCellUnfused(this, in));
        FusedPatternBench.check("sum(X*Y*Z) " + format + " hand", gen,
            isSparse ? runCellSparseHand(this) : runCellHand(this));
      } else {
        MatrixBlock gen = runMaggGen(this, isSparse ? sparse : dense);
        FusedPatternBench.check("sum(X*Y), sum(X*Z) " + format, gen, runMaggUnfused(this, in));
        FusedPatternBench.check("sum(X*Y), sum(X*Z) " + format + " hand", gen,
            row(isSparse ? runMaggSparseHand(this) : runMaggHand(this)));
      }
    }

    @TearDown(Level.Trial)
    public void tearDown() {
      pool.close();
    }
  }

  private static MatrixBlock row(double[] values) {
    return MatrixBlock.of(new double[][] {values});
  }

  private static double runCellGen(Cells s, List<MatrixBlock> in) {
    return s.sumXyz.execute(in, null, 1, 1, s.pool).output().get(0, 0);
  }

  private static double runCellUnfused(Cells s, MatrixBlock x) {
    MatrixBlock xy = ElementwiseKernels.binary(x, s.y, BinaryOp.MULT, s.pool);
    MatrixBlock xyz = ElementwiseKernels.binary(xy, s.z, BinaryOp.MULT, s.pool);
    return AggregateKernels.full(xyz, AggregateOp.SUM, s.pool);
  }

  private static double runCellHand(Cells s) {
    return HandLoops.sumProduct3(s.x.denseValues(), s.y.denseValues(), s.z.denseValues(), s.pool);
  }

  private static double runCellSparseHand(Cells s) {
    return HandLoops.sumProduct3Sparse(s.xCsr.rowPointers(), s.xCsr.columnIndexes(),
        s.xCsr.valueArray(), s.rows, s.cols, s.y.denseValues(), s.z.denseValues(), s.pool);
  }

  private static MatrixBlock runMaggGen(Cells s, List<MatrixBlock> in) {
    return s.sumXyXz.execute(in, null, 1, 2, s.pool).output();
  }

  private static MatrixBlock runMaggUnfused(Cells s, MatrixBlock x) {
    double xy = AggregateKernels.full(ElementwiseKernels.binary(x, s.y, BinaryOp.MULT, s.pool),
        AggregateOp.SUM, s.pool);
    double xz = AggregateKernels.full(ElementwiseKernels.binary(x, s.z, BinaryOp.MULT, s.pool),
        AggregateOp.SUM, s.pool);
    return MatrixBlock.of(new double[][] {{xy, xz}});
  }

  private static double[] runMaggHand(Cells s) {
    return HandLoops.sumProducts2(s.x.denseValues(), s.y.denseValues(), s.z.denseValues(),
        s.pool);
  }

  private static double[] runMaggSparseHand(Cells s) {
    return HandLoops.sumProducts2Sparse(s.xCsr.rowPointers(), s.xCsr.columnIndexes(),
        s.xCsr.valueArray(), s.rows, s.cols, s.y.denseValues(), s.z.denseValues(), s.pool);
  }

  @Benchmark
  public double sumXyzGen(Cells s) {
    return runCellGen(s, s.dense);
  }

  @Benchmark
  public double sumXyzUnfused(Cells s) {
    return runCellUnfused(s, s.x);
  }

  @Benchmark
  public double sumXyzHand(Cells s) {
    return runCellHand(s);
  }

  @Benchmark
  public double sumXyzSparseGen(Cells s) {
    return runCellGen(s, s.sparse);
  }

  @Benchmark
  public double sumXyzSparseUnfused(Cells s) {
    return runCellUnfused(s, s.xSparse);
  }

  @Benchmark
  public double sumXyzSparseHand(Cells s) {
    return runCellSparseHand(s);
  }

  @Benchmark
  public MatrixBlock maggGen(Cells s) {
    return runMaggGen(s, s.dense);
  }

  @Benchmark
  public MatrixBlock maggUnfused(Cells s) {
    return runMaggUnfused(s, s.x);
  }

  @Benchmark
  public double[] maggHand(Cells s) {
    return runMaggHand(s);
  }

  @Benchmark
  public MatrixBlock maggSparseGen(Cells s) {
    return runMaggGen(s, s.sparse);
  }

  @Benchmark
  public MatrixBlock maggSparseUnfused(Cells s) {
    return runMaggUnfused(s, s.xSparse);
  }

  @Benchmark
  public double[] maggSparseHand(Cells s) {
    return runMaggSparseHand(s);
  }

  // ------------------------------------------------------------------ Row

  /**
   * X (chainRows x chainCols) dense and at {@code chainSparsity} in sparse (CSR) format, v and w
   * vectors, V and W with {@code p} columns.
   */
  @State(Scope.Benchmark)
  public static class Chains extends CheckedState {
    @Param("100000")
    public int chainRows;

    @Param("1000")
    public int chainCols;

    /** Sparsity of the sparse X. */
    @Param("0.1")
    public double chainSparsity;

    /** Columns of V and W in the matrix-matrix chain. */
    @Param("2")
    public int p;

    @Param("2")
    public int threads;

    KernelPool pool;
    MatrixBlock x;
    MatrixBlock xSparse;
    SparseBlockCSR xCsr;
    MatrixBlock v;
    MatrixBlock w;
    MatrixBlock vm;
    MatrixBlock wm;
    SpoofOperator mmchain;
    SpoofOperator mmchainMatrix;

    @Override
    List<String> patterns() {
      return List.of(FusedPatternMethods.MMCHAIN, FusedPatternMethods.MMCHAIN_P2);
    }

    @Override
    void prepare() {
      pool = new KernelPool(threads);
      x = BenchData.dense(chainRows, chainCols, 31);
      xSparse = BenchData.sparse(chainRows, chainCols, chainSparsity, 36);
      xCsr = BenchData.csr(xSparse);
      v = BenchData.dense(chainCols, 1, 32);
      w = BenchData.dense(chainRows, 1, 33);
      vm = BenchData.dense(chainCols, p, 34);
      wm = BenchData.dense(chainRows, p, 35);
      mmchain = compile(mmchainPlan());
      mmchainMatrix = compile(mmchainMatrixPlan());
    }

    @Override
    void check(String pattern, String format) {
      MatrixBlock in = format.equals(FusedPatternMethods.SPARSE) ? xSparse : x;
      String f = " " + format;
      if (pattern.equals(FusedPatternMethods.MMCHAIN)) {
        MatrixBlock gen = runChainGen(this, in);
        FusedPatternBench.check("t(X)%*%(w*(X%*%v))" + f, gen, runChainUnfused(this, in, v, w));
        FusedPatternBench.check("t(X)%*%(w*(X%*%v)) mmchain kernel" + f, gen,
            MMChainKernels.mmchain(in, v, w, pool));
        double[] hand = in.isSparse() ? runChainSparseHand(this) : runChainHand(this);
        FusedPatternBench.check("t(X)%*%(w*(X%*%v)) hand" + f, gen,
            asBlock(hand, chainCols, 1));
      } else {
        MatrixBlock gen = runChainMatrixGen(this, in);
        FusedPatternBench.check("t(X)%*%(W*(X%*%V))" + f, gen,
            runChainUnfused(this, in, vm, wm));
        double[] hand = in.isSparse() ? runChainMatrixSparseHand(this)
            : runChainMatrixHand(this);
        FusedPatternBench.check("t(X)%*%(W*(X%*%V)) hand" + f, gen, asBlock(hand, chainCols, p));
      }
    }

    @TearDown(Level.Trial)
    public void tearDown() {
      pool.close();
    }
  }

  /** A hand loop's row-major {@code rows x cols} output as a block. */
  private static MatrixBlock asBlock(double[] values, int rows, int cols) {
    return MatrixBlock.dense(rows, cols, values);
  }

  private static MatrixBlock runChainGen(Chains s, MatrixBlock x) {
    return s.mmchain.execute(List.of(x, s.w, s.v), null, s.chainCols, 1, s.pool).output();
  }

  private static MatrixBlock runChainMatrixGen(Chains s, MatrixBlock x) {
    return s.mmchainMatrix.execute(List.of(x, s.wm, s.vm), null, s.chainCols, s.p, s.pool)
        .output();
  }

  /** X %*% v, then w *, then t(X) %*% — the interpreter's instructions without mmchain. */
  private static MatrixBlock runChainUnfused(Chains s, MatrixBlock x, MatrixBlock v,
      MatrixBlock w) {
    MatrixBlock xv = MatMultKernels.multiply(x, v, s.pool);
    MatrixBlock wxv = ElementwiseKernels.binary(w, xv, BinaryOp.MULT, s.pool);
    return MatMultKernels.transposeLeftMultiply(x, wxv, s.pool);
  }

  private static double[] runChainHand(Chains s) {
    return HandLoops.mmchainWeighted(s.x.denseValues(), s.v.denseValues(), s.w.denseValues(),
        s.chainRows, s.chainCols, s.pool);
  }

  private static double[] runChainSparseHand(Chains s) {
    return HandLoops.mmchainWeightedSparse(s.xCsr.rowPointers(), s.xCsr.columnIndexes(),
        s.xCsr.valueArray(), s.chainRows, s.chainCols, s.v.denseValues(), s.w.denseValues(),
        s.pool);
  }

  private static double[] runChainMatrixHand(Chains s) {
    return HandLoops.mmchainMatrix(s.x.denseValues(), s.vm.denseValues(), s.wm.denseValues(),
        s.chainRows, s.chainCols, s.p, s.pool);
  }

  private static double[] runChainMatrixSparseHand(Chains s) {
    return HandLoops.mmchainMatrixSparse(s.xCsr.rowPointers(), s.xCsr.columnIndexes(),
        s.xCsr.valueArray(), s.chainRows, s.chainCols, s.vm.denseValues(), s.wm.denseValues(),
        s.p, s.pool);
  }

  @Benchmark
  public MatrixBlock mmchainGen(Chains s) {
    return runChainGen(s, s.x);
  }

  @Benchmark
  public MatrixBlock mmchainUnfused(Chains s) {
    return runChainUnfused(s, s.x, s.v, s.w);
  }

  @Benchmark
  public double[] mmchainHand(Chains s) {
    return runChainHand(s);
  }

  @Benchmark
  public MatrixBlock mmchainKernel(Chains s) {
    return MMChainKernels.mmchain(s.x, s.v, s.w, s.pool);
  }

  @Benchmark
  public MatrixBlock mmchainSparseGen(Chains s) {
    return runChainGen(s, s.xSparse);
  }

  @Benchmark
  public MatrixBlock mmchainSparseUnfused(Chains s) {
    return runChainUnfused(s, s.xSparse, s.v, s.w);
  }

  @Benchmark
  public double[] mmchainSparseHand(Chains s) {
    return runChainSparseHand(s);
  }

  @Benchmark
  public MatrixBlock mmchainSparseKernel(Chains s) {
    return MMChainKernels.mmchain(s.xSparse, s.v, s.w, s.pool);
  }

  @Benchmark
  public MatrixBlock mmchainMatrixGen(Chains s) {
    return runChainMatrixGen(s, s.x);
  }

  @Benchmark
  public MatrixBlock mmchainMatrixUnfused(Chains s) {
    return runChainUnfused(s, s.x, s.vm, s.wm);
  }

  @Benchmark
  public double[] mmchainMatrixHand(Chains s) {
    return runChainMatrixHand(s);
  }

  @Benchmark
  public MatrixBlock mmchainMatrixSparseGen(Chains s) {
    return runChainMatrixGen(s, s.xSparse);
  }

  @Benchmark
  public MatrixBlock mmchainMatrixSparseUnfused(Chains s) {
    return runChainUnfused(s, s.xSparse, s.vm, s.wm);
  }

  @Benchmark
  public double[] mmchainMatrixSparseHand(Chains s) {
    return runChainMatrixSparseHand(s);
  }

  // ------------------------------------------------------------------ Outer

  /** Sparse (CSR) X (outerN x outerN), positive factors U and V (outerN x rank). */
  @State(Scope.Benchmark)
  public static class Outer {
    @Param("20000")
    public int outerN;

    @Param("100")
    public int rank;

    @Param({"0.01", "0.001"})
    public double outerSparsity;

    @Param("2")
    public int threads;

    KernelPool pool;
    MatrixBlock x;
    SparseBlockCSR xCsr;
    MatrixBlock u;
    MatrixBlock v;
    SpoofOperator sumXLogUv;
    SpoofOperator rightXuv;

    @Setup(Level.Trial)
    public void setup() {
      pool = new KernelPool(threads);
      x = BenchData.sparse(outerN, outerN, outerSparsity, 41);
      xCsr = BenchData.csr(x);
      // positive factors keep U %*% t(V) + eps inside log's domain
      u = BenchData.positive(outerN, rank, 42);
      v = BenchData.positive(outerN, rank, 43);
      sumXLogUv = compile(sumXLogUvPlan());
      double gen = runOuterGen(pool, sumXLogUv, x, u, v);
      check("sum(X*log(U%*%t(V)+eps)) sparse", gen, runOuterUnfused(pool, x, u, v));
      check("sum(X*log(U%*%t(V)+eps)) sparse hand", gen, runOuterHand(this));
      rightXuv = compile(rightXuvPlan());
      MatrixBlock right = runOuterRightGen(this);
      check("(X*(U%*%t(V)))%*%V sparse", right, runOuterRightUnfused(this));
      check("(X*(U%*%t(V)))%*%V sparse hand", right, runOuterRightHand(this));
    }

    @TearDown(Level.Trial)
    public void tearDown() {
      pool.close();
    }
  }

  /**
   * Dense X (outerN x outerN, every cell non-zero: the paper's sparsity 1), positive factors U
   * and V (outerN x rank). A state of its own so that the sparse runs never allocate the dense X
   * (3.2 GB at the paper's 2e4 x 2e4); its default size is smaller for the same reason.
   */
  @State(Scope.Benchmark)
  public static class OuterDense {
    @Param("5000")
    public int outerN;

    @Param("100")
    public int rank;

    @Param("2")
    public int threads;

    KernelPool pool;
    MatrixBlock x;
    MatrixBlock u;
    MatrixBlock v;
    SpoofOperator sumXLogUv;

    @Setup(Level.Trial)
    public void setup() {
      pool = new KernelPool(threads);
      x = BenchData.dense(outerN, outerN, 44);
      u = BenchData.positive(outerN, rank, 42);
      v = BenchData.positive(outerN, rank, 43);
      sumXLogUv = compile(sumXLogUvPlan());
      double gen = runOuterGen(pool, sumXLogUv, x, u, v);
      check("sum(X*log(U%*%t(V)+eps)) dense", gen, runOuterUnfused(pool, x, u, v));
      check("sum(X*log(U%*%t(V)+eps)) dense hand", gen, runOuterDenseHand(this));
    }

    @TearDown(Level.Trial)
    public void tearDown() {
      pool.close();
    }
  }

  private static double runOuterGen(KernelPool pool, SpoofOperator op, MatrixBlock x,
      MatrixBlock u, MatrixBlock v) {
    return op.execute(List.of(x, u, v), new double[] {EPS}, 1, 1, pool).output().get(0, 0);
  }

  /** U %*% t(V), + eps, log, X *, sum: five instructions and four dense-sized intermediates. */
  private static double runOuterUnfused(KernelPool pool, MatrixBlock x, MatrixBlock u,
      MatrixBlock v) {
    MatrixBlock vt = ReorgKernels.transpose(v, pool);
    MatrixBlock uv = MatMultKernels.multiply(u, vt, pool);
    MatrixBlock plus = ElementwiseKernels.binary(uv, EPS, BinaryOp.PLUS, pool);
    MatrixBlock log = ElementwiseKernels.unary(plus, UnaryOp.LOG, pool);
    MatrixBlock prod = ElementwiseKernels.binary(x, log, BinaryOp.MULT, pool);
    return AggregateKernels.full(prod, AggregateOp.SUM, pool);
  }

  private static double runOuterHand(Outer s) {
    return HandLoops.sumXLogUvSparse(s.xCsr.rowPointers(), s.xCsr.columnIndexes(),
        s.xCsr.valueArray(), s.outerN, s.u.denseValues(), s.v.denseValues(), s.rank, EPS,
        s.pool);
  }

  private static double runOuterDenseHand(OuterDense s) {
    return HandLoops.sumXLogUvDense(s.x.denseValues(), s.outerN, s.outerN, s.u.denseValues(),
        s.v.denseValues(), s.rank, EPS, s.pool);
  }

  @Benchmark
  public double outerGen(Outer s) {
    return runOuterGen(s.pool, s.sumXLogUv, s.x, s.u, s.v);
  }

  @Benchmark
  public double outerUnfused(Outer s) {
    return runOuterUnfused(s.pool, s.x, s.u, s.v);
  }

  @Benchmark
  public double outerHand(Outer s) {
    return runOuterHand(s);
  }

  private static MatrixBlock runOuterRightGen(Outer s) {
    return s.rightXuv.execute(List.of(s.x, s.u, s.v), null, s.outerN, s.rank, s.pool).output();
  }

  /** U %*% t(V), X *, %*% V: three instructions and a dense-sized intermediate. */
  private static MatrixBlock runOuterRightUnfused(Outer s) {
    MatrixBlock uv = MatMultKernels.multiply(s.u, ReorgKernels.transpose(s.v, s.pool), s.pool);
    MatrixBlock w = ElementwiseKernels.binary(s.x, uv, BinaryOp.MULT, s.pool);
    return MatMultKernels.multiply(w, s.v, s.pool);
  }

  private static MatrixBlock runOuterRightHand(Outer s) {
    double[] out = HandLoops.rightXuvSparse(s.xCsr.rowPointers(), s.xCsr.columnIndexes(),
        s.xCsr.valueArray(), s.outerN, s.u.denseValues(), s.v.denseValues(), s.rank, s.pool);
    return MatrixBlock.dense(s.outerN, s.rank, out);
  }

  @Benchmark
  public MatrixBlock outerRightGen(Outer s) {
    return runOuterRightGen(s);
  }

  @Benchmark
  public MatrixBlock outerRightUnfused(Outer s) {
    return runOuterRightUnfused(s);
  }

  @Benchmark
  public MatrixBlock outerRightHand(Outer s) {
    return runOuterRightHand(s);
  }

  @Benchmark
  public double outerDenseGen(OuterDense s) {
    return runOuterGen(s.pool, s.sumXLogUv, s.x, s.u, s.v);
  }

  @Benchmark
  public double outerDenseUnfused(OuterDense s) {
    return runOuterUnfused(s.pool, s.x, s.u, s.v);
  }

  @Benchmark
  public double outerDenseHand(OuterDense s) {
    return runOuterDenseHand(s);
  }

  // ------------------------------------------------------------------ hinge line search

  /**
   * Column vectors y (labels -1 and 1), xw and xd of {@code hingeRows} rows: the inputs of
   * L2SVM's line search, where the indicator out > 0 holds for an unpredictable half of the
   * rows, as for a model that is near a fit. Dense only (the inputs are vectors).
   */
  @State(Scope.Benchmark)
  public static class Hinge {
    @Param("1000000")
    public int hingeRows;

    @Param("2")
    public int threads;

    KernelPool pool;
    MatrixBlock y;
    MatrixBlock xw;
    MatrixBlock xd;
    SpoofOperator hinge;

    @Setup(Level.Trial)
    public void setup() {
      pool = new KernelPool(threads);
      y = ElementwiseKernels.binary(ElementwiseKernels.binary(
          BenchData.dense(hingeRows, 1, 51), 0, BinaryOp.GT, pool), 2, BinaryOp.MULT, pool);
      y = ElementwiseKernels.binary(y, 1, BinaryOp.MINUS, pool);
      // margins y * xw around 1, so that out > 0 holds for about half of the rows
      xw = ElementwiseKernels.binary(BenchData.dense(hingeRows, 1, 52), y, BinaryOp.PLUS, pool);
      xd = BenchData.dense(hingeRows, 1, 53);
      hinge = compile(hingePlan());
      MatrixBlock gen = runHingeGen(this);
      check("l2svm line search", gen, runHingeUnfused(this));
      check("l2svm line search hand", gen, row(runHingeHand(this)));
    }

    @TearDown(Level.Trial)
    public void tearDown() {
      pool.close();
    }
  }

  private static final double HINGE_STEP = 0.25;

  private static MatrixBlock runHingeGen(Hinge s) {
    return s.hinge.execute(List.of(s.xd, s.y, s.xw), new double[] {1, HINGE_STEP, 0}, 1, 2,
        s.pool).output();
  }

  /** xw + step * xd, y *, 1 -, > 0, *, and the two products and sums, one kernel at a time. */
  private static MatrixBlock runHingeUnfused(Hinge s) {
    KernelPool p = s.pool;
    MatrixBlock t = ElementwiseKernels.binary(s.xd, HINGE_STEP, BinaryOp.MULT, p);
    t = ElementwiseKernels.binary(s.xw, t, BinaryOp.PLUS, p);
    t = ElementwiseKernels.binary(s.y, t, BinaryOp.MULT, p);
    MatrixBlock out = ElementwiseKernels.binary(1, t, BinaryOp.MINUS, p);
    MatrixBlock sv = ElementwiseKernels.binary(out, 0, BinaryOp.GT, p);
    out = ElementwiseKernels.binary(out, sv, BinaryOp.MULT, p);
    MatrixBlock g = ElementwiseKernels.binary(ElementwiseKernels.binary(out, s.y,
        BinaryOp.MULT, p), s.xd, BinaryOp.MULT, p);
    MatrixBlock h = ElementwiseKernels.binary(ElementwiseKernels.binary(s.xd, sv,
        BinaryOp.MULT, p), s.xd, BinaryOp.MULT, p);
    return MatrixBlock.of(new double[][] {{AggregateKernels.full(g, AggregateOp.SUM, p),
        AggregateKernels.full(h, AggregateOp.SUM, p)}});
  }

  private static double[] runHingeHand(Hinge s) {
    return HandLoops.hingeSums(s.y.denseValues(), s.xw.denseValues(), s.xd.denseValues(),
        HINGE_STEP, s.pool);
  }

  @Benchmark
  public MatrixBlock hingeGen(Hinge s) {
    return runHingeGen(s);
  }

  @Benchmark
  public MatrixBlock hingeUnfused(Hinge s) {
    return runHingeUnfused(s);
  }

  @Benchmark
  public double[] hingeHand(Hinge s) {
    return runHingeHand(s);
  }
}
