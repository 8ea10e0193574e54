package org.planlab.engine.runtime;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.Callable;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.planlab.engine.backend.Backend;
import org.planlab.engine.data.CountedHandle;
import org.planlab.engine.data.MatrixData;
import org.planlab.engine.ir.ExecType;
import org.planlab.engine.matrix.MatrixBlock;

/**
 * MEMPHIS's prefetch operator (sec. 5.1) for one run: a transfer of a remote result to the
 * driver — a Spark action collecting a distributed matrix, a device-to-host copy — starts on
 * a thread of the engine's prefetch pool and returns a {@link PrefetchedMatrix} at once; the
 * first driver operation that reads its cells waits for it, so remote jobs overlap with the
 * driver's work. At the end of the run every prefetch has ended: {@link #close} waits for
 * those still running, cancelling them first when the run failed, so no task outlives its run.
 */
public final class Prefetcher implements AutoCloseable {
  /** How long {@link #close} waits for prefetches still running. */
  private static final long CLOSE_TIMEOUT_SECONDS = 600;

  private final ExecutorService threads;
  private final List<Task> started = new ArrayList<>();

  public Prefetcher(ExecutorService threads) {
    this.threads = Objects.requireNonNull(threads, "threads is null");
  }

  /**
   * Starts moving {@code remote} to the driver; the returned matrix waits for it when read.
   * The remote handle stays referenced until the move ends (a device matrix is not recycled
   * under it).
   */
  public MatrixData prefetch(MatrixData remote, String opcode, ExecutionContext ctx) {
    CountedHandle.retainAny(remote);
    try {
      return submit(() -> {
        try {
          return ctx.mover().move(remote, ExecType.CP, ctx).acquireLocal();
        } finally {
          CountedHandle.dropAny(remote);
        }
      }, remote.rows(), remote.cols(), "prefetch " + opcode, remote.location(), ctx);
    } catch (RuntimeException e) {
      CountedHandle.dropAny(remote); // not started: the engine is closing
      throw e;
    }
  }

  /**
   * Starts {@code work}, whose result is a driver matrix of {@code rows x cols} (-1: known when
   * it arrives), as a span {@code name} on {@code where} of the timeline; the returned matrix
   * waits for it when read.
   */
  public MatrixData submit(Callable<MatrixBlock> work, long rows, long cols, String name,
      String where, ExecutionContext ctx) {
    return new PrefetchedMatrix(rows, cols, start(work, name, where, ctx));
  }

  /**
   * MEMPHIS sec. 5.1's broadcast operator: starts {@code backend}'s broadcast of the local
   * result of a local chain, which the backend's operations read later, so that partitioning
   * and registering it overlap the driver's work. A broadcast made ahead is only a head start:
   * when it fails, the operation that reads the matrix broadcasts it again and reports its own
   * failure, so this one's is dropped.
   */
  public void broadcast(MatrixBlock local, Backend backend, ExecutionContext ctx) {
    start(() -> {
      backend.prepareBroadcast(local, ctx);
      return null;
    }, "broadcast", backend.name(), ctx);
  }

  /**
   * Starts {@code work} on a prefetch thread as a span {@code name} on {@code where} of the
   * timeline, tracked until the run's {@link #close}.
   */
  private <T> Future<T> start(Callable<T> work, String name, String where,
      ExecutionContext ctx) {
    Task task = new Task();
    Future<T> f = threads.submit(() -> {
      if (!task.claimed.compareAndSet(false, true)) {
        throw new CancellationException("the run gave the prefetch up before it started");
      }
      long start = System.nanoTime();
      try {
        return work.call();
      } finally {
        if (ctx.config().timeline()) {
          ctx.statistics().recordSpan(name, where, start, System.nanoTime());
        }
        task.ended.countDown();
      }
    });
    task.future = f;
    synchronized (started) {
      started.add(task);
    }
    return f;
  }

  /**
   * Cancels every prefetch of the run (the run failed): one not yet started never runs, one
   * running is interrupted; then waits until the running ones have ended.
   */
  public void cancel() {
    synchronized (started) {
      for (Task t : started) {
        if (t.claimed.compareAndSet(false, true)) {
          t.ended.countDown();
          t.future.cancel(false);
        } else {
          t.future.cancel(true);
        }
      }
    }
    close();
  }

  /**
   * Waits until every prefetch of the run has ended (their failures are their readers'). A
   * cancelled future reports at once, while its thread may still run: the wait is for the
   * task's own end.
   */
  @Override
  public void close() {
    List<Task> all;
    synchronized (started) {
      all = new ArrayList<>(started);
      started.clear();
    }
    for (Task t : all) {
      try {
        if (!t.ended.await(CLOSE_TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
          t.future.cancel(true);
        }
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return;
      }
    }
  }

  /** A started prefetch: its future, and whether it has begun and ended. */
  private static final class Task {
    /** Set by whichever comes first: the task starting, or the run giving it up. */
    final AtomicBoolean claimed = new AtomicBoolean();
    final CountDownLatch ended = new CountDownLatch(1);
    volatile Future<?> future;
  }

  /** A driver matrix whose cells arrive with a prefetch. */
  static final class PrefetchedMatrix implements MatrixData {
    private final long rows;
    private final long cols;
    private final Future<MatrixBlock> value;

    PrefetchedMatrix(long rows, long cols, Future<MatrixBlock> value) {
      this.rows = rows;
      this.cols = cols;
      this.value = value;
    }

    /** The rows; when the plan did not know them, they are known once the value arrives. */
    @Override
    public long rows() {
      return rows >= 0 ? rows : acquireLocal().rows();
    }

    @Override
    public long cols() {
      return cols >= 0 ? cols : acquireLocal().cols();
    }

    /** Non-zeros are known once the value arrives: -1 until then. */
    @Override
    public long nnz() {
      return value.isDone() ? acquireLocal().nnz() : -1;
    }

    @Override
    public String location() {
      return LOCAL;
    }

    /** Waits for the prefetch; its failure is this read's failure. */
    @Override
    public MatrixBlock acquireLocal() {
      try {
        return value.get();
      } catch (ExecutionException e) {
        Throwable c = e.getCause();
        if (c instanceof RuntimeException r) {
          throw r;
        }
        if (c instanceof Error err) {
          throw err;
        }
        throw new IllegalStateException("prefetch failed: " + c, c);
      } catch (CancellationException e) {
        throw new IllegalStateException("the prefetch of a " + rows + "x" + cols + " matrix "
            + "was cancelled", e);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new IllegalStateException("interrupted waiting for a prefetch", e);
      }
    }

    @Override
    public String toString() {
      return "prefetched matrix " + rows + "x" + cols;
    }
  }
}
