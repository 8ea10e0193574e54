package org.planlab.engine.codegen.gen;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.WeakHashMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.planlab.engine.codegen.FusedOp;
import org.planlab.engine.codegen.cplan.CPlan;
import org.planlab.engine.codegen.runtime.SpoofOperator;
import org.planlab.engine.ir.DataCharacteristics;
import org.planlab.engine.matrix.MatrixBlock;
import org.planlab.engine.parallel.KernelPool;
import org.planlab.engine.random.RandomBlocks;

/**
 * Runs a newly compiled fused operator on small synthetic inputs of its shape, on one daemon
 * thread, so that the JIT has compiled its skeleton copy before the script's first large
 * execution of it.
 *
 * <p>Why: every operator runs in its own copy of the skeleton ({@link SkeletonClassLoader}),
 * which starts in the interpreter. Its first execution over a million rows runs the loops
 * interpreted and then in profiling code until the JIT's optimizing compiler has compiled
 * them, and at the start of a script that compiler is busy: the first executions of an
 * operator took up to ten times its steady time. The warm-up executes the operator
 * {@link #CALLS} times over {@link #ROWS} rows: more than the invocations and loop iterations
 * after which HotSpot's tiered policy compiles a method with its optimizing compiler, while the
 * front end still compiles the rest of the script and the first instructions read its data.
 * Wide rows reach those loop counts in fewer calls, and the warm-up thread takes a core from the
 * script's own operators while it runs, so the calls stop once they have streamed
 * {@link #WORK_CELLS} cells of the main input (at least one call). The
 * operator is stateless, so the warm-up and the script may run it at the same time; its results
 * are discarded and it changes no statistics. A warm-up that fails (its synthetic inputs do not
 * suit the plan) only ends early.
 *
 * <p>Inputs: the main input and every input with as many rows are cut to {@link #ROWS} rows;
 * other inputs (row vectors, small matrices) keep their shape. Values are seeded uniform in
 * [-1, 1] at the estimated sparsity, so sparse inputs take the sparse loops. Operators over
 * fewer than {@link #MIN_CELLS} cells, or whose row count is ambiguous (a square main input,
 * or unknown sizes), and Outer operators (both dimensions of X and the factors would need
 * cutting) are not warmed.
 */
public final class OperatorWarmUp {
  /** Main inputs with fewer cells are not warmed: their first execution is short anyway. */
  static final long MIN_CELLS = 1L << 17;
  /** Rows of the synthetic main input (one chunk of every skeleton). */
  static final int ROWS = 32;
  /** Executions per warm-up, at most. */
  static final int CALLS = 1500;
  /**
   * Cells of the synthetic main input streamed per warm-up, at most: {@link #CALLS} calls over
   * rows of ten columns (L2SVM's and MLogreg's X), a sixty-fourth of it over rows of a thousand.
   */
  static final long WORK_CELLS = 1L << 19;

  private static final ExecutorService THREAD = Executors.newSingleThreadExecutor(r -> {
    Thread t = new Thread(r, "planlab-operator-warmup");
    t.setDaemon(true);
    return t;
  });

  /** Operators already warmed (or being warmed) in this JVM, whose compiled code it shares. */
  private static final Set<SpoofOperator> REQUESTED =
      Collections.synchronizedSet(Collections.newSetFromMap(new WeakHashMap<>()));

  private OperatorWarmUp() {
  }

  /**
   * Starts warming {@code op} up unless it was before or its inputs do not qualify (see the
   * class comment); returns at once.
   *
   * @param inputs the estimated sizes of the main input and the side inputs, in plan order
   * @param scalars the values of the scalar inputs (any value where one is not known)
   * @return the running warm-up, which completes with the number of executions that ran, or
   *     empty if none was started
   */
  public static Optional<CompletableFuture<Integer>> request(FusedOp op,
      List<DataCharacteristics> inputs, double[] scalars) {
    // codegen asks again at every cache hit of the operator: the inputs are generated once
    if (op.plan() instanceof CPlan.Outer || REQUESTED.contains(op.operator())) {
      return Optional.empty();
    }
    List<MatrixBlock> synthetic = inputs(inputs);
    if (synthetic == null || !REQUESTED.add(op.operator())) {
      return Optional.empty();
    }
    double[] s = scalars.clone();
    return Optional.of(CompletableFuture.supplyAsync(() -> run(op, synthetic, s), THREAD));
  }

  /** Executions for a synthetic main input of {@code cells} cells: see {@link #WORK_CELLS}. */
  static int calls(long cells) {
    return (int) Math.max(1, Math.min(CALLS, WORK_CELLS / Math.max(1, cells)));
  }

  /** Executes {@code op} {@link #calls} times; returns how many executions completed. */
  private static int run(FusedOp op, List<MatrixBlock> inputs, double[] scalars) {
    KernelPool pool = KernelPool.sequential();
    int calls = calls(inputs.get(0).cells());
    int done = 0;
    try {
      while (done < calls) {
        op.execute(inputs, scalars, pool);
        done++;
      }
    } catch (RuntimeException e) {
      // inputs the plan does not accept: the operator warms up on its first executions instead
    }
    return done;
  }

  /**
   * The synthetic inputs for estimated sizes {@code inputs} (main first), or null when the
   * operator is not to be warmed: the main input is smaller than {@link #MIN_CELLS}, square,
   * or of unknown size, or an input's size is unknown.
   */
  static List<MatrixBlock> inputs(List<DataCharacteristics> inputs) {
    DataCharacteristics main = inputs.get(0);
    long m = main.rows();
    long n = main.cols();
    if (m < 0 || n < 0 || m * n < MIN_CELLS || m == n) {
      return null;
    }
    List<MatrixBlock> out = new ArrayList<>(inputs.size());
    for (int i = 0; i < inputs.size(); i++) {
      DataCharacteristics d = inputs.get(i);
      if (d.rows() < 0 || d.cols() < 0) {
        return null;
      }
      long rows = d.rows() == m ? Math.min(m, ROWS) : d.rows();
      if (rows * d.cols() > MIN_CELLS) {
        return null;
      }
      out.add(RandomBlocks.block(i + 1, 0, (int) rows, (int) d.cols(), d.sparsityOrDense(),
          RandomBlocks.Distribution.UNIFORM, -1, 1).examSparsity());
    }
    return out;
  }
}
