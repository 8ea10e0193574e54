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
import org.planlab.engine.kernels.MatMultKernels;
import org.planlab.engine.kernels.ReorgKernels;
import org.planlab.engine.kernels.TsmmKernels;
import org.planlab.engine.matrix.MatrixBlock;
import org.planlab.engine.parallel.KernelPool;

/**
 * Compute-bound products: dense·dense (n³), {@code t(A) %*% B} in place and through a
 * transposed copy, sparse·dense, and tsmm. Reported in GFLOP/s.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Fork(value = 1, jvmArgsAppend = {"-Xmx8g", "--add-modules=jdk.incubator.vector"})
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
public class MatMultBench {
  /** Side of the square dense·dense product. */
  @Param("1000")
  public int n;

  /** Rows of the sparse and of the tall tsmm input. */
  @Param("100000")
  public int rows;

  /** Columns of the sparse input and of the tsmm input. */
  @Param("1000")
  public int cols;

  /** Sparsity of the sparse·dense product's left input. */
  @Param("0.01")
  public double sparsity;

  /** Columns of the dense right input of sparse·dense. */
  @Param("100")
  public int k;

  /** Columns of the tall tsmm input (output tallCols x tallCols). */
  @Param("100")
  public int tallCols;

  @Param("2")
  public int threads;

  private KernelPool pool;
  private MatrixBlock a;
  private MatrixBlock b;
  private MatrixBlock sparseX;
  private MatrixBlock denseRight;
  private MatrixBlock tall;

  @Setup(Level.Trial)
  public void setup() {
    pool = new KernelPool(threads);
    a = BenchData.dense(n, n, 1);
    b = BenchData.dense(n, n, 2);
    sparseX = BenchData.sparse(rows, cols, sparsity, 3);
    denseRight = BenchData.dense(cols, k, 4);
    tall = BenchData.dense(rows, tallCols, 5);
  }

  @TearDown(Level.Trial)
  public void tearDown() {
    pool.close();
  }

  @Benchmark
  public MatrixBlock denseDense() {
    return MatMultKernels.multiply(a, b, pool);
  }

  /** {@code t(a) %*% b}: the SIMD kernel reads a transposed in place. */
  @Benchmark
  public MatrixBlock transposeLeftDense() {
    return MatMultKernels.transposeLeftMultiply(a, b, pool);
  }

  /** The same product through a transposed copy of a, for comparison beside it. */
  @Benchmark
  public MatrixBlock transposeLeftByCopy() {
    return MatMultKernels.multiply(ReorgKernels.transpose(a, pool), b, pool);
  }

  @Benchmark
  public MatrixBlock sparseDense() {
    return MatMultKernels.multiply(sparseX, denseRight, pool);
  }

  @Benchmark
  public MatrixBlock tsmmLeft() {
    return TsmmKernels.tsmm(tall, true, pool);
  }
}
