package org.planlab.bench;

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
import org.planlab.engine.kernels.AggregateKernels;
import org.planlab.engine.kernels.ElementwiseKernels;
import org.planlab.engine.kernels.MMChainKernels;
import org.planlab.engine.kernels.MatMultKernels;
import org.planlab.engine.matrix.MatrixBlock;
import org.planlab.engine.ops.AggregateOp;
import org.planlab.engine.ops.BinaryOp;
import org.planlab.engine.parallel.KernelPool;

/**
 * Memory-bound kernels, each beside a hand-written loop over the same arrays ({@link HandLoops}):
 * full sum, element-wise binary with row-vector broadcasting, and mmchain against the two
 * separate products it replaces. Reported in GB/s of input read (and output written).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Fork(value = 1, jvmArgsAppend = {"-Xmx12g", "--add-modules=jdk.incubator.vector"})
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
public class MemoryBoundBench {
  /** Rows of X (dense, rows x cols). */
  @Param("1000000")
  public int rows;

  @Param("100")
  public int cols;

  @Param("2")
  public int threads;

  private KernelPool pool;
  private MatrixBlock x;
  private MatrixBlock rowVector;
  private MatrixBlock v;
  private double[] out;

  @Setup(Level.Trial)
  public void setup() {
    pool = new KernelPool(threads);
    x = BenchData.dense(rows, cols, 11);
    rowVector = BenchData.dense(1, cols, 12);
    v = BenchData.dense(cols, 1, 13);
    out = new double[rows * cols];
  }

  @TearDown(Level.Trial)
  public void tearDown() {
    pool.close();
  }

  @Benchmark
  public double sumKernel() {
    return AggregateKernels.full(x, AggregateOp.SUM, pool);
  }

  @Benchmark
  public double sumHandLoop() {
    return HandLoops.sum(x.denseValues(), pool);
  }

  @Benchmark
  public MatrixBlock addRowVectorKernel() {
    return ElementwiseKernels.binary(x, rowVector, BinaryOp.PLUS, pool);
  }

  @Benchmark
  public double[] addRowVectorHandLoop() {
    HandLoops.addRowVector(x.denseValues(), rowVector.denseValues(), out, rows, cols, pool);
    return out;
  }

  @Benchmark
  public MatrixBlock mmchainKernel() {
    return MMChainKernels.mmchain(x, v, null, pool);
  }

  @Benchmark
  public MatrixBlock mmchainSeparate() {
    MatrixBlock xv = MatMultKernels.multiply(x, v, pool);
    return MatMultKernels.transposeLeftMultiply(x, xv, pool);
  }

  @Benchmark
  public double[] mmchainHandLoop() {
    return HandLoops.mmchain(x.denseValues(), v.denseValues(), rows, cols, pool);
  }
}
