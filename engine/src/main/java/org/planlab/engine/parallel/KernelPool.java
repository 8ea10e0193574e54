package org.planlab.engine.parallel;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ForkJoinTask;
import java.util.concurrent.ForkJoinWorkerThread;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The one pool that multi-threaded kernels share, with the degree of parallelism from
 * configuration. Owned by whoever configures the engine (closed with it); kernels receive it as
 * an argument, there is no global pool.
 *
 * <p>Two ways to split work:
 *
 * <ul>
 *   <li>{@link #parallelFor}: contiguous index ranges, as many as threads; for kernels where every
 *       output cell is written by exactly one range, so results do not depend on the split.
 *   <li>{@link #mapChunks}: fixed-size chunks whose size does not depend on the thread count, with
 *       results returned in chunk order; reductions combine them in that order, which makes their
 *       results identical for any number of threads.
 * </ul>
 *
 * Work below {@link #MIN_PARALLEL_WORK} cells runs on the calling thread. Nested calls from
 * inside a kernel are safe (fork/join work stealing).
 */
public final class KernelPool implements AutoCloseable {
  /** Below this much work (cells touched, roughly) a kernel does not fork. */
  public static final long MIN_PARALLEL_WORK = 1L << 16;

  /**
   * The most threads planlab gives one pool: kernels, parfor workers and data generation. Far
   * more than the cores of any machine planlab runs on (threads beyond the cores only add
   * scheduling), and far below what a JVM can start ({@link ForkJoinPool} refuses more than
   * 32767). Every thread count a user gives, on the command line or in a descriptor, is checked
   * against it up front.
   */
  public static final int MAX_PARALLELISM = 1024;

  private static final KernelPool SEQUENTIAL = new KernelPool(1);

  private final int parallelism;
  private final ForkJoinPool pool;

  /** A pool with {@code parallelism} worker threads (1 means: run everything inline). */
  public KernelPool(int parallelism) {
    this.parallelism = checkParallelism("parallelism", parallelism);
    AtomicInteger threadCount = new AtomicInteger();
    this.pool = parallelism == 1 ? null : new ForkJoinPool(parallelism, p -> {
      ForkJoinWorkerThread t = ForkJoinPool.defaultForkJoinWorkerThreadFactory.newThread(p);
      t.setName("planlab-kernel-" + threadCount.getAndIncrement());
      t.setDaemon(true);
      return t;
    }, null, false);
  }

  /**
   * {@code threads} when it is in [1, {@link #MAX_PARALLELISM}].
   *
   * @param what the name the user gave the value ({@code --threads}, {@code parallelism})
   * @throws IllegalArgumentException "WHAT must be in [1, 1024], was THREADS" otherwise
   */
  public static int checkParallelism(String what, long threads) {
    if (threads < 1 || threads > MAX_PARALLELISM) {
      throw new IllegalArgumentException(what + " must be in [1, " + MAX_PARALLELISM + "], was "
          + threads);
    }
    return (int) threads;
  }

  /** A pool that runs everything on the calling thread (immutable, shared, needs no close). */
  public static KernelPool sequential() {
    return SEQUENTIAL;
  }

  public int parallelism() {
    return parallelism;
  }

  /** Body over a half-open index range. */
  @FunctionalInterface
  public interface RangeBody {
    void run(int from, int to);
  }

  /** Function over a half-open index range producing a partial result. */
  @FunctionalInterface
  public interface RangeFunction<T> {
    T apply(int from, int to);
  }

  /**
   * Runs {@code body} over [0, n) split into up to {@code parallelism} contiguous ranges.
   * {@code totalWork} (e.g. cells touched) decides whether forking pays.
   */
  public void parallelFor(int n, long totalWork, RangeBody body) {
    int k = tasksFor(n, totalWork);
    if (k <= 1) {
      if (n > 0) {
        body.run(0, n);
      }
      return;
    }
    List<ForkJoinTask<?>> tasks = new ArrayList<>(k);
    for (int i = 0; i < k; i++) {
      int from = (int) ((long) n * i / k);
      int to = (int) ((long) n * (i + 1) / k);
      tasks.add(ForkJoinTask.adapt(() -> body.run(from, to)));
    }
    invokeAll(tasks);
  }

  /**
   * Applies {@code fn} to the chunks [0, c), [c, 2c), ... of [0, n) (c = {@code chunkSize}),
   * in parallel where {@code totalWork} makes it pay, and returns the results in chunk order.
   * The chunking is independent of the parallelism.
   */
  public <T> List<T> mapChunks(int n, int chunkSize, long totalWork, RangeFunction<T> fn) {
    if (chunkSize < 1) {
      throw new IllegalArgumentException("chunkSize must be >= 1, was " + chunkSize);
    }
    int chunks = n == 0 ? 0 : (int) ((n + (long) chunkSize - 1) / chunkSize);
    List<T> out = new ArrayList<>(chunks);
    if (tasksFor(n, totalWork) <= 1 || chunks <= 1) {
      for (int i = 0; i < chunks; i++) {
        int from = i * chunkSize;
        out.add(fn.apply(from, (int) Math.min(n, (long) from + chunkSize)));
      }
      return out;
    }
    List<ForkJoinTask<T>> tasks = new ArrayList<>(chunks);
    for (int i = 0; i < chunks; i++) {
      int from = i * chunkSize;
      int to = (int) Math.min(n, (long) from + chunkSize);
      tasks.add(ForkJoinTask.adapt(() -> fn.apply(from, to)));
    }
    invokeAll(tasks);
    for (ForkJoinTask<T> t : tasks) {
      out.add(t.join());
    }
    return out;
  }

  private int tasksFor(int n, long totalWork) {
    if (pool == null || n <= 1 || totalWork < MIN_PARALLEL_WORK) {
      return 1;
    }
    return Math.min(parallelism, n);
  }

  /**
   * Runs {@code tasks} at the same time on the calling thread and the pool's threads (one after
   * another when the pool is sequential) and returns when all have ended. The caller and
   * {@code parallelism - 1} pool threads take the next task not yet started until none is left:
   * the caller starts at once, where waking a parked pool thread would cost about as long as a
   * short task. A task that fails does not stop the others; the failure of the first failing
   * task in list order is then rethrown as it was thrown, so which error a caller sees does not
   * depend on timing.
   */
  public void runConcurrently(List<Runnable> tasks) {
    int n = tasks.size();
    Throwable[] failures = new Throwable[n];
    AtomicInteger next = new AtomicInteger();
    Runnable drain = () -> {
      for (int i = next.getAndIncrement(); i < n; i = next.getAndIncrement()) {
        try {
          tasks.get(i).run();
        } catch (RuntimeException | Error e) {
          failures[i] = e;
        }
      }
    };
    int helpers = pool == null ? 0 : Math.min(parallelism - 1, n - 1);
    List<ForkJoinTask<?>> forks = new ArrayList<>(helpers);
    for (int h = 0; h < helpers; h++) {
      forks.add(ForkJoinTask.adapt(drain));
    }
    boolean worker = ForkJoinTask.getPool() == pool;
    for (ForkJoinTask<?> f : forks) {
      if (worker) {
        f.fork();
      } else {
        pool.execute(f);
      }
    }
    drain.run();
    for (ForkJoinTask<?> f : forks) {
      f.join();
    }
    for (Throwable t : failures) {
      if (t instanceof RuntimeException r) {
        throw r;
      }
      if (t instanceof Error e) {
        throw e;
      }
    }
  }

  private <T extends ForkJoinTask<?>> void invokeAll(List<T> tasks) {
    if (ForkJoinTask.getPool() == pool) {
      // nested call from one of our workers: fork/join with work stealing (never blocks a worker)
      ForkJoinTask.invokeAll(tasks);
      return;
    }
    // external caller: hand every task to the workers and wait, so that exactly `parallelism`
    // threads compute; join rethrows a task's exception
    for (T t : tasks) {
      pool.execute(t);
    }
    for (T t : tasks) {
      t.join();
    }
  }

  @Override
  public void close() {
    if (pool != null) {
      pool.shutdown();
    }
  }
}
